// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete)' 2>/dev/null | FileCheck %s
// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete)' --verify-diagnostics -o /dev/null
// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete{explain=true})' 2>&1 >/dev/null | FileCheck %s --check-prefix=EXPLAIN
// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete{clone-callees=false})' 2>/dev/null | FileCheck %s --check-prefix=NOCLONE

// A function without shardings on its signature, reached from call sites
// whose callers give it different shardings, is cloned: each distinct
// context gets its own private copy (@f_1, @f_2, ...; names unique in the
// module) and its calls are retargeted, so no caller reshards at the call.
// Sites that agree share a copy; copies whose completed signatures come out
// equal are merged. Annotated callees, recursive functions and declarations
// are never cloned. explain=true remarks each clone at its first call;
// clone-callees=false keeps one signature per function.

gspmd.mesh @mesh ["data"=2, "model"=4]

// Two contexts: rows over data, rows over model. The third call agrees with
// the first and shares the original.
// CHECK-LABEL: func.func private @callee(
// CHECK-SAME:    %arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>}
// CHECK-SAME:    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>})
// CHECK-LABEL: func.func private @callee_1(
// CHECK-SAME:    %arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"model"], []]>}
// CHECK-SAME:    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"model"], []]>})
// CHECK:         math.exp %arg0 {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"model"], []]>]}
// CHECK-LABEL: func.func @two_contexts(
// CHECK:         call @callee(%arg0) {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>]}
// CHECK-NEXT:    call @callee_1(%arg1) {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"model"], []]>]}
// CHECK-NEXT:    call @callee(%arg0) {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>]}
// NOCLONE-LABEL: func.func private @callee(
// NOCLONE-SAME:    %arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>}
// NOCLONE-NOT:   @callee_1
// NOCLONE-LABEL: func.func @two_contexts(
// NOCLONE:         call @callee(%arg0)
// NOCLONE-NEXT:    call @callee(%arg1) {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>]}
func.func private @callee(%a: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = math.exp %a : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
func.func @two_contexts(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
                        %y: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"], []]>})
    -> (tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>) {
  %0 = func.call @callee(%x) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  // EXPLAIN: call-clone.mlir:[[@LINE+1]]:8: remark: gspmd-complete: @callee is called here with other shardings than at its other call sites; calls like this one call its clone @callee_1
  %1 = func.call @callee(%y) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %2 = func.call @callee(%x) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0, %1, %2 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Contexts that agree (the third leaves its operand open and takes the
// callee's): no clone.
// CHECK-LABEL: func.func private @callee(
// CHECK-NOT:   @callee_1
// CHECK-LABEL: func.func @agree(
// CHECK-SAME:    %arg2: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>}
// CHECK-COUNT-3: call @callee(
// CHECK-NOT:   @callee_1
func.func private @callee(%a: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = math.exp %a : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
func.func @agree(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
                 %y: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
                 %z: tensor<8x16xf32>)
    -> (tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>) {
  %0 = func.call @callee(%x) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %1 = func.call @callee(%y) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %2 = func.call @callee(%z) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0, %1, %2 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Call sites that differ only in what they want of the result get two
// copies in the analysis; the shared operand then takes both splits, the
// copies complete to the same signature and are merged into one.
// CHECK-LABEL: func.func private @results_differ(
// CHECK-SAME:    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>})
// CHECK-NOT:   @results_differ_1
// CHECK-LABEL: func.func @want(
// CHECK-COUNT-2: call @results_differ(%arg0)
// CHECK-NOT:   @results_differ_1
// EXPLAIN-NOT: clone @results_differ_1
func.func private @results_differ(%a: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = math.exp %a : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
func.func @want(%x: tensor<8x16xf32>)
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
        tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>}) {
  %0 = func.call @results_differ(%x) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %1 = func.call @results_differ(%x) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0, %1 : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A callee with a sharding written on its signature keeps it: not cloned;
// the second caller conflicts with it and is resharded.
// CHECK-LABEL: func.func private @annotated(
// CHECK-NOT:   @annotated_1
// CHECK-LABEL: func.func @to_annotated(
// CHECK:         call @annotated(%arg0)
// CHECK-NEXT:    call @annotated(%arg1) {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>]}
func.func private @annotated(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>})
    -> tensor<8x16xf32> {
  %0 = math.exp %a : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
func.func @to_annotated(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
                        %y: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"], []]>})
    -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %0 = func.call @annotated(%x) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  // expected-remark @below {{gspmd-complete: conflicting shardings meet at 'func.call'; the user's annotation, else the larger tensor, wins}}
  %1 = func.call @annotated(%y) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0, %1 : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A recursive function is not cloned: its calls share one signature.
// CHECK-LABEL: func.func private @rec(
// CHECK-SAME:    %arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>}
// CHECK:         func.call @rec(
// CHECK-NOT:   @rec_1
// CHECK-LABEL: func.func @to_recursive(
// CHECK-COUNT-2: call @rec(
// CHECK-NOT:   @rec_1
func.func private @rec(%a: tensor<8x16xf32>, %n: i32) -> tensor<8x16xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %done = arith.cmpi eq, %n, %c0 : i32
  %r = scf.if %done -> tensor<8x16xf32> {
    scf.yield %a : tensor<8x16xf32>
  } else {
    %m = arith.subi %n, %c1 : i32
    %e = math.exp %a : tensor<8x16xf32>
    %t = func.call @rec(%e, %m) : (tensor<8x16xf32>, i32) -> tensor<8x16xf32>
    scf.yield %t : tensor<8x16xf32>
  }
  return %r : tensor<8x16xf32>
}
func.func @to_recursive(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
                        %y: tensor<8x16xf32> {gspmd.sharding = #gspmd.replicated}, %n: i32)
    -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %0 = func.call @rec(%x, %n) : (tensor<8x16xf32>, i32) -> tensor<8x16xf32>
  %1 = func.call @rec(%y, %n) : (tensor<8x16xf32>, i32) -> tensor<8x16xf32>
  return %0, %1 : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Nested calls: @outer is cloned for the two contexts, and its copies' calls
// of @inner then differ too, so @inner is cloned after it (callers before
// callees). The direct call of @inner with %y shares @inner_1.
// CHECK-LABEL: func.func private @outer(
// CHECK-SAME:    %arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>}
// CHECK:         call @inner(
// CHECK-LABEL: func.func private @outer_1(
// CHECK-SAME:    %arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>}
// CHECK:         call @inner_1(
// CHECK-LABEL: func.func private @inner(
// CHECK-SAME:    %arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>}
// CHECK-LABEL: func.func private @inner_1(
// CHECK-SAME:    %arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>}
// CHECK-NOT:   @inner_2
// CHECK-LABEL: func.func @nested(
// CHECK:         call @outer(%arg0)
// CHECK-NEXT:    call @outer_1(%arg1)
// CHECK-NEXT:    call @inner_1(%arg1)
// EXPLAIN: call-clone.mlir:[[@LINE+3]]:8: remark: gspmd-complete: @inner is called here with other shardings than at its other call sites; calls like this one call its clone @inner_1
func.func private @outer(%a: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = math.exp %a : tensor<8x16xf32>
  %1 = func.call @inner(%0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}
func.func private @inner(%a: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = math.tanh %a : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
func.func @nested(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
                  %y: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>})
    -> (tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>) {
  %0 = func.call @outer(%x) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  // EXPLAIN: call-clone.mlir:[[@LINE+1]]:8: remark: gspmd-complete: @outer is called here with other shardings than at its other call sites; calls like this one call its clone @outer_1
  %1 = func.call @outer(%y) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %2 = func.call @inner(%y) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0, %1, %2 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// The second call's context comes from the first call's result (sites are
// tied one at a time, so what a tie brings back is seen by the next site):
// its operand is cols over model, not the first site's rows over data.
// CHECK-LABEL: func.func private @to_cols(
// CHECK-SAME:    %arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>}
// CHECK-LABEL: func.func private @to_cols_1(
// CHECK-SAME:    %arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>}
// CHECK-LABEL: func.func @chained(
// CHECK:         %[[R:.*]] = call @to_cols(%arg0)
// CHECK-NEXT:    call @to_cols_1(%[[R]])
func.func private @to_cols(%a: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = math.exp %a : tensor<8x16xf32>
  %1 = gspmd.sharding_constraint %0, #gspmd.partially_tiled<@mesh, [[], ["model"]]> : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}
func.func @chained(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>})
    -> tensor<8x16xf32> {
  %0 = func.call @to_cols(%x) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %1 = func.call @to_cols(%0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A public callee stays public under its name for its first context; the
// clone is private and its name skips the existing @pub_1.
// CHECK-LABEL: func.func @pub(
// CHECK-SAME:    %arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>}
// CHECK-LABEL: func.func private @pub_2(
// CHECK-SAME:    %arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"model"], []]>}
// CHECK-LABEL: func.func private @pub_1()
// CHECK-LABEL: func.func @to_public(
// CHECK:         call @pub(%arg0)
// CHECK-NEXT:    call @pub_2(%arg1)
// CHECK-NEXT:    call @pub_1()
func.func @pub(%a: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = math.exp %a : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
func.func private @pub_1() {
  return
}
func.func @to_public(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
                     %y: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"], []]>})
    -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %0 = func.call @pub(%x) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %1 = func.call @pub(%y) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  func.call @pub_1() : () -> ()
  return %0, %1 : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A declaration has no body to clone: its calls stay replicated.
// CHECK-LABEL: func.func private @external(tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK-NOT:   @external_1
// CHECK-LABEL: func.func @to_declaration(
// CHECK-COUNT-2: call @external(
func.func private @external(tensor<8x16xf32>) -> tensor<8x16xf32>
func.func @to_declaration(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
                          %y: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"], []]>})
    -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  // expected-remark @below {{gspmd-complete: no sharding rule for 'func.call'; its results stay replicated}}
  %0 = func.call @external(%x) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  // expected-remark @below {{gspmd-complete: no sharding rule for 'func.call'; its results stay replicated}}
  %1 = func.call @external(%y) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0, %1 : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Copies per function are capped at 8 (the original and 7 clones): the
// ninth context calls the original (here it merges with it). @many_4's
// context, tiled [["data"], ["model"]], is what the original completes to,
// so the two merge and @many_4 is erased.
// CHECK-LABEL: func.func private @many(
// CHECK-SAME:    %arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>}
// CHECK-LABEL: func.func private @many_1(
// CHECK-LABEL: func.func private @many_3(
// CHECK-NOT:   @many_4(
// CHECK-LABEL: func.func private @many_5(
// CHECK-LABEL: func.func private @many_7(
// CHECK-NOT:   @many_8
// CHECK-LABEL: func.func @limit(
// CHECK:         call @many(%arg0)
// CHECK:         call @many(%arg4)
// CHECK:         call @many_7(%arg7)
// CHECK-NEXT:    call @many(%arg8)
func.func private @many(%a: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = math.exp %a : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
func.func @limit(%a0: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
                 %a1: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"], []]>},
                 %a2: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"]]>},
                 %a3: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>},
                 %a4: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>},
                 %a5: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["model"], ["data"]]>},
                 %a6: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data", "model"], []]>},
                 %a7: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["data", "model"]]>},
                 %a8: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["model", "data"]]>})
    -> (tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>,
        tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>) {
  %0 = func.call @many(%a0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %1 = func.call @many(%a1) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %2 = func.call @many(%a2) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %3 = func.call @many(%a3) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %4 = func.call @many(%a4) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %5 = func.call @many(%a5) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %6 = func.call @many(%a6) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %7 = func.call @many(%a7) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  // EXPLAIN: call-clone.mlir:[[@LINE+1]]:8: remark: gspmd-complete: @many already has 8 copies; this call keeps calling it and is resharded
  %8 = func.call @many(%a8) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8
      : tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>,
        tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Calls inside a nested module name that module's symbols: they are not
// call sites of the outer @f and are never retargeted (nor cloned: a nested
// module's functions keep one signature).
// CHECK-LABEL: func.func private @f(
// CHECK-NOT:   @f_1
// CHECK-LABEL: func.func @g(
// CHECK-COUNT-2: call @f(
// CHECK-NOT:   @f_1
func.func private @f(%a: tensor<8x16xf32>) -> tensor<8x16xf32> {
  return %a : tensor<8x16xf32>
}
func.func @main(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>})
    -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %0 = func.call @f(%x) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %1 = func.call @f(%x) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0, %1 : tensor<8x16xf32>, tensor<8x16xf32>
}
module @nested {
  gspmd.mesh @mesh ["data"=2, "model"=4]
  func.func private @f(%a: tensor<8x16xf32>) -> tensor<8x16xf32> {
    return %a : tensor<8x16xf32>
  }
  func.func @g(%x: tensor<8x16xf32>, %y: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
    %a = gspmd.sharding_constraint %x, #gspmd.partially_tiled<@mesh, [["data"], []]> : tensor<8x16xf32>
    %b = gspmd.sharding_constraint %y, #gspmd.partially_tiled<@mesh, [["model"], []]> : tensor<8x16xf32>
    %0 = func.call @f(%a) : (tensor<8x16xf32>) -> tensor<8x16xf32>
    // expected-remark @below {{gspmd-complete: conflicting shardings meet at 'func.call'; the user's annotation, else the larger tensor, wins}}
    %1 = func.call @f(%b) : (tensor<8x16xf32>) -> tensor<8x16xf32>
    return %0, %1 : tensor<8x16xf32>, tensor<8x16xf32>
  }
}
