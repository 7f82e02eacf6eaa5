// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete{explain=true})' --verify-diagnostics | FileCheck %s
// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete)' 2>&1 >/dev/null | not grep 'remark: gspmd-complete'

// explain=true: every sharding the pass derives gets a remark naming the
// ops it came through (most recent first) and the user annotation it comes
// from. Annotated values get none. Without the option there are no remarks
// (second RUN line). The completed IR is the same with or without it.

gspmd.mesh @mesh ["data"=2, "model"=4]

// Forward along a chain to the function result.
// CHECK-LABEL: func.func @forward_chain(
// CHECK:       math.tanh %{{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
// expected-remark @below {{gspmd-complete: function result #0 is #gspmd.tiled<@mesh, [["data"], ["model"]]> via func.return <- math.tanh <- math.exp from the annotation on argument #0 of @forward_chain}}
func.func @forward_chain(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> tensor<8x16xf32> {
  // expected-remark @below {{gspmd-complete: result #0 is #gspmd.tiled<@mesh, [["data"], ["model"]]> via math.exp from the annotation on argument #0 of @forward_chain}}
  %0 = math.exp %a : tensor<8x16xf32>
  // expected-remark @below {{gspmd-complete: result #0 is #gspmd.tiled<@mesh, [["data"], ["model"]]> via math.tanh <- math.exp from the annotation on argument #0 of @forward_chain}}
  %1 = math.tanh %0 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Backward from an annotated function result to the argument.
// CHECK-LABEL: func.func @backward_from_result(
// CHECK-SAME:    %arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>}
// expected-remark @below {{gspmd-complete: argument #0 is #gspmd.partially_tiled<@mesh, [[], ["model"]]> via math.exp <- func.return from the annotation on result #0 of @backward_from_result}}
func.func @backward_from_result(%a: tensor<8x16xf32>)
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>}) {
  // expected-remark @below {{gspmd-complete: result #0 is #gspmd.partially_tiled<@mesh, [[], ["model"]]> via func.return from the annotation on result #0 of @backward_from_result}}
  %0 = math.exp %a : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A sharding_constraint is an origin too, in both directions.
// CHECK-LABEL: func.func @from_constraint(
// expected-remark @below {{gspmd-complete: argument #0 is #gspmd.partially_tiled<@mesh, [["data"], []]> via gspmd.sharding_constraint from the sharding written on result #0 of 'gspmd.sharding_constraint'}}
// expected-remark @below {{gspmd-complete: function result #0 is #gspmd.partially_tiled<@mesh, [["data"], []]> via func.return <- math.exp from the sharding written on result #0 of 'gspmd.sharding_constraint'}}
func.func @from_constraint(%a: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = gspmd.sharding_constraint %a, #gspmd.partially_tiled<@mesh, [["data"], []]> : tensor<8x16xf32>
  // expected-remark @below {{gspmd-complete: result #0 is #gspmd.partially_tiled<@mesh, [["data"], []]> via math.exp from the sharding written on result #0 of 'gspmd.sharding_constraint'}}
  %1 = math.exp %0 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Through a call: the callee's body is explained from the caller's
// annotation.
// CHECK-LABEL: func.func private @callee(
// expected-remark @below {{gspmd-complete: argument #0 is #gspmd.partially_tiled<@mesh, [["data"], []]> via func.call from the annotation on argument #0 of @caller}}
// expected-remark @below {{gspmd-complete: function result #0 is #gspmd.partially_tiled<@mesh, [["data"], []]> via func.return <- math.exp <- func.call from the annotation on argument #0 of @caller}}
func.func private @callee(%a: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-remark @below {{gspmd-complete: result #0 is #gspmd.partially_tiled<@mesh, [["data"], []]> via math.exp <- func.call from the annotation on argument #0 of @caller}}
  %0 = math.exp %a : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
// expected-remark @below {{gspmd-complete: function result #0 is #gspmd.partially_tiled<@mesh, [["data"], []]> via func.return <- func.call <- func.return <- math.exp <- func.call from the annotation on argument #0 of @caller}}
func.func @caller(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>})
    -> tensor<8x16xf32> {
  // expected-remark @below {{gspmd-complete: result #0 is #gspmd.partially_tiled<@mesh, [["data"], []]> via func.call <- func.return <- math.exp <- func.call from the annotation on argument #0 of @caller}}
  %0 = func.call @callee(%x) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A merge of two annotations names the one that ranks first (the larger
// tensor, %b); values the user annotated get no remark.
// CHECK-LABEL: func.func @merge(
// CHECK:       linalg.matmul {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
// expected-remark @below {{gspmd-complete: argument #2 is #gspmd.tiled<@mesh, [["data"], ["model"]]> via linalg.matmul from the annotation on argument #1 of @merge}}
// expected-remark @below {{gspmd-complete: function result #0 is #gspmd.tiled<@mesh, [["data"], ["model"]]> via func.return <- linalg.matmul from the annotation on argument #1 of @merge}}
func.func @merge(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
                 %b: tensor<16x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>},
                 %c: tensor<8x32xf32>) -> tensor<8x32xf32> {
  // expected-remark @below {{gspmd-complete: result #0 is #gspmd.tiled<@mesh, [["data"], ["model"]]> via linalg.matmul from the annotation on argument #1 of @merge}}
  %0 = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x32xf32>)
                     outs(%c : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}
