// Mismatched Megatron: W1 column-parallel as usual, but W2 also
// column-split (Megatron wants it row-split). The cheapest plan for the
// second matmul gathers the activation h (4x96, small) and keeps W2's
// column split, where the first operand's split (the default) moved W2
// (96x64, large) by all_to_all into a row split and reduce-scattered the
// partial result. Analytic minimum, bytes sent per device (f32, n devices):
//   all_gather h: 4*(96/n)*4 * (n-1)  +  all_gather y at the return:
//   4*(64/n)*4 * (n-1)
//   n=4: 1152 + 768 = 1920        n=8: 1344 + 896 = 2240
// (the default plan: n=4: 4608 + 768 + 768 = 6144).
// REQUIRES: mpi
// RUN: %mpirun -n 4 %gspmd-run %s --check --report | FileCheck %s --check-prefixes=CHECK,N4
// RUN: sed 's/"m"=4/"m"=8/' %s > %t.8.mlir && %mpirun -n 8 %gspmd-run %t.8.mlir --check --report | FileCheck %s --check-prefixes=CHECK,N8
// CHECK-NOT: all_to_all on
// N4: {{^}}total: {{.*}} sent 1920 B,
// N8: {{^}}total: {{.*}} sent 2240 B,
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["m"=4]

func.func @main(%x: tensor<4x64xf32> {gspmd.sharding = #gspmd.replicated},
                %w1: tensor<64x96xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["m"]]>},
                %w2: tensor<96x64xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["m"]]>})
    -> (tensor<4x64xf32> {gspmd.sharding = #gspmd.replicated}) {
  %z = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<4x96xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<4x96xf32>) -> tensor<4x96xf32>
  %h = linalg.matmul ins(%x, %w1 : tensor<4x64xf32>, tensor<64x96xf32>) outs(%f1 : tensor<4x96xf32>) -> tensor<4x96xf32>
  %e2 = tensor.empty() : tensor<4x64xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<4x64xf32>) -> tensor<4x64xf32>
  %y = linalg.matmul ins(%h, %w2 : tensor<4x96xf32>, tensor<96x64xf32>) outs(%f2 : tensor<4x64xf32>) -> tensor<4x64xf32>
  return %y : tensor<4x64xf32>
}
