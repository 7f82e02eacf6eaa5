// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-spmd)' | FileCheck %s

// gspmd.manual_computation: operands are resharded to the in_shardings, the
// body becomes local code in place of the op (partitioned over the free
// axes), results are resharded from the out_shardings to what their users
// want. No manual_computation is left.

// CHECK-NOT: gspmd.manual_computation

// Fully manual: a replicated operand is sliced to the in_sharding (no
// communication), the user's permute stays as written, the result is
// gathered to the function's replicated result.
// CHECK-LABEL: func.func @full
// CHECK: %[[OFF:.*]] = arith.muli
// CHECK: %[[L:.*]] = tensor.extract_slice %arg0[%[[OFF]], 0] [2, 4] [1, 1] : tensor<8x4xf32> to tensor<2x4xf32>
// CHECK: %[[P:.*]] = gspmd.collective_permute %[[L]] on @mesh ["data", "model"] shift = 1 wrap : tensor<2x4xf32>
// CHECK: gspmd.all_gather %[[P]] on @mesh ["data", "model"] gather_dim = 0 : tensor<2x4xf32> -> tensor<8x4xf32>

// Partially manual: the body's matmul runs on model shards of N = 6 (uneven
// over 2 is even here: 3), the user's all_reduce over "data" on them too.
// CHECK-LABEL: func.func @partial
// CHECK-NOT: all_gather
// CHECK: %[[M:.*]] = linalg.matmul ins(%arg0, %arg1 : tensor<2x8xf32>, tensor<8x3xf32>)
// CHECK: %[[S:.*]] = gspmd.all_reduce %[[M]] on @mesh ["data"] reduce = sum : tensor<2x3xf32>
// CHECK: return %[[S]] : tensor<2x3xf32>

// An uneven dim split by a manual and a free axis (10 rows: data shards of
// 5, data x model shards of 3): the operand goes through the data-only
// layout (5 rows) and the body slices its model shard of those.
// CHECK-LABEL: func.func @uneven_both
// CHECK: gspmd.all_gather %arg0 on @mesh ["data", "model"]
// CHECK: tensor.extract_slice {{.*}} [5, 4] [1, 1] : tensor<10x4xf32> to tensor<5x4xf32>
// CHECK: tensor.pad {{.*}} high[1, 0]
// CHECK: %[[Z:.*]] = tensor.extract_slice {{.*}} [3, 4] [1, 1] : tensor<6x4xf32> to tensor<3x4xf32>
// CHECK: math.exp %[[Z]] : tensor<3x4xf32>

// Inside scf.for: the body is inlined into the loop, which carries shards.
// CHECK-LABEL: func.func @in_loop
// CHECK: scf.for {{.*}} iter_args(%[[A:.*]] = %arg0) -> (tensor<2x2xf32>)
// CHECK-NEXT: %[[Q:.*]] = gspmd.collective_permute %[[A]] on @mesh ["model"] shift = 1 wrap : tensor<2x2xf32>
// CHECK-NEXT: scf.yield %[[Q]] : tensor<2x2xf32>

gspmd.mesh @mesh ["data"=2, "model"=2]

func.func @full(%x: tensor<8x4xf32> {gspmd.sharding = #gspmd.replicated})
    -> (tensor<8x4xf32> {gspmd.sharding = #gspmd.replicated}) {
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["data", "model"]
      in_shardings = [#gspmd.tiled<@mesh, [["data", "model"], []]>]
      out_shardings = [#gspmd.tiled<@mesh, [["data", "model"], []]>] {
  ^bb0(%l: tensor<2x4xf32>):
    %p = gspmd.collective_permute %l on @mesh ["data", "model"] shift = 1 wrap : tensor<2x4xf32>
    gspmd.manual_yield %p : tensor<2x4xf32>
  } : (tensor<8x4xf32>) -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}

func.func @partial(%x: tensor<4x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
                   %w: tensor<8x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>})
    -> (tensor<4x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) {
  %r = gspmd.manual_computation(%x, %w) on @mesh manual_axes = ["data"]
      in_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>,
                      #gspmd.partially_tiled<@mesh, [[], ["model"]]>]
      out_shardings = [#gspmd.tiled<@mesh, [["data"], ["model"]]>] {
  ^bb0(%lx: tensor<2x8xf32>, %lw: tensor<8x6xf32>):
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<2x6xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x6xf32>) -> tensor<2x6xf32>
    %m = linalg.matmul ins(%lx, %lw : tensor<2x8xf32>, tensor<8x6xf32>) outs(%f : tensor<2x6xf32>) -> tensor<2x6xf32>
    %s = gspmd.all_reduce %m on @mesh ["data"] reduce = sum : tensor<2x6xf32>
    gspmd.manual_yield %s : tensor<2x6xf32>
  } : (tensor<4x8xf32>, tensor<8x6xf32>) -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

func.func @uneven_both(%z: tensor<10x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data", "model"], []]>})
    -> (tensor<10x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data", "model"], []]>}) {
  %r = gspmd.manual_computation(%z) on @mesh manual_axes = ["data"]
      in_shardings = [#gspmd.tiled<@mesh, [["data", "model"], []]>]
      out_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>] {
  ^bb0(%l: tensor<5x4xf32>):
    %t = math.exp %l : tensor<5x4xf32>
    gspmd.manual_yield %t : tensor<5x4xf32>
  } : (tensor<10x4xf32>) -> tensor<10x4xf32>
  return %r : tensor<10x4xf32>
}

func.func @in_loop(%x: tensor<4x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> (tensor<4x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%s = %x) -> (tensor<4x4xf32>) {
    %m = gspmd.manual_computation(%s) on @mesh manual_axes = ["data", "model"]
        in_shardings = [#gspmd.tiled<@mesh, [["data"], ["model"]]>]
        out_shardings = [#gspmd.tiled<@mesh, [["data"], ["model"]]>] {
    ^bb0(%l: tensor<2x2xf32>):
      %p = gspmd.collective_permute %l on @mesh ["model"] shift = 1 wrap : tensor<2x2xf32>
      gspmd.manual_yield %p : tensor<2x2xf32>
    } : (tensor<4x4xf32>) -> tensor<4x4xf32>
    scf.yield %m : tensor<4x4xf32>
  }
  return %r : tensor<4x4xf32>
}
