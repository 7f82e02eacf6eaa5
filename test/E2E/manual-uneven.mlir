// Uneven shards in a manual region: 13 rows over n devices; the body sees
// shards of ceil(13 / n) rows, the last ones padded (DESIGN section 2), and
// masks its padding itself (rows past 13 - axis_index * shard) before it
// moves rows to the next device (collective_permute without wrap: the first
// device receives zeros) and sums them with its own; 8 devices leave the last
// one without any valid row. The partitioned run's padding is poison, the
// reference's zeros, so a body that let padding through would fail
// (manual-wrong.mlir). Checked at 2, 4 and 8 ranks.
// REQUIRES: mpi
// RUN: sed -e 's/"x"=8/"x"=2/' -e 's/2x5xf32/7x5xf32/g' -e 's/constant 2 : index/constant 7 : index/' %s > %t.2.mlir
// RUN: %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed -e 's/"x"=8/"x"=4/' -e 's/2x5xf32/4x5xf32/g' -e 's/constant 2 : index/constant 4 : index/' %s > %t.4.mlir
// RUN: %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: 1 of 1 result PASS

gspmd.mesh @mesh ["x"=8]

func.func @main(%x: tensor<13x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>})
    -> (tensor<13x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>}) {
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["x"]
      in_shardings = [#gspmd.tiled<@mesh, [["x"], []]>]
      out_shardings = [#gspmd.tiled<@mesh, [["x"], []]>] {
  ^bb0(%l: tensor<2x5xf32>):
    %shard = arith.constant 2 : index
    %rows = arith.constant 13 : index
    %zero = arith.constant 0.0 : f32
    %k = gspmd.axis_index @mesh ["x"]
    %off = arith.muli %k, %shard : index
    %valid = arith.subi %rows, %off : index
    %e = tensor.empty() : tensor<2x5xf32>
    %masked = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                              iterator_types = ["parallel", "parallel"]}
        ins(%l : tensor<2x5xf32>) outs(%e : tensor<2x5xf32>) {
    ^bb0(%a: f32, %b: f32):
      %i = linalg.index 0 : index
      %in = arith.cmpi slt, %i, %valid : index
      %v = arith.select %in, %a, %zero : f32
      linalg.yield %v : f32
    } -> tensor<2x5xf32>
    %p = gspmd.collective_permute %masked on @mesh ["x"] shift = 1 : tensor<2x5xf32>
    %t = arith.addf %masked, %p : tensor<2x5xf32>
    gspmd.manual_yield %t : tensor<2x5xf32>
  } : (tensor<13x5xf32>) -> tensor<13x5xf32>
  return %r : tensor<13x5xf32>
}
