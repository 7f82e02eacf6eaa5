// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-lower-copies)' | FileCheck %s

// gspmd-lower-copies: a memref.copy into or out of a strided view (a pad's
// interior, a slice of a larger buffer) becomes linalg.copy, loops LLVM
// vectorizes, instead of a call of the runtime's element-by-element
// memrefCopy; copies between identity layouts (memcpy) and of dynamic
// shapes stay.

// CHECK-LABEL: func.func @pad_interior(
// CHECK: %[[V:.*]] = memref.subview
// CHECK-NOT: memref.copy
// CHECK: linalg.copy ins(%{{.*}} : memref<4x8xf32>) outs(%[[V]] : memref<4x8xf32, strided<[10, 1], offset: 11>>)
// CHECK-NOT: memref.copy
func.func @pad_interior(%src: memref<4x8xf32>, %dst: memref<6x10xf32>) {
  %v = memref.subview %dst[1, 1] [4, 8] [1, 1] : memref<6x10xf32> to memref<4x8xf32, strided<[10, 1], offset: 11>>
  memref.copy %src, %v : memref<4x8xf32> to memref<4x8xf32, strided<[10, 1], offset: 11>>
  return
}

// Out of a strided view (a column block of a matrix), i1 elements.
// CHECK-LABEL: func.func @from_view(
// CHECK: linalg.copy ins(%{{.*}} : memref<8x2xi1, strided<[4, 1]>>) outs(%{{.*}} : memref<8x2xi1>)
func.func @from_view(%src: memref<8x4xi1>, %dst: memref<8x2xi1>) {
  %v = memref.subview %src[0, 0] [8, 2] [1, 1] : memref<8x4xi1> to memref<8x2xi1, strided<[4, 1]>>
  memref.copy %v, %dst : memref<8x2xi1, strided<[4, 1]>> to memref<8x2xi1>
  return
}

// CHECK-LABEL: func.func @untouched(
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<4x8xf32> to memref<4x8xf32>
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<?xf32, strided<[2]>> to memref<?xf32>
// CHECK-NOT: linalg.copy
func.func @untouched(%a: memref<4x8xf32>, %b: memref<4x8xf32>, %c: memref<?xf32, strided<[2]>>, %d: memref<?xf32>) {
  memref.copy %a, %b : memref<4x8xf32> to memref<4x8xf32>
  memref.copy %c, %d : memref<?xf32, strided<[2]>> to memref<?xf32>
  return
}
