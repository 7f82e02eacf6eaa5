// linalg.matmul with an uneven contracting dim: K=7 split over [["x", "y"]] (7
// over 8 shards) and K=5 split over y (5 over 4); the padded K tail must be
// masked (zero) before the local matmul so the all_reduce adds no garbage.
// Also an accumulation into a non-zero init (fill 1.0), which must be added
// once.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<6x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"]]>},
                %b: tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
                %c: tensor<9x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %d: tensor<5x3xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>})
    -> (tensor<6x5xf32> {gspmd.sharding = #gspmd.replicated},
        tensor<9x3xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>}) {
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e0 = tensor.empty() : tensor<6x5xf32>
  %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<6x5xf32>) -> tensor<6x5xf32>
  %r0 = linalg.matmul ins(%a, %b : tensor<6x7xf32>, tensor<7x5xf32>)
                      outs(%f0 : tensor<6x5xf32>) -> tensor<6x5xf32>
  %e1 = tensor.empty() : tensor<9x3xf32>
  %f1 = linalg.fill ins(%one : f32) outs(%e1 : tensor<9x3xf32>) -> tensor<9x3xf32>
  %r1 = linalg.matmul ins(%c, %d : tensor<9x5xf32>, tensor<5x3xf32>)
                      outs(%f1 : tensor<9x3xf32>) -> tensor<9x3xf32>
  return %r0, %r1 : tensor<6x5xf32>, tensor<9x3xf32>
}
