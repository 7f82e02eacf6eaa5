#!/usr/bin/env bash
# Compile time of gspmd-partition against device count and program size.
#   bench/partition-scaling.sh [build-dir]
# Completion runs first (partitioning needs every value's sharding); the
# figure is the median over 5 runs of GSPMDPartition's wall time from
# --mlir-timing. Also checks the partitioned IR has the same size for a mesh
# of 2 and of 65,536 devices: the hidden size is 65,536 so that shards are
# even on both meshes; after partitioning (before canonicalize/cse, which
# may merge values whose local shapes happen to coincide on the small mesh)
# the IR differs only in the mesh line, local shapes and index constants.
set -euo pipefail
build=${1:-build}
opt="$build/bin/gspmd-opt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

pass_time() { # file -> median seconds of GSPMDPartition over 5 runs
  for _ in 1 2 3 4 5; do
    "$opt" --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition)' \
      --mlir-timing "$1" -o /dev/null 2>&1 | awk '/GSPMDPartition/ {print $1}'
  done | sort -g | sed -n 3p
}

echo "program                         ops      gspmd-partition (s, median of 5)"
for devices in 2 65536; do
  python3 bench/gen_mlp.py 2000 --devices "$devices" --hidden 65536 \
    > "$tmp/d$devices.mlir"
  printf "2k ops on %5d devices     %7d      %s\n" "$devices" \
    "$(grep -c ' = ' "$tmp/d$devices.mlir")" "$(pass_time "$tmp/d$devices.mlir")"
  "$opt" --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition)' \
    "$tmp/d$devices.mlir" 2>/dev/null | grep -v 'gspmd.mesh' |
    sed -E 's/tensor<[0-9x]+/tensor</g; s/%c[0-9]+/%c/g;
            s/arith.constant [0-9]+ : index/arith.constant N : index/' \
    > "$tmp/ir$devices.txt"
done
if cmp -s "$tmp/ir2.txt" "$tmp/ir65536.txt"; then
  echo "partitioned IR: $(wc -l < "$tmp/ir2.txt") lines for both meshes," \
    "identical but for the mesh, local shapes and index constants"
else
  echo "partitioned IR differs between 2 and 65536 devices:"
  diff "$tmp/ir2.txt" "$tmp/ir65536.txt" | head -20
fi
prev_ops=0 prev_t=0
for ops in 1000 10000 100000; do
  python3 bench/gen_mlp.py "$ops" > "$tmp/p.mlir"
  n=$(grep -c ' = ' "$tmp/p.mlir")
  t=$(pass_time "$tmp/p.mlir")
  printf "mlp stack                   %7d      %s\n" "$n" "$t"
  if [ "$prev_ops" != 0 ]; then
    python3 -c "import math; print('  exponent vs previous: %.2f' % (math.log($t/$prev_t)/math.log($n/$prev_ops)))"
  fi
  prev_ops=$n prev_t=$t
done
