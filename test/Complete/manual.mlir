// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete)' 2>/dev/null | FileCheck %s

// gspmd.manual_computation: its in / out shardings are fixed annotations.
// Outside, they propagate to the operands' producers and the results'
// users; inside, only their free axes enter the body (block arguments and
// yields), and the body's values are completed on those.

gspmd.mesh @mesh ["data"=2, "model"=2]

// CHECK-LABEL: func.func @partial
// CHECK-SAME: %arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\["data"\], \[\]\]}}>}
// CHECK: math.tanh {{.*}}gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\["data"\], \[\]\]}}>]
// CHECK: gspmd.manual_computation
// CHECK: linalg.matmul {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[\], \["model"\]\]}}>]}
// CHECK: gspmd.collective_permute {{.*}}gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[\], \["model"\]\]}}>]
// CHECK: math.exp {{.*}}gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[\], \["model"\]\]}}>]
// CHECK: } {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\["data"\], \["model"\]\]}}>]}
// CHECK: math.sin {{.*}}gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\["data"\], \["model"\]\]}}>]
func.func @partial(%x: tensor<8x16xf32>, %w: tensor<16x8xf32>) -> tensor<8x8xf32> {
  %a = math.tanh %x : tensor<8x16xf32>
  %r = gspmd.manual_computation(%a, %w) on @mesh manual_axes = ["data"]
      in_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>,
                      #gspmd.partially_tiled<@mesh, [[], ["model"]]>]
      out_shardings = [#gspmd.tiled<@mesh, [["data"], ["model"]]>] {
  ^bb0(%lx: tensor<4x16xf32>, %lw: tensor<16x8xf32>):
    %e = tensor.empty() : tensor<4x8xf32>
    %z = arith.constant 0.0 : f32
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
    %m = linalg.matmul ins(%lx, %lw : tensor<4x16xf32>, tensor<16x8xf32>)
        outs(%f : tensor<4x8xf32>) -> tensor<4x8xf32>
    %s = gspmd.collective_permute %m on @mesh ["data"] shift = 1 wrap : tensor<4x8xf32>
    %t = math.exp %s : tensor<4x8xf32>
    gspmd.manual_yield %t : tensor<4x8xf32>
  } : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  %o = math.sin %r : tensor<8x8xf32>
  return %o : tensor<8x8xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=2]

// A yield's free axes reach the body from the out_sharding; manual axes never
// do (fully manual: the body stays replicated), and a user annotation on the
// result's user does not change the region's result.
// CHECK-LABEL: func.func @from_yield
// CHECK: math.exp {{.*}}gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[\], \["model"\]\]}}>]
// CHECK: math.tanh {{.*}}gspmd.sharding = [#gspmd.replicated]
// CHECK: gspmd.manual_yield
// CHECK: } {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\["data"\], \["model"\]\]}}>]}
// CHECK: math.sin {{.*}}gspmd.sharding = [#gspmd.replicated]
func.func @from_yield(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["data"]
      in_shardings = [#gspmd.replicated]
      out_shardings = [#gspmd.tiled<@mesh, [["data"], ["model"]]>] {
  ^bb0(%l: tensor<8x8xf32>):
    %e = math.exp %l : tensor<8x8xf32>
    %s = tensor.extract_slice %e[0, 0] [4, 8] [1, 1] : tensor<8x8xf32> to tensor<4x8xf32>
    gspmd.manual_yield %s : tensor<4x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %y = gspmd.manual_computation(%x) on @mesh manual_axes = ["data", "model"]
      in_shardings = [#gspmd.tiled<@mesh, [["data"], ["model"]]>]
      out_shardings = [#gspmd.tiled<@mesh, [["data"], ["model"]]>] {
  ^bb0(%l: tensor<4x4xf32>):
    %t = math.tanh %l : tensor<4x4xf32>
    gspmd.manual_yield %t : tensor<4x4xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %o = math.sin %y {gspmd.sharding = [#gspmd.replicated]} : tensor<8x8xf32>
  %p = arith.addf %r, %o : tensor<8x8xf32>
  return %p : tensor<8x8xf32>
}
