// 2-D matmul (data x model): A split on x along M and on y along K, B split on
// y along K; C wanted [["x"], []] (all_reduce over y) in one matmul, and in a
// second matmul A split on x along M and B on y along N giving C tiled [["x"],
// ["y"]] with no collective.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<16x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %b: tensor<24x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>},
                %w: tensor<24x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>})
    -> (tensor<16x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
        tensor<16x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>}) {
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<16x8xf32>
  %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<16x8xf32>) -> tensor<16x8xf32>
  %r0 = linalg.matmul ins(%a, %b : tensor<16x24xf32>, tensor<24x8xf32>)
                      outs(%f0 : tensor<16x8xf32>) -> tensor<16x8xf32>
  %e1 = tensor.empty() : tensor<16x32xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<16x32xf32>) -> tensor<16x32xf32>
  %r1 = linalg.matmul ins(%a, %w : tensor<16x24xf32>, tensor<24x32xf32>)
                      outs(%f1 : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %r0, %r1 : tensor<16x8xf32>, tensor<16x32xf32>
}
