#!/usr/bin/env bash
# The margins of gspmd-run --check's verdict (docs/testing.md): for each
# program and seed, `gspmd-run --check --inject-error=all` prints the ratio
# error / allowance at the worst element of every result as it is (must stay
# below 1: PASS) and of result #0 with each injected error (must exceed 1:
# FAIL). Prints one markdown row per program: the largest clean ratio over
# seeds and results, and the smallest ratio of each injected error (first
# stage); wrong verdicts count the final ones (the f64 confirmation's where
# it ran).
#   bench/check-margins.sh [build-dir] [seeds]     (SEEDS="0 1 2" also works)
set -euo pipefail
build=${1:-build}
seeds=${SEEDS:-$(seq -s ' ' 0 $((${2:-5} - 1)))}
run="$build/bin/gspmd-run"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gen() { python3 bench/gen.py "$@"; }
gen transformer 90 --devices 8 > "$tmp/transformer-2.mlir"
gen transformer 540 --devices 8 > "$tmp/transformer-12.mlir"
gen transformer 200 --devices 4 > "$tmp/transformer-200.mlir"
gen mlp 30 --hidden 512 --devices 4 > "$tmp/mlp-512.mlir"
for q in data megatron 2d fsdp; do gen "$q" --devices 4 > "$tmp/quality-$q.mlir"; done
# f16 versions of the softmax and layernorm tests.
sed 's/f32/f16/g; s/0xFF800000/0xFC00/g' test/E2E/softmax-split-dim.mlir > "$tmp/softmax-f16.mlir"
sed 's/f32/f16/g' test/E2E/layernorm.mlir > "$tmp/layernorm-f16.mlir"

# name ranks file
programs=(
  "contraction-4096 4 test/Check/contraction-4096.mlir"
  "bf16-matmul-softmax 4 test/Check/bf16-matmul.mlir"
  "bf16-accumulated 4 test/Check/Inputs/bf16-accumulated.mlir"
  "softmax-split-dim 8 test/E2E/softmax-split-dim.mlir"
  "layernorm 8 test/E2E/layernorm.mlir"
  "softmax-f16 8 $tmp/softmax-f16.mlir"
  "layernorm-f16 8 $tmp/layernorm-f16.mlir"
  "matmul-uneven-k 8 test/E2E/matmul-uneven-k.mlir"
  "mlp-512 4 $tmp/mlp-512.mlir"
  "quality-data 4 $tmp/quality-data.mlir"
  "quality-megatron 4 $tmp/quality-megatron.mlir"
  "quality-2d 4 $tmp/quality-2d.mlir"
  "quality-fsdp 4 $tmp/quality-fsdp.mlir"
  "transformer-200 4 $tmp/transformer-200.mlir"
  "transformer-2 8 $tmp/transformer-2.mlir"
  "transformer-12 8 $tmp/transformer-12.mlir"
)
echo "| program | ranks | seeds | clean: max ratio | element: min ratio | padding: min ratio | partial: min ratio | wrong verdicts |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for entry in "${programs[@]}"; do
  read -r name ranks file <<< "$entry"
  if [ -n "${ONLY:-}" ] && ! grep -qw "$name" <<< "$ONLY"; then continue; fi
  : > "$tmp/all.txt"
  for s in $seeds; do
    mpirun -n "$ranks" "$run" "$file" --check --inject-error=all --seed "$s" \
      > "$tmp/out.txt" 2>&1 || true
    # Lines before the first injection are the clean verdicts. A result's
    # ratio is its first stage's; its verdict the f64 run's where that line
    # follows (docs/testing.md, The confirmation in f64).
    awk -v seed="$s" '
      function flush() { if (have) print k, r, v, seed; have = 0 }
      /^inject-error: (element|padding|partial):/ { flush(); kind = $2; sub(":", "", kind); next }
      /^result #.* in f64 / { v = $NF; next }
      /^result #/ { flush(); for (i = 1; i <= NF; ++i) if ($i ~ /^ratio=/) { r = substr($i, 7) }
                    v = $0 ~ / PASS$/ ? "PASS" : "FAIL"; k = kind ? kind : "clean"; have = 1 }
      END { flush() }
    ' "$tmp/out.txt" >> "$tmp/all.txt"
  done
  awk -v name="$name" -v ranks="$ranks" -v n="$(wc -w <<< "$seeds")" '
    { r = $2 + 0; k = $1
      if (k == "clean") { if (r > maxc) maxc = r; if ($3 != "PASS") bad++ }
      else { if (!(k in mn) || r < mn[k]) mn[k] = r; if ($3 != "FAIL") bad++ } }
    END { printf "| %s | %d | %d | %.3g | %.3g | %.3g | %.3g | %d |\n", name, ranks, n,
                 maxc, mn["element"], mn["padding"], mn["partial"], bad + 0 }
  ' "$tmp/all.txt"
done
