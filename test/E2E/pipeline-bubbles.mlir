// gspmd.pipeline whose stage takes log and divides by its input squared, so
// bubble iterations (zero state) compute inf/NaN; outputs must still be exact.
// L = 4 over stage=2 (two stages per device) on a stage x data mesh, M = 1
// (M < L) and M = 3.
// REQUIRES: mpi
// RUN: %mpirun -n 4 %gspmd-run %s --check | FileCheck %s
// RUN: sed 's/tensor<1x4x8/tensor<3x4x8/g' %s > %t.3.mlir && %mpirun -n 4 %gspmd-run %t.3.mlir --check | FileCheck %s
// CHECK: check: 1 of 1 result PASS
gspmd.mesh @mesh ["stage"=2, "data"=2]
func.func @main(%x: tensor<1x4x8xf32>, %w: tensor<4x8xf32>) -> tensor<1x4x8xf32> {
  %y = gspmd.pipeline %x : tensor<1x4x8xf32> params(%w : tensor<4x8xf32>) on @mesh "stage" -> tensor<1x4x8xf32> {
  ^bb0(%a: tensor<4x8xf32>, %wl: tensor<8xf32>):
    %e = tensor.empty() : tensor<4x8xf32>
    %wb = linalg.broadcast ins(%wl : tensor<8xf32>) outs(%e : tensor<4x8xf32>) dimensions = [0]
    %sq = arith.mulf %a, %a : tensor<4x8xf32>
    %l = math.log %sq : tensor<4x8xf32>
    %d = arith.divf %wb, %sq : tensor<4x8xf32>
    %r = arith.addf %l, %d : tensor<4x8xf32>
    %t = math.tanh %r : tensor<4x8xf32>
    gspmd.yield %t : tensor<4x8xf32>
  }
  return %y : tensor<1x4x8xf32>
}
