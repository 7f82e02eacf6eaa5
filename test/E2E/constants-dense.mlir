// Non-splat dense constants used with sharded values: a 6x4 dense constant
// added to a tensor tiled over x and y (the constant is sliced per device), a
// 5-element dense vector broadcast along a split dim (uneven 5 over y), and a
// dense i32 constant compared with a split i32 input.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<6x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %b: tensor<3x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %i: tensor<2x6xi32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>})
    -> (tensor<6x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<3x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<2x6xi1> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>}) {
  %c = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0],
                             [12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]> : tensor<6x4xf32>
  %r0 = arith.addf %a, %c : tensor<6x4xf32>
  %v = arith.constant dense<[0.5, -1.0, 2.0, -0.25, 3.0]> : tensor<5xf32>
  %e = tensor.empty() : tensor<3x5xf32>
  %vb = linalg.broadcast ins(%v : tensor<5xf32>) outs(%e : tensor<3x5xf32>) dimensions = [0]
  %r1 = arith.mulf %b, %vb : tensor<3x5xf32>
  %ci = arith.constant dense<[[-3, -2, -1, 0, 1, 2], [3, 4, 5, 6, 7, 8]]> : tensor<2x6xi32>
  %r2 = arith.cmpi slt, %i, %ci : tensor<2x6xi32>
  return %r0, %r1, %r2 : tensor<6x4xf32>, tensor<3x5xf32>, tensor<2x6xi1>
}
