#!/bin/bash
# Solve time of gspmd-auto-shard against program size and mesh size, nothing
# annotated, budget 1.5x the smallest one that can be met (found by asking
# for 1 B; SLACK below).
#   bench/auto-shard-solve.sh [BUILD] [PROGRAM] [L ...]
#   MESH=4x4 bench/auto-shard-solve.sh [BUILD] [PROGRAM] [L ...]
# PROGRAM: mlp (default; 64x128 activations, 128x512 and 512x128 weights,
# f32, mesh ["data"=2, "model"=4]), or bench/gen.py's mlp-megatron or
# transformer at 8 devices with their annotations stripped (the mesh kept).
# MESH in the environment sets the mesh. AxB: for mlp ["data"=A,
# "model"=B]; N: for mlp the 1-D mesh ["d"=N]. With MESH set the mlp is
# 256x256 activations, 256x1024 and 1024x256 weights at every mesh (every
# dim divides by 256, so every axis, and both axes on one dim, split it
# evenly up to 256 devices: only the mesh varies); MLP=BxDxH sets the mlp's
# batch, width and hidden width (MESH=2x4 MLP=64x128x512 is the default
# run). gen.py's programs take a device count only: they get A*B (or N)
# devices and make their own mesh, ["data"=2, "model"=A*B/2], at their own
# sizes (transformer: 4x16x64 activations, 8 heads, 256 hidden), which split
# unevenly on large meshes.
# SLACK=3 (or any fraction, e.g. 5/4) sets the budget to that times the
# smallest one (default 3/2). REPEAT=false in the environment solves every
# layer apart (repeat=false).
# Prints the mesh, then per L: the devices, the predicted bytes, whether the
# bytes are proven optimal, the strategies and columns of the integer
# program, the solve time the certificate reports, the pass's user CPU and
# wall time (the machine is shared: CPU is the steadier figure), how the
# repeated layers were used, and the comm report's total after gspmd-spmd
# (which must equal the prediction).
set -u
BUILD=${1:-build}
shift || true
PROGRAM=mlp
if [ $# -gt 0 ] && ! [[ $1 =~ ^[0-9]+$ ]]; then PROGRAM=$1; shift; fi
LAYERS=${*:-1 2 4 8 16 24}
REPEAT=${REPEAT:-true}
SLACK=${SLACK:-3/2}
MESH=${MESH:-}
AXES='"data"=2, "model"=4' DEVICES=8 B=64 D=128 H=512
if [ -n "$MESH" ]; then
  B=256 D=256 H=1024
  if [[ $MESH =~ ^([0-9]+)x([0-9]+)$ ]]; then
    AXES="\"data\"=${BASH_REMATCH[1]}, \"model\"=${BASH_REMATCH[2]}"
    DEVICES=$((BASH_REMATCH[1] * BASH_REMATCH[2]))
  elif [[ $MESH =~ ^[0-9]+$ ]]; then AXES="\"d\"=$MESH" DEVICES=$MESH
  else echo "MESH=$MESH: want AxB or N" >&2; exit 1; fi
fi
if [ -n "${MLP:-}" ]; then
  [[ $MLP =~ ^([0-9]+)x([0-9]+)x([0-9]+)$ ]] || { echo "MLP=$MLP: want BxDxH" >&2; exit 1; }
  B=${BASH_REMATCH[1]} D=${BASH_REMATCH[2]} H=${BASH_REMATCH[3]}
fi
OPT=$BUILD/bin/gspmd-opt
HERE=$(dirname "$0")
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
mlp() { # L
  local L=$1 args="" cur="%x"
  for ((i = 0; i < L; ++i)); do
    args+=", %w$((2 * i)): tensor<${D}x${H}xf32>, %w$((2 * i + 1)): tensor<${H}x${D}xf32>"
  done
  echo "gspmd.mesh @mesh [$AXES]"
  echo "func.func @mlp(%x: tensor<${B}x${D}xf32>$args) -> tensor<${B}x${D}xf32> {"
  echo '  %zero = arith.constant 0.0 : f32'
  for ((i = 0; i < L; ++i)); do
    cat <<MLIR
  %e${i}a = tensor.empty() : tensor<${B}x${H}xf32>
  %a${i}a = linalg.fill ins(%zero : f32) outs(%e${i}a : tensor<${B}x${H}xf32>) -> tensor<${B}x${H}xf32>
  %h$i = linalg.matmul ins($cur, %w$((2 * i)) : tensor<${B}x${D}xf32>, tensor<${D}x${H}xf32>) outs(%a${i}a : tensor<${B}x${H}xf32>) -> tensor<${B}x${H}xf32>
  %z$i = arith.constant dense<0.0> : tensor<${B}x${H}xf32>
  %r$i = arith.maximumf %h$i, %z$i : tensor<${B}x${H}xf32>
  %e${i}b = tensor.empty() : tensor<${B}x${D}xf32>
  %a${i}b = linalg.fill ins(%zero : f32) outs(%e${i}b : tensor<${B}x${D}xf32>) -> tensor<${B}x${D}xf32>
  %y$i = linalg.matmul ins(%r$i, %w$((2 * i + 1)) : tensor<${B}x${H}xf32>, tensor<${H}x${D}xf32>) outs(%a${i}b : tensor<${B}x${D}xf32>) -> tensor<${B}x${D}xf32>
MLIR
    cur="%y$i"
  done
  echo "  return $cur : tensor<${B}x${D}xf32>"
  echo '}'
}
strip() { sed -E 's/ \{gspmd\.sharding = #gspmd\.[a-z_]+(<[^>]*>)?\}//g'; }
gen() { # L
  case $PROGRAM in
    mlp) mlp "$1" ;;
    mlp-megatron) python3 "$HERE/gen.py" mlp-megatron $((8 * $1)) --devices $DEVICES | strip ;;
    transformer) python3 "$HERE/gen.py" transformer $((140 * ($1 - 1) + 3)) --devices $DEVICES | strip ;;
    *) echo "unknown program $PROGRAM" >&2; exit 1 ;;
  esac
}
first=true
for L in $LAYERS; do
  gen "$L" > "$TMP/m$L.mlir"
  if $first; then
    echo "# $(grep -m1 -oE 'gspmd.mesh @mesh \[.*\]' "$TMP/m$L.mlir" | sed 's/gspmd.mesh @mesh //')"
    printf '%-3s %-5s %-9s %-10s %-6s %-6s %-8s %-8s %-7s %-7s %-8s %s\n' L dev budget \
      predicted proven strat columns solve_s cpu_s wall_s layers report
    first=false
  fi
  min=$($OPT --pass-pipeline='builtin.module(gspmd-auto-shard{budget=1})' \
          "$TMP/m$L.mlir" -o /dev/null 2>&1 | grep -oE 'met is [0-9]+' | grep -oE '[0-9]+')
  budget=$((min * $SLACK))
  /usr/bin/time -f '%U %S %e' -o "$TMP/time" $OPT \
    --pass-pipeline="builtin.module(gspmd-auto-shard{budget=$budget repeat=$REPEAT})" \
    "$TMP/m$L.mlir" -o "$TMP/a$L.mlir" 2> "$TMP/err"
  $OPT --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' "$TMP/a$L.mlir" \
    -o /dev/null > "$TMP/out" 2>&1
  cert=$(grep -m1 'predicted' "$TMP/err")
  read -r user sys wall < "$TMP/time"
  if grep -q 'tied, solved as one' <<< "$cert"; then
    if grep -q 'no plan of the whole program sends fewer' <<< "$cert"; then how=tied
    elif grep -q 'whole program was solved' <<< "$cert"; then how=whole
    else how=tied?; fi
    grep -q "LP solution, rounded" <<< "$cert" && how=rounded
  else how=-; fi
  printf '%-3s %-5s %-9s %-10s %-6s %-6s %-8s %-8s %-7.2f %-7.2f %-8s %s\n' "$L" "$DEVICES" "$budget" \
    "$(grep -oE 'predicted [0-9]+' <<< "$cert" | grep -oE '[0-9]+')" \
    "$(grep -qE 'proven optimal' <<< "$cert" && ! grep -q 'not proven optimal' <<< "$cert" && echo yes || echo no)" \
    "$(grep -oE '[0-9]+ strategies' <<< "$cert" | grep -oE '[0-9]+')" \
    "$(grep -oE '[0-9]+ columns' <<< "$cert" | grep -oE '[0-9]+')" \
    "$(grep -oE 'solved in [0-9.]+' <<< "$cert" | grep -oE '[0-9.]+$')" \
    "$(echo "$user + $sys" | bc)" "$wall" "$how" \
    "$(grep -oE '^total: .*sent [0-9]+ B' "$TMP/out" | grep -oE 'sent [0-9]+' | grep -oE '[0-9]+')"
done
