// The check on a 4,096-long contraction split over 4 devices (partial sums
// all-reduced): tanh makes the terms inexact, so the partitioned sum rounds
// differently from the unpartitioned one; the check PASSes it and FAILs each
// injected error (--inject-error=all).
// REQUIRES: mpi
// RUN: %mpirun -n 4 %gspmd-run %s --check --inject-error=all | FileCheck %s
// CHECK: result #0 tensor<8x16xf32>: {{.*}} PASS
// CHECK: inject-error: element
// CHECK-NEXT: result #0 {{.*}} FAIL
// CHECK: inject-error: padding
// CHECK-NEXT: result #0 {{.*}} FAIL
// CHECK: inject-error: partial
// CHECK-NEXT: result #0 {{.*}} FAIL
// CHECK: inject-error: 3 of 3 injected errors FAIL
// CHECK: check: 1 of 1 result PASS

gspmd.mesh @mesh ["k"=4]
func.func @main(%a: tensor<8x4096xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["k"]]>},
                %b: tensor<4096x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["k"], []]>})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.replicated}) {
  %t = math.tanh %a : tensor<8x4096xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %c = linalg.matmul ins(%t, %b : tensor<8x4096xf32>, tensor<4096x16xf32>) outs(%init : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %c : tensor<8x16xf32>
}
