// examples/pipeline.mlir (a 4-stage residual-MLP pipeline on stage=4 x
// data=2, M = 8): PASS against the sequential meaning at 8 ranks and, with
// "data"=1, at 4 ranks; the comm report shows one collective_permute of
// one activation shard per iteration (11 = M + L - 1) and, after the loop,
// one all_reduce of the last stage's rows [M, mb/data, 32], nothing else.
// REQUIRES: mpi
// RUN: %mpirun -n 8 %gspmd-run %S/../../examples/pipeline.mlir --check --report | FileCheck %s --check-prefixes=CHECK,R8
// RUN: sed 's/"data"=2/"data"=1/' %S/../../examples/pipeline.mlir > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check --report | FileCheck %s --check-prefixes=CHECK,R4
// R8: @main: collective_permute on @mesh ["stage"] group 4: in tensor<1x4x32xf32> 512 B, sent 512 B, received 512 B, x11 (loop trip count)
// R8-NEXT: @main: all_reduce on @mesh ["stage"] group 4: in tensor<8x4x32xf32> 4096 B, sent 6144 B, received 6144 B
// R4: @main: collective_permute on @mesh ["stage"] group 4: in tensor<1x8x32xf32> 1024 B, sent 1024 B, received 1024 B, x11 (loop trip count)
// R4-NEXT: @main: all_reduce on @mesh ["stage"] group 4: in tensor<8x8x32xf32> 8192 B, sent 12288 B, received 12288 B
// CHECK-NEXT: total all_reduce: 1 op, 1 call
// CHECK-NEXT: total collective_permute: 1 op, 11 calls
// CHECK-NEXT: total: 2 ops, 12 calls
// CHECK: all_gather calls 0
// CHECK-NOT: FAIL
// CHECK: check: 1 of 1 result PASS
