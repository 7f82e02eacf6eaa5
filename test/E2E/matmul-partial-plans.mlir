// Partial sums combined into many result layouts: matmuls with K split over
// [["x", "y"]] whose results are wanted as [["y"], ["x"]] (the two partial
// axes scatter onto different dims), [["x"], []] (one axis scattered, the
// other all_reduced), [[], ["y", "x"]] (both scattered onto one dim in the
// other order), and with K split on x only and the result wanted split on y
// (all_reduce over x plus a local slice over y); uneven M=10 and N=7.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<10x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"]]>},
                %b: tensor<16x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
                %c: tensor<10x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["x"]]>},
                %d: tensor<6x7xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>})
    -> (tensor<10x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>},
        tensor<10x7xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
        tensor<10x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["y", "x"]]>},
        tensor<10x7xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<10x7xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<10x7xf32>) -> tensor<10x7xf32>
  %r0 = linalg.matmul ins(%a, %b : tensor<10x16xf32>, tensor<16x7xf32>) outs(%f : tensor<10x7xf32>) -> tensor<10x7xf32>
  %r1 = linalg.matmul ins(%a, %b : tensor<10x16xf32>, tensor<16x7xf32>) outs(%f : tensor<10x7xf32>) -> tensor<10x7xf32>
  %t1 = math.tanh %r1 : tensor<10x7xf32>
  %r2 = linalg.matmul ins(%a, %b : tensor<10x16xf32>, tensor<16x7xf32>) outs(%f : tensor<10x7xf32>) -> tensor<10x7xf32>
  %r3 = linalg.matmul ins(%c, %d : tensor<10x6xf32>, tensor<6x7xf32>) outs(%f : tensor<10x7xf32>) -> tensor<10x7xf32>
  return %r0, %t1, %r2, %r3 : tensor<10x7xf32>, tensor<10x7xf32>, tensor<10x7xf32>, tensor<10x7xf32>
}
