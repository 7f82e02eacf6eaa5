#!/bin/bash
# Solve time of gspmd-auto-shard against program size: an L-layer MLP
# (64x128 activations, 128x512 and 512x128 weights, f32) on a 2x4 mesh
# ("data"=2, "model"=4), nothing annotated, budget 1.5x the smallest one
# that can be met (found by asking for 1 B). Prints per L: the predicted
# bytes, whether CBC proved the optimum, the columns of the integer program,
# the solve time the certificate reports, and the comm report's total after
# gspmd-spmd (which must equal the prediction).
#   bench/auto-shard-solve.sh [BUILD] [L ...]
set -u
BUILD=${1:-build}
shift || true
LAYERS=${*:-1 2 4 8 16 24}
OPT=$BUILD/bin/gspmd-opt
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
gen() { # L
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
printf '%-3s %-9s %-12s %-8s %-8s %-9s %-9s %s\n' L budget predicted proven columns solve_s wall_s report
for L in $LAYERS; do
  gen "$L" > "$TMP/m$L.mlir"
  min=$($OPT --pass-pipeline='builtin.module(gspmd-auto-shard{budget=1})' \
          "$TMP/m$L.mlir" -o /dev/null 2>&1 | grep -oE 'met is [0-9]+' | grep -oE '[0-9]+')
  budget=$((min * 3 / 2))
  start=$(date +%s.%N)
  $OPT --pass-pipeline="builtin.module(gspmd-auto-shard{budget=$budget},gspmd-spmd,gspmd-comm-report)" \
    "$TMP/m$L.mlir" -o /dev/null > "$TMP/out" 2> "$TMP/err"
  wall=$(echo "$(date +%s.%N) - $start" | bc)
  cert=$(grep -m1 'predicted' "$TMP/err")
  printf '%-3s %-9s %-12s %-8s %-8s %-9s %-9.2f %s\n' "$L" "$budget" \
    "$(grep -oE 'predicted [0-9]+' <<< "$cert" | grep -oE '[0-9]+')" \
    "$(grep -q 'proven optimal' <<< "$cert" && ! grep -q 'not proven' <<< "$cert" && echo yes || echo no)" \
    "$(grep -oE '[0-9]+ columns' <<< "$cert" | grep -oE '[0-9]+')" \
    "$(grep -oE 'solved in [0-9.]+' <<< "$cert" | grep -oE '[0-9.]+$')" "$wall" \
    "$(grep -oE '^total: .*sent [0-9]+ B' "$TMP/out" | grep -oE 'sent [0-9]+' | grep -oE '[0-9]+')"
done
