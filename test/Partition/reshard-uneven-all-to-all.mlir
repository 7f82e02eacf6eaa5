// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-spmd)' | FileCheck %s
// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' -o /dev/null | FileCheck %s --check-prefix=BYTES

// An axis moving between an uneven dim at count 1 and its whole target count
// is one all_to_all (lib/Sharding/reshard.c): the fix-ups of the layout
// happen at count 1, as for all_gather's unpad and a slice's pad. The split
// dim, unsplit before, is padded (zeros, padding of the layout) to n *
// ceil(D / n) before the exchange; the concat dim, unsplit after, holds the
// n shards end to end, the global extent then its padding, and is sliced
// back to D. Before, each of these gathered whole and sliced again. Bytes
// per device by the ring model: B(n-1)/n of the padded input.

gspmd.mesh @mesh ["x"=8]

// Even W (24 over 8) -> uneven C (30 over 8: shards of 4, 32 padded), the
// reshard of strategy-tosa-matmul's b: 2x30x3 padded to 2x32x3, exchanged to
// 2x4x24. 768 * 7/8 = 672 B (the gather and slice sent 5040 B).
// CHECK-LABEL: func.func @even_to_uneven(
// CHECK-SAME:    %arg0: tensor<2x30x3xf32>
// CHECK-SAME:    -> (tensor<2x4x24xf32>
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[PAD:.*]] = tensor.pad %arg0 low[0, 0, 0] high[0, 2, 0] {
// CHECK:           tensor.yield %[[ZERO]] : f32
// CHECK-NEXT:    } : tensor<2x30x3xf32> to tensor<2x32x3xf32>
// CHECK-NEXT:    %[[T:.*]] = gspmd.all_to_all %[[PAD]] on @mesh ["x"] split_dim = 1 concat_dim = 2 : tensor<2x32x3xf32> -> tensor<2x4x24xf32>
// CHECK-NEXT:    return %[[T]]
// BYTES: @even_to_uneven: all_to_all on @mesh ["x"] group 8: in tensor<2x32x3xf32> 768 B, sent 672 B,
// BYTES: {{^}}total: 1 op, 1 call, sent 672 B,
func.func @even_to_uneven(%b: tensor<2x30x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], [], ["x"]]>})
    -> (tensor<2x30x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], []]>}) {
  return %b : tensor<2x30x24xf32>
}

// -----

gspmd.mesh @mesh ["x"=8]

// And back: 2x4x24 exchanged to 2x32x3 (rows 30, 31 are device 7's
// padding), sliced to 2x30x3. 672 B (the gather sent 5376 B).
// CHECK-LABEL: func.func @uneven_to_even(
// CHECK-SAME:    %arg0: tensor<2x4x24xf32>
// CHECK-SAME:    -> (tensor<2x30x3xf32>
// CHECK-NEXT:    %[[T:.*]] = gspmd.all_to_all %arg0 on @mesh ["x"] split_dim = 2 concat_dim = 1 : tensor<2x4x24xf32> -> tensor<2x32x3xf32>
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %[[T]][0, 0, 0] [2, 30, 3] [1, 1, 1] : tensor<2x32x3xf32> to tensor<2x30x3xf32>
// CHECK-NEXT:    return %[[S]]
// BYTES: {{^}}total: 1 op, 1 call, sent 672 B,
func.func @uneven_to_even(%b: tensor<2x30x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], []]>})
    -> (tensor<2x30x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], [], ["x"]]>}) {
  return %b : tensor<2x30x24xf32>
}

// -----

gspmd.mesh @mesh ["a"=2, "b"=4]

