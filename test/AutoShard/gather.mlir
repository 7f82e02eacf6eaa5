// A gather read (an embedding lookup: a linalg body reading the table with
// tensor.extract at rows computed from token ids) is a strategy choice of its
// op, as the partitioner partitions it (lib/Rules/gather.c, Gathers.c): the
// table's columns follow the loop over them; its looked-up rows are a
// reduction factor, split as a masked lookup whose partial results are summed.
// The table is annotated split on its rows over "x"=4, the result wanted
// whole. With 16 rows the plan moves the table to a column split
// (all_to_all, 3/4 of a 128 B shard: 96 B) and gathers the 6x8 result's
// columns (144 B): 240 B, where the masked lookup's all_reduce sends 288 B.
// With 64 rows moving the table costs 384 B, and the masked lookup wins.
// Token ids in [-8, 8] become rows 3 * (id + 8), clamped to the table.
// The predicted bytes are the comm report's; each plan runs and checks under
// MPI and XLA, and a wrong value is told apart from rounding.
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{explain=true},gspmd-spmd,gspmd-comm-report)' %s -o /dev/null 2>%t.err >%t.out && cat %t.err %t.out | FileCheck %s --check-prefix=ROWS16
// RUN: sed 's/16x8xf32/64x8xf32/g; s/%c15 = arith.constant 15/%c15 = arith.constant 63/' %s > %t.64.mlir
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{explain=true},gspmd-spmd,gspmd-comm-report)' %t.64.mlir -o /dev/null 2>%t.err >%t.out && cat %t.err %t.out | FileCheck %s --check-prefix=ROWS64
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard)' %s -o %t.16.auto.mlir 2>/dev/null
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard)' %t.64.mlir -o %t.64.auto.mlir 2>/dev/null
// RUN: %if mpi %{ %mpirun -n 4 %gspmd-run %t.16.auto.mlir --check | FileCheck %s --check-prefix=PASS %}
// RUN: %if mpi %{ %mpirun -n 4 %gspmd-run %t.64.auto.mlir --check | FileCheck %s --check-prefix=PASS %}
// RUN: %if mpi %{ %mpirun -n 4 %gspmd-run %t.64.auto.mlir --check --inject-error=all | FileCheck %s --check-prefix=INJ %}
// RUN: %if xla %{ %gspmd-xla-run %t.16.auto.mlir --check | FileCheck %s --check-prefix=PASS %}
// RUN: %if xla %{ %gspmd-xla-run %t.64.auto.mlir --check | FileCheck %s --check-prefix=PASS %}
// RUN: %if xla %{ %gspmd-xla-run %t.64.auto.mlir --check --inject-error=all | FileCheck %s --check-prefix=INJ %}

// ROWS16: remark: gspmd-auto-shard: {j=x} 240 B (combine 0 B) of 4 strategies; runner-up {k=x} 288 B
// ROWS16: predicted [[B:240]] B per device
// ROWS16: all_to_all on @mesh ["x"] group 4: in tensor<4x8xf32> 128 B, sent 96 B
// ROWS16: all_gather on @mesh ["x"] group 4: in tensor<6x2xf32> 48 B, sent 144 B
// ROWS16: total: 2 ops, 2 calls, sent [[B]] B

// ROWS64: remark: gspmd-auto-shard: {k=x} 288 B (combine 288 B) of 4 strategies
// ROWS64: predicted [[B:288]] B per device
// ROWS64: all_reduce on @mesh ["x"] group 4: in tensor<6x8xf32> 192 B, sent 288 B
// ROWS64: total: 1 op, 1 call, sent [[B]] B

// PASS-NOT: FAIL
// PASS: check: 1 of 1 result PASS
// INJ: inject-error: 3 of 3 injected errors FAIL

gspmd.mesh @mesh ["x"=4]
func.func @f(%table: tensor<16x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>},
             %ids: tensor<6xi32>) -> (tensor<6x8xf32> {gspmd.sharding = #gspmd.replicated<@mesh>}) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c15 = arith.constant 15 : index
  %e = tensor.empty() : tensor<6x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<6xi32>) outs(%e : tensor<6x8xf32>) {
  ^bb0(%id: i32, %out: f32):
    %j = linalg.index 1 : index
    %i = arith.index_cast %id : i32 to index
    %shifted = arith.addi %i, %c8 : index
    %row3 = arith.muli %shifted, %c3 : index
    %low = arith.maxsi %row3, %c0 : index
    %row = arith.minsi %low, %c15 : index
    %v = tensor.extract %table[%row, %j] : tensor<16x8xf32>
    linalg.yield %v : f32
  } -> tensor<6x8xf32>
  return %r : tensor<6x8xf32>
}
