// linalg.pooling_nhwc_max and linalg.pooling_nhwc_sum (2x2 window, stride 2)
// with the batch split on x and the channel split on y (both parallel: no
// collective), an uneven channel count (5 over y), and a max pool with H split
// (window: gathered, must be exact).
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%in: tensor<4x8x8x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], [], ["y"]]>},
                %in2: tensor<2x6x6x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], [], ["y"]]>},
                %in3: tensor<2x8x6x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"], []]>})
    -> (tensor<4x4x4x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], [], ["y"]]>},
        tensor<4x4x4x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], [], ["y"]]>},
        tensor<2x3x3x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], [], ["y"]]>},
        tensor<2x4x3x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"], []]>}) {
  %ninf = arith.constant 0xFF800000 : f32
  %z = arith.constant 0.0 : f32
  %w = tensor.empty() : tensor<2x2xf32>
  %e = tensor.empty() : tensor<4x4x4x8xf32>
  %lo = linalg.fill ins(%ninf : f32) outs(%e : tensor<4x4x4x8xf32>) -> tensor<4x4x4x8xf32>
  %max = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%in, %w : tensor<4x8x8x8xf32>, tensor<2x2xf32>) outs(%lo : tensor<4x4x4x8xf32>) -> tensor<4x4x4x8xf32>
  %zs = linalg.fill ins(%z : f32) outs(%e : tensor<4x4x4x8xf32>) -> tensor<4x4x4x8xf32>
  %sum = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%in, %w : tensor<4x8x8x8xf32>, tensor<2x2xf32>) outs(%zs : tensor<4x4x4x8xf32>) -> tensor<4x4x4x8xf32>
  %e2 = tensor.empty() : tensor<2x3x3x5xf32>
  %lo2 = linalg.fill ins(%ninf : f32) outs(%e2 : tensor<2x3x3x5xf32>) -> tensor<2x3x3x5xf32>
  %max2 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%in2, %w : tensor<2x6x6x5xf32>, tensor<2x2xf32>) outs(%lo2 : tensor<2x3x3x5xf32>) -> tensor<2x3x3x5xf32>
  %e3 = tensor.empty() : tensor<2x4x3x3xf32>
  %lo3 = linalg.fill ins(%ninf : f32) outs(%e3 : tensor<2x4x3x3xf32>) -> tensor<2x4x3x3xf32>
  %max3 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%in3, %w : tensor<2x8x6x3xf32>, tensor<2x2xf32>) outs(%lo3 : tensor<2x4x3x3xf32>) -> tensor<2x4x3x3xf32>
  return %max, %sum, %max2, %max3 : tensor<4x4x4x8xf32>, tensor<4x4x4x8xf32>, tensor<2x3x3x5xf32>, tensor<2x4x3x3xf32>
}
