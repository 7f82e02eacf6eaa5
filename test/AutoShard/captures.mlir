// An op whose body reads a tensor of the block without taking it as an
// operand (here twice, so not a gather read: the partitioner reshards it
// whole before the op, Reshard.c partLocalizeCaptures) reads it whole under
// every strategy. x (15 rows, uneven on "x"=4) is annotated split on its
// rows and so is the result: whichever op gathers, 3 shards of 4x8 f32 are
// received, 384 B, and the prediction is the comm report's. Without the
// capture in the model the pass saw no cost in splitting t's columns and
// predicted 96 B while the partitioner sent 456 B.
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard,gspmd-spmd,gspmd-comm-report)' %s -o /dev/null 2>%t.err >%t.out && cat %t.err %t.out | FileCheck %s
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard)' %s -o %t.auto.mlir 2>/dev/null
// RUN: %if mpi %{ %mpirun -n 4 %gspmd-run %t.auto.mlir --check | FileCheck %s --check-prefix=PASS %}
// RUN: %if mpi %{ %mpirun -n 4 %gspmd-run %t.auto.mlir --check --inject-error=all | FileCheck %s --check-prefix=INJ %}
// RUN: %if xla %{ %gspmd-xla-run %t.auto.mlir --check | FileCheck %s --check-prefix=PASS %}

// CHECK: predicted [[B:384]] B per device
// CHECK: all_gather on @mesh ["x"] group 4: in tensor<4x8xf32> 128 B, sent 384 B
// CHECK: total: 1 op, 1 call, sent [[B]] B

// PASS-NOT: FAIL
// PASS: check: 1 of 1 result PASS
// INJ: inject-error: 3 of 3 injected errors FAIL

gspmd.mesh @mesh ["x"=4]
func.func @f(%a: tensor<15x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>})
    -> (tensor<15x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>}) {
  %t = arith.negf %a : tensor<15x8xf32>
  %e = tensor.empty() : tensor<15x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]} outs(%e : tensor<15x8xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c7 = arith.constant 7 : index
    %jr = arith.subi %c7, %j : index
    %v = tensor.extract %t[%i, %j] : tensor<15x8xf32>
    %w = tensor.extract %t[%i, %jr] : tensor<15x8xf32>
    %s = arith.addf %v, %w : f32
    linalg.yield %s : f32
  } -> tensor<15x8xf32>
  return %r : tensor<15x8xf32>
}
