// linalg.softmax over the last dim with the batch (row) dim split: even 16x32
// rows on [["x", "y"]], uneven 7x10 rows on x with the input arriving split on
// the softmax dim (y), which must be gathered because linalg.softmax keeps its
// softmax dim unsplit.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<16x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
                %b: tensor<7x10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>})
    -> (tensor<16x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
        tensor<7x10xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>}) {
  %e0 = tensor.empty() : tensor<16x32xf32>
  %s0 = linalg.softmax dimension(1) ins(%a : tensor<16x32xf32>) outs(%e0 : tensor<16x32xf32>) -> tensor<16x32xf32>
  %e1 = tensor.empty() : tensor<7x10xf32>
  %s1 = linalg.softmax dimension(1) ins(%b : tensor<7x10xf32>) outs(%e1 : tensor<7x10xf32>) -> tensor<7x10xf32>
  return %s0, %s1 : tensor<16x32xf32>, tensor<7x10xf32>
}
