// linalg.conv_2d_nhwc_hwcf with the batch dim N split on x and the output-
// feature dim F split on y (filter split on F): no collective; also an uneven
// batch (3 over x) and uneven F (6 over y).
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%in: tensor<4x8x8x3xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], [], [], []]>},
                %f: tensor<3x3x3x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], [], [], ["y"]]>},
                %in2: tensor<3x6x6x2xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], [], [], []]>},
                %f2: tensor<2x2x2x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], [], [], ["y"]]>})
    -> (tensor<4x6x6x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], [], ["y"]]>},
        tensor<3x5x5x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], [], ["y"]]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x6x6x8xf32>
  %acc = linalg.fill ins(%z : f32) outs(%e : tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %f : tensor<4x8x8x3xf32>, tensor<3x3x3x8xf32>) outs(%acc : tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
  %e2 = tensor.empty() : tensor<3x5x5x6xf32>
  %acc2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<3x5x5x6xf32>) -> tensor<3x5x5x6xf32>
  %r2 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in2, %f2 : tensor<3x6x6x2xf32>, tensor<2x2x2x6xf32>) outs(%acc2 : tensor<3x5x5x6xf32>) -> tensor<3x5x5x6xf32>
  return %r, %r2 : tensor<4x6x6x8xf32>, tensor<3x5x5x6xf32>
}
