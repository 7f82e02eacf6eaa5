// Reshapes with two axes: collapsing 4x8 tiled [["x"], ["y"]] into 32 wanted
// on [["x", "y"]] (the local blocks are not contiguous in the collapsed dim, so
// y must be gathered first), expanding 32 split on [["x", "y"]] into 4x8
// [["x"], ["y"]], expanding 16 split on [["y", "x"]] into 8x2 (local), and a
// rank-3 collapse of 2x4x6 with dims 0 and 1 split on x and y into 8x6 split on
// [["x", "y"]] (local: here the blocks are contiguous).
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<4x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %b: tensor<32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"]]>},
                %c: tensor<16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y", "x"]]>},
                %d: tensor<2x4x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"], []]>})
    -> (tensor<32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"]]>},
        tensor<4x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<8x2xf32>, tensor<8x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>}) {
  %ea = math.exp %a : tensor<4x8xf32>
  %r0 = tensor.collapse_shape %ea [[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
  %tb = math.tanh %b : tensor<32xf32>
  %r1 = tensor.expand_shape %tb [[0, 1]] output_shape [4, 8] : tensor<32xf32> into tensor<4x8xf32>
  %ec = math.exp %c : tensor<16xf32>
  %r2 = tensor.expand_shape %ec [[0, 1]] output_shape [8, 2] : tensor<16xf32> into tensor<8x2xf32>
  %td = math.tanh %d : tensor<2x4x6xf32>
  %r3 = tensor.collapse_shape %td [[0, 1], [2]] : tensor<2x4x6xf32> into tensor<8x6xf32>
  return %r0, %r1, %r2, %r3 : tensor<32xf32>, tensor<4x8xf32>, tensor<8x2xf32>, tensor<8x6xf32>
}
