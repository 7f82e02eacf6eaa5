// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete)' | FileCheck %s
// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete)' --verify-diagnostics -o /dev/null

// tensor dialect rules. Every op here has a rule (the second RUN line fails
// on any "no sharding rule" remark).

gspmd.mesh @mesh ["data"=2, "model"=4]

// tensor.empty and tensor.splat have no tensor operands: they take the
// sharding of their user.
// CHECK-LABEL: func.func @empty_and_splat(
// CHECK:       tensor.empty() {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]} : tensor<8x16xf32>
// CHECK:       tensor.splat %arg1 {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]} : tensor<8x16xf32>
func.func @empty_and_splat(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>},
                           %s: f32) -> tensor<8x16xf32> {
  %e = tensor.empty() : tensor<8x16xf32>
  %sp = tensor.splat %s : tensor<8x16xf32>
  %0 = arith.addf %a, %sp : tensor<8x16xf32>
  %1 = arith.addf %0, %e : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// tensor.extract neither constrains nor receives a sharding: an unannotated
// source read only by extract stays replicated ...
// CHECK-LABEL: func.func @extract_only(
// CHECK-SAME:    %arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.replicated}
// CHECK:       tensor.extract %arg0
// CHECK-NOT:   gspmd.sharding
// CHECK:       return
func.func @extract_only(%a: tensor<8x16xf32>, %i: index) -> f32 {
  %0 = tensor.extract %a[%i, %i] : tensor<8x16xf32>
  return %0 : f32
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// ... and a source that other ops shard keeps that sharding.
// CHECK-LABEL: func.func @extract_source_unaffected(
// CHECK-SAME:    %arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>}
func.func @extract_source_unaffected(%a: tensor<8x16xf32>,
                                     %b: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>},
                                     %i: index) -> (f32, tensor<8x16xf32>) {
  %0 = tensor.extract %a[%i, %i] : tensor<8x16xf32>
  %1 = arith.addf %a, %b : tensor<8x16xf32>
  return %0, %1 : f32, tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// The full dim keeps "data"; the sliced dim is read through a window and
// keeps "model".
// CHECK-LABEL: func.func @extract_slice(
// CHECK:       tensor.extract_slice %arg0[0, 4] [8, 4] [1, 1] {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
func.func @extract_slice(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> tensor<8x4xf32> {
  %0 = tensor.extract_slice %a[0, 4] [8, 4] [1, 1] : tensor<8x16xf32> to tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Backward through the window: the slice's shardings reach the source.
// CHECK-LABEL: func.func @extract_slice_backward(
// CHECK-SAME:    %arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>}
func.func @extract_slice_backward(%a: tensor<8x16xf32>)
    -> (tensor<8x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) {
  %0 = tensor.extract_slice %a[0, 4] [8, 4] [1, 1] : tensor<8x16xf32> to tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Rank-reducing: the dropped unit dim is skipped; the kept dims map in order.
// CHECK-LABEL: func.func @extract_slice_rank_reducing(
// CHECK:       tensor.extract_slice {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]} : tensor<8x1x16xf32> to tensor<8x16xf32>
func.func @extract_slice_rank_reducing(%a: tensor<8x1x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], [], ["model"]]>})
    -> tensor<8x16xf32> {
  %0 = tensor.extract_slice %a[0, 0, 0] [8, 1, 16] [1, 1, 1] : tensor<8x1x16xf32> to tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Rank-reducing one row out of a split dim: that dim's "data" is dropped
// with it, "model" stays on the kept dim.
// CHECK-LABEL: func.func @extract_slice_drop_split_dim(
// CHECK:       tensor.extract_slice {{.*}} {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"model"]]>]} : tensor<8x16xf32> to tensor<16xf32>
func.func @extract_slice_drop_split_dim(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> tensor<16xf32> {
  %0 = tensor.extract_slice %a[3, 0] [1, 16] [1, 1] : tensor<8x16xf32> to tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// The result is the destination updated in place; the inserted slice's
// full dim ("data") reaches it too.
// CHECK-LABEL: func.func @insert_slice(
// CHECK:       tensor.insert_slice %arg0 into %arg1[0, 4] [8, 4] [1, 1] {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
func.func @insert_slice(%s: tensor<8x4xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
                        %d: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>})
    -> tensor<8x16xf32> {
  %0 = tensor.insert_slice %s into %d[0, 4] [8, 4] [1, 1] : tensor<8x4xf32> into tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// The padded dim is read through a window and keeps its split.
// CHECK-LABEL: func.func @pad(
// CHECK:       tensor.pad %arg0 low[0, 1] high[0, 1]
// CHECK:       } {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]} : tensor<8x16xf32> to tensor<8x18xf32>
func.func @pad(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) -> tensor<8x18xf32> {
  %z = arith.constant 0.0 : f32
  %0 = tensor.pad %a low[0, 1] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f32
  } : tensor<8x16xf32> to tensor<8x18xf32>
  return %0 : tensor<8x18xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// The concatenated dim stays unsplit; the other dim reaches the result and
// the other operand.
// CHECK-LABEL: func.func @concat(
// CHECK-SAME:    %arg1: tensor<8x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>}
// CHECK:       tensor.concat dim(1) %arg0, %arg1 {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>]}
func.func @concat(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>},
                  %b: tensor<8x8xf32>) -> tensor<8x24xf32> {
  %0 = tensor.concat dim(1) %a, %b : (tensor<8x16xf32>, tensor<8x8xf32>) -> tensor<8x24xf32>
  return %0 : tensor<8x24xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// 8 -> 2x4: "data" (2 shards) fills the major part exactly and goes there.
// CHECK-LABEL: func.func @expand_shape_major(
// CHECK:       tensor.expand_shape {{.*}} {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>]} : tensor<8xf32> into tensor<2x4xf32>
func.func @expand_shape_major(%a: tensor<8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"]]>})
    -> tensor<2x4xf32> {
  %0 = tensor.expand_shape %a [[0, 1]] output_shape [2, 4] : tensor<8xf32> into tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// 8 -> 2x4 with "model" (4 shards): it overfills the major part (2), so the
// axis is refined into sub-axes of 2 and 2 (test/Complete/sub-axes.mlir).
// CHECK-LABEL: func.func @expand_shape_stops(
// CHECK:       tensor.expand_shape {{.*}} {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"model_2"], ["model_1"]]>]} : tensor<8xf32> into tensor<2x4xf32>
func.func @expand_shape_stops(%a: tensor<8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"]]>})
    -> tensor<2x4xf32> {
  %0 = tensor.expand_shape %a [[0, 1]] output_shape [2, 4] : tensor<8xf32> into tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// 8 split over ["data", "model"]: "data" fills the major part, "model" the
// minor one.
// CHECK-LABEL: func.func @expand_shape_two_axes(
// CHECK:       tensor.expand_shape {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]} : tensor<8xf32> into tensor<2x4xf32>
func.func @expand_shape_two_axes(%a: tensor<8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data", "model"]]>})
    -> tensor<2x4xf32> {
  %0 = tensor.expand_shape %a [[0, 1]] output_shape [2, 4] : tensor<8xf32> into tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Backward, 2x4 -> 8: a split of both parts becomes one dim over both axes.
// CHECK-LABEL: func.func @expand_shape_backward(
// CHECK-SAME:    %arg0: tensor<8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data", "model"]]>}
func.func @expand_shape_backward(%a: tensor<8xf32>)
    -> (tensor<2x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) {
  %0 = tensor.expand_shape %a [[0, 1]] output_shape [2, 4] : tensor<8xf32> into tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Backward with only the minor part split: not expressible on the merged
// dim, so the source stays replicated.
// CHECK-LABEL: func.func @expand_shape_backward_minor(
// CHECK-SAME:    %arg0: tensor<8xf32> {gspmd.sharding = #gspmd.replicated}
func.func @expand_shape_backward_minor(%a: tensor<8xf32>)
    -> (tensor<2x4xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>}) {
  %0 = tensor.expand_shape %a [[0, 1]] output_shape [2, 4] : tensor<8xf32> into tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A unit dim merged into a split dim does not stop the split, in either
// direction.
// CHECK-LABEL: func.func @collapse_shape_unit_dim(
// CHECK:       tensor.collapse_shape {{.*}} {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"]]>]} : tensor<1x8xf32> into tensor<8xf32>
func.func @collapse_shape_unit_dim(%a: tensor<1x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"]]>})
    -> tensor<8xf32> {
  %0 = tensor.collapse_shape %a [[0, 1]] : tensor<1x8xf32> into tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// CHECK-LABEL: func.func @collapse_shape_unit_dim_backward(
// CHECK-SAME:    %arg0: tensor<1x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}], ["data"]]>}
func.func @collapse_shape_unit_dim_backward(%a: tensor<1x8xf32>)
    -> (tensor<8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"]]>}) {
  %0 = tensor.collapse_shape %a [[0, 1]] : tensor<1x8xf32> into tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A unit dim between two split dims: the merged dim takes both axes.
// CHECK-LABEL: func.func @collapse_shape_inner_unit_dim(
// CHECK:       tensor.collapse_shape {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data", "model"]]>]} : tensor<2x1x4xf32> into tensor<8xf32>
func.func @collapse_shape_inner_unit_dim(%a: tensor<2x1x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], [], ["model"]]>})
    -> tensor<8xf32> {
  %0 = tensor.collapse_shape %a [[0, 1, 2]] : tensor<2x1x4xf32> into tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// 8x4 -> 8x2x2 with "model" (4) on the 4: cut in two by sub-axes, "model_2"
// on the major 2 and "model_1" on the minor one.
// CHECK-LABEL: func.func @expand_shape_axis_too_big(
// CHECK:       tensor.expand_shape {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model_2"], ["model_1"]]>]} : tensor<8x4xf32> into tensor<8x2x2xf32>
func.func @expand_shape_axis_too_big(%a: tensor<8x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> tensor<8x2x2xf32> {
  %0 = tensor.expand_shape %a [[0], [1, 2]] output_shape [8, 2, 2] : tensor<8x4xf32> into tensor<8x2x2xf32>
  return %0 : tensor<8x2x2xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// 2x4x16 -> 8x16: the major part's "data" becomes the merged dim's split.
// CHECK-LABEL: func.func @collapse_shape(
// CHECK:       tensor.collapse_shape {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]} : tensor<2x4x16xf32> into tensor<8x16xf32>
func.func @collapse_shape(%a: tensor<2x4x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], [], ["model"]]>})
    -> tensor<8x16xf32> {
  %0 = tensor.collapse_shape %a [[0, 1], [2]] : tensor<2x4x16xf32> into tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Only the minor part split: the merged dim cannot carry it.
// CHECK-LABEL: func.func @collapse_shape_minor(
// CHECK:       tensor.collapse_shape {{.*}} {gspmd.sharding = [#gspmd.replicated]} : tensor<2x4x16xf32> into tensor<8x16xf32>
func.func @collapse_shape_minor(%a: tensor<2x4x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"], []]>})
    -> tensor<8x16xf32> {
  %0 = tensor.collapse_shape %a [[0, 1], [2]] : tensor<2x4x16xf32> into tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// tensor.reshape with a static result: 16 -> 4x4 puts "model" on the major 4.
// CHECK-LABEL: func.func @reshape(
// CHECK:       tensor.reshape %arg0(%{{.*}}) {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"], []]>]}
func.func @reshape(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> tensor<8x4x4xf32> {
  %s = arith.constant dense<[8, 4, 4]> : tensor<3xindex>
  %0 = tensor.reshape %a(%s) : (tensor<8x16xf32>, tensor<3xindex>) -> tensor<8x4x4xf32>
  return %0 : tensor<8x4x4xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// cast and bitcast keep every static dim; a dim that becomes dynamic is
// never split.
// CHECK-LABEL: func.func @cast_and_bitcast(
// CHECK:       tensor.cast %arg0 {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>]} : tensor<8x16xf32> to tensor<?x16xf32>
// CHECK:       tensor.bitcast {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]} : tensor<8x16xf32> to tensor<8x16xi32>
func.func @cast_and_bitcast(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> (tensor<?x16xf32>, tensor<8x16xi32>) {
  %0 = tensor.cast %a : tensor<8x16xf32> to tensor<?x16xf32>
  %1 = tensor.bitcast %a : tensor<8x16xf32> to tensor<8x16xi32>
  return %0, %1 : tensor<?x16xf32>, tensor<8x16xi32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// tensor.dim has no tensor semantics: no remark, no attribute.
// CHECK-LABEL: func.func @dim(
// CHECK:       tensor.dim %arg0, %{{.*}} : tensor<8x16xf32>
func.func @dim(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) -> index {
  %c = arith.constant 1 : index
  %0 = tensor.dim %a, %c : tensor<8x16xf32>
  return %0 : index
}
