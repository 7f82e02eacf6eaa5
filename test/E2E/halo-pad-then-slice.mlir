// A tensor.pad along split dims followed by an extract_slice of part of its
// result: read as a pad of a slice of the source (lib/Rules/tensor.c,
// gspmdSliceOfPad), so that only what the slice reads crosses devices.
//   #0 16x32 rows on ["x", "y"], pad low [1, 1] high [1, 1] (0.5), slice
//      [0, 0] [16, 8]: a quarter of the columns, offsets into the padding
//   #1 uneven: 13x32, pad low [2, 3] high [1, 0] (-1.0), slice [1, 2]
//      [14, 9]: both ends of the rows in the padding
//   #2 strided: 16x24, pad low [3, 0] high [2, 0] (0.25), slice [1, 1]
//      [10, 6] [2, 4]: rows 1, 3, ..., 19 (the first and last are padding)
//   #3 2-axis: 12x16 rows on "x", columns on "y", pad low [1, 2] high [2, 1]
//      (2.0), slice [2, 3] [12, 12]: both split dims sliced
//   #4 slice [4, 0] [8, 8] of a pad low [2, 0] high [2, 0]: no padding read
//   #5 slice [16, 0] [3, 8] of a pad high [3, 0] (0.75): padding only, left
//      as it is
//   #6 two slices of one pad (a 3-tap stencil's outer taps), both moved
//   #7 a pad also read whole (a slice of all of it): left as it is
//   #8 a rank-reducing slice of a pad: row 16 of 18, columns [0, 9) (column
//      0 is padding), replicated
//   #9 a rank-reducing slice along the split dim: column 3 of 10, rows
//      [0, 16) of 18 (row 0 is padding), split on ["x", "y"]
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// RUN: %if xla %{ %gspmd-xla-run %s --check | FileCheck %s %}
// CHECK-NOT: FAIL
// CHECK: check: 10 of 10 results PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(
    %a: tensor<16x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
    %b: tensor<13x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
    %c: tensor<16x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
    %d: tensor<12x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
    %e: tensor<16x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>})
    -> (tensor<16x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
        tensor<14x9xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
        tensor<10x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
        tensor<12x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<8x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
        tensor<3x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
        tensor<16x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
        tensor<18x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
        tensor<9xf32> {gspmd.sharding = #gspmd.replicated},
        tensor<16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"]]>}) {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %mone = arith.constant -1.0 : f32
  %quarter = arith.constant 0.25 : f32
  %two = arith.constant 2.0 : f32
  %tq = arith.constant 0.75 : f32

  %p0 = tensor.pad %a low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %half : f32
  } : tensor<16x32xf32> to tensor<18x34xf32>
  %s0 = tensor.extract_slice %p0[0, 0] [16, 8] [1, 1] : tensor<18x34xf32> to tensor<16x8xf32>
  %r0 = math.exp %s0 : tensor<16x8xf32>

  %p1 = tensor.pad %b low[2, 3] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %mone : f32
  } : tensor<13x32xf32> to tensor<16x35xf32>
  %s1 = tensor.extract_slice %p1[1, 2] [14, 9] [1, 1] : tensor<16x35xf32> to tensor<14x9xf32>
  %r1 = math.tanh %s1 : tensor<14x9xf32>

  %p2 = tensor.pad %c low[3, 0] high[2, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %quarter : f32
  } : tensor<16x24xf32> to tensor<21x24xf32>
  %s2 = tensor.extract_slice %p2[1, 1] [10, 6] [2, 4] : tensor<21x24xf32> to tensor<10x6xf32>
  %r2 = math.exp %s2 : tensor<10x6xf32>

  %p3 = tensor.pad %d low[1, 2] high[2, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %two : f32
  } : tensor<12x16xf32> to tensor<15x19xf32>
  %s3 = tensor.extract_slice %p3[2, 3] [12, 12] [1, 1] : tensor<15x19xf32> to tensor<12x12xf32>
  %r3 = arith.negf %s3 : tensor<12x12xf32>

  %p4 = tensor.pad %e low[2, 0] high[2, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<16x8xf32> to tensor<20x8xf32>
  %s4 = tensor.extract_slice %p4[4, 0] [8, 8] [1, 1] : tensor<20x8xf32> to tensor<8x8xf32>
  %r4 = math.exp %s4 : tensor<8x8xf32>

  %p5 = tensor.pad %e low[0, 0] high[3, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %tq : f32
  } : tensor<16x8xf32> to tensor<19x8xf32>
  %s5 = tensor.extract_slice %p5[16, 0] [3, 8] [1, 1] : tensor<19x8xf32> to tensor<3x8xf32>
  %r5 = math.exp %s5 : tensor<3x8xf32>

  %p6 = tensor.pad %e low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<16x8xf32> to tensor<18x8xf32>
  %up = tensor.extract_slice %p6[0, 0] [16, 8] [1, 1] : tensor<18x8xf32> to tensor<16x8xf32>
  %down = tensor.extract_slice %p6[2, 0] [16, 8] [1, 1] : tensor<18x8xf32> to tensor<16x8xf32>
  %r6 = arith.subf %up, %down : tensor<16x8xf32>

  %p7 = tensor.pad %e low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %half : f32
  } : tensor<16x8xf32> to tensor<18x8xf32>
  %s7 = tensor.extract_slice %p7[0, 0] [16, 8] [1, 1] : tensor<18x8xf32> to tensor<16x8xf32>
  %t7 = tensor.extract_slice %p7[0, 0] [18, 8] [1, 1] : tensor<18x8xf32> to tensor<18x8xf32>
  %u7 = math.exp %t7 : tensor<18x8xf32>
  %r7 = tensor.insert_slice %s7 into %u7[1, 0] [16, 8] [1, 1] : tensor<16x8xf32> into tensor<18x8xf32>

  %p8 = tensor.pad %e low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %mone : f32
  } : tensor<16x8xf32> to tensor<18x10xf32>
  %r8 = tensor.extract_slice %p8[16, 0] [1, 9] [1, 1] : tensor<18x10xf32> to tensor<9xf32>
  %r9 = tensor.extract_slice %p8[0, 3] [16, 1] [1, 1] : tensor<18x10xf32> to tensor<16xf32>

  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9
      : tensor<16x8xf32>, tensor<14x9xf32>, tensor<10x6xf32>, tensor<12x12xf32>, tensor<8x8xf32>,
        tensor<3x8xf32>, tensor<16x8xf32>, tensor<18x8xf32>, tensor<9xf32>, tensor<16xf32>
}
