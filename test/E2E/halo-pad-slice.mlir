// Halo family: tensor.pad and tensor.extract_slice along a split dim (a
// window factor: shard k of the result needs rows of shards k-1 / k+1 of the
// source), each followed by an elementwise op so the result stays split the
// same way, and a "same" convolution written as tensor.pad + conv with H
// split.
//   #0 pad low 2 high 3 (zero) along rows split 8 ways, 16x6 -> 21x6, exp
//   #1 pad low 1 high 1 (1.5) along rows split 8 ways, uneven 13x6 -> 15x6,
//      tanh (the pad value must reach the edges, poisoned padding must not)
//   #2 pad low 3 high 0 (-2.0) along rows on x and low 1 high 2 along
//      columns on y, 11x9 -> 14x12, negf
//   #3 pad high only, 5 rows (0.25) along rows split 8 ways: 6 -> 11, the
//      last shards hold only padding, exp
//   #4 extract_slice rows [3, 13) of 16, split 8 ways, exp
//   #5 extract_slice rows [9, 14) of 16 (5 rows, starts inside shard 4), exp
//   #6 strided extract_slice rows 1, 3, ..., 13 of 16 (stride 2), exp
//   #7 extract_slice rows [2, 12) and columns [1, 8) of 14x10, rows on x and
//      columns on y, exp
//   #8 "same" conv 3x3: pad H and W by 1 (zero), conv_2d_nhwc_hwcf, H split
//      8 ways in the input and the output (1x16x8x2 -> 1x16x8x3)
//   #9 "same" conv 3x3, uneven: 2x11x7x2 -> 2x11x7x3, H on x and W on y
//   #10 extract_slice rows [2, 11) of tanh(b) (13 rows, uneven), split 8
//       ways: the slice source is computed, its tail padding holds junk
//   #11 pad rows low 1 high 2 (zero) of tanh(b), 13 -> 16, split 8 ways
//   #12 extract_slice rows [4, 13) of a 16-row tensor split on ["y", "x"]
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: 13 of 13 results PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(
    %a: tensor<16x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
    %b: tensor<13x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
    %c: tensor<11x9xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
    %d: tensor<6x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
    %s: tensor<16x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
    %t: tensor<14x10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
    %img: tensor<1x16x8x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
    %img2: tensor<2x11x7x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"], []]>},
    %k: tensor<3x3x2x3xf32> {gspmd.sharding = #gspmd.replicated},
    %u: tensor<16x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y", "x"], []]>})
    -> (tensor<21x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
        tensor<15x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
        tensor<14x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<11x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
        tensor<10x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
        tensor<5x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
        tensor<7x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
        tensor<10x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<1x16x8x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
        tensor<2x11x7x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"], []]>},
        tensor<9x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
        tensor<16x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
        tensor<9x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y", "x"], []]>}) {
  %zero = arith.constant 0.0 : f32
  %onehalf = arith.constant 1.5 : f32
  %mtwo = arith.constant -2.0 : f32
  %quarter = arith.constant 0.25 : f32

  %p0 = tensor.pad %a low[2, 0] high[3, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<16x6xf32> to tensor<21x6xf32>
  %r0 = math.exp %p0 : tensor<21x6xf32>

  %p1 = tensor.pad %b low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %onehalf : f32
  } : tensor<13x6xf32> to tensor<15x6xf32>
  %r1 = math.tanh %p1 : tensor<15x6xf32>

  %p2 = tensor.pad %c low[3, 1] high[0, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %mtwo : f32
  } : tensor<11x9xf32> to tensor<14x12xf32>
  %r2 = arith.negf %p2 : tensor<14x12xf32>

  %p3 = tensor.pad %d low[0, 0] high[5, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %quarter : f32
  } : tensor<6x4xf32> to tensor<11x4xf32>
  %r3 = math.exp %p3 : tensor<11x4xf32>

  %s4 = tensor.extract_slice %s[3, 0] [10, 6] [1, 1] : tensor<16x6xf32> to tensor<10x6xf32>
  %r4 = math.exp %s4 : tensor<10x6xf32>
  %s5 = tensor.extract_slice %s[9, 0] [5, 6] [1, 1] : tensor<16x6xf32> to tensor<5x6xf32>
  %r5 = math.exp %s5 : tensor<5x6xf32>
  %s6 = tensor.extract_slice %s[1, 0] [7, 6] [2, 1] : tensor<16x6xf32> to tensor<7x6xf32>
  %r6 = math.exp %s6 : tensor<7x6xf32>
  %s7 = tensor.extract_slice %t[2, 1] [10, 7] [1, 1] : tensor<14x10xf32> to tensor<10x7xf32>
  %r7 = math.exp %s7 : tensor<10x7xf32>

  %pi = tensor.pad %img low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %l: index, %m: index):
    tensor.yield %zero : f32
  } : tensor<1x16x8x2xf32> to tensor<1x18x10x2xf32>
  %e8 = tensor.empty() : tensor<1x16x8x3xf32>
  %a8 = linalg.fill ins(%zero : f32) outs(%e8 : tensor<1x16x8x3xf32>) -> tensor<1x16x8x3xf32>
  %r8 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%pi, %k : tensor<1x18x10x2xf32>, tensor<3x3x2x3xf32>) outs(%a8 : tensor<1x16x8x3xf32>) -> tensor<1x16x8x3xf32>

  %pi2 = tensor.pad %img2 low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %l: index, %m: index):
    tensor.yield %zero : f32
  } : tensor<2x11x7x2xf32> to tensor<2x13x9x2xf32>
  %e9 = tensor.empty() : tensor<2x11x7x3xf32>
  %a9 = linalg.fill ins(%zero : f32) outs(%e9 : tensor<2x11x7x3xf32>) -> tensor<2x11x7x3xf32>
  %r9 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%pi2, %k : tensor<2x13x9x2xf32>, tensor<3x3x2x3xf32>) outs(%a9 : tensor<2x11x7x3xf32>) -> tensor<2x11x7x3xf32>

  %tb = math.tanh %b : tensor<13x6xf32>
  %r10 = tensor.extract_slice %tb[2, 0] [9, 6] [1, 1] : tensor<13x6xf32> to tensor<9x6xf32>
  %r11 = tensor.pad %tb low[1, 0] high[2, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<13x6xf32> to tensor<16x6xf32>
  %s12 = tensor.extract_slice %u[4, 0] [9, 6] [1, 1] : tensor<16x6xf32> to tensor<9x6xf32>
  %r12 = math.exp %s12 : tensor<9x6xf32>

  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12
      : tensor<21x6xf32>, tensor<15x6xf32>, tensor<14x12xf32>, tensor<11x4xf32>, tensor<10x6xf32>,
        tensor<5x6xf32>, tensor<7x6xf32>, tensor<10x7xf32>, tensor<1x16x8x3xf32>, tensor<2x11x7x3xf32>,
        tensor<9x6xf32>, tensor<16x6xf32>, tensor<9x6xf32>
}
