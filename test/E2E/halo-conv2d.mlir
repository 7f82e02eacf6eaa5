// Halo family: linalg.conv_2d_nhwc_hwcf reading a split spatial dim through
// its window, with the output split the same way (the partitioner must
// compute a split output from a split input). Today the windowed input is
// gathered along the split dim (with a remark); the halo-exchange path must
// compute exactly the same numbers.
//   #0 3x3 stride 1, H split 8 ways, even   (H 18 -> 16: 2 rows per shard)
//   #1 3x3 stride 1, H split 8 ways, uneven (H 13 -> 11)
//   #2 7x7 stride 2, H split 8 ways, output even (H 37 -> 16, input uneven)
//   #3 7x7 stride 2, H split 8 ways, input even  (H 40 -> 17, output uneven)
//   #4 7x7 stride 2, H split 8 ways, uneven with empty tail shards (H 23 -> 9)
//   #5 3x3 stride 1, H on x and W on y (H 10 -> 8, W 12 -> 10)
//   #6 5x5 stride 1, H on x and W on y, uneven (H 11 -> 7, W 13 -> 9)
//   #7 3x3 stride 1, batch on x and H on y (H 14 -> 12)
//   #8 3x3 dilation 2, H split 8 ways (H 20 -> 16)
//   #9 3x3 dilation 2 stride 2, H on x and W on y (H 21 -> 9, W 9 -> 3)
//   #10 3x3 stride 1, H split on ["y", "x"] (y major: the H neighbour of a
//       device is not the next device id), uneven (H 13 -> 11)
//   #11 3x3 stride 1, H on x only, replicated over y (halo within x groups)
//   #12 3x3 stride 1, H on y only, replicated over x (halo within y groups)
//   #13 two chained 3x3 convs with a relu between, H split 8 ways, uneven
//       (13 -> 11 -> 9): the second conv's halo comes from an intermediate
//       whose tail-shard padding rows hold computed junk, not inputs
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: 14 of 14 results PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(
    %in0: tensor<1x18x6x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
    %in1: tensor<1x13x5x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
    %f3: tensor<3x3x2x3xf32> {gspmd.sharding = #gspmd.replicated},
    %in2: tensor<1x37x9x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
    %in3: tensor<1x40x9x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
    %in4: tensor<2x23x7x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
    %f7: tensor<7x7x2x3xf32> {gspmd.sharding = #gspmd.replicated},
    %in5: tensor<2x10x12x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"], []]>},
    %f5: tensor<3x3x3x4xf32> {gspmd.sharding = #gspmd.replicated},
    %in6: tensor<1x11x13x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"], []]>},
    %f6: tensor<5x5x2x2xf32> {gspmd.sharding = #gspmd.replicated},
    %in7: tensor<4x14x6x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"], [], []]>},
    %in8: tensor<1x20x8x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
    %in9: tensor<1x21x9x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"], []]>},
    %in10: tensor<1x13x5x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["y", "x"], [], []]>},
    %in11: tensor<2x10x5x2xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["x"], [], []]>},
    %in12: tensor<2x11x5x2xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"], [], []]>},
    %in13: tensor<1x13x6x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
    %g13: tensor<3x3x3x2xf32> {gspmd.sharding = #gspmd.replicated})
    -> (tensor<1x16x4x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
        tensor<1x11x3x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
        tensor<1x16x2x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
        tensor<1x17x2x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
        tensor<2x9x1x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
        tensor<2x8x10x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"], []]>},
        tensor<1x7x9x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"], []]>},
        tensor<4x12x4x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"], [], []]>},
        tensor<1x16x4x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
        tensor<1x9x3x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"], []]>},
        tensor<1x11x3x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["y", "x"], [], []]>},
        tensor<2x8x3x3xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["x"], [], []]>},
        tensor<2x9x3x3xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"], [], []]>},
        tensor<1x9x2x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>}) {
  %z = arith.constant 0.0 : f32

  %e0 = tensor.empty() : tensor<1x16x4x3xf32>
  %a0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<1x16x4x3xf32>) -> tensor<1x16x4x3xf32>
  %r0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in0, %f3 : tensor<1x18x6x2xf32>, tensor<3x3x2x3xf32>) outs(%a0 : tensor<1x16x4x3xf32>) -> tensor<1x16x4x3xf32>

  %e1 = tensor.empty() : tensor<1x11x3x3xf32>
  %a1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<1x11x3x3xf32>) -> tensor<1x11x3x3xf32>
  %r1 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in1, %f3 : tensor<1x13x5x2xf32>, tensor<3x3x2x3xf32>) outs(%a1 : tensor<1x11x3x3xf32>) -> tensor<1x11x3x3xf32>

  %e2 = tensor.empty() : tensor<1x16x2x3xf32>
  %a2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<1x16x2x3xf32>) -> tensor<1x16x2x3xf32>
  %r2 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%in2, %f7 : tensor<1x37x9x2xf32>, tensor<7x7x2x3xf32>) outs(%a2 : tensor<1x16x2x3xf32>) -> tensor<1x16x2x3xf32>

  %e3 = tensor.empty() : tensor<1x17x2x3xf32>
  %a3 = linalg.fill ins(%z : f32) outs(%e3 : tensor<1x17x2x3xf32>) -> tensor<1x17x2x3xf32>
  %r3 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%in3, %f7 : tensor<1x40x9x2xf32>, tensor<7x7x2x3xf32>) outs(%a3 : tensor<1x17x2x3xf32>) -> tensor<1x17x2x3xf32>

  %e4 = tensor.empty() : tensor<2x9x1x3xf32>
  %a4 = linalg.fill ins(%z : f32) outs(%e4 : tensor<2x9x1x3xf32>) -> tensor<2x9x1x3xf32>
  %r4 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%in4, %f7 : tensor<2x23x7x2xf32>, tensor<7x7x2x3xf32>) outs(%a4 : tensor<2x9x1x3xf32>) -> tensor<2x9x1x3xf32>

  %e5 = tensor.empty() : tensor<2x8x10x4xf32>
  %a5 = linalg.fill ins(%z : f32) outs(%e5 : tensor<2x8x10x4xf32>) -> tensor<2x8x10x4xf32>
  %r5 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in5, %f5 : tensor<2x10x12x3xf32>, tensor<3x3x3x4xf32>) outs(%a5 : tensor<2x8x10x4xf32>) -> tensor<2x8x10x4xf32>

  %e6 = tensor.empty() : tensor<1x7x9x2xf32>
  %a6 = linalg.fill ins(%z : f32) outs(%e6 : tensor<1x7x9x2xf32>) -> tensor<1x7x9x2xf32>
  %r6 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in6, %f6 : tensor<1x11x13x2xf32>, tensor<5x5x2x2xf32>) outs(%a6 : tensor<1x7x9x2xf32>) -> tensor<1x7x9x2xf32>

  %e7 = tensor.empty() : tensor<4x12x4x3xf32>
  %a7 = linalg.fill ins(%z : f32) outs(%e7 : tensor<4x12x4x3xf32>) -> tensor<4x12x4x3xf32>
  %r7 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in7, %f3 : tensor<4x14x6x2xf32>, tensor<3x3x2x3xf32>) outs(%a7 : tensor<4x12x4x3xf32>) -> tensor<4x12x4x3xf32>

  %e8 = tensor.empty() : tensor<1x16x4x3xf32>
  %a8 = linalg.fill ins(%z : f32) outs(%e8 : tensor<1x16x4x3xf32>) -> tensor<1x16x4x3xf32>
  %r8 = linalg.conv_2d_nhwc_hwcf {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in8, %f3 : tensor<1x20x8x2xf32>, tensor<3x3x2x3xf32>) outs(%a8 : tensor<1x16x4x3xf32>) -> tensor<1x16x4x3xf32>

  %e9 = tensor.empty() : tensor<1x9x3x3xf32>
  %a9 = linalg.fill ins(%z : f32) outs(%e9 : tensor<1x9x3x3xf32>) -> tensor<1x9x3x3xf32>
  %r9 = linalg.conv_2d_nhwc_hwcf {dilations = dense<2> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%in9, %f3 : tensor<1x21x9x2xf32>, tensor<3x3x2x3xf32>) outs(%a9 : tensor<1x9x3x3xf32>) -> tensor<1x9x3x3xf32>

  %e10 = tensor.empty() : tensor<1x11x3x3xf32>
  %a10 = linalg.fill ins(%z : f32) outs(%e10 : tensor<1x11x3x3xf32>) -> tensor<1x11x3x3xf32>
  %r10 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in10, %f3 : tensor<1x13x5x2xf32>, tensor<3x3x2x3xf32>) outs(%a10 : tensor<1x11x3x3xf32>) -> tensor<1x11x3x3xf32>

  %e11 = tensor.empty() : tensor<2x8x3x3xf32>
  %a11 = linalg.fill ins(%z : f32) outs(%e11 : tensor<2x8x3x3xf32>) -> tensor<2x8x3x3xf32>
  %r11 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in11, %f3 : tensor<2x10x5x2xf32>, tensor<3x3x2x3xf32>) outs(%a11 : tensor<2x8x3x3xf32>) -> tensor<2x8x3x3xf32>

  %e12 = tensor.empty() : tensor<2x9x3x3xf32>
  %a12 = linalg.fill ins(%z : f32) outs(%e12 : tensor<2x9x3x3xf32>) -> tensor<2x9x3x3xf32>
  %r12 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in12, %f3 : tensor<2x11x5x2xf32>, tensor<3x3x2x3xf32>) outs(%a12 : tensor<2x9x3x3xf32>) -> tensor<2x9x3x3xf32>

  %e13 = tensor.empty() : tensor<1x11x4x3xf32>
  %a13 = linalg.fill ins(%z : f32) outs(%e13 : tensor<1x11x4x3xf32>) -> tensor<1x11x4x3xf32>
  %c13 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in13, %f3 : tensor<1x13x6x2xf32>, tensor<3x3x2x3xf32>) outs(%a13 : tensor<1x11x4x3xf32>) -> tensor<1x11x4x3xf32>
  %m13 = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c13 : tensor<1x11x4x3xf32>) outs(%e13 : tensor<1x11x4x3xf32>) {
  ^bb0(%v: f32, %o: f32):
    %mx = arith.maximumf %v, %z : f32
    linalg.yield %mx : f32
  } -> tensor<1x11x4x3xf32>
  %e13b = tensor.empty() : tensor<1x9x2x2xf32>
  %a13b = linalg.fill ins(%z : f32) outs(%e13b : tensor<1x9x2x2xf32>) -> tensor<1x9x2x2xf32>
  %r13 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%m13, %g13 : tensor<1x11x4x3xf32>, tensor<3x3x3x2xf32>) outs(%a13b : tensor<1x9x2x2xf32>) -> tensor<1x9x2x2xf32>

  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13
      : tensor<1x16x4x3xf32>, tensor<1x11x3x3xf32>, tensor<1x16x2x3xf32>, tensor<1x17x2x3xf32>, tensor<2x9x1x3xf32>,
        tensor<2x8x10x4xf32>, tensor<1x7x9x2xf32>, tensor<4x12x4x3xf32>, tensor<1x16x4x3xf32>, tensor<1x9x3x3xf32>,
        tensor<1x11x3x3xf32>, tensor<2x8x3x3xf32>, tensor<2x9x3x3xf32>, tensor<1x9x2x2xf32>
}
