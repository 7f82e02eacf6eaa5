// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-lower-to-mpi)' | FileCheck %s

// linalg.softmax has no upstream lowering; the pass decomposes it as
// upstream's decompose_interface does: max (maxnumf from -inf), exp(x - max),
// sum, divide, along the softmax dimension, for any rank and float type.

// CHECK-DAG: #[[ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[ID3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[NO0:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>

// CHECK-LABEL: func.func @rows(
// CHECK-SAME: %[[X:.*]]: tensor<4x6xf32>)
// CHECK-NOT: linalg.softmax
// CHECK: %[[OUT:.*]] = tensor.empty() : tensor<4x6xf32>
// CHECK-DAG: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4xf32>
// CHECK: %[[MI:.*]] = linalg.fill ins(%[[NINF]] : f32) outs(%[[E]] : tensor<4xf32>)
// CHECK: %[[SI:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E]] : tensor<4xf32>)
// CHECK: %[[MAX:.*]] = linalg.generic {indexing_maps = [#[[ID2]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<4x6xf32>) outs(%[[MI]] : tensor<4xf32>)
// CHECK: arith.maxnumf
// CHECK: %[[EXP:.*]] = linalg.generic {indexing_maps = [#[[ID2]], #[[ROW]], #[[ID2]]], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[MAX]] : tensor<4x6xf32>, tensor<4xf32>) outs(%[[OUT]] : tensor<4x6xf32>)
// CHECK: arith.subf
// CHECK: math.exp
// CHECK: %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[ID2]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%[[EXP]] : tensor<4x6xf32>) outs(%[[SI]] : tensor<4xf32>)
// CHECK: arith.addf
// CHECK: %[[DIV:.*]] = linalg.generic {indexing_maps = [#[[ROW]], #[[ID2]]], iterator_types = ["parallel", "parallel"]} ins(%[[SUM]] : tensor<4xf32>) outs(%[[EXP]] : tensor<4x6xf32>)
// CHECK: ^bb0(%[[S:.*]]: f32, %[[V:.*]]: f32):
// CHECK: arith.divf %[[V]], %[[S]] : f32
// CHECK: return %[[DIV]]
func.func @rows(%x: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %e = tensor.empty() : tensor<4x6xf32>
  %s = linalg.softmax dimension(1) ins(%x : tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %s : tensor<4x6xf32>
}

// CHECK-LABEL: func.func @leading_f64(
// CHECK: arith.constant 0xFFF0000000000000 : f64
// CHECK: tensor.empty() : tensor<3x5xf64>
// CHECK: linalg.generic {indexing_maps = [#[[ID3]], #[[NO0]]], iterator_types = ["reduction", "parallel", "parallel"]}
// CHECK: linalg.generic {indexing_maps = [#[[ID3]], #[[NO0]], #[[ID3]]], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK: linalg.generic {indexing_maps = [#[[ID3]], #[[NO0]]], iterator_types = ["reduction", "parallel", "parallel"]}
// CHECK: linalg.generic {indexing_maps = [#[[NO0]], #[[ID3]]], iterator_types = ["parallel", "parallel", "parallel"]}
func.func @leading_f64(%x: tensor<2x3x5xf64>) -> tensor<2x3x5xf64> {
  %e = tensor.empty() : tensor<2x3x5xf64>
  %s = linalg.softmax dimension(0) ins(%x : tensor<2x3x5xf64>) outs(%e : tensor<2x3x5xf64>) -> tensor<2x3x5xf64>
  return %s : tensor<2x3x5xf64>
}

// CHECK-LABEL: func.func @half(
// CHECK: arith.constant 0xFC00 : f16
// CHECK-LABEL: func.func @brain(
// CHECK: arith.constant 0xFF80 : bf16
func.func @half(%x: tensor<8xf16>, %o: tensor<8xf16>) -> tensor<8xf16> {
  %s = linalg.softmax dimension(0) ins(%x : tensor<8xf16>) outs(%o : tensor<8xf16>) -> tensor<8xf16>
  return %s : tensor<8xf16>
}
func.func @brain(%x: tensor<8xbf16>, %o: tensor<8xbf16>) -> tensor<8xbf16> {
  %s = linalg.softmax dimension(0) ins(%x : tensor<8xbf16>) outs(%o : tensor<8xbf16>) -> tensor<8xbf16>
  return %s : tensor<8xbf16>
}
