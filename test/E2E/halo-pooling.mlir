// Halo family: linalg pooling with the window over a split H (and W), output
// split the same way. Max/min pooling start from -inf/+inf fills as a model
// would, so a halo row taken from the poisoned tail padding (or a masked edge
// filled with the wrong value) shows up in the result.
//   #0 pooling_nhwc_sum 3x3 stride 1, H split 8 ways, even   (H 18 -> 16)
//   #1 pooling_nhwc_sum 3x3 stride 1, H split 8 ways, uneven (H 13 -> 11)
//   #2 pooling_nhwc_max 3x3 stride 1, H split 8 ways, even   (H 18 -> 16)
//   #3 pooling_nhwc_max 3x3 stride 1, H split 8 ways, uneven (H 13 -> 11)
//   #4 pooling_nhwc_min 3x3 stride 1, H split 8 ways, even   (H 18 -> 16)
//   #5 pooling_nhwc_min 3x3 stride 1, H split 8 ways, uneven (H 13 -> 11)
//   #6 pooling_nhwc_sum 2x2 stride 2, H split 8 ways, even   (H 32 -> 16)
//   #7 pooling_nhwc_sum 2x2 stride 2, H split 8 ways, uneven (H 27 -> 13)
//   #8 pooling_nhwc_max 2x2 stride 2, H split 8 ways, even   (H 32 -> 16)
//   #9 pooling_nhwc_max 2x2 stride 2, H split 8 ways, uneven (H 27 -> 13)
//   #10 pooling_nhwc_min 2x2 stride 2, H split 8 ways, even   (H 32 -> 16)
//   #11 pooling_nhwc_min 2x2 stride 2, H split 8 ways, uneven (H 27 -> 13)
//   #12 pooling_nhwc_max 3x3 stride 2, H on x and W on y, uneven (13x11 -> 6x5)
//   #13 pooling_nchw_max 3x3 stride 1, batch on x and H on y (H 10 -> 8)
//   #14 pooling_nhwc_max 3x3 stride 1 of exp(b), H split 8 ways, uneven: the
//       pooled tensor is computed, its tail padding rows hold junk
//   #15 pooling_nhwc_min 2x2 stride 2, H split on ["y", "x"], uneven
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: 16 of 16 results PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(
    %a: tensor<1x18x6x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
    %b: tensor<1x13x6x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
    %c: tensor<1x32x6x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
    %d: tensor<1x27x6x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
    %g: tensor<2x13x11x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"], []]>},
    %h: tensor<4x2x10x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], ["y"], []]>},
    %d2: tensor<1x27x6x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["y", "x"], [], []]>})
    -> (tensor<1x16x4x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
        tensor<1x11x4x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
        tensor<1x16x4x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
        tensor<1x11x4x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
        tensor<1x16x4x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
        tensor<1x11x4x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
        tensor<1x16x3x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
        tensor<1x13x3x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
        tensor<1x16x3x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
        tensor<1x13x3x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
        tensor<1x16x3x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
        tensor<1x13x3x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
        tensor<2x6x5x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"], []]>},
        tensor<4x2x8x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], ["y"], []]>},
        tensor<1x11x4x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
        tensor<1x13x3x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["y", "x"], [], []]>}) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %pinf = arith.constant 0x7F800000 : f32
  %w3 = tensor.empty() : tensor<3x3xf32>
  %w2 = tensor.empty() : tensor<2x2xf32>

  // 3x3 stride 1
  %e16 = tensor.empty() : tensor<1x16x4x2xf32>
  %e11 = tensor.empty() : tensor<1x11x4x2xf32>
  %z16 = linalg.fill ins(%zero : f32) outs(%e16 : tensor<1x16x4x2xf32>) -> tensor<1x16x4x2xf32>
  %r0 = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%a, %w3 : tensor<1x18x6x2xf32>, tensor<3x3xf32>) outs(%z16 : tensor<1x16x4x2xf32>) -> tensor<1x16x4x2xf32>
  %z11 = linalg.fill ins(%zero : f32) outs(%e11 : tensor<1x11x4x2xf32>) -> tensor<1x11x4x2xf32>
  %r1 = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%b, %w3 : tensor<1x13x6x2xf32>, tensor<3x3xf32>) outs(%z11 : tensor<1x11x4x2xf32>) -> tensor<1x11x4x2xf32>
  %n16 = linalg.fill ins(%ninf : f32) outs(%e16 : tensor<1x16x4x2xf32>) -> tensor<1x16x4x2xf32>
  %r2 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%a, %w3 : tensor<1x18x6x2xf32>, tensor<3x3xf32>) outs(%n16 : tensor<1x16x4x2xf32>) -> tensor<1x16x4x2xf32>
  %n11 = linalg.fill ins(%ninf : f32) outs(%e11 : tensor<1x11x4x2xf32>) -> tensor<1x11x4x2xf32>
  %r3 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%b, %w3 : tensor<1x13x6x2xf32>, tensor<3x3xf32>) outs(%n11 : tensor<1x11x4x2xf32>) -> tensor<1x11x4x2xf32>
  %p16 = linalg.fill ins(%pinf : f32) outs(%e16 : tensor<1x16x4x2xf32>) -> tensor<1x16x4x2xf32>
  %r4 = linalg.pooling_nhwc_min {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%a, %w3 : tensor<1x18x6x2xf32>, tensor<3x3xf32>) outs(%p16 : tensor<1x16x4x2xf32>) -> tensor<1x16x4x2xf32>
  %p11 = linalg.fill ins(%pinf : f32) outs(%e11 : tensor<1x11x4x2xf32>) -> tensor<1x11x4x2xf32>
  %r5 = linalg.pooling_nhwc_min {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%b, %w3 : tensor<1x13x6x2xf32>, tensor<3x3xf32>) outs(%p11 : tensor<1x11x4x2xf32>) -> tensor<1x11x4x2xf32>

  // 2x2 stride 2
  %f16 = tensor.empty() : tensor<1x16x3x2xf32>
  %f13 = tensor.empty() : tensor<1x13x3x2xf32>
  %sz16 = linalg.fill ins(%zero : f32) outs(%f16 : tensor<1x16x3x2xf32>) -> tensor<1x16x3x2xf32>
  %r6 = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%c, %w2 : tensor<1x32x6x2xf32>, tensor<2x2xf32>) outs(%sz16 : tensor<1x16x3x2xf32>) -> tensor<1x16x3x2xf32>
  %sz13 = linalg.fill ins(%zero : f32) outs(%f13 : tensor<1x13x3x2xf32>) -> tensor<1x13x3x2xf32>
  %r7 = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%d, %w2 : tensor<1x27x6x2xf32>, tensor<2x2xf32>) outs(%sz13 : tensor<1x13x3x2xf32>) -> tensor<1x13x3x2xf32>
  %sn16 = linalg.fill ins(%ninf : f32) outs(%f16 : tensor<1x16x3x2xf32>) -> tensor<1x16x3x2xf32>
  %r8 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%c, %w2 : tensor<1x32x6x2xf32>, tensor<2x2xf32>) outs(%sn16 : tensor<1x16x3x2xf32>) -> tensor<1x16x3x2xf32>
  %sn13 = linalg.fill ins(%ninf : f32) outs(%f13 : tensor<1x13x3x2xf32>) -> tensor<1x13x3x2xf32>
  %r9 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%d, %w2 : tensor<1x27x6x2xf32>, tensor<2x2xf32>) outs(%sn13 : tensor<1x13x3x2xf32>) -> tensor<1x13x3x2xf32>
  %sp16 = linalg.fill ins(%pinf : f32) outs(%f16 : tensor<1x16x3x2xf32>) -> tensor<1x16x3x2xf32>
  %r10 = linalg.pooling_nhwc_min {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%c, %w2 : tensor<1x32x6x2xf32>, tensor<2x2xf32>) outs(%sp16 : tensor<1x16x3x2xf32>) -> tensor<1x16x3x2xf32>
  %sp13 = linalg.fill ins(%pinf : f32) outs(%f13 : tensor<1x13x3x2xf32>) -> tensor<1x13x3x2xf32>
  %r11 = linalg.pooling_nhwc_min {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%d, %w2 : tensor<1x27x6x2xf32>, tensor<2x2xf32>) outs(%sp13 : tensor<1x13x3x2xf32>) -> tensor<1x13x3x2xf32>

  // 3x3 stride 2 over H and W split; nchw 3x3 with batch and H split
  %g0 = tensor.empty() : tensor<2x6x5x3xf32>
  %gn = linalg.fill ins(%ninf : f32) outs(%g0 : tensor<2x6x5x3xf32>) -> tensor<2x6x5x3xf32>
  %r12 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%g, %w3 : tensor<2x13x11x3xf32>, tensor<3x3xf32>) outs(%gn : tensor<2x6x5x3xf32>) -> tensor<2x6x5x3xf32>
  %h0 = tensor.empty() : tensor<4x2x8x3xf32>
  %hn = linalg.fill ins(%ninf : f32) outs(%h0 : tensor<4x2x8x3xf32>) -> tensor<4x2x8x3xf32>
  %r13 = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%h, %w3 : tensor<4x2x10x5xf32>, tensor<3x3xf32>) outs(%hn : tensor<4x2x8x3xf32>) -> tensor<4x2x8x3xf32>

  %xb = math.exp %b : tensor<1x13x6x2xf32>
  %e14 = tensor.empty() : tensor<1x11x4x2xf32>
  %n14 = linalg.fill ins(%ninf : f32) outs(%e14 : tensor<1x11x4x2xf32>) -> tensor<1x11x4x2xf32>
  %r14 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%xb, %w3 : tensor<1x13x6x2xf32>, tensor<3x3xf32>) outs(%n14 : tensor<1x11x4x2xf32>) -> tensor<1x11x4x2xf32>
  %e15 = tensor.empty() : tensor<1x13x3x2xf32>
  %sp15 = linalg.fill ins(%pinf : f32) outs(%e15 : tensor<1x13x3x2xf32>) -> tensor<1x13x3x2xf32>
  %r15 = linalg.pooling_nhwc_min {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%d2, %w2 : tensor<1x27x6x2xf32>, tensor<2x2xf32>) outs(%sp15 : tensor<1x13x3x2xf32>) -> tensor<1x13x3x2xf32>

  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15
      : tensor<1x16x4x2xf32>, tensor<1x11x4x2xf32>, tensor<1x16x4x2xf32>, tensor<1x11x4x2xf32>,
        tensor<1x16x4x2xf32>, tensor<1x11x4x2xf32>, tensor<1x16x3x2xf32>, tensor<1x13x3x2xf32>,
        tensor<1x16x3x2xf32>, tensor<1x13x3x2xf32>, tensor<1x16x3x2xf32>, tensor<1x13x3x2xf32>,
        tensor<2x6x5x3xf32>, tensor<4x2x8x3xf32>, tensor<1x11x4x2xf32>, tensor<1x13x3x2xf32>
}
