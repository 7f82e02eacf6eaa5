// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-normalize-slices)' | FileCheck %s

// Size-1 dims of slices get stride 1 (they read one element; upstream's
// expand-strided-metadata crashes on a rank-reducing slice that keeps a
// larger one). Other strides, and dynamic ones, stay.

// CHECK-LABEL: func.func @f
// CHECK: tensor.extract_slice %arg0[3, 0] [1, 8] [1, 2] : tensor<8x16xf32> to tensor<8xf32>
// CHECK: tensor.extract_slice %arg0[0, 3] [4, 1] [2, 1] : tensor<8x16xf32> to tensor<4xf32>
// CHECK: tensor.extract_slice %arg0[0, 0] [1, 1] [%arg1, 1] : tensor<8x16xf32> to tensor<1x1xf32>
// CHECK: tensor.insert_slice %{{.*}} into %arg0[2, 0] [1, 8] [1, 2] : tensor<8xf32> into tensor<8x16xf32>
func.func @f(%x: tensor<8x16xf32>, %s: index) -> (tensor<8xf32>, tensor<4xf32>, tensor<1x1xf32>, tensor<8x16xf32>) {
  %a = tensor.extract_slice %x[3, 0] [1, 8] [3, 2] : tensor<8x16xf32> to tensor<8xf32>
  %b = tensor.extract_slice %x[0, 3] [4, 1] [2, 5] : tensor<8x16xf32> to tensor<4xf32>
  %c = tensor.extract_slice %x[0, 0] [1, 1] [%s, 4] : tensor<8x16xf32> to tensor<1x1xf32>
  %d = tensor.insert_slice %a into %x[2, 0] [1, 8] [7, 2] : tensor<8xf32> into tensor<8x16xf32>
  return %a, %b, %c, %d : tensor<8xf32>, tensor<4xf32>, tensor<1x1xf32>, tensor<8x16xf32>
}
