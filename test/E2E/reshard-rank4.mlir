// Reshards of rank-4 tensors on a 2x2x2 mesh: axes moving between inner dims
// (all_to_all on dims 1..3), multi-axis inner dims, uneven sizes (3x5x6x7),
// and an elementwise op between each step.
// REQUIRES: mpi
// RUN: sed 's/"a"=2, "b"=2, "c"=2/"a"=1, "b"=1, "c"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"a"=2, "b"=2, "c"=2/"a"=2, "b"=1, "c"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"a"=2, "b"=2, "c"=2/"a"=2, "b"=2, "c"=1/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["a"=2, "b"=2, "c"=2]

func.func @main(%a: tensor<3x5x6x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a"], ["b"], [], ["c"]]>})
    -> (tensor<3x5x6x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["c"], ["a", "b"], []]>},
        tensor<3x5x6x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["c"], [], ["b"], ["a"]]>},
        tensor<3x5x6x7xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], [], [], ["b", "a"]]>}) {
  %0 = gspmd.sharding_constraint %a, #gspmd.tiled<@mesh, [[], ["b", "c"], ["a"], []]> : tensor<3x5x6x7xf32>
  %1 = math.tanh %0 : tensor<3x5x6x7xf32>
  %2 = gspmd.sharding_constraint %1, #gspmd.tiled<@mesh, [[], [], ["c", "a"], ["b"]]> : tensor<3x5x6x7xf32>
  %3 = math.exp %2 : tensor<3x5x6x7xf32>
  %4 = gspmd.sharding_constraint %3, #gspmd.tiled<@mesh, [["a"], [], [], ["b", "c"]]> : tensor<3x5x6x7xf32>
  %5 = arith.addf %4, %a : tensor<3x5x6x7xf32>
  return %1, %3, %5 : tensor<3x5x6x7xf32>, tensor<3x5x6x7xf32>, tensor<3x5x6x7xf32>
}
