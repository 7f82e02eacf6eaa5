// Convolutions: stablehlo.convolution with the dim layout, strides and
// kernel dilation read from the generalised maps; depthwise as feature groups
// with a unit input-feature dim added to the kernel.
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-export-stablehlo)' %s -o /dev/null | FileCheck %s


// CHECK-LABEL: func.func public @main
func.func @main(%x: tensor<2x9x9x3xf32>, %w: tensor<3x3x3x4xf32>, %dw: tensor<3x3x3xf32>) -> (tensor<2x4x4x4xf32>, tensor<2x7x7x3xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x4x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  // CHECK: "stablehlo.convolution"({{.*}}) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, window_strides = array<i64: 2, 2>, rhs_dilation = array<i64: 1, 1>}
  %c = linalg.conv_2d_nhwc_hwcf {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<2x9x9x3xf32>, tensor<3x3x3x4xf32>) outs(%f : tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  %e2 = tensor.empty() : tensor<2x7x7x3xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<2x7x7x3xf32>) -> tensor<2x7x7x3xf32>
  // CHECK: "stablehlo.reshape"({{.*}}) : (tensor<3x3x3xf32>) -> tensor<3x3x3x1xf32>
  // CHECK: "stablehlo.convolution"({{.*}}) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f]>, feature_group_count = 3 : i64
  %d = linalg.depthwise_conv_2d_nhwc_hwc {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
         ins(%x, %dw : tensor<2x9x9x3xf32>, tensor<3x3x3xf32>) outs(%f2 : tensor<2x7x7x3xf32>) -> tensor<2x7x7x3xf32>
  return %c, %d : tensor<2x4x4x4xf32>, tensor<2x7x7x3xf32>
}
