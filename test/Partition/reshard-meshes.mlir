// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-spmd)' -verify-diagnostics | FileCheck %s

// Reshards between two meshes of the same device count (device ids, the
// MPI ranks, are shared): no collective spans two meshes, so the value is
// made whole on the source mesh (gathers there, padding dropped) and sliced
// on the target mesh (axis_index of the target mesh, padding added). Meshes
// of different device counts cannot exchange values: an error.

gspmd.mesh @m1 ["a"=2, "b"=4]
gspmd.mesh @m2 ["x"=8]

// CHECK-LABEL: func.func @two_meshes(
// CHECK-SAME:    %arg0: tensor<4x4xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.tiled<@m1, {{\[\[}}"a"], ["b"]]>}
// CHECK-SAME:    -> (tensor<8x2xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.tiled<@m2, {{\[\[}}], ["x"]]>})
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[G0:.*]] = gspmd.all_gather %arg0 on @m1 ["a"] gather_dim = 0 : tensor<4x4xf32> -> tensor<8x4xf32>
// CHECK-NEXT:    %[[G1:.*]] = gspmd.all_gather %[[G0]] on @m1 ["b"] gather_dim = 1 : tensor<8x4xf32> -> tensor<8x16xf32>
// CHECK-NEXT:    %[[X:.*]] = gspmd.axis_index @m2 ["x"]
// CHECK-NEXT:    %[[COL:.*]] = arith.muli %[[X]], %[[C2]] : index
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %[[G1]][0, %[[COL]]] [8, 2] [1, 1] : tensor<8x16xf32> to tensor<8x2xf32>
// CHECK-NEXT:    return %[[S]]
func.func @two_meshes(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@m1, [["a"], ["b"]]>})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@m2, [[], ["x"]]>}) {
  return %x : tensor<8x16xf32>
}

// -----

gspmd.mesh @m1 ["a"=2, "b"=4]
gspmd.mesh @m2 ["x"=8]

// Uneven: 7x6 on @m1 is 4x2; on @m2 [[x], []] 7 rows over 8 is 1 (shard 7
// empty). Unpad each gathered dim on @m1, pad rows to 8 on @m2, slice at x.
// The exp runs on @m1's layout, before the move.
// CHECK-LABEL: func.func @two_meshes_uneven(
// CHECK-SAME:    %arg0: tensor<4x2xf32>
// CHECK-SAME:    -> (tensor<1x6xf32>
// CHECK:         %[[E:.*]] = math.exp %arg0 : tensor<4x2xf32>
// CHECK-NEXT:    %[[G1:.*]] = gspmd.all_gather %[[E]] on @m1 ["b"] gather_dim = 1 : tensor<4x2xf32> -> tensor<4x8xf32>
// CHECK-NEXT:    %[[U1:.*]] = tensor.extract_slice %[[G1]][0, 0] [4, 6] [1, 1] : tensor<4x8xf32> to tensor<4x6xf32>
// CHECK-NEXT:    %[[G0:.*]] = gspmd.all_gather %[[U1]] on @m1 ["a"] gather_dim = 0 : tensor<4x6xf32> -> tensor<8x6xf32>
// CHECK-NEXT:    %[[U0:.*]] = tensor.extract_slice %[[G0]][0, 0] [7, 6] [1, 1] : tensor<8x6xf32> to tensor<7x6xf32>
// CHECK-NEXT:    %[[X:.*]] = gspmd.axis_index @m2 ["x"]
// CHECK-NEXT:    %[[PAD:.*]] = tensor.pad %[[U0]] low[0, 0] high[1, 0] {
// CHECK:         } : tensor<7x6xf32> to tensor<8x6xf32>
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %[[PAD]][%[[X]], 0] [1, 6] [1, 1] : tensor<8x6xf32> to tensor<1x6xf32>
// CHECK-NEXT:    return %[[S]]
func.func @two_meshes_uneven(%x: tensor<7x6xf32> {gspmd.sharding = #gspmd.tiled<@m1, [["a"], ["b"]]>})
    -> (tensor<7x6xf32> {gspmd.sharding = #gspmd.tiled<@m2, [["x"], []]>}) {
  %0 = math.exp %x {gspmd.sharding = [#gspmd.tiled<@m1, [["a"], ["b"]]>]} : tensor<7x6xf32>
  return %0 : tensor<7x6xf32>
}

// -----

// Same shape of mesh, another device order: still two meshes, so still
// gather on one and slice on the other (axis_index of @ring reads the
// device's position through its device list at run time).
gspmd.mesh @m1 ["a"=2, "b"=4]
gspmd.mesh @ring ["x"=2, "y"=4] devices = [0, 2, 4, 6, 1, 3, 5, 7]

// CHECK-LABEL: func.func @device_order(
// CHECK-SAME:    -> (tensor<4x4xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.tiled<@ring, {{\[\[}}"x"], ["y"]]>})
// CHECK:         gspmd.all_gather %arg0 on @m1 ["a"] gather_dim = 0
// CHECK-NEXT:    %[[G:.*]] = gspmd.all_gather %{{.*}} on @m1 ["b"] gather_dim = 1 : tensor<8x4xf32> -> tensor<8x16xf32>
// CHECK-NEXT:    %[[X:.*]] = gspmd.axis_index @ring ["x"]
// CHECK-NEXT:    %[[ROW:.*]] = arith.muli %[[X]], %{{.*}} : index
// CHECK-NEXT:    %[[Y:.*]] = gspmd.axis_index @ring ["y"]
// CHECK-NEXT:    %[[COL:.*]] = arith.muli %[[Y]], %{{.*}} : index
// CHECK-NEXT:    tensor.extract_slice %[[G]][%[[ROW]], %[[COL]]] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x4xf32>
func.func @device_order(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@m1, [["a"], ["b"]]>})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@ring, [["x"], ["y"]]>}) {
  return %x : tensor<8x16xf32>
}

// -----

gspmd.mesh @m1 ["a"=2, "b"=4]
gspmd.mesh @m4 ["x"=4]

func.func @different_device_counts(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@m1, [["a"], ["b"]]>})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@m4, [[], ["x"]]>}) {
  // expected-error@+1 {{gspmd-partition: cannot reshard between meshes of 8 and 4 devices}}
  return %x : tensor<8x16xf32>
}
