// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-spmd)' | FileCheck %s

// Elementwise arith/math ops are the same op on local shards: a chain of
// them on one sharding needs no communication and no index arithmetic.
// Operands laid out otherwise are resharded to the result's layout first.
// Constants: a splat becomes a splat of the local type (every shard holds
// the same values, padding included); a non-splat dense constant stays
// global and its users take their shard with a local slice (padded when
// uneven), never a collective.

gspmd.mesh @mesh ["data"=2, "model"=4]

// exp(x * 2) + y, then tanh, all on [[data], [model]]: 4x4 everywhere,
// the splat 2.0 rebuilt as tensor<4x4xf32>; %y is completed to the same
// sharding.
// CHECK-LABEL: func.func @chain(
// CHECK-SAME:    %arg0: tensor<4x4xf32>
// CHECK-SAME:    %arg1: tensor<4x4xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>}
// CHECK-SAME:    -> (tensor<4x4xf32>
// CHECK-NEXT:    %[[TWO:.*]] = arith.constant dense<2.000000e+00> : tensor<4x4xf32>
// CHECK-NEXT:    %[[M:.*]] = arith.mulf %arg0, %[[TWO]] : tensor<4x4xf32>
// CHECK-NEXT:    %[[E:.*]] = math.exp %[[M]] : tensor<4x4xf32>
// CHECK-NEXT:    %[[A:.*]] = arith.addf %[[E]], %arg1 : tensor<4x4xf32>
// CHECK-NEXT:    %[[T:.*]] = math.tanh %[[A]] : tensor<4x4xf32>
// CHECK-NEXT:    return %[[T]]
func.func @chain(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>},
                 %y: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %c = arith.constant dense<2.0> : tensor<8x16xf32>
  %0 = arith.mulf %x, %c : tensor<8x16xf32>
  %1 = math.exp %0 : tensor<8x16xf32>
  %2 = arith.addf %1, %y : tensor<8x16xf32>
  %3 = math.tanh %2 : tensor<8x16xf32>
  return %3 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Uneven 7x6 (4x2 shards), mixed element types: cmpf gives i1 shards,
// truncf/extf change the element type, shapes stay local; the splat i32
// shift amount becomes tensor<4x2xi32>.
// CHECK-LABEL: func.func @uneven_types(
// CHECK-SAME:    %arg0: tensor<4x2xf32>
// CHECK-SAME:    %arg1: tensor<4x2xf32>
// CHECK-SAME:    %arg2: tensor<4x2xi32>
// CHECK-DAG:     %[[THREE:.*]] = arith.constant dense<3> : tensor<4x2xi32>
// CHECK:         %[[C:.*]] = arith.cmpf ogt, %arg0, %arg1 : tensor<4x2xf32>
// CHECK-NEXT:    %[[S:.*]] = arith.select %[[C]], %arg0, %arg1 : tensor<4x2xi1>, tensor<4x2xf32>
// CHECK-NEXT:    %[[H:.*]] = arith.truncf %[[S]] : tensor<4x2xf32> to tensor<4x2xf16>
// CHECK-NEXT:    %[[F:.*]] = arith.extf %[[H]] : tensor<4x2xf16> to tensor<4x2xf32>
// CHECK-NEXT:    %[[I:.*]] = arith.shli %arg2, %[[THREE]] : tensor<4x2xi32>
// CHECK-NEXT:    return %[[F]], %[[I]]
func.func @uneven_types(%x: tensor<7x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>},
                        %y: tensor<7x6xf32>,
                        %n: tensor<7x6xi32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> (tensor<7x6xf32>, tensor<7x6xi32>) {
  %0 = arith.cmpf ogt, %x, %y : tensor<7x6xf32>
  %1 = arith.select %0, %x, %y : tensor<7x6xi1>, tensor<7x6xf32>
  %2 = arith.truncf %1 : tensor<7x6xf32> to tensor<7x6xf16>
  %3 = arith.extf %2 : tensor<7x6xf16> to tensor<7x6xf32>
  %c = arith.constant dense<3> : tensor<7x6xi32>
  %4 = arith.shli %n, %c : tensor<7x6xi32>
  return %3, %4 : tensor<7x6xf32>, tensor<7x6xi32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A non-splat constant: global 4x2, padded on the cols to 4 (2 over model is
// 1, shards 2 and 3 empty) and sliced at (data * 2, model) for the 2x1
// shard. No collective.
// CHECK-LABEL: func.func @dense_constant(
// CHECK-SAME:    %arg0: tensor<2x1xf32>
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[K:.*]] = arith.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00], [5.000000e+00, 6.000000e+00], [7.000000e+00, 8.000000e+00]]> : tensor<4x2xf32>
// CHECK-NOT:     gspmd.all
// CHECK:         %[[D:.*]] = gspmd.axis_index @mesh ["data"]
// CHECK-NEXT:    %[[ROW:.*]] = arith.muli %[[D]], %[[C2]] : index
// CHECK-NEXT:    %[[M:.*]] = gspmd.axis_index @mesh ["model"]
// CHECK-NEXT:    %[[P:.*]] = tensor.pad %[[K]] low[0, 0] high[0, 2] {
// CHECK:           tensor.yield %[[ZERO]] : f32
// CHECK-NEXT:    } : tensor<4x2xf32> to tensor<4x4xf32>
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %[[P]][%[[ROW]], %[[M]]] [2, 1] [1, 1] : tensor<4x4xf32> to tensor<2x1xf32>
// CHECK-NEXT:    %[[A:.*]] = arith.addf %arg0, %[[S]] : tensor<2x1xf32>
// CHECK-NEXT:    return %[[A]]
func.func @dense_constant(%x: tensor<4x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) -> tensor<4x2xf32> {
  %c = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xf32>
  %0 = arith.addf %x, %c : tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// The operands disagree: %y is [[], [data]] and the result [[data],
// [model]]. %y is resharded to the result (data moves from cols to rows
// with an all_to_all, then model slices the cols) before the local add.
// CHECK-LABEL: func.func @operand_resharded(
// CHECK-SAME:    %arg0: tensor<4x4xf32>
// CHECK-SAME:    %arg1: tensor<8x8xf32>
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK:         %[[T:.*]] = gspmd.all_to_all %arg1 on @mesh ["data"] split_dim = 0 concat_dim = 1 : tensor<8x8xf32> -> tensor<4x16xf32>
// CHECK-NEXT:    %[[M:.*]] = gspmd.axis_index @mesh ["model"]
// CHECK-NEXT:    %[[COL:.*]] = arith.muli %[[M]], %[[C4]] : index
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %[[T]][0, %[[COL]]] [4, 4] [1, 1] : tensor<4x16xf32> to tensor<4x4xf32>
// CHECK-NEXT:    %[[A:.*]] = arith.addf %arg0, %[[S]] : tensor<4x4xf32>
// CHECK-NEXT:    return %[[A]]
func.func @operand_resharded(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>},
                             %y: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"]]>})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) {
  %0 = arith.addf %x, %y : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A splat constant annotated directly: no slicing either, the local splat
// is built at the shard shape (7 over data is 4).
// CHECK-LABEL: func.func @splat_result(
// CHECK-SAME:    -> (tensor<4x6xf32> {gspmd.global_type = tensor<7x6xf32>
// CHECK-NEXT:    %[[C:.*]] = arith.constant dense<1.500000e+00> : tensor<4x6xf32>
// CHECK-NEXT:    return %[[C]]
func.func @splat_result() -> (tensor<7x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>}) {
  %c = arith.constant dense<1.5> : tensor<7x6xf32>
  return %c : tensor<7x6xf32>
}
