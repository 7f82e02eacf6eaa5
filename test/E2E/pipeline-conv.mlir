// gspmd.pipeline end to end with a convolution per stage: tensor.pad of H
// and W (a "same" 3x3 convolution), linalg.conv_2d_nhwc_hwcf with the
// stage's filter, tanh. L = 4, M = 3 on stage x data 2x2 (the batch of each
// micro-batch on "data") and 2x4 with an uneven batch of 3 over 4.
// REQUIRES: mpi
// RUN: %mpirun -n 4 %gspmd-run %s --check | FileCheck %s
// RUN: sed 's/"data"=2/"data"=4/; s/2x8x8x4xf32/3x8x8x4xf32/g; s/2x10x10x4xf32/3x10x10x4xf32/g; s/3x3x8x8x4xf32>) params/3x3x8x8x4xf32>) params/' %s > %t.8.mlir && %mpirun -n 8 %gspmd-run %t.8.mlir --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: 1 of 1 result PASS

gspmd.mesh @mesh ["stage"=2, "data"=2]
func.func @main(%x: tensor<3x2x8x8x4xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], [], [], []]>}, %w: tensor<4x3x3x4x4xf32>) -> (tensor<3x2x8x8x4xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], [], [], []]>}) {
  %y = gspmd.pipeline %x : tensor<3x2x8x8x4xf32> params(%w : tensor<4x3x3x4x4xf32>) on @mesh "stage" -> tensor<3x2x8x8x4xf32> {
  ^bb0(%a: tensor<2x8x8x4xf32>, %wl: tensor<3x3x4x4xf32>):
    %zero = arith.constant 0.0 : f32
    %p = tensor.pad %a low[0, 1, 1, 0] high[0, 1, 1, 0] {
    ^bb0(%i: index, %j: index, %k: index, %l: index):
      tensor.yield %zero : f32
    } : tensor<2x8x8x4xf32> to tensor<2x10x10x4xf32>
    %e = tensor.empty() : tensor<2x8x8x4xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x8x8x4xf32>) -> tensor<2x8x8x4xf32>
    %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %wl : tensor<2x10x10x4xf32>, tensor<3x3x4x4xf32>) outs(%f : tensor<2x8x8x4xf32>) -> tensor<2x8x8x4xf32>
    %t = math.tanh %c : tensor<2x8x8x4xf32>
    gspmd.yield %t : tensor<2x8x8x4xf32>
  }
  return %y : tensor<3x2x8x8x4xf32>
}
