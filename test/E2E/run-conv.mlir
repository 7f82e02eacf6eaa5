// Replicated convolution (NHWC x HWCF, stride 1 and 2) and a depthwise one.
// REQUIRES: mpi
// RUN: %mpirun -n 1 %gspmd-run %s --check | FileCheck %s
// RUN: %mpirun -n 2 %gspmd-run %s --check | FileCheck %s
// CHECK: result #0 tensor<2x6x6x4xf32>: {{.*}} PASS
// CHECK: result #1 tensor<2x3x3x4xf32>: {{.*}} PASS
// CHECK: check: 2 of 2 results PASS
// CHECK-NOT: FAIL

func.func @main(%img: tensor<2x8x8x3xf32>, %k: tensor<3x3x3x4xf32>)
    -> (tensor<2x6x6x4xf32>, tensor<2x3x3x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x6x6x4xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x6x6x4xf32>) -> tensor<2x6x6x4xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%img, %k : tensor<2x8x8x3xf32>, tensor<3x3x3x4xf32>) outs(%z : tensor<2x6x6x4xf32>) -> tensor<2x6x6x4xf32>
  %e2 = tensor.empty() : tensor<2x3x3x4xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<2x3x3x4xf32>) -> tensor<2x3x3x4xf32>
  %c2 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%img, %k : tensor<2x8x8x3xf32>, tensor<3x3x3x4xf32>) outs(%z2 : tensor<2x3x3x4xf32>) -> tensor<2x3x3x4xf32>
  return %c, %c2 : tensor<2x6x6x4xf32>, tensor<2x3x3x4xf32>
}
