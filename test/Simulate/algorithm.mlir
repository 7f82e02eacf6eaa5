// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/recursive.machine detail=true})' -o /dev/null | FileCheck %s
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/round.machine detail=true})' -o /dev/null | FileCheck %s --check-prefix=RING
// RUN: not gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/bad-algorithm.machine})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// The collective algorithm of a link (local.algorithm): recursive.machine
// is round.machine (1e9 B/s through a switch, 1e-6 s a step) with
// recursive halving / doubling, ceil(log2 n) latency steps where a ring
// takes n - 1, the same bytes. Every input is 2048 x f32 = 8192 B; n = 8.

gspmd.mesh @m ["x"=8]

// all_reduce: 2 * 8192 * 7/8 = 14336 B, 1.4336e-05 s on the links; 2 * 3
// steps (6e-06) recursive, 2 * 7 (1.4e-05) by rings.
// CHECK: all_reduce group 8: sent 14336 B, 2.0336e-05 s
// RING: all_reduce group 8: sent 14336 B, 2.8336e-05 s
// all_gather: 8192 * 7 = 57344 B, 5.7344e-05 s; 3 steps, or 7.
// CHECK-NEXT: all_gather group 8: sent 57344 B, 6.0344e-05 s
// RING-NEXT: all_gather group 8: sent 57344 B, 6.4344e-05 s
// CHECK: step time: 8.068e-05 s
// RING: step time: 9.268e-05 s
// BAD: bad-algorithm.machine:4:1: error: gspmd-simulate: 'local.algorithm' expects ring or recursive, got 'tree'
func.func @algorithm(%x: tensor<2048xf32>) -> (tensor<2048xf32>, tensor<16384xf32>) {
  %a = gspmd.all_reduce %x on @m ["x"] reduce = sum : tensor<2048xf32>
  %g = gspmd.all_gather %x on @m ["x"] gather_dim = 0 : tensor<2048xf32> -> tensor<16384xf32>
  return %a, %g : tensor<2048xf32>, tensor<16384xf32>
}
