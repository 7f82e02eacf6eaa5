// Every reshard between a set of 12 shardings of a 2x2x2 mesh (replicated,
// tiled on each dim, partially tiled, multi-axis in both orders), an uneven 7x5
// shape, pairs 0..47 of the 144 made by Inputs/gen_reshard_pairs.py: each pair
// is a function taking its argument as A and returning it as B; every result
// must equal the input. Run on the 2x2x2 mesh (8 ranks) and with "c" shrunk
// to 1 (4 ranks).
// REQUIRES: mpi
// RUN: %python %S/Inputs/gen_reshard_pairs.py uneven 0 48 > %t.8.mlir && %mpirun -n 8 %gspmd-run %t.8.mlir --check | FileCheck %s
// RUN: sed 's/"a"=2, "b"=2, "c"=2/"a"=2, "b"=2, "c"=1/' %t.8.mlir > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: 48 of 48 results PASS
