// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-spmd)' | FileCheck %s

// tensor.concat: the concatenated dim is replicated-only (the operands'
// shards of it do not concatenate into shards of the result), so a split on
// it is gathered first and the result of that dim is whole; every other
// dim is shared by the operands and the result and stays split, the concat
// running on the local shards (uneven padding included: it is at the tail
// of the same dim in every operand).

gspmd.mesh @mesh ["data"=2, "model"=4]

// Concat along cols split by model: both operands gathered along dim 1,
// rows stay over data.
// CHECK-LABEL: func.func @along_split_dim(
// CHECK-SAME:    %arg0: tensor<4x4xf32>
// CHECK-SAME:    %arg1: tensor<4x4xf32>
// CHECK-SAME:    -> (tensor<4x32xf32> {gspmd.global_type = tensor<8x32xf32>, gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>})
// CHECK-NEXT:    %[[G0:.*]] = gspmd.all_gather %arg0 on @mesh ["model"] gather_dim = 1 : tensor<4x4xf32> -> tensor<4x16xf32>
// CHECK-NEXT:    %[[G1:.*]] = gspmd.all_gather %arg1 on @mesh ["model"] gather_dim = 1 : tensor<4x4xf32> -> tensor<4x16xf32>
// CHECK-NEXT:    %[[C:.*]] = tensor.concat dim(1) %[[G0]], %[[G1]] : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x32xf32>
// CHECK-NEXT:    return %[[C]]
func.func @along_split_dim(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>},
                           %y: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> tensor<8x32xf32> {
  %0 = tensor.concat dim(1) %x, %y : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Concat along the unsplit rows, cols over model: local, no communication.
// CHECK-LABEL: func.func @along_other_dim(
// CHECK-SAME:    %arg0: tensor<8x4xf32>
// CHECK-SAME:    %arg1: tensor<6x4xf32>
// CHECK-SAME:    -> (tensor<14x4xf32> {gspmd.global_type = tensor<14x16xf32>
// CHECK-NEXT:    %[[C:.*]] = tensor.concat dim(0) %arg0, %arg1 : (tensor<8x4xf32>, tensor<6x4xf32>) -> tensor<14x4xf32>
// CHECK-NEXT:    return %[[C]]
func.func @along_other_dim(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>},
                           %y: tensor<6x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>})
    -> tensor<14x16xf32> {
  %0 = tensor.concat dim(0) %x, %y : (tensor<8x16xf32>, tensor<6x16xf32>) -> tensor<14x16xf32>
  return %0 : tensor<14x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// The same with 10 cols over model (3, 3, 3, 1 + padding): the padding is
// in the same cols of both operands and of the result.
// CHECK-LABEL: func.func @along_other_dim_uneven(
// CHECK-SAME:    %arg0: tensor<8x3xf32>
// CHECK-SAME:    %arg1: tensor<6x3xf32>
// CHECK-SAME:    -> (tensor<14x3xf32> {gspmd.global_type = tensor<14x10xf32>
// CHECK-NEXT:    %[[C:.*]] = tensor.concat dim(0) %arg0, %arg1 : (tensor<8x3xf32>, tensor<6x3xf32>) -> tensor<14x3xf32>
// CHECK-NEXT:    return %[[C]]
func.func @along_other_dim_uneven(%x: tensor<8x10xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>},
                                  %y: tensor<6x10xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>})
    -> tensor<14x10xf32> {
  %0 = tensor.concat dim(0) %x, %y : (tensor<8x10xf32>, tensor<6x10xf32>) -> tensor<14x10xf32>
  return %0 : tensor<14x10xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Operands laid out differently: the result's annotation [[], [model]]
// decides: %x is gathered on dim 0 (rows over data), %y sliced on dim 1
// (replicated, cols at model * 4); then a local concat along dim 0.
// CHECK-LABEL: func.func @operands_resharded(
// CHECK-SAME:    %arg0: tensor<4x4xf32>
// CHECK-SAME:    %arg1: tensor<6x16xf32>
// CHECK-SAME:    -> (tensor<14x4xf32> {gspmd.global_type = tensor<14x16xf32>, gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>})
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK:         %[[G:.*]] = gspmd.all_gather %arg0 on @mesh ["data"] gather_dim = 0 : tensor<4x4xf32> -> tensor<8x4xf32>
// CHECK-NEXT:    %[[M:.*]] = gspmd.axis_index @mesh ["model"]
// CHECK-NEXT:    %[[COL:.*]] = arith.muli %[[M]], %[[C4]] : index
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %arg1[0, %[[COL]]] [6, 4] [1, 1] : tensor<6x16xf32> to tensor<6x4xf32>
// CHECK-NEXT:    %[[C:.*]] = tensor.concat dim(0) %[[G]], %[[S]] : (tensor<8x4xf32>, tensor<6x4xf32>) -> tensor<14x4xf32>
// CHECK-NEXT:    return %[[C]]
func.func @operands_resharded(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>},
                              %y: tensor<6x16xf32> {gspmd.sharding = #gspmd.replicated})
    -> (tensor<14x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>}) {
  %0 = tensor.concat dim(0) %x, %y : (tensor<8x16xf32>, tensor<6x16xf32>) -> tensor<14x16xf32>
  return %0 : tensor<14x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// tosa.concat has the same local form: rows split by data (unevenly: 5 rows
// over 2, 3 on the first device), concatenated along cols on each device's
// own rows, with no collective and not computed replicated.
// CHECK-LABEL: func.func @tosa_along_unsplit_dim(
// CHECK-SAME:    %arg0: tensor<3x4xf32>
// CHECK-SAME:    %arg1: tensor<3x2xf32>
// CHECK-NEXT:    %[[C:.*]] = tosa.concat %arg0, %arg1 {axis = 1 : i32} : (tensor<3x4xf32>, tensor<3x2xf32>) -> tensor<3x6xf32>
// CHECK-NEXT:    return %[[C]]
func.func @tosa_along_unsplit_dim(%x: tensor<5x4xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
                                  %y: tensor<5x2xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>})
    -> (tensor<5x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>}) {
  %0 = tosa.concat %x, %y {axis = 1 : i32} : (tensor<5x4xf32>, tensor<5x2xf32>) -> tensor<5x6xf32>
  return %0 : tensor<5x6xf32>
}
