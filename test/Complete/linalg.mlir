// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete)' | FileCheck %s

// Linalg structured ops: the rule comes from the indexing maps and iterator
// types. Parallel loops carry shardings between operands and results,
// reduction loops do not reach the result, and a dim read as `a*d + k`
// (convolutions, pooling, stencils) is a window of its output loop `d` while
// the kernel loop `k` stays unsplit.

gspmd.mesh @mesh ["data"=2, "model"=4]

// Rows of the lhs and columns of the rhs combine on the result (and on the
// init it is computed into).
// CHECK-LABEL: func.func @matmul(
// CHECK-SAME:    %arg2: tensor<8x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>}
// CHECK-SAME:    -> (tensor<8x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>})
// CHECK:       linalg.matmul {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
func.func @matmul(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
                  %b: tensor<16x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>},
                  %c: tensor<8x32xf32>) -> tensor<8x32xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x32xf32>)
                     outs(%c : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// The contracting dim's sharding reaches the rhs but not the result.
// CHECK-LABEL: func.func @matmul_contracting(
// CHECK-SAME:    %arg1: tensor<16x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"model"], []]>}
// CHECK:       linalg.matmul {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>]}
func.func @matmul_contracting(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>},
                              %b: tensor<16x32xf32>,
                              %c: tensor<8x32xf32>) -> tensor<8x32xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x32xf32>)
                     outs(%c : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// CHECK-LABEL: func.func @batch_matmul(
// CHECK:       linalg.batch_matmul {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], [], ["model"]]>]}
func.func @batch_matmul(%a: tensor<4x8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], [], []]>},
                        %b: tensor<4x16x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], [], ["model"]]>},
                        %c: tensor<4x8x32xf32>) -> tensor<4x8x32xf32> {
  %0 = linalg.batch_matmul ins(%a, %b : tensor<4x8x16xf32>, tensor<4x16x32xf32>)
                           outs(%c : tensor<4x8x32xf32>) -> tensor<4x8x32xf32>
  return %0 : tensor<4x8x32xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// CHECK-LABEL: func.func @matvec(
// CHECK-SAME:    %arg1: tensor<16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"model"]]>}
// CHECK:       linalg.matvec {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"]]>]}
func.func @matvec(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>},
                  %b: tensor<16xf32>, %c: tensor<8xf32>) -> tensor<8xf32> {
  %0 = linalg.matvec ins(%a, %b : tensor<8x16xf32>, tensor<16xf32>)
                     outs(%c : tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// einsum "bij,bjk->bik" as a generic: the batch loop reaches the rhs and
// the result, the contracted loop j only the rhs.
#lhs = affine_map<(b, i, k, j) -> (b, i, j)>
#rhs = affine_map<(b, i, k, j) -> (b, j, k)>
#out = affine_map<(b, i, k, j) -> (b, i, k)>
// CHECK-LABEL: func.func @einsum(
// CHECK-SAME:    %arg1: tensor<2x16x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"], []]>}
// CHECK:       linalg.generic
// CHECK-SAME:    attrs = {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"], [], []]>]}
func.func @einsum(%a: tensor<2x8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], [], ["model"]]>},
                  %b: tensor<2x16x32xf32>, %c: tensor<2x8x32xf32>) -> tensor<2x8x32xf32> {
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<2x8x16xf32>, tensor<2x16x32xf32>) outs(%c : tensor<2x8x32xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x8x32xf32>
  return %0 : tensor<2x8x32xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// An elementwise generic ties every operand, the init and the result.
#id = affine_map<(i, j) -> (i, j)>
// CHECK-LABEL: func.func @elementwise_generic(
// CHECK-SAME:    %arg1: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"model"], ["data"]]>}
// CHECK:       tensor.empty() {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"model"], ["data"]]>]}
// CHECK:       linalg.generic
// CHECK-SAME:    attrs = {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"model"], ["data"]]>]}
func.func @elementwise_generic(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["model"], ["data"]]>},
                               %b: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %e = tensor.empty() : tensor<8x16xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<8x16xf32>, tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// CHECK-LABEL: func.func @map(
