// Scatters that replace, with unique indices (jax's `.at[i].set(v,
// unique_indices=True)`), in the form the importer gives them
// (test/Import/scatter.test): the sum of the update pointing at each
// element (the others the identity -0.0) and a count of the updates that do,
// each a linalg.generic over the table's dims (parallel) and the updates'
// scatter dims (reductions), then a select of the sum or the table's
// element. Updates split on their batch dim leave partial sums, combined
// by all_reduce; the table's rows split (38 rows on 4
// devices: uneven) are written locally, each device matching its own rows;
// an integer table split on its window (column) dim is written locally too. Rows
// (7 k + 3) mod 38 and (5 k + 1) mod 12 for update k are unique and reach
// every device's rows.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=2/' %s > %t.y2.mlir && %mpirun -n 2 %gspmd-run %t.y2.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check --inject-error=all | FileCheck %s --check-prefixes=CHECK,INJ
// RUN: %if xla %{ %gspmd-xla-run %s --check --inject-error=all | FileCheck %s --check-prefixes=CHECK,INJ %}
// RUN: %if xla %{ %gspmd-xla-run %s --form global --check | FileCheck %s %}
// The tables are never gathered: the partial sums of the float table are
// all-reduced; the count of the uneven batch (5 over 2) cannot mask its
// padding (its value is no operand's), so its row indices are gathered,
// with a remark.
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=COMM
// CHECK-NOT: FAIL:
// CHECK-DAG: check: 2 of 2 results PASS
// INJ-DAG: inject-error: 3 of 3 injected errors FAIL
// COMM: remark: gspmd-partition: 'linalg.generic' splits a reduction unevenly whose padding cannot be masked; the reduced dims are gathered
// COMM-NOT: on @mesh ["y"]
// COMM: all_reduce on @mesh ["x"] group 2: in tensor<10x6xf32>
// COMM-NOT: on @mesh ["y"]
// COMM: total: 4 ops, 4 calls, sent 384 B

gspmd.mesh @mesh ["x"=2, "y"=4]

#bs = affine_map<(d0, d1) -> (d0, d1)>
#ids = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#upd = affine_map<(d0, d1, d2, d3) -> (d2, d3, d1)>
#table = affine_map<(d0, d1, d2, d3) -> (d0, d1)>

