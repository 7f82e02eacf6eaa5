// Bias add with linalg.broadcast: a row bias (tensor<32>, split on y)
// broadcast along dim 0 and a column scale (tensor<16>, split on x) broadcast
// along dim 1, combined with a 16x32 activation tiled over both axes. Checks
// broadcast partitioning (the broadcast dim is new, the kept dim keeps its
// split).
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<16x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %bias: tensor<32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"]]>},
                %scale: tensor<16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"]]>})
    -> (tensor<16x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>}) {
  %e0 = tensor.empty() : tensor<16x32xf32>
  %bb = linalg.broadcast ins(%bias : tensor<32xf32>) outs(%e0 : tensor<16x32xf32>) dimensions = [0]
  %e1 = tensor.empty() : tensor<16x32xf32>
  %sb = linalg.broadcast ins(%scale : tensor<16xf32>) outs(%e1 : tensor<16x32xf32>) dimensions = [1]
  %0 = arith.addf %a, %bb : tensor<16x32xf32>
  %1 = math.exp %sb : tensor<16x32xf32>
  %2 = arith.mulf %0, %1 : tensor<16x32xf32>
  %3 = math.tanh %2 : tensor<16x32xf32>
  return %3 : tensor<16x32xf32>
}
