// Integer and boolean reductions over uneven split dims: i32 sum (addi), max
// (maxsi, init INT_MIN), min (minsi, init INT_MAX), unsigned max (maxui, init
// 0) and i1 and/or reductions (andi init true, ori init false) over a dim of
// 13 split on [["x", "y"]] (13 over 8): the padding must be masked with each
// combiner identity (0, INT_MIN, INT_MAX, 0, true, false); integer results
// must be exact.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<13x6xi32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
                %p: tensor<13x6xi1> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>})
    -> (tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi1>, tensor<6xi1>) {
  %c0 = arith.constant 0 : i32
  %cmin = arith.constant -2147483648 : i32
  %cmax = arith.constant 2147483647 : i32
  %t = arith.constant true
  %f = arith.constant false
  %e = tensor.empty() : tensor<6xi32>
  %i0 = linalg.fill ins(%c0 : i32) outs(%e : tensor<6xi32>) -> tensor<6xi32>
  %i1 = linalg.fill ins(%cmin : i32) outs(%e : tensor<6xi32>) -> tensor<6xi32>
  %i2 = linalg.fill ins(%cmax : i32) outs(%e : tensor<6xi32>) -> tensor<6xi32>
  %sum = linalg.reduce ins(%a : tensor<13x6xi32>) outs(%i0 : tensor<6xi32>) dimensions = [0]
    (%in: i32, %acc: i32) {
      %s = arith.addi %in, %acc : i32
      linalg.yield %s : i32
    }
  %max = linalg.reduce ins(%a : tensor<13x6xi32>) outs(%i1 : tensor<6xi32>) dimensions = [0]
    (%in: i32, %acc: i32) {
      %s = arith.maxsi %in, %acc : i32
      linalg.yield %s : i32
    }
  %min = linalg.reduce ins(%a : tensor<13x6xi32>) outs(%i2 : tensor<6xi32>) dimensions = [0]
    (%in: i32, %acc: i32) {
      %s = arith.minsi %in, %acc : i32
      linalg.yield %s : i32
    }
  %umax = linalg.reduce ins(%a : tensor<13x6xi32>) outs(%i0 : tensor<6xi32>) dimensions = [0]
    (%in: i32, %acc: i32) {
      %s = arith.maxui %in, %acc : i32
      linalg.yield %s : i32
    }
  %eb = tensor.empty() : tensor<6xi1>
  %bt = linalg.fill ins(%t : i1) outs(%eb : tensor<6xi1>) -> tensor<6xi1>
  %bf = linalg.fill ins(%f : i1) outs(%eb : tensor<6xi1>) -> tensor<6xi1>
  %all = linalg.reduce ins(%p : tensor<13x6xi1>) outs(%bt : tensor<6xi1>) dimensions = [0]
    (%in: i1, %acc: i1) {
      %s = arith.andi %in, %acc : i1
      linalg.yield %s : i1
    }
  %any = linalg.reduce ins(%p : tensor<13x6xi1>) outs(%bf : tensor<6xi1>) dimensions = [0]
    (%in: i1, %acc: i1) {
      %s = arith.ori %in, %acc : i1
      linalg.yield %s : i1
    }
  return %sum, %max, %min, %umax, %all, %any : tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi1>, tensor<6xi1>
}
