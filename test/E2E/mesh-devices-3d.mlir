// A 2x2x2 mesh (a, b, c) with a scrambled device order, and collectives over
// non-adjacent axis groups in both orders (["c", "a"], ["a", "c"]): a matmul
// with K split on ["c", "a"] (all_reduce over c and a), its result scattered
// onto ["a", "c"], an uneven reshard from [["a", "c"], ["b"]] to
// [["b"], ["c", "a"]], and a split row sum. Also run with "c" shrunk to 1 and
// another device order on 4 ranks.
// REQUIRES: mpi
// RUN: sed 's/\["a"=2, "b"=2, "c"=2\] devices = \[3, 6, 0, 5, 2, 7, 4, 1\]/["a"=2, "b"=2, "c"=1] devices = [2, 0, 3, 1]/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["a"=2, "b"=2, "c"=2] devices = [3, 6, 0, 5, 2, 7, 4, 1]

func.func @main(%x: tensor<6x10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["b"], ["c", "a"]]>},
                %w: tensor<10x4xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["c", "a"], []]>},
                %u: tensor<5x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a", "c"], ["b"]]>})
    -> (tensor<6x4xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["b"], []]>},
        tensor<6x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["b"], ["a", "c"]]>},
        tensor<5x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["b"], ["c", "a"]]>},
        tensor<5xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["c"]]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<6x4xf32>) -> tensor<6x4xf32>
  %m = linalg.matmul ins(%x, %w : tensor<6x10xf32>, tensor<10x4xf32>) outs(%f : tensor<6x4xf32>) -> tensor<6x4xf32>
  %m2 = linalg.matmul ins(%x, %w : tensor<6x10xf32>, tensor<10x4xf32>) outs(%f : tensor<6x4xf32>) -> tensor<6x4xf32>
  %t = math.tanh %m2 : tensor<6x4xf32>
  %v = math.exp %u : tensor<5x7xf32>
  %e5 = tensor.empty() : tensor<5xf32>
  %f5 = linalg.fill ins(%z : f32) outs(%e5 : tensor<5xf32>) -> tensor<5xf32>
  %s = linalg.reduce ins(%u : tensor<5x7xf32>) outs(%f5 : tensor<5xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %r = arith.addf %in, %acc : f32
      linalg.yield %r : f32
    }
  return %m, %t, %v, %s : tensor<6x4xf32>, tensor<6x4xf32>, tensor<5x7xf32>, tensor<5xf32>
}
