// A Megatron MLP stage whose hidden dim is put on "model" by a
// `gspmd.sharding` annotation on an op inside the stage (not a constraint),
// run on stage x data x model 2x2x2 (and 2x1x2; M = 3 micro-batches of 5 rows, uneven over data=2, at
// 8 ranks): the annotation binds (the report shows the stage's all_reduce
// on "model" in the loop) and the result equals the sequential meaning.
// REQUIRES: mpi
// RUN: %mpirun -n 8 %gspmd-run %s --check --report | FileCheck %s
// RUN: sed 's/"data"=2/"data"=1/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check --report | FileCheck %s
// RUN: sed 's/tensor<4x8x16xf32>/tensor<3x5x16xf32>/g; s/tensor<8x16xf32>/tensor<5x16xf32>/g; s/tensor<8x32xf32>/tensor<5x32xf32>/g' %s > %t.u.mlir && %mpirun -n 8 %gspmd-run %t.u.mlir --check --report | FileCheck %s
// CHECK: all_reduce on @mesh ["model"]
// CHECK: check: 1 of 1 result PASS
gspmd.mesh @mesh ["stage"=2, "data"=2, "model"=2]

func.func @main(%x: tensor<4x8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>}, %w1: tensor<2x16x32xf32>, %w2: tensor<2x32x16xf32>) -> (tensor<4x8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>}) {
  %y = gspmd.pipeline %x : tensor<4x8x16xf32> params(%w1, %w2 : tensor<2x16x32xf32>, tensor<2x32x16xf32>) on @mesh "stage" -> tensor<4x8x16xf32> {
  ^bb0(%a: tensor<8x16xf32>, %w1l: tensor<16x32xf32>, %w2l: tensor<32x16xf32>):
    %zero = arith.constant 0.0 : f32
    %e32 = tensor.empty() : tensor<8x32xf32>
    %z32 = linalg.fill ins(%zero : f32) outs(%e32 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %h1 = linalg.matmul {gspmd.sharding = [#gspmd.partially_tiled<@mesh, [["data"], ["model"]]>]} ins(%a, %w1l : tensor<8x16xf32>, tensor<16x32xf32>) outs(%z32 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %r1 = math.tanh %h1 : tensor<8x32xf32>
    %e = tensor.empty() : tensor<8x16xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
    %h2 = linalg.matmul ins(%r1, %w2l : tensor<8x32xf32>, tensor<32x16xf32>) outs(%z : tensor<8x16xf32>) -> tensor<8x16xf32>
    %out = arith.addf %a, %h2 : tensor<8x16xf32>
    gspmd.yield %out : tensor<8x16xf32>
  }
  return %y : tensor<4x8x16xf32>
}
