// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-spmd)' | FileCheck %s

// Reshapes (collapse_shape / expand_shape) act on local shards as they are
// when the split axes sit on the major dim of a reshaped group and the
// local sizes line up: a dim of 8 rows over data holding rows [4d, +4) is
// the same data as the collapsed rows [16d, +16) of 8x4. The expand's
// static output_shape is rewritten to the local shape. Anything else (an
// axis on a minor dim of the group, a split that does not divide the major
// dim, an uneven split whose padding would land inside the collapsed dim)
// is resharded first.

gspmd.mesh @mesh ["data"=2, "model"=4]

// 8x4x16 [[data], [], []] -> 32x16 [[data], []]: local 4x4x16 -> 16x16.
// CHECK-LABEL: func.func @collapse_split_major(
// CHECK-SAME:    %arg0: tensor<4x4x16xf32>
// CHECK-SAME:    -> (tensor<16x16xf32> {gspmd.global_type = tensor<32x16xf32>, gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>})
// CHECK-NEXT:    %[[C:.*]] = tensor.collapse_shape %arg0 {{\[\[}}0, 1], [2]] : tensor<4x4x16xf32> into tensor<16x16xf32>
// CHECK-NEXT:    return %[[C]]
func.func @collapse_split_major(%x: tensor<8x4x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], [], []]>})
    -> tensor<32x16xf32> {
  %0 = tensor.collapse_shape %x [[0, 1], [2]] : tensor<8x4x16xf32> into tensor<32x16xf32>
  return %0 : tensor<32x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// 32x16 [[data], [model]] -> 8x4x16 [[data], [], [model]]: data goes to the
// major 8 (rows [16d, +16) are i in [4d, +4)), model stays on the 16.
// Local 16x4 -> 4x4x4, with output_shape [4, 4, 4].
// CHECK-LABEL: func.func @expand_split_major(
// CHECK-SAME:    %arg0: tensor<16x4xf32>
// CHECK-SAME:    -> (tensor<4x4x4xf32> {gspmd.global_type = tensor<8x4x16xf32>, gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], [], ["model"]]>})
// CHECK-NEXT:    %[[E:.*]] = tensor.expand_shape %arg0 {{\[\[}}0, 1], [2]] output_shape [4, 4, 4] : tensor<16x4xf32> into tensor<4x4x4xf32>
// CHECK-NEXT:    return %[[E]]
func.func @expand_split_major(%x: tensor<32x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> tensor<8x4x16xf32> {
  %0 = tensor.expand_shape %x [[0, 1], [2]] output_shape [8, 4, 16] : tensor<32x16xf32> into tensor<8x4x16xf32>
  return %0 : tensor<8x4x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// 6x16 over [[data], [model]] -> 2x3x16: 6 rows over 2 are
// 3 each, which is one whole index of the major 2 (rows [3d, +3)). No
// reshard; local 3x4 -> 1x3x4.
// CHECK-LABEL: func.func @expand_split_major_exact(
// CHECK-SAME:    %arg0: tensor<3x4xf32>
// CHECK-SAME:    -> (tensor<1x3x4xf32>
// CHECK-NEXT:    %[[E:.*]] = tensor.expand_shape %arg0 {{\[\[}}0, 1], [2]] output_shape [1, 3, 4] : tensor<3x4xf32> into tensor<1x3x4xf32>
// CHECK-NEXT:    return %[[E]]
func.func @expand_split_major_exact(%x: tensor<6x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> tensor<2x3x16xf32> {
  %0 = tensor.expand_shape %x [[0, 1], [2]] output_shape [2, 3, 16] : tensor<6x16xf32> into tensor<2x3x16xf32>
  return %0 : tensor<2x3x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A split on the minor dim of the collapsed group: device m holds j in
// [m, m+1) for every i, which is not a contiguous block of the 32 rows.
// Gather model first, then collapse the whole tensor.
// CHECK-LABEL: func.func @collapse_split_minor(
// CHECK-SAME:    %arg0: tensor<8x1x16xf32>
// CHECK-SAME:    -> (tensor<32x16xf32> {gspmd.global_type = tensor<32x16xf32>, gspmd.sharding = #gspmd.replicated})
// CHECK-NEXT:    %[[G:.*]] = gspmd.all_gather %arg0 on @mesh ["model"] gather_dim = 1 : tensor<8x1x16xf32> -> tensor<8x4x16xf32>
// CHECK-NEXT:    %[[C:.*]] = tensor.collapse_shape %[[G]] {{\[\[}}0, 1], [2]] : tensor<8x4x16xf32> into tensor<32x16xf32>
// CHECK-NEXT:    return %[[C]]
func.func @collapse_split_minor(%x: tensor<8x4x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"], []]>})
    -> (tensor<32x16xf32> {gspmd.sharding = #gspmd.replicated}) {
  %0 = tensor.collapse_shape %x [[0, 1], [2]] : tensor<8x4x16xf32> into tensor<32x16xf32>
  return %0 : tensor<32x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// 8 rows over model (2 each) -> 2x4 wanted replicated: 4 shards do not
// divide the major 2, and a shard (half a row of the 2x4) is not a block of
// either dim: gather. (Refining "model" into sub-axes would send as much, so
// completion does not: test/Complete/sub-axes.mlir.)
// CHECK-LABEL: func.func @expand_split_not_dividing(
// CHECK-SAME:    %arg0: tensor<2x16xf32>
// CHECK-SAME:    -> (tensor<2x4x16xf32> {gspmd.global_type = tensor<2x4x16xf32>, gspmd.sharding = #gspmd.replicated})
// CHECK-NEXT:    %[[G:.*]] = gspmd.all_gather %arg0 on @mesh ["model"] gather_dim = 0 : tensor<2x16xf32> -> tensor<8x16xf32>
// CHECK-NEXT:    %[[E:.*]] = tensor.expand_shape %[[G]] {{\[\[}}0, 1], [2]] output_shape [2, 4, 16] : tensor<8x16xf32> into tensor<2x4x16xf32>
// CHECK-NEXT:    return %[[E]]
func.func @expand_split_not_dividing(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"], []]>})
    -> (tensor<2x4x16xf32> {gspmd.sharding = #gspmd.replicated}) {
  %0 = tensor.expand_shape %x [[0, 1], [2]] output_shape [2, 4, 16] : tensor<8x16xf32> into tensor<2x4x16xf32>
  return %0 : tensor<2x4x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Uneven: 7x4 with 7 over data is 4 rows (4, 3 + padding). Collapsed, 28
// over data is 14 each, but the local 4x4 is 16 elements with the padding
// row inside data = 1's block: the rows are gathered and unpadded, the
// whole tensor collapsed, then sliced at data * 14 for the result.
// CHECK-LABEL: func.func @collapse_uneven(
// CHECK-SAME:    %arg0: tensor<4x4xf32>
// CHECK-SAME:    -> (tensor<14xf32> {gspmd.global_type = tensor<28xf32>, gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"data"]]>})
// CHECK-DAG:     %[[C14:.*]] = arith.constant 14 : index
// CHECK:         %[[G:.*]] = gspmd.all_gather %arg0 on @mesh ["data"] gather_dim = 0 : tensor<4x4xf32> -> tensor<8x4xf32>
// CHECK-NEXT:    %[[U:.*]] = tensor.extract_slice %[[G]][0, 0] [7, 4] [1, 1] : tensor<8x4xf32> to tensor<7x4xf32>
// CHECK-NEXT:    %[[C:.*]] = tensor.collapse_shape %[[U]] {{\[\[}}0, 1]] : tensor<7x4xf32> into tensor<28xf32>
// CHECK-NEXT:    %[[D:.*]] = gspmd.axis_index @mesh ["data"]
// CHECK-NEXT:    %[[OFF:.*]] = arith.muli %[[D]], %[[C14]] : index
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %[[C]][%[[OFF]]] [14] [1] : tensor<28xf32> to tensor<14xf32>
// CHECK-NEXT:    return %[[S]]
func.func @collapse_uneven(%x: tensor<7x4xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>})
    -> tensor<28xf32> {
  %0 = tensor.collapse_shape %x [[0, 1]] : tensor<7x4xf32> into tensor<28xf32>
  return %0 : tensor<28xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A replicated source whose result is annotated split on the minor dim of
// the expanded group: the expand runs on the whole tensor and the result is
// sliced locally (model * 1 on the 4), no communication.
// CHECK-LABEL: func.func @expand_then_slice(
// CHECK-SAME:    %arg0: tensor<32x16xf32>
// CHECK-SAME:    -> (tensor<8x1x16xf32>
// CHECK-NEXT:    %[[E:.*]] = tensor.expand_shape %arg0 {{\[\[}}0, 1], [2]] output_shape [8, 4, 16] : tensor<32x16xf32> into tensor<8x4x16xf32>
// CHECK-NEXT:    %[[M:.*]] = gspmd.axis_index @mesh ["model"]
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %[[E]][0, %[[M]], 0] [8, 1, 16] [1, 1, 1] : tensor<8x4x16xf32> to tensor<8x1x16xf32>
// CHECK-NEXT:    return %[[S]]
func.func @expand_then_slice(%x: tensor<32x16xf32> {gspmd.sharding = #gspmd.replicated})
    -> (tensor<8x4x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"], []]>}) {
  %0 = tensor.expand_shape %x [[0, 1], [2]] output_shape [8, 4, 16] : tensor<32x16xf32> into tensor<8x4x16xf32>
  return %0 : tensor<8x4x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// tosa.reshape has the same local form, its shape operand a tosa.const_shape
// of the local shape: 32x16 [[data], [model]] -> 8x4x16 [[data], [], [model]]
// is local 16x4 -> 4x4x4.
// CHECK-LABEL: func.func @tosa_reshape_split_major(
// CHECK-SAME:    %arg0: tensor<16x4xf32>
// CHECK:         %[[S:.*]] = tosa.const_shape {{.*}}dense<4> : tensor<3xindex>
// CHECK-NEXT:    %[[R:.*]] = tosa.reshape %arg0, %[[S]] : (tensor<16x4xf32>, !tosa.shape<3>) -> tensor<4x4x4xf32>
// CHECK-NEXT:    return %[[R]]
func.func @tosa_reshape_split_major(%x: tensor<32x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> (tensor<8x4x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], [], ["model"]]>}) {
  %s = tosa.const_shape {values = dense<[8, 4, 16]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %0 = tosa.reshape %x, %s : (tensor<32x16xf32>, !tosa.shape<3>) -> tensor<8x4x16xf32>
  return %0 : tensor<8x4x16xf32>
}
