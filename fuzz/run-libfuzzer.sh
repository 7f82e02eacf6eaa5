#!/usr/bin/env bash
# Runs every libFuzzer target of fuzz/ on a copy of its seed corpus
# (fuzz/corpus/<name>) for SECONDS seconds each; new inputs stay in the copy
# (the repository's corpora stay small). A crash, a leak or a sanitizer
# report leaves the reproducer in the current directory and fails.
#   fuzz/run-libfuzzer.sh [BUILD_DIR] [SECONDS]
set -uo pipefail
build=${1:-build}
seconds=${2:-10}
src=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for name in hlo sharding-attr module-text; do
  bin="$build/bin/gspmd-fuzz-$name"
  if [ ! -x "$bin" ]; then
    echo "libfuzzer $name: MISSING ($bin; configure with -DGSPMD_FUZZ=ON)"
    status=1
    continue
  fi
  mkdir -p "$work/$name"
  cp "$src/corpus/$name"/* "$work/$name/" 2>/dev/null
  log="$work/$name.log"
  # -rss_limit_mb: MLIR contexts are large; -timeout: a slow input is a bug.
  if ASAN_OPTIONS=detect_leaks=1:allow_user_poisoning=0 "$bin" \
       -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 \
       -max_len=4096 -print_final_stats=1 "$work/$name" >"$log" 2>&1; then
    runs=$(grep -m1 -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$')
    echo "libfuzzer $name: OK (${runs:-?} inputs in ${seconds} s)"
  else
    echo "libfuzzer $name: FAILED"
    grep -E 'ERROR|SUMMARY|Test unit written|==[0-9]+==' "$log" | head -20
    status=1
  fi
done
exit $status
