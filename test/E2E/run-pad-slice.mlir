// Replicated data movement: tensor.pad (constant), extract_slice with
// strides, insert_slice, concat, transpose, expand and collapse.
// REQUIRES: mpi
// RUN: %mpirun -n 1 %gspmd-run %s --check | FileCheck %s
// RUN: %mpirun -n 2 %gspmd-run %s --check | FileCheck %s
// CHECK: result #0 tensor<9x11xf32>: max_abs_err=0 max_rel_err=0 bound={{.*}} PASS
// CHECK: result #1 tensor<3x4xf32>: max_abs_err=0 max_rel_err=0 bound={{.*}} PASS
// CHECK: result #2 tensor<6x8xf32>: max_abs_err=0 max_rel_err=0 bound={{.*}} PASS
// CHECK: result #3 tensor<8x6xi8>: max_abs_err=0 max_rel_err=0 bound={{.*}} PASS
// CHECK: result #4 tensor<2x3x8xi8>: max_abs_err=0 max_rel_err=0 bound={{.*}} PASS
// CHECK: check: 5 of 5 results PASS
// CHECK-NOT: FAIL

func.func @main(%x: tensor<6x8xf32>, %n: tensor<6x8xi8>)
    -> (tensor<9x11xf32>, tensor<3x4xf32>, tensor<6x8xf32>, tensor<8x6xi8>, tensor<2x3x8xi8>) {
  %pv = arith.constant 0.5 : f32
  %p = tensor.pad %x low[1, 2] high[2, 1] {
    ^bb0(%i: index, %j: index):
      tensor.yield %pv : f32
  } : tensor<6x8xf32> to tensor<9x11xf32>
  %s = tensor.extract_slice %x[1, 0] [3, 4] [2, 2] : tensor<6x8xf32> to tensor<3x4xf32>
  %z = arith.constant dense<0.0> : tensor<6x8xf32>
  %ins = tensor.insert_slice %s into %z[0, 1] [3, 4] [1, 1] : tensor<3x4xf32> into tensor<6x8xf32>
  %top = tensor.extract_slice %x[0, 0] [2, 8] [1, 1] : tensor<6x8xf32> to tensor<2x8xf32>
  %bot = tensor.extract_slice %x[2, 0] [4, 8] [1, 1] : tensor<6x8xf32> to tensor<4x8xf32>
  %cat = tensor.concat dim(0) %bot, %top : (tensor<4x8xf32>, tensor<2x8xf32>) -> tensor<6x8xf32>
  %sum = arith.addf %cat, %ins : tensor<6x8xf32>
  %e = tensor.empty() : tensor<8x6xi8>
  %t = linalg.transpose ins(%n : tensor<6x8xi8>) outs(%e : tensor<8x6xi8>) permutation = [1, 0]
  %ex = tensor.expand_shape %n [[0, 1], [2]] output_shape [2, 3, 8] : tensor<6x8xi8> into tensor<2x3x8xi8>
  return %p, %s, %sum, %t, %ex : tensor<9x11xf32>, tensor<3x4xf32>, tensor<6x8xf32>, tensor<8x6xi8>, tensor<2x3x8xi8>
}