// Both dims uneven, two axes at once on a 2-D mesh: 7 rows over [a, b]
// (shard 1, device 7 empty) to 12 cols over [a, b] (shard 2, devices 6 and
// 7 empty). Pad the cols 12 -> 16, exchange 1x16 -> 8x2, slice the rows to
// 7: 64 * 7/8 = 56 B.
// CHECK-LABEL: func.func @both_uneven_two_axes(
// CHECK-SAME:    %arg0: tensor<1x12xf32>
// CHECK-SAME:    -> (tensor<7x2xf32>
// CHECK:         %[[PAD:.*]] = tensor.pad %arg0 low[0, 0] high[0, 4] {
// CHECK:         } : tensor<1x12xf32> to tensor<1x16xf32>
// CHECK-NEXT:    %[[T:.*]] = gspmd.all_to_all %[[PAD]] on @mesh ["a", "b"] split_dim = 1 concat_dim = 0 : tensor<1x16xf32> -> tensor<8x2xf32>
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %[[T]][0, 0] [7, 2] [1, 1] : tensor<8x2xf32> to tensor<7x2xf32>
// CHECK-NEXT:    return %[[S]]
// BYTES: {{^}}total: 1 op, 1 call, sent 56 B,
func.func @both_uneven_two_axes(%x: tensor<7x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a", "b"], []]>})
    -> (tensor<7x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["a", "b"]]>}) {
  return %x : tensor<7x12xf32>
}

// -----

gspmd.mesh @mesh ["a"=2, "b"=4]

// Multi-axis, one axis moves: b leaves the minor end of the cols (16 over
// [a, b], even; a stays) for the rows (5 over b: shards 2, 2, 1, 0, padded
// to 8). 5x2 padded to 8x2, exchanged over b to 2x8: 64 * 3/4 = 48 B.
// CHECK-LABEL: func.func @minor_axis_to_uneven(
// CHECK-SAME:    %arg0: tensor<5x2xf32>
// CHECK-SAME:    -> (tensor<2x8xf32>
// CHECK:         %[[PAD:.*]] = tensor.pad %arg0 low[0, 0] high[3, 0] {
// CHECK:         } : tensor<5x2xf32> to tensor<8x2xf32>
// CHECK-NEXT:    %[[T:.*]] = gspmd.all_to_all %[[PAD]] on @mesh ["b"] split_dim = 0 concat_dim = 1 : tensor<8x2xf32> -> tensor<2x8xf32>
// CHECK-NEXT:    return %[[T]]
// BYTES: {{^}}total: 1 op, 1 call, sent 48 B,
func.func @minor_axis_to_uneven(%x: tensor<5x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["a", "b"]]>})
    -> (tensor<5x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["b"], ["a"]]>}) {
  return %x : tensor<5x16xf32>
}

// -----

gspmd.mesh @mesh ["a"=2, "b"=4]

// And back: 2x8 exchanged over b to 8x2, rows sliced to 5. 48 B.
// CHECK-LABEL: func.func @minor_axis_from_uneven(
// CHECK-SAME:    %arg0: tensor<2x8xf32>
// CHECK-SAME:    -> (tensor<5x2xf32>
// CHECK-NEXT:    %[[T:.*]] = gspmd.all_to_all %arg0 on @mesh ["b"] split_dim = 1 concat_dim = 0 : tensor<2x8xf32> -> tensor<8x2xf32>
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %[[T]][0, 0] [5, 2] [1, 1] : tensor<8x2xf32> to tensor<5x2xf32>
// CHECK-NEXT:    return %[[S]]
// BYTES: {{^}}total: 1 op, 1 call, sent 48 B,
func.func @minor_axis_from_uneven(%x: tensor<5x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["b"], ["a"]]>})
    -> (tensor<5x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["a", "b"]]>}) {
  return %x : tensor<5x16xf32>
}

// -----

gspmd.mesh @mesh ["a"=2, "b"=4]

// Even dims need no fix-up: no pad, no slice.
// CHECK-LABEL: func.func @even(
// CHECK-NEXT:    %[[T:.*]] = gspmd.all_to_all %arg0 on @mesh ["a", "b"] split_dim = 1 concat_dim = 0 : tensor<1x16xf32> -> tensor<8x2xf32>
// CHECK-NEXT:    return %[[T]]
// BYTES: {{^}}total: 1 op, 1 call, sent 56 B,
func.func @even(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a", "b"], []]>})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["a", "b"]]>}) {
  return %x : tensor<8x16xf32>
}
