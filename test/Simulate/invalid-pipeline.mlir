// RUN: not gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=H100})' -o /dev/null 2>&1 | FileCheck %s
// A gspmd.pipeline op only exists before gspmd-spmd.
// CHECK: invalid-pipeline.mlir:[[@LINE+3]]:8: error: gspmd-simulate: the program is not partitioned (this op is gone after gspmd-spmd): simulate gspmd-spmd's output
gspmd.mesh @mesh ["stage"=2]
func.func @main(%x: tensor<4x2x8xf32>, %w: tensor<2x8x8xf32>) -> tensor<4x2x8xf32> {
  %y = gspmd.pipeline %x : tensor<4x2x8xf32>
      params(%w : tensor<2x8x8xf32>) on @mesh "stage" -> tensor<4x2x8xf32> {
  ^bb0(%a: tensor<2x8xf32>, %wl: tensor<8x8xf32>):
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<2x8xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x8xf32>) -> tensor<2x8xf32>
    %h = linalg.matmul ins(%a, %wl : tensor<2x8xf32>, tensor<8x8xf32>) outs(%z : tensor<2x8xf32>) -> tensor<2x8xf32>
    gspmd.yield %h : tensor<2x8xf32>
  }
  return %y : tensor<4x2x8xf32>
}
