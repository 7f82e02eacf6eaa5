#!/usr/bin/env bash
# Measures this machine for gspmd-simulate (bench/probe-machine.c says what
# and how) and writes a machine file:
#   bench/probe-machine.sh [OUT]     (default: build/host.machine)
# then: gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd,
#         gspmd-simulate{machine=build/host.machine})' prog.mlir
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${1:-$ROOT/build/host.machine}
BIN=$(mktemp -d)
trap 'rm -rf "$BIN"' EXIT
OMPI_CC=${CC:-/usr/lib/llvm-22/bin/clang} mpicc -O2 -std=gnu11 -Wall -Wextra \
  -Werror "$ROOT/bench/probe-machine.c" -o "$BIN/probe-machine" -lopenblas
OPENBLAS_NUM_THREADS=1 mpirun -n 2 "$BIN/probe-machine" > "$OUT"
cat "$OUT"
echo "probe-machine: wrote $OUT" >&2
