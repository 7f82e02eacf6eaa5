// Elementwise chain on an uneven 7x5 tensor (7 over x, 5 over y: padded tail
// shards), with a second operand and a result in the transposed axis
// assignment (7 over y, 5 over x). Checks that padding never leaks into
// results and that uneven reshards drop and re-pad the tails.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %b: tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>})
    -> (tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>},
        tensor<7x5xf32> {gspmd.sharding = #gspmd.replicated}) {
  %0 = math.exp %a : tensor<7x5xf32>
  %1 = math.tanh %b : tensor<7x5xf32>
  %2 = arith.addf %0, %1 : tensor<7x5xf32>
  %3 = arith.mulf %2, %b : tensor<7x5xf32>
  %4 = arith.maximumf %3, %a : tensor<7x5xf32>
  %5 = arith.minimumf %4, %2 : tensor<7x5xf32>
  %6 = arith.negf %5 : tensor<7x5xf32>
  return %4, %5, %6 : tensor<7x5xf32>, tensor<7x5xf32>, tensor<7x5xf32>
}
