#!/usr/bin/env bash
# Compile time of gspmd-complete against program size and device count.
#   bench/complete-scaling.sh [build-dir]
# Prints, per program, the median over 5 runs of the pass's wall time as
# reported by --mlir-timing, and the fitted exponent between sizes.
set -euo pipefail
. bench/timing.sh "$@"
pass_time() { median_time gspmd-complete GSPMDComplete "$1"; }

echo "program                         ops      gspmd-complete (s, median of 5)"
size_sweep gspmd-complete GSPMDComplete
python3 bench/gen.py mlp 100000 --shared-bias --elementwise arith > "$tmp/s.mlir"
printf "mlp stack, one shared bias  %7d      %s\n" "$(sed -n '1s/[^0-9]//gp' "$tmp/s.mlir")" "$(pass_time "$tmp/s.mlir")"
for devices in 2 65536; do
  python3 bench/gen.py mlp 2000 --elementwise arith --devices "$devices" > "$tmp/d.mlir"
  printf "2k ops on %5d devices     %7d      %s\n" "$devices" "$(sed -n '1s/[^0-9]//gp' "$tmp/d.mlir")" "$(pass_time "$tmp/d.mlir")"
done
