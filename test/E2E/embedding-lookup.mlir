// Embedding lookup written the usual way in linalg: a generic over (token,
// hidden) whose body reads the table, captured from above (not an operand),
// with tensor.extract at the token id. The table is stored split on the hidden
// dim (y) in one lookup and on the vocabulary dim (x, vocab-parallel) in
// another; ids are split on x. The captured table must be read as the whole
// global tensor (or the lookup partitioned properly), never as the local shard
// with global indices.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%ids: tensor<6xi32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"]]>},
                %table: tensor<16x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>},
                %vocab: tensor<12x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>})
    -> (tensor<6x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<6x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>}) {
  %e = tensor.empty() : tensor<6x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, d) -> (i)>, affine_map<(i, d) -> (i, d)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%ids : tensor<6xi32>) outs(%e : tensor<6x8xf32>) {
  ^bb0(%id: i32, %o: f32):
    %c16 = arith.constant 16 : i32
    %m = arith.remui %id, %c16 : i32
    %row = arith.index_cast %m : i32 to index
    %d = linalg.index 1 : index
    %v = tensor.extract %table[%row, %d] : tensor<16x8xf32>
    linalg.yield %v : f32
  } -> tensor<6x8xf32>
  %r2 = linalg.generic {indexing_maps = [affine_map<(i, d) -> (i)>, affine_map<(i, d) -> (i, d)>],
                        iterator_types = ["parallel", "parallel"]}
      ins(%ids : tensor<6xi32>) outs(%e : tensor<6x8xf32>) {
  ^bb0(%id: i32, %o: f32):
    %c12 = arith.constant 12 : i32
    %m = arith.remui %id, %c12 : i32
    %row = arith.index_cast %m : i32 to index
    %d = linalg.index 1 : index
    %v = tensor.extract %vocab[%row, %d] : tensor<12x8xf32>
    linalg.yield %v : f32
  } -> tensor<6x8xf32>
  return %r, %r2 : tensor<6x8xf32>, tensor<6x8xf32>
}
