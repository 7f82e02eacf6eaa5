// gspmd.pipeline's result is row L-1 of the output buffer bit for bit,
// -0.0 included: after the loop it is a sum over the stage dim (each device
// its rows, then one all_reduce) from -0.0, the exact identity of addf, of
// the rows selected by stage == L-1. The stage yields -(0 * 0) = -0.0 for
// every element; a sum from +0.0 would print 0.
// REQUIRES: mpi
// RUN: %mpirun -n 2 %gspmd-run %s --check --print | FileCheck %s
// RUN: sed 's/"stage"=2/"stage"=4/; s/tensor<2x4xf32>/tensor<4x4xf32>/g' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check --print | FileCheck %s
// CHECK: check: 1 of 1 result PASS
// CHECK: result #0 tensor<3x4xf32> = {{\[}}[-0, -0, -0, -0], [-0, -0, -0, -0], [-0, -0, -0, -0]]
gspmd.mesh @mesh ["stage"=2]
func.func @main(%x: tensor<3x4xf32>, %w: tensor<2x4xf32>) -> tensor<3x4xf32> {
  %y = gspmd.pipeline %x : tensor<3x4xf32> params(%w : tensor<2x4xf32>) on @mesh "stage" -> tensor<3x4xf32> {
  ^bb0(%a: tensor<4xf32>, %wl: tensor<4xf32>):
    %z = arith.constant dense<-0.0> : tensor<4xf32>
    %s = arith.mulf %a, %z : tensor<4xf32>
    %t = arith.mulf %s, %s : tensor<4xf32>
    %n = arith.negf %t : tensor<4xf32>
    gspmd.yield %n : tensor<4xf32>
  }
  return %y : tensor<3x4xf32>
}
