#!/usr/bin/env bash
# The main job (`make run`) on the bundled example. What it does grows with
# the passes that exist: today it parses and verifies examples/mlp.mlir and
# prints it through gspmd-opt, then completes its shardings when the
# gspmd-complete pass is built.
set -euo pipefail
build=${1:-build}
opt="$build/bin/gspmd-opt"
example=examples/mlp.mlir
echo "== $example: parse, verify, print (gspmd-opt)"
"$opt" "$example"
if "$opt" --help | grep -c -- "--gspmd-complete" >/dev/null; then
  echo "== $example: sharding completion (gspmd-complete)"
  "$opt" --pass-pipeline='builtin.module(gspmd-complete)' "$example"
fi
