// Replicated softmax (linalg.softmax, decomposed by gspmd-lower-to-mpi) in
// f32 over the last dim and f64 over the first, plus math ops.
// REQUIRES: mpi
// RUN: %mpirun -n 1 %gspmd-run %s --check | FileCheck %s
// RUN: %mpirun -n 2 %gspmd-run %s --check | FileCheck %s
// CHECK: result #0 tensor<4x10xf32>: {{.*}} PASS
// CHECK: result #1 tensor<3x5xf64>: {{.*}} PASS
// CHECK: check: 2 of 2 results PASS
// CHECK-NOT: FAIL

func.func @main(%x: tensor<4x10xf32>, %y: tensor<3x5xf64>) -> (tensor<4x10xf32>, tensor<3x5xf64>) {
  %t = math.tanh %x : tensor<4x10xf32>
  %e = tensor.empty() : tensor<4x10xf32>
  %s = linalg.softmax dimension(1) ins(%t : tensor<4x10xf32>) outs(%e : tensor<4x10xf32>) -> tensor<4x10xf32>
  %e2 = tensor.empty() : tensor<3x5xf64>
  %s2 = linalg.softmax dimension(0) ins(%y : tensor<3x5xf64>) outs(%e2 : tensor<3x5xf64>) -> tensor<3x5xf64>
  return %s, %s2 : tensor<4x10xf32>, tensor<3x5xf64>
}
