// linalg: contractions to dot_general, reductions to reduce with the
// combiner read from the body, elementwise generics over the iteration space
// (transpose / broadcast_in_dim from the maps), windows as strided slices
// stacked per kernel position, linalg.index to iota, softmax.
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-export-stablehlo)' %s -o /dev/null | FileCheck %s

// CHECK-LABEL: func.func public @main
func.func @main(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>, %x: tensor<10xf32>, %w: tensor<3xf32>) -> (tensor<8x4xf32>, tensor<8xf32>, tensor<16x8xf32>, tensor<8xf32>, tensor<8x16xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  // CHECK: "stablehlo.dot_general"({{.*}}) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  %m = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x4xf32>) outs(%f : tensor<8x4xf32>) -> tensor<8x4xf32>
  // A max reduction over dim 1: identity -inf, then combined with the init.
  // CHECK: "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>}
  // CHECK: "stablehlo.reduce"
  // CHECK: "stablehlo.maximum"
  // CHECK: {dimensions = array<i64: 1>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  %e1 = tensor.empty() : tensor<8xf32>
  %r = linalg.reduce ins(%a : tensor<8x16xf32>) outs(%e1 : tensor<8xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.maximumf %in, %acc : f32
      linalg.yield %s : f32
    }
  // CHECK: "stablehlo.transpose"({{.*}}) {permutation = array<i64: 1, 0>}
  %e2 = tensor.empty() : tensor<16x8xf32>
  %t = linalg.transpose ins(%a : tensor<8x16xf32>) outs(%e2 : tensor<16x8xf32>) permutation = [1, 0]
  // A 1-d window x[i + k] * w[k]: one slice of x per k, stacked, then a sum.
  // CHECK: "stablehlo.slice"({{.*}}) {start_indices = array<i64: 0>, limit_indices = array<i64: 8>
  // CHECK: "stablehlo.slice"({{.*}}) {start_indices = array<i64: 1>, limit_indices = array<i64: 9>
  // CHECK: "stablehlo.slice"({{.*}}) {start_indices = array<i64: 2>, limit_indices = array<i64: 10>
  // CHECK: "stablehlo.concatenate"
  // CHECK: "stablehlo.multiply"
  // CHECK: "stablehlo.reduce"
  %e3 = tensor.empty() : tensor<8xf32>
  %f3 = linalg.fill ins(%z : f32) outs(%e3 : tensor<8xf32>) -> tensor<8xf32>
  %c = linalg.generic {indexing_maps = [affine_map<(i, k) -> (i + k)>, affine_map<(i, k) -> (k)>, affine_map<(i, k) -> (i)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x, %w : tensor<10xf32>, tensor<3xf32>) outs(%f3 : tensor<8xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %0 = arith.mulf %p, %q : f32
    %1 = arith.addf %acc, %0 : f32
    linalg.yield %1 : f32
  } -> tensor<8xf32>
  // linalg.index: an iota over the iteration space.
  // CHECK: "stablehlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<8x16xi64>
  %e4 = tensor.empty() : tensor<8x16xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<8x16xf32>) outs(%e4 : tensor<8x16xf32>) {
  ^bb0(%p: f32, %o: f32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %0 = arith.addf %p, %jf : f32
    linalg.yield %0 : f32
  } -> tensor<8x16xf32>
  // softmax: max, exp(x - max), sum, divide.
  // CHECK: "stablehlo.reduce"
  // CHECK: "stablehlo.exponential"
  // CHECK: "stablehlo.divide"
  %sm = linalg.softmax dimension(1) ins(%g : tensor<8x16xf32>) outs(%e4 : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %m, %r, %t, %c, %sm : tensor<8x4xf32>, tensor<8xf32>, tensor<16x8xf32>, tensor<8xf32>, tensor<8x16xf32>
}


// floordiv / mod / ceildiv maps: the operand dim is gathered at the indices
// the expression takes, evaluated on iotas (floor semantics from StableHLO's
// truncating divide and remainder, fixed where the remainder is negative).
// CHECK-LABEL: func.func private @index_maps
// CHECK: %[[I:.*]] = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<8xi64>
// CHECK: "stablehlo.divide"(%[[I]], %{{.*}}) : (tensor<8xi64>, tensor<8xi64>) -> tensor<8xi64>
// CHECK: "stablehlo.remainder"(%[[I]], %{{.*}})
// CHECK: "stablehlo.select"
// CHECK: "stablehlo.gather"({{.*}}) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 6>} : (tensor<4x6xf32>, tensor<8x1xi64>) -> tensor<8x6xf32>
// CHECK: "stablehlo.gather"({{.*}}) {dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 4, 1>} : (tensor<4x6xf32>, tensor<8x1xi64>) -> tensor<4x8xf32>
// CHECK: "stablehlo.negate"
// CHECK: "stablehlo.gather"
func.func private @index_maps(%d: tensor<4x6xf32>) -> (tensor<8x6xf32>, tensor<4x8xf32>, tensor<3x6xf32>) {
  %e = tensor.empty() : tensor<8x6xf32>
  %up = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i floordiv 2, j)>, affine_map<(i, j) -> (i, j)>],
                        iterator_types = ["parallel", "parallel"]}
      ins(%d : tensor<4x6xf32>) outs(%e : tensor<8x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<8x6xf32>
  %e2 = tensor.empty() : tensor<4x8xf32>
  %md = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j mod 6)>, affine_map<(i, j) -> (i, j)>],
                        iterator_types = ["parallel", "parallel"]}
      ins(%d : tensor<4x6xf32>) outs(%e2 : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<4x8xf32>
  %e3 = tensor.empty() : tensor<3x6xf32>
  %cd = linalg.generic {indexing_maps = [affine_map<(i, j) -> ((i + 2) ceildiv 2, j)>, affine_map<(i, j) -> (i, j)>],
                        iterator_types = ["parallel", "parallel"]}
      ins(%d : tensor<4x6xf32>) outs(%e3 : tensor<3x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<3x6xf32>
  return %up, %md, %cd : tensor<8x6xf32>, tensor<4x8xf32>, tensor<3x6xf32>
}
