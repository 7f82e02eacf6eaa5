// examples/mlp.mlir (the `make run` program: a 2-layer MLP on a 2x4 mesh,
// batch on "data", Megatron on "model") run as shipped on 8 ranks, and on 4
// ranks with "model" shrunk to 2.
// REQUIRES: mpi
// RUN: %mpirun -n 8 %gspmd-run %S/../../examples/mlp.mlir --check | FileCheck %s
// RUN: sed 's/"data"=2, "model"=4/"data"=2, "model"=2/' %S/../../examples/mlp.mlir > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS
