// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/torus.machine entry=ring detail=true})' -o /dev/null | FileCheck %s --check-prefix=TORUS
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/line.machine entry=ring detail=true})' -o /dev/null | FileCheck %s --check-prefix=LINE
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/torus.machine entry=torus2d detail=true})' -o /dev/null | FileCheck %s --check-prefix=TORUS2D
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/line.machine entry=torus2d detail=true})' -o /dev/null | FileCheck %s --check-prefix=LINE2D
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/nodes.machine entry=nodes detail=true})' -o /dev/null | FileCheck %s --check-prefix=NODES
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/nodes-axis.machine entry=nodes detail=true})' -o /dev/null | FileCheck %s --check-prefix=AXIS

// Which links a collective's axes use and what the topology does to its
// time: steps * hops * latency + sent / bandwidth (1e9 B/s links one way,
// 1e-6 s a hop). Every input is 2048 x f32 = 8192 B.

gspmd.mesh @r8 ["x"=8]
gspmd.mesh @m42 ["a"=4, "b"=2]
gspmd.mesh @t88 ["x"=8, "y"=8]

// Torus with wraparound: ring collectives run both ways (2e9 B/s).
// all_reduce over 8: 2 * 8192 * 7/8 = 14336 B, 14 steps: 1.4e-05 + 7.168e-06.
// TORUS: all_reduce group 8: sent 14336 B, 2.1168e-05 s
// all_gather: 8192 * 7 = 57344 B, 7 steps: 7e-06 + 2.8672e-05.
// TORUS-NEXT: all_gather group 8: sent 57344 B, 3.5672e-05 s
// all_to_all: 8192 * 7/8 = 7168 B, over n/4 = 2 hops on average:
// 7e-06 + 2 * 7168 / 2e9.
// TORUS-NEXT: all_to_all group 8: sent 7168 B, 1.4168e-05 s
// A permute goes one way (1e9 B/s); shift 3 is 3 hops, shift 7 is 1 hop
// the other way round.
// TORUS-NEXT: collective_permute group 8: sent 8192 B, 1.1192e-05 s
// TORUS-NEXT: collective_permute group 8: sent 8192 B, 9.192e-06 s
// Without wraparound: one direction, and shift 7 is 7 hops.
// LINE: all_reduce group 8: sent 14336 B, 2.8336e-05 s
// LINE-NEXT: all_gather group 8: sent 57344 B, 6.4344e-05 s
// LINE-NEXT: all_to_all group 8: sent 7168 B, 2.1336e-05 s
// LINE-NEXT: collective_permute group 8: sent 8192 B, 1.1192e-05 s
// LINE-NEXT: collective_permute group 8: sent 8192 B, 1.5192e-05 s
func.func @ring(%x: tensor<2048xf32>) -> (tensor<2048xf32>, tensor<16384xf32>, tensor<2048xf32>, tensor<2048xf32>, tensor<2048xf32>) {
  %r = gspmd.all_reduce %x on @r8 ["x"] reduce = sum : tensor<2048xf32>
  %g = gspmd.all_gather %x on @r8 ["x"] gather_dim = 0 : tensor<2048xf32> -> tensor<16384xf32>
  %t = gspmd.all_to_all %x on @r8 ["x"] split_dim = 0 concat_dim = 0 : tensor<2048xf32> -> tensor<2048xf32>
  %p = gspmd.collective_permute %x on @r8 ["x"] shift = 3 wrap : tensor<2048xf32>
  %q = gspmd.collective_permute %x on @r8 ["x"] shift = 7 wrap : tensor<2048xf32>
  return %r, %g, %t, %p, %q : tensor<2048xf32>, tensor<16384xf32>, tensor<2048xf32>, tensor<2048xf32>, tensor<2048xf32>
}

// Collectives over two axes of a torus (each axis a torus dim of its own).
// all_reduce and all_gather run a ring along each axis in turn: the bytes
// of one ring of 64, in 2 * (7 + 7) and 7 + 7 steps, not 2 * 63 and 63.
// all_reduce: 2 * 8192 * 63/64 = 16128 B: 2.8e-05 + 16128 / 2e9.
// TORUS2D: all_reduce group 64: sent 16128 B, 3.6064e-05 s
// all_gather: 8192 * 63 = 516096 B: 1.4e-05 + 516096 / 2e9.
// TORUS2D-NEXT: all_gather group 64: sent 516096 B, 0.000272048 s
// The all_to_all stays pairwise (63 steps); a message travels 8/4 + 8/4 = 4
// hops on average, spread over the links of both dims (4 hops / 2 dims):
// 8192 * 63/64 = 8064 B: 6.3e-05 + 2 * 8064 / 2e9 (a single ring of 64
// would pay 64/4 = 16 hops).
// TORUS2D-NEXT: all_to_all group 64: sent 8064 B, 7.1064e-05 s
// Without wraparound (line.machine) one way at 1e9 B/s.
// LINE2D: all_reduce group 64: sent 16128 B, 4.4128e-05 s
// LINE2D-NEXT: all_gather group 64: sent 516096 B, 0.000530096 s
// LINE2D-NEXT: all_to_all group 64: sent 8064 B, 7.9128e-05 s
func.func @torus2d(%x: tensor<2048xf32>) -> (tensor<2048xf32>, tensor<131072xf32>, tensor<2048xf32>) {
  %r = gspmd.all_reduce %x on @t88 ["x", "y"] reduce = sum : tensor<2048xf32>
  %g = gspmd.all_gather %x on @t88 ["x", "y"] gather_dim = 0 : tensor<2048xf32> -> tensor<131072xf32>
  %t = gspmd.all_to_all %x on @t88 ["x", "y"] split_dim = 0 concat_dim = 0 : tensor<2048xf32> -> tensor<2048xf32>
  return %r, %g, %t : tensor<2048xf32>, tensor<131072xf32>, tensor<2048xf32>
}

// Two devices a node (nodes.machine), devices numbered row-major over
// ["a"=4, "b"=2]: "b" pairs devices 2k, 2k+1 of one node (local switch,
// 1e9 B/s, 1e-6 s); "a" spans nodes (network, 1e8 B/s, 1e-5 s).
// On "b": 2 * 8192 / 2 = 8192 B in 2 steps: 2e-06 + 8.192e-06.
// NODES: all_reduce group 2: sent 8192 B, 1.0192e-05 s
// On "a": 12288 B in 6 steps: 6e-05 + 1.2288e-04.
// NODES-NEXT: all_reduce group 4: sent 12288 B, 0.00018288 s
// On both: the slowest link, the network: 14336 B, 14 steps.
// NODES-NEXT: all_reduce group 8: sent 14336 B, 0.00028336 s
// axis.a = local places "a" on the node's links.
// AXIS: all_reduce group 2: sent 8192 B, 1.0192e-05 s
// AXIS-NEXT: all_reduce group 4: sent 12288 B, 1.8288e-05 s
// AXIS-NEXT: all_reduce group 8: sent 14336 B, 2.8336e-05 s
func.func @nodes(%x: tensor<2048xf32>) -> (tensor<2048xf32>, tensor<2048xf32>, tensor<2048xf32>) {
  %b = gspmd.all_reduce %x on @m42 ["b"] reduce = sum : tensor<2048xf32>
  %a = gspmd.all_reduce %x on @m42 ["a"] reduce = sum : tensor<2048xf32>
  %ab = gspmd.all_reduce %x on @m42 ["a", "b"] reduce = sum : tensor<2048xf32>
  return %b, %a, %ab : tensor<2048xf32>, tensor<2048xf32>, tensor<2048xf32>
}
