// Reshards whose axis moves between an uneven dim at count 1 and its whole
// target count: one all_to_all of padded shards (the split dim padded before
// the exchange, the concat dim sliced back after), in both directions, on a
// 2x4 mesh (8 ranks) and 2x2 (4 ranks). Sizes over 8 (4): 30 -> 4 (8),
// padded to 32; 7 -> 1 (2), padded to 8; 5 -> 1 (2), padded to 8, the last
// 3 (1) devices empty; 12 -> 2 (3), padded to 16 at 8. Multi-axis: one axis
// of two moves. Partial: a matmul whose contraction is split on y leaves
// partial sums that move with the exchange and are reduced after it.
// REQUIRES: mpi
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-spmd)' | FileCheck %s --check-prefix=IR
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check --report | FileCheck %s --check-prefixes=CHECK,N8
// Every reshard below is one all_to_all (the partial sums also need their
// all_reduce, after the exchange); none gathers.
// IR-NOT: gspmd.all_gather
// IR-COUNT-7: gspmd.all_to_all
// IR-NOT: gspmd.all_gather
// IR: gspmd.all_reduce {{.*}} on @mesh ["y"]
// IR-NOT: gspmd.all_to_all
// IR-NOT: gspmd.all_gather
// N8: {{^}}total all_to_all: 7 ops,
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<2x30x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], [], ["x", "y"]]>},
                %b: tensor<7x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
                %c: tensor<5x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"]]>},
                %p: tensor<7x64xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %q: tensor<64x5xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>})
    -> (tensor<2x30x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], [], ["x", "y"]]>},
        tensor<7x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
        tensor<5x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"]]>},
        tensor<7x5xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["x"]]>}) {
  // even W (24) -> uneven C (30), and back
  %a1 = gspmd.sharding_constraint %a, #gspmd.tiled<@mesh, [[], ["x", "y"], []]> : tensor<2x30x24xf32>
  %a2 = math.tanh %a1 : tensor<2x30x24xf32>
  %a3 = gspmd.sharding_constraint %a2, #gspmd.tiled<@mesh, [[], [], ["x", "y"]]> : tensor<2x30x24xf32>
  %a4 = math.exp %a3 : tensor<2x30x24xf32>
  // uneven rows (7) -> uneven cols (12), and back: pad and unpad in one step
  %b1 = gspmd.sharding_constraint %b, #gspmd.tiled<@mesh, [[], ["x", "y"]]> : tensor<7x12xf32>
  %b2 = math.tanh %b1 : tensor<7x12xf32>
  %b3 = gspmd.sharding_constraint %b2, #gspmd.tiled<@mesh, [["x", "y"], []]> : tensor<7x12xf32>
  %b4 = math.exp %b3 : tensor<7x12xf32>
  // multi-axis: y moves from the cols (16, even, x stays) to 5 rows (shards
  // with empty last devices), and back
  %c1 = gspmd.sharding_constraint %c, #gspmd.tiled<@mesh, [["y"], ["x"]]> : tensor<5x16xf32>
  %c2 = math.tanh %c1 : tensor<5x16xf32>
  %c3 = gspmd.sharding_constraint %c2, #gspmd.tiled<@mesh, [[], ["x", "y"]]> : tensor<5x16xf32>
  %c4 = math.exp %c3 : tensor<5x16xf32>
  // partial sums over y (K = 64 split on y: exchanging the 4x5 partial
  // product, padded to 4x6, is cheaper than gathering p's 4x16 rows),
  // rows (7) on x -> cols (5) on x
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<7x5xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<7x5xf32>) -> tensor<7x5xf32>
  %m = linalg.matmul ins(%p, %q : tensor<7x64xf32>, tensor<64x5xf32>) outs(%f : tensor<7x5xf32>) -> tensor<7x5xf32>
  return %a4, %b4, %c4, %m : tensor<2x30x24xf32>, tensor<7x12xf32>, tensor<5x16xf32>, tensor<7x5xf32>
}
