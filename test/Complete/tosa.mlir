// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete)' | FileCheck %s
// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete)' --verify-diagnostics -o /dev/null

// tosa (1.0 operand order: zero points and shape operands follow the
// tensors and take no part). Every op here has a rule, tosa.const included
// (the second RUN line fails on any "no sharding rule" remark).

gspmd.mesh @mesh ["data"=2, "model"=4]

// Rank-equal broadcasting: a size-1 dim stays unsplit, the other dim of the
// small operand takes the result's split.
// CHECK-LABEL: func.func @elementwise_broadcast(
// CHECK-SAME:    %arg1: tensor<1x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>}
// CHECK-SAME:    %arg2: tensor<8x1xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>}
// CHECK:       tosa.add %arg0, %arg1 {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
// CHECK:       tosa.sub {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
// CHECK:       tosa.mul {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
func.func @elementwise_broadcast(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>},
                                 %b: tensor<1x16xf32>, %c: tensor<8x1xf32>) -> tensor<8x16xf32> {
  %0 = tosa.add %a, %b : (tensor<8x16xf32>, tensor<1x16xf32>) -> tensor<8x16xf32>
  %1 = tosa.sub %0, %c : (tensor<8x16xf32>, tensor<8x1xf32>) -> tensor<8x16xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %2 = tosa.mul %1, %a, %shift : (tensor<8x16xf32>, tensor<8x16xf32>, tensor<1xi8>) -> tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// From the broadcast operand: its non-unit dim reaches the full operand.
// CHECK-LABEL: func.func @elementwise_broadcast_backward(
// CHECK-SAME:    %arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>}
func.func @elementwise_broadcast_backward(%a: tensor<8x16xf32>,
                                          %b: tensor<1x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>})
    -> tensor<8x16xf32> {
  %0 = tosa.add %a, %b : (tensor<8x16xf32>, tensor<1x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A tensor tosa.const takes its user's sharding.
// CHECK-LABEL: func.func @const(
// CHECK:       "tosa.const"() <{values = dense<1.000000e+00> : tensor<8x16xf32>}> {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
func.func @const(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) -> tensor<8x16xf32> {
  %c = "tosa.const"() <{values = dense<1.0> : tensor<8x16xf32>}> : () -> tensor<8x16xf32>
  %0 = tosa.add %a, %c : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// [N,H,C] x [N,C,W]: the batch reaches everything, the summed C only the rhs.
// CHECK-LABEL: func.func @matmul(
// CHECK-SAME:    %arg1: tensor<2x16x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"], []]>}
// CHECK:       tosa.matmul {{.*}} {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"], [], []]>]}
func.func @matmul(%a: tensor<2x8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], [], ["model"]]>},
                  %b: tensor<2x16x32xf32>) -> tensor<2x8x32xf32> {
  %azp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %bzp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.matmul %a, %b, %azp, %bzp : (tensor<2x8x16xf32>, tensor<2x16x32xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x8x32xf32>
  return %0 : tensor<2x8x32xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Batch on "data" from the input, output channels on "model" from the
// weight [K,KH,KW,C]; the bias follows the output channel.
// CHECK-LABEL: func.func @conv2d(
// CHECK-SAME:    %arg2: tensor<8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"model"]]>}
// CHECK:       tosa.conv2d
// CHECK-SAME:    gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], [], [], ["model"]]>]
func.func @conv2d(%x: tensor<2x16x16x4xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], [], [], []]>},
                  %w: tensor<8x3x3x4xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"], [], [], []]>},
                  %b: tensor<8xf32>) -> tensor<2x14x14x8xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}
      : (tensor<2x16x16x4xf32>, tensor<8x3x3x4xf32>, tensor<8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x14x14x8xf32>
  return %0 : tensor<2x14x14x8xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Spatial: the input's H split reaches the output's H through the window;
// weight and bias stay whole.
// CHECK-LABEL: func.func @conv2d_h_split(
// CHECK-SAME:    %arg1: tensor<8x3x3x4xf32> {gspmd.sharding = #gspmd.replicated}
// CHECK-SAME:    %arg2: tensor<8xf32> {gspmd.sharding = #gspmd.replicated}
// CHECK:       tosa.conv2d
// CHECK-SAME:    gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"], [], []]>]
func.func @conv2d_h_split(%x: tensor<2x16x16x4xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"], [], []]>},
                          %w: tensor<8x3x3x4xf32>, %b: tensor<8xf32>) -> tensor<2x14x14x8xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}
      : (tensor<2x16x16x4xf32>, tensor<8x3x3x4xf32>, tensor<8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x14x14x8xf32>
  return %0 : tensor<2x14x14x8xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Depthwise: output channel = C (major) x M (minor); C on "model" reaches
// the weight's C dim, the output channel and the bias.
// CHECK-LABEL: func.func @depthwise_conv2d(
// CHECK-SAME:    %arg1: tensor<3x3x4x2xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}], [], ["model"], []]>}
// CHECK-SAME:    %arg2: tensor<8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"model"]]>}
// CHECK:       tosa.depthwise_conv2d
// CHECK-SAME:    gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], [], [], ["model"]]>]
func.func @depthwise_conv2d(%x: tensor<2x16x16x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], [], [], ["model"]]>},
                            %w: tensor<3x3x4x2xf32>, %b: tensor<8xf32>) -> tensor<2x14x14x8xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.depthwise_conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}
      : (tensor<2x16x16x4xf32>, tensor<3x3x4x2xf32>, tensor<8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x14x14x8xf32>
  return %0 : tensor<2x14x14x8xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Depthwise with one input channel and a channel multiplier of 8: the
// weight's M split reaches the output channel (C = 1 is no obstacle) and
// the bias.
// CHECK-LABEL: func.func @depthwise_conv2d_multiplier(
// CHECK-SAME:    %arg2: tensor<8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"model"]]>}
// CHECK:       tosa.depthwise_conv2d
// CHECK-SAME:    gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}], [], [], ["model"]]>]
func.func @depthwise_conv2d_multiplier(%x: tensor<2x16x16x1xf32>,
                                       %w: tensor<3x3x1x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], [], [], ["model"]]>},
                                       %b: tensor<8xf32>) -> tensor<2x14x14x8xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.depthwise_conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}
      : (tensor<2x16x16x1xf32>, tensor<3x3x1x8xf32>, tensor<8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x14x14x8xf32>
  return %0 : tensor<2x14x14x8xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// CHECK-LABEL: func.func @avg_pool2d(
// CHECK:       tosa.avg_pool2d
// CHECK-SAME:    gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"], [], []]>]
func.func @avg_pool2d(%x: tensor<2x16x16x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"], [], []]>})
    -> tensor<2x8x8x8xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.avg_pool2d %x, %zp, %zp {acc_type = f32, kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}
      : (tensor<2x16x16x8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x8x8x8xf32>
  return %0 : tensor<2x8x8x8xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Backward from the result: W through the window, C directly.
// CHECK-LABEL: func.func @max_pool2d(
// CHECK-SAME:    %arg0: tensor<2x16x16x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}], [], ["data"], ["model"]]>}
func.func @max_pool2d(%x: tensor<2x16x16x8xf32>)
    -> (tensor<2x8x8x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], [], ["data"], ["model"]]>}) {
  %0 = tosa.max_pool2d %x {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}
      : (tensor<2x16x16x8xf32>) -> tensor<2x8x8x8xf32>
  return %0 : tensor<2x8x8x8xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// The reduced axis (kept as a unit dim) loses its split; the other keeps it.
// CHECK-LABEL: func.func @reduce(
// CHECK:       tosa.reduce_sum %arg0 {axis = 1 : i32, gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>]}
// CHECK:       tosa.reduce_max %arg0 {axis = 0 : i32, gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>]}
func.func @reduce(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> (tensor<8x1xf32>, tensor<1x16xf32>) {
  %0 = tosa.reduce_sum %x {axis = 1 : i32} : (tensor<8x16xf32>) -> tensor<8x1xf32>
  %1 = tosa.reduce_max %x {axis = 0 : i32} : (tensor<8x16xf32>) -> tensor<1x16xf32>
  return %0, %1 : tensor<8x1xf32>, tensor<1x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// argmax drops the axis.
// CHECK-LABEL: func.func @argmax(
// CHECK:       tosa.argmax %arg0 {axis = 1 : i32, gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"]]>]}
func.func @argmax(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) -> tensor<8xi32> {
  %0 = tosa.argmax %x {axis = 1 : i32} : (tensor<8x16xf32>) -> tensor<8xi32>
  return %0 : tensor<8xi32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// CHECK-LABEL: func.func @transpose(
// CHECK:       tosa.transpose %arg0 {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"model"], ["data"], []]>], perms = array<i32: 2, 0, 1>}
func.func @transpose(%x: tensor<8x16x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], [], ["model"]]>})
    -> tensor<4x8x16xf32> {
  %0 = tosa.transpose %x {perms = array<i32: 2, 0, 1>} : (tensor<8x16x4xf32>) -> tensor<4x8x16xf32>
  return %0 : tensor<4x8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// 16 -> 4x4: "model" (4) goes to the major 4.
// CHECK-LABEL: func.func @reshape(
// CHECK:       tosa.reshape %arg0, %{{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"], []]>]}
func.func @reshape(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) -> tensor<8x4x4xf32> {
  %s = tosa.const_shape {values = dense<[8, 4, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %0 = tosa.reshape %x, %s : (tensor<8x16xf32>, !tosa.shape<3>) -> tensor<8x4x4xf32>
  return %0 : tensor<8x4x4xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// The sliced dim is a window and keeps its split.
// CHECK-LABEL: func.func @slice(
// CHECK:       tosa.slice %arg0, %{{.*}}, %{{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
func.func @slice(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) -> tensor<8x4xf32> {
  %start = tosa.const_shape {values = dense<[0, 4]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %size = tosa.const_shape {values = dense<[8, 4]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.slice %x, %start, %size : (tensor<8x16xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// The concatenated axis stays unsplit.
// CHECK-LABEL: func.func @concat(
// CHECK-SAME:    %arg1: tensor<8x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>}
// CHECK:       tosa.concat %arg0, %arg1 {axis = 1 : i32, gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>]}
func.func @concat(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>},
                  %b: tensor<8x8xf32>) -> tensor<8x24xf32> {
  %0 = tosa.concat %a, %b {axis = 1 : i32} : (tensor<8x16xf32>, tensor<8x8xf32>) -> tensor<8x24xf32>
  return %0 : tensor<8x24xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// The padded dim is a window and keeps its split.
// CHECK-LABEL: func.func @pad(
// CHECK:       tosa.pad %arg0, %{{.*}}, %{{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
func.func @pad(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) -> tensor<8x18xf32> {
  %p = tosa.const_shape {values = dense<[0, 0, 1, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %v = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.pad %x, %p, %v : (tensor<8x16xf32>, !tosa.shape<4>, tensor<1xf32>) -> tensor<8x18xf32>
  return %0 : tensor<8x18xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A repeated dim is kept whole; an unrepeated one keeps its split.
// CHECK-LABEL: func.func @tile(
// CHECK:       tosa.tile %arg0, %{{.*}} {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>]}
func.func @tile(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) -> tensor<8x32xf32> {
  %m = tosa.const_shape {values = dense<[1, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.tile %x, %m : (tensor<8x16xf32>, !tosa.shape<2>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// CHECK-LABEL: func.func @unary_chain(
// CHECK-SAME:    -> (tensor<8x16xf16> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>})
// CHECK:       tosa.clamp %arg0 {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]
// CHECK:       tosa.sigmoid {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
// CHECK:       tosa.tanh {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
// CHECK:       tosa.erf {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
// CHECK:       tosa.cast {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]} : (tensor<8x16xf32>) -> tensor<8x16xf16>
func.func @unary_chain(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> tensor<8x16xf16> {
  %0 = tosa.clamp %x {min_val = 0.0 : f32, max_val = 6.0 : f32} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %1 = tosa.sigmoid %0 : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %2 = tosa.tanh %1 : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %3 = tosa.erf %2 : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %4 = tosa.cast %3 : (tensor<8x16xf32>) -> tensor<8x16xf16>
  return %4 : tensor<8x16xf16>
}
