// 0-d tensor arguments and results (tensor<f32>, always replicated) mixed with
// sharded tensors: a scalar scale and bias broadcast onto a tiled 8x12 tensor,
// a 0-d value updated elementwise and returned, and a full reduction into a
// 0-d result.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %s: tensor<f32>, %b: tensor<f32>)
    -> (tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>}, tensor<f32>, tensor<f32>) {
  %e = tensor.empty() : tensor<8x12xf32>
  %sb = linalg.broadcast ins(%s : tensor<f32>) outs(%e : tensor<8x12xf32>) dimensions = [0, 1]
  %bb = linalg.broadcast ins(%b : tensor<f32>) outs(%e : tensor<8x12xf32>) dimensions = [0, 1]
  %m = arith.mulf %a, %sb : tensor<8x12xf32>
  %r = arith.addf %m, %bb : tensor<8x12xf32>
  %t = math.tanh %s : tensor<f32>
  %u = arith.addf %t, %b : tensor<f32>
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<f32>
  %i0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %sum = linalg.reduce ins(%r : tensor<8x12xf32>) outs(%i0 : tensor<f32>) dimensions = [0, 1]
    (%in: f32, %acc: f32) {
      %x = arith.addf %in, %acc : f32
      linalg.yield %x : f32
    }
  return %r, %u, %sum : tensor<8x12xf32>, tensor<f32>, tensor<f32>
}
