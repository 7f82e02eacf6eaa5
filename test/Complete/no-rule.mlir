// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete)' --verify-diagnostics | FileCheck %s

// An op with tensor results and no sharding rule is not guessed at: its
// results stay replicated (and are never refined, from either side), with a
// remark naming the op. Propagation goes on around it.

gspmd.mesh @mesh ["data"=2, "model"=4]

// CHECK-LABEL: func.func @generate(
// CHECK:       tensor.generate
// CHECK:       } {gspmd.sharding = [#gspmd.replicated]} : tensor<8x16xf32>
// CHECK:       arith.addf %arg0, %{{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
func.func @generate(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> tensor<8x16xf32> {
  // expected-remark @below {{gspmd-complete: no sharding rule for 'tensor.generate'; its results stay replicated}}
  %g = tensor.generate {
  ^bb0(%i: index, %j: index):
    %z = arith.constant 0.0 : f32
    tensor.yield %z : f32
  } : tensor<8x16xf32>
  %0 = arith.addf %a, %g : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Backward: the user's split reaches the exp but not the generate.
// CHECK-LABEL: func.func @generate_backward(
// CHECK:       } {gspmd.sharding = [#gspmd.replicated]} : tensor<8x16xf32>
// CHECK:       math.exp %{{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
func.func @generate_backward(%s: f32)
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) {
  // expected-remark @below {{gspmd-complete: no sharding rule for 'tensor.generate'; its results stay replicated}}
  %g = tensor.generate {
  ^bb0(%i: index, %j: index):
    tensor.yield %s : f32
  } : tensor<8x16xf32>
  %0 = math.exp %g : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// tensor.gather: its sharded source does not reach the result or the
// result's users.
// CHECK-LABEL: func.func @gather(
// CHECK-SAME:    -> (tensor<4x16xf32> {gspmd.sharding = #gspmd.replicated})
// CHECK:       tensor.gather {{.*}} {gspmd.sharding = [#gspmd.replicated]}
// CHECK:       math.exp %{{.*}} {gspmd.sharding = [#gspmd.replicated]}
func.func @gather(%src: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>},
                  %idx: tensor<4x1xindex>) -> tensor<4x16xf32> {
  // expected-remark @below {{gspmd-complete: no sharding rule for 'tensor.gather'; its results stay replicated}}
  %0 = tensor.gather %src[%idx] gather_dims([0]) : (tensor<8x16xf32>, tensor<4x1xindex>) -> tensor<4x16xf32>
  %1 = math.exp %0 : tensor<4x16xf32>
  return %1 : tensor<4x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A linalg op that is not structured (no indexing maps) has no rule either.
// CHECK-LABEL: func.func @winograd_filter_transform(
// CHECK:       linalg.winograd_filter_transform {gspmd.sharding = [#gspmd.replicated]}
func.func @winograd_filter_transform(%f: tensor<2x3x3x5xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], [], [], []]>},
                                     %init: tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32> {
  // expected-remark @below {{gspmd-complete: no sharding rule for 'linalg.winograd_filter_transform'; its results stay replicated}}
  %0 = linalg.winograd_filter_transform fmr(F_4_3) ins(%f : tensor<2x3x3x5xf32>) outs(%init : tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
  return %0 : tensor<6x6x5x2xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A call to an external declaration has nothing to tie to: no rule.
// CHECK-LABEL: func.func @external_call(
// CHECK:       call @external(%arg0) {gspmd.sharding = [#gspmd.replicated]}
func.func private @external(tensor<8x16xf32>) -> tensor<8x16xf32>
func.func @external_call(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> tensor<8x16xf32> {
  // expected-remark @below {{gspmd-complete: no sharding rule for 'func.call'; its results stay replicated}}
  %0 = func.call @external(%a) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
