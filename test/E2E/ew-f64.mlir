// f64 elementwise chain (exp, tanh, mulf, addf, divf by 1 + x*x, sqrt) on a
// 9x6 tensor split on [["x", "y"]] (9 over 8: uneven, one shard empty-ish) and
// its transpose layout for the second operand. Checks the f64 path end to end.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<9x6xf64> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
                %b: tensor<9x6xf64> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"]]>})
    -> (tensor<9x6xf64> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>}) {
  %one = arith.constant dense<1.0> : tensor<9x6xf64>
  %0 = math.exp %a : tensor<9x6xf64>
  %1 = math.tanh %b : tensor<9x6xf64>
  %2 = arith.mulf %0, %1 : tensor<9x6xf64>
  %3 = arith.mulf %b, %b : tensor<9x6xf64>
  %4 = arith.addf %3, %one : tensor<9x6xf64>
  %5 = arith.divf %2, %4 : tensor<9x6xf64>
  %6 = math.sqrt %4 : tensor<9x6xf64>
  %7 = arith.addf %5, %6 : tensor<9x6xf64>
  return %7 : tensor<9x6xf64>
}
