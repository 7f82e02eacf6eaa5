// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' -o /dev/null | FileCheck %s

// An extract_slice of a tensor.pad along split dims is read as a pad of a
// slice of the pad's source (SlicesOfPads.c), so that the pair moves only
// what the slice reads, not whole padded rows and then the slice's window.
// 148 B per device in all, where the pad then the slice moved 1372 B.

gspmd.mesh @mesh ["a"=4]
gspmd.mesh @mesh2 ["x"=2, "y"=2]

// A quarter of the columns of 16x32 padded by 1 (0.5), rows split: x[0:15,
// 0:7] padded low [1, 1]; the pad's one row comes from the previous
// device, 7 wide: 28 B (608 B before: 1 + 3 padded rows of 32, then 3 rows
// of 8 for the slice).
// CHECK-LABEL: gspmd-comm-report
// CHECK-NEXT: @quarter: collective_permute on @mesh ["a"] group 4: in tensor<1x7xf32> 28 B, sent 28 B
// CHECK-NOT: @quarter
func.func @quarter(%x: tensor<16x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a"], []]>})
    -> (tensor<16x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a"], []]>}) {
  %pv = arith.constant 0.5 : f32
  %p = tensor.pad %x low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %pv : f32
  } : tensor<16x32xf32> to tensor<18x34xf32>
  %s = tensor.extract_slice %p[0, 0] [16, 8] [1, 1] : tensor<18x34xf32> to tensor<16x8xf32>
  %r = math.exp %s : tensor<16x8xf32>
  return %r : tensor<16x8xf32>
}

// Uneven (13 rows over 4), offsets into the padding of both dims: x[0:13,
// 0:8] padded low [1, 1]: one row of 8, 32 B (292 B before).
// CHECK-NEXT: @uneven: collective_permute on @mesh ["a"] group 4: in tensor<1x8xf32> 32 B, sent 32 B
// CHECK-NOT: @uneven
func.func @uneven(%x: tensor<13x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a"], []]>})
    -> (tensor<14x9xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a"], []]>}) {
  %pv = arith.constant -1.0 : f32
  %p = tensor.pad %x low[2, 3] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %pv : f32
  } : tensor<13x32xf32> to tensor<16x35xf32>
  %s = tensor.extract_slice %p[1, 2] [14, 9] [1, 1] : tensor<16x35xf32> to tensor<14x9xf32>
  %r = math.exp %s : tensor<14x9xf32>
  return %r : tensor<14x9xf32>
}

// Strided: rows 1, 3, ..., 31 of 32 padded by 2 are padding, then x's rows
// 1, 3, ..., 29: x[1:30:2] padded low 1, read in place; the pad's row
// comes from the previous device: 32 B (192 B before).
// CHECK-NEXT: @strided: collective_permute on @mesh ["a"] group 4: in tensor<1x8xf32> 32 B, sent 32 B
// CHECK-NOT: @strided
func.func @strided(%x: tensor<32x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a"], []]>})
    -> (tensor<16x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a"], []]>}) {
  %pv = arith.constant 0.25 : f32
  %p = tensor.pad %x low[2, 0] high[2, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %pv : f32
  } : tensor<32x8xf32> to tensor<36x8xf32>
  %s = tensor.extract_slice %p[1, 0] [16, 8] [2, 1] : tensor<36x8xf32> to tensor<16x8xf32>
  %r = math.exp %s : tensor<16x8xf32>
  return %r : tensor<16x8xf32>
}

// Both dims split, both sliced: x[1:12, 1:13] padded high [1, 0]: a row
// from the next device on "x", a column from the previous one on "y": 56 B
// (280 B before).
// CHECK-NEXT: @two_axes: collective_permute on @mesh2 ["x"] group 2: in tensor<1x8xf32> 32 B, sent 32 B
// CHECK-NEXT: @two_axes: collective_permute on @mesh2 ["y"] group 2: in tensor<6x1xf32> 24 B, sent 24 B
// CHECK-NEXT: total collective_permute: 5 ops, 5 calls, sent 148 B
func.func @two_axes(%x: tensor<12x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh2, [["x"], ["y"]]>})
    -> (tensor<12x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh2, [["x"], ["y"]]>}) {
  %pv = arith.constant 2.0 : f32
  %p = tensor.pad %x low[1, 2] high[2, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %pv : f32
  } : tensor<12x16xf32> to tensor<15x19xf32>
  %s = tensor.extract_slice %p[2, 3] [12, 12] [1, 1] : tensor<15x19xf32> to tensor<12x12xf32>
  %r = arith.negf %s : tensor<12x12xf32>
  return %r : tensor<12x12xf32>
}
