// Integer elementwise chain on i32 (addi, subi, muli, maxsi, minsi, andi,
// xori, cmpi + select) on a 12x10 tensor split over both axes (10 over 4 is
// uneven), one operand replicated. Checks integer element types through
// partitioning, the runtime collectives and the check.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<12x10xi32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %b: tensor<12x10xi32> {gspmd.sharding = #gspmd.replicated})
    -> (tensor<12x10xi32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<12x10xi32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>}) {
  %c3 = arith.constant dense<3> : tensor<12x10xi32>
  %0 = arith.addi %a, %b : tensor<12x10xi32>
  %1 = arith.muli %0, %c3 : tensor<12x10xi32>
  %2 = arith.subi %1, %b : tensor<12x10xi32>
  %3 = arith.maxsi %2, %a : tensor<12x10xi32>
  %4 = arith.minsi %3, %1 : tensor<12x10xi32>
  %5 = arith.andi %4, %c3 : tensor<12x10xi32>
  %6 = arith.xori %5, %a : tensor<12x10xi32>
  %p = arith.cmpi sgt, %a, %b : tensor<12x10xi32>
  %7 = arith.select %p, %6, %2 : tensor<12x10xi1>, tensor<12x10xi32>
  return %4, %7 : tensor<12x10xi32>, tensor<12x10xi32>
}