// CHECK-SAME:    %arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>}
// CHECK:       linalg.map { arith.mulf }
// CHECK-SAME:    {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>]}
func.func @map(%a: tensor<8x16xf32>,
               %b: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>})
    -> tensor<8x16xf32> {
  %e = tensor.empty() : tensor<8x16xf32>
  %0 = linalg.map { arith.mulf } ins(%a, %b : tensor<8x16xf32>, tensor<8x16xf32>) outs(%e : tensor<8x16xf32>)
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// The reduced dim's "model" does not reach the result; the kept dim's does.
// CHECK-LABEL: func.func @reduce(
// CHECK:       linalg.reduce { arith.addf }
// CHECK-SAME:    {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"]]>]}
func.func @reduce(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>},
                  %init: tensor<8xf32>) -> tensor<8xf32> {
  %0 = linalg.reduce { arith.addf } ins(%a : tensor<8x16xf32>) outs(%init : tensor<8xf32>) dimensions = [1]
  return %0 : tensor<8xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Shardings follow the permutation: result dim k takes input dim perm[k].
// CHECK-LABEL: func.func @transpose(
// CHECK:       linalg.transpose
// CHECK-SAME:    {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"model"], ["data"], []]>]}
func.func @transpose(%a: tensor<8x16x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], [], ["model"]]>})
    -> tensor<4x8x16xf32> {
  %e = tensor.empty() : tensor<4x8x16xf32>
  %0 = linalg.transpose ins(%a : tensor<8x16x4xf32>) outs(%e : tensor<4x8x16xf32>) permutation = [2, 0, 1]
  return %0 : tensor<4x8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// CHECK-LABEL: func.func @broadcast(
// CHECK:       linalg.broadcast
// CHECK-SAME:    {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>]}
func.func @broadcast(%a: tensor<16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"]]>})
    -> tensor<8x16xf32> {
  %e = tensor.empty() : tensor<8x16xf32>
  %0 = linalg.broadcast ins(%a : tensor<16xf32>) outs(%e : tensor<8x16xf32>) dimensions = [0]
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// The fill takes the sharding of its user. A value made from nothing passes
// no sharding on (the partitioner makes it again in any layout): the empty
// it fills stays replicated.
// CHECK-LABEL: func.func @fill(
// CHECK:       tensor.empty() {gspmd.sharding = [#gspmd.replicated]}
// CHECK:       linalg.fill {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
func.func @fill(%b: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> tensor<8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %0 = arith.addf %f, %b : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// The softmax dim is never split; the other dim keeps its axis.
// CHECK-LABEL: func.func @softmax(
// CHECK:       linalg.softmax {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>]} dimension(1)
func.func @softmax(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> tensor<8x16xf32> {
  %e = tensor.empty() : tensor<8x16xf32>
  %0 = linalg.softmax dimension(1) ins(%a : tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Spatial partitioning: the input's H split reaches the output's H through
// the window; the filter (kernel dims, input and output channels) stays whole.
// CHECK-LABEL: func.func @conv_2d_h_split(
// CHECK-SAME:    %arg1: tensor<3x3x4x8xf32> {gspmd.sharding = #gspmd.replicated}
// CHECK:       linalg.conv_2d_nhwc_hwcf
// CHECK-SAME:    gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"], [], []]>]
func.func @conv_2d_h_split(%x: tensor<2x16x16x4xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"], [], []]>},
                           %w: tensor<3x3x4x8xf32>, %init: tensor<2x14x14x8xf32>) -> tensor<2x14x14x8xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<2x16x16x4xf32>, tensor<3x3x4x8xf32>) outs(%init : tensor<2x14x14x8xf32>) -> tensor<2x14x14x8xf32>
  return %0 : tensor<2x14x14x8xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A split kernel dim (KH on "model") reaches nothing; the output channel
// (F on "data") reaches the result.
// CHECK-LABEL: func.func @conv_2d_kernel_split(
// CHECK-SAME:    %arg0: tensor<2x16x16x4xf32> {gspmd.sharding = #gspmd.replicated}
// CHECK:       linalg.conv_2d_nhwc_hwcf
// CHECK-SAME:    gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}], [], [], ["data"]]>]
func.func @conv_2d_kernel_split(%x: tensor<2x16x16x4xf32>,
                                %w: tensor<4x3x4x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["model"], [], [], ["data"]]>},
                                %init: tensor<2x13x14x8xf32>) -> tensor<2x13x14x8xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<2x16x16x4xf32>, tensor<4x3x4x8xf32>) outs(%init : tensor<2x13x14x8xf32>) -> tensor<2x13x14x8xf32>
  return %0 : tensor<2x13x14x8xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Stride 2: the input H is read as `2*oh + kh`, still a window of oh.
// CHECK-LABEL: func.func @conv_2d_strided(
// CHECK:       linalg.conv_2d_nhwc_hwcf
// CHECK-SAME:    gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"], [], []]>]
// CHECK-SAME:    strides = dense<2>
func.func @conv_2d_strided(%x: tensor<2x16x16x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"], [], []]>},
                           %w: tensor<3x3x4x8xf32>, %init: tensor<2x7x7x8xf32>) -> tensor<2x7x7x8xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %w : tensor<2x16x16x4xf32>, tensor<3x3x4x8xf32>) outs(%init : tensor<2x7x7x8xf32>) -> tensor<2x7x7x8xf32>
  return %0 : tensor<2x7x7x8xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// CHECK-LABEL: func.func @conv_1d(
// CHECK-SAME:    %arg1: tensor<3xf32> {gspmd.sharding = #gspmd.replicated}
// CHECK:       linalg.conv_1d {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"model"]]>]}
func.func @conv_1d(%x: tensor<16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"]]>},
                   %w: tensor<3xf32>, %init: tensor<14xf32>) -> tensor<14xf32> {
  %0 = linalg.conv_1d ins(%x, %w : tensor<16xf32>, tensor<3xf32>) outs(%init : tensor<14xf32>) -> tensor<14xf32>
  return %0 : tensor<14xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// CHECK-LABEL: func.func @conv_3d(
// CHECK-SAME:    %arg1: tensor<3x3x3xf32> {gspmd.sharding = #gspmd.replicated}
// CHECK:       linalg.conv_3d {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], [], ["model"]]>]}
func.func @conv_3d(%x: tensor<8x8x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], [], ["model"]]>},
                   %w: tensor<3x3x3xf32>, %init: tensor<6x6x6xf32>) -> tensor<6x6x6xf32> {
  %0 = linalg.conv_3d ins(%x, %w : tensor<8x8x8xf32>, tensor<3x3x3xf32>) outs(%init : tensor<6x6x6xf32>) -> tensor<6x6x6xf32>
  return %0 : tensor<6x6x6xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Depthwise: H through the window, the channel is parallel and reaches the
// filter's channel dim too.
// CHECK-LABEL: func.func @depthwise(
// CHECK-SAME:    %arg1: tensor<3x3x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}], [], ["model"]]>}
// CHECK:       linalg.depthwise_conv_2d_nhwc_hwc
// CHECK-SAME:    gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}], ["data"], [], ["model"]]>]
func.func @depthwise(%x: tensor<2x16x16x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["data"], [], ["model"]]>},
                     %w: tensor<3x3x8xf32>, %init: tensor<2x14x14x8xf32>) -> tensor<2x14x14x8xf32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<2x16x16x8xf32>, tensor<3x3x8xf32>) outs(%init : tensor<2x14x14x8xf32>) -> tensor<2x14x14x8xf32>
  return %0 : tensor<2x14x14x8xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// CHECK-LABEL: func.func @pool_sum(
