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
. bench/timing.sh "$@"
pass_time() { median_time gspmd-complete,gspmd-partition GSPMDPartition "$1"; }

echo "program                         ops      gspmd-partition (s, median of 5)"
for devices in 2 65536; do
  python3 bench/gen.py mlp 2000 --elementwise arith --devices "$devices" --hidden 65536 \
    > "$tmp/d$devices.mlir"
  printf "2k ops on %5d devices     %7d      %s\n" "$devices" \
    "$(sed -n '1s/[^0-9]//gp' "$tmp/d$devices.mlir")" "$(pass_time "$tmp/d$devices.mlir")"
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
size_sweep gspmd-complete,gspmd-partition GSPMDPartition
