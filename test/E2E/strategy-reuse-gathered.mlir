// A linear layer's forward and backward: the forward gathers x (split on
// "y" along the contraction) for y = x W; the weight gradient dW = x^T dy
// then starts from that gathered x, already made (the strategy weighs the
// layouts the partitioner has made of an operand, ReshardCache.c), instead
// of gathering dy as well (an all_to_all of the column-split product moves
// dW to its wanted row split, for a quarter of dy's gather). The hidden
// (30) and batch (33) are uneven; the shardings are partial (replicated
// over "x"). Mesh sizes 1 to 8 by sed, and both axes on one dim.
// REQUIRES: mpi
// RUN: %mpirun -n 8 %gspmd-run %s --check --inject-error=all | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check --inject-error=all | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=2/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check --inject-error=all | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=8/' %s > %t.8.mlir && %mpirun -n 8 %gspmd-run %t.8.mlir --check --inject-error=all | FileCheck %s
// RUN: sed 's/partially_tiled<@mesh, \(.*\)\["y"\]/tiled<@mesh, \1["x", "y"]/' %s > %t.xy.mlir && %mpirun -n 8 %gspmd-run %t.xy.mlir --check --inject-error=all | FileCheck %s
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BYTES
// CHECK-NOT: FAIL:
// CHECK-DAG: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS
// CHECK-DAG: inject-error: 3 of 3 injected errors FAIL
// x is gathered once (for the forward), dy never (6,336 B before: dy gathered too).
// BYTES: total all_gather: 1 op, 1 call, sent 3168 B
// BYTES: total all_to_all: 1 op, 1 call, sent 768 B
// BYTES: total: 2 ops, 2 calls, sent 3936 B

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%x: tensor<33x30xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>},
                %w: tensor<30x30xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>},
                %dy: tensor<33x30xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>})
    -> (tensor<33x30xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>},
        tensor<30x30xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<33x30xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<33x30xf32>) -> tensor<33x30xf32>
  %y = linalg.matmul ins(%x, %w : tensor<33x30xf32>, tensor<30x30xf32>) outs(%f : tensor<33x30xf32>) -> tensor<33x30xf32>
  %e2 = tensor.empty() : tensor<30x30xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<30x30xf32>) -> tensor<30x30xf32>
  %dw = linalg.matmul indexing_maps = [affine_map<(i, j, k) -> (k, i)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>]
        ins(%x, %dy : tensor<33x30xf32>, tensor<33x30xf32>) outs(%f2 : tensor<30x30xf32>) -> tensor<30x30xf32>
  return %y, %dw : tensor<33x30xf32>, tensor<30x30xf32>
}
