// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-spmd)' | FileCheck %s

// Reshards involving partially tiled shardings (some mesh axes replicate).
// A collective over axes X runs in every group of devices that agree on the
// other axes, so an unused axis simply multiplies the groups: the same
// gather, slice or all_to_all as on the smaller mesh, once per subgroup,
// with no mention of the replicating axes. Up: slice locally; down: gather
// the leaving axis; sideways: all_to_all within the subgroup.

gspmd.mesh @mesh ["a"=2, "b"=4]

// Partially tiled -> tiled: b joins dim 1; 16 cols over b is 4 at b * 4.
// CHECK-LABEL: func.func @partial_to_tiled(
// CHECK-SAME:    %arg0: tensor<4x16xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"a"], []]>}
// CHECK-SAME:    -> (tensor<4x4xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"a"], ["b"]]>})
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[B:.*]] = gspmd.axis_index @mesh ["b"]
// CHECK-NEXT:    %[[COL:.*]] = arith.muli %[[B]], %[[C4]] : index
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %arg0[0, %[[COL]]] [4, 4] [1, 1] : tensor<4x16xf32> to tensor<4x4xf32>
// CHECK-NEXT:    return %[[S]]
func.func @partial_to_tiled(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["a"], []]>})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a"], ["b"]]>}) {
  return %x : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["a"=2, "b"=4]

// And back down to a sharding that replicates over a: gather a on dim 0
// (groups of 2 devices, one per b).
// CHECK-LABEL: func.func @tiled_to_partial(
// CHECK-SAME:    %arg0: tensor<4x4xf32>
// CHECK-SAME:    -> (tensor<8x4xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}], ["b"]]>})
// CHECK-NEXT:    %[[G:.*]] = gspmd.all_gather %arg0 on @mesh ["a"] gather_dim = 0 : tensor<4x4xf32> -> tensor<8x4xf32>
// CHECK-NEXT:    return %[[G]]
func.func @tiled_to_partial(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a"], ["b"]]>})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["b"]]>}) {
  return %x : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["a"=2, "b"=4]

// b moves from rows to cols while a replicates: an all_to_all in each of the
// two subgroups of 4 devices. 2x16 (rows [2b, +2)) -> 8x4 (cols [4b, +4)).
// CHECK-LABEL: func.func @subgroup_all_to_all(
// CHECK-SAME:    %arg0: tensor<2x16xf32>
// CHECK-SAME:    -> (tensor<8x4xf32>
// CHECK-NEXT:    %[[T:.*]] = gspmd.all_to_all %arg0 on @mesh ["b"] split_dim = 1 concat_dim = 0 : tensor<2x16xf32> -> tensor<8x4xf32>
// CHECK-NEXT:    return %[[T]]
func.func @subgroup_all_to_all(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["b"], []]>})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["b"]]>}) {
  return %x : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["a"=2, "b"=4]

// The same between uneven dims: 7 over b is 2 (last shard 1 row + padding),
// 6 over b is 2 (last shard empty). Neither count nests into 1, but both
// fix-ups happen at count 1: the unsplit cols are padded to 4 * 2 = 8 before
// one all_to_all (2x8 -> 8x2: 48 B sent, where gathering the rows sent
// 144 B), and the concatenated rows are sliced back to 7.
// CHECK-LABEL: func.func @subgroup_uneven(
// CHECK-SAME:    %arg0: tensor<2x6xf32>
// CHECK-SAME:    -> (tensor<7x2xf32>
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[PAD:.*]] = tensor.pad %arg0 low[0, 0] high[0, 2] {
// CHECK:           tensor.yield %[[ZERO]] : f32
// CHECK-NEXT:    } : tensor<2x6xf32> to tensor<2x8xf32>
// CHECK-NEXT:    %[[T:.*]] = gspmd.all_to_all %[[PAD]] on @mesh ["b"] split_dim = 1 concat_dim = 0 : tensor<2x8xf32> -> tensor<8x2xf32>
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %[[T]][0, 0] [7, 2] [1, 1] : tensor<8x2xf32> to tensor<7x2xf32>
// CHECK-NEXT:    return %[[S]]
func.func @subgroup_uneven(%x: tensor<7x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["b"], []]>})
    -> (tensor<7x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["b"]]>}) {
  return %x : tensor<7x6xf32>
}

// -----

gspmd.mesh @mesh ["a"=2, "b"=4]

// Partially tiled -> tiled on an uneven dim that nests: 7 over [a] is 4
// (4, 3), over [a, b] is 1, and 4 == 4 * 1. No pad: b slices one row of the
// local 4 at offset b (the size-1 multiply folds away); device (1, 3) takes
// the padding row, which is its (empty) shard 7.
// CHECK-LABEL: func.func @partial_to_tiled_uneven_nested(
// CHECK-SAME:    %arg0: tensor<4x6xf32>
// CHECK-SAME:    -> (tensor<1x6xf32>
// CHECK-NEXT:    %[[B:.*]] = gspmd.axis_index @mesh ["b"]
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %arg0[%[[B]], 0] [1, 6] [1, 1] : tensor<4x6xf32> to tensor<1x6xf32>
// CHECK-NEXT:    return %[[S]]
func.func @partial_to_tiled_uneven_nested(%x: tensor<7x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["a"], []]>})
    -> (tensor<7x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a", "b"], []]>}) {
  return %x : tensor<7x6xf32>
}

// -----

gspmd.mesh @mesh ["x"=2, "y"=2, "z"=2]

// Between two partial shardings with the same count on the same dim (x ->
// y, z replicating throughout): one permute over [x, y] in each z
// subgroup. Device (x, y) holds row block x and must hold block y; it
// sends to the device whose coordinate over [y, x] equals its own over
// [x, y], i.e. (x', y') = (y, x), which wants block y' = x.
// CHECK-LABEL: func.func @partial_permute(
// CHECK-SAME:    %arg0: tensor<4x16xf32>
// CHECK-SAME:    -> (tensor<4x16xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"y"], []]>})
// CHECK-NEXT:    %[[P:.*]] = gspmd.collective_permute %arg0 on @mesh ["x", "y"] to ["y", "x"] : tensor<4x16xf32>
// CHECK-NEXT:    return %[[P]]
func.func @partial_permute(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>}) {
  return %x : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["x"=2, "y"=2, "z"=2]

// Partial -> tiled with a sideways move: y goes to dim 1 (all_to_all,
// 2x16 -> 4x8: rows [4x, +4)), then z, replicated so far, joins dim 0 by
// a local slice (rows 4x + 2z).
// CHECK-LABEL: func.func @partial_to_tiled_all_to_all(
// CHECK-SAME:    %arg0: tensor<2x16xf32>
// CHECK-SAME:    -> (tensor<2x8xf32>
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[T:.*]] = gspmd.all_to_all %arg0 on @mesh ["y"] split_dim = 1 concat_dim = 0 : tensor<2x16xf32> -> tensor<4x8xf32>
// CHECK-NEXT:    %[[Z:.*]] = gspmd.axis_index @mesh ["z"]
// CHECK-NEXT:    %[[ROW:.*]] = arith.muli %[[Z]], %[[C2]] : index
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %[[T]][%[[ROW]], 0] [2, 8] [1, 1] : tensor<4x8xf32> to tensor<2x8xf32>
// CHECK-NEXT:    return %[[S]]
func.func @partial_to_tiled_all_to_all(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x", "y"], []]>})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "z"], ["y"]]>}) {
  return %x : tensor<8x16xf32>
}
