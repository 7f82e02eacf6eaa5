// Ops whose loops gspmd-order-loops reorders in the CPU lowering (test/
// Codegen/order-loops.mlir): column sums (a bias gradient, reduced across
// rows) and a scatter-add in the importer's form (an embedding gradient,
// whose feature loop goes innermost), partitioned with uneven shapes (9
// columns on 4 devices, 7 tokens on 2), multi-axis ([["x", "y"]]) and
// partial ([["y"]] of a 2x4 mesh) shardings. Each output element sums in
// its own order after the move, so the check's bound holds as before.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// RUN: %if xla %{ %gspmd-xla-run %s --check | FileCheck %s %}
// A wrong value in any result is told apart from rounding, under both runners:
// RUN: %mpirun -n 8 %gspmd-run %s --check --inject-error=all | FileCheck %s --check-prefix=INJ
// RUN: %if xla %{ %gspmd-xla-run %s --check --inject-error=all | FileCheck %s --check-prefix=INJ %}
// CHECK-NOT: FAIL
// CHECK: check: 3 of 3 results PASS
// INJ-DAG: check: 3 of 3 results PASS
// INJ-DAG: inject-error: 3 of 3 injected errors FAIL

gspmd.mesh @mesh ["x"=2, "y"=4]

#cin = affine_map<(d0, d1, d2) -> (d1, d2, d0)>
#cout = affine_map<(d0, d1, d2) -> (d0)>
#bs = affine_map<(d0, d1) -> (d0, d1)>
#ids = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#upd = affine_map<(d0, d1, d2, d3) -> (d2, d3, d1)>
#table = affine_map<(d0, d1, d2, d3) -> (d0, d1)>

func.func @main(%x: tensor<6x7x9xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], ["y"]]>},
                %w: tensor<16x5x9xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], [], []]>},
                %ids: tensor<3x7xi32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["x"]]>},
                %grad: tensor<3x7x9xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["x"], []]>},
                %table: tensor<11x9xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>})
    -> (tensor<9xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"]]>},
        tensor<9xf32> {gspmd.sharding = #gspmd.replicated},
        tensor<11x9xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>}) {
  %zero = arith.constant 0.0 : f32
  %e9 = tensor.empty() : tensor<9xf32>
  %z9 = linalg.fill ins(%zero : f32) outs(%e9 : tensor<9xf32>) -> tensor<9xf32>
  %s0 = linalg.generic {indexing_maps = [#cin, #cout], iterator_types = ["parallel", "reduction", "reduction"]} ins(%x : tensor<6x7x9xf32>) outs(%z9 : tensor<9xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<9xf32>
  %s1 = linalg.generic {indexing_maps = [#cin, #cout], iterator_types = ["parallel", "reduction", "reduction"]} ins(%w : tensor<16x5x9xf32>) outs(%z9 : tensor<9xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %sq = arith.mulf %a, %a : f32
    %s = arith.addf %acc, %sq : f32
    linalg.yield %s : f32
  } -> tensor<9xf32>
  // Row indices (id + 8) mod 11 + token: duplicates, every device's rows.
  %c8 = arith.constant 8 : i32
  %c11 = arith.constant 11 : i32
  %e = tensor.empty() : tensor<3x7xi32>
  %rows = linalg.generic {indexing_maps = [#bs, #bs], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<3x7xi32>) outs(%e : tensor<3x7xi32>) {
  ^bb0(%id: i32, %o: i32):
    %k = arith.addi %id, %c8 : i32
    %m = arith.remsi %k, %c11 : i32
    %p = arith.addi %m, %c11 : i32
    %r = arith.remsi %p, %c11 : i32
    linalg.yield %r : i32
  } -> tensor<3x7xi32>
  %t = linalg.generic {indexing_maps = [#ids, #upd, #table], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%rows, %grad : tensor<3x7xi32>, tensor<3x7x9xf32>) outs(%table : tensor<11x9xf32>) {
  ^bb0(%id: i32, %u: f32, %acc: f32):
    %row = arith.index_cast %id : i32 to index
    %pos = linalg.index 0 : index
    %hit = arith.cmpi eq, %pos, %row : index
    %x0 = arith.select %hit, %u, %zero : f32
    %s = arith.addf %acc, %x0 : f32
    linalg.yield %s : f32
  } -> tensor<11x9xf32>
  return %s0, %s1, %t : tensor<9xf32>, tensor<9xf32>, tensor<11x9xf32>
}
