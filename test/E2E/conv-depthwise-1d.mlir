// linalg.depthwise_conv_2d_nhwc_hwc with the channel split on y and the batch
// on x (channels are parallel in a depthwise conv: no collective; 6 channels
// uneven over 4), and linalg.conv_1d_nwc_wcf with the input channel split
// (all_reduce) and the batch split.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%in: tensor<4x7x7x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], [], ["y"]]>},
                %f: tensor<3x3x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], [], ["y"]]>},
                %in1: tensor<4x10x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], ["y"]]>},
                %f1: tensor<3x8x5xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"], []]>})
    -> (tensor<4x5x5x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], [], ["y"]]>},
        tensor<4x8x5xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], [], []]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x5x5x6xf32>
  %acc = linalg.fill ins(%z : f32) outs(%e : tensor<4x5x5x6xf32>) -> tensor<4x5x5x6xf32>
  %r = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %f : tensor<4x7x7x6xf32>, tensor<3x3x6xf32>) outs(%acc : tensor<4x5x5x6xf32>) -> tensor<4x5x5x6xf32>
  %e1 = tensor.empty() : tensor<4x8x5xf32>
  %acc1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<4x8x5xf32>) -> tensor<4x8x5xf32>
  %r1 = linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%in1, %f1 : tensor<4x10x8xf32>, tensor<3x8x5xf32>) outs(%acc1 : tensor<4x8x5xf32>) -> tensor<4x8x5xf32>
  return %r, %r1 : tensor<4x5x5x6xf32>, tensor<4x8x5xf32>
}
