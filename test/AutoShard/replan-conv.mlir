// A convolution whose chosen strategy splits none of its window factors is
// kept on the pass's plan as a contraction is (lib/AutoShard/Replan.c,
// test/AutoShard/replan.mlir). Here the group dim on "a" and the input
// channels on "b", the partial sums reduce-scattered into the result's
// ["b"] on its last dim: 636 B with the operands' reshards. From the
// arguments' layouts (the input split along its width, a window dim) the
// partitioner makes another plan by itself, which sends 1368 B (the NOCON
// run, on the output with the constraints taken out). With the operands
// written resharded, the prediction is the report; the plan runs under
// mpirun and XLA.
// REQUIRES: mpi
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{explain=true})' %s -o %t.mlir 2>%t.err
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' %t.mlir -o /dev/null > %t.out && cat %t.err %t.out | FileCheck %s
// RUN: FileCheck %s --check-prefix=PLAN < %t.mlir
// RUN: grep -v sharding_constraint %t.mlir | sed -E 's/ins\(%[0-9]+, %[0-9]+/ins(%%arg0, %%arg1/' > %t.nocon.mlir
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' %t.nocon.mlir -o /dev/null 2>/dev/null | FileCheck %s --check-prefix=NOCON
// RUN: %mpirun -n 8 %gspmd-run %t.mlir --check | FileCheck %s --check-prefix=PASS
// RUN: %if xla %{ %gspmd-xla-run %t.mlir --check | FileCheck %s --check-prefix=PASS %}

// CHECK: remark: gspmd-auto-shard: {j=a, n=b} reduce_scatter 636 B
// CHECK: predicted [[B:636]] B per device ({{.*}}), proven optimal
// CHECK: total: {{.*}} sent [[B]] B

// PLAN: %[[X:.*]] = gspmd.sharding_constraint %arg0,
// PLAN: %[[W:.*]] = gspmd.sharding_constraint %arg1,
// PLAN: linalg.conv_2d_ngchw_gfchw {{.*}} ins(%[[X]], %[[W]] :

// NOCON: total: {{.*}} sent 1368 B

// PASS: check: 1 of 1 result PASS

gspmd.mesh @m ["a"=2, "b"=4]
func.func @main(%x: tensor<3x2x4x5x9xf32> {gspmd.sharding = #gspmd.partially_tiled<@m, [[], [], [], [], ["a"]]>},
                %w: tensor<2x2x4x3x3xf32> {gspmd.sharding = #gspmd.tiled<@m, [[], ["b"], [], [], ["a"]]>})
    -> (tensor<3x2x2x2x4xf32> {gspmd.sharding = #gspmd.tiled<@m, [[], ["a"], [], [], ["b"]]>}) {
  %e = tensor.empty() : tensor<3x2x2x2x4xf32>
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x2x2x2x4xf32>) -> tensor<3x2x2x2x4xf32>
  %c = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %w : tensor<3x2x4x5x9xf32>, tensor<2x2x4x3x3xf32>) outs(%f : tensor<3x2x2x2x4xf32>) -> tensor<3x2x2x2x4xf32>
  return %c : tensor<3x2x2x2x4xf32>
}
