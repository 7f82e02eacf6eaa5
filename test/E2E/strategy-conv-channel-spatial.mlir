// Convolution with a channel split against a spatial split: the
// image's rows are split on x, the filter's output channels too, and the
// result is wanted row-split. Keeping the rows (halo exchange of the image)
// means gathering the large filter; keeping the channels means gathering
// the small image along its rows and moving the result from the channel
// split to the row split by all_to_all, which is cheaper. Analytic minimum,
// bytes sent per device (f32; image 1x10x6x32, filter 3x3x32x64, result
// 1x8x4x64; n devices, the image's 10 rows padded to n*ceil(10/n)):
//   all_gather image: ceil(10/n)*6*32*4 * (n-1)
//   all_to_all result: 8*4*(64/n)*4 * (n-1)/n
//   n=4: 6912 + 1536 = 8448        n=8: 10752 + 896 = 11648
// (the default, the result's spatial split with halos and the filter
// gathered: n=4: 58368 B, n=8: 70656 B).
// REQUIRES: mpi
// RUN: %mpirun -n 4 %gspmd-run %s --check --report | FileCheck %s --check-prefixes=CHECK,N4
// RUN: sed 's/"x"=4/"x"=8/' %s > %t.8.mlir && %mpirun -n 8 %gspmd-run %t.8.mlir --check --report | FileCheck %s --check-prefixes=CHECK,N8
// CHECK-NOT: collective_permute on
// N4: {{^}}total: {{.*}} sent 8448 B,
// N8: {{^}}total: {{.*}} sent 11648 B,
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=4]

func.func @main(%in: tensor<1x10x6x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], [], []]>},
                %f: tensor<3x3x32x64xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], [], [], ["x"]]>})
    -> (tensor<1x8x4x64xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], [], []]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x4x64xf32>
  %acc = linalg.fill ins(%z : f32) outs(%e : tensor<1x8x4x64xf32>) -> tensor<1x8x4x64xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>,
                                 gspmd.sharding = [#gspmd.tiled<@mesh, [[], ["x"], [], []]>]}
      ins(%in, %f : tensor<1x10x6x32xf32>, tensor<3x3x32x64xf32>) outs(%acc : tensor<1x8x4x64xf32>) -> tensor<1x8x4x64xf32>
  return %r : tensor<1x8x4x64xf32>
}
