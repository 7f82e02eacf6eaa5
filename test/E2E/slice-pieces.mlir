// Slices of a split dim whose results are split finer than their source:
// q, k and v cut from a fused projection (96 columns split on "y", each
// slice's 32 split on "y" too), and an uneven source (90 columns: shards of
// 23, the last 21) sliced at 10 for 44 (shards of 11). Each device's window
// is fed by pieces, the rows its window needs from each owner, cut at a
// position linear in the sender's index (docs/partitioning.md, "Halos"),
// not by whole shards. The batch (3) is uneven over "x"; a third input is
// split over both axes. Mesh sizes 1 to 8 by sed; "y"=1 slices locally.
// REQUIRES: mpi
// RUN: %mpirun -n 8 %gspmd-run %s --check --inject-error=all | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check --inject-error=all | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=2/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check --inject-error=all | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=8/' %s > %t.8.mlir && %mpirun -n 8 %gspmd-run %t.8.mlir --check --inject-error=all | FileCheck %s
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BYTES
// CHECK-NOT: FAIL:
// CHECK-DAG: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS
// CHECK-DAG: inject-error: 3 of 3 injected errors FAIL
// Only pieces cross devices: no halo of whole shards, no gather.
// BYTES-NOT: all_gather
// BYTES: total collective_permute: [[P:[0-9]+]] ops, [[P]] calls, sent 2200 B
// BYTES: total: [[P]] ops

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%qkv: tensor<3x5x96xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], ["y"]]>},
                %odd: tensor<3x90xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>},
                %both: tensor<2x72xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"]]>})
    -> (tensor<3x5x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], ["y"]]>},
        tensor<3x5x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], ["y"]]>},
        tensor<3x5x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], ["y"]]>},
        tensor<3x44xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>},
        tensor<2x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"]]>}) {
  %q = tensor.extract_slice %qkv[0, 0, 0] [3, 5, 32] [1, 1, 1] : tensor<3x5x96xf32> to tensor<3x5x32xf32>
  %k = tensor.extract_slice %qkv[0, 0, 32] [3, 5, 32] [1, 1, 1] : tensor<3x5x96xf32> to tensor<3x5x32xf32>
  %v = tensor.extract_slice %qkv[0, 0, 64] [3, 5, 32] [1, 1, 1] : tensor<3x5x96xf32> to tensor<3x5x32xf32>
  %o = tensor.extract_slice %odd[0, 10] [3, 44] [1, 1] : tensor<3x90xf32> to tensor<3x44xf32>
  %b = tensor.extract_slice %both[0, 40] [2, 24] [1, 1] : tensor<2x72xf32> to tensor<2x24xf32>
  return %q, %k, %v, %o, %b : tensor<3x5x32xf32>, tensor<3x5x32xf32>, tensor<3x5x32xf32>, tensor<3x44xf32>, tensor<2x24xf32>
}
