// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-spmd)' | FileCheck %s
// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-spmd)' | FileCheck %s --check-prefix=NOCOMM

// Reshards that add axes to a replicated (or less split) value never
// communicate: every device already holds its shard and takes it with a
// local extract_slice at offset (coordinate over the dim's new axes) *
// (new shard size), the coordinate read from gspmd.axis_index at run time
// (nothing per device at compile time). An uneven dim is first padded with
// zeros to n * ceil(D/n) so that every slice, the tail ones included, is
// in bounds.

// NOCOMM-NOT: gspmd.all_gather
// NOCOMM-NOT: gspmd.all_reduce
// NOCOMM-NOT: gspmd.all_to_all
// NOCOMM-NOT: gspmd.reduce_scatter
// NOCOMM-NOT: gspmd.collective_permute

gspmd.mesh @mesh ["a"=2, "b"=4]

// 8x16 -> 4x4 at (a * 4, b * 4).
// CHECK-LABEL: func.func @slice_two_dims(
// CHECK-SAME:    %arg0: tensor<8x16xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.replicated}
// CHECK-SAME:    -> (tensor<4x4xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"a"], ["b"]]>})
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[A:.*]] = gspmd.axis_index @mesh ["a"]
// CHECK-NEXT:    %[[ROW:.*]] = arith.muli %[[A]], %[[C4]] : index
// CHECK-NEXT:    %[[B:.*]] = gspmd.axis_index @mesh ["b"]
// CHECK-NEXT:    %[[COL:.*]] = arith.muli %[[B]], %[[C4]] : index
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %arg0[%[[ROW]], %[[COL]]] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x4xf32>
// CHECK-NEXT:    return %[[S]]
func.func @slice_two_dims(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.replicated})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a"], ["b"]]>}) {
  return %x : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["a"=2, "b"=4]

// Two axes on one dim, b major: the coordinate over [b, a] is 2b+a, the
// shard index of 16 rows over 8 (2 each).
// CHECK-LABEL: func.func @slice_two_axes(
// CHECK-SAME:    -> (tensor<2x4xf32>
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[K:.*]] = gspmd.axis_index @mesh ["b", "a"]
// CHECK-NEXT:    %[[ROW:.*]] = arith.muli %[[K]], %[[C2]] : index
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %arg0[%[[ROW]], 0] [2, 4] [1, 1] : tensor<16x4xf32> to tensor<2x4xf32>
// CHECK-NEXT:    return %[[S]]
func.func @slice_two_axes(%x: tensor<16x4xf32> {gspmd.sharding = #gspmd.replicated})
    -> (tensor<16x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["b", "a"], []]>}) {
  return %x : tensor<16x4xf32>
}

// -----

gspmd.mesh @mesh ["a"=2, "b"=4]

// 7x6 -> 4x2: 7 over 2 is 4 (padded to 8), 6 over 4 is 2 (padded to 8; the
// last shard is all padding). One pad for both dims, then one slice.
// CHECK-LABEL: func.func @slice_uneven(
// CHECK-SAME:    -> (tensor<4x2xf32> {gspmd.global_type = tensor<7x6xf32>
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK:         %[[A:.*]] = gspmd.axis_index @mesh ["a"]
// CHECK-NEXT:    %[[ROW:.*]] = arith.muli %[[A]], %[[C4]] : index
// CHECK-NEXT:    %[[B:.*]] = gspmd.axis_index @mesh ["b"]
// CHECK-NEXT:    %[[COL:.*]] = arith.muli %[[B]], %[[C2]] : index
// CHECK-NEXT:    %[[PAD:.*]] = tensor.pad %arg0 low[0, 0] high[1, 2] {
// CHECK:           tensor.yield %[[ZERO]] : f32
// CHECK-NEXT:    } : tensor<7x6xf32> to tensor<8x8xf32>
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %[[PAD]][%[[ROW]], %[[COL]]] [4, 2] [1, 1] : tensor<8x8xf32> to tensor<4x2xf32>
// CHECK-NEXT:    return %[[S]]
func.func @slice_uneven(%x: tensor<7x6xf32> {gspmd.sharding = #gspmd.replicated})
    -> (tensor<7x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a"], ["b"]]>}) {
  return %x : tensor<7x6xf32>
}

// -----

gspmd.mesh @mesh ["a"=2, "b"=4]

// Only the split dim is padded: 5 over b is 2 (padded to 8, the last shard
// all padding); i1 padding is `false`.
// CHECK-LABEL: func.func @slice_uneven_i1(
// CHECK-SAME:    -> (tensor<8x2xi1>
// CHECK-DAG:     %[[FALSE:.*]] = arith.constant false
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK:         %[[B:.*]] = gspmd.axis_index @mesh ["b"]
// CHECK-NEXT:    %[[COL:.*]] = arith.muli %[[B]], %[[C2]] : index
// CHECK-NEXT:    %[[PAD:.*]] = tensor.pad %arg0 low[0, 0] high[0, 3] {
// CHECK:           tensor.yield %[[FALSE]] : i1
// CHECK-NEXT:    } : tensor<8x5xi1> to tensor<8x8xi1>
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %[[PAD]][0, %[[COL]]] [8, 2] [1, 1] : tensor<8x8xi1> to tensor<8x2xi1>
// CHECK-NEXT:    return %[[S]]
func.func @slice_uneven_i1(%x: tensor<8x5xi1> {gspmd.sharding = #gspmd.replicated})
    -> (tensor<8x5xi1> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["b"]]>}) {
  return %x : tensor<8x5xi1>
}

// -----

gspmd.mesh @mesh ["a"=2, "b"=4]

// Adding the minor axis b to a dim already split by a slices inside the
// local shard: 16 over [a] is 8, over [a, b] is 2: offset b * 2 in the
// local 8 (global 8a + 2b = (4a + b) * 2).
// CHECK-LABEL: func.func @slice_minor_axis(
// CHECK-SAME:    %arg0: tensor<8xf32>
// CHECK-SAME:    -> (tensor<2xf32>
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[B:.*]] = gspmd.axis_index @mesh ["b"]
// CHECK-NEXT:    %[[OFF:.*]] = arith.muli %[[B]], %[[C2]] : index
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %arg0[%[[OFF]]] [2] [1] : tensor<8xf32> to tensor<2xf32>
// CHECK-NEXT:    return %[[S]]
func.func @slice_minor_axis(%x: tensor<16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["a"]]>})
    -> (tensor<16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a", "b"]]>}) {
  return %x : tensor<16xf32>
}
