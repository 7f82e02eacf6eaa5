// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-relax-reductions)' | FileCheck %s

// gspmd-relax-reductions: the float add or multiply a linalg reduction
// accumulates gets fastmath<reassoc> (LLVM then vectorizes the loop);
// elementwise generics, max combiners, integer sums, ops that are not the
// accumulation and ops with their own flags are left alone.

#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>

// CHECK-LABEL: func.func @sum_of_squares(
// CHECK: %[[SQ:.*]] = arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK: arith.addf %[[SQ]], %{{.*}} fastmath<reassoc> : f32
func.func @sum_of_squares(%x: tensor<4x8xf32>, %z: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x8xf32>) outs(%z : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %sq = arith.mulf %a, %a : f32
    %v = arith.addf %sq, %b : f32
    linalg.yield %v : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// A product (acc * x), a max and an integer sum.
// CHECK-LABEL: func.func @others(
// CHECK: arith.mulf %{{.*}}, %{{.*}} fastmath<reassoc> : f64
// CHECK: arith.maximumf %{{.*}}, %{{.*}} : f32
// CHECK: arith.addi
func.func @others(%x: tensor<4x8xf64>, %p: tensor<4xf64>, %y: tensor<4x8xf32>, %m: tensor<4xf32>, %i: tensor<4x8xi32>, %s: tensor<4xi32>) -> (tensor<4xf64>, tensor<4xf32>, tensor<4xi32>) {
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x8xf64>) outs(%p : tensor<4xf64>) {
  ^bb0(%a: f64, %b: f64):
    %v = arith.mulf %b, %a : f64
    linalg.yield %v : f64
  } -> tensor<4xf64>
  %q = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%y : tensor<4x8xf32>) outs(%m : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %v = arith.maximumf %a, %b : f32
    linalg.yield %v : f32
  } -> tensor<4xf32>
  %t = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%i : tensor<4x8xi32>) outs(%s : tensor<4xi32>) {
  ^bb0(%a: i32, %b: i32):
    %v = arith.addi %a, %b : i32
    linalg.yield %v : i32
  } -> tensor<4xi32>
  return %r, %q, %t : tensor<4xf64>, tensor<4xf32>, tensor<4xi32>
}

// Elementwise: no reduction loop, the add stays strict. An add that does
// not read the accumulator (x + y, then a max with it) stays strict too;
// an accumulation with its own flags keeps them.
// CHECK-LABEL: func.func @untouched(
// CHECK: arith.addf %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: linalg.yield
// CHECK: arith.addf %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: arith.maximumf
// CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<nnan> : f32
func.func @untouched(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>, %z: tensor<4xf32>) -> (tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %v = arith.addf %a, %b : f32
    linalg.yield %v : f32
  } -> tensor<4x8xf32>
  %m = linalg.generic {indexing_maps = [#id, #id, #row], iterator_types = ["parallel", "reduction"]} ins(%x, %y : tensor<4x8xf32>, tensor<4x8xf32>) outs(%z : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %s = arith.addf %a, %b : f32
    %v = arith.maximumf %s, %c : f32
    linalg.yield %v : f32
  } -> tensor<4xf32>
  %n = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x8xf32>) outs(%z : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %v = arith.addf %a, %b fastmath<nnan> : f32
    linalg.yield %v : f32
  } -> tensor<4xf32>
  return %r, %m, %n : tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>
}
