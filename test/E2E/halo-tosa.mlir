// Halo family, TOSA (1.0 operand order, MLIR 22): windowed TOSA ops with H
// split in the input and in the result.
//   #0 tosa.conv2d 3x3 stride 1, pad top 1 bottom 1 (H only), H split 8 ways
//      (1x16x6x2 -> 1x16x4x3)
//   #1 tosa.conv2d 3x3 stride 2, pad 1 on all sides, H on x and W on y,
//      uneven (1x13x9x2 -> 1x7x5x3)
//   #2 tosa.depthwise_conv2d 3x3 (multiplier 2), H split 8 ways, uneven
//      (1x13x6x2 -> 1x11x4x4)
//   #3 tosa.max_pool2d 2x2 stride 2, H split 8 ways, even (H 16 -> 8)
//   #4 tosa.max_pool2d 3x3 stride 1, H split 8 ways, uneven (H 13 -> 11)
//   #5 tosa.avg_pool2d 2x2 stride 2 (no pad), H split 8 ways, uneven
//      (H 14 -> 7)
//   #6 tosa.avg_pool2d 3x3 stride 1 (no pad), H split 8 ways, uneven
//      (H 13 -> 11)
//   #7 tosa.pad rows low 2 high 3 with pad value 0.5, rows split 8 ways
//      (16x6 -> 21x6), then tosa.exp
//   #8 tosa.slice rows [3, 13) of 16x6, rows split 8 ways, then tosa.exp
//   #9 tosa.avg_pool2d 3x3 stride 1 with pad 1 on all sides ("same"; the
//      divisor excludes the padding, so it depends on the global edge), H
//      split 8 ways, uneven (H 13 -> 13)
//   #10 tosa.max_pool2d 3x3 stride 1 with pad 1 on all sides, same input
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: 11 of 11 results PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(
    %x0: tensor<1x16x6x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
    %w0: tensor<3x3x3x2xf32> {gspmd.sharding = #gspmd.replicated},
    %b0: tensor<3xf32> {gspmd.sharding = #gspmd.replicated},
    %x1: tensor<1x13x9x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"], []]>},
    %x2: tensor<1x13x6x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
    %w2: tensor<3x3x2x2xf32> {gspmd.sharding = #gspmd.replicated},
    %b2: tensor<4xf32> {gspmd.sharding = #gspmd.replicated},
    %x5: tensor<1x14x6x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
    %m: tensor<16x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>})
    -> (tensor<1x16x4x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
        tensor<1x7x5x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"], []]>},
        tensor<1x11x4x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
        tensor<1x8x3x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
        tensor<1x11x4x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
        tensor<1x7x3x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
        tensor<1x11x4x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
        tensor<21x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
        tensor<10x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
        tensor<1x13x6x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
        tensor<1x13x6x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>}) {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>

  %r0 = tosa.conv2d %x0, %w0, %b0, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 0, 0>, stride = array<i64: 1, 1>}
      : (tensor<1x16x6x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x4x3xf32>
  %r1 = tosa.conv2d %x1, %w0, %b0, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}
      : (tensor<1x13x9x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x7x5x3xf32>
  %r2 = tosa.depthwise_conv2d %x2, %w2, %b2, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}
      : (tensor<1x13x6x2xf32>, tensor<3x3x2x2xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x11x4x4xf32>

  %r3 = tosa.max_pool2d %x0 {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}
      : (tensor<1x16x6x2xf32>) -> tensor<1x8x3x2xf32>
  %r4 = tosa.max_pool2d %x2 {kernel = array<i64: 3, 3>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}
      : (tensor<1x13x6x2xf32>) -> tensor<1x11x4x2xf32>
  %r5 = tosa.avg_pool2d %x5, %zp, %zp {acc_type = f32, kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}
      : (tensor<1x14x6x2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x7x3x2xf32>
  %r6 = tosa.avg_pool2d %x2, %zp, %zp {acc_type = f32, kernel = array<i64: 3, 3>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}
      : (tensor<1x13x6x2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x11x4x2xf32>

  %padding = tosa.const_shape {values = dense<[2, 3, 0, 0]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %pv = "tosa.const"() <{values = dense<0.5> : tensor<1xf32>}> : () -> tensor<1xf32>
  %p7 = tosa.pad %m, %padding, %pv : (tensor<16x6xf32>, !tosa.shape<4>, tensor<1xf32>) -> tensor<21x6xf32>
  %r7 = tosa.exp %p7 : (tensor<21x6xf32>) -> tensor<21x6xf32>

  %start = tosa.const_shape {values = dense<[3, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %size = tosa.const_shape {values = dense<[10, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %s8 = tosa.slice %m, %start, %size : (tensor<16x6xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<10x6xf32>
  %r8 = tosa.exp %s8 : (tensor<10x6xf32>) -> tensor<10x6xf32>

  %r9 = tosa.avg_pool2d %x2, %zp, %zp {acc_type = f32, kernel = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}
      : (tensor<1x13x6x2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x13x6x2xf32>
  %r10 = tosa.max_pool2d %x2 {kernel = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}
      : (tensor<1x13x6x2xf32>) -> tensor<1x13x6x2xf32>

  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10
      : tensor<1x16x4x3xf32>, tensor<1x7x5x3xf32>, tensor<1x11x4x4xf32>, tensor<1x8x3x2xf32>, tensor<1x11x4x2xf32>,
        tensor<1x7x3x2xf32>, tensor<1x11x4x2xf32>, tensor<21x6xf32>, tensor<10x6xf32>, tensor<1x13x6x2xf32>,
        tensor<1x13x6x2xf32>
}
