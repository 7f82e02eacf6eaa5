// A row read at a dynamic offset (what the importer makes of
// stablehlo.dynamic_slice: tensor.extract_slice at a clamped offset) from a
// tensor split on that dim: each device slices the row when it holds it
// (offset minus its shard's, below its valid rows) and gives zeros when not,
// and the partial rows are summed: no gather of the table. Rows 38 on 4
// devices (uneven); a rank-reducing slice; a 3-D integer tensor split on
// two axes, sliced on the middle dim. Offsets 2 * (id + 8) for ids in
// [-8, 8] reach every device's rows.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=2/' %s > %t.y2.mlir && %mpirun -n 2 %gspmd-run %t.y2.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// RUN: %if xla %{ %gspmd-xla-run %s --check | FileCheck %s %}
// RUN: %if xla %{ %gspmd-xla-run %s --form global --check | FileCheck %s %}
// A wrong value in any result is told apart from rounding, under both runners:
// RUN: %mpirun -n 8 %gspmd-run %s --check --inject-error=all | FileCheck %s --check-prefix=INJ
// RUN: %if xla %{ %gspmd-xla-run %s --check --inject-error=all | FileCheck %s --check-prefix=INJ %}
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=COMM
// CHECK-NOT: FAIL
// CHECK: check: 3 of 3 results PASS
// INJ-DAG: check: 3 of 3 results PASS
// INJ-DAG: inject-error: 3 of 3 injected errors FAIL
// COMM-NOT: all_gather
// COMM: total all_reduce: 3 ops
// COMM-NOT: all_gather

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%table: tensor<38x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>},
                %cube: tensor<4x38x6xi32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"], []]>},
                %ids: tensor<2xi32> {gspmd.sharding = #gspmd.replicated})
    -> (tensor<1x6xf32> {gspmd.sharding = #gspmd.replicated},
        tensor<6xf32> {gspmd.sharding = #gspmd.replicated},
        tensor<4x1x6xi32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], [], []]>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c37 = arith.constant 37 : index
  %id0 = tensor.extract %ids[%c0] : tensor<2xi32>
  %id1 = tensor.extract %ids[%c1] : tensor<2xi32>
  %i0 = arith.index_cast %id0 : i32 to index
  %i1 = arith.index_cast %id1 : i32 to index
  %s0 = arith.addi %i0, %c8 : index
  %s1 = arith.addi %i1, %c8 : index
  %t0 = arith.muli %s0, %c2 : index
  %t1 = arith.muli %s1, %c2 : index
  %u0 = arith.maxsi %t0, %c0 : index
  %u1 = arith.maxsi %t1, %c0 : index
  %o0 = arith.minsi %u0, %c37 : index
  %o1 = arith.minsi %u1, %c37 : index
  %r0 = tensor.extract_slice %table[%o0, 0] [1, 6] [1, 1] : tensor<38x6xf32> to tensor<1x6xf32>
  %r1 = tensor.extract_slice %table[%o1, 0] [1, 6] [1, 1] : tensor<38x6xf32> to tensor<6xf32>
  %r2 = tensor.extract_slice %cube[0, %o1, 0] [4, 1, 6] [1, 1, 1] : tensor<4x38x6xi32> to tensor<4x1x6xi32>
  return %r0, %r1, %r2 : tensor<1x6xf32>, tensor<6xf32>, tensor<4x1x6xi32>
}
