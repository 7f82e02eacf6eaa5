// More named linalg ops with split dims: linalg.batch_reduce_matmul with the
// batch dim split (it is a reduction there: all_reduce over x and y with K),
// linalg.conv_2d_nchw_fchw with the input channel split,
// linalg.depthwise_conv_2d_nhwc_hwcm with the channel split, and
// linalg.contract (batch split on x, K on y).
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<4x6x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], ["y"]]>},
                %b: tensor<4x8x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"], []]>},
                %in: tensor<2x6x7x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"], [], []]>},
                %f: tensor<4x6x3x3xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"], [], []]>},
                %dw: tensor<2x7x7x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], [], ["y"]]>},
                %dwf: tensor<3x3x3x2xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], [], ["y"], []]>})
    -> (tensor<6x5xf32>, tensor<2x4x5x5xf32>, tensor<2x5x5x3x2xf32>, tensor<4x6x5xf32>) {
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<6x5xf32>
  %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<6x5xf32>) -> tensor<6x5xf32>
  %r0 = linalg.batch_reduce_matmul ins(%a, %b : tensor<4x6x8xf32>, tensor<4x8x5xf32>) outs(%f0 : tensor<6x5xf32>) -> tensor<6x5xf32>
  %e1 = tensor.empty() : tensor<2x4x5x5xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<2x4x5x5xf32>) -> tensor<2x4x5x5xf32>
  %r1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %f : tensor<2x6x7x7xf32>, tensor<4x6x3x3xf32>) outs(%f1 : tensor<2x4x5x5xf32>) -> tensor<2x4x5x5xf32>
  %e2 = tensor.empty() : tensor<2x5x5x3x2xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<2x5x5x3x2xf32>) -> tensor<2x5x5x3x2xf32>
  %r2 = linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%dw, %dwf : tensor<2x7x7x3xf32>, tensor<3x3x3x2xf32>) outs(%f2 : tensor<2x5x5x3x2xf32>) -> tensor<2x5x5x3x2xf32>
  %e3 = tensor.empty() : tensor<4x6x5xf32>
  %f3 = linalg.fill ins(%z : f32) outs(%e3 : tensor<4x6x5xf32>) -> tensor<4x6x5xf32>
  %r3 = linalg.contract indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%a, %b : tensor<4x6x8xf32>, tensor<4x8x5xf32>) outs(%f3 : tensor<4x6x5xf32>) -> tensor<4x6x5xf32>
  return %r0, %r1, %r2, %r3 : tensor<6x5xf32>, tensor<2x4x5x5xf32>, tensor<2x5x5x3x2xf32>, tensor<4x6x5xf32>
}
