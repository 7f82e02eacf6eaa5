// bench/gen.py gspmd-lm (the program bench/simulate.py generates at the sizes
// of lingvo's GShard dense LMs, the GSPMD paper's 2-D sharding), small: model
// 32, hidden 64, 4 heads of 8, 1 layer, sequence 8, batch 4, mesh x=2 by y=2.
// Regenerate with
//   bench/gen.py gspmd-lm --model 32 --ffn-dim 64 --heads 4 --kv 8 --layers 1 --seq 8 --batch 4 --mesh 2x2
// Weights [M, H] are split M on "x" and H (or the heads) on "y", activations
// [B, S, M] B on "x" and M on "y". Partitioned, each of the six weights is
// all_gathered on "x" before its forward contraction and its gradient
// reduce_scattered on "x" (GSPMD's 2-D weight sharding), nothing is
// all_to_all'd, and no contraction is repeated: the device FLOPs are the
// model FLOPs to within the layernorms' sums.
// RUN: gspmd-opt %S/Inputs/gspmd-lm-2x2.mlir --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' -o /dev/null 2>/dev/null > %t.report
// RUN: grep -c 'all_gather on @mesh \["x"\]' %t.report | FileCheck %s --check-prefix=GATHER
// RUN: grep -c 'reduce_scatter on @mesh \["x"\]' %t.report | FileCheck %s --check-prefix=SCATTER
// RUN: not grep all_to_all %t.report
// RUN: gspmd-opt %S/Inputs/gspmd-lm-2x2.mlir --pass-pipeline='builtin.module(gspmd-model-flops,gspmd-spmd,gspmd-simulate{machine=TPUv3})' -o /dev/null 2>/dev/null | FileCheck %s
// GATHER: 6
// SCATTER: 6
// CHECK: @main on TPUv3, 4 devices
// CHECK: model FLOPs 99.{{[0-9]+}}% of them
// Per device: x, 4 x 8 x 32 bf16 = 2048 B over 4 devices, 512 B; the weights,
// Q, K, V, O 32 x 4 x 8 and W1, W2 32 x 64 bf16 = 16384 B over 4, 4096 B.
// CHECK: memory per device: arguments 4608 B
