// --check can fail: --inject-error[=KIND] changes one element of result #0 on
// rank 0 after the results are gathered; that result FAILs, the other
// PASSes, and every rank exits 1. Kinds: first (element 0 + 1), element (one
// element off by 1e-3 of its magnitude), padding (one extra term summed into
// one element), partial (one shard's partial sum missing from one element);
// all: the clean check, then each of the three on a copy (exit 0 only if the
// clean check PASSes and all three FAIL).
// REQUIRES: mpi
// RUN: not %mpirun -n 2 %gspmd-run %s --check --inject-error | FileCheck %s --check-prefixes=CHECK,FIRST
// RUN: not %mpirun -n 2 %gspmd-run %s --check --inject-error=first | FileCheck %s --check-prefixes=CHECK,FIRST
// RUN: not %mpirun -n 2 %gspmd-run %s --check --inject-error=element | FileCheck %s --check-prefixes=CHECK,ELEMENT
// RUN: not %mpirun -n 2 %gspmd-run %s --check --inject-error=padding | FileCheck %s --check-prefixes=CHECK,PADDING
// RUN: not %mpirun -n 2 %gspmd-run %s --check --inject-error=partial | FileCheck %s --check-prefixes=CHECK,PARTIAL
// RUN: %mpirun -n 2 %gspmd-run %s --check --inject-error=all | FileCheck %s --check-prefix=ALL
// RUN: %mpirun -n 2 %gspmd-run %s --check | FileCheck %s --check-prefix=OK
// RUN: not %mpirun -n 2 %gspmd-run %s --check --inject-error=bogus 2>&1 | FileCheck %s --check-prefix=BAD
// FIRST: inject-error: first: element 0 of result #0 changed from [[X:.*]] to {{.*}} (by
// ELEMENT: inject-error: element: element [[E:[0-9]+]] of result #0 changed from {{.*}} (by 0.001 of its magnitude)
// PADDING: inject-error: padding: element [[E:[0-9]+]] of result #0 changed from {{.*}} (by 0.0{{.*}} of its magnitude)
// PARTIAL: inject-error: partial: element [[E:[0-9]+]] of result #0 changed from {{.*}} (by 0.5 of its magnitude)
// CHECK: result #0 tensor<4x4xf32>: max_abs_err={{.*}} max_rel_err={{.*}} bound={{.*}} ratio={{.*}} FAIL
// CHECK-NEXT: result #1 tensor<4xi32>: max_abs_err=0 max_rel_err=0 bound=0 ratio=0 PASS
// CHECK-NEXT: check: 1 of 2 results FAIL
// ALL: result #0 tensor<4x4xf32>: {{.*}} PASS
// ALL: inject-error: 3 of 3 injected errors FAIL
// ALL-NEXT: check: 2 of 2 results PASS
// OK: check: 2 of 2 results PASS
// BAD: gspmd-run: error: bad argument '--inject-error=bogus'

func.func @main(%x: tensor<4x4xf32>, %n: tensor<4xi32>) -> (tensor<4x4xf32>, tensor<4xi32>) {
  %y = arith.addf %x, %x : tensor<4x4xf32>
  %m = arith.muli %n, %n : tensor<4xi32>
  return %y, %m : tensor<4x4xf32>, tensor<4xi32>
}
