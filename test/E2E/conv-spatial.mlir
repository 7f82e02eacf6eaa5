// linalg.conv_2d_nhwc_hwcf with the spatial dims split: H split on x and W on
// y in the input and the output (window dims: without halo exchange they are
// gathered with a remark, and the result must still be exact), even (10x10 ->
// 8x8) and uneven (9x7 -> 7x5).
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%in: tensor<2x10x10x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"], []]>},
                %f: tensor<3x3x3x4xf32> {gspmd.sharding = #gspmd.replicated},
                %in2: tensor<1x9x7x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"], []]>},
                %f2: tensor<3x3x2x2xf32> {gspmd.sharding = #gspmd.replicated})
    -> (tensor<2x8x8x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"], []]>},
        tensor<1x7x5x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"], []]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x8x8x4xf32>
  %acc = linalg.fill ins(%z : f32) outs(%e : tensor<2x8x8x4xf32>) -> tensor<2x8x8x4xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %f : tensor<2x10x10x3xf32>, tensor<3x3x3x4xf32>) outs(%acc : tensor<2x8x8x4xf32>) -> tensor<2x8x8x4xf32>
  %e2 = tensor.empty() : tensor<1x7x5x2xf32>
  %acc2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<1x7x5x2xf32>) -> tensor<1x7x5x2xf32>
  %r2 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in2, %f2 : tensor<1x9x7x2xf32>, tensor<3x3x2x2xf32>) outs(%acc2 : tensor<1x7x5x2xf32>) -> tensor<1x7x5x2xf32>
  return %r, %r2 : tensor<2x8x8x4xf32>, tensor<1x7x5x2xf32>
}
