// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-spmd)' | FileCheck %s

// linalg.transpose permutes the factors: a dim's axes follow it to its new
// position, and the local op is the same transpose on the shard (padding
// included: an uneven dim's padding stays at the tail of the same dim).
// Only a result annotation that disagrees with the permuted sharding costs
// a reshard, after the local transpose.

gspmd.mesh @mesh ["data"=2, "model"=4]

// [[data], [model]] 8x16 -> [[model], [data]] 16x8, local 4x4 -> 4x4.
// CHECK-LABEL: func.func @transpose_2d(
// CHECK-SAME:    %arg0: tensor<4x4xf32> {gspmd.global_type = tensor<8x16xf32>
// CHECK-SAME:    -> (tensor<4x4xf32> {gspmd.global_type = tensor<16x8xf32>, gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"model"], ["data"]]>})
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<4x4xf32>
// CHECK-NEXT:    %[[T:.*]] = linalg.transpose ins(%arg0 : tensor<4x4xf32>) outs(%[[E]] : tensor<4x4xf32>) permutation = [1, 0]
// CHECK-NEXT:    return %[[T]]
func.func @transpose_2d(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> tensor<16x8xf32> {
  %e = tensor.empty() : tensor<16x8xf32>
  %0 = linalg.transpose ins(%x : tensor<8x16xf32>) outs(%e : tensor<16x8xf32>) permutation = [1, 0]
  return %0 : tensor<16x8xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Rank 3, uneven: 7 over model is 2 (2, 2, 2, 1 + padding); the split dim 0
// lands at position 1: local 2x6x5 -> 5x2x6.
// CHECK-LABEL: func.func @transpose_uneven(
// CHECK-SAME:    %arg0: tensor<2x6x5xf32> {gspmd.global_type = tensor<7x6x5xf32>
// CHECK-SAME:    -> (tensor<5x2x6xf32> {gspmd.global_type = tensor<5x7x6xf32>, gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"], []]>})
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<5x2x6xf32>
// CHECK-NEXT:    %[[T:.*]] = linalg.transpose ins(%arg0 : tensor<2x6x5xf32>) outs(%[[E]] : tensor<5x2x6xf32>) permutation = [2, 0, 1]
// CHECK-NEXT:    return %[[T]]
func.func @transpose_uneven(%x: tensor<7x6x5xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"], [], []]>})
    -> tensor<5x7x6xf32> {
  %e = tensor.empty() : tensor<5x7x6xf32>
  %0 = linalg.transpose ins(%x : tensor<7x6x5xf32>) outs(%e : tensor<5x7x6xf32>) permutation = [2, 0, 1]
  return %0 : tensor<5x7x6xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// The result is wanted as [[data], [model]] while the transpose gives
// [[model], [data]]: transpose locally, then reshard 16x8 from
// [[model], [data]] to [[data], [model]] (gather data on dim 1: 4x8, move
// model from dim 0 to dim 1 with an all_to_all: 16x2, slice data on dim 0).
// CHECK-LABEL: func.func @transpose_then_reshard(
// CHECK-SAME:    %arg0: tensor<4x4xf32>
// CHECK-SAME:    -> (tensor<8x2xf32> {gspmd.global_type = tensor<16x8xf32>, gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>})
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK:         %[[T:.*]] = linalg.transpose ins(%arg0 : tensor<4x4xf32>) outs(%{{.*}} : tensor<4x4xf32>) permutation = [1, 0]
// CHECK-NEXT:    %[[G:.*]] = gspmd.all_gather %[[T]] on @mesh ["data"] gather_dim = 1 : tensor<4x4xf32> -> tensor<4x8xf32>
// CHECK-NEXT:    %[[A:.*]] = gspmd.all_to_all %[[G]] on @mesh ["model"] split_dim = 1 concat_dim = 0 : tensor<4x8xf32> -> tensor<16x2xf32>
// CHECK-NEXT:    %[[D:.*]] = gspmd.axis_index @mesh ["data"]
// CHECK-NEXT:    %[[ROW:.*]] = arith.muli %[[D]], %[[C8]] : index
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %[[A]][%[[ROW]], 0] [8, 2] [1, 1] : tensor<16x2xf32> to tensor<8x2xf32>
// CHECK-NEXT:    return %[[S]]
func.func @transpose_then_reshard(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> (tensor<16x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) {
  %e = tensor.empty() : tensor<16x8xf32>
  %0 = linalg.transpose ins(%x : tensor<8x16xf32>) outs(%e : tensor<16x8xf32>) permutation = [1, 0]
        {gspmd.sharding = [#gspmd.tiled<@mesh, [["model"], ["data"]]>]}
  return %0 : tensor<16x8xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A transposing linalg.generic is partitioned by the same factor rule.
// CHECK-LABEL: func.func @transpose_generic(
// CHECK-SAME:    %arg0: tensor<4x16xf32>
// CHECK-SAME:    -> (tensor<16x4xf32> {gspmd.global_type = tensor<16x8xf32>, gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}], ["data"]]>})
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<16x4xf32>
// CHECK-NEXT:    %[[T:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<4x16xf32>) outs(%[[E]] : tensor<16x4xf32>)
// CHECK:         return %[[T]]
func.func @transpose_generic(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>})
    -> tensor<16x8xf32> {
  %e = tensor.empty() : tensor<16x8xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
    ins(%x : tensor<8x16xf32>) outs(%e : tensor<16x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}
