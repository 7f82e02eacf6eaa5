#!/usr/bin/env bash
# The pipeline section of bench/RESULTS.md alone (bench/run-all.sh runs it
# too): bubbles, bytes and wall time of gspmd.pipeline programs at 2, 4 and
# 8 ranks beside the same model unpipelined. See bench/pipeline.py.
#   bench/pipeline.sh [build-dir] [--stdout] [--ranks "2 4 8"] [--configs "L,M,R ..."]
set -euo pipefail
build=${1:-build}
[ $# -gt 0 ] && shift
exec python3 bench/pipeline.py --build "$build" "$@"
