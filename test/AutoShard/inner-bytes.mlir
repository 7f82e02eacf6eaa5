// What the partitioner sends inside the ops the pass holds fixed (a
// pipeline, a manual region, a loop, a callee) does not depend on the plan:
// the pass measures it by partitioning each op alone, in its node's layouts
// (lib/AutoShard/Inner.c), and the prediction counts it. Each program here
// sends only there, or mostly there, so a prediction without it is off.
//
// A pipeline (3 micro-batches of 5 rows, the rows split unevenly over
// "data"): its operand is written resharded whole before it and its result
// bound whole, as costed and measured (a pipeline is rewritten before
// completion, which would otherwise carry the split into the loop);
// inside, the stage shift each iteration and the all_reduce collecting the
// last stage's rows.
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard)' %s -o %t.auto.mlir 2>%t.err
// RUN: FileCheck %s --check-prefix=IR < %t.auto.mlir
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' %t.auto.mlir -o /dev/null > %t.out && cat %t.err %t.out | FileCheck %s --check-prefix=PIPE
// RUN: %if mpi %{ %mpirun -n 4 %gspmd-run %t.auto.mlir --check | FileCheck %s --check-prefix=PASS %}
// RUN: %if xla %{ %gspmd-xla-run %t.auto.mlir --check | FileCheck %s --check-prefix=PASS %}

// IR: %[[X:.*]] = gspmd.sharding_constraint %arg0, #gspmd.replicated : tensor<3x5x16xf32>
// IR: gspmd.pipeline %[[X]]
// PIPE: predicted [[P:[0-9]+]] B per device ([[I:[1-9][0-9]*]] B of it inside 1 op held fixed
// PIPE: collective_permute on @mesh ["stage"]
// PIPE: total: {{.*}} sent [[P]] B

// A manual region: its operands are costed in its in_shardings (%x is
// chosen split on "data" as the region reads it: nothing moves), and the
// user's all_reduce inside is the whole prediction.
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard)' %S/Inputs/inner-manual.mlir -o %t.manual.mlir 2>%t.manual.err
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' %t.manual.mlir -o /dev/null > %t.manual.out && cat %t.manual.err %t.manual.out | FileCheck %s --check-prefix=MANUAL
// RUN: %if mpi %{ %mpirun -n 4 %gspmd-run %t.manual.mlir --check | FileCheck %s --check-prefix=PASS %}
// RUN: %if xla %{ %gspmd-xla-run %t.manual.mlir --check | FileCheck %s --check-prefix=PASS %}
// MANUAL: predicted [[M:24]] B per device ([[M]] B of it inside 1 op held fixed
// MANUAL: all_reduce on @mesh ["data"] group 2: in tensor<1x6xf32> 24 B
// MANUAL: total: 1 op, 1 call, sent [[M]] B

// A loop whose body the user constrained: the constraint's gather runs
// every iteration (3 x 168 B; 7 rows of 12 columns, split on columns).
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard)' %S/Inputs/inner-loop.mlir -o %t.loop.mlir 2>%t.loop.err
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' %t.loop.mlir -o /dev/null > %t.loop.out && cat %t.loop.err %t.loop.out | FileCheck %s --check-prefix=LOOP
// RUN: %if mpi %{ %mpirun -n 2 %gspmd-run %t.loop.mlir --check | FileCheck %s --check-prefix=PASS %}
// RUN: %if xla %{ %gspmd-xla-run %t.loop.mlir --check | FileCheck %s --check-prefix=PASS %}
// LOOP: predicted [[L:504]] B per device ([[L]] B of it inside 1 op held fixed
// LOOP: all_gather on @mesh ["a"] group 2: in tensor<7x6xf32> 168 B, sent 168 B, received 168 B, x3 (loop trip count)
// LOOP: total: 1 op, 3 calls, sent [[L]] B

// A callee that sends, called twice: the comm report counts a function's
// ops once, not per call, so its bytes go to the first call only.
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard)' %S/Inputs/inner-call.mlir -o %t.call.mlir 2>%t.call.err
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' %t.call.mlir -o /dev/null > %t.call.out && cat %t.call.err %t.call.out | FileCheck %s --check-prefix=CALL
// RUN: %if mpi %{ %mpirun -n 2 %gspmd-run %t.call.mlir --check | FileCheck %s --check-prefix=PASS %}
// RUN: %if xla %{ %gspmd-xla-run %t.call.mlir --check | FileCheck %s --check-prefix=PASS %}
// CALL: predicted [[C:168]] B per device ([[C]] B of it inside 1 op held fixed
// CALL: @layer: all_gather on @mesh ["a"] group 2: in tensor<7x6xf32> 168 B
// CALL: total: 1 op, 1 call, sent [[C]] B

// PASS: check: 1 of 1 result PASS

gspmd.mesh @mesh ["stage"=2, "data"=2]
func.func @main(%x: tensor<3x5x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
                %w: tensor<2x16x16xf32>, %b: tensor<2x16xf32>)
    -> (tensor<3x5x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>}) {
  %y = gspmd.pipeline %x : tensor<3x5x16xf32> params(%w, %b : tensor<2x16x16xf32>, tensor<2x16xf32>) on @mesh "stage" -> tensor<3x5x16xf32> {
  ^bb0(%a: tensor<5x16xf32>, %wl: tensor<16x16xf32>, %bl: tensor<16xf32>):
    %e = tensor.empty() : tensor<5x16xf32>
    %z = arith.constant 0.0 : f32
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<5x16xf32>) -> tensor<5x16xf32>
    %m = linalg.matmul ins(%a, %wl : tensor<5x16xf32>, tensor<16x16xf32>) outs(%f : tensor<5x16xf32>) -> tensor<5x16xf32>
    %bb = linalg.broadcast ins(%bl : tensor<16xf32>) outs(%e : tensor<5x16xf32>) dimensions = [0]
    %s = arith.addf %m, %bb : tensor<5x16xf32>
    %t = math.tanh %s : tensor<5x16xf32>
    gspmd.yield %t : tensor<5x16xf32>
  }
  return %y : tensor<3x5x16xf32>
}
