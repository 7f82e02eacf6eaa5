// Unstructured control flow (cf.cond_br / cf.br) in a function with sharded
// arguments and results: a data-dependent branch on the sign of a split
// reduction, each successor block computing a differently shaped expression on
// tiled tensors, and a join block receiving the tensor as a block argument.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %b: tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>})
    -> (tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>}) {
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<f32>
  %i0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %sum = linalg.reduce ins(%a : tensor<8x12xf32>) outs(%i0 : tensor<f32>) dimensions = [0, 1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %s = tensor.extract %sum[] : tensor<f32>
  %pos = arith.cmpf ogt, %s, %z : f32
  cf.cond_br %pos, ^bb1, ^bb2
^bb1:
  %t = math.tanh %a : tensor<8x12xf32>
  %u = arith.addf %t, %b : tensor<8x12xf32>
  cf.br ^bb3(%u : tensor<8x12xf32>)
^bb2:
  %e = math.exp %b : tensor<8x12xf32>
  %v = arith.mulf %e, %a : tensor<8x12xf32>
  cf.br ^bb3(%v : tensor<8x12xf32>)
^bb3(%r: tensor<8x12xf32>):
  %w = arith.subf %r, %a : tensor<8x12xf32>
  return %w : tensor<8x12xf32>
}
