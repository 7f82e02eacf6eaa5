// Grouped convolutions (linalg.conv_2d_nhwgc_gfhwc), which
// gspmd-lower-contractions hands to the runtime as one gemm per group (the
// group a batch loop; the filter and the output used in place, the input
// packed im2col): f32 with stride 2 and the group split over x, bf16 with
// dilation 2 and an uneven batch (3 over y = 2), f32 on 3 groups with the
// output channels split over both axes (6 over 4: uneven). The bf16 case
// sums 8 products only: XLA accumulates bf16 convolutions in bf16, and over
// more its own run drifts beyond the sweep's allowance (test/XLA).
// REQUIRES: mpi
// RUN: %mpirun -n 4 %gspmd-run %s --check | FileCheck %s
// RUN: not %mpirun -n 4 %gspmd-run %s --check --inject-error | FileCheck %s --check-prefix=WRONG
// CHECK: result #0 tensor<2x4x4x2x3xf32>: {{.*}} PASS
// CHECK: result #1 tensor<3x7x7x2x4xbf16>: {{.*}} PASS
// CHECK: result #2 tensor<1x7x7x3x6xf32>: {{.*}} PASS
// CHECK: check: 3 of 3 results PASS
// CHECK-NOT: FAIL
// WRONG: result #0 {{.*}} FAIL

gspmd.mesh @mesh ["x"=2, "y"=2]

func.func @main(%a: tensor<2x9x9x2x4xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], [], [], ["x"], []]>},
                %fa: tensor<2x3x3x3x4xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], [], [], [], []]>},
                %b: tensor<3x9x9x2x2xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], [], [], [], []]>},
                %fb: tensor<2x4x2x2x2xbf16>,
                %c: tensor<1x9x9x3x2xf32>,
                %fc: tensor<3x6x3x3x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]>})
    -> (tensor<2x4x4x2x3xf32>, tensor<3x7x7x2x4xbf16>, tensor<1x7x7x3x6xf32>) {
  %zero = arith.constant 0.0 : f32
  %ea = tensor.empty() : tensor<2x4x4x2x3xf32>
  %za = linalg.fill ins(%zero : f32) outs(%ea : tensor<2x4x4x2x3xf32>) -> tensor<2x4x4x2x3xf32>
  %ra = linalg.conv_2d_nhwgc_gfhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%a, %fa : tensor<2x9x9x2x4xf32>, tensor<2x3x3x3x4xf32>) outs(%za : tensor<2x4x4x2x3xf32>) -> tensor<2x4x4x2x3xf32>
  %zb0 = arith.constant 0.0 : bf16
  %eb = tensor.empty() : tensor<3x7x7x2x4xbf16>
  %zb = linalg.fill ins(%zb0 : bf16) outs(%eb : tensor<3x7x7x2x4xbf16>) -> tensor<3x7x7x2x4xbf16>
  %rb = linalg.conv_2d_nhwgc_gfhwc {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%b, %fb : tensor<3x9x9x2x2xbf16>, tensor<2x4x2x2x2xbf16>) outs(%zb : tensor<3x7x7x2x4xbf16>) -> tensor<3x7x7x2x4xbf16>
  %ec = tensor.empty() : tensor<1x7x7x3x6xf32>
  %zc = linalg.fill ins(%zero : f32) outs(%ec : tensor<1x7x7x3x6xf32>) -> tensor<1x7x7x3x6xf32>
  %rc = linalg.conv_2d_nhwgc_gfhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%c, %fc : tensor<1x9x9x3x2xf32>, tensor<3x6x3x3x2xf32>) outs(%zc : tensor<1x7x7x3x6xf32>) -> tensor<1x7x7x3x6xf32>
  return %ra, %rb, %rc : tensor<2x4x4x2x3xf32>, tensor<3x7x7x2x4xbf16>, tensor<1x7x7x3x6xf32>
}
