// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete)' 2>/dev/null | FileCheck %s
// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete)' --verify-diagnostics -o /dev/null

// Data flow: loops, branches, calls and sharding_constraint tie the values
// that flow through them. Region values (loop arguments, yields) carry no
// attribute of their own; they share the sharding of the op's result. A
// callee reached with different shardings is cloned: see call-clone.mlir.

gspmd.mesh @mesh ["data"=2, "model"=4]

// A loop-carried activation: the init (an empty), the region argument, the
// yielded value and the loop result share one sharding, and it comes from
// %x through the body.
// CHECK-LABEL: func.func @for_loop_carried(
// CHECK-SAME:    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>})
// CHECK:       tensor.empty() {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
// CHECK:       scf.for
// CHECK:         math.tanh %{{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
// CHECK:         arith.addf %{{.*}}, %arg0 {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
// CHECK:         scf.yield
// CHECK-NEXT:  } {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
func.func @for_loop_carried(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>},
                            %n: index) -> tensor<8x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<8x16xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %e) -> (tensor<8x16xf32>) {
    %t = math.tanh %acc : tensor<8x16xf32>
    %s = arith.addf %t, %x : tensor<8x16xf32>
    scf.yield %s : tensor<8x16xf32>
  }
  return %r : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Two loop-carried values, both split on "data": each keeps its own
// sharding (an axis may split a dim of each of them).
// CHECK-LABEL: func.func @for_two_values(
// CHECK-SAME:    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>}, tensor<16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"data"]]>})
// CHECK:       scf.for
// CHECK:         math.exp %{{.*}} {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"]]>]} : tensor<16xf32>
// CHECK:       } {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>, #gspmd.partially_tiled<@mesh, {{\[\[}}"data"]]>]}
func.func @for_two_values(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>},
                          %y: tensor<16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"]]>},
                          %n: index) -> (tensor<8x16xf32>, tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %y) -> (tensor<8x16xf32>, tensor<16xf32>) {
    %t = math.tanh %a : tensor<8x16xf32>
    %u = math.exp %b : tensor<16xf32>
    scf.yield %t, %u : tensor<8x16xf32>, tensor<16xf32>
  }
  return %r#0, %r#1 : tensor<8x16xf32>, tensor<16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Backward: the function result's sharding reaches the loop, its init and
// the body.
// CHECK-LABEL: func.func @for_backward(
// CHECK-SAME:    %arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>}
// CHECK:         math.exp %{{.*}} {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>]}
// CHECK:       } {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>]}
func.func @for_backward(%x: tensor<8x16xf32>, %n: index)
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<8x16xf32>) {
    %t = math.exp %acc : tensor<8x16xf32>
    scf.yield %t : tensor<8x16xf32>
  }
  return %r : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// scf.while: the init, both regions' arguments, the forwarded and yielded
