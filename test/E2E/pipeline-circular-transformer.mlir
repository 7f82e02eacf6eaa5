// gspmd.pipeline end to end, circular schedule (repeats = 2) with the
// transformer block of pipeline-transformer.mlir per stage (layernorm scaled
// by a side input, one attention head, a Megatron MLP whose hidden dim a
// constraint inside the stage puts on "model"). L = 4, M = 3 (< L: one
// bubble slot per repeat) on stage x data x model 2x2x2 and stage x data 2x2;
// with "stage" alone bit-exact (--atol 0 --rtol 0).
// REQUIRES: mpi
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// RUN: sed 's/"data"=2, "model"=2/"data"=2, "model"=1/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: sed 's/"data"=2, "model"=2/"data"=1, "model"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check --atol 0 --rtol 0 | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: 1 of 1 result PASS
gspmd.mesh @mesh ["stage"=2, "data"=2, "model"=2]
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @main(%x: tensor<3x8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
                %wq: tensor<2x4x16x16xf32>, %wk: tensor<2x4x16x16xf32>, %wv: tensor<2x4x16x16xf32>,
                %w1: tensor<2x4x16x32xf32>, %w2: tensor<2x4x32x16xf32>, %g: tensor<16xf32>)
    -> (tensor<3x8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>}) {
  %y = gspmd.pipeline %x : tensor<3x8x16xf32> params(%wq, %wk, %wv, %w1, %w2 : tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>, tensor<2x4x16x32xf32>, tensor<2x4x32x16xf32>) side(%g : tensor<16xf32>) on @mesh "stage" repeats = 2 -> tensor<3x8x16xf32> {
  ^bb0(%a: tensor<8x16xf32>, %q_w: tensor<16x16xf32>, %k_w: tensor<16x16xf32>, %v_w: tensor<16x16xf32>, %w1l: tensor<16x32xf32>, %w2l: tensor<32x16xf32>, %gl: tensor<16xf32>):
    %zero = arith.constant 0.0 : f32
    %inv = arith.constant 0.0625 : f32
    %eps = arith.constant 1.0e-5 : f32
    // layernorm over the hidden dim, scaled by the side input
    %e8 = tensor.empty() : tensor<8xf32>
    %z8 = linalg.fill ins(%zero : f32) outs(%e8 : tensor<8xf32>) -> tensor<8xf32>
    %sum = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<8x16xf32>) outs(%z8 : tensor<8xf32>) {
    ^bb0(%v: f32, %acc: f32):
      %r = arith.addf %acc, %v : f32
      linalg.yield %r : f32
    } -> tensor<8xf32>
    %e = tensor.empty() : tensor<8x16xf32>
    %cen = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]} ins(%a, %sum : tensor<8x16xf32>, tensor<8xf32>) outs(%e : tensor<8x16xf32>) {
    ^bb0(%v: f32, %s: f32, %o: f32):
      %m = arith.mulf %s, %inv : f32
      %r = arith.subf %v, %m : f32
      linalg.yield %r : f32
    } -> tensor<8x16xf32>
    %var = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%cen : tensor<8x16xf32>) outs(%z8 : tensor<8xf32>) {
    ^bb0(%v: f32, %acc: f32):
      %sq = arith.mulf %v, %v : f32
      %r = arith.addf %acc, %sq : f32
      linalg.yield %r : f32
    } -> tensor<8xf32>
    %xn = linalg.generic {indexing_maps = [#id2, #row, #col, #id2], iterator_types = ["parallel", "parallel"]} ins(%cen, %var, %gl : tensor<8x16xf32>, tensor<8xf32>, tensor<16xf32>) outs(%e : tensor<8x16xf32>) {
    ^bb0(%v: f32, %s: f32, %gg: f32, %o: f32):
      %m = arith.mulf %s, %inv : f32
      %me = arith.addf %m, %eps : f32
      %sd = math.sqrt %me : f32
      %r = arith.divf %v, %sd : f32
      %r2 = arith.mulf %r, %gg : f32
      linalg.yield %r2 : f32
    } -> tensor<8x16xf32>
    // attention, one head
    %z816 = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
    %q = linalg.matmul ins(%xn, %q_w : tensor<8x16xf32>, tensor<16x16xf32>) outs(%z816 : tensor<8x16xf32>) -> tensor<8x16xf32>
    %k = linalg.matmul ins(%xn, %k_w : tensor<8x16xf32>, tensor<16x16xf32>) outs(%z816 : tensor<8x16xf32>) -> tensor<8x16xf32>
    %v = linalg.matmul ins(%xn, %v_w : tensor<8x16xf32>, tensor<16x16xf32>) outs(%z816 : tensor<8x16xf32>) -> tensor<8x16xf32>
    %e88 = tensor.empty() : tensor<8x8xf32>
    %z88 = linalg.fill ins(%zero : f32) outs(%e88 : tensor<8x8xf32>) -> tensor<8x8xf32>
    %e168 = tensor.empty() : tensor<16x8xf32>
    %kt = linalg.transpose ins(%k : tensor<8x16xf32>) outs(%e168 : tensor<16x8xf32>) permutation = [1, 0]
    %sc = linalg.matmul ins(%q, %kt : tensor<8x16xf32>, tensor<16x8xf32>) outs(%z88 : tensor<8x8xf32>) -> tensor<8x8xf32>
    %p = linalg.softmax dimension(1) ins(%sc : tensor<8x8xf32>) outs(%e88 : tensor<8x8xf32>) -> tensor<8x8xf32>
    %att = linalg.matmul ins(%p, %v : tensor<8x8xf32>, tensor<8x16xf32>) outs(%z816 : tensor<8x16xf32>) -> tensor<8x16xf32>
    %h = arith.addf %a, %att : tensor<8x16xf32>
    // MLP, Megatron: hidden split on "model"
    %e32 = tensor.empty() : tensor<8x32xf32>
    %z32 = linalg.fill ins(%zero : f32) outs(%e32 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %h1 = linalg.matmul ins(%h, %w1l : tensor<8x16xf32>, tensor<16x32xf32>) outs(%z32 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %h1c = gspmd.sharding_constraint %h1, #gspmd.partially_tiled<@mesh, [["data"], ["model"]]> : tensor<8x32xf32>
    %r1 = math.tanh %h1c : tensor<8x32xf32>
    %h2 = linalg.matmul ins(%r1, %w2l : tensor<8x32xf32>, tensor<32x16xf32>) outs(%z816 : tensor<8x16xf32>) -> tensor<8x16xf32>
    %out = arith.addf %h, %h2 : tensor<8x16xf32>
    gspmd.yield %out : tensor<8x16xf32>
  }
  return %y : tensor<3x8x16xf32>
}
