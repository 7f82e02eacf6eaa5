// Strided and dilated linalg.conv_2d_nhwc_hwcf: stride 2 with the batch on x
// and F on y (local), stride 2 with H split on x (window: gathered, must be
// exact), and dilation 2 with the channel split on y (all_reduce).
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%in: tensor<4x9x9x3xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], [], [], []]>},
                %f: tensor<3x3x3x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], [], [], ["y"]]>},
                %in2: tensor<2x11x8x4xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["x"], [], []]>},
                %f2: tensor<3x2x4x2xf32> {gspmd.sharding = #gspmd.replicated},
                %in3: tensor<2x8x8x4xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], [], [], ["y"]]>},
                %f3: tensor<2x2x4x3xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], [], ["y"], []]>})
    -> (tensor<4x4x4x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], [], ["y"]]>},
        tensor<2x5x4x2xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["x"], [], []]>},
        tensor<2x6x6x3xf32> {gspmd.sharding = #gspmd.replicated}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4x4x8xf32>
  %acc = linalg.fill ins(%z : f32) outs(%e : tensor<4x4x4x8xf32>) -> tensor<4x4x4x8xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%in, %f : tensor<4x9x9x3xf32>, tensor<3x3x3x8xf32>) outs(%acc : tensor<4x4x4x8xf32>) -> tensor<4x4x4x8xf32>
  %e2 = tensor.empty() : tensor<2x5x4x2xf32>
  %acc2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<2x5x4x2xf32>) -> tensor<2x5x4x2xf32>
  %r2 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%in2, %f2 : tensor<2x11x8x4xf32>, tensor<3x2x4x2xf32>) outs(%acc2 : tensor<2x5x4x2xf32>) -> tensor<2x5x4x2xf32>
  %e3 = tensor.empty() : tensor<2x6x6x3xf32>
  %acc3 = linalg.fill ins(%z : f32) outs(%e3 : tensor<2x6x6x3xf32>) -> tensor<2x6x6x3xf32>
  %r3 = linalg.conv_2d_nhwc_hwcf {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in3, %f3 : tensor<2x8x8x4xf32>, tensor<2x2x4x3xf32>) outs(%acc3 : tensor<2x6x6x3xf32>) -> tensor<2x6x6x3xf32>
  return %r, %r2, %r3 : tensor<4x4x4x8xf32>, tensor<2x5x4x2xf32>, tensor<2x6x6x3xf32>
}