// values and the result share one sharding.
// CHECK-LABEL: func.func @while_loop(
// CHECK-SAME:    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>})
// CHECK:       scf.while
// CHECK:         scf.condition
// CHECK:         math.exp %{{.*}} {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>]}
// CHECK:       } attributes {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>]}
func.func @while_loop(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
                      %lim: f32) -> tensor<8x16xf32> {
  %r = scf.while (%a = %x) : (tensor<8x16xf32>) -> tensor<8x16xf32> {
    %c0 = arith.constant 0 : index
    %v = tensor.extract %a[%c0, %c0] : tensor<8x16xf32>
    %cond = arith.cmpf olt, %v, %lim : f32
    scf.condition(%cond) %a : tensor<8x16xf32>
  } do {
  ^bb0(%b: tensor<8x16xf32>):
    %t = math.exp %b : tensor<8x16xf32>
    scf.yield %t : tensor<8x16xf32>
  }
  return %r : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// scf.if: the result and both yielded values share one sharding; here it
// flows backward from the function result into both branches.
// CHECK-LABEL: func.func @if_else(
// CHECK-SAME:    %arg1: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>}
// CHECK-SAME:    %arg2: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>}
// CHECK:         math.exp %arg1 {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>]}
// CHECK:         math.tanh %arg2 {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>]}
// CHECK:       } {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>]}
func.func @if_else(%c: i1, %x: tensor<8x16xf32>, %y: tensor<8x16xf32>)
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>}) {
  %r = scf.if %c -> tensor<8x16xf32> {
    %t = math.exp %x : tensor<8x16xf32>
    scf.yield %t : tensor<8x16xf32>
  } else {
    %t = math.tanh %y : tensor<8x16xf32>
    scf.yield %t : tensor<8x16xf32>
  }
  return %r : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// The callee's arguments and results take the call site's shardings, and
// the callee's result comes back to the caller.
// CHECK-LABEL: func.func private @callee(
// CHECK-SAME:    %arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>}
// CHECK-SAME:    %arg1: tensor<16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"data"]]>}
// CHECK-SAME:    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>}, tensor<16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"data"]]>})
// CHECK:         math.exp %arg0 {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
// CHECK-LABEL: func.func @caller(
// CHECK:         call @callee(%arg0, %arg1) {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>, #gspmd.partially_tiled<@mesh, {{\[\[}}"data"]]>]}
// CHECK:         math.tanh %{{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
func.func private @callee(%a: tensor<8x16xf32>, %b: tensor<16xf32>) -> (tensor<8x16xf32>, tensor<16xf32>) {
  %0 = math.exp %a : tensor<8x16xf32>
  %1 = math.exp %b : tensor<16xf32>
  return %0, %1 : tensor<8x16xf32>, tensor<16xf32>
}
func.func @caller(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>},
                  %y: tensor<16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"]]>})
    -> (tensor<8x16xf32>, tensor<16xf32>) {
  %0:2 = func.call @callee(%x, %y) : (tensor<8x16xf32>, tensor<16xf32>) -> (tensor<8x16xf32>, tensor<16xf32>)
  %1 = math.tanh %0#0 : tensor<8x16xf32>
  return %1, %0#1 : tensor<8x16xf32>, tensor<16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Backward across a call: the callee's own argument annotation reaches the
// call operand and, through it, the caller's argument.
// CHECK-LABEL: func.func @caller_of_annotated(
// CHECK-SAME:    %arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>}
// CHECK:         math.tanh %arg0 {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>]}
// CHECK:         call @annotated_callee(%{{.*}}) {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>]}
func.func private @annotated_callee(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>})
    -> tensor<8x16xf32> {
  %0 = math.exp %a : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
func.func @caller_of_annotated(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %y = math.tanh %x : tensor<8x16xf32>
  %0 = func.call @annotated_callee(%y) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A constraint in the middle of a chain propagates both ways and keeps
// exactly what was written.
// CHECK-LABEL: func.func @constraint_both_ways(
// CHECK-SAME:    %arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>}
// CHECK-SAME:    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>})
// CHECK:       math.exp %arg0 {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
// CHECK:       gspmd.sharding_constraint %{{.*}}, #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]> {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
// CHECK:       math.tanh %{{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
func.func @constraint_both_ways(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = math.exp %x : tensor<8x16xf32>
  %1 = gspmd.sharding_constraint %0, #gspmd.tiled<@mesh, [["data"], ["model"]]> : tensor<8x16xf32>
  %2 = math.tanh %1 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// The constraint's operand merges the constraint with what reaches it from
// %x; the constraint itself and what follows keep exactly [[], ["model"]].
// CHECK-LABEL: func.func @constraint_merge(
// CHECK-SAME:    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>})
// CHECK:       math.exp %arg0 {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
// CHECK:       gspmd.sharding_constraint %{{.*}}, #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]> {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>]}
// CHECK:       math.tanh %{{.*}} {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>]}
func.func @constraint_merge(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>})
    -> tensor<8x16xf32> {
  %0 = math.exp %x : tensor<8x16xf32>
  %1 = gspmd.sharding_constraint %0, #gspmd.partially_tiled<@mesh, [[], ["model"]]> : tensor<8x16xf32>
  %2 = math.tanh %1 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A replicated constraint stops propagation: what follows stays replicated
// while what precedes keeps the argument's sharding.
// CHECK-LABEL: func.func @constraint_replicated(
// CHECK-SAME:    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.replicated})
// CHECK:       math.exp %arg0 {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
// CHECK:       gspmd.sharding_constraint %{{.*}}, #gspmd.replicated {gspmd.sharding = [#gspmd.replicated]}
// CHECK:       math.tanh %{{.*}} {gspmd.sharding = [#gspmd.replicated]}
func.func @constraint_replicated(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> tensor<8x16xf32> {
  %0 = math.exp %x : tensor<8x16xf32>
  %1 = gspmd.sharding_constraint %0, #gspmd.replicated : tensor<8x16xf32>
  %2 = math.tanh %1 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}
