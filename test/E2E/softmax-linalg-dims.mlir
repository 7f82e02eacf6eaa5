// linalg.softmax over a dim other than the last: dimension(0) of a 6x7 tensor
// with both dims split (the softmax dim must be gathered, the other stays
// split, uneven 7 over 4), and dimension(1) of a rank-3 3x5x9 tensor with the
// result split on dims 0 and 2.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<6x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %b: tensor<3x5x9xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"], []]>})
    -> (tensor<6x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<3x5x9xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], ["y"]]>}) {
  %e0 = tensor.empty() : tensor<6x7xf32>
  %s0 = linalg.softmax dimension(0) ins(%a : tensor<6x7xf32>) outs(%e0 : tensor<6x7xf32>) -> tensor<6x7xf32>
  %e1 = tensor.empty() : tensor<3x5x9xf32>
  %s1 = linalg.softmax dimension(1) ins(%b : tensor<3x5x9xf32>) outs(%e1 : tensor<3x5x9xf32>) -> tensor<3x5x9xf32>
  return %s0, %s1 : tensor<6x7xf32>, tensor<3x5x9xf32>
}
