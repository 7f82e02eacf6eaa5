// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition)' -verify-diagnostics | FileCheck %s

// Window dims on split dims (convolutions, pools, stencils; pads and slices
// in pad-slice.mlir): the operand fetches only the rows its window reaches
// with gspmd.halo_exchange (widths from the rules' stride and reach and the
// two shard sizes; lowering in test/HaloExchange), then a slice at the
// device's window start (from axis_index when strided windows drift from
// the shards); the op reads its window from 0. Numbers: test/E2E/halo-*.

gspmd.mesh @mesh ["x"=2, "y"=4]

// 3x3 conv, H split over x (18 rows -> 16; shards of 9 and 8): device i
// reads rows [8i, 8i + 10) from its shard [9i, 9i + 9): one row after for
// device 0, one before for device 1; the window starts at 1 - i.
// CHECK-LABEL: func.func @conv_3x3_h(
// CHECK:         %[[H:.*]] = gspmd.halo_exchange %arg0 on @mesh ["x"] dim = 1 halo = [1, 1] size = 18 : tensor<1x9x6x2xf32> -> tensor<1x11x6x2xf32>
// CHECK-NEXT:    %[[I:.*]] = gspmd.axis_index @mesh ["x"]
// CHECK-NEXT:    %[[CM1:.*]] = arith.constant -1 : index
// CHECK-NEXT:    %[[S:.*]] = arith.muli %[[I]], %[[CM1]] : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[OFF:.*]] = arith.addi %[[S]], %[[C1]] : index
// CHECK-NEXT:    %[[W:.*]] = tensor.extract_slice %[[H]][0, %[[OFF]], 0, 0] [1, 10, 6, 2] [1, 1, 1, 1]
// CHECK-NEXT:    linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[W]], %arg1 : tensor<1x10x6x2xf32>, tensor<3x3x2x4xf32>) outs(%{{.*}} : tensor<1x8x4x4xf32>)
// CHECK-NOT:     gspmd.all_gather
func.func @conv_3x3_h(%in: tensor<1x18x6x2xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["x"], [], []]>},
                      %f: tensor<3x3x2x4xf32>)
    -> (tensor<1x16x4x4xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["x"], [], []]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x4x4xf32>
  %acc = linalg.fill ins(%z : f32) outs(%e : tensor<1x16x4x4xf32>) -> tensor<1x16x4x4xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %f : tensor<1x18x6x2xf32>, tensor<3x3x2x4xf32>) outs(%acc : tensor<1x16x4x4xf32>) -> tensor<1x16x4x4xf32>
  return %r : tensor<1x16x4x4xf32>
}

// -----

gspmd.mesh @mesh ["x"=2, "y"=4]

// 7x7 stride-2 conv, H split over y (37 rows -> 16; shards of 10 and 4): a
// device reads 13 rows from 8i, which drift from its shard at 10i: 6 rows
// before (last device), 3 after (first device); the window starts at
// 6 - 2i, from axis_index.
// CHECK-LABEL: func.func @conv_7x7_stride2_h(
// CHECK:         %[[H:.*]] = gspmd.halo_exchange %arg0 on @mesh ["y"] dim = 1 halo = [6, 3] size = 37 : tensor<1x10x9x2xf32> -> tensor<1x19x9x2xf32>
// CHECK-NEXT:    %[[I:.*]] = gspmd.axis_index @mesh ["y"]
// CHECK-NEXT:    %[[CM2:.*]] = arith.constant -2 : index
// CHECK-NEXT:    %[[S:.*]] = arith.muli %[[I]], %[[CM2]] : index
// CHECK-NEXT:    %[[C6:.*]] = arith.constant 6 : index
// CHECK-NEXT:    %[[OFF:.*]] = arith.addi %[[S]], %[[C6]] : index
// CHECK-NEXT:    %[[W:.*]] = tensor.extract_slice %[[H]][0, %[[OFF]], 0, 0] [1, 13, 9, 2] [1, 1, 1, 1]
// CHECK-NEXT:    linalg.conv_2d_nhwc_hwcf {{.*}} strides = dense<2> {{.*}} ins(%[[W]], %arg1 : tensor<1x13x9x2xf32>, tensor<7x7x2x3xf32>) outs(%{{.*}} : tensor<1x4x2x3xf32>)
func.func @conv_7x7_stride2_h(%in: tensor<1x37x9x2xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"], [], []]>},
                              %f: tensor<7x7x2x3xf32>)
    -> (tensor<1x16x2x3xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"], [], []]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x2x3xf32>
  %acc = linalg.fill ins(%z : f32) outs(%e : tensor<1x16x2x3xf32>) -> tensor<1x16x2x3xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%in, %f : tensor<1x37x9x2xf32>, tensor<7x7x2x3xf32>) outs(%acc : tensor<1x16x2x3xf32>) -> tensor<1x16x2x3xf32>
  return %r : tensor<1x16x2x3xf32>
}

// -----

gspmd.mesh @mesh ["x"=2, "y"=4]

