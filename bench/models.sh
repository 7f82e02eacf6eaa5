#!/usr/bin/env bash
# The "Real models" section of bench/RESULTS.md alone (bench/run-all.sh runs
# it too): the real-model corpus (test/Models) partitioned by ours and by
# XLA's Shardy and GSPMD partitioners, side by side. See bench/models.py.
#   bench/models.sh [build-dir|install-prefix] [bench/models.py options]
#     prints the section
#   UPDATE=1 bench/models.sh ...
#     also replaces the section in bench/RESULTS.md (from its "## Real models"
#     heading to the next "## " heading; added before the sections run-all.sh
#     carries over, or at the end, the first time)
# Needs the project's venv (VENV, default .venv: jax). An install prefix
# (cmake --install build --prefix P) is a snapshot that a rebuild of build/
# cannot change under a long run.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
[ $# -gt 0 ] && shift
py=${VENV:-.venv}/bin/python
if [ -z "${UPDATE:-}" ]; then
  exec "$py" bench/models.py --build "$build" "$@"
fi
section=$(mktemp)
trap 'rm -f "$section"' EXIT
"$py" bench/models.py --build "$build" "$@" > "$section"
python3 bench/update-section.py "## Real models" "$section"
cat "$section"
