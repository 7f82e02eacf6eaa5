// linalg.transpose: a 16x24 tensor tiled [["x"], ["y"]] transposed (its split
// moves with the dims, no collective), the same transposed into a result that
// wants the original axis assignment (reshard), and an uneven 3-D 3x5x7
// transpose with permutation [2, 0, 1] and split dims 5 (x) and 7 (y).
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<16x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %b: tensor<3x5x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"]]>})
    -> (tensor<24x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>},
        tensor<24x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<7x3x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], [], ["x"]]>}) {
  %e0 = tensor.empty() : tensor<24x16xf32>
  %t0 = linalg.transpose ins(%a : tensor<16x24xf32>) outs(%e0 : tensor<24x16xf32>) permutation = [1, 0]
  %x = math.exp %t0 : tensor<24x16xf32>
  %e1 = tensor.empty() : tensor<24x16xf32>
  %t1 = linalg.transpose ins(%a : tensor<16x24xf32>) outs(%e1 : tensor<24x16xf32>) permutation = [1, 0]
  %y = math.tanh %t1 : tensor<24x16xf32>
  %e2 = tensor.empty() : tensor<7x3x5xf32>
  %t2 = linalg.transpose ins(%b : tensor<3x5x7xf32>) outs(%e2 : tensor<7x3x5xf32>) permutation = [2, 0, 1]
  return %x, %y, %t2 : tensor<24x16xf32>, tensor<24x16xf32>, tensor<7x3x5xf32>
}
