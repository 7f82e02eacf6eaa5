// Replicated reductions: linalg.reduce (sum, max over different dims), a
// generic reduction to a scalar, and integer reductions (exact).
// REQUIRES: mpi
// RUN: %mpirun -n 1 %gspmd-run %s --check | FileCheck %s
// RUN: %mpirun -n 2 %gspmd-run %s --check | FileCheck %s
// CHECK: result #0 tensor<6xf32>: {{.*}} PASS
// CHECK: result #1 tensor<10xf32>: {{.*}} PASS
// CHECK: result #2 tensor<f32>: {{.*}} PASS
// CHECK: result #3 tensor<6xi32>: max_abs_err=0 max_rel_err=0 bound={{.*}} PASS
// CHECK: check: 4 of 4 results PASS
// CHECK-NOT: FAIL

func.func @main(%x: tensor<10x6xf32>, %n: tensor<10x6xi32>)
    -> (tensor<6xf32>, tensor<10xf32>, tensor<f32>, tensor<6xi32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e6 = tensor.empty() : tensor<6xf32>
  %z6 = linalg.fill ins(%zero : f32) outs(%e6 : tensor<6xf32>) -> tensor<6xf32>
  %sum = linalg.reduce ins(%x : tensor<10x6xf32>) outs(%z6 : tensor<6xf32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %e10 = tensor.empty() : tensor<10xf32>
  %m10 = linalg.fill ins(%ninf : f32) outs(%e10 : tensor<10xf32>) -> tensor<10xf32>
  %max = linalg.reduce ins(%x : tensor<10x6xf32>) outs(%m10 : tensor<10xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %m = arith.maximumf %in, %acc : f32
      linalg.yield %m : f32
    }
  %e0 = tensor.empty() : tensor<f32>
  %z0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %all = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>],
                         iterator_types = ["reduction", "reduction"]}
      ins(%x : tensor<10x6xf32>) outs(%z0 : tensor<f32>) {
    ^bb0(%in: f32, %acc: f32):
      %sq = arith.mulf %in, %in : f32
      %s = arith.addf %sq, %acc : f32
      linalg.yield %s : f32
  } -> tensor<f32>
  %zi = arith.constant 0 : i32
  %ei = tensor.empty() : tensor<6xi32>
  %zi6 = linalg.fill ins(%zi : i32) outs(%ei : tensor<6xi32>) -> tensor<6xi32>
  %isum = linalg.reduce ins(%n : tensor<10x6xi32>) outs(%zi6 : tensor<6xi32>) dimensions = [0]
    (%in: i32, %acc: i32) {
      %s = arith.addi %in, %acc : i32
      linalg.yield %s : i32
    }
  return %sum, %max, %all, %isum : tensor<6xf32>, tensor<10xf32>, tensor<f32>, tensor<6xi32>
}
