// User annotations are fixed choices: a sharding_constraint keeps its
// sharding, and the plan is built around it. The data-parallel MLP of
// data-parallel.mlir with its hidden activation constrained to be split on
// columns: the batch split goes up to h, the columns' split comes by an
// all_to_all (3/4 of a 4 KiB shard: 3072 B) before the relu or after it (a
// tie in bytes, collectives and bytes held: which one is the solver's), and
// the second matmul gets the batch split back by another (3072 B).
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=20000})' %s 2>/dev/null | FileCheck %s --check-prefix=IR
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=20000},gspmd-spmd,gspmd-comm-report)' %s -o /dev/null 2>%t.err >%t.out && cat %t.err %t.out | FileCheck %s --check-prefix=BYTES

// An argument the user did not annotate is written with its chosen sharding
// even when it has only one (Inputs/bare-argument.mlir: 2 rows over 3
// devices are kept whole): left bare, gspmd-complete would give it the
// split of the constraint reading it, and the expand_shape reading it whole
// would gather it back, sending bytes where none are predicted.
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard)' %S/Inputs/bare-argument.mlir -o %t.bare.mlir 2>%t.bare.err
// RUN: FileCheck %s --check-prefix=BARE-IR < %t.bare.mlir
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' %t.bare.mlir -o /dev/null > %t.bare.out && cat %t.bare.err %t.bare.out | FileCheck %s --check-prefix=BARE
// RUN: %if mpi %{ %mpirun -n 3 %gspmd-run %t.bare.mlir --check | FileCheck %s --check-prefix=PASS %}
// RUN: %if xla %{ %gspmd-xla-run %t.bare.mlir --check | FileCheck %s --check-prefix=PASS %}

// BARE-IR: func.func @main(%arg0: tensor<2x8xf32> {gspmd.sharding = #gspmd.replicated})
// BARE: predicted 0 B per device
// BARE: total: 0 ops, 0 calls, sent 0 B
// PASS: check: [[N:[0-9]+]] of [[N]] results PASS

// IR: arith.maximumf {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[\], \["d"\]\]|\[\["d"\], \[\]\]}}>]}
// IR: gspmd.sharding_constraint %{{.*}}, #gspmd.tiled<@mesh, {{\[\[}}], ["d"]]>

// BYTES: predicted [[B:[0-9]+]] B per device ({{.*}}), proven optimal
// BYTES-COUNT-2: all_to_all on @mesh ["d"] group 4
// BYTES: total: 2 ops, 2 calls, sent [[B]] B

gspmd.mesh @mesh ["d"=4]
func.func @mlp(%x: tensor<256x16xf32>, %w1: tensor<16x16xf32>, %w2: tensor<16x16xf32>)
    -> tensor<256x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<256x16xf32>
  %acc1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<256x16xf32>) -> tensor<256x16xf32>
  %h = linalg.matmul ins(%x, %w1 : tensor<256x16xf32>, tensor<16x16xf32>)
                     outs(%acc1 : tensor<256x16xf32>) -> tensor<256x16xf32>
  %zeros = arith.constant dense<0.0> : tensor<256x16xf32>
  %relu = arith.maximumf %h, %zeros : tensor<256x16xf32>
  %c = gspmd.sharding_constraint %relu, #gspmd.tiled<@mesh, [[], ["d"]]> : tensor<256x16xf32>
  %e2 = tensor.empty() : tensor<256x16xf32>
  %acc2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<256x16xf32>) -> tensor<256x16xf32>
  %y = linalg.matmul ins(%c, %w2 : tensor<256x16xf32>, tensor<16x16xf32>)
                     outs(%acc2 : tensor<256x16xf32>) -> tensor<256x16xf32>
  return %y : tensor<256x16xf32>
}
