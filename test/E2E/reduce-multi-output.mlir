// linalg.generic reductions with two outputs over a split dim: sum and sum of
// squares in one op (same combiner: both all_reduced), and max together with
// sum (different combiners: not a single all_reduce; must still be exact),
// over an uneven 9-wide dim split on y.
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
func.func @main(%a: tensor<6x9xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>})
    -> (tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) {
  %z = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<6xf32>
  %i0 = linalg.fill ins(%z : f32) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %i1 = linalg.fill ins(%ninf : f32) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %r:2 = linalg.generic {indexing_maps = [#in, #out, #out], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<6x9xf32>) outs(%i0, %i0 : tensor<6xf32>, tensor<6xf32>) {
  ^bb0(%x: f32, %s: f32, %q: f32):
    %s2 = arith.addf %x, %s : f32
    %sq = arith.mulf %x, %x : f32
    %q2 = arith.addf %q, %sq : f32
    linalg.yield %s2, %q2 : f32, f32
  } -> (tensor<6xf32>, tensor<6xf32>)
  %m:2 = linalg.generic {indexing_maps = [#in, #out, #out], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<6x9xf32>) outs(%i1, %i0 : tensor<6xf32>, tensor<6xf32>) {
  ^bb0(%x: f32, %mx: f32, %s: f32):
    %m2 = arith.maximumf %x, %mx : f32
    %s2 = arith.addf %x, %s : f32
    linalg.yield %m2, %s2 : f32, f32
  } -> (tensor<6xf32>, tensor<6xf32>)
  return %r#0, %r#1, %m#0, %m#1 : tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>
}
