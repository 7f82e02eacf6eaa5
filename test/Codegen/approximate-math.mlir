// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-approximate-math)' | FileCheck %s

// gspmd-approximate-math: math.exp and math.tanh on f32 become arith ops
// (no libm call left to block vectorization); f16 and bf16 go through f32;
// f64 keeps them (libm), so gspmd-run's f64 reference is exact. Other math
// ops are untouched.

// CHECK-LABEL: func.func @f32(
// CHECK-NOT: math.exp
// CHECK: arith.mulf
// CHECK: return
func.func @f32(%x: f32) -> f32 {
  %r = math.exp %x : f32
  return %r : f32
}

// CHECK-LABEL: func.func @bf16(
// CHECK: arith.extf %{{.*}} : bf16 to f32
// CHECK-NOT: math.exp
// CHECK: arith.truncf %{{.*}} : f32 to bf16
func.func @bf16(%x: bf16) -> bf16 {
  %r = math.exp %x : bf16
  return %r : bf16
}

// CHECK-LABEL: func.func @f16(
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK-NOT: math.exp
// CHECK: arith.truncf %{{.*}} : f32 to f16
func.func @f16(%x: f16) -> f16 {
  %r = math.exp %x : f16
  return %r : f16
}

// CHECK-LABEL: func.func @tanh(
// CHECK-NOT: math.tanh
// CHECK: return
func.func @tanh(%x: f32) -> f32 {
  %r = math.tanh %x : f32
  return %r : f32
}

// CHECK-LABEL: func.func @f64_and_others(
// CHECK: math.exp %{{.*}} : f64
// CHECK: math.tanh %{{.*}} : f64
// CHECK: math.log %{{.*}} : f32
// CHECK: math.erf %{{.*}} : f32
func.func @f64_and_others(%x: f64, %y: f32) -> (f64, f64, f32, f32) {
  %e = math.exp %x : f64
  %t = math.tanh %x : f64
  %l = math.log %y : f32
  %f = math.erf %y : f32
  return %e, %t, %l, %f : f64, f64, f32, f32
}
