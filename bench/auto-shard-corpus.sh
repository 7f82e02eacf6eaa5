#!/bin/bash
# gspmd-auto-shard on the real-model corpus (test/Models) against the
# hand-written plans. Per program: the hand-written plan partitioned
# (gspmd-spmd) gives the bytes each device sends (gspmd-comm-report) and
# its memory per device in two measures: the pass's own model (LiveBytes,
# what a budget bounds: the hand plan's peak as the pass counts it) and
# gspmd-simulate{machine=host}'s (arguments, constants and every buffer
# until its last reader). Its annotations are stripped (the mesh kept), the
# private functions inlined, and gspmd-auto-shard{budget=the model's peak}
# chooses a plan, partitioned and measured the same way (a training step's
# weights donated: bench/donate.py). When no plan fits
# that budget, the pass names the smallest budget it can meet, and that
# one is used (column "budget"). XLA-Shardy's bytes for the hand-written
# plan come from bench/RESULTS.md's "Real models" table where it has them.
# RUN=1 in the environment also runs each auto-sharded program under
# `mpirun -n N gspmd-run --check` and `gspmd-xla-run --check`.
# TIME_LIMIT=S in the environment passes time-limit=S to the pass (its
# default: 60 s).
#   bench/auto-shard-corpus.sh [BUILD] FILE...
set -u
BUILD=${1:-build}
shift || true
OPT=$BUILD/bin/gspmd-opt
HERE=$(dirname "$0")
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
strip() {
  sed -E 's/ \{gspmd\.sharding = #gspmd\.[a-z_]+(<[^>]*>)?\}//g;
          s/gspmd\.sharding = (\[[^]]*\]|#gspmd\.[a-z_]+(<[^>]*>)?)(, )?//g'
}
sent() { grep -oE '^total: .*sent [0-9]+ B' "$1" | grep -oE 'sent [0-9]+' | grep -oE '[0-9]+'; }
# gspmd-simulate prints 6 significant digits (2.73698e+06 above 1e6 B).
memory() { grep -oE 'total [0-9.e+]+ B' "$1" | head -1 | awk '{ printf "%.0f\n", $2 }'; }
shardy() { # program name: XLA-Shardy B/device from RESULTS.md, or -
  local b
  b=$(awk -F'|' -v p="$1" '/^## Real models/ { on = 1 }
        on && $2 ~ "^ *"p" *$" && NF > 8 { gsub(/ /, "", $8);
        if ($8 ~ /^[0-9]+$/) { print $8; exit } }' "$HERE/RESULTS.md")
  echo "${b:--}"
}
echo "| program | hand B/device | XLA-Shardy B/device | hand memory: model / simulated (B) | budget (B) | auto B/device | auto predicted | auto memory: model / simulated (B) | solve (s) | proven | run |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |"
for f in "$@"; do
  name=$(basename "$f" .mlir)
  n=${name##*-}
  $OPT --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' "$f" -o /dev/null > "$TMP/hand.out" 2>&1
  $OPT --pass-pipeline='builtin.module(gspmd-spmd,gspmd-simulate{machine=host})' "$f" -o /dev/null > "$TMP/hand.sim" 2>&1
  hmem=$(memory "$TMP/hand.sim")
  # The hand plan's peak in the pass's own memory model (LiveBytes, the
  # budget's): the pass run on the completed hand-written plan, whose
  # annotations it keeps.
  $OPT --pass-pipeline='builtin.module(inline,gspmd-complete,gspmd-auto-shard)' "$f" \
    -o /dev/null 2> "$TMP/hand.model"
  hmodel=$(grep -m1 -oE 'peak [0-9]+ B' "$TMP/hand.model" | grep -oE '[0-9]+')
  strip < "$f" > "$TMP/stripped.mlir"
  # Calls are modelled as replicated ops while the partitioner partitions
  # inside them: inline the private functions first (docs/auto-shard.md).
  $OPT --pass-pipeline="builtin.module(inline)" "$TMP/stripped.mlir" -o "$TMP/bare.mlir"
  # A training step's new weights are the next step's weights: donated, as
  # jax.jit(donate_argnums=0) marks them, they keep the old ones' sharding
  # (the hand plan's results are annotated so).
  case $name in *-train-*)
    python3 "$HERE/donate.py" < "$TMP/bare.mlir" > "$TMP/donated.mlir"
    mv "$TMP/donated.mlir" "$TMP/bare.mlir" ;;
  esac
  budget=${hmodel:-$hmem}
  timeout 240 $OPT --pass-pipeline="builtin.module(gspmd-auto-shard{budget=$budget${TIME_LIMIT:+ time-limit=$TIME_LIMIT}})" "$TMP/bare.mlir" \
    -o "$TMP/auto.mlir" 2> "$TMP/auto.err"
  if grep -q 'smallest budget that can be met' "$TMP/auto.err"; then
    budget=$(grep -oE 'met is [0-9]+' "$TMP/auto.err" | grep -oE '[0-9]+')
    timeout 240 $OPT --pass-pipeline="builtin.module(gspmd-auto-shard{budget=$budget${TIME_LIMIT:+ time-limit=$TIME_LIMIT}})" "$TMP/bare.mlir" \
      -o "$TMP/auto.mlir" 2> "$TMP/auto.err"
    budget="$budget (raised)"
  fi
  cert=$(grep -m1 'predicted' "$TMP/auto.err")
  if [ -z "$cert" ]; then
    echo "| $name | $(sent "$TMP/hand.out") | $(shardy "$name") | ${hmodel:--} / $hmem | $budget | refused: $(grep -m1 -oE 'error: .*' "$TMP/auto.err" | cut -c1-120) |  |  |  |  |  |"
    continue
  fi
  $OPT --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' "$TMP/auto.mlir" -o /dev/null > "$TMP/auto.out" 2>&1
  $OPT --pass-pipeline='builtin.module(gspmd-spmd,gspmd-simulate{machine=host})' "$TMP/auto.mlir" -o /dev/null > "$TMP/auto.sim" 2>&1
  proven=no
  grep -q 'proven optimal' <<< "$cert" && ! grep -q 'not proven optimal' <<< "$cert" && proven=yes
  run=-
  if [ "${RUN:-0}" = 1 ]; then
    m=$(timeout 600 mpirun -n "$n" "$BUILD/bin/gspmd-run" "$TMP/auto.mlir" --check 2>&1 | grep -oE 'check: [0-9]+ of [0-9]+ results? .*' | head -1)
    x=$(timeout 600 "$BUILD/bin/gspmd-xla-run" "$TMP/auto.mlir" --check 2>&1 | grep -oE 'check: [0-9]+ of [0-9]+ results? .*' | head -1)
    run="mpirun: ${m:-none}; xla: ${x:-none}"
  fi
  echo "| $name | $(sent "$TMP/hand.out") | $(shardy "$name") | ${hmodel:--} / $hmem | $budget | $(sent "$TMP/auto.out") | $(grep -oE 'predicted [0-9]+' <<< "$cert" | grep -oE '[0-9]+') | $(grep -oE 'peak [0-9]+' <<< "$cert" | grep -oE '[0-9]+') / $(memory "$TMP/auto.sim") | $(grep -oE 'solved in [0-9.]+' <<< "$cert" | grep -oE '[0-9.]+$') | $proven | $run |"
done
