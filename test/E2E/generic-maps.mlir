// linalg.generic indexing maps beyond identity: an output written through a
// permuted map (a transposing generic), an output operand that the body reads
// (out = out * s + b^T with the init taken from an argument and s a 0-d input
// broadcast through an empty map), a constant-index read (column 0 of a tensor
// whose columns are split), and a 3-D generic reading a 2-D tensor through
// (d0, d2).
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<6x10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %b: tensor<10x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %s: tensor<f32>,
                %c: tensor<6x9xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %d: tensor<4x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>})
    -> (tensor<10x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<6x10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<6x9xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<4x3x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], ["y"]]>}) {
  %e0 = tensor.empty() : tensor<10x6xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j, i)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<6x10xf32>) outs(%e0 : tensor<10x6xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<10x6xf32>
  %bt = linalg.transpose ins(%b : tensor<10x6xf32>) outs(%e0 : tensor<10x6xf32>) permutation = [0, 1]
  %acc = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> ()>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
      ins(%bt, %s : tensor<10x6xf32>, tensor<f32>) outs(%a : tensor<6x10xf32>) {
  ^bb0(%x: f32, %sc: f32, %o: f32):
    %h = arith.mulf %o, %sc : f32
    %y = arith.addf %h, %x : f32
    linalg.yield %y : f32
  } -> tensor<6x10xf32>
  %e2 = tensor.empty() : tensor<6x9xf32>
  %col = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, 0)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
      ins(%c, %c : tensor<6x9xf32>, tensor<6x9xf32>) outs(%e2 : tensor<6x9xf32>) {
  ^bb0(%first: f32, %x: f32, %o: f32):
    %y = arith.subf %x, %first : f32
    linalg.yield %y : f32
  } -> tensor<6x9xf32>
  %e3 = tensor.empty() : tensor<4x3x5xf32>
  %b3 = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (i, j, k)>],
                        iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%d : tensor<4x5xf32>) outs(%e3 : tensor<4x3x5xf32>) {
  ^bb0(%x: f32, %o: f32):
    %j = linalg.index 1 : index
    %j64 = arith.index_cast %j : index to i64
    %jf = arith.sitofp %j64 : i64 to f32
    %y = arith.addf %x, %jf : f32
    linalg.yield %y : f32
  } -> tensor<4x3x5xf32>
  return %t, %acc, %col, %b3 : tensor<10x6xf32>, tensor<6x10xf32>, tensor<6x9xf32>, tensor<4x3x5xf32>
}
