// The partitioner weighs a contraction's plans again from the layouts it
// reads (Strategy.c); the pass writes its result layout, not its factor
// axes (lib/AutoShard/Replan.c). Here the pass's plan splits j on "y" and
// k on "x" only, part of %d's ["x", "y"] split, with the partial sums
// reduce-scattered into the result's ["y", "x"] columns: 184 B. That plan
// is none of those the partitioner makes from %d, %f and the result by
// itself: without the operands written resharded it sends 420 B (the
// NOCON run, on the output with the constraints taken out). With them,
// the prediction is the report; the plan runs under mpirun and XLA.
// REQUIRES: mpi
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{explain=true})' %s -o %t.mlir 2>%t.err
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' %t.mlir -o /dev/null > %t.out && cat %t.err %t.out | FileCheck %s
// RUN: FileCheck %s --check-prefix=PLAN < %t.mlir
// RUN: grep -v sharding_constraint %t.mlir | sed -E 's/ins\(%[0-9]+, %[0-9]+/ins(%%arg0, %%arg1/' > %t.nocon.mlir
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' %t.nocon.mlir -o /dev/null 2>/dev/null | FileCheck %s --check-prefix=NOCON
// RUN: %mpirun -n 8 %gspmd-run %t.mlir --check | FileCheck %s --check-prefix=PASS
// RUN: %if xla %{ %gspmd-xla-run %t.mlir --check | FileCheck %s --check-prefix=PASS %}

// CHECK: remark: gspmd-auto-shard: {j=y, k=x} reduce_scatter 184 B
// CHECK: predicted [[B:184]] B per device ({{.*}}), proven optimal
// CHECK: total: {{.*}} sent [[B]] B

// PLAN: %[[D:.*]] = gspmd.sharding_constraint %arg0, #gspmd.partially_tiled<@mesh, {{\[}}[], ["x"]]>
// PLAN: %[[F:.*]] = gspmd.sharding_constraint %arg1, #gspmd.tiled<@mesh, {{\[\[}}"x"], ["y"]]>
// PLAN: linalg.matmul {{.*}} ins(%[[D]], %[[F]] :

// NOCON: total: 1 op, 1 call, sent 420 B

// PASS: check: 1 of 1 result PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%d: tensor<10x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"]]>},
                %f: tensor<8x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>})
    -> (tensor<10x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["y", "x"]]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<10x6xf32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<10x6xf32>) -> tensor<10x6xf32>
  %m = linalg.matmul ins(%d, %f : tensor<10x8xf32>, tensor<8x6xf32>) outs(%i : tensor<10x6xf32>) -> tensor<10x6xf32>
  return %m : tensor<10x6xf32>
}
