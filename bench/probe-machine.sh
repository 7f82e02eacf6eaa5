#!/usr/bin/env bash
# Measures this machine for gspmd-simulate (bench/probe-machine.c says what
# and how; then, through gspmd-run, bench/probe-calls.py the cost of a
# collective call and bench/probe-ops.py that of costly vector ops) and
# writes a machine file:
#   bench/probe-machine.sh [OUT]     (default: build/host.machine)
# BUILD (default: build) holds the gspmd-opt and gspmd-run the call probe
# runs; without them the file has no collective.call keys.
# then: gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd,
#         gspmd-simulate{machine=build/host.machine})' prog.mlir
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${1:-$ROOT/build/host.machine}
BIN=$(mktemp -d)
trap 'rm -rf "$BIN"' EXIT
CC=${CC:-/usr/lib/llvm-22/bin/clang}
# MPICH reads MPICH_CC, Open MPI OMPI_CC: the probe needs the compiler the
# project builds with (gcc -O2 does not vectorize the triads).
# -march=native -ffp-contract=off: vector code as gspmd-run's JIT makes it
# (for the host CPU, multiplies and adds apart).
MPICH_CC=$CC OMPI_CC=$CC mpicc -O2 -march=native -ffp-contract=off \
  -std=gnu11 -Wall -Wextra \
  -Werror "$ROOT/bench/probe-machine.c" -o "$BIN/probe-machine" -lopenblas
BUILD=${BUILD:-$ROOT/build}
OPENBLAS_NUM_THREADS=1 mpirun -n 2 "$BIN/probe-machine" > "$OUT"
if [ -x "$BUILD/bin/gspmd-run" ] && [ -x "$BUILD/bin/gspmd-opt" ]; then
  # Predicted on the file so far (no call cost): the excess is the calls'.
  python3 "$ROOT/bench/probe-calls.py" "$BUILD" "$OUT" > "$BIN/calls"
  cat "$BIN/calls" >> "$OUT"
  # What exp, log, tanh, sqrt, rsqrt and division cost an element.
  python3 "$ROOT/bench/probe-ops.py" "$BUILD" "$OUT" > "$BIN/ops"
  cat "$BIN/ops" >> "$OUT"
else
  echo "probe-machine: no $BUILD/bin/gspmd-run: no collective.call" >&2
fi
cat "$OUT"
echo "probe-machine: wrote $OUT" >&2
