// scf.while with sharded loop-carried tensors: iterate x <- tanh(x) * 1.5 + b
// until the full sum of squares (a split reduction the condition needs on
// every device) drops below a bound or a counter runs out; the carried value
// is tiled over both axes (uneven 7x10).
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%x: tensor<7x10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %b: tensor<7x10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>})
    -> (tensor<7x10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>}, tensor<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %z = arith.constant 0.0 : f32
  %bound = arith.constant 20.0 : f32
  %k = arith.constant dense<1.5> : tensor<7x10xf32>
  %r:2 = scf.while (%v = %x, %i = %c0) : (tensor<7x10xf32>, index) -> (tensor<7x10xf32>, index) {
    %e0 = tensor.empty() : tensor<f32>
    %i0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
    %ss = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>],
                          iterator_types = ["reduction", "reduction"]}
        ins(%v : tensor<7x10xf32>) outs(%i0 : tensor<f32>) {
    ^bb0(%a: f32, %acc: f32):
      %sq = arith.mulf %a, %a : f32
      %s = arith.addf %acc, %sq : f32
      linalg.yield %s : f32
    } -> tensor<f32>
    %s = tensor.extract %ss[] : tensor<f32>
    %small = arith.cmpf olt, %s, %bound : f32
    %more = arith.cmpi ult, %i, %c6 : index
    %go = arith.andi %small, %more : i1
    scf.condition(%go) %v, %i : tensor<7x10xf32>, index
  } do {
  ^bb0(%v: tensor<7x10xf32>, %i: index):
    %t = math.tanh %v : tensor<7x10xf32>
    %m = arith.mulf %t, %k : tensor<7x10xf32>
    %n = arith.addf %m, %b : tensor<7x10xf32>
    %i2 = arith.addi %i, %c1 : index
    scf.yield %n, %i2 : tensor<7x10xf32>, index
  }
  %iters = arith.index_cast %r#1 : index to i64
  %f = arith.sitofp %iters : i64 to f32
  %e = tensor.empty() : tensor<f32>
  %out = linalg.fill ins(%f : f32) outs(%e : tensor<f32>) -> tensor<f32>
  return %r#0, %out : tensor<7x10xf32>, tensor<f32>
}
