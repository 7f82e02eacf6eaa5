// Embedding lookups (a linalg body reading a table with tensor.extract at
// rows computed from token ids, as the importer makes of stablehlo.gather):
// the table split on its looked-up (vocabulary) dim, unevenly (38 rows on 4
// devices), is looked up locally with the other devices' rows masked and the
// partial results summed; split on its passthrough (hidden) dim it is read
// locally; the ids split on the batch dim (index-parallel). An integer table
// split on both dims over two axes. Token ids in [-8, 8] become rows
// 2 * (id + 8) + batch (0 to 35, clamped): every device's rows are read, many
// of them several times.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=2/' %s > %t.y2.mlir && %mpirun -n 2 %gspmd-run %t.y2.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// RUN: %if xla %{ %gspmd-xla-run %s --check | FileCheck %s %}
// RUN: %if xla %{ %gspmd-xla-run %s --form global --check | FileCheck %s %}
// A wrong value in any result is told apart from rounding, under both runners:
// RUN: %mpirun -n 8 %gspmd-run %s --check --inject-error=all | FileCheck %s --check-prefix=INJ
// RUN: %if xla %{ %gspmd-xla-run %s --check --inject-error=all | FileCheck %s --check-prefix=INJ %}
// No table is gathered: the lookups on split rows are summed (over "y"; the
// integer one over "y" too, its columns staying split on "x").
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=COMM
// CHECK-NOT: FAIL
// CHECK: check: 3 of 3 results PASS
// INJ-DAG: check: 3 of 3 results PASS
// INJ-DAG: inject-error: 3 of 3 injected errors FAIL
// COMM-NOT: all_gather on @mesh ["y"]
// COMM: total all_reduce: 2 ops
// COMM-NOT: all_gather on @mesh ["y"]

gspmd.mesh @mesh ["x"=2, "y"=4]

#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>

func.func @main(%vocab_split: tensor<38x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>},
                %hidden_split: tensor<38x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>},
                %both: tensor<40x6xi32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>},
                %ids: tensor<4x6xi32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>})
    -> (tensor<4x6x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], [], []]>},
        tensor<4x6x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], ["y"]]>},
        tensor<4x6x6xi32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], [], ["x"]]>}) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c2 = arith.constant 2 : index
  %c37 = arith.constant 37 : index
  %c39 = arith.constant 39 : index
  %e = tensor.empty() : tensor<4x6x6xf32>
  %e1 = tensor.empty() : tensor<4x6x6xf32>
  %ei = tensor.empty() : tensor<4x6x6xi32>
  %r0 = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel", "parallel"]} outs(%e : tensor<4x6x6xf32>) {
  ^bb0(%out: f32):
    %b = linalg.index 0 : index
    %s = linalg.index 1 : index
    %h = linalg.index 2 : index
    %id = tensor.extract %ids[%b, %s] : tensor<4x6xi32>
    %k = arith.index_cast %id : i32 to index
    %k8 = arith.addi %k, %c8 : index
    %k16 = arith.muli %k8, %c2 : index
    %k1 = arith.addi %k16, %b : index
    %k2 = arith.maxsi %k1, %c0 : index
    %row = arith.minsi %k2, %c37 : index
    %v = tensor.extract %vocab_split[%row, %h] : tensor<38x6xf32>
    linalg.yield %v : f32
  } -> tensor<4x6x6xf32>
  %r1 = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel", "parallel"]} outs(%e1 : tensor<4x6x6xf32>) {
  ^bb0(%out: f32):
    %b = linalg.index 0 : index
    %s = linalg.index 1 : index
    %h = linalg.index 2 : index
    %id = tensor.extract %ids[%b, %s] : tensor<4x6xi32>
    %k = arith.index_cast %id : i32 to index
    %k8 = arith.addi %k, %c8 : index
    %k16 = arith.muli %k8, %c2 : index
    %k1 = arith.addi %k16, %b : index
    %k2 = arith.maxsi %k1, %c0 : index
    %row = arith.minsi %k2, %c37 : index
    %v = tensor.extract %hidden_split[%row, %h] : tensor<38x6xf32>
    linalg.yield %v : f32
  } -> tensor<4x6x6xf32>
  %r2 = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel", "parallel"]} outs(%ei : tensor<4x6x6xi32>) {
  ^bb0(%out: i32):
    %b = linalg.index 0 : index
    %s = linalg.index 1 : index
    %h = linalg.index 2 : index
    %id = tensor.extract %ids[%b, %s] : tensor<4x6xi32>
    %k = arith.index_cast %id : i32 to index
    %k8 = arith.addi %k, %c8 : index
    %k16 = arith.muli %k8, %c2 : index
    %k1 = arith.addi %k16, %b : index
    %k2 = arith.maxsi %k1, %c0 : index
    %row = arith.minsi %k2, %c39 : index
    %v = tensor.extract %both[%row, %h] : tensor<40x6xi32>
    %w = arith.muli %v, %id : i32
    linalg.yield %w : i32
  } -> tensor<4x6x6xi32>
  return %r0, %r1, %r2 : tensor<4x6x6xf32>, tensor<4x6x6xf32>, tensor<4x6x6xi32>
}
