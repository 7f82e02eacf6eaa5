#!/bin/bash
# Solve time of gspmd-auto-shard against program size, nothing annotated,
# budget 1.5x the smallest one that can be met (found by asking for 1 B).
#   bench/auto-shard-solve.sh [BUILD] [PROGRAM] [L ...]
# PROGRAM: mlp (default; 64x128 activations, 128x512 and 512x128 weights,
# f32, mesh ["data"=2, "model"=4]), or bench/gen.py's mlp-megatron or
# transformer at 8 devices with their annotations stripped (the mesh kept).
# REPEAT=false in the environment solves every layer apart (repeat=false).
# Prints per L: the predicted bytes, whether the bytes are proven optimal,
# the columns of the integer program, the solve time the certificate
# reports, the pass's user CPU and wall time (the machine is shared: CPU is
# the steadier figure), how the repeated layers were used, and the comm
# report's total after gspmd-spmd (which must equal the prediction).
set -u
BUILD=${1:-build}
shift || true
PROGRAM=mlp
if [ $# -gt 0 ] && ! [[ $1 =~ ^[0-9]+$ ]]; then PROGRAM=$1; shift; fi
LAYERS=${*:-1 2 4 8 16 24}
REPEAT=${REPEAT:-true}
OPT=$BUILD/bin/gspmd-opt
HERE=$(dirname "$0")
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
mlp() { # L
  local L=$1 B=64 D=128 H=512 args="" cur="%x"
  for ((i = 0; i < L; ++i)); do
    args+=", %w$((2 * i)): tensor<${D}x${H}xf32>, %w$((2 * i + 1)): tensor<${H}x${D}xf32>"
  done
  echo 'gspmd.mesh @mesh ["data"=2, "model"=4]'
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
    mlp-megatron) python3 "$HERE/gen.py" mlp-megatron $((8 * $1)) --devices 8 | strip ;;
    transformer) python3 "$HERE/gen.py" transformer $((140 * ($1 - 1) + 3)) --devices 8 | strip ;;
    *) echo "unknown program $PROGRAM" >&2; exit 1 ;;
  esac
}
printf '%-3s %-9s %-10s %-6s %-8s %-8s %-7s %-7s %-8s %s\n' L budget predicted proven columns solve_s cpu_s wall_s layers report
for L in $LAYERS; do
  gen "$L" > "$TMP/m$L.mlir"
  min=$($OPT --pass-pipeline='builtin.module(gspmd-auto-shard{budget=1})' \
          "$TMP/m$L.mlir" -o /dev/null 2>&1 | grep -oE 'met is [0-9]+' | grep -oE '[0-9]+')
  budget=$((min * 3 / 2))
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
  printf '%-3s %-9s %-10s %-6s %-8s %-8s %-7.2f %-7.2f %-8s %s\n' "$L" "$budget" \
    "$(grep -oE 'predicted [0-9]+' <<< "$cert" | grep -oE '[0-9]+')" \
    "$(grep -qE 'proven optimal' <<< "$cert" && ! grep -q 'not proven optimal' <<< "$cert" && echo yes || echo no)" \
    "$(grep -oE '[0-9]+ columns' <<< "$cert" | grep -oE '[0-9]+')" \
    "$(grep -oE 'solved in [0-9.]+' <<< "$cert" | grep -oE '[0-9.]+$')" \
    "$(echo "$user + $sys" | bc)" "$wall" "$how" \
    "$(grep -oE '^total: .*sent [0-9]+ B' "$TMP/out" | grep -oE 'sent [0-9]+' | grep -oE '[0-9]+')"
done
