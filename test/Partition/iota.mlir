// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-spmd)' | FileCheck %s

// linalg.index reads the loop's global position. After partitioning, the
// local loop runs over the shard, so every linalg.index of a split loop gets
// the device's offset added: axis_index over the loop's axes (major to
// minor) times the ceil shard size s (not D / n: the layout is shard k at
// [k*s, min((k+1)*s, D))). The offset is computed once outside the body and
// is the same IR for any device count; padding positions compute indices
// >= D, which nobody reads. Unsplit loops are left alone.

gspmd.mesh @mesh ["data"=2, "model"=4]

// 8x16 over [[data], [model]]: both loops split, 4 each.
// CHECK-LABEL: func.func @iota_even(
// CHECK-SAME:    -> (tensor<4x4xi64> {gspmd.global_type = tensor<8x16xi64>
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[E:.*]] = tensor.empty() : tensor<4x4xi64>
// CHECK:         %[[D:.*]] = gspmd.axis_index @mesh ["data"]
// CHECK-NEXT:    %[[OFF0:.*]] = arith.muli %[[D]], %[[C4]] : index
// CHECK-NEXT:    %[[M:.*]] = gspmd.axis_index @mesh ["model"]
// CHECK-NEXT:    %[[OFF1:.*]] = arith.muli %[[M]], %[[C4]] : index
// CHECK-NEXT:    %[[G:.*]] = linalg.generic {{.*}} outs(%[[E]] : tensor<4x4xi64>) {
// CHECK-NEXT:    ^bb0(%{{.*}}: i64):
// CHECK-NEXT:      %[[I:.*]] = linalg.index 0 : index
// CHECK-NEXT:      %[[GI:.*]] = arith.addi %[[I]], %[[OFF0]] : index
// CHECK-NEXT:      %[[J:.*]] = linalg.index 1 : index
// CHECK-NEXT:      %[[GJ:.*]] = arith.addi %[[J]], %[[OFF1]] : index
// CHECK-NEXT:      %[[S:.*]] = arith.addi %[[GI]], %[[GJ]] : index
// CHECK-NEXT:      %[[V:.*]] = arith.index_cast %[[S]] : index to i64
// CHECK-NEXT:      linalg.yield %[[V]] : i64
// CHECK-NEXT:    } -> tensor<4x4xi64>
// CHECK-NEXT:    return %[[G]]
func.func @iota_even() -> (tensor<8x16xi64> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) {
  %e = tensor.empty() : tensor<8x16xi64>
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
    outs(%e : tensor<8x16xi64>) {
    ^bb0(%out: i64):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %k = arith.addi %i, %j : index
      %v = arith.index_cast %k : index to i64
      linalg.yield %v : i64
    } -> tensor<8x16xi64>
  return %0 : tensor<8x16xi64>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// 10 over model: shard size 3 (3, 3, 3, 1 + padding): offset model * 3.
// The unsplit loop 0 (5 rows) keeps its index as is.
// CHECK-LABEL: func.func @iota_uneven(
// CHECK-SAME:    %arg0: tensor<5x3xf32> {gspmd.global_type = tensor<5x10xf32>
// CHECK-SAME:    -> (tensor<5x3xf32> {gspmd.global_type = tensor<5x10xf32>
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK:         %[[M:.*]] = gspmd.axis_index @mesh ["model"]
// CHECK-NEXT:    %[[OFF:.*]] = arith.muli %[[M]], %[[C3]] : index
// CHECK-NEXT:    linalg.generic {{.*}} ins(%arg0 : tensor<5x3xf32>)
// CHECK:           %[[J:.*]] = linalg.index 1 : index
// CHECK-NEXT:      %[[GJ:.*]] = arith.addi %[[J]], %[[OFF]] : index
// CHECK-NEXT:      arith.index_cast %[[GJ]] : index to i64
// CHECK-NOT:       linalg.index 0
// CHECK:         } -> tensor<5x3xf32>
func.func @iota_uneven(%x: tensor<5x10xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>})
    -> (tensor<5x10xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>}) {
  %e = tensor.empty() : tensor<5x10xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
    ins(%x : tensor<5x10xf32>) outs(%e : tensor<5x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      %j = linalg.index 1 : index
      %v = arith.index_cast %j : index to i64
      %f = arith.sitofp %v : i64 to f32
      %s = arith.addf %in, %f : f32
      linalg.yield %s : f32
    } -> tensor<5x10xf32>
  return %0 : tensor<5x10xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Two axes, model major: 10 over 8 is 2 (shards 5-7 empty), the coordinate
// over [model, data] is 2 * model + data.
// CHECK-LABEL: func.func @iota_two_axes_uneven(
// CHECK-SAME:    -> (tensor<2xi64> {gspmd.global_type = tensor<10xi64>
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK:         %[[K:.*]] = gspmd.axis_index @mesh ["model", "data"]
// CHECK-NEXT:    %[[OFF:.*]] = arith.muli %[[K]], %[[C2]] : index
// CHECK-NEXT:    linalg.generic
// CHECK:           %[[I:.*]] = linalg.index 0 : index
// CHECK-NEXT:      %[[GI:.*]] = arith.addi %[[I]], %[[OFF]] : index
// CHECK-NEXT:      arith.index_cast %[[GI]] : index to i64
func.func @iota_two_axes_uneven() -> (tensor<10xi64> {gspmd.sharding = #gspmd.tiled<@mesh, [["model", "data"]]>}) {
  %e = tensor.empty() : tensor<10xi64>
  %0 = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
    outs(%e : tensor<10xi64>) {
    ^bb0(%out: i64):
      %i = linalg.index 0 : index
      %v = arith.index_cast %i : index to i64
      linalg.yield %v : i64
    } -> tensor<10xi64>
  return %0 : tensor<10xi64>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A transposing generic: linalg.index names a loop, not a tensor dim. Loop
// j is the input's dim 0 and the result's dim 1, both split by data, so
// index 1 gets data * 4 (8 over 2).
// CHECK-LABEL: func.func @iota_transposed(
// CHECK-SAME:    %arg0: tensor<4x16xf32>
// CHECK-SAME:    -> (tensor<16x4xf32>
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK:         %[[D:.*]] = gspmd.axis_index @mesh ["data"]
// CHECK-NEXT:    %[[OFF:.*]] = arith.muli %[[D]], %[[C4]] : index
// CHECK-NEXT:    linalg.generic {{.*}} ins(%arg0 : tensor<4x16xf32>)
// CHECK:           %[[I:.*]] = linalg.index 1 : index
// CHECK-NEXT:      %[[GI:.*]] = arith.addi %[[I]], %[[OFF]] : index
func.func @iota_transposed(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>})
    -> (tensor<16x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"]]>}) {
  %e = tensor.empty() : tensor<16x8xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
    ins(%x : tensor<8x16xf32>) outs(%e : tensor<16x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %j = linalg.index 1 : index
      %v = arith.index_cast %j : index to i64
      %f = arith.sitofp %v : i64 to f32
      %s = arith.addf %in, %f : f32
      linalg.yield %s : f32
    } -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}
