// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete)' --verify-diagnostics | FileCheck %s

// Incompatible shardings meeting at an op: the user's annotation wins, else
// the larger tensor, else the earlier tensor; the op gets one remark. What
// the user wrote (function arguments and results, sharding_constraint, op
// result attributes) is never changed.

gspmd.mesh @mesh ["data"=2, "model"=4]

// Two annotated arguments of the same size disagree on dim 0: both are
// user annotations, so the first operand's wins on the result.
// CHECK-LABEL: func.func @two_annotations(
// CHECK-SAME:    %arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>}
// CHECK-SAME:    %arg1: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"model"], []]>}
// CHECK:       arith.addf %arg0, %arg1 {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>]}
func.func @two_annotations(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
                           %b: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"], []]>})
    -> tensor<8x16xf32> {
  // expected-remark @below {{gspmd-complete: conflicting shardings meet at 'arith.addf'; the user's annotation, else the larger tensor, wins}}
  %0 = arith.addf %a, %b : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Neither operand is an annotation (both are derived): the larger one
// (8x16, the second operand) beats the broadcast 1x16 one.
// CHECK-LABEL: func.func @larger_tensor_wins(
// CHECK:       tosa.add {{.*}} {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}], ["data"]]>]} : (tensor<1x16xf32>, tensor<8x16xf32>)
func.func @larger_tensor_wins(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"]]>},
                              %b: tensor<1x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>})
    -> tensor<8x16xf32> {
  %x = math.exp %a : tensor<8x16xf32>
  %y = math.exp %b : tensor<1x16xf32>
  // expected-remark @below {{gspmd-complete: conflicting shardings meet at 'tosa.add'; the user's annotation, else the larger tensor, wins}}
  %0 = tosa.add %y, %x : (tensor<1x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// The user's annotation beats a larger derived tensor.
// CHECK-LABEL: func.func @annotation_beats_larger(
// CHECK:       tosa.add {{.*}} {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>]} : (tensor<8x16xf32>, tensor<1x16xf32>)
func.func @annotation_beats_larger(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"]]>},
                                   %b: tensor<1x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>})
    -> tensor<8x16xf32> {
  %x = math.exp %a : tensor<8x16xf32>
  // expected-remark @below {{gspmd-complete: conflicting shardings meet at 'tosa.add'; the user's annotation, else the larger tensor, wins}}
  %0 = tosa.add %x, %b : (tensor<8x16xf32>, tensor<1x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// An annotated function result keeps what was written although the returned
// value is split differently (partitioning reshards at the return).
// CHECK-LABEL: func.func @result_annotation_kept(
// CHECK-SAME:    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"model"], []]>})
// CHECK:       math.exp %arg0 {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>]}
func.func @result_annotation_kept(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"], []]>}) {
  %0 = math.exp %a : tensor<8x16xf32>
  // expected-remark @below {{gspmd-complete: conflicting shardings meet at 'func.return'; the user's annotation, else the larger tensor, wins}}
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A constraint that disagrees with its operand keeps what was written, and
// what follows it takes the constraint's sharding, not the argument's.
// CHECK-LABEL: func.func @constraint_kept(
// CHECK-SAME:    %arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>}
// CHECK-SAME:    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"model"], []]>})
// CHECK:       math.exp %arg0 {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>]}
// CHECK:       gspmd.sharding_constraint %{{.*}}, #gspmd.partially_tiled<@mesh, {{\[\[}}"model"], []]> {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"model"], []]>]}
// CHECK:       math.tanh %{{.*}} {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"model"], []]>]}
func.func @constraint_kept(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>})
    -> tensor<8x16xf32> {
  %0 = math.exp %x : tensor<8x16xf32>
  // expected-remark @below {{gspmd-complete: conflicting shardings meet at 'gspmd.sharding_constraint'; the user's annotation, else the larger tensor, wins}}
  %1 = gspmd.sharding_constraint %0, #gspmd.partially_tiled<@mesh, [["model"], []]> : tensor<8x16xf32>
  %2 = math.tanh %1 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A sharding already written on an op result counts as the user's: it is
// kept and propagates onward.
// CHECK-LABEL: func.func @op_attribute_kept(
// CHECK:       math.exp %arg0 {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"model"], []]>]}
// CHECK:       math.tanh %{{.*}} {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"model"], []]>]}
func.func @op_attribute_kept(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>})
    -> tensor<8x16xf32> {
  // expected-remark @below {{gspmd-complete: conflicting shardings meet at 'math.exp'; the user's annotation, else the larger tensor, wins}}
  %0 = math.exp %a {gspmd.sharding = [#gspmd.partially_tiled<@mesh, [["model"], []]>]} : tensor<8x16xf32>
  %1 = math.tanh %0 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Compatible annotations are not a conflict: [["data"], []] and
// [[], ["model"]] merge without a remark.
// CHECK-LABEL: func.func @compatible_no_remark(
// CHECK:       arith.mulf %arg0, %arg1 {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
func.func @compatible_no_remark(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
                                %b: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>})
    -> tensor<8x16xf32> {
  %0 = arith.mulf %a, %b : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Op priority: elementwise ops propagate before broadcast-like ones, so the
// add gives the broadcast's result [[], ["data"]] first; the broadcast then
// meets its annotated input's "model" on the same dim and keeps "data".
// CHECK-LABEL: func.func @elementwise_before_broadcast(
// CHECK:       linalg.broadcast
// CHECK-SAME:    {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}], ["data"]]>]}
// CHECK:       arith.addf {{.*}} {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}], ["data"]]>]}
func.func @elementwise_before_broadcast(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"]]>},
                                        %v: tensor<16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"]]>})
    -> tensor<8x16xf32> {
  %e = tensor.empty() : tensor<8x16xf32>
  // expected-remark @below {{gspmd-complete: conflicting shardings meet at 'linalg.broadcast'; the user's annotation, else the larger tensor, wins}}
  %b = linalg.broadcast ins(%v : tensor<16xf32>) outs(%e : tensor<8x16xf32>) dimensions = [0]
  %a = math.exp %x : tensor<8x16xf32>
  %c = arith.addf %b, %a : tensor<8x16xf32>
  return %c : tensor<8x16xf32>
}
