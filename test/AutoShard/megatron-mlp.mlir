// Megatron for a 2-layer MLP (Shoeybi et al.): the input and output are
// annotated replicated, the weights are free. Without a budget nothing is
// split (replicating sends nothing); with 12000 B per device the weights
// (8 KiB each) cannot both stay whole, and the cheapest plan is Megatron's:
// w1 column-parallel, relu on the split hidden dim, w2 row-parallel, one
// all_reduce of y (8x32 f32, 1024 B: 2 * 3/4 * 1024 = 1536 B per device).
// The predicted bytes are the comm report's after gspmd-spmd.
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=12000 explain=true})' %s -o - 2>%t.err | FileCheck %s --check-prefix=IR
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=12000},gspmd-spmd,gspmd-comm-report)' %s -o /dev/null 2>%t.err >%t.out && cat %t.err %t.out | FileCheck %s --check-prefix=BYTES
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=12000 explain=true})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPLAIN
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard,gspmd-spmd,gspmd-comm-report)' %s -o /dev/null 2>%t.err >%t.out && cat %t.err %t.out | FileCheck %s --check-prefix=NOBUDGET
// RUN: not gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=4000})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIGHT

// IR-LABEL: func.func @mlp
// IR-SAME: %arg1: tensor<32x64xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}], ["model"]]>}
// IR-SAME: %arg2: tensor<64x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"model"], []]>}
// IR: linalg.matmul {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}], ["model"]]>]}
// IR: arith.maximumf {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}], ["model"]]>]}
// IR: linalg.matmul {gspmd.sharding = [#gspmd.replicated]}

// BYTES: predicted [[B:[0-9]+]] B per device (objective {{[0-9.]+}}: bytes plus a tie-break below 1; CBC best bound {{[0-9.]+}}), proven optimal; peak {{[0-9]+}} B per device, budget 12000 B
// BYTES: all_reduce on @mesh ["model"] group 4
// BYTES: total: 1 op, 1 call, sent [[B]] B

// EXPLAIN: remark: gspmd-auto-shard: {j=model} 0 B
// EXPLAIN: remark: gspmd-auto-shard: {j=model} 0 B
// EXPLAIN: remark: gspmd-auto-shard: {k=model} 1536 B (combine 1536 B) of 6 strategies; runner-up {k=model} reduce_scatter 1536 B
// EXPLAIN: predicted 1536 B per device

// NOBUDGET: predicted [[B:0]] B per device ({{.*}}), proven optimal; peak {{[0-9]+}} B per device, no budget
// NOBUDGET: total: 0 ops, 0 calls, sent [[B]] B

// TIGHT: error: gspmd-auto-shard: no choice of shardings fits the budget of 4000 B per device; the smallest budget that can be met is 7680 B

gspmd.mesh @mesh ["model"=4]
func.func @mlp(
    %x: tensor<8x32xf32> {gspmd.sharding = #gspmd.replicated},
    %w1: tensor<32x64xf32>, %w2: tensor<64x32xf32>)
    -> (tensor<8x32xf32> {gspmd.sharding = #gspmd.replicated}) {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<8x64xf32>
  %acc1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<8x64xf32>) -> tensor<8x64xf32>
  %h = linalg.matmul ins(%x, %w1 : tensor<8x32xf32>, tensor<32x64xf32>)
                     outs(%acc1 : tensor<8x64xf32>) -> tensor<8x64xf32>
  %zeros = arith.constant dense<0.0> : tensor<8x64xf32>
  %relu = arith.maximumf %h, %zeros : tensor<8x64xf32>
  %e2 = tensor.empty() : tensor<8x32xf32>
  %acc2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<8x32xf32>) -> tensor<8x32xf32>
  %y = linalg.matmul ins(%relu, %w2 : tensor<8x64xf32>, tensor<64x32xf32>)
                     outs(%acc2 : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %y : tensor<8x32xf32>
}
