// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-spmd)' -verify-diagnostics | FileCheck %s
// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete{clone-callees=false},gspmd-partition,canonicalize,cse)' 2>/dev/null | FileCheck %s --check-prefix=NOCLONE

// Functions get one partitioned signature: local types, and per tensor
// argument and result the sharding plus `gspmd.global_type` (scalars keep
// their attributes only). A func.call reshards its operands to the callee's
// argument shardings and its results from the callee's result shardings to
// what the call site wants. A call to a declaration (no body to partition)
// is kept replicated with a remark. A callee without annotations reached
// with different shardings is cloned by completion, so each caller calls a
// copy in its own layout and nothing is resharded around the call.

gspmd.mesh @mesh ["data"=2, "model"=4]

// The callee takes rows over data and returns cols over model; the caller
// has [[data], [model]]. Before the call: gather model (4x4 -> 4x16). In the
// callee: the exp result is completed to [[data], [model]] (cols sliced at
// model * 4 locally), then rows gathered for the [[], [model]] result. After
// the call: rows sliced at data * 4.
// CHECK-LABEL: func.func private @callee(
// CHECK-SAME:    %arg0: tensor<4x16xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>}
// CHECK-SAME:    %arg1: f32)
// CHECK-SAME:    -> (tensor<8x4xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>})
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK:         %[[M:.*]] = gspmd.axis_index @mesh ["model"]
// CHECK-NEXT:    %[[COL:.*]] = arith.muli %[[M]], %[[C4]] : index
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %arg0[0, %[[COL]]] [4, 4] [1, 1] : tensor<4x16xf32> to tensor<4x4xf32>
// CHECK-NEXT:    %[[E:.*]] = math.exp %[[S]] : tensor<4x4xf32>
// CHECK-NEXT:    %[[G:.*]] = gspmd.all_gather %[[E]] on @mesh ["data"] gather_dim = 0 : tensor<4x4xf32> -> tensor<8x4xf32>
// CHECK-NEXT:    return %[[G]] : tensor<8x4xf32>
// CHECK-LABEL: func.func @caller(
// CHECK-SAME:    %arg0: tensor<4x4xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>}
// CHECK-SAME:    %arg1: f32)
// CHECK-SAME:    -> (tensor<4x4xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>})
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK:         %[[G:.*]] = gspmd.all_gather %arg0 on @mesh ["model"] gather_dim = 1 : tensor<4x4xf32> -> tensor<4x16xf32>
// CHECK-NEXT:    %[[R:.*]] = call @callee(%[[G]], %arg1) : (tensor<4x16xf32>, f32) -> tensor<8x4xf32>
// CHECK-NEXT:    %[[D:.*]] = gspmd.axis_index @mesh ["data"]
// CHECK-NEXT:    %[[ROW:.*]] = arith.muli %[[D]], %[[C4]] : index
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %[[R]][%[[ROW]], 0] [4, 4] [1, 1] : tensor<8x4xf32> to tensor<4x4xf32>
// CHECK-NEXT:    return %[[S]]
func.func private @callee(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>}, %s: f32)
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>}) {
  %0 = math.exp %x : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
func.func @caller(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}, %s: f32)
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) {
  %0 = func.call @callee(%x, %s) : (tensor<8x16xf32>, f32) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// One callee, two call sites with different layouts; the callee keeps its
// one signature ([[data], []] -> [[data], []]) and each caller reshards to
// it: the first gathers model, the second slices data.
// CHECK-LABEL: func.func private @scale(
// CHECK-SAME:    %arg0: tensor<4x16xf32>
// CHECK-SAME:    -> (tensor<4x16xf32>
// CHECK-LABEL: func.func @split_caller(
// CHECK:         %[[G:.*]] = gspmd.all_gather %arg0 on @mesh ["model"] gather_dim = 1 : tensor<4x4xf32> -> tensor<4x16xf32>
// CHECK-NEXT:    call @scale(%[[G]]) : (tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK-LABEL: func.func @replicated_caller(
// CHECK:         %[[S:.*]] = tensor.extract_slice %arg0[%{{.*}}, 0] [4, 16] [1, 1] : tensor<8x16xf32> to tensor<4x16xf32>
// CHECK-NEXT:    call @scale(%[[S]]) : (tensor<4x16xf32>) -> tensor<4x16xf32>
func.func private @scale(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>}) {
  %0 = arith.addf %x, %x : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
func.func @split_caller(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>}) {
  %0 = func.call @scale(%x) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
func.func @replicated_caller(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.replicated})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>}) {
  %0 = func.call @scale(%x) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A declaration cannot be partitioned: its call gets whole operands (both
// gathers) and returns a whole result; the declaration keeps its global
// signature and gets no gspmd.global_type.
// CHECK-LABEL: func.func private @external(tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK-LABEL: func.func @call_declaration(
// CHECK-SAME:    %arg0: tensor<4x4xf32>
// CHECK-SAME:    -> (tensor<8x16xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.replicated})
// CHECK-NEXT:    %[[G0:.*]] = gspmd.all_gather %arg0 on @mesh ["data"] gather_dim = 0 : tensor<4x4xf32> -> tensor<8x4xf32>
// CHECK-NEXT:    %[[G1:.*]] = gspmd.all_gather %[[G0]] on @mesh ["model"] gather_dim = 1 : tensor<8x4xf32> -> tensor<8x16xf32>
// CHECK-NEXT:    %[[R:.*]] = call @external(%[[G1]]) : (tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK-NEXT:    return %[[R]]
func.func private @external(tensor<8x16xf32>) -> tensor<8x16xf32>
func.func @call_declaration(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> tensor<8x16xf32> {
  // expected-remark@+2 {{gspmd-complete: no sharding rule for 'func.call'; its results stay replicated}}
  // expected-remark@+1 {{gspmd-partition: 'func.call' calls a function without a body; kept replicated}}
  %0 = func.call @external(%x) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// An unannotated callee reached with rows over data and with a 2-D tiling:
// completion clones it, each copy is partitioned for its caller's layout
// and the calls pass the caller's shards as they are. Without cloning
// (NOCLONE) the callee has the 2-D signature and the rows caller slices
// before the call and gathers after it.
// CHECK-LABEL: func.func private @body(
// CHECK-SAME:    %arg0: tensor<4x16xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>}
// CHECK-NEXT:    arith.addf %arg0, %arg0 : tensor<4x16xf32>
// CHECK-LABEL: func.func private @body_1(
// CHECK-SAME:    %arg0: tensor<4x4xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>}
// CHECK-NEXT:    arith.addf %arg0, %arg0 : tensor<4x4xf32>
// CHECK-LABEL: func.func @rows_caller(
// CHECK-NEXT:    %[[R:.*]] = call @body(%arg0) : (tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT:    return %[[R]]
// CHECK-LABEL: func.func @tiled_caller(
// CHECK-NEXT:    %[[R:.*]] = call @body_1(%arg0) : (tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT:    return %[[R]]
// NOCLONE-LABEL: func.func @rows_caller(
// NOCLONE:         tensor.extract_slice %arg0
// NOCLONE-NEXT:    call @body(%{{.*}}) : (tensor<4x4xf32>) -> tensor<4x4xf32>
// NOCLONE-NEXT:    gspmd.all_gather %{{.*}} on @mesh ["model"] gather_dim = 1
func.func private @body(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = arith.addf %x, %x : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
func.func @rows_caller(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>}) {
  %0 = func.call @body(%x) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
func.func @tiled_caller(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) {
  %0 = func.call @body(%x) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
