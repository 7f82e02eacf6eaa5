// Without a mesh any number of processes works: every rank runs the whole
// program and rank 0 checks that the replicas agree.
// REQUIRES: mpi
// RUN: %mpirun -n 3 %gspmd-run %s --check --seed 3 | FileCheck %s
// RUN: %mpirun -n 1 %gspmd-run %s --print --seed 3 | FileCheck %s --check-prefix=PRINT
// CHECK: result #0 tensor<3x2xf32>: max_abs_err={{.*}} max_rel_err={{.*}} bound={{.*}} PASS
// CHECK-NEXT: result #1 tensor<2x3xi32>: max_abs_err=0 max_rel_err=0 bound={{.*}} PASS
// CHECK-NEXT: check: 2 of 2 results PASS
// Constant results print exactly, row-major.
// PRINT: result #1 tensor<2x3xi32> = {{\[}}[1, 2, 3], [4, 5, 6]]

func.func @main(%x: tensor<3x2xf32>) -> (tensor<3x2xf32>, tensor<2x3xi32>) {
  %y = math.exp %x : tensor<3x2xf32>
  %c = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  return %y, %c : tensor<3x2xf32>, tensor<2x3xi32>
}
