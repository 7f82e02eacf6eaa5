// Halo family: convolution layouts other than NHWC/HWCF, each with a spatial
// dim split in the input and the output (window factor read through a halo;
// today gathered with a remark, must be exact either way).
//   #0 linalg.conv_1d_nwc_wcf, W split 8 ways, even (W 18 -> 16)
//   #1 linalg.conv_1d_nwc_wcf stride 2, W split 8 ways, uneven (W 21 -> 10)
//   #2 linalg.conv_2d_nchw_fchw, H on x and W on y, uneven (12x11 -> 10x9)
//   #3 linalg.conv_2d_nchw_fchw stride 2, H split 8 ways (H 19 -> 9)
//   #4 linalg.conv_2d_nhwc_fhwc, H split 8 ways, uneven (H 13 -> 11)
//   #5 linalg.conv_3d_ndhwc_dhwcf, D on x and H on y (D 10 -> 8, H 7 -> 5)
//   #6 linalg.conv_3d_ndhwc_dhwcf, D split 8 ways, uneven (D 11 -> 9)
//   #7 linalg.depthwise_conv_2d_nhwc_hwc, H split 8 ways, uneven (H 11 -> 9)
//   #8 linalg.depthwise_conv_2d_nhwc_hwc stride 2, H on x and W on y
//   #9 linalg.depthwise_conv_1d_nwc_wc, W split 8 ways, even (W 18 -> 16)
//   #10 linalg.depthwise_conv_1d_nwc_wc stride 2, W split 8 ways (W 17 -> 8)
//   #11 linalg.conv_1d (no batch, no channel), W split 8 ways (W 15 -> 11)
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: 12 of 12 results PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(
    %in0: tensor<2x18x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], []]>},
    %in1: tensor<2x21x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], []]>},
    %f01: tensor<3x3x4xf32> {gspmd.sharding = #gspmd.replicated},
    %in2: tensor<1x2x12x11xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], [], ["x"], ["y"]]>},
    %in3: tensor<1x2x19x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], [], ["x", "y"], []]>},
    %f23: tensor<3x2x3x3xf32> {gspmd.sharding = #gspmd.replicated},
    %in4: tensor<1x13x6x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
    %f4: tensor<3x3x3x2xf32> {gspmd.sharding = #gspmd.replicated},
    %in5: tensor<1x10x7x4x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"], [], []]>},
    %in6: tensor<1x11x4x4x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]>},
    %f56: tensor<3x3x3x2x2xf32> {gspmd.sharding = #gspmd.replicated},
    %in7: tensor<1x11x6x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
    %in8: tensor<2x13x11x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"], []]>},
    %f7: tensor<3x3x4xf32> {gspmd.sharding = #gspmd.replicated},
    %f8: tensor<3x3x3xf32> {gspmd.sharding = #gspmd.replicated},
    %in9: tensor<2x18x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], []]>},
    %in10: tensor<2x17x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], []]>},
    %f9: tensor<3x3xf32> {gspmd.sharding = #gspmd.replicated},
    %in11: tensor<15xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"]]>},
    %f11: tensor<5xf32> {gspmd.sharding = #gspmd.replicated})
    -> (tensor<2x16x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], []]>},
        tensor<2x10x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], []]>},
        tensor<1x3x10x9xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], [], ["x"], ["y"]]>},
        tensor<1x3x9x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], [], ["x", "y"], []]>},
        tensor<1x11x4x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
        tensor<1x8x5x2x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"], [], []]>},
        tensor<1x9x2x2x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]>},
        tensor<1x9x4x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
        tensor<2x6x5x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"], []]>},
        tensor<2x16x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], []]>},
        tensor<2x8x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], []]>},
        tensor<11xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"]]>}) {
  %z = arith.constant 0.0 : f32

  %e0 = tensor.empty() : tensor<2x16x4xf32>
  %a0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<2x16x4xf32>) -> tensor<2x16x4xf32>
  %r0 = linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%in0, %f01 : tensor<2x18x3xf32>, tensor<3x3x4xf32>) outs(%a0 : tensor<2x16x4xf32>) -> tensor<2x16x4xf32>

  %e1 = tensor.empty() : tensor<2x10x4xf32>
  %a1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<2x10x4xf32>) -> tensor<2x10x4xf32>
  %r1 = linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}
      ins(%in1, %f01 : tensor<2x21x3xf32>, tensor<3x3x4xf32>) outs(%a1 : tensor<2x10x4xf32>) -> tensor<2x10x4xf32>

  %e2 = tensor.empty() : tensor<1x3x10x9xf32>
  %a2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<1x3x10x9xf32>) -> tensor<1x3x10x9xf32>
  %r2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in2, %f23 : tensor<1x2x12x11xf32>, tensor<3x2x3x3xf32>) outs(%a2 : tensor<1x3x10x9xf32>) -> tensor<1x3x10x9xf32>

  %e3 = tensor.empty() : tensor<1x3x9x3xf32>
  %a3 = linalg.fill ins(%z : f32) outs(%e3 : tensor<1x3x9x3xf32>) -> tensor<1x3x9x3xf32>
  %r3 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%in3, %f23 : tensor<1x2x19x7xf32>, tensor<3x2x3x3xf32>) outs(%a3 : tensor<1x3x9x3xf32>) -> tensor<1x3x9x3xf32>

  %e4 = tensor.empty() : tensor<1x11x4x3xf32>
  %a4 = linalg.fill ins(%z : f32) outs(%e4 : tensor<1x11x4x3xf32>) -> tensor<1x11x4x3xf32>
  %r4 = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in4, %f4 : tensor<1x13x6x2xf32>, tensor<3x3x3x2xf32>) outs(%a4 : tensor<1x11x4x3xf32>) -> tensor<1x11x4x3xf32>

  %e5 = tensor.empty() : tensor<1x8x5x2x2xf32>
  %a5 = linalg.fill ins(%z : f32) outs(%e5 : tensor<1x8x5x2x2xf32>) -> tensor<1x8x5x2x2xf32>
  %r5 = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%in5, %f56 : tensor<1x10x7x4x2xf32>, tensor<3x3x3x2x2xf32>) outs(%a5 : tensor<1x8x5x2x2xf32>) -> tensor<1x8x5x2x2xf32>

  %e6 = tensor.empty() : tensor<1x9x2x2x2xf32>
  %a6 = linalg.fill ins(%z : f32) outs(%e6 : tensor<1x9x2x2x2xf32>) -> tensor<1x9x2x2x2xf32>
  %r6 = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%in6, %f56 : tensor<1x11x4x4x2xf32>, tensor<3x3x3x2x2xf32>) outs(%a6 : tensor<1x9x2x2x2xf32>) -> tensor<1x9x2x2x2xf32>

  %e7 = tensor.empty() : tensor<1x9x4x4xf32>
  %a7 = linalg.fill ins(%z : f32) outs(%e7 : tensor<1x9x4x4xf32>) -> tensor<1x9x4x4xf32>
  %r7 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in7, %f7 : tensor<1x11x6x4xf32>, tensor<3x3x4xf32>) outs(%a7 : tensor<1x9x4x4xf32>) -> tensor<1x9x4x4xf32>

  %e8 = tensor.empty() : tensor<2x6x5x3xf32>
  %a8 = linalg.fill ins(%z : f32) outs(%e8 : tensor<2x6x5x3xf32>) -> tensor<2x6x5x3xf32>
  %r8 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%in8, %f8 : tensor<2x13x11x3xf32>, tensor<3x3x3xf32>) outs(%a8 : tensor<2x6x5x3xf32>) -> tensor<2x6x5x3xf32>

  %e9 = tensor.empty() : tensor<2x16x3xf32>
  %a9 = linalg.fill ins(%z : f32) outs(%e9 : tensor<2x16x3xf32>) -> tensor<2x16x3xf32>
  %r9 = linalg.depthwise_conv_1d_nwc_wc {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%in9, %f9 : tensor<2x18x3xf32>, tensor<3x3xf32>) outs(%a9 : tensor<2x16x3xf32>) -> tensor<2x16x3xf32>

  %e10 = tensor.empty() : tensor<2x8x3xf32>
  %a10 = linalg.fill ins(%z : f32) outs(%e10 : tensor<2x8x3xf32>) -> tensor<2x8x3xf32>
  %r10 = linalg.depthwise_conv_1d_nwc_wc {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}
      ins(%in10, %f9 : tensor<2x17x3xf32>, tensor<3x3xf32>) outs(%a10 : tensor<2x8x3xf32>) -> tensor<2x8x3xf32>

  %e11 = tensor.empty() : tensor<11xf32>
  %a11 = linalg.fill ins(%z : f32) outs(%e11 : tensor<11xf32>) -> tensor<11xf32>
  %r11 = linalg.conv_1d ins(%in11, %f11 : tensor<15xf32>, tensor<5xf32>) outs(%a11 : tensor<11xf32>) -> tensor<11xf32>

  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11
      : tensor<2x16x4xf32>, tensor<2x10x4xf32>, tensor<1x3x10x9xf32>, tensor<1x3x9x3xf32>, tensor<1x11x4x3xf32>,
        tensor<1x8x5x2x2xf32>, tensor<1x9x2x2x2xf32>, tensor<1x9x4x4xf32>, tensor<2x6x5x3xf32>, tensor<2x16x3xf32>,
        tensor<2x8x3xf32>, tensor<11xf32>
}
