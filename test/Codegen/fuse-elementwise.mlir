// RUN: gspmd-opt %s --pass-pipeline='builtin.module(func.func(convert-elementwise-to-linalg),gspmd-fuse-elementwise)' | FileCheck %s

// gspmd-fuse-elementwise: a chain of elementwise ops becomes one
// linalg.generic whose body applies them in order (one pass over memory);
// a producer read twice, contractions and reductions are left alone.

// CHECK-LABEL: func.func @chain(
// CHECK: linalg.generic
// CHECK-NOT: linalg.generic
// CHECK: arith.mulf
// CHECK-NEXT: arith.addf
// CHECK-NEXT: arith.maximumf
// CHECK-NEXT: linalg.yield
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @chain(%x: tensor<8x16xf32>, %y: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %p = arith.mulf %x, %y : tensor<8x16xf32>
  %s = arith.addf %p, %x : tensor<8x16xf32>
  %z = arith.constant dense<0.0> : tensor<8x16xf32>
  %r = arith.maximumf %s, %z : tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// %p is read by two ops: it stays its own loop (not computed twice).
// CHECK-LABEL: func.func @shared(
// CHECK: %[[P:.*]] = linalg.generic
// CHECK: arith.mulf
// CHECK: linalg.generic {{.*}} ins(%[[P]]
// CHECK: linalg.generic {{.*}} ins(%[[P]]
func.func @shared(%x: tensor<8xf32>, %y: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %p = arith.mulf %x, %y : tensor<8xf32>
  %a = arith.addf %p, %x : tensor<8xf32>
  %b = arith.subf %p, %y : tensor<8xf32>
  return %a, %b : tensor<8xf32>, tensor<8xf32>
}

// The matmul keeps its own mul-add body (gspmd-lower-contractions hands it to
// BLAS); the add after it and the negate before it are not fused into it.
// CHECK-LABEL: func.func @contraction(
// CHECK: %[[N:.*]] = linalg.generic
// CHECK: arith.negf
// CHECK: %[[M:.*]] = linalg.matmul ins(%[[N]]
// CHECK: linalg.generic {{.*}} ins(%[[M]]
// CHECK: arith.addf
func.func @contraction(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %c: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %n = arith.negf %a : tensor<4x8xf32>
  %z = arith.constant dense<0.0> : tensor<4x4xf32>
  %m = linalg.matmul ins(%n, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%z : tensor<4x4xf32>) -> tensor<4x4xf32>
  %r = arith.addf %m, %c : tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// A reduction is never a consumer: its input loop stays.
// CHECK-LABEL: func.func @reduction(
// CHECK: %[[E:.*]] = linalg.generic
// CHECK: math.exp
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} ins(%[[E]]
func.func @reduction(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %e = math.exp %x : tensor<4x8xf32>
  %z = arith.constant dense<0.0> : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%e : tensor<4x8xf32>) outs(%z : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %v = arith.addf %a, %b : f32
    linalg.yield %v : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// A producer read through a broadcast is not fused: inside the consumer it
// would run again for each of the 16 elements it is broadcast to (the
// rsqrt of a layernorm's variance, once a row, scaling every feature).
// CHECK-LABEL: func.func @broadcast(
// CHECK: %[[R:.*]] = linalg.generic
// CHECK: math.rsqrt
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %[[R]]
// CHECK: arith.mulf
func.func @broadcast(%x: tensor<8x16xf32>, %v: tensor<8xf32>) -> tensor<8x16xf32> {
  %r = math.rsqrt %v : tensor<8xf32>
  %e = tensor.empty() : tensor<8x16xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%x, %r : tensor<8x16xf32>, tensor<8xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<8x16xf32>
  return %y : tensor<8x16xf32>
}
