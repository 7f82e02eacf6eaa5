// tensor.collapse_shape and tensor.expand_shape that keep a split dim: 4x6x8
// split on x along dim 0 collapsed to 24x8 (the split goes to the major part
// of 24), 24x8 split on x expanded to 4x6x8 (the split goes to the 4), and an
// 8x12 split [["x"], ["y"]] expanded to 2x4x12 / collapsed back, each followed
// by elementwise math.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<4x6x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], ["y"]]>},
                %b: tensor<24x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
                %c: tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>})
    -> (tensor<24x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<4x6x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], [], []]>},
        tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>}) {
  %c0 = tensor.collapse_shape %a [[0, 1], [2]] : tensor<4x6x8xf32> into tensor<24x8xf32>
  %r0 = math.exp %c0 : tensor<24x8xf32>
  %x1 = tensor.expand_shape %b [[0, 1], [2]] output_shape [4, 6, 8] : tensor<24x8xf32> into tensor<4x6x8xf32>
  %r1 = math.tanh %x1 : tensor<4x6x8xf32>
  %x2 = tensor.expand_shape %c [[0, 1], [2]] output_shape [2, 4, 12] : tensor<8x12xf32> into tensor<2x4x12xf32>
  %m2 = math.exp %x2 : tensor<2x4x12xf32>
  %c2 = tensor.collapse_shape %m2 [[0, 1], [2]] : tensor<2x4x12xf32> into tensor<8x12xf32>
  return %r0, %r1, %c2 : tensor<24x8xf32>, tensor<4x6x8xf32>, tensor<8x12xf32>
}
