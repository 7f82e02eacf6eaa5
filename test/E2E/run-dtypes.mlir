// Every element type gspmd-run generates: f16 and bf16 (looser default
// tolerances), i1 (random bits), i8, i32, i64 (exact).
// REQUIRES: mpi
// RUN: %mpirun -n 1 %gspmd-run %s --check | FileCheck %s
// RUN: %mpirun -n 2 %gspmd-run %s --check | FileCheck %s
// CHECK: result #0 tensor<4x8xf16>: {{.*}} PASS
// CHECK: result #1 tensor<4x8xbf16>: {{.*}} PASS
// CHECK: result #2 tensor<4x8xi1>: max_abs_err=0 max_rel_err=0 bound={{.*}} PASS
// CHECK: result #3 tensor<4x8xi8>: max_abs_err=0 max_rel_err=0 bound={{.*}} PASS
// CHECK: result #4 tensor<4x8xi32>: max_abs_err=0 max_rel_err=0 bound={{.*}} PASS
// CHECK: result #5 tensor<4x8xi64>: max_abs_err=0 max_rel_err=0 bound={{.*}} PASS
// CHECK: check: 6 of 6 results PASS
// CHECK-NOT: FAIL

func.func @main(%h: tensor<4x8xf16>, %b: tensor<4x8xbf16>, %p: tensor<4x8xi1>,
                %q: tensor<4x8xi1>, %c: tensor<4x8xi8>, %i: tensor<4x8xi32>,
                %l: tensor<4x8xi64>)
    -> (tensor<4x8xf16>, tensor<4x8xbf16>, tensor<4x8xi1>, tensor<4x8xi8>,
        tensor<4x8xi32>, tensor<4x8xi64>) {
  %h2 = arith.mulf %h, %h : tensor<4x8xf16>
  %h3 = arith.addf %h2, %h : tensor<4x8xf16>
  %b2 = arith.mulf %b, %b : tensor<4x8xbf16>
  %x = arith.xori %p, %q : tensor<4x8xi1>
  %c2 = arith.muli %c, %c : tensor<4x8xi8>
  %i2 = arith.muli %i, %i : tensor<4x8xi32>
  %i3 = arith.subi %i2, %i : tensor<4x8xi32>
  %l2 = arith.addi %l, %l : tensor<4x8xi64>
  %sel = arith.select %x, %l2, %l : tensor<4x8xi1>, tensor<4x8xi64>
  return %h3, %b2, %x, %c2, %i3, %sel : tensor<4x8xf16>, tensor<4x8xbf16>, tensor<4x8xi1>, tensor<4x8xi8>, tensor<4x8xi32>, tensor<4x8xi64>
}
