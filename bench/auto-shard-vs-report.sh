#!/bin/bash
# gspmd-auto-shard (no budget) then gspmd-spmd and gspmd-comm-report over
# each file: does the certificate's predicted bytes equal the report's total?
# Prints the files where they differ, then the counts (fail: the pass
# refused the program: no mesh, several public functions, ...) and the
# bytes predicted and reported, summed over the programs sharded.
#   bench/auto-shard-vs-report.sh [BUILD] FILE...
BUILD=${1:-build}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
shift
ok=0; bad=0; fail=0; predicted=0; reported=0
for f in "$@"; do
  timeout 60 $BUILD/bin/gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard,gspmd-spmd,gspmd-comm-report)' $f -o /dev/null > $TMP/out 2>$TMP/err
  if [ $? -ne 0 ]; then fail=$((fail+1)); continue; fi
  p=$(grep -oE "predicted [0-9]+" $TMP/err | grep -oE "[0-9]+" | head -1)
  r=$(grep -E "^total:" $TMP/out | grep -oE "sent [0-9]+" | grep -oE "[0-9]+")
  predicted=$((predicted + ${p:-0})); reported=$((reported + ${r:-0}))
  if [ "$p" = "$r" ]; then ok=$((ok+1)); else bad=$((bad+1)); echo "$f predicted=$p report=$r"; fi
done
echo "ok=$ok bad=$bad fail=$fail predicted=$predicted reported=$reported"
