// linalg.conv_2d_nhwc_hwcf with the input-channel dim C split (a reduction
// factor: local partial convolutions combined by all_reduce): C=8 split on
// [["x", "y"]] with the result replicated, and C=5 (uneven over y, padding
// masked) with the batch on x.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%in: tensor<2x6x6x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], [], [], ["x", "y"]]>},
                %f: tensor<3x3x8x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], [], ["x", "y"], []]>},
                %in2: tensor<4x5x5x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], [], ["y"]]>},
                %f2: tensor<2x2x5x3xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], [], ["y"], []]>})
    -> (tensor<2x4x4x4xf32> {gspmd.sharding = #gspmd.replicated},
        tensor<4x4x4x3xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], [], [], []]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x4x4xf32>
  %acc = linalg.fill ins(%z : f32) outs(%e : tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %f : tensor<2x6x6x8xf32>, tensor<3x3x8x4xf32>) outs(%acc : tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  %e2 = tensor.empty() : tensor<4x4x4x3xf32>
  %acc2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<4x4x4x3xf32>) -> tensor<4x4x4x3xf32>
  %r2 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in2, %f2 : tensor<4x5x5x5xf32>, tensor<2x2x5x3xf32>) outs(%acc2 : tensor<4x4x4x3xf32>) -> tensor<4x4x4x3xf32>
  return %r, %r2 : tensor<2x4x4x4xf32>, tensor<4x4x4x3xf32>
}
