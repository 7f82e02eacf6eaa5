// Split max and min reductions whose result wants the reduced axis on a
// surviving dim (reduce_scatter with max/min, not sum): row max of a 9x12
// tensor with columns split on y and the 9 row maxima split on y (uneven), and
// a column min with rows split on [["x", "y"]] and the result split on [["y",
// "x"]].
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<9x12xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>},
                %b: tensor<16x10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>})
    -> (tensor<9xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"]]>},
        tensor<10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y", "x"]]>}) {
  %ninf = arith.constant 0xFF800000 : f32
  %pinf = arith.constant 0x7F800000 : f32
  %e9 = tensor.empty() : tensor<9xf32>
  %i9 = linalg.fill ins(%ninf : f32) outs(%e9 : tensor<9xf32>) -> tensor<9xf32>
  %mx = linalg.reduce ins(%a : tensor<9x12xf32>) outs(%i9 : tensor<9xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %m = arith.maximumf %in, %acc : f32
      linalg.yield %m : f32
    }
  %e10 = tensor.empty() : tensor<10xf32>
  %i10 = linalg.fill ins(%pinf : f32) outs(%e10 : tensor<10xf32>) -> tensor<10xf32>
  %mn = linalg.reduce ins(%b : tensor<16x10xf32>) outs(%i10 : tensor<10xf32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %m = arith.minimumf %in, %acc : f32
      linalg.yield %m : f32
    }
  return %mx, %mn : tensor<9xf32>, tensor<10xf32>
}
