// RUN: gspmd-opt %s --gspmd-spmd | FileCheck %s
// RUN: gspmd-opt %s --gspmd-pipeline | FileCheck %s --check-prefix=REWRITE

// REWRITE: linalg.generic
// REWRITE-NOT: gspmd.sharding = [
// REWRITE: gspmd.sharding_constraint %{{.*}}, #gspmd.{{(partially_)?}}tiled<@mesh, {{\[\["stage"\], \["data"\], \["model"\]\]}}> : tensor<2x8x32xf32>

// The same Megatron MLP stage as spmd-megatron.mlir, with the hidden dim
// put on "model" by a `gspmd.sharding` annotation on the first matmul
// instead of a constraint: the annotation survives the stage's
// normalisation (it becomes a constraint) and binds as it does outside a
// pipeline. Without it nothing splits "model" and no all_reduce on "model"
// appears. On stage x data x model 2x2x2 on stage x data x model 2x2x2: inside the loop, besides the shift
// (one collective_permute on "stage"), the stage's own all_reduce on
// "model" after its second matmul, which is allowed; nothing on "stage"
// gathers the state, the parameters (each device keeps its stage's
// [1, 16, 32/2] and [1, 32/2, 16] slices) or the outputs.

gspmd.mesh @mesh ["stage"=2, "data"=2, "model"=2]

// CHECK-LABEL: func.func @megatron
// CHECK-SAME: %arg1: tensor<1x16x16xf32>{{.*}}["stage"], [], ["model"]]
// CHECK-SAME: %arg2: tensor<1x16x16xf32>{{.*}}["stage"], ["model"], []]
// CHECK: scf.for %{{.*}} -> (tensor<1x4x16xf32>, tensor<1x4x4x16xf32>) {
// CHECK-NOT: gspmd.all_gather
// CHECK-NOT: gspmd.all_to_all
// CHECK-NOT: gspmd.all_reduce
// CHECK-NOT: gspmd.reduce_scatter
// CHECK-NOT: gspmd.collective_permute
// CHECK-NOT: gspmd.halo_exchange
// CHECK: gspmd.collective_permute %{{.*}} on @mesh ["stage"] shift = 1 : tensor<1x4x16xf32>
// CHECK-NOT: gspmd.all_gather
// CHECK-NOT: gspmd.all_to_all
// CHECK-NOT: gspmd.reduce_scatter
// CHECK-NOT: gspmd.collective_permute
// CHECK-NOT: gspmd.halo_exchange
// CHECK: gspmd.all_reduce %{{.*}} on @mesh ["model"] reduce = sum : tensor<1x4x16xf32>
// CHECK-NOT: gspmd.all_gather
// CHECK-NOT: gspmd.all_to_all
// CHECK-NOT: gspmd.all_reduce
// CHECK-NOT: gspmd.reduce_scatter
// CHECK-NOT: gspmd.collective_permute
// CHECK-NOT: gspmd.halo_exchange
// CHECK: scf.yield
// CHECK-NOT: gspmd.all_gather
// CHECK-NOT: gspmd.all_to_all
// CHECK-NOT: gspmd.reduce_scatter
// CHECK-NOT: gspmd.collective_permute
// CHECK-NOT: gspmd.halo_exchange
// CHECK: gspmd.all_reduce %{{.*}} on @mesh ["stage"] reduce = sum : tensor<4x4x16xf32>
// CHECK-NOT: gspmd.all_gather
// CHECK-NOT: gspmd.all_to_all
// CHECK-NOT: gspmd.all_reduce
// CHECK-NOT: gspmd.reduce_scatter
// CHECK-NOT: gspmd.collective_permute
// CHECK-NOT: gspmd.halo_exchange
// CHECK: return
func.func @megatron(%x: tensor<4x8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>}, %w1: tensor<2x16x32xf32>, %w2: tensor<2x32x16xf32>) -> (tensor<4x8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>}) {
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
