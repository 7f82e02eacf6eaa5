// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-spmd)' | FileCheck %s

// Reshards between two tiled shardings of the same mesh (mostly from the
// function argument's sharding to the result's, a few through
// gspmd.sharding_constraint). Layout (DESIGN section 2): a dim of
// size D over n shards has shard size s = ceil(D/n), shard k holds
// [k*s, min((k+1)*s, D)), the device's shard index is its coordinate over
// the dim's axes, major to minor. Each case is the cheapest plan the
// planner knows, worked out by hand:
//  - same axes per dim in another order, or the same per-dim counts
//    elsewhere: one collective_permute `to` (B bytes per device);
//  - an axis moving from the minor end of one dim to the minor end of
//    another: all_to_all (B(n-1)/n), several adjacent axes in one step;
//  - otherwise gather what must leave and slice what must arrive.
// Uneven dims only take the exact steps when the old and new shard counts
// nest (ceil(D/c) == (c'/c) * ceil(D/c')); otherwise the fix-ups happen at
// count 1: the dim is gathered whole, its padding dropped, and padded again
// before the slice, or an all_to_all pads its unsplit split dim before the
// exchange and slices its concat dim back to the global size after.

gspmd.mesh @mesh ["a"=2, "b"=4]

// 16 over [a, b]: device (a, b) holds shard 4a+b; over [b, a] it must hold
// shard 2b+a. Same count (8) and axis set: the device at coordinate k over
// [a, b] sends its shard to the device at coordinate k over [b, a].
// CHECK-LABEL: func.func @swap_axis_order(
// CHECK-SAME:    %arg0: tensor<2xf32> {gspmd.global_type = tensor<16xf32>, gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"a", "b"]]>}
// CHECK-SAME:    -> (tensor<2xf32> {gspmd.global_type = tensor<16xf32>, gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"b", "a"]]>})
// CHECK-NEXT:    %[[P:.*]] = gspmd.collective_permute %arg0 on @mesh ["a", "b"] to ["b", "a"] : tensor<2xf32>
// CHECK-NEXT:    return %[[P]]
func.func @swap_axis_order(%x: tensor<16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a", "b"]]>})
    -> (tensor<16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["b", "a"]]>}) {
  return %x : tensor<16xf32>
}

// -----

gspmd.mesh @mesh ["a"=2, "b"=4]

// Uneven (14 over 8: shard 2, shard 7 empty): equal counts give equal
// padded shapes, so the same single permute moves the padding along.
// CHECK-LABEL: func.func @swap_axis_order_uneven(
// CHECK-SAME:    %arg0: tensor<2xf32> {gspmd.global_type = tensor<14xf32>
// CHECK-NEXT:    %[[P:.*]] = gspmd.collective_permute %arg0 on @mesh ["a", "b"] to ["b", "a"] : tensor<2xf32>
// CHECK-NEXT:    return %[[P]]
func.func @swap_axis_order_uneven(%x: tensor<14xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a", "b"]]>})
    -> (tensor<14xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["b", "a"]]>}) {
  return %x : tensor<14xf32>
}

// -----

gspmd.mesh @mesh ["a"=2, "b"=2, "c"=2]

// Three axes on two dims, same per-dim counts (4, 2) before and after: the
// tuple of shard indices is a coordinate over [a, b, c] before and over
// [c, a, b] after, so one permute suffices.
// CHECK-LABEL: func.func @permute_across_dims(
// CHECK-SAME:    %arg0: tensor<2x2xf32>
// CHECK-SAME:    -> (tensor<2x2xf32>
// CHECK-NEXT:    %[[P:.*]] = gspmd.collective_permute %arg0 on @mesh ["a", "b", "c"] to ["c", "a", "b"] : tensor<2x2xf32>
// CHECK-NEXT:    return %[[P]]
func.func @permute_across_dims(%x: tensor<8x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a", "b"], ["c"]]>})
    -> (tensor<8x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["c", "a"], ["b"]]>}) {
  return %x : tensor<8x4xf32>
}

// -----

