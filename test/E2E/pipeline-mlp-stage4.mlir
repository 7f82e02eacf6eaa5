// gspmd.pipeline end to end, stage axis of size 4 (MLP stage, bubbles
// that compute NaN as in pipeline-mlp-stage2.mlir): L = 4 and 8 (two stages
// per device), M = 3 and 4 < L, 8; on stage x data 4x2 and stage alone.
//   #0 L=4 M=3 mb=4  #1 L=4 M=8 mb=3  #2 L=8 M=4 mb=4  #3 L=8 M=16 mb=2
// REQUIRES: mpi
// RUN: sed 's/"data"=2/"data"=1/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: 4 of 4 results PASS

gspmd.mesh @mesh ["stage"=4, "data"=2]
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>

func.func @main(%xp0: tensor<3x4x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
    %wp0: tensor<4x16x16xf32>,
    %bp0: tensor<4x16xf32>,
    %xp1: tensor<8x3x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
    %wp1: tensor<4x16x16xf32>,
    %bp1: tensor<4x16xf32>,
    %xp2: tensor<4x4x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
    %wp2: tensor<8x16x16xf32>,
    %bp2: tensor<8x16xf32>,
    %xp3: tensor<16x2x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
    %wp3: tensor<8x16x16xf32>,
    %bp3: tensor<8x16xf32>)
    -> (tensor<3x4x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
        tensor<8x3x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
        tensor<4x4x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
        tensor<16x2x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>}) {
  %p0 = gspmd.pipeline %xp0 : tensor<3x4x16xf32> params(%wp0, %bp0 : tensor<4x16x16xf32>, tensor<4x16xf32>) on @mesh "stage" -> tensor<3x4x16xf32> {
  ^bb0(%a: tensor<4x16xf32>, %wl: tensor<16x16xf32>, %bl: tensor<16xf32>):
    %zero = arith.constant 0.0 : f32
    %c = arith.constant 0.0625 : f32
    %eb = tensor.empty() : tensor<4xf32>
    %zb = linalg.fill ins(%zero : f32) outs(%eb : tensor<4xf32>) -> tensor<4xf32>
    %n = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x16xf32>) outs(%zb : tensor<4xf32>) {
    ^bb0(%v: f32, %acc: f32):
      %sq = arith.mulf %v, %v : f32
      %r = arith.addf %acc, %sq : f32
      linalg.yield %r : f32
    } -> tensor<4xf32>
    %e = tensor.empty() : tensor<4x16xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
    %m = linalg.matmul ins(%a, %wl : tensor<4x16xf32>, tensor<16x16xf32>) outs(%z : tensor<4x16xf32>) -> tensor<4x16xf32>
    %y = linalg.generic {indexing_maps = [#id2, #row, #col, #id2], iterator_types = ["parallel", "parallel"]} ins(%m, %n, %bl : tensor<4x16xf32>, tensor<4xf32>, tensor<16xf32>) outs(%e : tensor<4x16xf32>) {
    ^bb0(%mv: f32, %nv: f32, %bv: f32, %o: f32):
      %s = arith.addf %mv, %bv : f32
      %t = math.tanh %s : f32
      %l = math.log %nv : f32
      %ls = arith.mulf %l, %c : f32
      %r = arith.addf %t, %ls : f32
      linalg.yield %r : f32
    } -> tensor<4x16xf32>
    gspmd.yield %y : tensor<4x16xf32>
  }
  %p1 = gspmd.pipeline %xp1 : tensor<8x3x16xf32> params(%wp1, %bp1 : tensor<4x16x16xf32>, tensor<4x16xf32>) on @mesh "stage" -> tensor<8x3x16xf32> {
  ^bb0(%a: tensor<3x16xf32>, %wl: tensor<16x16xf32>, %bl: tensor<16xf32>):
    %zero = arith.constant 0.0 : f32
    %c = arith.constant 0.0625 : f32
    %eb = tensor.empty() : tensor<3xf32>
    %zb = linalg.fill ins(%zero : f32) outs(%eb : tensor<3xf32>) -> tensor<3xf32>
    %n = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<3x16xf32>) outs(%zb : tensor<3xf32>) {
    ^bb0(%v: f32, %acc: f32):
      %sq = arith.mulf %v, %v : f32
      %r = arith.addf %acc, %sq : f32
      linalg.yield %r : f32
    } -> tensor<3xf32>
    %e = tensor.empty() : tensor<3x16xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<3x16xf32>) -> tensor<3x16xf32>
    %m = linalg.matmul ins(%a, %wl : tensor<3x16xf32>, tensor<16x16xf32>) outs(%z : tensor<3x16xf32>) -> tensor<3x16xf32>
    %y = linalg.generic {indexing_maps = [#id2, #row, #col, #id2], iterator_types = ["parallel", "parallel"]} ins(%m, %n, %bl : tensor<3x16xf32>, tensor<3xf32>, tensor<16xf32>) outs(%e : tensor<3x16xf32>) {
    ^bb0(%mv: f32, %nv: f32, %bv: f32, %o: f32):
      %s = arith.addf %mv, %bv : f32
      %t = math.tanh %s : f32
      %l = math.log %nv : f32
      %ls = arith.mulf %l, %c : f32
      %r = arith.addf %t, %ls : f32
      linalg.yield %r : f32
    } -> tensor<3x16xf32>
    gspmd.yield %y : tensor<3x16xf32>
  }
  %p2 = gspmd.pipeline %xp2 : tensor<4x4x16xf32> params(%wp2, %bp2 : tensor<8x16x16xf32>, tensor<8x16xf32>) on @mesh "stage" -> tensor<4x4x16xf32> {
  ^bb0(%a: tensor<4x16xf32>, %wl: tensor<16x16xf32>, %bl: tensor<16xf32>):
    %zero = arith.constant 0.0 : f32
    %c = arith.constant 0.0625 : f32
    %eb = tensor.empty() : tensor<4xf32>
    %zb = linalg.fill ins(%zero : f32) outs(%eb : tensor<4xf32>) -> tensor<4xf32>
    %n = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x16xf32>) outs(%zb : tensor<4xf32>) {
    ^bb0(%v: f32, %acc: f32):
      %sq = arith.mulf %v, %v : f32
      %r = arith.addf %acc, %sq : f32
      linalg.yield %r : f32
    } -> tensor<4xf32>
    %e = tensor.empty() : tensor<4x16xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
    %m = linalg.matmul ins(%a, %wl : tensor<4x16xf32>, tensor<16x16xf32>) outs(%z : tensor<4x16xf32>) -> tensor<4x16xf32>
    %y = linalg.generic {indexing_maps = [#id2, #row, #col, #id2], iterator_types = ["parallel", "parallel"]} ins(%m, %n, %bl : tensor<4x16xf32>, tensor<4xf32>, tensor<16xf32>) outs(%e : tensor<4x16xf32>) {
    ^bb0(%mv: f32, %nv: f32, %bv: f32, %o: f32):
      %s = arith.addf %mv, %bv : f32
      %t = math.tanh %s : f32
      %l = math.log %nv : f32
      %ls = arith.mulf %l, %c : f32
      %r = arith.addf %t, %ls : f32
      linalg.yield %r : f32
    } -> tensor<4x16xf32>
    gspmd.yield %y : tensor<4x16xf32>
  }
  %p3 = gspmd.pipeline %xp3 : tensor<16x2x16xf32> params(%wp3, %bp3 : tensor<8x16x16xf32>, tensor<8x16xf32>) on @mesh "stage" -> tensor<16x2x16xf32> {
  ^bb0(%a: tensor<2x16xf32>, %wl: tensor<16x16xf32>, %bl: tensor<16xf32>):
    %zero = arith.constant 0.0 : f32
    %c = arith.constant 0.0625 : f32
    %eb = tensor.empty() : tensor<2xf32>
    %zb = linalg.fill ins(%zero : f32) outs(%eb : tensor<2xf32>) -> tensor<2xf32>
    %n = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<2x16xf32>) outs(%zb : tensor<2xf32>) {
    ^bb0(%v: f32, %acc: f32):
      %sq = arith.mulf %v, %v : f32
      %r = arith.addf %acc, %sq : f32
      linalg.yield %r : f32
    } -> tensor<2xf32>
    %e = tensor.empty() : tensor<2x16xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x16xf32>) -> tensor<2x16xf32>
    %m = linalg.matmul ins(%a, %wl : tensor<2x16xf32>, tensor<16x16xf32>) outs(%z : tensor<2x16xf32>) -> tensor<2x16xf32>
    %y = linalg.generic {indexing_maps = [#id2, #row, #col, #id2], iterator_types = ["parallel", "parallel"]} ins(%m, %n, %bl : tensor<2x16xf32>, tensor<2xf32>, tensor<16xf32>) outs(%e : tensor<2x16xf32>) {
    ^bb0(%mv: f32, %nv: f32, %bv: f32, %o: f32):
      %s = arith.addf %mv, %bv : f32
      %t = math.tanh %s : f32
      %l = math.log %nv : f32
      %ls = arith.mulf %l, %c : f32
      %r = arith.addf %t, %ls : f32
      linalg.yield %r : f32
    } -> tensor<2x16xf32>
    gspmd.yield %y : tensor<2x16xf32>
  }
  return %p0, %p1, %p2, %p3 : tensor<3x4x16xf32>, tensor<8x3x16xf32>, tensor<4x4x16xf32>, tensor<16x2x16xf32>
}
