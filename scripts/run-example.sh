#!/usr/bin/env bash
# The main job (`make run`) on the bundled example, examples/mlp.mlir (a
# 2-layer MLP on a 2x4 mesh): print the SPMD program every device runs
# (gspmd-spmd), then run it on 8 MPI processes with gspmd-run, which prints
# the collectives of the partitioned program with the bytes each device
# sends (gspmd-comm-report), the runtime's traffic counters of the run, and
# one check line per result against the unpartitioned program (PASS/FAIL).
# The exit status is gspmd-run's: 0 only when every result passes.
set -euo pipefail
build=${1:-build}
# Under the sanitizer build (make run SANITIZE=1): MPICH's transports leak at
# exit, which LeakSanitizer would report as a failure of the run.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:allow_user_poisoning=0}
example=examples/mlp.mlir
echo "== $example: the SPMD program for 8 devices (gspmd-opt -p 'builtin.module(gspmd-spmd)')"
"$build/bin/gspmd-opt" --pass-pipeline='builtin.module(gspmd-spmd)' "$example" 2>/dev/null
echo "== $example on 8 MPI processes: mpirun -n 8 gspmd-run --check --report"
mpirun -n 8 "$build/bin/gspmd-run" "$example" --check --report

# A real model nobody here wrote: HuggingFace's Flax GPT-2, lowered by jax
# with Megatron shardings and imported by gspmd-import (test/Models, made by
# `make models`). First where its weights and activations live (the entry's
# arguments and results after completion: gspmd-show-shardings), then the
# partitioned run, checked against the unpartitioned program.
model=test/Models/gpt2-fwd-dxm-8.mlir
echo "== $model: where the entry's values live (gspmd-opt -p 'builtin.module(gspmd-complete,gspmd-show-shardings)')"
"$build/bin/gspmd-opt" --pass-pipeline='builtin.module(gspmd-complete,gspmd-show-shardings)' \
  "$model" -o /dev/null 2>&1 | sed -En 's/^.*remark: //p;/^([|+]|rows:|d[0-9]+=)/p' | tail -n 40
echo "== $model on 8 MPI processes: mpirun -n 8 gspmd-run --check"
mpirun -n 8 "$build/bin/gspmd-run" "$model" --check --jit-opt 0
