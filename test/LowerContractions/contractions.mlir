// RUN: gspmd-opt %s --split-input-file --pass-pipeline='builtin.module(gspmd-lower-contractions)' | FileCheck %s

// Float contractions on buffers become one runtime call each, with the loop
// spec (per loop: kind 0 batch, 1 M, 2 N, 3 K; then dim, coefficient,
// plain for A, B and C) in a constant global; anything else stays a
// linalg.generic.

// CHECK-LABEL: memref.global "private" constant @__gspmd_contract_loops_0 : memref<30xi64> = dense<[1, 0, 1, 1, -1, 0, 0, 0, 1, 1, 2, -1, 0, 0, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 0, 1, 1, -1, 0, 0]>
// CHECK: func.func private @gspmd_mlir_contract_f32_f32(memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xi64>) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @matmul
// CHECK: %[[L:.*]] = memref.get_global @__gspmd_contract_loops_0
// CHECK: %[[A:.*]] = memref.cast %arg0 : memref<4x8xf32> to memref<*xf32>
// CHECK: %[[B:.*]] = memref.cast %arg1 : memref<8x5xf32, strided<[?, 1], offset: ?>> to memref<*xf32>
// CHECK: %[[C:.*]] = memref.cast %arg2 : memref<4x5xf32> to memref<*xf32>
// CHECK: %[[S:.*]] = memref.cast %[[L]] : memref<30xi64> to memref<*xi64>
// CHECK: call @gspmd_mlir_contract_f32_f32(%[[A]], %[[B]], %[[C]], %[[S]])
// CHECK-NOT: linalg.generic
#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>
func.func @matmul(%a: memref<4x8xf32>, %b: memref<8x5xf32, strided<[?, 1], offset: ?>>, %c: memref<4x5xf32>) {
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<4x8xf32>, memref<8x5xf32, strided<[?, 1], offset: ?>>) outs(%c : memref<4x5xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %z, %m : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Batch loop first, operands swapped in the product, the sum the other way
// round, and bf16 inputs widened to an f32 accumulator.
// CHECK-LABEL: memref.global "private" constant @__gspmd_contract_loops_0 : memref<40xi64> = dense<[0, 0, 1, 1, 0, 1, 1, 0, 1, 1, 2, -1, 0, 0, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, -1, 0, 0, 1, 1, 1, 3, 2, 1, 1, 2, 1, 1, -1, 0, 0]>
// CHECK: func.func private @gspmd_mlir_contract_bf16_f32(memref<*xbf16>, memref<*xbf16>, memref<*xf32>, memref<*xi64>)
// CHECK-LABEL: func.func @batch_mixed
// CHECK: call @gspmd_mlir_contract_bf16_f32
#a = affine_map<(b, n, m, k) -> (b, m, k)>
#b = affine_map<(b, n, m, k) -> (b, n, k)>
#c = affine_map<(b, n, m, k) -> (b, m, n)>
func.func @batch_mixed(%a: memref<2x4x8xbf16>, %b: memref<2x5x8xbf16>, %c: memref<2x4x5xf32>) {
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<2x4x8xbf16>, memref<2x5x8xbf16>) outs(%c : memref<2x4x5xf32>) {
  ^bb0(%x: bf16, %y: bf16, %z: f32):
    %xe = arith.extf %x : bf16 to f32
    %ye = arith.extf %y : bf16 to f32
    %m = arith.mulf %ye, %xe : f32
    %s = arith.addf %m, %z : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Not contractions: integers, a body with more than the mul-add, a
// reduction over one operand only, an elementwise product (no reduction).
// CHECK-LABEL: func.func @others
// CHECK-NOT: call
// CHECK-COUNT-4: linalg.generic
// CHECK-NOT: call
#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>
#r = affine_map<(m, n, k) -> (m, n, k)>
#e = affine_map<(m, n) -> (m, n)>
func.func @others(%a: memref<4x8xi32>, %b: memref<8x5xi32>, %c: memref<4x5xi32>,
                  %x: memref<4x8xf32>, %y: memref<8x5xf32>, %z: memref<4x5xf32>,
                  %w: memref<4x5x8xf32>) {
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<4x8xi32>, memref<8x5xi32>) outs(%c : memref<4x5xi32>) {
  ^bb0(%p: i32, %q: i32, %s: i32):
    %m = arith.muli %p, %q : i32
    %t = arith.addi %s, %m : i32
    linalg.yield %t : i32
  }
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %y : memref<4x8xf32>, memref<8x5xf32>) outs(%z : memref<4x5xf32>) {
  ^bb0(%p: f32, %q: f32, %s: f32):
    %zero = arith.constant 0.0 : f32
    %pr = arith.maximumf %p, %zero : f32
    %m = arith.mulf %pr, %q : f32
    %t = arith.addf %s, %m : f32
    linalg.yield %t : f32
  }
  linalg.generic {indexing_maps = [#r, #c, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%w, %z : memref<4x5x8xf32>, memref<4x5xf32>) outs(%z : memref<4x5xf32>) {
  ^bb0(%p: f32, %q: f32, %s: f32):
    %m = arith.mulf %p, %q : f32
    %t = arith.addf %s, %m : f32
    linalg.yield %t : f32
  }
  linalg.generic {indexing_maps = [#e, #e, #e], iterator_types = ["parallel", "parallel"]}
      ins(%z, %z : memref<4x5xf32>, memref<4x5xf32>) outs(%z : memref<4x5xf32>) {
  ^bb0(%p: f32, %q: f32, %s: f32):
    %m = arith.mulf %p, %q : f32
    %t = arith.addf %s, %m : f32
    linalg.yield %t : f32
  }
  return
}

// -----

// A strided, dilated 1-D convolution with output channels: the input's dim
// 1 is 2*o + 3*k (loop o: coefficient 2, loop k: 3, neither plain).
// CHECK-LABEL: memref.global "private" constant @__gspmd_contract_loops_0 : memref<40xi64> = dense<[1, 0, 1, 1, -1, 0, 0, 0, 1, 1, 1, 1, 2, 0, -1, 0, 0, 1, 1, 1, 2, -1, 0, 0, 1, 1, 1, 2, 1, 1, 3, 1, 3, 0, 0, 1, 1, -1, 0, 0]>
// CHECK-LABEL: func.func @conv
// CHECK: call @gspmd_mlir_contract_f32_f32
// CHECK-LABEL: func.func @depthwise
// CHECK-NOT: call
// CHECK: linalg.generic
// A grouped one: the group g is a batch loop (in all three), f an N loop:
// a gemm per group.
// CHECK-LABEL: func.func @grouped
// CHECK: call @gspmd_mlir_contract_f32_f32
#in = affine_map<(n, o, f, k) -> (n, 2 * o + 3 * k)>
#w = affine_map<(n, o, f, k) -> (k, f)>
#out = affine_map<(n, o, f, k) -> (n, o, f)>
#din = affine_map<(n, o, c, k) -> (n, o + k, c)>
#dw = affine_map<(n, o, c, k) -> (k, c)>
#dout = affine_map<(n, o, c, k) -> (n, o, c)>
func.func @conv(%a: memref<2x13xf32>, %b: memref<3x4xf32>, %c: memref<2x3x4xf32>) {
  linalg.generic {indexing_maps = [#in, #w, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<2x13xf32>, memref<3x4xf32>) outs(%c : memref<2x3x4xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %z, %m : f32
    linalg.yield %s : f32
  }
  return
}
func.func @depthwise(%a: memref<2x7x4xf32>, %b: memref<3x4xf32>, %c: memref<2x5x4xf32>) {
  linalg.generic {indexing_maps = [#din, #dw, #dout], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<2x7x4xf32>, memref<3x4xf32>) outs(%c : memref<2x5x4xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %z, %m : f32
    linalg.yield %s : f32
  }
  return
}
#gin = affine_map<(n, o, g, f, k, c) -> (n, o + k, g, c)>
#gw = affine_map<(n, o, g, f, k, c) -> (g, f, k, c)>
#gout = affine_map<(n, o, g, f, k, c) -> (n, o, g, f)>
func.func @grouped(%a: memref<2x7x2x3xf32>, %b: memref<2x4x3x3xf32>, %c: memref<2x5x2x4xf32>) {
  linalg.generic {indexing_maps = [#gin, #gw, #gout], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%a, %b : memref<2x7x2x3xf32>, memref<2x4x3x3xf32>) outs(%c : memref<2x5x2x4xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %z, %m : f32
    linalg.yield %s : f32
  }
  return
}
