// gspmd.pipeline end to end, stage axis of size 2 (MLP stage): L = 2 and
// L = 2 x axis size, M = 1, 3 (M not a multiple of L), 4, 16, an uneven
// micro-batch (5 rows over "data"). The stage adds log(sum of squares of its
// input rows) to tanh(x W + b): bubble rows (zeros, then -inf, then NaN)
// must never reach a result. Compared against the sequential meaning.
//   #0 L=2 M=1 mb=4  #1 L=2 M=3 mb=5  #2 L=4 M=4 mb=4  #3 L=4 M=16 mb=6
// REQUIRES: mpi
// RUN: sed 's/"data"=2/"data"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: %mpirun -n 4 %gspmd-run %s --check | FileCheck %s
// RUN: sed 's/"data"=2/"data"=4/' %s > %t.8.mlir && %mpirun -n 8 %gspmd-run %t.8.mlir --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: 4 of 4 results PASS

gspmd.mesh @mesh ["stage"=2, "data"=2]
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>

func.func @main(%xp0: tensor<1x4x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
    %wp0: tensor<2x16x16xf32>,
    %bp0: tensor<2x16xf32>,
    %xp1: tensor<3x5x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
    %wp1: tensor<2x16x16xf32>,
    %bp1: tensor<2x16xf32>,
    %xp2: tensor<4x4x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
    %wp2: tensor<4x16x16xf32>,
    %bp2: tensor<4x16xf32>,
    %xp3: tensor<16x6x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
    %wp3: tensor<4x16x16xf32>,
    %bp3: tensor<4x16xf32>)
    -> (tensor<1x4x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
        tensor<3x5x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
        tensor<4x4x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
        tensor<16x6x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>}) {
  %p0 = gspmd.pipeline %xp0 : tensor<1x4x16xf32> params(%wp0, %bp0 : tensor<2x16x16xf32>, tensor<2x16xf32>) on @mesh "stage" -> tensor<1x4x16xf32> {
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
  %p1 = gspmd.pipeline %xp1 : tensor<3x5x16xf32> params(%wp1, %bp1 : tensor<2x16x16xf32>, tensor<2x16xf32>) on @mesh "stage" -> tensor<3x5x16xf32> {
  ^bb0(%a: tensor<5x16xf32>, %wl: tensor<16x16xf32>, %bl: tensor<16xf32>):
    %zero = arith.constant 0.0 : f32
    %c = arith.constant 0.0625 : f32
    %eb = tensor.empty() : tensor<5xf32>
    %zb = linalg.fill ins(%zero : f32) outs(%eb : tensor<5xf32>) -> tensor<5xf32>
    %n = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<5x16xf32>) outs(%zb : tensor<5xf32>) {
    ^bb0(%v: f32, %acc: f32):
      %sq = arith.mulf %v, %v : f32
      %r = arith.addf %acc, %sq : f32
      linalg.yield %r : f32
    } -> tensor<5xf32>
    %e = tensor.empty() : tensor<5x16xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<5x16xf32>) -> tensor<5x16xf32>
    %m = linalg.matmul ins(%a, %wl : tensor<5x16xf32>, tensor<16x16xf32>) outs(%z : tensor<5x16xf32>) -> tensor<5x16xf32>
    %y = linalg.generic {indexing_maps = [#id2, #row, #col, #id2], iterator_types = ["parallel", "parallel"]} ins(%m, %n, %bl : tensor<5x16xf32>, tensor<5xf32>, tensor<16xf32>) outs(%e : tensor<5x16xf32>) {
    ^bb0(%mv: f32, %nv: f32, %bv: f32, %o: f32):
      %s = arith.addf %mv, %bv : f32
      %t = math.tanh %s : f32
      %l = math.log %nv : f32
      %ls = arith.mulf %l, %c : f32
      %r = arith.addf %t, %ls : f32
      linalg.yield %r : f32
    } -> tensor<5x16xf32>
    gspmd.yield %y : tensor<5x16xf32>
  }
  %p2 = gspmd.pipeline %xp2 : tensor<4x4x16xf32> params(%wp2, %bp2 : tensor<4x16x16xf32>, tensor<4x16xf32>) on @mesh "stage" -> tensor<4x4x16xf32> {
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
  %p3 = gspmd.pipeline %xp3 : tensor<16x6x16xf32> params(%wp3, %bp3 : tensor<4x16x16xf32>, tensor<4x16xf32>) on @mesh "stage" -> tensor<16x6x16xf32> {
  ^bb0(%a: tensor<6x16xf32>, %wl: tensor<16x16xf32>, %bl: tensor<16xf32>):
    %zero = arith.constant 0.0 : f32
    %c = arith.constant 0.0625 : f32
    %eb = tensor.empty() : tensor<6xf32>
    %zb = linalg.fill ins(%zero : f32) outs(%eb : tensor<6xf32>) -> tensor<6xf32>
    %n = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<6x16xf32>) outs(%zb : tensor<6xf32>) {
    ^bb0(%v: f32, %acc: f32):
      %sq = arith.mulf %v, %v : f32
      %r = arith.addf %acc, %sq : f32
      linalg.yield %r : f32
    } -> tensor<6xf32>
    %e = tensor.empty() : tensor<6x16xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<6x16xf32>) -> tensor<6x16xf32>
    %m = linalg.matmul ins(%a, %wl : tensor<6x16xf32>, tensor<16x16xf32>) outs(%z : tensor<6x16xf32>) -> tensor<6x16xf32>
    %y = linalg.generic {indexing_maps = [#id2, #row, #col, #id2], iterator_types = ["parallel", "parallel"]} ins(%m, %n, %bl : tensor<6x16xf32>, tensor<6xf32>, tensor<16xf32>) outs(%e : tensor<6x16xf32>) {
    ^bb0(%mv: f32, %nv: f32, %bv: f32, %o: f32):
      %s = arith.addf %mv, %bv : f32
      %t = math.tanh %s : f32
      %l = math.log %nv : f32
      %ls = arith.mulf %l, %c : f32
      %r = arith.addf %t, %ls : f32
      linalg.yield %r : f32
    } -> tensor<6x16xf32>
    gspmd.yield %y : tensor<6x16xf32>
  }
  return %p0, %p1, %p2, %p3 : tensor<1x4x16xf32>, tensor<3x5x16xf32>, tensor<4x4x16xf32>, tensor<16x6x16xf32>
}
