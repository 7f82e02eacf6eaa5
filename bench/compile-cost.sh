#!/usr/bin/env bash
# The "Compile cost" section of bench/RESULTS.md alone (bench/run-all.sh runs
# it too): instructions (callgrind), peak memory and wall time of our two
# passes against parse + print, and against XLA-Shardy. See
# bench/compile-cost.py.
#   bench/compile-cost.sh [build-dir|install-prefix] [bench/compile-cost.py options]
#     prints the section
#   UPDATE=1 bench/compile-cost.sh ...
#     also replaces the section in bench/RESULTS.md (from its "## Compile
#     cost" heading to the next "## " heading; added before the sections
#     run-all.sh carries over, or at the end, the first time)
# Needs valgrind (installed here when missing) and the project's venv (VENV,
# default .venv: jax, for the XLA column; --no-xla without it).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
[ $# -gt 0 ] && shift
command -v valgrind > /dev/null || ./scripts/ensure-deps.sh valgrind
py=${VENV:-.venv}/bin/python
if [ -z "${UPDATE:-}" ]; then
  exec "$py" bench/compile-cost.py --build "$build" "$@"
fi
section=$(mktemp)
trap 'rm -f "$section"' EXIT
"$py" bench/compile-cost.py --build "$build" "$@" > "$section"
python3 bench/update-section.py "## Compile cost" "$section"
cat "$section"
