// RUN: gspmd-opt %s -split-input-file --gspmd-spmd --gspmd-comm-report -o /dev/null | FileCheck %s

// The bytes a pipeline moves (comm report, ring model): M + L - 1
// collective_permutes of one activation row (local [1, 2, 16] f32 = 128 B),
// then after the loop one all_reduce on "stage" of the last stage's rows
// only, the local [M, mb...] = [3, 2, 16] f32 = 384 B (sent 2 x 384 x 3/4 =
// 576 B per device), whatever L is. Before, the whole output buffer was
// gathered: [L/4, 3, 2, 16] x 3 = 1152 B with L = 4, 2304 B with L = 8.

// L = 4 on stage = 4: 6 iterations.
// CHECK-LABEL: @one_stage_per_device: collective_permute on @mesh ["stage"] group 4: in tensor<1x2x16xf32> 128 B, sent 128 B, received 128 B, x6 (loop trip count)
// CHECK-NEXT: @one_stage_per_device: all_reduce on @mesh ["stage"] group 4: in tensor<3x2x16xf32> 384 B, sent 576 B, received 576 B
// CHECK-NOT: all_gather
// CHECK-NOT: all_to_all
// CHECK: total all_reduce: 1 op, 1 call, sent 576 B, received 576 B
// CHECK-NEXT: total collective_permute: 1 op, 6 calls, sent 768 B, received 768 B
// CHECK-NEXT: total: 2 ops, 7 calls, sent 1344 B, received 1344 B
gspmd.mesh @mesh ["stage"=4, "data"=2]
func.func @one_stage_per_device(%x: tensor<3x4x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>}, %w: tensor<4x16x16xf32>, %b: tensor<4x16xf32>) -> (tensor<3x4x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>}) {
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

// L = 8 on stage = 4 (two stages per device): 10 iterations, the same
// 576 B after the loop.
// CHECK-LABEL: @two_stages_per_device: collective_permute on @mesh ["stage"] group 4: in tensor<1x2x16xf32> 128 B, sent 128 B, received 128 B, x10 (loop trip count)
// CHECK-NEXT: @two_stages_per_device: all_reduce on @mesh ["stage"] group 4: in tensor<3x2x16xf32> 384 B, sent 576 B, received 576 B
// CHECK-NOT: all_gather
// CHECK-NOT: all_to_all
// CHECK: total all_reduce: 1 op, 1 call, sent 576 B, received 576 B
gspmd.mesh @mesh ["stage"=4, "data"=2]
func.func @two_stages_per_device(%x: tensor<3x4x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>}, %w: tensor<8x16x16xf32>, %b: tensor<8x16xf32>) -> (tensor<3x4x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>}) {
  %y = gspmd.pipeline %x : tensor<3x4x16xf32> params(%w, %b : tensor<8x16x16xf32>, tensor<8x16xf32>) on @mesh "stage" -> tensor<3x4x16xf32> {
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
