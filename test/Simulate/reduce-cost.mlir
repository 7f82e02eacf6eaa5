// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/reduce.machine detail=true})' -o /dev/null | FileCheck %s
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/round.machine})' -o /dev/null | FileCheck %s --check-prefix=NONE

// The cost of a reducing collective's combining (collective.reduce_bw):
// reduce.machine is round.machine (1e9 B/s through a switch, 1e-6 s a
// step) plus 5e8 B/s of reduction. A device of a group of n combines
// (n-1)/n of the operand's bytes in an all_reduce or a reduce_scatter, and
// nothing in an all_gather.

gspmd.mesh @m ["x"=4, "y"=1]

// all_reduce of 8192 B over 4: links 6 steps, 6e-06 + 12288 B / 1e9 =
// 1.8288e-05 s; combining 8192 * 3/4 = 6144 B / 5e8 = 1.2288e-05.
// CHECK: all_reduce group 4: sent 12288 B, 3.0576e-05 s
// reduce_scatter of 32768 B over 4: links 3e-06 + 24576 B / 1e9 =
// 2.7576e-05; combining 32768 * 3/4 = 24576 B / 5e8 = 4.9152e-05.
// CHECK-NEXT: reduce_scatter group 4: sent 24576 B, 7.6728e-05 s
// all_gather of 8192 B pieces: the links alone, 3e-06 + 2.4576e-05.
// CHECK-NEXT: all_gather group 4: sent 24576 B, 2.7576e-05 s
// A group of one combines nothing.
// CHECK-NEXT: all_reduce group 1: sent 0 B, 0 s
// Step: 3.0576e-05 + 7.6728e-05 + 2.7576e-05 = 0.00013488 s, of which the
// 2 reductions are 1.2288e-05 + 4.9152e-05 = 6.144e-05 s.
// CHECK: step time: 0.00013488 s
// CHECK: communication: 0.00013488 s, exposed 0.00013488 s, hidden 0 s
// CHECK-NEXT: collective reduction cost: 6.144e-05 s (2 reducing collectives; in the communication above)
// Without the key: 6.144e-05 s less, and no reduction line.
// NONE: step time: 7.344e-05 s
// NONE-NOT: collective reduction cost
func.func @reduce(%x: tensor<2048xf32>, %y: tensor<8192xf32>) -> (tensor<2048xf32>, tensor<2048xf32>, tensor<8192xf32>, tensor<2048xf32>) {
  %a = gspmd.all_reduce %x on @m ["x"] reduce = sum : tensor<2048xf32>
  %s = gspmd.reduce_scatter %y on @m ["x"] reduce = sum scatter_dim = 0 : tensor<8192xf32> -> tensor<2048xf32>
  %g = gspmd.all_gather %x on @m ["x"] gather_dim = 0 : tensor<2048xf32> -> tensor<8192xf32>
  %o = gspmd.all_reduce %a on @m ["y"] reduce = sum : tensor<2048xf32>
  return %a, %s, %g, %o : tensor<2048xf32>, tensor<2048xf32>, tensor<8192xf32>, tensor<2048xf32>
}