// A stencil with shifted maps (d0 + 1, d0 + 3): the two taps read one value,
// so they share one exchange with the union of their halos ([2, 0] and
// [0, 2] around shards of 5: [2, 2]); each slices its window from it (at
// 3 - i and 5 - i) and the maps are rebased to read it from 0.
// CHECK:       #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @stencil(
// CHECK:         %[[H:.*]] = gspmd.halo_exchange %arg0 on @mesh ["y"] dim = 0 halo = [2, 2] size = 19 : tensor<5xf32> -> tensor<9xf32>
// CHECK:         %[[I:.*]] = gspmd.axis_index @mesh ["y"]
// CHECK:         %[[C3:.*]] = arith.constant 3 : index
// CHECK:         %[[O1:.*]] = arith.addi %{{.*}}, %[[C3]] : index
// CHECK:         %[[A:.*]] = tensor.extract_slice %[[H]][%[[O1]]] [4] [1] : tensor<9xf32> to tensor<4xf32>
// CHECK-NOT:     gspmd.halo_exchange
// CHECK:         %[[C5:.*]] = arith.constant 5 : index
// CHECK:         %[[O2:.*]] = arith.addi %{{.*}}, %[[C5]] : index
// CHECK:         %[[B:.*]] = tensor.extract_slice %[[H]][%[[O2]]] [4] [1] : tensor<9xf32> to tensor<4xf32>
// CHECK:         linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[ID]]], {{.*}} ins(%[[A]], %[[B]] : tensor<4xf32>, tensor<4xf32>) outs(%{{.*}} : tensor<4xf32>)
#m0 = affine_map<(d0) -> (d0)>
#m1 = affine_map<(d0) -> (d0 + 1)>
#m3 = affine_map<(d0) -> (d0 + 3)>
func.func @stencil(%a: tensor<19xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"]]>})
    -> (tensor<16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"]]>}) {
  %e = tensor.empty() : tensor<16xf32>
  %r = linalg.generic {indexing_maps = [#m1, #m3, #m0], iterator_types = ["parallel"]}
      ins(%a, %a : tensor<19xf32>, tensor<19xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%y: f32, %z: f32, %o: f32):
    %u = arith.subf %z, %y : f32
    linalg.yield %u : f32
  } -> tensor<16xf32>
  return %r : tensor<16xf32>
}

// -----

gspmd.mesh @mesh ["x"=2, "y"=4]

// tosa.conv2d and max_pool2d with padding along the split H: the halo's
// edge rows stand for the padding (zero for the convolution, -inf for the
// max pool), so H's padding drops to 0 and W keeps its own.
// CHECK-LABEL: func.func @tosa_conv_max_pool(
// CHECK:         %[[H:.*]] = gspmd.halo_exchange %arg0 on @mesh ["y"] dim = 1 halo = [1, 1] size = 16 : tensor<1x4x6x2xf32> -> tensor<1x6x6x2xf32>
// CHECK-NEXT:    tosa.conv2d %[[H]], {{.*}} pad = array<i64: 0, 0, 1, 1>{{.*}} -> tensor<1x4x6x3xf32>
// CHECK-NEXT:    %[[NEG:.*]] = arith.constant 0xFF800000 : f32
// CHECK-NEXT:    %[[P:.*]] = gspmd.halo_exchange %arg0 on @mesh ["y"] dim = 1 halo = [1, 1] size = 16 padding = %[[NEG]] : f32
// CHECK-NEXT:    tosa.max_pool2d %[[P]] {{.*}} pad = array<i64: 0, 0, 1, 1>{{.*}} -> tensor<1x4x6x2xf32>
func.func @tosa_conv_max_pool(%x: tensor<1x16x6x2xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"], [], []]>},
                %w: tensor<3x3x3x2xf32>, %b: tensor<3xf32>)
    -> (tensor<1x16x6x3xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"], [], []]>},
        tensor<1x16x6x2xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"], [], []]>}) {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}
      : (tensor<1x16x6x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x6x3xf32>
  %1 = tosa.max_pool2d %x {kernel = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x16x6x2xf32>) -> tensor<1x16x6x2xf32>
  return %0, %1 : tensor<1x16x6x3xf32>, tensor<1x16x6x2xf32>
}

// -----

gspmd.mesh @mesh ["x"=2, "y"=4]

// An average pool counts only real elements of a padded window: exchanged
// padding rows would count, so the padded split dim is gathered instead.
// CHECK-LABEL: func.func @avg_pool_padded(
// CHECK:         gspmd.all_gather %arg0 on @mesh ["y"] gather_dim = 1
// CHECK-NOT:     gspmd.halo_exchange
func.func @avg_pool_padded(%x: tensor<1x16x6x2xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"], [], []]>})
    -> (tensor<1x16x6x2xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"], [], []]>}) {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // expected-remark@+1 {{gspmd-partition: 'tosa.avg_pool2d' reads a split dim through a window no halo exchange can feed (or gathering is cheaper); resharded unsplit along it}}
  %1 = tosa.avg_pool2d %x, %zp, %zp {acc_type = f32, kernel = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x16x6x2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x6x2xf32>
  return %1 : tensor<1x16x6x2xf32>
}