func.func @main(%rows_split: tensor<38x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>},
                %cols_split: tensor<12x8xi32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>},
                %new: tensor<5x6x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], [], []]>},
                %inew: tensor<2x6x8xi32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], ["y"]]>})
    -> (tensor<38x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>},
        tensor<12x8xi32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>}) {
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c6 = arith.constant 6 : i32
  %c7 = arith.constant 7 : i32
  %c12 = arith.constant 12 : i32
  %c38 = arith.constant 38 : i32
  %e = tensor.empty() : tensor<5x6xi32>
  %rows = linalg.generic {indexing_maps = [#bs], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<5x6xi32>) {
  ^bb0(%o: i32):
    %b = linalg.index 0 : index
    %s = linalg.index 1 : index
    %bi = arith.index_cast %b : index to i32
    %si = arith.index_cast %s : index to i32
    %k0 = arith.muli %bi, %c6 : i32
    %k = arith.addi %k0, %si : i32
    %k7 = arith.muli %k, %c7 : i32
    %k73 = arith.addi %k7, %c3 : i32
    %row = arith.remsi %k73, %c38 : i32
    linalg.yield %row : i32
  } -> tensor<5x6xi32>
  %e2 = tensor.empty() : tensor<2x6xi32>
  %irows = linalg.generic {indexing_maps = [#bs], iterator_types = ["parallel", "parallel"]} outs(%e2 : tensor<2x6xi32>) {
  ^bb0(%o: i32):
    %b = linalg.index 0 : index
    %s = linalg.index 1 : index
    %bi = arith.index_cast %b : index to i32
    %si = arith.index_cast %s : index to i32
    %k0 = arith.muli %bi, %c6 : i32
    %k = arith.addi %k0, %si : i32
    %k5 = arith.muli %k, %c5 : i32
    %k51 = arith.addi %k5, %c1 : i32
    %row = arith.remsi %k51, %c12 : i32
    linalg.yield %row : i32
  } -> tensor<2x6xi32>
  %zero0 = arith.constant -0.0 : f32
  %e_sum00 = tensor.empty() : tensor<38x6xf32>
  %sum00 = linalg.fill ins(%zero0 : f32) outs(%e_sum00 : tensor<38x6xf32>) -> tensor<38x6xf32>
  %none0 = arith.constant 0 : i32
  %e_any00 = tensor.empty() : tensor<38x6xi32>
  %any00 = linalg.fill ins(%none0 : i32) outs(%e_any00 : tensor<38x6xi32>) -> tensor<38x6xi32>
  %sum0 = linalg.generic {indexing_maps = [#ids, #upd, #table], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%rows, %new : tensor<5x6xi32>, tensor<5x6x6xf32>) outs(%sum00 : tensor<38x6xf32>) {
  ^bb0(%id: i32, %u: f32, %acc: f32):
    %row = arith.index_cast %id : i32 to index
    %pos = linalg.index 0 : index
    %hit = arith.cmpi eq, %pos, %row : index
    %identity = arith.constant -0.0 : f32
    %x = arith.select %hit, %u, %identity : f32
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  } -> tensor<38x6xf32>
  %any0 = linalg.generic {indexing_maps = [#ids, #table], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%rows : tensor<5x6xi32>) outs(%any00 : tensor<38x6xi32>) {
  ^bb0(%id: i32, %acc: i32):
    %row = arith.index_cast %id : i32 to index
    %pos = linalg.index 0 : index
    %hit = arith.cmpi eq, %pos, %row : index
    %one = arith.extui %hit : i1 to i32
    %s = arith.addi %acc, %one : i32
    linalg.yield %s : i32
  } -> tensor<38x6xi32>
  %r0 = linalg.generic {indexing_maps = [#bs, #bs, #bs], iterator_types = ["parallel", "parallel"]} ins(%any0, %sum0 : tensor<38x6xi32>, tensor<38x6xf32>) outs(%rows_split : tensor<38x6xf32>) {
  ^bb0(%h: i32, %v: f32, %o: f32):
    %c0 = arith.constant 0 : i32
    %a = arith.cmpi ne, %h, %c0 : i32
    %x = arith.select %a, %v, %o : f32
    linalg.yield %x : f32
  } -> tensor<38x6xf32>
  %zero1 = arith.constant 0 : i32
  %e_sum01 = tensor.empty() : tensor<12x8xi32>
  %sum01 = linalg.fill ins(%zero1 : i32) outs(%e_sum01 : tensor<12x8xi32>) -> tensor<12x8xi32>
  %none1 = arith.constant 0 : i32
  %e_any01 = tensor.empty() : tensor<12x8xi32>
  %any01 = linalg.fill ins(%none1 : i32) outs(%e_any01 : tensor<12x8xi32>) -> tensor<12x8xi32>
  %sum1 = linalg.generic {indexing_maps = [#ids, #upd, #table], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%irows, %inew : tensor<2x6xi32>, tensor<2x6x8xi32>) outs(%sum01 : tensor<12x8xi32>) {
  ^bb0(%id: i32, %u: i32, %acc: i32):
    %row = arith.index_cast %id : i32 to index
    %pos = linalg.index 0 : index
    %hit = arith.cmpi eq, %pos, %row : index
    %identity = arith.constant 0 : i32
    %x = arith.select %hit, %u, %identity : i32
    %s = arith.addi %acc, %x : i32
    linalg.yield %s : i32
  } -> tensor<12x8xi32>
  %any1 = linalg.generic {indexing_maps = [#ids, #table], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%irows : tensor<2x6xi32>) outs(%any01 : tensor<12x8xi32>) {
  ^bb0(%id: i32, %acc: i32):
    %row = arith.index_cast %id : i32 to index
    %pos = linalg.index 0 : index
    %hit = arith.cmpi eq, %pos, %row : index
    %one = arith.extui %hit : i1 to i32
    %s = arith.addi %acc, %one : i32
    linalg.yield %s : i32
  } -> tensor<12x8xi32>
  %r1 = linalg.generic {indexing_maps = [#bs, #bs, #bs], iterator_types = ["parallel", "parallel"]} ins(%any1, %sum1 : tensor<12x8xi32>, tensor<12x8xi32>) outs(%cols_split : tensor<12x8xi32>) {
  ^bb0(%h: i32, %v: i32, %o: i32):
    %c0 = arith.constant 0 : i32
    %a = arith.cmpi ne, %h, %c0 : i32
    %x = arith.select %a, %v, %o : i32
    linalg.yield %x : i32
  } -> tensor<12x8xi32>
  return %r0, %r1 : tensor<38x6xf32>, tensor<12x8xi32>
}
