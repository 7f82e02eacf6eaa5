#!/usr/bin/env bash
# Compile time of gspmd-complete against program size and device count.
#   bench/complete-scaling.sh [build-dir]
# Prints, per program, the median over 5 runs of the pass's wall time as
# reported by --mlir-timing, and the fitted exponent between sizes.
set -euo pipefail
build=${1:-build}
opt="$build/bin/gspmd-opt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

pass_time() { # file -> median seconds of GSPMDComplete over 5 runs
  for _ in 1 2 3 4 5; do
    "$opt" --pass-pipeline='builtin.module(gspmd-complete)' --mlir-timing \
      "$1" -o /dev/null 2>&1 | awk '/GSPMDComplete/ {print $1}'
  done | sort -g | sed -n 3p
}

echo "program                         ops      gspmd-complete (s, median of 5)"
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
python3 bench/gen_mlp.py 100000 --shared-bias > "$tmp/s.mlir"
printf "mlp stack, one shared bias  %7d      %s\n" "$(grep -c ' = ' "$tmp/s.mlir")" "$(pass_time "$tmp/s.mlir")"
for devices in 2 65536; do
  python3 bench/gen_mlp.py 2000 --devices "$devices" > "$tmp/d.mlir"
  printf "2k ops on %5d devices     %7d      %s\n" "$devices" "$(grep -c ' = ' "$tmp/d.mlir")" "$(pass_time "$tmp/d.mlir")"
done
