// Multi-axis shardings: one dim split over two axes ([["x", "y"]], 8 shards)
// in both orders ([["y", "x"]]) and on either dim, on a 16x12 tensor (12 over
// 8 uneven). Elementwise ops between them force reshards between the axis
// orders.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<16x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
                %b: tensor<16x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y", "x"], []]>},
                %c: tensor<16x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"]]>})
    -> (tensor<16x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
        tensor<16x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["y", "x"]]>}) {
  %0 = arith.addf %a, %b : tensor<16x12xf32>
  %1 = math.exp %c : tensor<16x12xf32>
  %2 = arith.mulf %0, %1 : tensor<16x12xf32>
  %3 = math.tanh %2 : tensor<16x12xf32>
  %4 = arith.subf %3, %c : tensor<16x12xf32>
  return %3, %4 : tensor<16x12xf32>, tensor<16x12xf32>
}
