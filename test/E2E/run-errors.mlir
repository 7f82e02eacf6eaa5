// gspmd-run's errors: each found by every rank before any communication,
// printed once, and every rank exits non-zero (never a hang).
// REQUIRES: mpi
// RUN: not %mpirun -n 1 %gspmd-run %s --entry main 2>&1 | FileCheck %s --check-prefix=SIZE1
// RUN: not %mpirun -n 3 %gspmd-run %s --entry main 2>&1 | FileCheck %s --check-prefix=SIZE3
// RUN: not %mpirun -n 2 %gspmd-run %s --entry nope 2>&1 | FileCheck %s --check-prefix=ENTRY
// RUN: not %mpirun -n 2 %gspmd-run %s 2>&1 | FileCheck %s --check-prefix=SEVERAL
// RUN: not %mpirun -n 2 %gspmd-run %s --entry dynamic 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// RUN: not %mpirun -n 2 %gspmd-run %s --entry index 2>&1 | FileCheck %s --check-prefix=INDEX
// RUN: not %mpirun -n 2 %gspmd-run %s --entry spmd --check 2>&1 | FileCheck %s --check-prefix=SPMD
// RUN: not %mpirun -n 2 %gspmd-run %s --frobnicate 2>&1 | FileCheck %s --check-prefix=USAGE
// RUN: not %mpirun -n 2 %gspmd-run %s.missing 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: echo 'func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {' > %t.bad.mlir
// RUN: not %mpirun -n 2 %gspmd-run %t.bad.mlir 2>&1 | FileCheck %s --check-prefix=PARSE

// SIZE1: gspmd-run: error: mesh @m has 2 devices but mpirun started 1 process (run with mpirun -n 2)
// SIZE1-NOT: error
// SIZE3: gspmd-run: error: mesh @m has 2 devices but mpirun started 3 processes (run with mpirun -n 2)
// SIZE3-NOT: error
// ENTRY: gspmd-run: error: no function @nope with a body in {{.*}}run-errors.mlir (functions: @main, @dynamic, @index, @spmd)
// SEVERAL: gspmd-run: error: {{.*}}run-errors.mlir has several public functions (@main, @dynamic, @index, @spmd): choose one with --entry NAME
// DYNAMIC: gspmd-run: error: entry @dynamic: argument #0 has type tensor<?x4xf32>; gspmd-run needs ranked tensors of static shape (rank <= 16)
// INDEX: gspmd-run: error: entry @index: result #0 has type tensor<4xindex>; supported element types are f32, f64, f16, bf16, i1, i8, i32, i64
// SPMD: gspmd-run: error: --check needs a global program, but {{.*}} already contains collectives or SPMD ops (run it without --check, with --spmd)
// USAGE: gspmd-run: error: bad argument '--frobnicate'
// USAGE-NEXT: usage: mpirun -n N gspmd-run FILE.mlir
// MISSING: gspmd-run: error: cannot read {{.*}}run-errors.mlir.missing
// PARSE: error: expected
// PARSE: gspmd-run: error: cannot parse {{.*}}.bad.mlir
// PARSE-NOT: error

gspmd.mesh @m ["x"=2]

func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

func.func @dynamic(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  return %x : tensor<?x4xf32>
}

func.func @index(%x: tensor<4xf32>) -> tensor<4xindex> {
  %c = arith.constant dense<1> : tensor<4xindex>
  return %c : tensor<4xindex>
}

func.func @spmd(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = gspmd.all_reduce %x on @m ["x"] reduce = sum : tensor<4xf32>
  return %y : tensor<4xf32>
}