gspmd.mesh @mesh ["a"=2, "b"=2, "c"=2]

// [[a, b, c], []] -> [[c, a], [b]]: first c moves from dim 0's minor end to
// dim 1 (all_to_all, 1x4 -> 2x2: rows [4a+2b, +2), cols [2c, +2)), which
// leaves the counts (4, 2) of the target; then one permute reorders.
// CHECK-LABEL: func.func @all_to_all_then_permute(
// CHECK-SAME:    %arg0: tensor<1x4xf32>
// CHECK-SAME:    -> (tensor<2x2xf32>
// CHECK-NEXT:    %[[T:.*]] = gspmd.all_to_all %arg0 on @mesh ["c"] split_dim = 1 concat_dim = 0 : tensor<1x4xf32> -> tensor<2x2xf32>
// CHECK-NEXT:    %[[P:.*]] = gspmd.collective_permute %[[T]] on @mesh ["a", "b", "c"] to ["c", "a", "b"] : tensor<2x2xf32>
// CHECK-NEXT:    return %[[P]]
func.func @all_to_all_then_permute(%x: tensor<8x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a", "b", "c"], []]>})
    -> (tensor<8x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["c", "a"], ["b"]]>}) {
  return %x : tensor<8x4xf32>
}

// -----

gspmd.mesh @mesh ["a"=2, "b"=4]

// [[b], [a]] -> [[a, b], []]: an all_to_all of a, then a permute (2x16
// local, 64 + 128 B per device).
// CHECK-LABEL: func.func @all_to_all_then_permute_2x4(
// CHECK-NEXT:    %[[T:.*]] = gspmd.all_to_all %arg0 on @mesh ["a"] split_dim = 0 concat_dim = 1 : tensor<4x8xf32> -> tensor<2x16xf32>
// CHECK-NEXT:    %[[P:.*]] = gspmd.collective_permute %[[T]] on @mesh ["b", "a"] to ["a", "b"] : tensor<2x16xf32>
// CHECK-NEXT:    return %[[P]]
func.func @all_to_all_then_permute_2x4(%x: tensor<16x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["b"], ["a"]]>})
    -> (tensor<16x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a", "b"], []]>}) {
  return %x : tensor<16x16xf32>
}

// -----

gspmd.mesh @mesh ["a"=2, "b"=4]

