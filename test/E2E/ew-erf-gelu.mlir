// Exact gelu, 0.5 x (1 + erf(x / sqrt 2)), on an MLP hidden activation split
// 2-D (batch on x, hidden on y), plus math.erf alone on an uneven tensor:
// math.erf must lower in the CPU backend and partition like any elementwise
// op.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
                %w: tensor<16x24xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>},
                %u: tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>})
    -> (tensor<8x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x24xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x24xf32>) -> tensor<8x24xf32>
  %h = linalg.matmul ins(%x, %w : tensor<8x16xf32>, tensor<16x24xf32>) outs(%f : tensor<8x24xf32>) -> tensor<8x24xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%h : tensor<8x24xf32>) outs(%e : tensor<8x24xf32>) {
  ^bb0(%a: f32, %o: f32):
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %rs2 = arith.constant 0.70710678 : f32
    %s = arith.mulf %a, %rs2 : f32
    %er = math.erf %s : f32
    %p = arith.addf %er, %one : f32
    %q = arith.mulf %a, %p : f32
    %r = arith.mulf %q, %half : f32
    linalg.yield %r : f32
  } -> tensor<8x24xf32>
  %v = math.erf %u : tensor<7x5xf32>
  return %g, %v : tensor<8x24xf32>, tensor<7x5xf32>
}
