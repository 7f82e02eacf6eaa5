// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-order-loops,canonicalize)' | FileCheck %s

// gspmd-order-loops: a linalg.generic runs innermost the parallel loop that
// walks the fewest of its operands across rows (a stride above one
// element); the others keep their order, reduction loops included, so each
// output element sums in the same order. Ties keep the op's own order.

// The importer's scatter-add (an embedding gradient): the tokens (d2, d3)
// reduce innermost and read the update across its rows; the feature loop
// (d1) reads it and the table along their rows, and the ids not at all.
// CHECK-DAG: #[[IDS:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, d2, 0)>
// CHECK-DAG: #[[UPD:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>
// CHECK-DAG: #[[TAB:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3)>
// CHECK-DAG: #[[TR:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @scatter_add(
// CHECK: linalg.generic {indexing_maps = [#[[IDS]], #[[UPD]], #[[TAB]]], iterator_types = ["parallel", "reduction", "reduction", "parallel"]}
// CHECK: %[[ROW:.*]] = linalg.index 0 : index
// CHECK: arith.cmpi eq, %[[ROW]],
#ids = affine_map<(d0, d1, d2, d3) -> (d2, d3, 0)>
#upd = affine_map<(d0, d1, d2, d3) -> (d2, d3, d1)>
#tab = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
func.func @scatter_add(%ids: tensor<8x16x1xi32>, %upd: tensor<8x16x64xf32>, %init: tensor<512x64xf32>) -> tensor<512x64xf32> {
  %r = linalg.generic {indexing_maps = [#ids, #upd, #tab], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%ids, %upd : tensor<8x16x1xi32>, tensor<8x16x64xf32>) outs(%init : tensor<512x64xf32>) {
  ^bb0(%i: i32, %u: f32, %acc: f32):
    %row = arith.index_cast %i : i32 to index
    %v = linalg.index 0 : index
    %hit = arith.cmpi eq, %v, %row : index
    %zero = arith.constant 0.0 : f32
    %x = arith.select %hit, %u, %zero : f32
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  } -> tensor<512x64xf32>
  return %r : tensor<512x64xf32>
}

// A column sum (a bias gradient): the rows reduce innermost across the
// input's rows; the column loop goes innermost.
// CHECK-LABEL: func.func @column_sum(
// CHECK: iterator_types = ["reduction", "reduction", "parallel"]
#cin = affine_map<(d0, d1, d2) -> (d1, d2, d0)>
#cout = affine_map<(d0, d1, d2) -> (d0)>
func.func @column_sum(%x: tensor<8x16x512xf32>, %init: tensor<512xf32>) -> tensor<512xf32> {
  %r = linalg.generic {indexing_maps = [#cin, #cout], iterator_types = ["parallel", "reduction", "reduction"]} ins(%x : tensor<8x16x512xf32>) outs(%init : tensor<512xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<512xf32>
  return %r : tensor<512xf32>
}

// Left alone: a row sum (contiguous already), a transpose (one operand
// across rows whichever loop is innermost: a tie), a loop of one trip last
// (the loop before it is the innermost that runs, contiguous), a dynamic
// shape (strides unknown), and a column sum of 4 columns (too few steps to
// fill a vector: its 64 rows stay innermost).
// CHECK-LABEL: func.func @untouched(
// CHECK: iterator_types = ["parallel", "reduction"]
// CHECK: indexing_maps = [#[[TR]], #{{.*}}], iterator_types = ["parallel", "parallel"]
// CHECK: iterator_types = ["parallel", "parallel", "parallel"]
// CHECK: indexing_maps = [#[[TR]], #{{.*}}], iterator_types = ["parallel", "reduction"]
// CHECK: indexing_maps = [#[[TR]], #{{.*}}], iterator_types = ["parallel", "reduction"]
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @untouched(%x: tensor<4x8xf32>, %z: tensor<4xf32>, %t: tensor<8x4xf32>, %u: tensor<4x8x1xf32>, %d: tensor<?x8xf32>, %dz: tensor<8xf32>, %n4: tensor<64x4xf32>) -> (tensor<4xf32>, tensor<4x8xf32>, tensor<4x8x1xf32>, tensor<8xf32>, tensor<4xf32>) {
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x8xf32>) outs(%z : tensor<4xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %e = tensor.empty() : tensor<4x8xf32>
  %tt = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]} ins(%t : tensor<8x4xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<4x8xf32>
  %e3 = tensor.empty() : tensor<4x8x1xf32>
  %n = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%u : tensor<4x8x1xf32>) outs(%e3 : tensor<4x8x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.negf %a : f32
    linalg.yield %m : f32
  } -> tensor<4x8x1xf32>
  %ds = linalg.generic {indexing_maps = [#tr, #row], iterator_types = ["parallel", "reduction"]} ins(%d : tensor<?x8xf32>) outs(%dz : tensor<8xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %c4 = linalg.generic {indexing_maps = [#tr, #row], iterator_types = ["parallel", "reduction"]} ins(%n4 : tensor<64x4xf32>) outs(%z : tensor<4xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r, %tt, %n, %ds, %c4 : tensor<4xf32>, tensor<4x8xf32>, tensor<4x8x1xf32>, tensor<8xf32>, tensor<4xf32>
}
