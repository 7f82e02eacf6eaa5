// Elementwise chain (math.exp, math.tanh, arith add/sub/mul/maximumf, a splat
// constant) on an even 16x32 tensor split over both mesh axes; the second
// operand arrives with the axes swapped, so the chain reshards it. Checks
// local elementwise ops and an elementwise reshard.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<16x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %b: tensor<16x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>})
    -> (tensor<16x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<16x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>}) {
  %half = arith.constant dense<0.5> : tensor<16x32xf32>
  %0 = math.exp %a : tensor<16x32xf32>
  %1 = math.tanh %b : tensor<16x32xf32>
  %2 = arith.addf %0, %1 : tensor<16x32xf32>
  %3 = arith.mulf %2, %a : tensor<16x32xf32>
  %4 = arith.maximumf %3, %b : tensor<16x32xf32>
  %5 = arith.subf %4, %1 : tensor<16x32xf32>
  %6 = arith.mulf %5, %half : tensor<16x32xf32>
  %7 = math.tanh %6 : tensor<16x32xf32>
  return %6, %7 : tensor<16x32xf32>, tensor<16x32xf32>
}
