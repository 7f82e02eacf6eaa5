// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete)' | FileCheck %s

// arith and math ops on tensors are elementwise: every operand and result
// shares each dim. Tensor constants have no operands and take the sharding
// of their user.

gspmd.mesh @mesh ["data"=2, "model"=4]

// Forward along a chain of elementwise ops, including a compare (i1 result)
// feeding a select, to the other argument and the function result.
// CHECK-LABEL: func.func @chain_forward(
// CHECK-SAME:    %arg1: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>}
// CHECK-SAME:    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>})
// CHECK:       arith.addf %arg0, %arg1 {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
// CHECK:       arith.mulf {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
// CHECK:       math.exp {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
// CHECK:       math.tanh {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
// CHECK:       arith.cmpf ogt, {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
// CHECK:       arith.select {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]} : tensor<8x16xi1>, tensor<8x16xf32>
func.func @chain_forward(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>},
                         %b: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = arith.addf %a, %b : tensor<8x16xf32>
  %1 = arith.mulf %0, %b : tensor<8x16xf32>
  %2 = math.exp %1 : tensor<8x16xf32>
  %3 = math.tanh %2 : tensor<8x16xf32>
  %c = arith.cmpf ogt, %3, %a : tensor<8x16xf32>
  %4 = arith.select %c, %3, %b : tensor<8x16xi1>, tensor<8x16xf32>
  return %4 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Backward from the function result to both arguments.
// CHECK-LABEL: func.func @chain_backward(
// CHECK-SAME:    %arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>}
// CHECK-SAME:    %arg1: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>}
// CHECK:       arith.subf {{.*}} {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>]}
// CHECK:       math.sqrt {{.*}} {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>]}
// CHECK:       arith.negf {{.*}} {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>]}
func.func @chain_backward(%a: tensor<8x16xf32>, %b: tensor<8x16xf32>)
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>}) {
  %0 = arith.subf %a, %b : tensor<8x16xf32>
  %1 = math.sqrt %0 : tensor<8x16xf32>
  %2 = arith.negf %1 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A splat constant takes its user's sharding; an unused tensor constant
// stays replicated; a scalar constant gets no attribute.
// CHECK-LABEL: func.func @splat_constant(
// CHECK:       arith.constant {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]} dense<1.000000e+00> : tensor<8x16xf32>
// CHECK:       arith.constant {gspmd.sharding = [#gspmd.replicated]} dense<3.000000e+00> : tensor<8x16xf32>
// CHECK:       arith.constant 2.000000e+00 : f32
func.func @splat_constant(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> tensor<8x16xf32> {
  %c = arith.constant dense<1.0> : tensor<8x16xf32>
  %unused = arith.constant dense<3.0> : tensor<8x16xf32>
  %s = arith.constant 2.0 : f32
  %0 = arith.addf %a, %c : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A dense (non-splat) constant, then casts that change the element type.
// CHECK-LABEL: func.func @dense_constant_and_casts(
// CHECK:       arith.constant {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"]]>]} dense<[1, 2, 3, 4]> : tensor<4xi32>
// CHECK:       arith.muli {{.*}} {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"]]>]}
// CHECK:       arith.extsi {{.*}} {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"]]>]} : tensor<4xi32> to tensor<4xi64>
// CHECK:       arith.trunci {{.*}} {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"]]>]} : tensor<4xi64> to tensor<4xi32>
// CHECK:       arith.sitofp {{.*}} {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"]]>]} : tensor<4xi32> to tensor<4xf32>
func.func @dense_constant_and_casts(%a: tensor<4xi32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"]]>})
    -> tensor<4xf32> {
  %c = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %0 = arith.muli %c, %a : tensor<4xi32>
  %1 = arith.extsi %0 : tensor<4xi32> to tensor<4xi64>
  %2 = arith.trunci %1 : tensor<4xi64> to tensor<4xi32>
  %3 = arith.sitofp %2 : tensor<4xi32> to tensor<4xf32>
  return %3 : tensor<4xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Two annotations on different dims merge at the add: the chain after it
// is split on both.
// CHECK-LABEL: func.func @merge_at_add(
// CHECK:       arith.addf %arg0, %arg1 {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
// CHECK:       math.exp {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
func.func @merge_at_add(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
                        %b: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>})
    -> tensor<8x16xf32> {
  %0 = arith.addf %a, %b : tensor<8x16xf32>
  %1 = math.exp %0 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}
