// scf.if on a data-dependent condition (the sign of a full sum of a split
// input, extracted as a scalar: the reduction must be complete on every device
// so all take the same branch), with branches that yield sharded tensors
// computed differently (one with a split matmul), and an scf.if whose result
// layout differs from the branch values.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %b: tensor<12x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>})
    -> (tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<8x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
        tensor<f32>) {
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
  %neg = arith.cmpf ole, %s, %z : f32
  %r0 = scf.if %pos -> (tensor<8x12xf32>) {
    %t = math.tanh %a : tensor<8x12xf32>
    scf.yield %t : tensor<8x12xf32>
  } else {
    %t = math.exp %a : tensor<8x12xf32>
    scf.yield %t : tensor<8x12xf32>
  }
  %r1 = scf.if %neg -> (tensor<8x6xf32>) {
    %e = tensor.empty() : tensor<8x6xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x6xf32>) -> tensor<8x6xf32>
    %m = linalg.matmul ins(%a, %b : tensor<8x12xf32>, tensor<12x6xf32>) outs(%f : tensor<8x6xf32>) -> tensor<8x6xf32>
    scf.yield %m : tensor<8x6xf32>
  } else {
    %e = tensor.empty() : tensor<8x6xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x6xf32>) -> tensor<8x6xf32>
    %at = math.tanh %a : tensor<8x12xf32>
    %m = linalg.matmul ins(%at, %b : tensor<8x12xf32>, tensor<12x6xf32>) outs(%f : tensor<8x6xf32>) -> tensor<8x6xf32>
    %m2 = math.exp %m : tensor<8x6xf32>
    scf.yield %m2 : tensor<8x6xf32>
  }
  return %r0, %r1, %sum : tensor<8x12xf32>, tensor<8x6xf32>, tensor<f32>
}
