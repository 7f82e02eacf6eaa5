// linalg.matmul with the contracting K dim split on [["x", "y"]] (partial sums
// combined by all_reduce) and, separately, K split on y only with M split on x
// (all_reduce over y within x groups). Results replicated / split on M.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<8x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"]]>},
                %b: tensor<32x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
                %c: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %d: tensor<16x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>})
    -> (tensor<8x6xf32> {gspmd.sharding = #gspmd.replicated},
        tensor<8x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>}) {
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<8x6xf32>
  %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<8x6xf32>) -> tensor<8x6xf32>
  %r0 = linalg.matmul ins(%a, %b : tensor<8x32xf32>, tensor<32x6xf32>)
                      outs(%f0 : tensor<8x6xf32>) -> tensor<8x6xf32>
  %e1 = tensor.empty() : tensor<8x6xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<8x6xf32>) -> tensor<8x6xf32>
  %r1 = linalg.matmul ins(%c, %d : tensor<8x16xf32>, tensor<16x6xf32>)
                      outs(%f1 : tensor<8x6xf32>) -> tensor<8x6xf32>
  return %r0, %r1 : tensor<8x6xf32>, tensor<8x6xf32>
}
