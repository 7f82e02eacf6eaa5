// linalg.reduce (sum) over a split dim and over an unsplit dim, even (16x24
// tiled over x and y) and uneven (7x13: 13 over y, padding masked with 0
// before the local reduction); results keep the split of the surviving dim.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<16x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %u: tensor<7x13xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>})
    -> (tensor<16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"]]>},
        tensor<24xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"]]>},
        tensor<7xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"]]>},
        tensor<13xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"]]>}) {
  %z = arith.constant 0.0 : f32
  %e16 = tensor.empty() : tensor<16xf32>
  %i16 = linalg.fill ins(%z : f32) outs(%e16 : tensor<16xf32>) -> tensor<16xf32>
  %r0 = linalg.reduce ins(%a : tensor<16x24xf32>) outs(%i16 : tensor<16xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %e24 = tensor.empty() : tensor<24xf32>
  %i24 = linalg.fill ins(%z : f32) outs(%e24 : tensor<24xf32>) -> tensor<24xf32>
  %r1 = linalg.reduce ins(%a : tensor<16x24xf32>) outs(%i24 : tensor<24xf32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %e7 = tensor.empty() : tensor<7xf32>
  %i7 = linalg.fill ins(%z : f32) outs(%e7 : tensor<7xf32>) -> tensor<7xf32>
  %r2 = linalg.reduce ins(%u : tensor<7x13xf32>) outs(%i7 : tensor<7xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %e13 = tensor.empty() : tensor<13xf32>
  %i13 = linalg.fill ins(%z : f32) outs(%e13 : tensor<13xf32>) -> tensor<13xf32>
  %r3 = linalg.reduce ins(%u : tensor<7x13xf32>) outs(%i13 : tensor<13xf32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r0, %r1, %r2, %r3 : tensor<16xf32>, tensor<24xf32>, tensor<7xf32>, tensor<13xf32>
}
