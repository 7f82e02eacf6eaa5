// gspmd.pipeline of an MLP-layer stage (matmul) with M = 3 micro-batches
// (M not a multiple of L), L = 2 over stage=2 and L = 4 over stage=4, against
// the sequential reference (gspmd-pipeline{sequential=true}).
// REQUIRES: mpi
// RUN: %mpirun -n 2 %gspmd-run %s --check | FileCheck %s
// RUN: sed 's/"stage"=2/"stage"=4/; s/tensor<2x16/tensor<4x16/g' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// CHECK: check: 1 of 1 result PASS
gspmd.mesh @mesh ["stage"=2]
func.func @main(%x: tensor<3x4x16xf32>, %w: tensor<2x16x16xf32>, %b: tensor<2x16xf32>) -> tensor<3x4x16xf32> {
  %y = gspmd.pipeline %x : tensor<3x4x16xf32> params(%w, %b : tensor<2x16x16xf32>, tensor<2x16xf32>) on @mesh "stage" -> tensor<3x4x16xf32> {
  ^bb0(%a: tensor<4x16xf32>, %wl: tensor<16x16xf32>, %bl: tensor<16xf32>):
    %e = tensor.empty() : tensor<4x16xf32>
    %z = arith.constant 0.0 : f32
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
    %m = linalg.matmul ins(%a, %wl : tensor<4x16xf32>, tensor<16x16xf32>) outs(%f : tensor<4x16xf32>) -> tensor<4x16xf32>
    gspmd.yield %m : tensor<4x16xf32>
  }
  return %y : tensor<3x4x16xf32>
}
