// Meshes with an explicit device order (`devices = [...]`: the device id at
// each mesh position, so MPI rank r sits at the position where r is listed):
// the axis_index offsets, the collectives' groups and gspmd-run's scatter and
// gather must all follow the list. A 2x4 mesh with the ids reversed and
// column-major, shrunk to 2x2 ([0, 2, 1, 3]: transposed) and 2 ([1, 0]); an
// elementwise chain, a split-K matmul (all_reduce), a reshard between the two
// axes and an iota (linalg.index) along a split dim.
// REQUIRES: mpi
// RUN: sed 's/\["x"=2, "y"=4\] devices = \[7, 5, 3, 1, 6, 4, 2, 0\]/["x"=2, "y"=1] devices = [1, 0]/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/\["x"=2, "y"=4\] devices = \[7, 5, 3, 1, 6, 4, 2, 0\]/["x"=2, "y"=2] devices = [0, 2, 1, 3]/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4] devices = [7, 5, 3, 1, 6, 4, 2, 0]

func.func @main(%a: tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %b: tensor<12x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>},
                %u: tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y", "x"], []]>})
    -> (tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>},
        tensor<8x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
        tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"]]>},
        tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>}) {
  %e = math.exp %a : tensor<8x12xf32>
  %t = math.tanh %e : tensor<8x12xf32>
  %z = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<8x6xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<8x6xf32>) -> tensor<8x6xf32>
  %m = linalg.matmul ins(%a, %b : tensor<8x12xf32>, tensor<12x6xf32>) outs(%f1 : tensor<8x6xf32>) -> tensor<8x6xf32>
  %v = math.exp %u : tensor<7x5xf32>
  %ei = tensor.empty() : tensor<8x12xf32>
  %iota = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                          iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<8x12xf32>) outs(%ei : tensor<8x12xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c12 = arith.constant 12 : index
    %r = arith.muli %i, %c12 : index
    %k = arith.addi %r, %j : index
    %k64 = arith.index_cast %k : index to i64
    %f = arith.sitofp %k64 : i64 to f32
    %s = arith.addf %f, %x : f32
    linalg.yield %s : f32
  } -> tensor<8x12xf32>
  return %t, %m, %v, %iota : tensor<8x12xf32>, tensor<8x6xf32>, tensor<7x5xf32>, tensor<8x12xf32>
}
