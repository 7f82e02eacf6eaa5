// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/knee.machine entry=step detail=true})' -o /dev/null | FileCheck %s
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/round.machine entry=step detail=true})' -o /dev/null | FileCheck %s --check-prefix=PEAK

// `flops.knee = 32` (knee.machine, otherwise round.machine: contractions
// 1e12 FLOP/s, memory 1e12 B/s): a contraction whose smallest GEMM dim is d
// runs at 1e12 * d / (d + 32) FLOP/s; batch loops (indexed by both inputs,
// not reduced) do not count.

gspmd.mesh @mesh ["x"=1]

// matmul 32x128 by 128x64: M = 32, N = 64, K = 128, d = 32: half the peak,
//   2 * 32 * 64 * 128 = 524288 FLOP / 5e11 = 1.048576e-06 s.
// generic X^T Y, X 32x96, Y 32x64 -> 96x64: M = 96, N = 64, K = 32, d = 32:
//   2 * 96 * 64 * 32 = 393216 FLOP / 5e11 = 7.86432e-07 s.
// batched b x (64x128 by 128x96), b = 2: the batch loop apart, d = 64:
//   2 * 2 * 64 * 96 * 128 = 3145728 FLOP / (1e12 * 64 / 96) = 4.718592e-06 s.
// CHECK:      linalg.matmul: 524288 FLOP, {{.*}} 1.04858e-06 s (compute)
// CHECK-NEXT: linalg.generic: 393216 FLOP, {{.*}} 7.86432e-07 s (compute)
// CHECK-NEXT: linalg.batch_matmul: 3.14573e+06 FLOP, {{.*}} 4.71859e-06 s (compute)
// Without the key: the peak.
// PEAK:      linalg.matmul: 524288 FLOP, {{.*}} 5.24288e-07 s (compute)
// PEAK-NEXT: linalg.generic: 393216 FLOP, {{.*}} 3.93216e-07 s (compute)
// PEAK-NEXT: linalg.batch_matmul: 3.14573e+06 FLOP, {{.*}} 3.14573e-06 s (compute)
func.func @step(%a: tensor<32x128xf32>, %b: tensor<128x64xf32>,
                %c: tensor<32x64xf32>, %x: tensor<32x96xf32>,
                %y: tensor<32x64xf32>, %z: tensor<96x64xf32>,
                %p: tensor<2x64x128xf32>, %q: tensor<2x128x96xf32>,
                %r: tensor<2x64x96xf32>)
    -> (tensor<32x64xf32>, tensor<96x64xf32>, tensor<2x64x96xf32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<32x128xf32>, tensor<128x64xf32>)
                     outs(%c : tensor<32x64xf32>) -> tensor<32x64xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (k, i)>,
                                        affine_map<(i, j, k) -> (k, j)>,
                                        affine_map<(i, j, k) -> (i, j)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %y : tensor<32x96xf32>, tensor<32x64xf32>)
      outs(%z : tensor<96x64xf32>) {
  ^bb0(%u: f32, %v: f32, %acc: f32):
    %m = arith.mulf %u, %v : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<96x64xf32>
  %2 = linalg.batch_matmul ins(%p, %q : tensor<2x64x128xf32>, tensor<2x128x96xf32>)
                           outs(%r : tensor<2x64x96xf32>) -> tensor<2x64x96xf32>
  return %0, %1, %2 : tensor<32x64xf32>, tensor<96x64xf32>, tensor<2x64x96xf32>
}
