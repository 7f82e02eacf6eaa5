// linalg.matmul with K split on y and the result wanted split on y along N
// (and on x along M): the partial sums must be combined by a reduce_scatter
// over y rather than all_reduce + slice. Also a K split on [["x", "y"]]
// scattered onto M.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>},
                %b: tensor<16x12xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>},
                %c: tensor<16x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"]]>},
                %d: tensor<24x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>})
    -> (tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<16x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>}) {
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<8x12xf32>
  %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<8x12xf32>) -> tensor<8x12xf32>
  %r0 = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x12xf32>)
                      outs(%f0 : tensor<8x12xf32>) -> tensor<8x12xf32>
  %e1 = tensor.empty() : tensor<16x4xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<16x4xf32>) -> tensor<16x4xf32>
  %r1 = linalg.matmul ins(%c, %d : tensor<16x24xf32>, tensor<24x4xf32>)
                      outs(%f1 : tensor<16x4xf32>) -> tensor<16x4xf32>
  return %r0, %r1 : tensor<8x12xf32>, tensor<16x4xf32>
}
