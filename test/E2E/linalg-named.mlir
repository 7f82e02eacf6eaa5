// Other named linalg ops, each with a split that needs a collective or none:
// linalg.matvec with the contracting dim split on y (all_reduce),
// linalg.vecmat with the output split, linalg.dot with the vector split on
// [["x", "y"]] (uneven 13 over 8, 0-d result), linalg.matmul with explicit
// indexing_maps (A @ B^T) with K split, linalg.map and linalg.copy on tiled
// operands.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%m: tensor<6x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %v: tensor<16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"]]>},
                %w: tensor<6xf32> {gspmd.sharding = #gspmd.replicated},
                %p: tensor<13xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"]]>},
                %q: tensor<13xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y", "x"]]>},
                %bt: tensor<10x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>})
    -> (tensor<6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"]]>},
        tensor<16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"]]>},
        tensor<f32>,
        tensor<6x10xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
        tensor<6x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<6x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>}) {
  %z = arith.constant 0.0 : f32
  %e6 = tensor.empty() : tensor<6xf32>
  %f6 = linalg.fill ins(%z : f32) outs(%e6 : tensor<6xf32>) -> tensor<6xf32>
  %mv = linalg.matvec ins(%m, %v : tensor<6x16xf32>, tensor<16xf32>) outs(%f6 : tensor<6xf32>) -> tensor<6xf32>
  %e16 = tensor.empty() : tensor<16xf32>
  %f16 = linalg.fill ins(%z : f32) outs(%e16 : tensor<16xf32>) -> tensor<16xf32>
  %vm = linalg.vecmat ins(%w, %m : tensor<6xf32>, tensor<6x16xf32>) outs(%f16 : tensor<16xf32>) -> tensor<16xf32>
  %e0 = tensor.empty() : tensor<f32>
  %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %d = linalg.dot ins(%p, %q : tensor<13xf32>, tensor<13xf32>) outs(%f0 : tensor<f32>) -> tensor<f32>
  %e2 = tensor.empty() : tensor<6x10xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<6x10xf32>) -> tensor<6x10xf32>
  %mt = linalg.matmul indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>]
      ins(%m, %bt : tensor<6x16xf32>, tensor<10x16xf32>) outs(%f2 : tensor<6x10xf32>) -> tensor<6x10xf32>
  %e3 = tensor.empty() : tensor<6x16xf32>
  %map = linalg.map ins(%m : tensor<6x16xf32>) outs(%e3 : tensor<6x16xf32>)
    (%a: f32, %o: f32) {
      %t = math.tanh %a : f32
      %x = math.exp %t : f32
      linalg.yield %x : f32
    }
  %e4 = tensor.empty() : tensor<6x16xf32>
  %cp = linalg.copy ins(%map : tensor<6x16xf32>) outs(%e4 : tensor<6x16xf32>) -> tensor<6x16xf32>
  return %mv, %vm, %d, %mt, %map, %cp : tensor<6xf32>, tensor<16xf32>, tensor<f32>, tensor<6x10xf32>, tensor<6x16xf32>, tensor<6x16xf32>
}
