// Reshapes whose split cannot be kept: collapsing 4x6 with the minor dim (6)
// split on y into 24 (the axis does not divide into the collapsed dim:
// operands resharded), an uneven 7x4 split on x collapsed to 28 (padding would
// land inside the collapsed dim), and an expand of 12 split on [["x", "y"]]
// into 3x4 (8 shards do not fit the major 3).
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<4x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %b: tensor<7x4xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
                %c: tensor<12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"]]>})
    -> (tensor<24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"]]>},
        tensor<28xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"]]>},
        tensor<3x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>}) {
  %e = math.exp %a : tensor<4x6xf32>
  %c0 = tensor.collapse_shape %e [[0, 1]] : tensor<4x6xf32> into tensor<24xf32>
  %t = math.tanh %b : tensor<7x4xf32>
  %c1 = tensor.collapse_shape %t [[0, 1]] : tensor<7x4xf32> into tensor<28xf32>
  %x2 = tensor.expand_shape %c [[0, 1]] output_shape [3, 4] : tensor<12xf32> into tensor<3x4xf32>
  %r2 = math.exp %x2 : tensor<3x4xf32>
  return %c0, %c1, %r2 : tensor<24xf32>, tensor<28xf32>, tensor<3x4xf32>
}
