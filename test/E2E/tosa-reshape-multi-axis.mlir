// tosa.reshape with two axes, as reshape-multi-axis.mlir's tensor reshapes:
// 4x8 tiled [["x"], ["y"]] reshaped to 32 wanted on [["x", "y"]] (the local
// blocks are not contiguous in the merged dim, so y must be gathered first),
// 32 split on [["x", "y"]] reshaped to 4x8 [["x"], ["y"]], 16 split on
// [["y", "x"]] reshaped to 8x2 (local), and 2x4x6 with dims 0 and 1 split on
// x and y reshaped to 8x6 split on [["x", "y"]] (local: here the blocks are
// contiguous).
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
  %shape1 = tosa.const_shape {values = dense<[32]> : tensor<1xindex>} : () -> !tosa.shape<1>
  %r0 = tosa.reshape %ea, %shape1 : (tensor<4x8xf32>, !tosa.shape<1>) -> tensor<32xf32>
  %tb = math.tanh %b : tensor<32xf32>
  %shape2 = tosa.const_shape {values = dense<[4, 8]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r1 = tosa.reshape %tb, %shape2 : (tensor<32xf32>, !tosa.shape<2>) -> tensor<4x8xf32>
  %ec = math.exp %c : tensor<16xf32>
  %shape3 = tosa.const_shape {values = dense<[8, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r2 = tosa.reshape %ec, %shape3 : (tensor<16xf32>, !tosa.shape<2>) -> tensor<8x2xf32>
  %td = math.tanh %d : tensor<2x4x6xf32>
  %shape4 = tosa.const_shape {values = dense<[8, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r3 = tosa.reshape %td, %shape4 : (tensor<2x4x6xf32>, !tosa.shape<2>) -> tensor<8x6xf32>
  return %r0, %r1, %r2, %r3 : tensor<32xf32>, tensor<4x8xf32>, tensor<8x2xf32>, tensor<8x6xf32>
}