// CHECK-SAME:    %arg1: tensor<2x2xf32> {gspmd.sharding = #gspmd.replicated}
// CHECK:       linalg.pooling_nhwc_sum
// CHECK-SAME:    gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"], [], []]>]
func.func @pool_sum(%x: tensor<2x16x16x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"], [], []]>},
                    %k: tensor<2x2xf32>, %init: tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32> {
  %0 = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %k : tensor<2x16x16x8xf32>, tensor<2x2xf32>) outs(%init : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
  return %0 : tensor<2x8x8x8xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Backward: the output's W and C splits reach the input through the window.
// CHECK-LABEL: func.func @pool_max(
// CHECK-SAME:    %arg0: tensor<2x16x16x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}], [], ["data"], ["model"]]>}
// CHECK-SAME:    %arg1: tensor<3x3xf32> {gspmd.sharding = #gspmd.replicated}
// CHECK:       linalg.pooling_nhwc_max
// CHECK-SAME:    gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}], [], ["data"], ["model"]]>]
func.func @pool_max(%x: tensor<2x16x16x8xf32>, %k: tensor<3x3xf32>,
                    %init: tensor<2x14x14x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], [], ["data"], ["model"]]>})
    -> tensor<2x14x14x8xf32> {
  %0 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %k : tensor<2x16x16x8xf32>, tensor<3x3xf32>) outs(%init : tensor<2x14x14x8xf32>) -> tensor<2x14x14x8xf32>
  return %0 : tensor<2x14x14x8xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// out[i] = a[i + 1] - b[i]: the shifted read of %a is a window of loop i.
