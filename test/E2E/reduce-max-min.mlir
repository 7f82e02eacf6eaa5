// linalg.reduce with max (arith.maximumf, init -inf) and min (arith.minimumf,
// init +inf) over a dim split on [["x", "y"]], even (16) and uneven (11 over
// 8: the padding must be masked with -inf / +inf, not 0, because the inputs
// can be all negative / all positive), plus max with init 0.0 (not the
// identity: init applied once).
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<6x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"]]>},
                %u: tensor<11x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>})
    -> (tensor<6xf32>, tensor<6xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %pinf = arith.constant 0x7F800000 : f32
  %z = arith.constant 0.0 : f32
  %e6 = tensor.empty() : tensor<6xf32>
  %lo6 = linalg.fill ins(%ninf : f32) outs(%e6 : tensor<6xf32>) -> tensor<6xf32>
  %hi6 = linalg.fill ins(%pinf : f32) outs(%e6 : tensor<6xf32>) -> tensor<6xf32>
  %max0 = linalg.reduce ins(%a : tensor<6x16xf32>) outs(%lo6 : tensor<6xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %m = arith.maximumf %in, %acc : f32
      linalg.yield %m : f32
    }
  %min0 = linalg.reduce ins(%a : tensor<6x16xf32>) outs(%hi6 : tensor<6xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %m = arith.minimumf %in, %acc : f32
      linalg.yield %m : f32
    }
  %e5 = tensor.empty() : tensor<5xf32>
  %lo5 = linalg.fill ins(%ninf : f32) outs(%e5 : tensor<5xf32>) -> tensor<5xf32>
  %hi5 = linalg.fill ins(%pinf : f32) outs(%e5 : tensor<5xf32>) -> tensor<5xf32>
  %z5 = linalg.fill ins(%z : f32) outs(%e5 : tensor<5xf32>) -> tensor<5xf32>
  %max1 = linalg.reduce ins(%u : tensor<11x5xf32>) outs(%lo5 : tensor<5xf32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %m = arith.maximumf %in, %acc : f32
      linalg.yield %m : f32
    }
  %min1 = linalg.reduce ins(%u : tensor<11x5xf32>) outs(%hi5 : tensor<5xf32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %m = arith.minimumf %in, %acc : f32
      linalg.yield %m : f32
    }
  %relu = linalg.reduce ins(%u : tensor<11x5xf32>) outs(%z5 : tensor<5xf32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %m = arith.maximumf %in, %acc : f32
      linalg.yield %m : f32
    }
  return %max0, %min0, %max1, %min1, %relu : tensor<6xf32>, tensor<6xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>
}
