// linalg.batch_matmul with the batch dim split on x and N on y (no
// collective), and an uneven batch (3 over x) with K split on y (all_reduce
// over y, K=10 uneven over 4).
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<4x6x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], [], []]>},
                %b: tensor<4x8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], ["y"]]>},
                %c: tensor<3x5x10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], ["y"]]>},
                %d: tensor<3x10x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"], []]>})
    -> (tensor<4x6x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], ["y"]]>},
        tensor<3x5x4xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], [], []]>}) {
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<4x6x12xf32>
  %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<4x6x12xf32>) -> tensor<4x6x12xf32>
  %r0 = linalg.batch_matmul ins(%a, %b : tensor<4x6x8xf32>, tensor<4x8x12xf32>)
                            outs(%f0 : tensor<4x6x12xf32>) -> tensor<4x6x12xf32>
  %e1 = tensor.empty() : tensor<3x5x4xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<3x5x4xf32>) -> tensor<3x5x4xf32>
  %r1 = linalg.batch_matmul ins(%c, %d : tensor<3x5x10xf32>, tensor<3x10x4xf32>)
                            outs(%f1 : tensor<3x5x4xf32>) -> tensor<3x5x4xf32>
  return %r0, %r1 : tensor<4x6x12xf32>, tensor<3x5x4xf32>
}