#shift = affine_map<(i) -> (i + 1)>
#same = affine_map<(i) -> (i)>
// CHECK-LABEL: func.func @stencil(
// CHECK-SAME:    %arg1: tensor<16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"model"]]>}
// CHECK:       linalg.generic
// CHECK-SAME:    attrs = {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"model"]]>]}
func.func @stencil(%a: tensor<17xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"]]>},
                   %b: tensor<16xf32>, %init: tensor<16xf32>) -> tensor<16xf32> {
  %0 = linalg.generic {indexing_maps = [#shift, #same, #same], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<17xf32>, tensor<16xf32>) outs(%init : tensor<16xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.subf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// The same window backward: the result's split reaches the shifted input.
#shift = affine_map<(i) -> (i + 1)>
#same = affine_map<(i) -> (i)>
// CHECK-LABEL: func.func @stencil_backward(
// CHECK-SAME:    %arg0: tensor<17xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"model"]]>}
func.func @stencil_backward(%a: tensor<17xf32>, %init: tensor<16xf32>)
    -> (tensor<16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"]]>}) {
  %0 = linalg.generic {indexing_maps = [#shift, #same], iterator_types = ["parallel"]}
      ins(%a : tensor<17xf32>) outs(%init : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// `i floordiv 2` is not a window: the loop must stay whole.
// CHECK-LABEL: func.func @floordiv_not_a_window(
// CHECK:       linalg.generic
// CHECK-SAME:    attrs = {gspmd.sharding = [#gspmd.replicated]}
#half = affine_map<(i) -> (i floordiv 2)>
#same = affine_map<(i) -> (i)>
func.func @floordiv_not_a_window(%a: tensor<8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"]]>},
                                 %init: tensor<16xf32>) -> tensor<16xf32> {
  %0 = linalg.generic {indexing_maps = [#half, #same], iterator_types = ["parallel"]}
      ins(%a : tensor<8xf32>) outs(%init : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// One tensor.empty is the init of two unrelated ops (as
// stablehlo-legalize-to-linalg emits them). The first op's split on
// "model" reaches the empty but goes no further: the second op, whose
// operand is replicated, stays replicated.
// CHECK-LABEL: func.func @shared_empty(
// CHECK:       %[[E:.*]] = tensor.empty() {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>]}
// CHECK:       linalg.generic {{.*}} ins(%arg0 : tensor<8x16xf32>) outs(%[[E]] : tensor<8x16xf32>) attrs = {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>]}
// CHECK:       linalg.generic {{.*}} ins(%arg1 : tensor<8x16xf32>) outs(%[[E]] : tensor<8x16xf32>) attrs = {gspmd.sharding = [#gspmd.replicated]}
func.func @shared_empty(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>},
                        %b: tensor<8x16xf32> {gspmd.sharding = #gspmd.replicated})
    -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %e = tensor.empty() : tensor<8x16xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<8x16xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%b : tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<8x16xf32>
  return %0, %1 : tensor<8x16xf32>, tensor<8x16xf32>
}
