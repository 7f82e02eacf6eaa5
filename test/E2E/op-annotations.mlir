// User shardings written directly on ops (the discardable gspmd.sharding =
// [...] result attribute) instead of constraints: an elementwise op pinned to
// a layout its operands do not have, a two-result linalg.generic with one
// entry per result (different layouts), a matmul pinned to reduce over the
// contracting dim, and a linalg.generic taking a scalar (f32) operand next to
// tensors.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %b: tensor<12x6xf32>)
    -> (tensor<8x12xf32>, tensor<8x12xf32>, tensor<8x12xf32>, tensor<8x6xf32>, tensor<8x12xf32>) {
  %0 = math.exp %a {gspmd.sharding = [#gspmd.tiled<@mesh, [["y"], ["x"]]>]} : tensor<8x12xf32>
  %1 = arith.addf %0, %a {gspmd.sharding = [#gspmd.tiled<@mesh, [[], ["x", "y"]]>]} : tensor<8x12xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x12xf32>
  %e2 = tensor.empty() : tensor<8x12xf32>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
      ins(%1 : tensor<8x12xf32>) outs(%e, %e2 : tensor<8x12xf32>, tensor<8x12xf32>)
      attrs = {gspmd.sharding = [#gspmd.tiled<@mesh, [["x"], ["y"]]>, #gspmd.partially_tiled<@mesh, [[], ["y"]]>]} {
  ^bb0(%x: f32, %o: f32, %p: f32):
    %t = math.tanh %x : f32
    %u = math.exp %x : f32
    linalg.yield %t, %u : f32, f32
  } -> (tensor<8x12xf32>, tensor<8x12xf32>)
  %e6 = tensor.empty() : tensor<8x6xf32>
  %f6 = linalg.fill ins(%z : f32) outs(%e6 : tensor<8x6xf32>) -> tensor<8x6xf32>
  %m = linalg.matmul {gspmd.sharding = [#gspmd.partially_tiled<@mesh, [["x"], []]>]}
      ins(%a, %b : tensor<8x12xf32>, tensor<12x6xf32>) outs(%f6 : tensor<8x6xf32>) -> tensor<8x6xf32>
  %s = arith.constant 0.25 : f32
  %g = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %s : tensor<8x12xf32>, f32) outs(%e : tensor<8x12xf32>) {
  ^bb0(%x: f32, %k: f32, %o: f32):
    %y = arith.mulf %x, %k : f32
    linalg.yield %y : f32
  } -> tensor<8x12xf32>
  return %1, %r#0, %r#1, %m, %g : tensor<8x12xf32>, tensor<8x12xf32>, tensor<8x12xf32>, tensor<8x6xf32>, tensor<8x12xf32>
}