// [[a], [b]] -> [[b], [a]] on 8x16: local 4x4 -> 2x8. Counts differ per dim
// (2, 4 -> 4, 2), so no permute. Gather the smaller group a on dim 0 (8x4:
// all rows, cols [4b, +4)); b then moves from dim 1 to dim 0 in one
// all_to_all (rows split in 4 pieces of 2, piece j to b = j; the received
// column blocks concatenated in b order: 2x16 = rows [2b, +2), all cols);
// finally a is free and cols are sliced at a * 8 with no communication.
// CHECK-LABEL: func.func @swap_dims(
// CHECK-SAME:    %arg0: tensor<4x4xf32>
// CHECK-SAME:    -> (tensor<2x8xf32>
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK:         %[[G:.*]] = gspmd.all_gather %arg0 on @mesh ["a"] gather_dim = 0 : tensor<4x4xf32> -> tensor<8x4xf32>
// CHECK-NEXT:    %[[T:.*]] = gspmd.all_to_all %[[G]] on @mesh ["b"] split_dim = 0 concat_dim = 1 : tensor<8x4xf32> -> tensor<2x16xf32>
// CHECK-NEXT:    %[[A:.*]] = gspmd.axis_index @mesh ["a"]
// CHECK-NEXT:    %[[OFF:.*]] = arith.muli %[[A]], %[[C8]] : index
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %[[T]][0, %[[OFF]]] [2, 8] [1, 1] : tensor<2x16xf32> to tensor<2x8xf32>
// CHECK-NEXT:    return %[[S]]
func.func @swap_dims(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a"], ["b"]]>})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["b"], ["a"]]>}) {
  return %x : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["a"=2, "b"=4]

// The same on 7x6: dim 0 goes 7/2 = 4 (4, 3) -> 7/4 = 2 (2, 2, 2, 1), dim 1
// goes 6/4 = 2 (2, 2, 2, 0) -> 6/2 = 3. Neither nests into count 1. Dim 1 is
// gathered whole and unpadded (4x2 -> 4x6, 96 B), then a moves from dim 0 to
// dim 1 in one all_to_all (4x6 -> 8x3, 48 B) whose concatenated rows are
// sliced back to 7 (the fix-up at count 1), and b is sliced onto the rows,
// padded to 4 * 2 = 8: 144 B, where gathering both dims sent 192 B.
// CHECK-LABEL: func.func @swap_dims_uneven(
// CHECK-SAME:    %arg0: tensor<4x2xf32>
// CHECK-SAME:    -> (tensor<2x3xf32>
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK:         %[[G1:.*]] = gspmd.all_gather %arg0 on @mesh ["b"] gather_dim = 1 : tensor<4x2xf32> -> tensor<4x8xf32>
// CHECK-NEXT:    %[[U1:.*]] = tensor.extract_slice %[[G1]][0, 0] [4, 6] [1, 1] : tensor<4x8xf32> to tensor<4x6xf32>
// CHECK-NEXT:    %[[T:.*]] = gspmd.all_to_all %[[U1]] on @mesh ["a"] split_dim = 1 concat_dim = 0 : tensor<4x6xf32> -> tensor<8x3xf32>
// CHECK-NEXT:    %[[U0:.*]] = tensor.extract_slice %[[T]][0, 0] [7, 3] [1, 1] : tensor<8x3xf32> to tensor<7x3xf32>
// CHECK-NEXT:    %[[B:.*]] = gspmd.axis_index @mesh ["b"]
// CHECK-NEXT:    %[[ROW:.*]] = arith.muli %[[B]], %[[C2]] : index
// CHECK-NEXT:    %[[PAD:.*]] = tensor.pad %[[U0]] low[0, 0] high[1, 0] {
// CHECK:           tensor.yield %[[ZERO]] : f32
// CHECK-NEXT:    } : tensor<7x3xf32> to tensor<8x3xf32>
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %[[PAD]][%[[ROW]], 0] [2, 3] [1, 1] : tensor<8x3xf32> to tensor<2x3xf32>
// CHECK-NEXT:    return %[[S]]
func.func @swap_dims_uneven(%x: tensor<7x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a"], ["b"]]>})
    -> (tensor<7x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["b"], ["a"]]>}) {
  return %x : tensor<7x6xf32>
}

// -----

gspmd.mesh @mesh ["a"=2, "b"=4]

// Both axes move together (adjacent in both lists): one all_to_all over
// [a, b]. Local 1x16 (row 4a+b) -> 8x2: cols split in 8 pieces, piece k to
// the device at coordinate k over [a, b]; rows concatenated in source order.
// CHECK-LABEL: func.func @move_two_axes(
// CHECK-SAME:    %arg0: tensor<1x16xf32>
// CHECK-SAME:    -> (tensor<8x2xf32>
// CHECK-NEXT:    %[[T:.*]] = gspmd.all_to_all %arg0 on @mesh ["a", "b"] split_dim = 1 concat_dim = 0 : tensor<1x16xf32> -> tensor<8x2xf32>
// CHECK-NEXT:    return %[[T]]
func.func @move_two_axes(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a", "b"], []]>})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["a", "b"]]>}) {
  return %x : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["a"=2, "b"=4]

// The same on 6x10: 6 over 8 is 1 (rows 6, 7 empty), 10 over 8 is 2 (the
// last three shards empty). Padding sits in different places, but both
// fix-ups happen at count 1: the unsplit cols are padded to 8 * 2 = 16, one
// all_to_all over [a, b] exchanges them (1x16 -> 8x2, 56 B where gathering
// the rows sent 280 B), and the concatenated rows are sliced back to 6.
// CHECK-LABEL: func.func @move_two_axes_uneven(
// CHECK-SAME:    %arg0: tensor<1x10xf32>
// CHECK-SAME:    -> (tensor<6x2xf32>
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[PAD:.*]] = tensor.pad %arg0 low[0, 0] high[0, 6] {
// CHECK:           tensor.yield %[[ZERO]] : f32
// CHECK-NEXT:    } : tensor<1x10xf32> to tensor<1x16xf32>
// CHECK-NEXT:    %[[T:.*]] = gspmd.all_to_all %[[PAD]] on @mesh ["a", "b"] split_dim = 1 concat_dim = 0 : tensor<1x16xf32> -> tensor<8x2xf32>
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %[[T]][0, 0] [6, 2] [1, 1] : tensor<8x2xf32> to tensor<6x2xf32>
// CHECK-NEXT:    return %[[S]]
func.func @move_two_axes_uneven(%x: tensor<6x10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a", "b"], []]>})
    -> (tensor<6x10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["a", "b"]]>}) {
  return %x : tensor<6x10xf32>
}

