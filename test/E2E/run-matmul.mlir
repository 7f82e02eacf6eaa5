// Replicated global program (no mesh): matmul + bias + relu, run whole on
// every rank; rank 0 compares the replicas and the reference.
// REQUIRES: mpi
// RUN: %mpirun -n 1 %gspmd-run %s --check | FileCheck %s
// RUN: %mpirun -n 2 %gspmd-run %s --check --seed 7 | FileCheck %s
// CHECK: result #0 tensor<8x12xf32>: max_abs_err={{.*}} max_rel_err={{.*}} bound={{.*}} PASS
// CHECK: result #1 tensor<8x16xf64>: max_abs_err=0 max_rel_err=0 bound={{.*}} PASS
// CHECK: check: 2 of 2 results PASS
// CHECK-NOT: FAIL

func.func @main(%a: tensor<8x16xf32>, %b: tensor<16x12xf32>, %bias: tensor<12xf32>,
                %c: tensor<8x16xf64>) -> (tensor<8x12xf32>, tensor<8x16xf64>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x12xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8x12xf32>) -> tensor<8x12xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x12xf32>) outs(%acc : tensor<8x12xf32>) -> tensor<8x12xf32>
  %bb = linalg.broadcast ins(%bias : tensor<12xf32>) outs(%e : tensor<8x12xf32>) dimensions = [0]
  %s = arith.addf %mm, %bb : tensor<8x12xf32>
  %zeros = arith.constant dense<0.0> : tensor<8x12xf32>
  %r = arith.maximumf %s, %zeros : tensor<8x12xf32>
  %c2 = arith.mulf %c, %c : tensor<8x16xf64>
  return %r, %c2 : tensor<8x12xf32>, tensor<8x16xf64>
}
