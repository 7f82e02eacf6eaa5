// An entry of many arguments and results (a model's weights): 100
// arguments and 70 results, each split over rows on 2 devices, run and
// checked under MPI (with the injected errors caught) and under XLA, whose
// reference gspmd-run computes.
// REQUIRES: mpi
// RUN: %python %S/Inputs/many-arguments.py 100 70 > %t.mlir
// RUN: %mpirun -n 2 %gspmd-run %t.mlir --check --inject-error=all | FileCheck %s
// RUN: %if xla %{ %gspmd-xla-run %t.mlir --check | FileCheck %s --check-prefix=XLA %}
// CHECK: result #69 tensor<8x4xf32>: {{.*}} PASS
// CHECK: inject-error: 3 of 3 injected errors FAIL
// CHECK: check: 70 of 70 results PASS
// XLA: check: 70 of 70 results PASS
