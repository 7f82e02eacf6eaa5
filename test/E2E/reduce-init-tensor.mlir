// Reductions whose init is a function argument rather than a fill (result =
// init + sum, max(init, max), init * prod): the reduced dim (10) is split on y
// (uneven) so every device but one must start from the identity; also a
// reduction over both dims of a 7x9 tensor split on x and y at once
// (all_reduce over both axes), and a maxnumf reduction.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<6x10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %init: tensor<6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"]]>},
                %b: tensor<7x9xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %init1: tensor<1xf32>)
    -> (tensor<6xf32>, tensor<6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"]]>},
        tensor<6xf32>, tensor<f32>, tensor<6xf32>) {
  %sum = linalg.reduce ins(%a : tensor<6x10xf32>) outs(%init : tensor<6xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %max = linalg.reduce ins(%a : tensor<6x10xf32>) outs(%init : tensor<6xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.maximumf %in, %acc : f32
      linalg.yield %s : f32
    }
  %one = arith.constant 1.0 : f32
  %q = arith.constant 0.25 : f32
  %prod = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                          iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<6x10xf32>) outs(%init : tensor<6xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %p = arith.mulf %x, %acc : f32
    linalg.yield %p : f32
  } -> tensor<6xf32>
  %init0 = tensor.collapse_shape %init1 [] : tensor<1xf32> into tensor<f32>
  %all = linalg.reduce ins(%b : tensor<7x9xf32>) outs(%init0 : tensor<f32>) dimensions = [0, 1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %nan = arith.constant 0x7FC00000 : f32
  %e = tensor.empty() : tensor<6xf32>
  %in = linalg.fill ins(%nan : f32) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %maxn = linalg.reduce ins(%a : tensor<6x10xf32>) outs(%in : tensor<6xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.maxnumf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %sum, %max, %prod, %all, %maxn : tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<f32>, tensor<6xf32>
}
