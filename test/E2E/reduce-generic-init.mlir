// Reductions written as linalg.generic whose init is not the identity: a sum
// into fill(1.0) and a product (mulf of 1 + 0.25*x) into fill(2.0), both over
// a dim split on y (uneven: 10 over 4), and a sum of squares with the combiner
// operands in the other order. The init must be applied exactly once after the
// all_reduce.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

#in = affine_map<(i, j) -> (i, j)>
#out = affine_map<(i, j) -> (i)>
func.func @main(%a: tensor<8x10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>})
    -> (tensor<8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"]]>},
        tensor<8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"]]>},
        tensor<8xf32> {gspmd.sharding = #gspmd.replicated}) {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %q = arith.constant 0.25 : f32
  %e = tensor.empty() : tensor<8xf32>
  %i1 = linalg.fill ins(%one : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %i2 = linalg.fill ins(%two : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<8x10xf32>) outs(%i1 : tensor<8xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %prod = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<8x10xf32>) outs(%i2 : tensor<8xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %t = arith.mulf %x, %q : f32
    %u = arith.addf %t, %one : f32
    %p = arith.mulf %acc, %u : f32
    linalg.yield %p : f32
  } -> tensor<8xf32>
  %sq = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<8x10xf32>) outs(%i1 : tensor<8xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %t = arith.mulf %x, %x : f32
    %s = arith.addf %acc, %t : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %sum, %prod, %sq : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}
