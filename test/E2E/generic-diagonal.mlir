// linalg.generic reads where one loop indexes two dims or two loops share one
// dim: a Hankel matrix out[i, j] = a[i + j] from a vector split on [["x",
// "y"]], out[i, j] = b[i, j] * a[2 i + j], and the diagonal out[i] = h[i, i]
// of the split Hankel matrix (the loop i maps to both input dims: its axes can
// split only one of them).
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<18xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"]]>},
                %b: tensor<6x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>})
    -> (tensor<8x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<6x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y", "x"]]>}) {
  %e = tensor.empty() : tensor<8x8xf32>
  %h = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i + j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<18xf32>) outs(%e : tensor<8x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<8x8xf32>
  // out[i, j] = b[i, j] * a[2 i + j]
  %e2 = tensor.empty() : tensor<6x8xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (2 * i + j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%b, %a : tensor<6x8xf32>, tensor<18xf32>) outs(%e2 : tensor<6x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<6x8xf32>
  // diagonal: out[i] = h[i, i]
  %e3 = tensor.empty() : tensor<8xf32>
  %d = linalg.generic {indexing_maps = [affine_map<(i) -> (i, i)>, affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]}
      ins(%h : tensor<8x8xf32>) outs(%e3 : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<8xf32>
  return %h, %g, %d : tensor<8x8xf32>, tensor<6x8xf32>, tensor<8xf32>
}
