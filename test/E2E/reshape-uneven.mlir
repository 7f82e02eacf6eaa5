// Reshapes whose split fits only for some mesh sizes: 12 split on y expanded
// to 3x4, 6x2 and 2x6 (12 over 4 rows of 3: whole rows only in some shapes),
// 5x6 with rows split on y (uneven: 5 over 4) collapsed to 30, and 6x10 with
// the minor dim split on x collapsed to 60 (the split cannot follow into the
// collapsed dim).
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<12xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"]]>},
                %b: tensor<5x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>},
                %c: tensor<6x10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>})
    -> (tensor<3x4xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>},
        tensor<6x2xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>},
        tensor<2x6xf32>, tensor<30xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"]]>},
        tensor<60xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"]]>}) {
  %t = math.tanh %a : tensor<12xf32>
  %r0 = tensor.expand_shape %t [[0, 1]] output_shape [3, 4] : tensor<12xf32> into tensor<3x4xf32>
  %r1 = tensor.expand_shape %t [[0, 1]] output_shape [6, 2] : tensor<12xf32> into tensor<6x2xf32>
  %r2 = tensor.expand_shape %t [[0, 1]] output_shape [2, 6] : tensor<12xf32> into tensor<2x6xf32>
  %e = math.exp %b : tensor<5x6xf32>
  %r3 = tensor.collapse_shape %e [[0, 1]] : tensor<5x6xf32> into tensor<30xf32>
  %u = math.tanh %c : tensor<6x10xf32>
  %r4 = tensor.collapse_shape %u [[0, 1]] : tensor<6x10xf32> into tensor<60xf32>
  return %r0, %r1, %r2, %r3, %r4 : tensor<3x4xf32>, tensor<6x2xf32>, tensor<2x6xf32>, tensor<30xf32>, tensor<60xf32>
}
