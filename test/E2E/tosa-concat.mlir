// tosa.concat, as concat.mlir's tensor.concat: along a split dim (both
// inputs split on x along dim 0: the concatenated dim is resharded unsplit,
// result split again) and along an unsplit dim (inputs split on x along dim 0
// and y along dim 1, concatenated along dim 1: y is gathered, x stays, and
// each device concatenates its own rows), with uneven sizes (5 + 6 rows,
// 3 + 7 columns).
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<8x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
                %b: tensor<8x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %c: tensor<5x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>},
                %d: tensor<6x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %e: tensor<5x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>})
    -> (tensor<16x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<8x12xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
        tensor<11x3xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
        tensor<5x10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>}) {
  %r0 = tosa.concat %a, %b {axis = 0 : i32} : (tensor<8x6xf32>, tensor<8x6xf32>) -> tensor<16x6xf32>
  %r1 = tosa.concat %a, %b {axis = 1 : i32} : (tensor<8x6xf32>, tensor<8x6xf32>) -> tensor<8x12xf32>
  %r2 = tosa.concat %c, %d {axis = 0 : i32} : (tensor<5x3xf32>, tensor<6x3xf32>) -> tensor<11x3xf32>
  %r3 = tosa.concat %c, %e {axis = 1 : i32} : (tensor<5x3xf32>, tensor<5x7xf32>) -> tensor<5x10xf32>
  %x = math.exp %r1 : tensor<8x12xf32>
  return %r0, %x, %r2, %r3 : tensor<16x6xf32>, tensor<8x12xf32>, tensor<11x3xf32>, tensor<5x10xf32>
}
