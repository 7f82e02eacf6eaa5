#!/usr/bin/env bash
# Runs every suite (lit: FileCheck, C unit tests, plugin, Python, e2e) on the
# build tree and ends with the plain line "N passed, N failed".
set -uo pipefail
build=${1:-build}
lit=${LIT:-/usr/lib/llvm-22/bin/lit}
out=$(mktemp)
"$lit" -v "$build/test" 2>&1 | tee "$out"
status=${PIPESTATUS[0]}
passed=$(grep -cE '^PASS: ' "$out")
failed=$(grep -cE '^(FAIL|XPASS|UNRESOLVED|TIMEOUT): ' "$out")
rm -f "$out"
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
