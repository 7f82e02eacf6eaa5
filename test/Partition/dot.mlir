// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition{strategy=first},gspmd-halo-exchange,canonicalize,cse)' | FileCheck %s
// (strategy=first: these cases test the mechanism of the first operand's split;
// test/Partition/strategy.mlir tests the choice by cost.)

// Dots (linalg matmul / batch_matmul) from their factor rules: the result's
// sharding fixes the parallel loops (batch, rows, cols), the operands' the
// contracting loop. A split contracting loop leaves each device with a
// partial sum of the full result block, combined by the reshard to the
// result's sharding: all_reduce, or reduce_scatter when the result splits
// the same axis on a dim. Splits of parallel loops alone never communicate.
// With a split contracting loop every device adds its partial into the init,
// so a non-identity init must be added once: devices other than coordinate
// 0 of the partial axes start from zeros (arith.select); an init that is a
// fill of 0 is kept as is.

gspmd.mesh @mesh ["data"=2, "model"=4]

// K = 16 over model (4 each), identity init: local matmul 8x4 * 4x32, then
// one all_reduce over model.
// CHECK-LABEL: func.func @contracting_all_reduce(
// CHECK-SAME:    %arg0: tensor<8x4xf32> {gspmd.global_type = tensor<8x16xf32>
// CHECK-SAME:    %arg1: tensor<4x32xf32> {gspmd.global_type = tensor<16x32xf32>
// CHECK-SAME:    -> (tensor<8x32xf32> {gspmd.global_type = tensor<8x32xf32>, gspmd.sharding = #gspmd.replicated})
// CHECK:         %[[INIT:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<8x32xf32>) -> tensor<8x32xf32>
// CHECK-NEXT:    %[[MM:.*]] = linalg.matmul ins(%arg0, %arg1 : tensor<8x4xf32>, tensor<4x32xf32>) outs(%[[INIT]] : tensor<8x32xf32>) -> tensor<8x32xf32>
// CHECK-NEXT:    %[[R:.*]] = gspmd.all_reduce %[[MM]] on @mesh ["model"] reduce = sum : tensor<8x32xf32>
// CHECK-NEXT:    return %[[R]]
func.func @contracting_all_reduce(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>},
                                  %b: tensor<16x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"], []]>})
    -> (tensor<8x32xf32> {gspmd.sharding = #gspmd.replicated}) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x32xf32>) outs(%acc : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// The same with the result split by model on its cols: reduce_scatter (each
// device sums and keeps cols [8m, +8)), half the bytes of an all_reduce.
// CHECK-LABEL: func.func @contracting_reduce_scatter(
// CHECK-SAME:    -> (tensor<8x8xf32> {gspmd.global_type = tensor<8x32xf32>, gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>})
// CHECK:         %[[MM:.*]] = linalg.matmul ins(%arg0, %arg1 : tensor<8x4xf32>, tensor<4x32xf32>) outs(%{{.*}} : tensor<8x32xf32>) -> tensor<8x32xf32>
// CHECK-NEXT:    %[[R:.*]] = gspmd.reduce_scatter %[[MM]] on @mesh ["model"] reduce = sum scatter_dim = 1 : tensor<8x32xf32> -> tensor<8x8xf32>
// CHECK-NEXT:    return %[[R]]
func.func @contracting_reduce_scatter(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>},
                                      %b: tensor<16x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"], []]>})
    -> (tensor<8x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>}) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x32xf32>) outs(%acc : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Only the lhs is split on K: the replicated rhs is sliced to the same K
// block (rows [4m, +4)), no communication before the dot. The init is a
// function argument (not the identity): model coordinate 0 keeps it, the
// others start from zeros, so the all_reduce adds it exactly once.
// CHECK-LABEL: func.func @contracting_one_side_init(
// CHECK-SAME:    %arg0: tensor<8x4xf32>
// CHECK-SAME:    %arg1: tensor<16x32xf32>
// CHECK-SAME:    %arg2: tensor<8x32xf32>
// CHECK-DAG:     %[[ZEROS:.*]] = arith.constant dense<0.000000e+00> : tensor<8x32xf32>
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK:         %[[M:.*]] = gspmd.axis_index @mesh ["model"]
// CHECK-NEXT:    %[[ROW:.*]] = arith.muli %[[M]], %[[C4]] : index
// CHECK-NEXT:    %[[B:.*]] = tensor.extract_slice %arg1[%[[ROW]], 0] [4, 32] [1, 1] : tensor<16x32xf32> to tensor<4x32xf32>
// CHECK-NEXT:    %[[FIRST:.*]] = arith.cmpi eq, %[[M]], %[[C0]] : index
// CHECK-NEXT:    %[[INIT:.*]] = arith.select %[[FIRST]], %arg2, %[[ZEROS]] : tensor<8x32xf32>
// CHECK-NEXT:    %[[MM:.*]] = linalg.matmul ins(%arg0, %[[B]] : tensor<8x4xf32>, tensor<4x32xf32>) outs(%[[INIT]] : tensor<8x32xf32>) -> tensor<8x32xf32>
// CHECK-NEXT:    %[[R:.*]] = gspmd.all_reduce %[[MM]] on @mesh ["model"] reduce = sum : tensor<8x32xf32>
// CHECK-NEXT:    return %[[R]]
func.func @contracting_one_side_init(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>},
                                     %b: tensor<16x32xf32> {gspmd.sharding = #gspmd.replicated},
                                     %c: tensor<8x32xf32> {gspmd.sharding = #gspmd.replicated})
    -> (tensor<8x32xf32> {gspmd.sharding = #gspmd.replicated}) {
  %0 = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x32xf32>) outs(%c : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// K = 10 over model: 3 each, the last shard 1 valid + 2 padding. Padding
// must not reach the sum: both operands are masked along K with 0 beyond
// valid = clamp(10 - m * 3, 0, 3) (0 * 0 = 0 even if the padding held NaN
// or inf; masking one side only would not be), then one all_reduce.
// CHECK-LABEL: func.func @contracting_uneven(
// CHECK-SAME:    %arg0: tensor<8x3xf32> {gspmd.global_type = tensor<8x10xf32>
// CHECK-SAME:    %arg1: tensor<3x32xf32> {gspmd.global_type = tensor<10x32xf32>
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C10:.*]] = arith.constant 10 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[INIT:.*]] = linalg.fill
// CHECK-NEXT:    %[[M:.*]] = gspmd.axis_index @mesh ["model"]
// CHECK-NEXT:    %[[OFF:.*]] = arith.muli %[[M]], %[[C3]] : index
// CHECK-NEXT:    %[[LEFT:.*]] = arith.subi %[[C10]], %[[OFF]] : index
// CHECK-NEXT:    %[[MIN:.*]] = arith.minsi %[[LEFT]], %[[C3]] : index
// CHECK-NEXT:    %[[VALID:.*]] = arith.maxsi %[[MIN]], %[[C0]] : index
// CHECK-NEXT:    %[[E0:.*]] = tensor.empty() : tensor<8x3xf32>
// CHECK-NEXT:    %[[A:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<8x3xf32>) outs(%[[E0]] : tensor<8x3xf32>) {
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[I:.*]] = linalg.index 1 : index
// CHECK-NEXT:      %[[KEEP:.*]] = arith.cmpi slt, %[[I]], %[[VALID]] : index
// CHECK-NEXT:      %[[V:.*]] = arith.select %[[KEEP]], %[[IN]], %[[ZERO]] : f32
// CHECK-NEXT:      linalg.yield %[[V]] : f32
// CHECK-NEXT:    } -> tensor<8x3xf32>
// CHECK-NEXT:    %[[E1:.*]] = tensor.empty() : tensor<3x32xf32>
// CHECK-NEXT:    %[[B:.*]] = linalg.generic {{.*}} ins(%arg1 : tensor<3x32xf32>) outs(%[[E1]] : tensor<3x32xf32>) {
// CHECK-NEXT:    ^bb0(%[[IN1:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[I1:.*]] = linalg.index 0 : index
// CHECK-NEXT:      %[[KEEP1:.*]] = arith.cmpi slt, %[[I1]], %[[VALID]] : index
// CHECK-NEXT:      %[[V1:.*]] = arith.select %[[KEEP1]], %[[IN1]], %[[ZERO]] : f32
// CHECK-NEXT:      linalg.yield %[[V1]] : f32
// CHECK-NEXT:    } -> tensor<3x32xf32>
// CHECK-NEXT:    %[[MM:.*]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<8x3xf32>, tensor<3x32xf32>) outs(%[[INIT]] : tensor<8x32xf32>) -> tensor<8x32xf32>
// CHECK-NEXT:    %[[R:.*]] = gspmd.all_reduce %[[MM]] on @mesh ["model"] reduce = sum : tensor<8x32xf32>
// CHECK-NEXT:    return %[[R]]
func.func @contracting_uneven(%a: tensor<8x10xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>},
                              %b: tensor<10x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"], []]>})
    -> (tensor<8x32xf32> {gspmd.sharding = #gspmd.replicated}) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<8x10xf32>, tensor<10x32xf32>) outs(%acc : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Rows of the lhs over data and cols of the rhs over model: the result is
// [[data], [model]], computed locally from the blocks each device holds.
// CHECK-LABEL: func.func @non_contracting(
// CHECK-SAME:    %arg0: tensor<4x16xf32>
// CHECK-SAME:    %arg1: tensor<16x8xf32>
// CHECK-SAME:    %arg2: tensor<4x8xf32> {gspmd.global_type = tensor<8x32xf32>, gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>}
// CHECK-SAME:    -> (tensor<4x8xf32>
// CHECK-NEXT:    %[[MM:.*]] = linalg.matmul ins(%arg0, %arg1 : tensor<4x16xf32>, tensor<16x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT:    return %[[MM]]
func.func @non_contracting(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
                           %b: tensor<16x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>},
                           %c: tensor<8x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> (tensor<8x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) {
  %0 = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x32xf32>) outs(%c : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// batch_matmul with the batch over data: each device multiplies its 2
// batches, no communication.
// CHECK-LABEL: func.func @batch(
// CHECK-SAME:    %arg0: tensor<2x8x16xf32>
// CHECK-SAME:    %arg1: tensor<2x16x32xf32>
// CHECK-SAME:    %arg2: tensor<2x8x32xf32>
// CHECK-SAME:    -> (tensor<2x8x32xf32>
// CHECK-NEXT:    %[[MM:.*]] = linalg.batch_matmul ins(%arg0, %arg1 : tensor<2x8x16xf32>, tensor<2x16x32xf32>) outs(%arg2 : tensor<2x8x32xf32>) -> tensor<2x8x32xf32>
// CHECK-NEXT:    return %[[MM]]
func.func @batch(%a: tensor<4x8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], [], []]>},
                 %b: tensor<4x16x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], [], []]>},
                 %c: tensor<4x8x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], [], []]>})
    -> (tensor<4x8x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], [], []]>}) {
  %0 = linalg.batch_matmul ins(%a, %b : tensor<4x8x16xf32>, tensor<4x16x32xf32>) outs(%c : tensor<4x8x32xf32>) -> tensor<4x8x32xf32>
  return %0 : tensor<4x8x32xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Batch over data and contracting over model, result rows over model:
// local 2x8x4 * 2x4x32 partial sums, reduce_scatter over model on dim 1
// (rows [2m, +2) of each local batch).
// CHECK-LABEL: func.func @batch_contracting(
// CHECK-SAME:    %arg0: tensor<2x8x4xf32>
// CHECK-SAME:    %arg1: tensor<2x4x32xf32>
// CHECK-SAME:    -> (tensor<2x2x32xf32>
// CHECK:         %[[MM:.*]] = linalg.batch_matmul ins(%arg0, %arg1 : tensor<2x8x4xf32>, tensor<2x4x32xf32>) outs(%{{.*}} : tensor<2x8x32xf32>) -> tensor<2x8x32xf32>
// CHECK-NEXT:    %[[R:.*]] = gspmd.reduce_scatter %[[MM]] on @mesh ["model"] reduce = sum scatter_dim = 1 : tensor<2x8x32xf32> -> tensor<2x2x32xf32>
// CHECK-NEXT:    return %[[R]]
func.func @batch_contracting(%a: tensor<4x8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], [], ["model"]]>},
                             %b: tensor<4x16x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"], []]>})
    -> (tensor<4x8x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"], []]>}) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8x32xf32>) -> tensor<4x8x32xf32>
  %0 = linalg.batch_matmul ins(%a, %b : tensor<4x8x16xf32>, tensor<4x16x32xf32>) outs(%acc : tensor<4x8x32xf32>) -> tensor<4x8x32xf32>
  return %0 : tensor<4x8x32xf32>
}

