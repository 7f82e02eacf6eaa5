// Replicated control flow: an scf.for carrying a tensor through a func.call
// (one callee used twice), and an scf.if.
// REQUIRES: mpi
// RUN: %mpirun -n 1 %gspmd-run %s --check | FileCheck %s
// RUN: %mpirun -n 2 %gspmd-run %s --check | FileCheck %s
// CHECK: result #0 tensor<4x4xf32>: {{.*}} PASS
// CHECK: result #1 tensor<4x4xf32>: {{.*}} PASS
// CHECK: check: 2 of 2 results PASS
// CHECK-NOT: FAIL

func.func private @step(%s: tensor<4x4xf32>, %w: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %m = linalg.matmul ins(%s, %w : tensor<4x4xf32>, tensor<4x4xf32>) outs(%z : tensor<4x4xf32>) -> tensor<4x4xf32>
  %t = math.tanh %m : tensor<4x4xf32>
  return %t : tensor<4x4xf32>
}

func.func @main(%x: tensor<4x4xf32>, %w: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %r = scf.for %i = %c0 to %c5 step %c1 iter_args(%s = %x) -> tensor<4x4xf32> {
    %n = func.call @step(%s, %w) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %odd = arith.remui %i, %c1 : index
    %is0 = arith.cmpi eq, %odd, %c0 : index
    %u = scf.if %is0 -> tensor<4x4xf32> {
      %a = arith.addf %n, %s : tensor<4x4xf32>
      scf.yield %a : tensor<4x4xf32>
    } else {
      scf.yield %n : tensor<4x4xf32>
    }
    scf.yield %u : tensor<4x4xf32>
  }
  %once = func.call @step(%x, %w) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %r, %once : tensor<4x4xf32>, tensor<4x4xf32>
}
