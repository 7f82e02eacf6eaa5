#!/usr/bin/env bash
# The CPU backend against the machine (bench/cpu.py): builds bench/cpu_ref.c
# against OpenBLAS and oneDNN, runs every program, and replaces its own
# section of bench/RESULTS.md (between the cpu.sh markers; appended the first
# time).
#   bench/cpu.sh [BUILD]      (RUNS=R: runs per figure, default 9)
#   SECTION_ONLY=1 bench/cpu.sh BUILD   prints the section, RESULTS.md
#                                       untouched (bench/run-all.sh)
set -euo pipefail
BUILD=${1:-build}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CC=${CC:-/usr/lib/llvm-22/bin/clang}
if [ ! -f /usr/include/oneapi/dnnl/dnnl.h ]; then
  echo "bench/cpu.sh: oneDNN not found (/usr/include/oneapi/dnnl/dnnl.h):" \
    "install Debian's libdnnl-dev (make deps does)" >&2
  exit 1
fi
"$CC" -O2 -std=c11 -Wall -Wextra -Werror "$ROOT/bench/cpu_ref.c" \
  -o "$BUILD/bin/cpu_ref" -lopenblas -ldnnl
if [ -n "${SECTION_ONLY:-}" ]; then
  exec python3 "$ROOT/bench/cpu.py" "$BUILD" "$BUILD/bin/cpu_ref" \
    --runs "${RUNS:-9}"
fi
section=$(mktemp)
python3 "$ROOT/bench/cpu.py" "$BUILD" "$BUILD/bin/cpu_ref" \
  --runs "${RUNS:-9}" > "$section"
results="$ROOT/bench/RESULTS.md"
python3 - "$results" "$section" <<'PY'
import sys
path, section = sys.argv[1], open(sys.argv[2]).read()
begin, end = "<!-- cpu.sh begin -->", "<!-- cpu.sh end -->"
text = open(path).read() if __import__("os").path.exists(path) else ""
block = f"{begin}\n{section}{end}\n"
if begin in text and end in text:
    a, b = text.index(begin), text.index(end) + len(end) + 1
    text = text[:a] + block + text[b:]
else:
    text = text.rstrip("\n") + "\n\n" + block
open(path, "w").write(text)
PY
rm -f "$section"
sed -n '/<!-- cpu.sh begin -->/,/<!-- cpu.sh end -->/p' "$results"
