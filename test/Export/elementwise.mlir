// arith and math on tensors and scalars: one StableHLO op each (unsigned ops
// through ui bitcasts, cmpf's unordered predicates through not/or, NaN-ignoring
// max through selects), casts to convert, constants to stablehlo.constant.
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-export-stablehlo)' %s -o /dev/null | FileCheck %s

// CHECK-LABEL: func.func public @main
// CHECK-SAME: {mhlo.sharding = "{manual}"}
func.func @main(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %i: tensor<4x8xi32>) -> (tensor<4x8xf32>, tensor<4x8xi1>, tensor<4x8xi32>, tensor<4x8xf16>) {
  // CHECK: "stablehlo.constant"() {value = dense<2.500000e-01> : tensor<f32>}
  // CHECK: "stablehlo.broadcast_in_dim"
  %c = arith.constant dense<0.25> : tensor<4x8xf32>
  // CHECK: "stablehlo.add"
  %0 = arith.addf %a, %b : tensor<4x8xf32>
  // CHECK: "stablehlo.exponential"
  %1 = math.exp %0 : tensor<4x8xf32>
  // CHECK: "stablehlo.tanh"
  %2 = math.tanh %1 : tensor<4x8xf32>
  // CHECK: "chlo.erf"
  %3 = math.erf %2 : tensor<4x8xf32>
  // CHECK: "stablehlo.rsqrt"
  %4 = math.rsqrt %3 : tensor<4x8xf32>
  // maxnumf ignores NaN: a maximum and two NaN tests.
  // CHECK: "stablehlo.maximum"
  // CHECK: comparison_direction = #stablehlo<comparison_direction NE>, compare_type = #stablehlo<comparison_type FLOAT>
  // CHECK: "stablehlo.select"
  %5 = arith.maxnumf %4, %c : tensor<4x8xf32>
  // ult: not(GE)
  // CHECK: comparison_direction = #stablehlo<comparison_direction GE>
  // CHECK-NEXT: "stablehlo.not"
  %6 = arith.cmpf ult, %5, %a : tensor<4x8xf32>
  // CHECK: "stablehlo.bitcast_convert"({{.*}}) : (tensor<4x8xi32>) -> tensor<4x8xui32>
  // CHECK: "stablehlo.remainder"({{.*}}) : (tensor<4x8xui32>, tensor<4x8xui32>) -> tensor<4x8xui32>
  %7 = arith.remui %i, %i : tensor<4x8xi32>
  // CHECK: "stablehlo.convert"({{.*}}) : (tensor<4x8xf32>) -> tensor<4x8xf16>
  %8 = arith.truncf %5 : tensor<4x8xf32> to tensor<4x8xf16>
  // CHECK: "func.return"
  return %5, %6, %7, %8 : tensor<4x8xf32>, tensor<4x8xi1>, tensor<4x8xi32>, tensor<4x8xf16>
}
