// Fuzz finding (fuzz/gen.py seed 2 index 5, shrunk by fuzz/driver.py): a
// dim of 12 split over ["b", "a"] (8 shards of 2, padded) expanded to 4x3 as
// [["b"], ["a"]]: local sizes agree (2 = 1 x 2) but not the pieces (device
// 1 holds flat 2..3 of the 12, elements 3..4 of the 4x3), and the local
// expand_shape computed garbage (max_abs_err=inf FAIL). The reshape's
// factors now stay unsplit unless they compose the dim exactly
// (gspmdFactorsComposeDim); same for a collapse onto a minor split factor.
// REQUIRES: mpi
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-spmd)' -o /dev/null
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @m ["a"=2, "b"=4]
func.func @main(%v1: tensor<12xf32> {gspmd.sharding = #gspmd.tiled<@m, [["b", "a"]]>},
                %v2: tensor<2x6xf32> {gspmd.sharding = #gspmd.tiled<@m, [["a"], ["b"]]>})
    -> (tensor<4x3xf32>, tensor<12xf32>) {
  %p0_c0 = arith.constant 0 : index
  %p0_c1 = arith.constant 1 : index
  %p0_n = arith.constant 0 : index
  %p0_h = arith.constant dense<0.5> : tensor<12xf32>
  %v2a = scf.for %i = %p0_c0 to %p0_n step %p0_c1 iter_args(%acc = %v1) -> (tensor<12xf32>) {
    %t = math.tanh %acc : tensor<12xf32>
    %m = arith.mulf %t, %p0_h : tensor<12xf32>
    %s = arith.addf %m, %v1 : tensor<12xf32>
    scf.yield %s : tensor<12xf32>
  }
  %v3 = math.sin %v2a : tensor<12xf32>
  %v6 = tensor.expand_shape %v3 [[0, 1]] output_shape [4, 3] : tensor<12xf32> into tensor<4x3xf32>
  %w = math.sin %v2 : tensor<2x6xf32>
  %c = tensor.collapse_shape %w [[0, 1]] : tensor<2x6xf32> into tensor<12xf32>
  %c2 = math.cos %c {gspmd.sharding = [#gspmd.tiled<@m, [["a", "b"]]>]} : tensor<12xf32>
  return %v6, %c2 : tensor<4x3xf32>, tensor<12xf32>
}
