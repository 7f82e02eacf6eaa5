// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-lower-to-mpi)' | FileCheck %s

// linalg.softmax has no upstream lowering; the pass decomposes it as
// upstream's decompose_interface does: max (maxnumf from -inf), exp(x - max),
// sum (gspmd-relax-reductions later lets it be reassociated), then times
// the sum's reciprocal (one division per slab), along the softmax
// dimension, for any rank and float type. The dims before the softmax dim
// become scf.for loops, each iteration one slab (a row for the last dim)
// whose four passes then run in cache; exp writes into the output's slab.

// CHECK-DAG: #[[ID1:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[SCALAR:.*]] = affine_map<(d0) -> ()>
// CHECK-DAG: #[[ID3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[NO0:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[NO0OF2:.*]] = affine_map<(d0, d1) -> (d1)>

// CHECK-LABEL: func.func @rows(
// CHECK-SAME: %[[X:.*]]: tensor<4x6xf32>)
// CHECK-NOT: linalg.softmax
// CHECK: %[[OUT:.*]] = tensor.empty() : tensor<4x6xf32>
// CHECK: %[[RES:.*]] = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[OUT]]) -> (tensor<4x6xf32>)
// CHECK: %[[XS:.*]] = tensor.extract_slice %[[X]][%[[I]], 0] [1, 6] [1, 1] : tensor<4x6xf32> to tensor<6xf32>
// CHECK: %[[OS:.*]] = tensor.extract_slice %[[ACC]][%[[I]], 0] [1, 6] [1, 1] : tensor<4x6xf32> to tensor<6xf32>
// CHECK-DAG: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[E:.*]] = tensor.empty() : tensor<f32>
// CHECK: %[[MI:.*]] = linalg.fill ins(%[[NINF]] : f32) outs(%[[E]] : tensor<f32>)
// CHECK: %[[SI:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E]] : tensor<f32>)
// CHECK: %[[MAX:.*]] = linalg.generic {indexing_maps = [#[[ID1]], #[[SCALAR]]], iterator_types = ["reduction"]} ins(%[[XS]] : tensor<6xf32>) outs(%[[MI]] : tensor<f32>)
// CHECK: arith.maxnumf
// CHECK: %[[EXP:.*]] = linalg.generic {indexing_maps = [#[[ID1]], #[[SCALAR]], #[[ID1]]], iterator_types = ["parallel"]} ins(%[[XS]], %[[MAX]] : tensor<6xf32>, tensor<f32>) outs(%[[OS]] : tensor<6xf32>)
// CHECK: arith.subf
// CHECK: math.exp
// CHECK: %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[ID1]], #[[SCALAR]]], iterator_types = ["reduction"]} ins(%[[EXP]] : tensor<6xf32>) outs(%[[SI]] : tensor<f32>)
// CHECK: arith.addf %{{.*}}, %{{.*}} : f32
// CHECK: %[[DIV:.*]] = linalg.generic {indexing_maps = [#[[SCALAR]], #[[ID1]]], iterator_types = ["parallel"]} ins(%[[SUM]] : tensor<f32>) outs(%[[EXP]] : tensor<6xf32>)
// CHECK: ^bb0(%[[S:.*]]: f32, %[[V:.*]]: f32):
// CHECK: %[[INV:.*]] = arith.divf %{{.*}}, %[[S]] : f32
// CHECK: arith.mulf %[[V]], %[[INV]] : f32
// CHECK: %[[INS:.*]] = tensor.insert_slice %[[DIV]] into %[[ACC]][%[[I]], 0] [1, 6] [1, 1] : tensor<6xf32> into tensor<4x6xf32>
// CHECK: scf.yield %[[INS]]
// CHECK: return %[[RES]]
func.func @rows(%x: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %e = tensor.empty() : tensor<4x6xf32>
  %s = linalg.softmax dimension(1) ins(%x : tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %s : tensor<4x6xf32>
}

// The softmax dim first: no loop, the whole tensor is the slab.
// CHECK-LABEL: func.func @leading_f64(
// CHECK-NOT: scf.for
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

// A middle dim: two loops, each slab a 3x5 tensor reduced over its dim 0.
// CHECK-LABEL: func.func @middle(
// CHECK: scf.for %[[I0:.*]] = {{.*}} iter_args(%[[A0:.*]] = %{{.*}})
// CHECK: scf.for %[[I1:.*]] = {{.*}} iter_args(%[[A1:.*]] = %[[A0]])
// CHECK: tensor.extract_slice %{{.*}}[%[[I0]], %[[I1]], 0, 0] [1, 1, 3, 5] [1, 1, 1, 1] : tensor<2x4x3x5xf32> to tensor<3x5xf32>
// CHECK: linalg.generic {indexing_maps = [#[[ID2]], #[[NO0OF2]]], iterator_types = ["reduction", "parallel"]}
// CHECK: tensor.insert_slice %{{.*}} into %[[A1]][%[[I0]], %[[I1]], 0, 0] [1, 1, 3, 5] [1, 1, 1, 1] : tensor<3x5xf32> into tensor<2x4x3x5xf32>
// CHECK: scf.yield
// CHECK: scf.yield
func.func @middle(%x: tensor<2x4x3x5xf32>) -> tensor<2x4x3x5xf32> {
  %e = tensor.empty() : tensor<2x4x3x5xf32>
  %s = linalg.softmax dimension(2) ins(%x : tensor<2x4x3x5xf32>) outs(%e : tensor<2x4x3x5xf32>) -> tensor<2x4x3x5xf32>
  return %s : tensor<2x4x3x5xf32>
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
