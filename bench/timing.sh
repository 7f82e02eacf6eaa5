# bench/timing.sh - shared by the compile-time benchmarks (source it).
# Needs $opt (gspmd-opt) and $tmp (a scratch directory).

# median_time PIPELINE PASS FILE -> median seconds of PASS (the name
# --mlir-timing prints) over 5 runs of PIPELINE on FILE.
median_time() {
  for _ in 1 2 3 4 5; do
    "$opt" --pass-pipeline="builtin.module($1)" --mlir-timing "$3" \
      -o /dev/null 2>&1 | awk -v pass="$2" '$0 ~ pass {print $1}'
  done | sort -g | sed -n 3p
}

# size_sweep PIPELINE PASS: MLP stacks of 1k, 10k and 100k ops, with the
# fitted exponent between consecutive sizes.
size_sweep() {
  local prev_ops=0 prev_t=0 ops n t
  for ops in 1000 10000 100000; do
    python3 bench/gen_mlp.py "$ops" > "$tmp/p.mlir"
    n=$(grep -c ' = ' "$tmp/p.mlir")
    t=$(median_time "$1" "$2" "$tmp/p.mlir")
    printf "mlp stack                   %7d      %s\n" "$n" "$t"
    if [ "$prev_ops" != 0 ]; then
      python3 -c "import math; print('  exponent vs previous: %.2f' % (math.log($t/$prev_t)/math.log($n/$prev_ops)))"
    fi
    prev_ops=$n prev_t=$t
  done
}
