// i1 values: comparisons (cmpf) of f32 inputs give i1 masks combined with
// andi/ori/xori, returned as an i1 tensor and used by select; shapes 9x8 (9
// uneven over x) split over both axes. Checks i1 element type layout and
// gathering.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<9x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %b: tensor<9x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>})
    -> (tensor<9x8xi1> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<9x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<9x8xi1> {gspmd.sharding = #gspmd.replicated}) {
  %zero = arith.constant dense<0.0> : tensor<9x8xf32>
  %p = arith.cmpf olt, %a, %b : tensor<9x8xf32>
  %q = arith.cmpf ogt, %a, %zero : tensor<9x8xf32>
  %r = arith.andi %p, %q : tensor<9x8xi1>
  %s = arith.ori %p, %q : tensor<9x8xi1>
  %t = arith.xori %r, %s : tensor<9x8xi1>
  %v = arith.select %t, %a, %b : tensor<9x8xi1>, tensor<9x8xf32>
  return %t, %v, %r : tensor<9x8xi1>, tensor<9x8xf32>, tensor<9x8xi1>
}
