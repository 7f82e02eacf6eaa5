// Pooling: stablehlo.reduce_window with the window, strides and dilations
// read from the generalised maps, the combiner from the body, and the
// output's init combined after it.
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-export-stablehlo)' %s -o /dev/null | FileCheck %s

// CHECK-LABEL: func.func public @main
func.func @main(%x: tensor<2x9x9x3xf32>) -> (tensor<2x4x4x3xf32>, tensor<2x7x7x3xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %z = arith.constant 0.0 : f32
  %win = tensor.empty() : tensor<3x3xf32>
  %e = tensor.empty() : tensor<2x4x4x3xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<2x4x4x3xf32>) -> tensor<2x4x4x3xf32>
  // CHECK: "stablehlo.reduce_window"
  // CHECK: "stablehlo.maximum"
  // CHECK: {window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>, window_dilations = array<i64: 1, 1, 1, 1>} : (tensor<2x9x9x3xf32>, tensor<f32>) -> tensor<2x4x4x3xf32>
  %m = linalg.pooling_nhwc_max {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
         ins(%x, %win : tensor<2x9x9x3xf32>, tensor<3x3xf32>) outs(%f : tensor<2x4x4x3xf32>) -> tensor<2x4x4x3xf32>
  %e2 = tensor.empty() : tensor<2x7x7x3xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<2x7x7x3xf32>) -> tensor<2x7x7x3xf32>
  // CHECK: "stablehlo.reduce_window"
  // CHECK: "stablehlo.add"
  // CHECK: window_dilations = array<i64: 1, 1, 1, 1>} : (tensor<2x9x9x3xf32>, tensor<f32>) -> tensor<2x7x7x3xf32>
  %s = linalg.pooling_nhwc_sum {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
         ins(%x, %win : tensor<2x9x9x3xf32>, tensor<3x3xf32>) outs(%f2 : tensor<2x7x7x3xf32>) -> tensor<2x7x7x3xf32>
  return %m, %s : tensor<2x4x4x3xf32>, tensor<2x7x7x3xf32>
}
