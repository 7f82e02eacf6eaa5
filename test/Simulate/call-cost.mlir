// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/calls.machine detail=true})' -o /dev/null | FileCheck %s
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/round.machine})' -o /dev/null | FileCheck %s --check-prefix=NONE

// The per-call software cost of a collective (collective.call +
// collective.call.per_device x group): calls.machine is round.machine
// (1e9 B/s through a switch, 1e-6 s a step) plus 10 us + 1 us a device,
// 14 us a call in a group of 4. Every input is 2048 x f32 = 8192 B.

gspmd.mesh @m ["x"=4, "y"=1]

// all_reduce over 4: 2 * 8192 * 3/4 = 12288 B in 6 steps, 6e-06 + 1.2288e-05
// on the links, + 1.4e-05 for the call.
// CHECK: all_reduce group 4: sent 12288 B, 3.2288e-05 s
// CHECK-NEXT: all_reduce group 4: sent 12288 B, 3.2288e-05 s
// CHECK-NEXT: all_reduce group 4: sent 12288 B, 3.2288e-05 s
// all_gather over 4: 8192 * 3 = 24576 B in 3 steps, 3e-06 + 2.4576e-05,
// + 1.4e-05.
// CHECK-NEXT: all_gather group 4: sent 24576 B, 4.1576e-05 s
// A group of one exchanges nothing, and pays no call.
// CHECK-NEXT: all_reduce group 1: sent 0 B, 0 s
// Step (nothing else runs): 3 * 3.2288e-05 + 4.1576e-05 = 0.00013844 s, of
// which the 4 exchanging calls are 4 * 1.4e-05 = 5.6e-05 s.
// CHECK: step time: 0.00013844 s
// CHECK: all_reduce: 9.6864e-05 s (4 calls, 36864 B sent)
// CHECK-NEXT: all_gather: 4.1576e-05 s (1 call, 24576 B sent)
// CHECK-NEXT: communication: 0.00013844 s, exposed 0.00013844 s, hidden 0 s
// CHECK-NEXT: collective call cost: 5.6e-05 s (4 exchanging collectives; in the communication above)
// Without the keys: the links alone, 5.6e-05 s less, and no call line.
// NONE: step time: 8.244e-05 s
// NONE-NOT: collective call cost
func.func @calls(%x: tensor<2048xf32>) -> (tensor<2048xf32>, tensor<8192xf32>, tensor<2048xf32>) {
  %a = gspmd.all_reduce %x on @m ["x"] reduce = sum : tensor<2048xf32>
  %b = gspmd.all_reduce %a on @m ["x"] reduce = sum : tensor<2048xf32>
  %c = gspmd.all_reduce %b on @m ["x"] reduce = sum : tensor<2048xf32>
  %g = gspmd.all_gather %x on @m ["x"] gather_dim = 0 : tensor<2048xf32> -> tensor<8192xf32>
  %o = gspmd.all_reduce %c on @m ["y"] reduce = sum : tensor<2048xf32>
  return %o, %g, %c : tensor<2048xf32>, tensor<8192xf32>, tensor<2048xf32>
}
