// bench/gen.py gshard-moe (the program bench/simulate.py generates at the
// sizes of GShard's MoE Transformers), small: model 8, hidden 16, 2 heads of
// 4, 2 layers (an encoder layer with a dense feed-forward, a decoder layer
// with a second attention and an MoE of 4 experts), 4 groups of 2 x 4
// tokens a side, capacity 2, mesh x=2 by y=2, f32. Regenerate with
//   bench/gen.py gshard-moe --model 8 --ffn-dim 16 --heads 2 --kv 4 --layers 2 --experts 4 --capacity 2 --seq 4 --seqs 2 --mesh 2x2 --dtype f32
// Groups are split over both axes, the experts' weights and buffers too,
// the dense weights replicated. Partitioned, the MoE layer moves its
// dispatched inputs to the experts' devices and their outputs back by an
// all_to_all over ["x", "y"] each, forward and backward (GShard's Algorithm
// 2: 4 all_to_alls), and each of the 15 replicated weights' gradients
// (q, k, v, o, W1, W2 of the encoder layer; q, k, v, o, the cross-attention's
// four and the gate of the decoder layer) is all_reduced over both axes;
// nothing else communicates.
// RUN: gspmd-opt %S/Inputs/gshard-moe-2x2.mlir --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' -o /dev/null 2>/dev/null | FileCheck %s --check-prefix=REPORT
// RUN: gspmd-opt %S/Inputs/gshard-moe-2x2.mlir --pass-pipeline='builtin.module(gspmd-model-flops,gspmd-spmd,gspmd-simulate{machine=TPUv3})' -o /dev/null 2>/dev/null | FileCheck %s
// REPORT-NOT: all_gather
// REPORT-NOT: reduce_scatter
// REPORT: total all_reduce: 15 ops, 15 calls
// REPORT-NEXT: total all_to_all: 4 ops, 4 calls, sent 768 B
// REPORT-NEXT: total: 19 ops
// CHECK: @main on TPUv3, 4 devices
// CHECK: all_reduce: {{.*}} (15 calls,
// CHECK: all_to_all: {{.*}} (4 calls, 768 B sent)
