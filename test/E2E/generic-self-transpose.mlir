// One operand read twice by a linalg.generic through transposed maps, out = a
// - a^T, with a tiled [["x"], ["y"]]: the two reads need different layouts of
// the same value (one is resharded to the transposed assignment).
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<8x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>})
    -> (tensor<8x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>}) {
  %e = tensor.empty() : tensor<8x8xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %a : tensor<8x8xf32>, tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.subf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<8x8xf32>
  return %s : tensor<8x8xf32>
}
