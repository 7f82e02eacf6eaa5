// Matmuls whose operands disagree: K split on x in A but on y in B (one must
// be resharded), the same axis on M in A and on N in B (an axis serves one
// factor only), A used twice in one contraction (A @ A^T via a generic with A
// split on both dims), and sum_j A[i, j] * A[j, i] (the same operand read
// through transposed maps).
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

#a = affine_map<(i, j, k) -> (i, k)>
#at = affine_map<(i, j, k) -> (j, k)>
#o = affine_map<(i, j, k) -> (i, j)>
func.func @main(%a: tensor<8x12xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["x"]]>},
                %b: tensor<12x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>},
                %c: tensor<8x12xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
                %d: tensor<12x10xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["x"]]>},
                %s: tensor<10x10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>})
    -> (tensor<8x8xf32>, tensor<8x10xf32>, tensor<10x10xf32>, tensor<10xf32>) {
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<8x8xf32>
  %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %r0 = linalg.matmul ins(%a, %b : tensor<8x12xf32>, tensor<12x8xf32>) outs(%f0 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %e1 = tensor.empty() : tensor<8x10xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<8x10xf32>) -> tensor<8x10xf32>
  %r1 = linalg.matmul ins(%c, %d : tensor<8x12xf32>, tensor<12x10xf32>) outs(%f1 : tensor<8x10xf32>) -> tensor<8x10xf32>
  %e2 = tensor.empty() : tensor<10x10xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<10x10xf32>) -> tensor<10x10xf32>
  %r2 = linalg.generic {indexing_maps = [#a, #at, #o], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%s, %s : tensor<10x10xf32>, tensor<10x10xf32>) outs(%f2 : tensor<10x10xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %r = arith.addf %acc, %m : f32
    linalg.yield %r : f32
  } -> tensor<10x10xf32>
  %e3 = tensor.empty() : tensor<10xf32>
  %f3 = linalg.fill ins(%z : f32) outs(%e3 : tensor<10xf32>) -> tensor<10xf32>
  %r3 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i)>],
                        iterator_types = ["parallel", "reduction"]}
      ins(%s, %s : tensor<10x10xf32>, tensor<10x10xf32>) outs(%f3 : tensor<10xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %r = arith.addf %acc, %m : f32
    linalg.yield %r : f32
  } -> tensor<10xf32>
  return %r0, %r1, %r2, %r3 : tensor<8x8xf32>, tensor<8x10xf32>, tensor<10x10xf32>, tensor<10xf32>
}
