// Callees without annotations reached with different shardings are cloned by
// completion, one copy per calling context, so no caller reshards at the
// call: a matmul layer called on rows over x (partial) and on rows over x
// and y (multi-axis); an uneven elementwise callee called tiled [x][y], [y][x]
// and with columns over x, y (multi-axis, uneven); a row-sum callee whose
// reduced dim is split in one context (partial sums combined inside its
// copy) and not in the other; nested calls (the copies of @outer call
// different copies of @inner); a second call whose context is the first
// call's result; and a call on a loop-carried value inside scf.for next to
// one outside.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-complete)' | FileCheck %s --check-prefix=CLONES
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS
// CLONES-DAG: func.func private @layer_1(
// CLONES-DAG: func.func private @ew_1(
// CLONES-DAG: func.func private @ew_2(
// CLONES-DAG: func.func private @rowsum_1(
// CLONES-DAG: func.func private @outer_1(
// CLONES-DAG: func.func private @inner_1(
// CLONES-DAG: func.func private @to_cols_1(
// CLONES-DAG: func.func private @step_1(

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func private @layer(%h: tensor<16x12xf32>, %w: tensor<12x12xf32>) -> tensor<16x12xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x12xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<16x12xf32>) -> tensor<16x12xf32>
  %m = linalg.matmul ins(%h, %w : tensor<16x12xf32>, tensor<12x12xf32>) outs(%f : tensor<16x12xf32>) -> tensor<16x12xf32>
  %t = math.tanh %m : tensor<16x12xf32>
  return %t : tensor<16x12xf32>
}
func.func private @ew(%a: tensor<7x5xf32>, %b: tensor<7x5xf32>) -> tensor<7x5xf32> {
  %s = arith.mulf %a, %b : tensor<7x5xf32>
  %t = math.exp %s : tensor<7x5xf32>
  return %t : tensor<7x5xf32>
}
func.func private @rowsum(%a: tensor<6x13xf32>) -> tensor<6xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6xf32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %r = linalg.reduce ins(%a : tensor<6x13xf32>) outs(%i : tensor<6xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<6xf32>
}
func.func private @inner(%a: tensor<9x8xf32>) -> tensor<9x8xf32> {
  %t = math.tanh %a : tensor<9x8xf32>
  %s = arith.addf %t, %a : tensor<9x8xf32>
  return %s : tensor<9x8xf32>
}
func.func private @outer(%a: tensor<9x8xf32>) -> tensor<9x8xf32> {
  %e = math.exp %a : tensor<9x8xf32>
  %r = func.call @inner(%e) : (tensor<9x8xf32>) -> tensor<9x8xf32>
  return %r : tensor<9x8xf32>
}
func.func private @to_cols(%a: tensor<8x12xf32>) -> tensor<8x12xf32> {
  %e = math.sin %a : tensor<8x12xf32>
  %c = gspmd.sharding_constraint %e, #gspmd.partially_tiled<@mesh, [[], ["y"]]> : tensor<8x12xf32>
  return %c : tensor<8x12xf32>
}
func.func private @step(%a: tensor<8x12xf32>) -> tensor<8x12xf32> {
  %t = math.tanh %a : tensor<8x12xf32>
  return %t : tensor<8x12xf32>
}
func.func @main(%h1: tensor<16x12xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
                %h2: tensor<16x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
                %w: tensor<12x12xf32> {gspmd.sharding = #gspmd.replicated},
                %u: tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %v: tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>},
                %q: tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"]]>},
                %ra: tensor<6x13xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %rb: tensor<6x13xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>},
                %oa: tensor<9x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
                %ob: tensor<9x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>},
                %c: tensor<8x12xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
                %l: tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"]]>})
    -> (tensor<16x12xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
        tensor<16x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
        tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>},
        tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"]]>},
        tensor<6xf32>, tensor<6xf32>,
        tensor<9x8xf32>, tensor<9x8xf32>,
        tensor<8x12xf32>, tensor<8x12xf32>,
        tensor<8x12xf32>) {
  %0 = func.call @layer(%h1, %w) : (tensor<16x12xf32>, tensor<12x12xf32>) -> tensor<16x12xf32>
  %1 = func.call @layer(%h2, %w) : (tensor<16x12xf32>, tensor<12x12xf32>) -> tensor<16x12xf32>
  %2 = func.call @ew(%u, %u) : (tensor<7x5xf32>, tensor<7x5xf32>) -> tensor<7x5xf32>
  %3 = func.call @ew(%v, %v) : (tensor<7x5xf32>, tensor<7x5xf32>) -> tensor<7x5xf32>
  %4 = func.call @ew(%q, %q) : (tensor<7x5xf32>, tensor<7x5xf32>) -> tensor<7x5xf32>
  %5 = func.call @rowsum(%ra) : (tensor<6x13xf32>) -> tensor<6xf32>
  %6 = func.call @rowsum(%rb) : (tensor<6x13xf32>) -> tensor<6xf32>
  %7 = func.call @outer(%oa) : (tensor<9x8xf32>) -> tensor<9x8xf32>
  %8 = func.call @outer(%ob) : (tensor<9x8xf32>) -> tensor<9x8xf32>
  %9 = func.call @to_cols(%c) : (tensor<8x12xf32>) -> tensor<8x12xf32>
  %10 = func.call @to_cols(%9) : (tensor<8x12xf32>) -> tensor<8x12xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %s0 = func.call @step(%c) : (tensor<8x12xf32>) -> tensor<8x12xf32>
  %lr = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %l) -> (tensor<8x12xf32>) {
    %s = func.call @step(%acc) : (tensor<8x12xf32>) -> tensor<8x12xf32>
    %n = arith.addf %s, %s0 : tensor<8x12xf32>
    scf.yield %n : tensor<8x12xf32>
  }
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %lr
      : tensor<16x12xf32>, tensor<16x12xf32>, tensor<7x5xf32>, tensor<7x5xf32>, tensor<7x5xf32>,
        tensor<6xf32>, tensor<6xf32>, tensor<9x8xf32>, tensor<9x8xf32>, tensor<8x12xf32>,
        tensor<8x12xf32>, tensor<8x12xf32>
}
