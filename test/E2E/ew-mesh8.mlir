// A 1-D mesh of 8 devices: an uneven 20x3 tensor split on dim 0 (20 over 8:
// shards of 3, the last short) and a 20x3 tensor split on dim 1 (3 over 8:
// most shards empty). Chain of exp/tanh/mul/add, results in both layouts and
// replicated.
// REQUIRES: mpi
// RUN: sed 's/"d"=8/"d"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"d"=8/"d"=2/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"d"=8/"d"=4/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["d"=8]

func.func @main(%a: tensor<20x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>},
                %b: tensor<20x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["d"]]>})
    -> (tensor<20x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>},
        tensor<20x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["d"]]>},
        tensor<20x3xf32>) {
  %0 = math.exp %a : tensor<20x3xf32>
  %1 = math.tanh %b : tensor<20x3xf32>
  %2 = arith.mulf %0, %1 : tensor<20x3xf32>
  %3 = arith.addf %2, %a : tensor<20x3xf32>
  %4 = arith.subf %3, %b : tensor<20x3xf32>
  return %2, %3, %4 : tensor<20x3xf32>, tensor<20x3xf32>, tensor<20x3xf32>
}
