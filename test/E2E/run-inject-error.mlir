// --check can fail: --inject-error changes element 0 of result #0 on rank 0
// after the results are gathered; that result FAILs, the other PASSes, and
// every rank exits 1.
// REQUIRES: mpi
// RUN: not %mpirun -n 2 %gspmd-run %s --check --inject-error | FileCheck %s
// RUN: %mpirun -n 2 %gspmd-run %s --check | FileCheck %s --check-prefix=OK
// CHECK: result #0 tensor<4x4xf32>: max_abs_err=1 max_rel_err={{.*}} bound={{.*}} FAIL
// CHECK-NEXT: result #1 tensor<4xi32>: max_abs_err=0 max_rel_err=0 bound={{.*}} PASS
// CHECK-NEXT: check: 1 of 2 results FAIL
// OK: check: 2 of 2 results PASS

func.func @main(%x: tensor<4x4xf32>, %n: tensor<4xi32>) -> (tensor<4x4xf32>, tensor<4xi32>) {
  %y = arith.addf %x, %x : tensor<4x4xf32>
  %m = arith.muli %n, %n : tensor<4xi32>
  return %y, %m : tensor<4x4xf32>, tensor<4xi32>
}
