// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition{explain=true},canonicalize,cse)' 2>&1 | FileCheck %s
// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition{explain=true})' 2>&1 | FileCheck %s --check-prefix=REUSE
// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition{explain=true memory-budget=900})' 2>&1 | FileCheck %s --check-prefix=BUDGET
// RUN: not gspmd-opt %s --pass-pipeline='builtin.module(gspmd-partition{strategy=best})' 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not gspmd-opt %s --pass-pipeline='builtin.module(gspmd-partition{memory-budget=lots})' 2>&1 | FileCheck %s --check-prefix=BAD-BUDGET

// Contractions take the plan that sends the fewest bytes per device
// (lib/Transforms/Partition/Strategy.c); explain=true lists every plan weighed as the
// factor axes ({i=..., j=..., k=...} for a matmul's M, N, K), the bytes it
// sends and holds; the default plan (the first operand's contraction
// split, then the result's factors) wins ties.
// BAD: gspmd-partition: option 'strategy' expects one of cost|first, got 'best'
// BAD-BUDGET: gspmd-partition: option 'memory-budget' expects a number of bytes, got 'lots'

gspmd.mesh @mesh ["m"=4]

// W is column-split where Megatron wants it row-split: gathering the small
// activation (4x24 f32: 96 B a shard, 288 B sent) beats moving W into a row
// split by all_to_all (24x4: 288 B) plus reduce_scatter of the partial
// result (4x16: 192 B).
// CHECK: remark: gspmd-partition: 'linalg.matmul' weighed 3 plans (bytes sent per device): {k=m} 480 B, holds {{[0-9]+}} B (default); {} {{[0-9]+}} B, holds {{[0-9]+}} B; {j=m} 288 B, holds {{[0-9]+}} B <- chosen
// CHECK-LABEL: func.func @megatron_mismatch(
// CHECK-NOT:     gspmd.all_to_all
// CHECK:         %[[H:.*]] = gspmd.all_gather %arg0 on @mesh ["m"] gather_dim = 1 : tensor<4x6xf32> -> tensor<4x24xf32>
// CHECK:         linalg.matmul ins(%[[H]], %arg1 : tensor<4x24xf32>, tensor<24x4xf32>)
// BUDGET: weighed 6 plans (bytes sent per device): {k=m} 480 B, holds 992 B (over budget) (default); {} 1440 B, holds 2432 B (over budget); {j=m} 288 B, holds 896 B <- chosen; {} ring k of operand 0 over m 1440 B, holds 2624 B (over budget); {} ring j of operand 1 over m 1440 B, holds 1792 B (over budget); {j=m} ring k of operand 0 over m 288 B, holds 800 B; budget 900 B, 0 B live across the op
func.func @megatron_mismatch(%h: tensor<4x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["m"]]>},
                             %w: tensor<24x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["m"]]>})
    -> (tensor<4x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["m"]]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %y = linalg.matmul ins(%h, %w : tensor<4x24xf32>, tensor<24x16xf32>) outs(%f : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %y : tensor<4x16xf32>
}

// -----

// An operand's layouts already made count as free starts: the backward's
// x^T dy reuses the forward's gather of x ({j=x}: only dW's all_to_all to
// its row split, 3072 B) where it used to gather dy too (6144 B).
gspmd.mesh @xmesh ["x"=4]

// REUSE: remark: gspmd-partition: 'linalg.matmul' weighed 3 plans (bytes sent per device): {i=x} 6144 B, holds {{[0-9]+}} B (default); {} 6144 B, holds {{[0-9]+}} B; {j=x} 3072 B, holds {{[0-9]+}} B <- chosen
// CHECK-LABEL: func.func @backward_reuses_gather(
// CHECK:         %[[X:.*]] = gspmd.all_gather %arg0 on @xmesh ["x"] gather_dim = 1
// CHECK-NOT:     gspmd.all_gather
// CHECK:         linalg.matmul {{.*}}ins(%[[X]], %arg2 : tensor<32x64xf32>, tensor<32x16xf32>)
// CHECK:         gspmd.all_to_all
func.func @backward_reuses_gather(%x: tensor<32x64xf32> {gspmd.sharding = #gspmd.tiled<@xmesh, [[], ["x"]]>},
                                  %w: tensor<64x64xf32> {gspmd.sharding = #gspmd.tiled<@xmesh, [[], ["x"]]>},
                                  %dy: tensor<32x64xf32> {gspmd.sharding = #gspmd.tiled<@xmesh, [[], ["x"]]>})
    -> (tensor<32x64xf32> {gspmd.sharding = #gspmd.tiled<@xmesh, [[], ["x"]]>},
        tensor<64x64xf32> {gspmd.sharding = #gspmd.tiled<@xmesh, [["x"], []]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x64xf32>) -> tensor<32x64xf32>
  %y = linalg.matmul ins(%x, %w : tensor<32x64xf32>, tensor<64x64xf32>) outs(%f : tensor<32x64xf32>) -> tensor<32x64xf32>
  %e2 = tensor.empty() : tensor<64x64xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %dw = linalg.matmul indexing_maps = [affine_map<(i, j, k) -> (k, i)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>]
        ins(%x, %dy : tensor<32x64xf32>, tensor<32x64xf32>) outs(%f2 : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %y, %dw : tensor<32x64xf32>, tensor<64x64xf32>
}
