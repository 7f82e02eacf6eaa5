// With uneven-splits=true, uneven splits are strategies, as the
// partitioner makes them (the last shards padded): %u's 13 rows are split 8 ways on the 2x4 mesh, and the
// matmul keeps that split (i on x*y) and gathers its 13x10 result once
// (2x10 padded rows from each of 7 peers: 560 B) where reading %u whole
// would gather it (2x12 rows: 672 B). The free argument %v takes the same
// uneven split, so the add moves nothing. The prediction is the report, and
// the plan runs under mpirun and XLA. The program of even splits is solved
// first, its plan a start for this one (the certificate says how long it
// took). By default (even splits only) the matmul may still keep the
// split %u's annotation makes (the partitioner plans from it, and so does
// the pass): 560 B predicted and sent.
// REQUIRES: mpi
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{explain=true uneven-splits=true})' %s -o %t.mlir 2>%t.err
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' %t.mlir -o /dev/null > %t.out && cat %t.err %t.out | FileCheck %s
// RUN: FileCheck %s --check-prefix=PLAN < %t.mlir
// RUN: %mpirun -n 8 %gspmd-run %t.mlir --check | FileCheck %s --check-prefix=PASS
// RUN: %if xla %{ %gspmd-xla-run %t.mlir --check | FileCheck %s --check-prefix=PASS %}
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard,gspmd-spmd,gspmd-comm-report)' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=EVEN

// CHECK: remark: gspmd-auto-shard: {i=x*y} 0 B
// CHECK: remark: gspmd-auto-shard: {i=x*y} 560 B
// CHECK: predicted [[B:560]] B per device ({{.*}}), proven optimal
// CHECK-SAME: on even splits first
// CHECK: all_gather on @mesh ["x", "y"] group 8: in tensor<2x10xf32> 80 B, sent 560 B
// CHECK: total: 1 op, 1 call, sent [[B]] B

// PLAN: %arg2: tensor<13x10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"x", "y"], []]>}
// PLAN: linalg.matmul {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"x", "y"], []]>]}

// EVEN: predicted [[B:560]] B per device
// EVEN: total: 1 op, 1 call, sent [[B]] B

// PASS: check: 1 of 1 result PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%u: tensor<13x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
                %b: tensor<12x10xf32>,
                %v: tensor<13x10xf32>)
    -> (tensor<13x10xf32> {gspmd.sharding = #gspmd.replicated}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<13x10xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<13x10xf32>) -> tensor<13x10xf32>
  %d = linalg.matmul ins(%u, %b : tensor<13x12xf32>, tensor<12x10xf32>)
                     outs(%f : tensor<13x10xf32>) -> tensor<13x10xf32>
  %s = arith.addf %d, %v : tensor<13x10xf32>
  return %s : tensor<13x10xf32>
}
