// An einsum-style contraction written as linalg.generic, "bqd,bkd->bqk" (batch
// b, contracting d), with b split on x and d split on y: local partial scores
// combined by all_reduce over y; a second einsum "bqk,bkd->bqd" with k split
// on y scattered onto d.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

#q = affine_map<(b, q, k, d) -> (b, q, d)>
#k = affine_map<(b, q, k, d) -> (b, k, d)>
#s = affine_map<(b, q, k, d) -> (b, q, k)>
#p = affine_map<(b, q, d, k) -> (b, q, k)>
#v = affine_map<(b, q, d, k) -> (b, k, d)>
#o = affine_map<(b, q, d, k) -> (b, q, d)>
func.func @main(%x: tensor<4x6x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], ["y"]]>},
                %y: tensor<4x8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], ["y"]]>},
                %v: tensor<4x8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"], []]>})
    -> (tensor<4x6x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], [], []]>},
        tensor<4x6x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], ["y"]]>}) {
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<4x6x8xf32>
  %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<4x6x8xf32>) -> tensor<4x6x8xf32>
  %s = linalg.generic {indexing_maps = [#q, #k, #s],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %y : tensor<4x6x16xf32>, tensor<4x8x16xf32>) outs(%f0 : tensor<4x6x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %acc, %m : f32
    linalg.yield %r : f32
  } -> tensor<4x6x8xf32>
  %e1 = tensor.empty() : tensor<4x6x16xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<4x6x16xf32>) -> tensor<4x6x16xf32>
  %o = linalg.generic {indexing_maps = [#p, #v, #o],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%s, %v : tensor<4x6x8xf32>, tensor<4x8x16xf32>) outs(%f1 : tensor<4x6x16xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %m, %acc : f32
    linalg.yield %r : f32
  } -> tensor<4x6x16xf32>
  return %s, %o : tensor<4x6x8xf32>, tensor<4x6x16xf32>
}
