#!/bin/sh
# Runs bench/probe-collectives.c (where an MPI collective's CPU time goes:
# bytes reduced against bytes moved, and waiting for peers) at the given
# rank counts, with bench/simulate.py's yield shim (as the measured table
# runs) and, with --no-yield, without it.
#
#   bench/probe-collectives.sh [--no-yield] [RANKS...]   # default 2 4
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
YIELD=1
if [ "${1:-}" = "--no-yield" ]; then YIELD=0; shift; fi
[ $# -gt 0 ] || set -- 2 4
BIN=$(mktemp -d)
trap 'rm -rf "$BIN"' EXIT
CC=${CC:-/usr/lib/llvm-22/bin/clang}
MPICH_CC=$CC OMPI_CC=$CC mpicc -O2 -std=gnu11 -Wall -Wextra \
  -Werror "$ROOT/bench/probe-collectives.c" -o "$BIN/probe-collectives"
PRELOAD=
if [ $YIELD = 1 ]; then
  python3 -c "import sys; sys.path.insert(0, '$ROOT/bench'); import simulate; \
sys.exit(0 if simulate.build_shim('$BIN') else 1)"
  PRELOAD=$BIN/libyield.so
fi
for n in "$@"; do
  LD_PRELOAD=$PRELOAD mpirun -n "$n" "$BIN/probe-collectives"
done
