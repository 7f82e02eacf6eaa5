// RUN: gspmd-opt %s -split-input-file --gspmd-spmd | FileCheck %s

// After the whole gspmd-spmd pipeline, inside the loop exactly one
// collective crosses devices: the shift, one collective_permute on the stage
// axis of one activation row (the local [1, mb...] shard: one activation per
// stage boundary); no all_gather, all_to_all, all_reduce or reduce_scatter of
// the state, the parameters or the outputs. After the loop the outputs
// cross devices once: one all_reduce on the stage axis of the local
// [M, mb...] (the last stage's rows only). A stage's own collectives (a
// Megatron all_reduce) are shown in spmd-megatron.mlir.

gspmd.mesh @mesh ["stage"=2, "data"=2]

// L = 4 on 2 devices (two stages each), M = 3, mb = 4 over "data" (2 rows).
// CHECK-LABEL: func.func @l4_stage2
// CHECK-SAME: %arg1: tensor<2x16x16xf32>{{.*}}["stage"], [], []]
// CHECK-SAME: %arg2: tensor<2x16xf32>{{.*}}["stage"], []]
// CHECK: scf.for %{{.*}} -> (tensor<2x2x16xf32>, tensor<2x3x2x16xf32>) {
// CHECK-NOT: gspmd.all_gather
// CHECK-NOT: gspmd.all_to_all
// CHECK-NOT: gspmd.all_reduce
// CHECK-NOT: gspmd.reduce_scatter
// CHECK-NOT: gspmd.collective_permute
// CHECK-NOT: gspmd.halo_exchange
// CHECK: gspmd.collective_permute %{{.*}} on @mesh ["stage"] shift = 1 : tensor<1x2x16xf32>
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
// CHECK: gspmd.all_reduce %{{.*}} on @mesh ["stage"] reduce = sum : tensor<3x2x16xf32>
// CHECK-NOT: gspmd.all_gather
// CHECK-NOT: gspmd.all_to_all
// CHECK-NOT: gspmd.all_reduce
// CHECK-NOT: gspmd.reduce_scatter
// CHECK-NOT: gspmd.collective_permute
// CHECK-NOT: gspmd.halo_exchange
// CHECK: return
func.func @l4_stage2(%x: tensor<3x4x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>}, %w: tensor<4x16x16xf32>, %b: tensor<4x16xf32>) -> (tensor<3x4x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>}) {
  %y = gspmd.pipeline %x : tensor<3x4x16xf32> params(%w, %b : tensor<4x16x16xf32>, tensor<4x16xf32>) on @mesh "stage" -> tensor<3x4x16xf32> {
  ^bb0(%a: tensor<4x16xf32>, %wl: tensor<16x16xf32>, %bl: tensor<16xf32>):
    %e = tensor.empty() : tensor<4x16xf32>
    %z = arith.constant 0.0 : f32
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
    %m = linalg.matmul ins(%a, %wl : tensor<4x16xf32>, tensor<16x16xf32>) outs(%f : tensor<4x16xf32>) -> tensor<4x16xf32>
    %bb = linalg.broadcast ins(%bl : tensor<16xf32>) outs(%e : tensor<4x16xf32>) dimensions = [0]
    %s = arith.addf %m, %bb : tensor<4x16xf32>
    %t = math.tanh %s : tensor<4x16xf32>
    gspmd.yield %t : tensor<4x16xf32>
  }
  return %y : tensor<3x4x16xf32>
}

// -----

gspmd.mesh @mesh ["stage"=4, "data"=2]

// L = 8 on 4 devices, M = 16.
// CHECK-LABEL: func.func @l8_stage4
// CHECK: scf.for %{{.*}} -> (tensor<2x2x16xf32>, tensor<2x16x2x16xf32>) {
// CHECK-NOT: gspmd.all_gather
// CHECK-NOT: gspmd.all_to_all
// CHECK-NOT: gspmd.all_reduce
// CHECK-NOT: gspmd.reduce_scatter
// CHECK-NOT: gspmd.collective_permute
// CHECK-NOT: gspmd.halo_exchange
// CHECK: gspmd.collective_permute %{{.*}} on @mesh ["stage"] shift = 1 : tensor<1x2x16xf32>
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
// CHECK: gspmd.all_reduce %{{.*}} on @mesh ["stage"] reduce = sum : tensor<16x2x16xf32>
// CHECK-NOT: gspmd.all_gather
// CHECK-NOT: gspmd.all_to_all
// CHECK-NOT: gspmd.all_reduce
// CHECK-NOT: gspmd.reduce_scatter
// CHECK-NOT: gspmd.collective_permute
// CHECK-NOT: gspmd.halo_exchange
// CHECK: return
func.func @l8_stage4(%x: tensor<16x4x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>}, %w: tensor<8x16x16xf32>, %b: tensor<8x16xf32>) -> (tensor<16x4x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>}) {
  %y = gspmd.pipeline %x : tensor<16x4x16xf32> params(%w, %b : tensor<8x16x16xf32>, tensor<8x16xf32>) on @mesh "stage" -> tensor<16x4x16xf32> {
  ^bb0(%a: tensor<4x16xf32>, %wl: tensor<16x16xf32>, %bl: tensor<16xf32>):
    %e = tensor.empty() : tensor<4x16xf32>
    %z = arith.constant 0.0 : f32
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
    %m = linalg.matmul ins(%a, %wl : tensor<4x16xf32>, tensor<16x16xf32>) outs(%f : tensor<4x16xf32>) -> tensor<4x16xf32>
    %bb = linalg.broadcast ins(%bl : tensor<16xf32>) outs(%e : tensor<4x16xf32>) dimensions = [0]
    %s = arith.addf %m, %bb : tensor<4x16xf32>
    %t = math.tanh %s : tensor<4x16xf32>
    gspmd.yield %t : tensor<4x16xf32>
  }
  return %y : tensor<16x4x16xf32>
}
