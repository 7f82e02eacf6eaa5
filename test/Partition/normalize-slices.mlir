// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-normalize-slices)' | FileCheck %s

// Size-1 dims of slices get stride 1 (they read one element; upstream's
// expand-strided-metadata crashes on a rank-reducing slice that keeps a
// larger one). Other strides, and dynamic ones, stay. Rank-reducing
// extract_slices become the unreduced slice and a collapse_shape (the
// lowering crashes on some even with unit strides: @unreduce, a fuzz
// finding).

// CHECK-LABEL: func.func @f
// CHECK: %[[A:.*]] = tensor.extract_slice %arg0[3, 0] [1, 8] [1, 2] : tensor<8x16xf32> to tensor<1x8xf32>
// CHECK: tensor.collapse_shape %[[A]] {{\[}}[0, 1]] : tensor<1x8xf32> into tensor<8xf32>
// CHECK: %[[B:.*]] = tensor.extract_slice %arg0[0, 3] [4, 1] [2, 1] : tensor<8x16xf32> to tensor<4x1xf32>
// CHECK: tensor.collapse_shape %[[B]] {{\[}}[0, 1]] : tensor<4x1xf32> into tensor<4xf32>
// CHECK: tensor.extract_slice %arg0[0, 0] [1, 1] [%arg1, 1] : tensor<8x16xf32> to tensor<1x1xf32>
// CHECK: tensor.insert_slice %{{.*}} into %arg0[2, 0] [1, 8] [1, 2] : tensor<8xf32> into tensor<8x16xf32>
func.func @f(%x: tensor<8x16xf32>, %s: index) -> (tensor<8xf32>, tensor<4xf32>, tensor<1x1xf32>, tensor<8x16xf32>) {
  %a = tensor.extract_slice %x[3, 0] [1, 8] [3, 2] : tensor<8x16xf32> to tensor<8xf32>
  %b = tensor.extract_slice %x[0, 3] [4, 1] [2, 5] : tensor<8x16xf32> to tensor<4xf32>
  %c = tensor.extract_slice %x[0, 0] [1, 1] [%s, 4] : tensor<8x16xf32> to tensor<1x1xf32>
  %d = tensor.insert_slice %a into %x[2, 0] [1, 8] [7, 2] : tensor<8xf32> into tensor<8x16xf32>
  return %a, %b, %c, %d : tensor<8xf32>, tensor<4xf32>, tensor<1x1xf32>, tensor<8x16xf32>
}

// CHECK-LABEL: func.func @unreduce
// CHECK: %[[S:.*]] = tensor.extract_slice %arg0[0, 0, 0] [4, 1, 1] [2, 1, 1] : tensor<9x1x1xf32> to tensor<4x1x1xf32>
// CHECK: tensor.collapse_shape %[[S]] {{\[}}[0], [1, 2]] : tensor<4x1x1xf32> into tensor<4x1xf32>
// CHECK: %[[T:.*]] = tensor.extract_slice %arg0[1, 0, 0] [1, 1, 1] [1, 1, 1] : tensor<9x1x1xf32> to tensor<1x1x1xf32>
// CHECK: tensor.collapse_shape %[[T]] [] : tensor<1x1x1xf32> into tensor<f32>
// CHECK: %[[U:.*]] = tensor.extract_slice %arg1[0, 1, 0] [1, 3, 1] [1, 1, 1] : tensor<2x4x3xf32> to tensor<1x3x1xf32>
// CHECK: tensor.collapse_shape %[[U]] {{\[}}[0, 1, 2]] : tensor<1x3x1xf32> into tensor<3xf32>
func.func @unreduce(%x: tensor<9x1x1xf32>, %y: tensor<2x4x3xf32>) -> (tensor<4x1xf32>, tensor<f32>, tensor<3xf32>) {
  %a = tensor.extract_slice %x[0, 0, 0] [4, 1, 1] [2, 1, 2] : tensor<9x1x1xf32> to tensor<4x1xf32>
  %b = tensor.extract_slice %x[1, 0, 0] [1, 1, 1] [1, 1, 1] : tensor<9x1x1xf32> to tensor<f32>
  %c = tensor.extract_slice %y[0, 1, 0] [1, 3, 1] [1, 1, 1] : tensor<2x4x3xf32> to tensor<3xf32>
  return %a, %b, %c : tensor<4x1xf32>, tensor<f32>, tensor<3xf32>
}

// A sharding annotation on a rank-reducing slice reads the reduced result:
// it moves to the collapse_shape, whose type that is (on the unreduced
// slice its rank would not verify; gspmd-run --check lowers the annotated
// global program as its reference).
// CHECK-LABEL: func.func @annotated
// CHECK: %[[S:.*]] = tensor.extract_slice %arg0[%arg1, 0] [1, 6] [1, 1] : tensor<38x6xf32> to tensor<1x6xf32>
// CHECK: tensor.collapse_shape %[[S]] {{\[}}[0, 1]] {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[}}["x"]]>]} : tensor<1x6xf32> into tensor<6xf32>
gspmd.mesh @mesh ["x"=2, "y"=2]
func.func @annotated(%t: tensor<38x6xf32>, %i: index) -> tensor<6xf32> {
  %r = tensor.extract_slice %t[%i, 0] [1, 6] [1, 1] {gspmd.sharding = [#gspmd.partially_tiled<@mesh, [["x"]]>]} : tensor<38x6xf32> to tensor<6xf32>
  return %r : tensor<6xf32>
}
