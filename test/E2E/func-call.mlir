// func.call across sharding boundaries: a callee whose argument is split on y
// along columns called with a value split on x along rows (the caller reshards
// to the callee signature and back), a callee called twice from values of
// different layouts, and a callee returning two results of different layouts.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func private @layer(%h: tensor<8x12xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>},
                         %w: tensor<12x12xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>})
    -> (tensor<8x12xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x12xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x12xf32>) -> tensor<8x12xf32>
  %m = linalg.matmul ins(%h, %w : tensor<8x12xf32>, tensor<12x12xf32>) outs(%f : tensor<8x12xf32>) -> tensor<8x12xf32>
  %t = math.tanh %m : tensor<8x12xf32>
  return %t : tensor<8x12xf32>
}
func.func private @two(%a: tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>})
    -> (tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>},
        tensor<7x5xf32> {gspmd.sharding = #gspmd.replicated}) {
  %e = math.exp %a : tensor<7x5xf32>
  %t = math.tanh %a : tensor<7x5xf32>
  return %e, %t : tensor<7x5xf32>, tensor<7x5xf32>
}
func.func @main(%x: tensor<8x12xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
                %w: tensor<12x12xf32> {gspmd.sharding = #gspmd.replicated},
                %u: tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"]]>})
    -> (tensor<8x12xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
        tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
        tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>}) {
  %h1 = call @layer(%x, %w) : (tensor<8x12xf32>, tensor<12x12xf32>) -> tensor<8x12xf32>
  %h2 = math.exp %h1 : tensor<8x12xf32>
  %h3 = call @layer(%h2, %w) : (tensor<8x12xf32>, tensor<12x12xf32>) -> tensor<8x12xf32>
  %r:2 = call @two(%u) : (tensor<7x5xf32>) -> (tensor<7x5xf32>, tensor<7x5xf32>)
  %s = arith.addf %r#0, %r#1 : tensor<7x5xf32>
  return %h3, %s, %r#0 : tensor<8x12xf32>, tensor<7x5xf32>, tensor<7x5xf32>
}
