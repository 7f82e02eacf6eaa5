// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-spmd)' | FileCheck %s

// Reshards that take axes away (tiled -> replicated, or -> fewer axes): one
// all_gather per removed group, along the dim the axes split, in group-rank
// order (coordinate over the listed axes, first major), which is the shard
// order of the dim. An uneven dim's tail shard is padded, and gathered
// padding ends up at the end of the dim: it is dropped with an
// extract_slice from offset 0 as soon as the dim is whole. Gathers that
// drop padding go first (they grow the local size least), then the
// smaller groups.

gspmd.mesh @mesh ["a"=2, "b"=4]

// 8x16 over [[a], [b]]: 4x4 -> 8x4 -> 8x16.
// CHECK-LABEL: func.func @gather_two_dims(
// CHECK-SAME:    %arg0: tensor<4x4xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"a"], ["b"]]>}
// CHECK-SAME:    -> (tensor<8x16xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.replicated})
// CHECK-NEXT:    %[[G0:.*]] = gspmd.all_gather %arg0 on @mesh ["a"] gather_dim = 0 : tensor<4x4xf32> -> tensor<8x4xf32>
// CHECK-NEXT:    %[[G1:.*]] = gspmd.all_gather %[[G0]] on @mesh ["b"] gather_dim = 1 : tensor<8x4xf32> -> tensor<8x16xf32>
// CHECK-NEXT:    return %[[G1]]
func.func @gather_two_dims(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a"], ["b"]]>})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.replicated}) {
  return %x : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["a"=2, "b"=4]

// Two axes on one dim: one gather over the group [a, b], whose rank 4a+b is
// the shard index.
// CHECK-LABEL: func.func @gather_two_axes(
// CHECK-SAME:    %arg0: tensor<2x4xf32>
// CHECK-NEXT:    %[[G:.*]] = gspmd.all_gather %arg0 on @mesh ["a", "b"] gather_dim = 0 : tensor<2x4xf32> -> tensor<16x4xf32>
// CHECK-NEXT:    return %[[G]]
func.func @gather_two_axes(%x: tensor<16x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a", "b"], []]>})
    -> (tensor<16x4xf32> {gspmd.sharding = #gspmd.replicated}) {
  return %x : tensor<16x4xf32>
}

// -----

gspmd.mesh @mesh ["a"=2, "b"=4]

// Minor-major order [b, a]: the group is listed in that order (rank 2b+a),
// 13 over 8 is 2 with shard 6 half full and shard 7 empty: 16 gathered,
// the last 3 dropped.
// CHECK-LABEL: func.func @gather_uneven_axis_order(
// CHECK-SAME:    %arg0: tensor<2xf32> {gspmd.global_type = tensor<13xf32>
// CHECK-SAME:    -> (tensor<13xf32>
// CHECK-NEXT:    %[[G:.*]] = gspmd.all_gather %arg0 on @mesh ["b", "a"] gather_dim = 0 : tensor<2xf32> -> tensor<16xf32>
// CHECK-NEXT:    %[[U:.*]] = tensor.extract_slice %[[G]][0] [13] [1] : tensor<16xf32> to tensor<13xf32>
// CHECK-NEXT:    return %[[U]]
func.func @gather_uneven_axis_order(%x: tensor<13xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["b", "a"]]>})
    -> (tensor<13xf32> {gspmd.sharding = #gspmd.replicated}) {
  return %x : tensor<13xf32>
}

// -----

gspmd.mesh @mesh ["a"=2, "b"=4]

// 7x6 over [[a], [b]]: local 4x2 (dim 0: 4, 3; dim 1: 2, 2, 2, 0). Dim 1
// first (2 -> 6 of the 8 gathered: it shrinks the second gather's input to
// 4x6), each gather followed by dropping its padding.
// CHECK-LABEL: func.func @gather_uneven(
// CHECK-SAME:    %arg0: tensor<4x2xf32>
// CHECK-SAME:    -> (tensor<7x6xf32>
// CHECK-NEXT:    %[[G1:.*]] = gspmd.all_gather %arg0 on @mesh ["b"] gather_dim = 1 : tensor<4x2xf32> -> tensor<4x8xf32>
// CHECK-NEXT:    %[[U1:.*]] = tensor.extract_slice %[[G1]][0, 0] [4, 6] [1, 1] : tensor<4x8xf32> to tensor<4x6xf32>
// CHECK-NEXT:    %[[G0:.*]] = gspmd.all_gather %[[U1]] on @mesh ["a"] gather_dim = 0 : tensor<4x6xf32> -> tensor<8x6xf32>
// CHECK-NEXT:    %[[U0:.*]] = tensor.extract_slice %[[G0]][0, 0] [7, 6] [1, 1] : tensor<8x6xf32> to tensor<7x6xf32>
// CHECK-NEXT:    return %[[U0]]
func.func @gather_uneven(%x: tensor<7x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a"], ["b"]]>})
    -> (tensor<7x6xf32> {gspmd.sharding = #gspmd.replicated}) {
  return %x : tensor<7x6xf32>
}

// -----

gspmd.mesh @mesh ["a"=2, "b"=4]

// To a partially tiled sharding: only the axis that leaves is gathered.
// CHECK-LABEL: func.func @gather_to_partial(
// CHECK-SAME:    %arg0: tensor<4x4xf32>
// CHECK-SAME:    -> (tensor<4x16xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"a"], []]>})
// CHECK-NEXT:    %[[G:.*]] = gspmd.all_gather %arg0 on @mesh ["b"] gather_dim = 1 : tensor<4x4xf32> -> tensor<4x16xf32>
// CHECK-NEXT:    return %[[G]]
func.func @gather_to_partial(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a"], ["b"]]>})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["a"], []]>}) {
  return %x : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["a"=2, "b"=4]

// [[a, b]] -> [[a]] on 16: the minor axis leaves, a stays: 2 -> 8 rows.
// CHECK-LABEL: func.func @gather_minor_axis(
// CHECK-SAME:    %arg0: tensor<2xf32>
// CHECK-SAME:    -> (tensor<8xf32>
// CHECK-NEXT:    %[[G:.*]] = gspmd.all_gather %arg0 on @mesh ["b"] gather_dim = 0 : tensor<2xf32> -> tensor<8xf32>
// CHECK-NEXT:    return %[[G]]
func.func @gather_minor_axis(%x: tensor<16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a", "b"]]>})
    -> (tensor<16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["a"]]>}) {
  return %x : tensor<16xf32>
}

// -----

// An explicit device order changes which MPI rank sits at each mesh position,
// not the IR: collectives name axes, never devices.
gspmd.mesh @ring ["x"=2, "y"=2] devices = [0, 2, 1, 3]

// CHECK-LABEL: func.func @gather_device_list(
// CHECK-SAME:    %arg0: tensor<2x2xf32>
// CHECK-NEXT:    %[[G0:.*]] = gspmd.all_gather %arg0 on @ring ["x"] gather_dim = 0 : tensor<2x2xf32> -> tensor<4x2xf32>
// CHECK-NEXT:    %[[G1:.*]] = gspmd.all_gather %[[G0]] on @ring ["y"] gather_dim = 1 : tensor<4x2xf32> -> tensor<4x4xf32>
// CHECK-NEXT:    return %[[G1]]
func.func @gather_device_list(%x: tensor<4x4xf32> {gspmd.sharding = #gspmd.tiled<@ring, [["x"], ["y"]]>})
    -> (tensor<4x4xf32> {gspmd.sharding = #gspmd.replicated}) {
  return %x : tensor<4x4xf32>
}
