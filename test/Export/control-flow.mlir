// scf.for to stablehlo.while carrying (iv, iter_args), scf.while (the before
// region in the condition, again in the body and after the loop), scf.if to
// stablehlo.if, func.call kept as func.call of a private function.
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-export-stablehlo)' %s -o /dev/null | FileCheck %s

// CHECK-LABEL: func.func private @double
func.func private @double(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.addf %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func public @main
func.func @main(%a: tensor<4xf32>, %p: i1) -> (tensor<4xf32>, tensor<4xf32>, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  // CHECK: "stablehlo.while"({{.*}}) ({
  // CHECK: comparison_direction = #stablehlo<comparison_direction LT>
  // CHECK: "stablehlo.return"({{.*}}) : (tensor<i1>) -> ()
  // CHECK: }, {
  // CHECK: "func.call"({{.*}}) {callee = @double}
  // CHECK: "stablehlo.return"({{.*}}) : (tensor<i64>, tensor<4xf32>) -> ()
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a) -> (tensor<4xf32>) {
    %d = func.call @double(%x) : (tensor<4xf32>) -> tensor<4xf32>
    scf.yield %d : tensor<4xf32>
  }
  // CHECK: "stablehlo.if"({{.*}}) ({
  // CHECK: "stablehlo.exponential"
  // CHECK: }) : (tensor<i1>) -> (tensor<4xf32>)
  %s = scf.if %p -> tensor<4xf32> {
    %e = math.exp %r : tensor<4xf32>
    scf.yield %e : tensor<4xf32>
  } else {
    scf.yield %a : tensor<4xf32>
  }
  // CHECK: "stablehlo.while"
  %z = arith.constant 0 : i64
  %ten = arith.constant 10 : i64
  %one = arith.constant 1 : i64
  %w = scf.while (%n = %z) : (i64) -> i64 {
    %c = arith.cmpi slt, %n, %ten : i64
    scf.condition(%c) %n : i64
  } do {
  ^bb0(%n: i64):
    %m = arith.addi %n, %one : i64
    scf.yield %m : i64
  }
  return %r, %s, %w : tensor<4xf32>, tensor<4xf32>, i64
}