// -----

// The 2-layer MLP of examples/mlp.mlir (batch over data, Megatron over
// model), only inputs and output annotated: the first matmul is
// column-parallel (x rows over data, w1 cols over model: local 8x32 * 32x16,
// no communication), the relu stays split, the second is row-parallel
// (contracting 64 over model: 16 each) and ends in one all_reduce over
// model; data is never communicated. The zero init and the splat are local.
gspmd.mesh @mesh ["data"=2, "model"=4]

// CHECK-LABEL: func.func @megatron_mlp(
// CHECK-SAME:    %arg0: tensor<8x32xf32> {gspmd.global_type = tensor<16x32xf32>
// CHECK-SAME:    %arg1: tensor<32x16xf32> {gspmd.global_type = tensor<32x64xf32>
// CHECK-SAME:    %arg2: tensor<16x32xf32> {gspmd.global_type = tensor<64x32xf32>
// CHECK-SAME:    -> (tensor<8x32xf32> {gspmd.global_type = tensor<16x32xf32>
// CHECK-NOT:     = gspmd.
// CHECK:         %[[H:.*]] = linalg.matmul ins(%arg0, %arg1 : tensor<8x32xf32>, tensor<32x16xf32>) outs(%{{.*}} : tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK-NEXT:    %[[RELU:.*]] = arith.maximumf %[[H]], %{{.*}} : tensor<8x16xf32>
// CHECK-NOT:     = gspmd.
// CHECK:         %[[Y:.*]] = linalg.matmul ins(%[[RELU]], %arg2 : tensor<8x16xf32>, tensor<16x32xf32>) outs(%{{.*}} : tensor<8x32xf32>) -> tensor<8x32xf32>
// CHECK-NEXT:    %[[R:.*]] = gspmd.all_reduce %[[Y]] on @mesh ["model"] reduce = sum : tensor<8x32xf32>
// CHECK-NEXT:    return %[[R]]
func.func @megatron_mlp(
    %x: tensor<16x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
    %w1: tensor<32x64xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>},
    %w2: tensor<64x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"], []]>})
    -> (tensor<16x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>}) {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<16x64xf32>
  %acc1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<16x64xf32>) -> tensor<16x64xf32>
  %h = linalg.matmul ins(%x, %w1 : tensor<16x32xf32>, tensor<32x64xf32>)
                     outs(%acc1 : tensor<16x64xf32>) -> tensor<16x64xf32>
  %zeros = arith.constant dense<0.0> : tensor<16x64xf32>
  %relu = arith.maximumf %h, %zeros : tensor<16x64xf32>
  %e2 = tensor.empty() : tensor<16x32xf32>
  %acc2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<16x32xf32>) -> tensor<16x32xf32>
  %y = linalg.matmul ins(%relu, %w2 : tensor<16x64xf32>, tensor<64x32xf32>)
                     outs(%acc2 : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %y : tensor<16x32xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// The 2-D nested case on one dot: x is [[data], [model]] (batch and hidden
// both split), w is [[model], []]: the contracting dim is split by model,
// the rows by data. Result [[data], [model]]: local 8x8 * 8x64 partial sums
// scattered over model on the cols (64 / 4 = 16).
// CHECK-LABEL: func.func @nested_2d(
// CHECK-SAME:    %arg0: tensor<8x8xf32>
// CHECK-SAME:    %arg1: tensor<8x64xf32>
// CHECK-SAME:    -> (tensor<8x16xf32>
// CHECK:         %[[MM:.*]] = linalg.matmul ins(%arg0, %arg1 : tensor<8x8xf32>, tensor<8x64xf32>) outs(%{{.*}} : tensor<8x64xf32>) -> tensor<8x64xf32>
// CHECK-NEXT:    %[[R:.*]] = gspmd.reduce_scatter %[[MM]] on @mesh ["model"] reduce = sum scatter_dim = 1 : tensor<8x64xf32> -> tensor<8x16xf32>
// CHECK-NEXT:    return %[[R]]
func.func @nested_2d(%x: tensor<16x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>},
                     %w: tensor<32x64xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"], []]>})
    -> (tensor<16x64xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16x64xf32>) -> tensor<16x64xf32>
  %0 = linalg.matmul ins(%x, %w : tensor<16x32xf32>, tensor<32x64xf32>) outs(%acc : tensor<16x64xf32>) -> tensor<16x64xf32>
  return %0 : tensor<16x64xf32>
}
