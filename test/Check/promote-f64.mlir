// gspmd-promote-f64: every float type becomes f64 (arguments, results,
// region arguments, constants, function types, calls); casts that become
// f64 -> f64 go; integers stay; bitcasts of floats and TOSA ops are refused.
// RUN: gspmd-opt %s --split-input-file --gspmd-promote-f64 --verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @mixed
// CHECK-SAME: (%[[A:.*]]: tensor<4x8xf64>, %[[B:.*]]: tensor<8x3xf64>, %[[N:.*]]: tensor<4xi32>) -> (tensor<4x3xf64>, tensor<4x8xf64>, tensor<4xi32>)
// CHECK-DAG: %[[Z:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-DAG: %[[C:.*]] = arith.constant dense<{{\[\[}}1.500000e+00, 2.500000e-01, 3.000000e+00]]> : tensor<1x3xf64>
// CHECK: linalg.fill ins(%[[Z]] : f64) outs(%{{.*}} : tensor<4x3xf64>)
// CHECK-NOT: arith.extf
// CHECK: linalg.matmul ins(%[[A]], %[[B]] : tensor<4x8xf64>, tensor<8x3xf64>)
// CHECK: linalg.generic
// CHECK: ^bb0(%{{.*}}: f64, %{{.*}}: f64, %{{.*}}: f64):
// CHECK-NOT: arith.truncf
// CHECK: math.exp %[[A]] : tensor<4x8xf64>
// CHECK: arith.sitofp %[[N]] : tensor<4xi32> to tensor<4xf64>
// CHECK: arith.fptosi %{{.*}} : tensor<4xf64> to tensor<4xi32>
#id = affine_map<(i, j) -> (i, j)>
#bc = affine_map<(i, j) -> (0, j)>
func.func @mixed(%a: tensor<4x8xf32>, %b: tensor<8x3xbf16>, %n: tensor<4xi32>)
    -> (tensor<4x3xf32>, tensor<4x8xf16>, tensor<4xi32>) {
  %z = arith.constant 0.0 : f32
  %c = arith.constant dense<[[1.5, 0.25, 3.0]]> : tensor<1x3xbf16>
  %e = tensor.empty() : tensor<4x3xf32>
  %init = linalg.fill ins(%z : f32) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %bf = arith.extf %b : tensor<8x3xbf16> to tensor<8x3xf32>
  %m = linalg.matmul ins(%a, %bf : tensor<4x8xf32>, tensor<8x3xf32>) outs(%init : tensor<4x3xf32>) -> tensor<4x3xf32>
  %r = linalg.generic {indexing_maps = [#id, #bc, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m, %c : tensor<4x3xf32>, tensor<1x3xbf16>) outs(%e : tensor<4x3xf32>) {
  ^bb0(%x: f32, %y: bf16, %o: f32):
    %ye = arith.extf %y : bf16 to f32
    %s = arith.addf %x, %ye : f32
    linalg.yield %s : f32
  } -> tensor<4x3xf32>
  %h = arith.truncf %a : tensor<4x8xf32> to tensor<4x8xf16>
  %x = math.exp %h : tensor<4x8xf16>
  %f = arith.sitofp %n : tensor<4xi32> to tensor<4xf32>
  %g = arith.mulf %f, %f : tensor<4xf32>
  %i = arith.fptosi %g : tensor<4xf32> to tensor<4xi32>
  return %r, %x, %i : tensor<4x3xf32>, tensor<4x8xf16>, tensor<4xi32>
}

// -----

// Calls, loops and private callees: every signature and carried value.
// CHECK-LABEL: func.func private @callee
// CHECK-SAME: (%{{.*}}: tensor<4xf64>) -> tensor<4xf64>
// CHECK-LABEL: func.func @loop
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (tensor<4xf64>)
// CHECK: func.call @callee(%{{.*}}) : (tensor<4xf64>) -> tensor<4xf64>
func.func private @callee(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = math.tanh %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
func.func @loop(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %x) -> (tensor<4xf32>) {
    %y = func.call @callee(%acc) : (tensor<4xf32>) -> tensor<4xf32>
    scf.yield %y : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @bitcast(%x: tensor<4xf32>) -> tensor<4xi32> {
  // expected-error @+1 {{gspmd-promote-f64: cannot promote 'arith.bitcast' to f64: a bitcast reads a float's bits, which change with its width}}
  %y = arith.bitcast %x : tensor<4xf32> to tensor<4xi32>
  return %y : tensor<4xi32>
}

// -----

func.func @tosa(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{cannot promote 'tosa.abs' to f64: TOSA has no f64 (lower TOSA to linalg first)}}
  %y = tosa.abs %x : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// expected-error @+1 {{cannot promote 'func.func' to f64: an external function's float signature cannot change}}
func.func private @expf(f32) -> f32
func.func @calls_library(%x: f32) -> f32 {
  %y = func.call @expf(%x) : (f32) -> f32
  return %y : f32
}
