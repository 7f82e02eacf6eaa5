# bench/timing.sh - shared by the benchmarks: `. bench/timing.sh "$@"`.
# Sets build (the build directory, $1 or build), opt (its gspmd-opt) and tmp
# (a scratch directory removed on exit).
build=${1:-build}
opt="$build/bin/gspmd-opt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# pass_medians TOOL PIPELINE FILE PASS... -> one line: for each PASS (the
# name --mlir-timing prints), the median wall time in seconds over REPEATS
# (default 5) runs of TOOL on FILE with PIPELINE (single-threaded); "FAIL"
# for every pass when TOOL exits non-zero or runs longer than TIMEOUT seconds
# (default 600; its first error line is left in $tmp/fail.txt).
pass_medians() {
  local tool=$1 pipeline=$2 file=$3 i p
  shift 3
  : > "$tmp/times.txt"
  for ((i = 0; i < ${REPEATS:-5}; i++)); do
    local status=0
    timeout "${TIMEOUT:-600}" "$tool" --mlir-disable-threading --pass-pipeline="$pipeline" \
      --mlir-timing "$file" -o /dev/null > "$tmp/run.txt" 2>&1 || status=$?
    if [ "$status" != 0 ]; then
      if [ "$status" = 124 ]; then
        echo "timed out after ${TIMEOUT:-600} s (TIMEOUT)"
      else
        grep -m1 -E 'error|Assertion|Segmentation|Aborted' "$tmp/run.txt" ||
          echo "exit non-zero, no diagnostic"
      fi | cut -c1-300 > "$tmp/fail.txt"
      for p in "$@"; do printf 'FAIL '; done
      echo
      return 0
    fi
    for p in "$@"; do
      awk -v pass="$p" '$NF == pass {print pass, $1; exit}' "$tmp/run.txt"
    done >> "$tmp/times.txt"
  done
  for p in "$@"; do
    awk -v pass="$p" '$1 == pass {print $2}' "$tmp/times.txt" | sort -g |
      sed -n "$(((${REPEATS:-5} + 1) / 2))p" | tr '\n' ' '
  done
  echo
}

# peak_mb TOOL PIPELINE FILE -> the peak resident memory (MB) of one run of
# TOOL on FILE with PIPELINE (single-threaded), "FAIL" when it exits
# non-zero or runs longer than TIMEOUT seconds.
peak_mb() {
  python3 - "$@" <<'EOF'
import os, resource, subprocess, sys
tool, pipeline, path = sys.argv[1:]
try:
    run = subprocess.run(["timeout", os.environ.get("TIMEOUT", "600"), tool,
                          "--mlir-disable-threading", "--pass-pipeline=" + pipeline,
                          path, "-o", "/dev/null"], capture_output=True)
    failed = run.returncode != 0
except OSError:
    failed = True
kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print("FAIL" if failed else "%.0f" % (kb / 1024))
EOF
}

# median_time PIPELINE PASS FILE -> median seconds of our PASS over 5 runs
# of builtin.module(PIPELINE) on FILE.
median_time() {
  pass_medians "$opt" "builtin.module($1)" "$3" "$2"
}

# size_sweep PIPELINE PASS: MLP stacks of 1k, 10k and 100k ops, with the
# fitted exponent between consecutive sizes.
size_sweep() {
  local prev_ops=0 prev_t=0 ops n t
  for ops in 1000 10000 100000; do
    python3 bench/gen.py mlp "$ops" --elementwise arith > "$tmp/p.mlir"
    n=$(sed -n '1s/[^0-9]//gp' "$tmp/p.mlir")
    t=$(median_time "$1" "$2" "$tmp/p.mlir")
    printf "mlp stack                   %7d      %s\n" "$n" "$t"
    if [ "$prev_ops" != 0 ]; then
      python3 -c "import math; print('  exponent vs previous: %.2f' % (math.log($t/$prev_t)/math.log($n/$prev_ops)))"
    fi
    prev_ops=$n prev_t=$t
  done
}
