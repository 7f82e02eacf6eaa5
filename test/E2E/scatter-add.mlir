// Scatters in the form the importer gives a stablehlo.scatter whose combiner
// reduces (test/Import/scatter.test): one linalg.generic over the table's
// dims (parallel) and the updates' scatter dims (reductions) that combines,
// at each table element, the updates whose row index points at it. The
// embedding gradient (add) with the updates split on their batch dim gives
// partial tables, summed into the table's rows split on "y" (all_reduce over
// "x"), or into rows split on "x" (reduce_scatter), from 5 batches split 3 + 2
// (the padding's updates masked with the identity); the table's rows split
// are scattered locally (each device matches its own rows, 38 on 4 devices:
// uneven). An integer max scatter with the window (hidden) dim split too.
// Row indices 2 * (id + 8) + batch hit every device's rows, (id + 8) mod 8
// every row of a small table several times (duplicate indices); for the max,
// id + 6 also falls outside the table (-2 to 14 on 12 rows): those updates
// are skipped. (Where the table is big against the updates, gathering the
// updates is cheaper, and the strategy does that instead.)
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=2/' %s > %t.y2.mlir && %mpirun -n 2 %gspmd-run %t.y2.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// RUN: %if xla %{ %gspmd-xla-run %s --check | FileCheck %s %}
// RUN: %if xla %{ %gspmd-xla-run %s --form global --check | FileCheck %s %}
// A wrong value in any result is told apart from rounding, under both runners:
// RUN: %mpirun -n 8 %gspmd-run %s --check --inject-error=all | FileCheck %s --check-prefix=INJ
// RUN: %if xla %{ %gspmd-xla-run %s --check --inject-error=all | FileCheck %s --check-prefix=INJ %}
// The updates are never gathered: the partial tables are combined.
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=COMM
// CHECK-NOT: FAIL
// CHECK: check: 3 of 3 results PASS
// INJ-DAG: check: 3 of 3 results PASS
// INJ-DAG: inject-error: 3 of 3 injected errors FAIL
// COMM-NOT: all_gather
// COMM-DAG: all_reduce on @mesh ["x"] group 2: in tensor<10x6xf32>
// COMM-DAG: reduce_scatter on @mesh ["x"]
// COMM-DAG: all_reduce on @mesh ["x"] group 2: in tensor<12x2xi32>
// COMM-NOT: all_gather

gspmd.mesh @mesh ["x"=2, "y"=4]

#bs = affine_map<(d0, d1) -> (d0, d1)>
#ids = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#upd = affine_map<(d0, d1, d2, d3) -> (d2, d3, d1)>
#table = affine_map<(d0, d1, d2, d3) -> (d0, d1)>

func.func @main(%rows_split: tensor<38x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>},
                %whole: tensor<8x6xf32> {gspmd.sharding = #gspmd.replicated},
                %imax: tensor<12x6xi32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>},
                %ids: tensor<5x6xi32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
                %grad: tensor<5x6x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], [], []]>},
                %igrad: tensor<5x6x6xi32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], ["y"]]>})
    -> (tensor<38x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>},
        tensor<8x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
        tensor<12x6xi32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>}) {
  %c2 = arith.constant 2 : i32
  %c8 = arith.constant 8 : i32
  %e = tensor.empty() : tensor<5x6xi32>
  %rows:3 = linalg.generic {indexing_maps = [#bs, #bs, #bs, #bs], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<5x6xi32>) outs(%e, %e, %e : tensor<5x6xi32>, tensor<5x6xi32>, tensor<5x6xi32>) {
  ^bb0(%id: i32, %o0: i32, %o1: i32, %o2: i32):
    %b = linalg.index 0 : index
    %bi = arith.index_cast %b : index to i32
    %k = arith.addi %id, %c8 : i32
    %k2 = arith.muli %k, %c2 : i32
    %spread = arith.addi %k2, %bi : i32
    %wrapped = arith.remsi %k, %c8 : i32
    %shifted = arith.subi %k, %c2 : i32
    linalg.yield %spread, %wrapped, %shifted : i32, i32, i32
  } -> (tensor<5x6xi32>, tensor<5x6xi32>, tensor<5x6xi32>)
  %r0 = linalg.generic {indexing_maps = [#ids, #upd, #table], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%rows#0, %grad : tensor<5x6xi32>, tensor<5x6x6xf32>) outs(%rows_split : tensor<38x6xf32>) {
  ^bb0(%id: i32, %u: f32, %acc: f32):
    %row = arith.index_cast %id : i32 to index
    %pos = linalg.index 0 : index
    %hit = arith.cmpi eq, %pos, %row : index
    %identity = arith.constant 0.0 : f32
    %x = arith.select %hit, %u, %identity : f32
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  } -> tensor<38x6xf32>
  %r1 = linalg.generic {indexing_maps = [#ids, #upd, #table], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%rows#1, %grad : tensor<5x6xi32>, tensor<5x6x6xf32>) outs(%whole : tensor<8x6xf32>) {
  ^bb0(%id: i32, %u: f32, %acc: f32):
    %row = arith.index_cast %id : i32 to index
    %pos = linalg.index 0 : index
    %hit = arith.cmpi eq, %pos, %row : index
    %identity = arith.constant 0.0 : f32
    %x = arith.select %hit, %u, %identity : f32
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  } -> tensor<8x6xf32>
  %r2 = linalg.generic {indexing_maps = [#ids, #upd, #table], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%rows#2, %igrad : tensor<5x6xi32>, tensor<5x6x6xi32>) outs(%imax : tensor<12x6xi32>) {
  ^bb0(%id: i32, %u: i32, %acc: i32):
    %row = arith.index_cast %id : i32 to index
    %pos = linalg.index 0 : index
    %hit = arith.cmpi eq, %pos, %row : index
    %identity = arith.constant -2147483648 : i32
    %x = arith.select %hit, %u, %identity : i32
    %s = arith.maxsi %acc, %x : i32
    linalg.yield %s : i32
  } -> tensor<12x6xi32>
  return %r0, %r1, %r2 : tensor<38x6xf32>, tensor<8x6xf32>, tensor<12x6xi32>
}