// -----

gspmd.mesh @mesh ["a"=2, "b"=4]

// b moves from dim 0 (where a stays) to dim 1: all_to_all over b alone.
// Local 1x16 (row 4a+b) -> 4x4 = rows [4a, +4), cols [4b, +4).
// CHECK-LABEL: func.func @move_minor_axis(
// CHECK-SAME:    %arg0: tensor<1x16xf32>
// CHECK-SAME:    -> (tensor<4x4xf32>
// CHECK-NEXT:    %[[T:.*]] = gspmd.all_to_all %arg0 on @mesh ["b"] split_dim = 1 concat_dim = 0 : tensor<1x16xf32> -> tensor<4x4xf32>
// CHECK-NEXT:    return %[[T]]
func.func @move_minor_axis(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a", "b"], []]>})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a"], ["b"]]>}) {
  return %x : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["a"=2, "b"=4]

// Back the other way on an uneven dim that nests: 7 over [a] is 4 (4, 3),
// 7 over [a, b] is 1 (seven rows, one empty shard), and 4 == (8/2) * 1. The
// all_to_all splits the 4 local rows (the last one of a = 1 is padding) one
// per b: row 4a+b, the empty shard 7 getting the padding row.
// CHECK-LABEL: func.func @move_minor_axis_uneven_nested(
// CHECK-SAME:    %arg0: tensor<4x2xf32>
// CHECK-SAME:    -> (tensor<1x8xf32>
// CHECK-NEXT:    %[[T:.*]] = gspmd.all_to_all %arg0 on @mesh ["b"] split_dim = 0 concat_dim = 1 : tensor<4x2xf32> -> tensor<1x8xf32>
// CHECK-NEXT:    return %[[T]]
func.func @move_minor_axis_uneven_nested(%x: tensor<7x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a"], ["b"]]>})
    -> (tensor<7x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a", "b"], []]>}) {
  return %x : tensor<7x8xf32>
}

// -----

gspmd.mesh @mesh ["a"=2, "b"=4]

// 6 over [a, b] is 1 (1 x 6, two empty shards) and 6 over [a] is 3: 3 !=
// (8/2) * 1, the shards do not nest, an all_to_all would put padding rows
// inside a's shard. The dim is gathered whole, unpadded, and sliced at
// (a * 3, b * 4).
// CHECK-LABEL: func.func @move_minor_axis_uneven_not_nested(
// CHECK-SAME:    %arg0: tensor<1x16xf32>
// CHECK-SAME:    -> (tensor<3x4xf32>
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-NOT:     gspmd.all_to_all
// CHECK:         %[[G:.*]] = gspmd.all_gather %arg0 on @mesh ["a", "b"] gather_dim = 0 : tensor<1x16xf32> -> tensor<8x16xf32>
// CHECK-NEXT:    %[[U:.*]] = tensor.extract_slice %[[G]][0, 0] [6, 16] [1, 1] : tensor<8x16xf32> to tensor<6x16xf32>
// CHECK-NEXT:    %[[A:.*]] = gspmd.axis_index @mesh ["a"]
// CHECK-NEXT:    %[[ROW:.*]] = arith.muli %[[A]], %[[C3]] : index
// CHECK-NEXT:    %[[B:.*]] = gspmd.axis_index @mesh ["b"]
// CHECK-NEXT:    %[[COL:.*]] = arith.muli %[[B]], %[[C4]] : index
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %[[U]][%[[ROW]], %[[COL]]] [3, 4] [1, 1] : tensor<6x16xf32> to tensor<3x4xf32>
// CHECK-NEXT:    return %[[S]]
func.func @move_minor_axis_uneven_not_nested(%x: tensor<6x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a", "b"], []]>})
    -> (tensor<6x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a"], ["b"]]>}) {
  return %x : tensor<6x16xf32>
}

// -----

gspmd.mesh @mesh ["a"=2, "b"=4]

// The same reshard asked for by a sharding_constraint between two ops: exp
// runs on the argument's rows, the all_to_all sits where the constraint was
// (the constraint itself is gone), sin runs on the new cols.
// CHECK-LABEL: func.func @constraint_between_ops(
// CHECK-SAME:    %arg0: tensor<1x16xf32>
// CHECK-SAME:    -> (tensor<8x2xf32>
// CHECK-NEXT:    %[[E:.*]] = math.exp %arg0 : tensor<1x16xf32>
// CHECK-NEXT:    %[[T:.*]] = gspmd.all_to_all %[[E]] on @mesh ["a", "b"] split_dim = 1 concat_dim = 0 : tensor<1x16xf32> -> tensor<8x2xf32>
// CHECK-NEXT:    %[[S:.*]] = math.sin %[[T]] : tensor<8x2xf32>
// CHECK-NEXT:    return %[[S]]
// CHECK-NOT:     gspmd.sharding_constraint
func.func @constraint_between_ops(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a", "b"], []]>})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["a", "b"]]>}) {
  %0 = math.exp %x : tensor<8x16xf32>
  %1 = gspmd.sharding_constraint %0, #gspmd.tiled<@mesh, [[], ["a", "b"]]> : tensor<8x16xf32>
  %2 = math.sin %1 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["a"=2, "b"=4]

// Constraints on constraints: each one is a reshard from the previous
// layout, in order. [[a], []] -> [[a, b], []]: slice one of the 4 local rows
// at b (8 over [a, b] is 1; the size-1 multiply folds); -> [[], [a, b]]: one
// all_to_all; -> [[], [b, a]]: one permute; -> replicated (the result): one
// gather over [b, a], the new group order.
// CHECK-LABEL: func.func @constraint_chain(
// CHECK-SAME:    %arg0: tensor<4x16xf32>
// CHECK-SAME:    -> (tensor<8x16xf32>
// CHECK-NEXT:    %[[B:.*]] = gspmd.axis_index @mesh ["b"]
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %arg0[%[[B]], 0] [1, 16] [1, 1] : tensor<4x16xf32> to tensor<1x16xf32>
// CHECK-NEXT:    %[[T:.*]] = gspmd.all_to_all %[[S]] on @mesh ["a", "b"] split_dim = 1 concat_dim = 0 : tensor<1x16xf32> -> tensor<8x2xf32>
// CHECK-NEXT:    %[[P:.*]] = gspmd.collective_permute %[[T]] on @mesh ["a", "b"] to ["b", "a"] : tensor<8x2xf32>
// CHECK-NEXT:    %[[G:.*]] = gspmd.all_gather %[[P]] on @mesh ["b", "a"] gather_dim = 1 : tensor<8x2xf32> -> tensor<8x16xf32>
// CHECK-NEXT:    return %[[G]]
func.func @constraint_chain(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["a"], []]>})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.replicated}) {
  %0 = gspmd.sharding_constraint %x, #gspmd.tiled<@mesh, [["a", "b"], []]> : tensor<8x16xf32>
  %1 = gspmd.sharding_constraint %0, #gspmd.tiled<@mesh, [[], ["a", "b"]]> : tensor<8x16xf32>
  %2 = gspmd.sharding_constraint %1, #gspmd.tiled<@mesh, [[], ["b", "a"]]> : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}
