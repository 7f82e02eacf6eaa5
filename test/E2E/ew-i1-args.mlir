// i1 function arguments and results: two i1 masks (one split on x, one on y,
// 6x5 with 5 uneven) are combined with andi/xori and used to select between
// f32 inputs. Checks that i1 inputs are generated, scattered and gathered
// correctly.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=2/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=2/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: %mpirun -n 4 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=2]

func.func @main(%m: tensor<6x5xi1> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
                %n: tensor<6x5xi1> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>},
                %a: tensor<6x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>})
    -> (tensor<6x5xi1> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<6x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>}) {
  %neg = arith.negf %a : tensor<6x5xf32>
  %0 = arith.andi %m, %n : tensor<6x5xi1>
  %1 = arith.xori %0, %n : tensor<6x5xi1>
  %2 = arith.select %1, %a, %neg : tensor<6x5xi1>, tensor<6x5xf32>
  return %1, %2 : tensor<6x5xi1>, tensor<6x5xf32>
}
