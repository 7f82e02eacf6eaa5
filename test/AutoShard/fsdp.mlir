// FSDP / ZeRO-3 when the budget forces the weights apart: 256x128
// activations and 128x128 weights (64 KiB each) on 4 devices. Arguments are
// held throughout (the caller owns them), so a weight stored whole costs its
// 64 KiB at every op. Data parallelism holds 262144 B per device at its peak
// (the relu: x's shard, both weights, h, the zeros and the result). At
// 220000 B the plan keeps the batch split and stores both weights split on
// their columns, gathering each whole just before its matmul (all_gather of
// 3 x 16 KiB = 49152 B each, 98304 B): ZeRO-3's forward. At 240000 B one
// weight split is enough (49152 B); at 300000 B none is (data parallelism,
// 0 B). The too-tight budget names the smallest one that can be met. At
// 220000 B, 11 strategies hold more than any plan within the budget can
// (Fit.c), and are fixed out; the smallest budget (TIGHT) is found without
// that.
// RUN: not gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=100000})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIGHT
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=220000})' %s 2>/dev/null | FileCheck %s --check-prefix=IR
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=220000},gspmd-spmd,gspmd-comm-report)' %s -o /dev/null 2>%t.err >%t.out && cat %t.err %t.out | FileCheck %s --check-prefix=BYTES
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=240000},gspmd-spmd,gspmd-comm-report)' %s -o /dev/null 2>%t.err >%t.out && cat %t.err %t.out | FileCheck %s --check-prefix=ONE
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=300000},gspmd-spmd,gspmd-comm-report)' %s -o /dev/null 2>%t.err >%t.out && cat %t.err %t.out | FileCheck %s --check-prefix=DATA

// IR-LABEL: func.func @mlp
// IR-SAME: %arg0: tensor<256x128xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"d"], []]>}
// IR-SAME: %arg1: tensor<128x128xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[\], \["d"\]\]|\[\["d"\], \[\]\]}}>}
// IR-SAME: %arg2: tensor<128x128xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[\], \["d"\]\]|\[\["d"\], \[\]\]}}>}
// IR: linalg.matmul {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"d"], []]>]}
// IR: linalg.matmul {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"d"], []]>]}

// TIGHT: error: gspmd-auto-shard: no choice of shardings fits the budget of 100000 B per device; the smallest budget that can be met is 212992 B

// BYTES: predicted [[B:98304]] B per device ({{.*}}), proven optimal; peak 212992 B per device, budget 220000 B; 7 nodes, 25 strategies ({{[0-9]+}} dominated, 11 unfit for the budget)
// BYTES: all_gather on @mesh ["d"] group 4: in tensor<{{128x32|32x128}}xf32> 16384 B
// BYTES: all_gather on @mesh ["d"] group 4: in tensor<{{128x32|32x128}}xf32> 16384 B
// BYTES: total: 2 ops, 2 calls, sent [[B]] B

// ONE: predicted [[B:49152]] B per device ({{.*}}), proven optimal; peak 229376 B per device, budget 240000 B
// ONE: total: 1 op, 1 call, sent [[B]] B

// DATA: predicted 0 B per device ({{.*}}), proven optimal; peak 262144 B per device, budget 300000 B
// DATA: total: 0 ops, 0 calls, sent 0 B

gspmd.mesh @mesh ["d"=4]
func.func @mlp(%x: tensor<256x128xf32>, %w1: tensor<128x128xf32>, %w2: tensor<128x128xf32>)
    -> tensor<256x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<256x128xf32>
  %acc1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<256x128xf32>) -> tensor<256x128xf32>
  %h = linalg.matmul ins(%x, %w1 : tensor<256x128xf32>, tensor<128x128xf32>)
                     outs(%acc1 : tensor<256x128xf32>) -> tensor<256x128xf32>
  %zeros = arith.constant dense<0.0> : tensor<256x128xf32>
  %relu = arith.maximumf %h, %zeros : tensor<256x128xf32>
  %e2 = tensor.empty() : tensor<256x128xf32>
  %acc2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<256x128xf32>) -> tensor<256x128xf32>
  %y = linalg.matmul ins(%relu, %w2 : tensor<256x128xf32>, tensor<128x128xf32>)
                     outs(%acc2 : tensor<256x128xf32>) -> tensor<256x128xf32>
  return %y : tensor<256x128xf32>
}
