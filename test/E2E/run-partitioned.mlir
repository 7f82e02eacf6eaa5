// gspmd-run --partitioned: another partitioner's SPMD module runs on the
// local shards this global program's annotations give, and --check compares
// it with the global program. Ours (gspmd-spmd's output, handed back as a
// file), upstream's (shard-partition + convert-shard-to-mpi on the same
// program in `shard` syntax), a broken one (its all_reduce deleted) and
// mismatched signatures.
// REQUIRES: mpi
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd)' %s -o %t.ours.mlir
// RUN: %mpirun -n 4 %gspmd-run %s --check --partitioned %t.ours.mlir | FileCheck %s
// RUN: %mlir_opt --pass-pipeline='builtin.module(func.func(sharding-propagation,shard-partition))' %S/Inputs/run-partitioned.shard.mlir \
// RUN:   | sed '0,/^module {/s//module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">} {/' \
// RUN:   | %mlir_opt --convert-shard-to-mpi -o %t.upstream.mlir
// RUN: %mpirun -n 4 %gspmd-run %s --check --partitioned %t.upstream.mlir | FileCheck %s
// RUN: sed '/mpi.allreduce/d' %t.upstream.mlir > %t.broken.mlir
// RUN: not %mpirun -n 4 %gspmd-run %s --check --partitioned %t.broken.mlir | FileCheck %s --check-prefix=BROKEN
// RUN: not %mpirun -n 4 %gspmd-run %s --check --partitioned %s 2>&1 | FileCheck %s --check-prefix=GLOBAL
// RUN: not %mpirun -n 4 %gspmd-run %s --check --partitioned %t.upstream.mlir --entry other 2>&1 | FileCheck %s --check-prefix=NOFUNC
// RUN: sed 's/func.func private @other(/&%%extra: tensor<2xf32>, /' %t.ours.mlir > %t.arity.mlir
// RUN: not %mpirun -n 4 %gspmd-run %s --check --partitioned %t.arity.mlir --entry other 2>&1 | FileCheck %s --check-prefix=ARITY
// RUN: not %mpirun -n 4 %gspmd-run %s --entry main --partitioned %t.ours.mlir --report 2>&1 | FileCheck %s --check-prefix=USAGE
// RUN: %mpirun -n 4 %gspmd-run %s --partitioned %t.upstream.mlir --time 3 | FileCheck %s --check-prefix=TIME

// CHECK-NOT: FAIL
// CHECK: check: 1 of 1 result PASS
// BROKEN: replicas disagree
// BROKEN: check: 1 of 1 result FAIL
// GLOBAL: gspmd-run: error: {{.*}}run-partitioned.mlir @main: argument #1 has local type tensor<16x32xf32>, but its sharding gives a different shard shape
// NOFUNC: gspmd-run: error: {{.*}}upstream.mlir has no function @other with a body
// ARITY: gspmd-run: error: @other in {{.*}}arity.mlir has 2 arguments and 1 results; the global program's has 1 and 1
// USAGE: gspmd-run: error: --partitioned runs another partitioner's module: not with --spmd or --report
// TIME: time: median {{[0-9.]+}} s over 3 runs (max over ranks)
// TIME-NEXT: allocated: max {{[1-9][0-9]*}} bytes per rank and run (lowered without buffer deallocation: not a peak)

gspmd.mesh @mesh ["m"=4]

func.func @main(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.replicated},
                %w1: tensor<16x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["m"]]>},
                %w2: tensor<32x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["m"], []]>})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.replicated}) {
  %z = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<8x32xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<8x32xf32>) -> tensor<8x32xf32>
  %h = linalg.matmul ins(%x, %w1 : tensor<8x16xf32>, tensor<16x32xf32>) outs(%f1 : tensor<8x32xf32>) -> tensor<8x32xf32>
  %e2 = tensor.empty() : tensor<8x16xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<8x16xf32>) -> tensor<8x16xf32>
  %y = linalg.matmul ins(%h, %w2 : tensor<8x32xf32>, tensor<32x16xf32>) outs(%f2 : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %y : tensor<8x16xf32>
}

// A second entry whose arity differs from @main in the partitioned files.
func.func private @other(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  return %x : tensor<8x16xf32>
}
