// Split reductions whose result wants the reduced axis on a surviving dim
// (reduce_scatter) with uneven sizes: a row sum of a 7x12 tensor whose columns
// are split on y, with the 7 results split on y; a matmul 10x8 @ 8x6 with K
// split on y and the result split on y along M (10 over 4); and one with K on
// [["x", "y"]] and the result on [["y", "x"]] along N (6 over 8).
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<7x12xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>},
                %b: tensor<10x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>},
                %c: tensor<8x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>},
                %d: tensor<10x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"]]>},
                %f: tensor<8x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>})
    -> (tensor<7xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"]]>},
        tensor<10x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>},
        tensor<10x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["y", "x"]]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<7xf32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<7xf32>) -> tensor<7xf32>
  %s = linalg.reduce ins(%a : tensor<7x12xf32>) outs(%i : tensor<7xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %r = arith.addf %in, %acc : f32
      linalg.yield %r : f32
    }
  %e1 = tensor.empty() : tensor<10x6xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<10x6xf32>) -> tensor<10x6xf32>
  %m1 = linalg.matmul ins(%b, %c : tensor<10x8xf32>, tensor<8x6xf32>) outs(%f1 : tensor<10x6xf32>) -> tensor<10x6xf32>
  %m2 = linalg.matmul ins(%d, %f : tensor<10x8xf32>, tensor<8x6xf32>) outs(%f1 : tensor<10x6xf32>) -> tensor<10x6xf32>
  return %s, %m1, %m2 : tensor<7xf32>, tensor<10x6xf32>, tensor<10x6xf32>
}
