// Reshards of a rank-3 tensor on a 2x2x2 mesh (axes a, b, c): each axis moves
// between the three dims in turn, axes merge into a multi-axis dim and split
// apart again, and a 3-axis dim ([["c", "a", "b"]]) goes to replicated; shapes
// 4x6x8 (even) and 3x5x7 (uneven).
// REQUIRES: mpi
// RUN: sed 's/"a"=2, "b"=2, "c"=2/"a"=1, "b"=1, "c"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"a"=2, "b"=2, "c"=2/"a"=2, "b"=1, "c"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"a"=2, "b"=2, "c"=2/"a"=2, "b"=2, "c"=1/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["a"=2, "b"=2, "c"=2]

func.func @main(%a: tensor<4x6x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a"], ["b"], ["c"]]>},
                %u: tensor<3x5x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a"], ["b"], ["c"]]>})
    -> (tensor<4x6x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["c"], ["a"], ["b"]]>},
        tensor<4x6x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["b", "a"], ["c"]]>},
        tensor<4x6x8xf32> {gspmd.sharding = #gspmd.replicated},
        tensor<3x5x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["c"], ["a"], ["b"]]>},
        tensor<3x5x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], [], ["c", "a", "b"]]>},
        tensor<3x5x7xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["b"], [], []]>}) {
  %0 = gspmd.sharding_constraint %a, #gspmd.tiled<@mesh, [["b"], ["c"], ["a"]]> : tensor<4x6x8xf32>
  %1 = math.tanh %0 : tensor<4x6x8xf32>
  %2 = gspmd.sharding_constraint %1, #gspmd.tiled<@mesh, [["c", "b"], [], ["a"]]> : tensor<4x6x8xf32>
  %3 = math.exp %2 : tensor<4x6x8xf32>
  %4 = gspmd.sharding_constraint %3, #gspmd.tiled<@mesh, [[], [], ["a", "b", "c"]]> : tensor<4x6x8xf32>
  %5 = math.tanh %4 : tensor<4x6x8xf32>
  %6 = gspmd.sharding_constraint %5, #gspmd.tiled<@mesh, [["c", "a", "b"], [], []]> : tensor<4x6x8xf32>
  %7 = arith.addf %6, %a : tensor<4x6x8xf32>
  %10 = gspmd.sharding_constraint %u, #gspmd.tiled<@mesh, [["b"], ["c"], ["a"]]> : tensor<3x5x7xf32>
  %11 = math.tanh %10 : tensor<3x5x7xf32>
  %12 = gspmd.sharding_constraint %11, #gspmd.tiled<@mesh, [["c", "b"], [], ["a"]]> : tensor<3x5x7xf32>
  %13 = math.exp %12 : tensor<3x5x7xf32>
  %14 = gspmd.sharding_constraint %13, #gspmd.tiled<@mesh, [[], ["a", "b", "c"], []]> : tensor<3x5x7xf32>
  %15 = math.tanh %14 : tensor<3x5x7xf32>
  %16 = gspmd.sharding_constraint %15, #gspmd.partially_tiled<@mesh, [["a"], [], ["c"]]> : tensor<3x5x7xf32>
  %17 = arith.addf %16, %u : tensor<3x5x7xf32>
  return %1, %3, %7, %11, %15, %17 : tensor<4x6x8xf32>, tensor<4x6x8xf32>, tensor<4x6x8xf32>, tensor<3x5x7xf32>, tensor<3x5x7xf32>, tensor<3x5x7xf32>
}
