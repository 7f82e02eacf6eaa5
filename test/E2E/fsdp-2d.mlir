// FSDP combined with Megatron on a 2x4 mesh (x = data, y = model): W1 is
// stored split on x along its input dim and on y along its hidden dim, and is
// all-gathered over x only (sharding_constraint to partially_tiled [[],
// ["y"]]) before a column-parallel matmul; W2 likewise for the row-parallel
// one; the W1 gradient contracts the batch (split on x) and is reduce-
// scattered back to the stored layout. Hidden 20 is uneven over y=4.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

#xt = affine_map<(i, j, b) -> (b, i)>
#yt = affine_map<(i, j, b) -> (b, j)>
#ij = affine_map<(i, j, b) -> (i, j)>
func.func @main(%x: tensor<12x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
                %w1: tensor<8x20xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %w2: tensor<20x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>})
    -> (tensor<12x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
        tensor<8x20xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>}) {
  %z = arith.constant 0.0 : f32
  %w1f = gspmd.sharding_constraint %w1, #gspmd.partially_tiled<@mesh, [[], ["y"]]> : tensor<8x20xf32>
  %e1 = tensor.empty() : tensor<12x20xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<12x20xf32>) -> tensor<12x20xf32>
  %h = linalg.matmul ins(%x, %w1f : tensor<12x8xf32>, tensor<8x20xf32>) outs(%f1 : tensor<12x20xf32>) -> tensor<12x20xf32>
  %a = math.tanh %h : tensor<12x20xf32>
  %w2f = gspmd.sharding_constraint %w2, #gspmd.partially_tiled<@mesh, [["y"], []]> : tensor<20x8xf32>
  %e2 = tensor.empty() : tensor<12x8xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<12x8xf32>) -> tensor<12x8xf32>
  %y = linalg.matmul ins(%a, %w2f : tensor<12x20xf32>, tensor<20x8xf32>) outs(%f2 : tensor<12x8xf32>) -> tensor<12x8xf32>
  %eg = tensor.empty() : tensor<8x20xf32>
  %fg = linalg.fill ins(%z : f32) outs(%eg : tensor<8x20xf32>) -> tensor<8x20xf32>
  %dw1 = linalg.generic {indexing_maps = [#xt, #yt, #ij], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %a : tensor<12x8xf32>, tensor<12x20xf32>) outs(%fg : tensor<8x20xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %r = arith.addf %acc, %m : f32
    linalg.yield %r : f32
  } -> tensor<8x20xf32>
  return %y, %dw1 : tensor<12x8xf32>, tensor<8x20xf32>
}
