// linalg.generic reads through non-trivial affine maps on split dims, where a
// shard needs elements another device holds: reversal (6 - i), stride 2 (2 *
// i), shift (i + 1), a sliding window sum (i + k, k a reduction loop),
// upsampling (i floordiv 2), and i mod 4. Every such read must either be
// resharded so the data is local or be computed replicated; a rule that treats
// these maps like the identity computes wrong numbers.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<7x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %b: tensor<16x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>},
                %c: tensor<9x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
                %d: tensor<4x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>})
    -> (tensor<7x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<8x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>},
        tensor<8x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
        tensor<7x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
        tensor<8x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<4x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>}) {
  %z = arith.constant 0.0 : f32
  // reversal along both dims: out[i, j] = a[6 - i, 7 - j]
  %e0 = tensor.empty() : tensor<7x8xf32>
  %rev = linalg.generic {indexing_maps = [affine_map<(i, j) -> (6 - i, 7 - j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<7x8xf32>) outs(%e0 : tensor<7x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<7x8xf32>
  // stride 2: out[i, j] = b[2 i, j]
  %e1 = tensor.empty() : tensor<8x6xf32>
  %str = linalg.generic {indexing_maps = [affine_map<(i, j) -> (2 * i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
      ins(%b : tensor<16x6xf32>) outs(%e1 : tensor<8x6xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<8x6xf32>
  // shift: out[i, j] = c[i + 1, j]
  %e2 = tensor.empty() : tensor<8x4xf32>
  %sh = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i + 1, j)>, affine_map<(i, j) -> (i, j)>],
                        iterator_types = ["parallel", "parallel"]}
      ins(%c : tensor<9x4xf32>) outs(%e2 : tensor<8x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<8x4xf32>
  // sliding window sum of 3 rows: out[i, j] = sum_k c[i + k, j]
  %e3 = tensor.empty() : tensor<7x4xf32>
  %f3 = linalg.fill ins(%z : f32) outs(%e3 : tensor<7x4xf32>) -> tensor<7x4xf32>
  %w3 = tensor.empty() : tensor<3xf32>
  %win = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i + k, j)>, affine_map<(i, j, k) -> (k)>, affine_map<(i, j, k) -> (i, j)>],
                         iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%c, %w3 : tensor<9x4xf32>, tensor<3xf32>) outs(%f3 : tensor<7x4xf32>) {
  ^bb0(%x: f32, %w: f32, %o: f32):
    %s = arith.addf %x, %o : f32
    linalg.yield %s : f32
  } -> tensor<7x4xf32>
  // upsampling: out[i, j] = d[i floordiv 2, j]
  %e4 = tensor.empty() : tensor<8x8xf32>
  %up = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i floordiv 2, j)>, affine_map<(i, j) -> (i, j)>],
                        iterator_types = ["parallel", "parallel"]}
      ins(%d : tensor<4x8xf32>) outs(%e4 : tensor<8x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<8x8xf32>
  // modulo: out[i, j] = d[i, j mod 4] + d[i, j]
  %e5 = tensor.empty() : tensor<4x8xf32>
  %md = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j mod 4)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                        iterator_types = ["parallel", "parallel"]}
      ins(%d, %d : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e5 : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %rev, %str, %sh, %win, %up, %md : tensor<7x8xf32>, tensor<8x6xf32>, tensor<8x4xf32>, tensor<7x4xf32>, tensor<8x8xf32>, tensor<4x8xf32>
}
