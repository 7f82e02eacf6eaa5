// bench/gen.py gpt (the program bench/simulate.py generates at Megatron-LM's
// sizes), small: hidden 64, 4 heads, sequence 16, 4 layers, tensor 2 x
// pipeline 2 x data 2, M = 4 micro-batches of 1. Regenerate with
//   bench/gen.py gpt --hidden 64 --heads 4 --seq 16 --mb 1 --layers 4 --tp 2 --pp 2 --dp 2 --micro 4
// Partitioned in Megatron's layout (strategy=first), it has Megatron's
// communication: per iteration of the M + p - 1 = 5 micro-batch loop and per
// layer (2 a stage), all_reduces on "model" of the forward's two row-parallel
// outputs, the recomputed forward's two, and the backward's MLP input
// gradient and Q, K, V input gradients (three contractions: 4): 8 a layer,
// 16 an iteration; two stage shifts (activation forward, gradient back); and
// after the loop one all_reduce on "data" per weight gradient (6 a layer).
// RUN: gspmd-opt %S/Inputs/gpt-t2-p2-d2.mlir --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition{strategy=first},gspmd-halo-exchange,canonicalize,cse,gspmd-comm-report)' -o /dev/null > %t.report
// RUN: grep -c 'all_reduce on @mesh \["model"\] group 2: .* x5 (loop trip count)' %t.report | FileCheck %s --check-prefix=MODEL
// RUN: grep -c 'collective_permute on @mesh \["stage"\] group 2: .* x5 (loop trip count)' %t.report | FileCheck %s --check-prefix=STAGE
// RUN: grep 'all_reduce on @mesh \["data"\]' %t.report | grep -vc 'loop trip count' | FileCheck %s --check-prefix=DATA
// No all_gather anywhere (the strategy's own choice would gather weights):
// RUN: not grep all_gather %t.report
// MODEL: 16
// STAGE: 2
// DATA: 12
// The loop is marked as a pipeline loop: 1 of its 5 iterations is the bubble.
// RUN: gspmd-opt %S/Inputs/gpt-t2-p2-d2.mlir --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition{strategy=first},gspmd-halo-exchange,canonicalize,cse,gspmd-simulate{machine=A100})' -o /dev/null | FileCheck %s
// CHECK: gspmd-simulate: @main on A100, 8 devices, overlap none
// CHECK: pipeline bubble: {{.*}} (1 of 5 iterations of 1 pipeline loop;

// With --scatter-gather (Megatron's stage sends): each of a stage's 2 GPUs
// sends half the activation, [1, 1, 1, 16, 32] bf16 = 1024 B, and the
// receivers all_gather it on "model"; the two shifts an iteration stay two.
//   bench/gen.py gpt ... --scatter-gather > Inputs/gpt-t2-p2-d2-sg.mlir
// RUN: gspmd-opt %S/Inputs/gpt-t2-p2-d2-sg.mlir --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition{strategy=first},gspmd-halo-exchange,canonicalize,cse,gspmd-comm-report)' -o /dev/null > %t.sg
// RUN: grep -c 'collective_permute on @mesh \["stage"\] group 2: in tensor<1x1x1x16x32xbf16> 1024 B, .* x5 (loop trip count)' %t.sg | FileCheck %s --check-prefix=STAGE
// RUN: grep -c 'all_gather on @mesh \["model"\] group 2: in tensor<1x1x1x16x32xbf16> .* x5 (loop trip count)' %t.sg | FileCheck %s --check-prefix=STAGE
