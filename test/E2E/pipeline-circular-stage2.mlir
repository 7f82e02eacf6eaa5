// gspmd.pipeline end to end, circular schedule (repeats = R > 1), stage
// axis of size 2: R = 2 and 3, L = 2 (axis size) and 4 (2 x axis size),
// M = 1, 3, 4, 8 (M < L, M = L, M > L and not a multiple of L), an uneven
// micro-batch (5 rows over "data"). MLP stage adding log(sum of squares):
// bubble rows (zeros, then -inf, then NaN) must never reach a result.
// Compared against the sequential meaning (for m, r, l: x <- stage(x, W[r][l])).
//   #0 R=2 L=2 M=1 mb=4  #1 R=2 L=2 M=3 mb=5  #2 R=3 L=2 M=4 mb=4  #3 R=2 L=4 M=3 mb=4  #4 R=3 L=4 M=8 mb=3  #5 R=2 L=4 M=1 mb=2
// REQUIRES: mpi
// RUN: sed 's/"data"=2/"data"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: %mpirun -n 4 %gspmd-run %s --check | FileCheck %s
// RUN: sed 's/"data"=2/"data"=4/' %s > %t.8.mlir && %mpirun -n 8 %gspmd-run %t.8.mlir --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: 6 of 6 results PASS

gspmd.mesh @mesh ["stage"=2, "data"=2]
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>

func.func @main(%x0: tensor<1x4x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
    %w0: tensor<2x2x16x16xf32>,
    %b0: tensor<2x2x16xf32>,
    %x1: tensor<3x5x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
    %w1: tensor<2x2x16x16xf32>,
    %b1: tensor<2x2x16xf32>,
    %x2: tensor<4x4x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
    %w2: tensor<3x2x16x16xf32>,
    %b2: tensor<3x2x16xf32>,
    %x3: tensor<3x4x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
    %w3: tensor<2x4x16x16xf32>,
    %b3: tensor<2x4x16xf32>,
    %x4: tensor<8x3x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
    %w4: tensor<3x4x16x16xf32>,
    %b4: tensor<3x4x16xf32>,
    %x5: tensor<1x2x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
    %w5: tensor<2x4x16x16xf32>,
    %b5: tensor<2x4x16xf32>)
    -> (tensor<1x4x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
        tensor<3x5x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
        tensor<4x4x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
        tensor<3x4x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
        tensor<8x3x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
        tensor<1x2x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>}) {
  %p0 = gspmd.pipeline %x0 : tensor<1x4x16xf32> params(%w0, %b0 : tensor<2x2x16x16xf32>, tensor<2x2x16xf32>) on @mesh "stage" repeats = 2 -> tensor<1x4x16xf32> {
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
  %p1 = gspmd.pipeline %x1 : tensor<3x5x16xf32> params(%w1, %b1 : tensor<2x2x16x16xf32>, tensor<2x2x16xf32>) on @mesh "stage" repeats = 2 -> tensor<3x5x16xf32> {
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
  %p2 = gspmd.pipeline %x2 : tensor<4x4x16xf32> params(%w2, %b2 : tensor<3x2x16x16xf32>, tensor<3x2x16xf32>) on @mesh "stage" repeats = 3 -> tensor<4x4x16xf32> {
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
  %p3 = gspmd.pipeline %x3 : tensor<3x4x16xf32> params(%w3, %b3 : tensor<2x4x16x16xf32>, tensor<2x4x16xf32>) on @mesh "stage" repeats = 2 -> tensor<3x4x16xf32> {
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
  %p4 = gspmd.pipeline %x4 : tensor<8x3x16xf32> params(%w4, %b4 : tensor<3x4x16x16xf32>, tensor<3x4x16xf32>) on @mesh "stage" repeats = 3 -> tensor<8x3x16xf32> {
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
  %p5 = gspmd.pipeline %x5 : tensor<1x2x16xf32> params(%w5, %b5 : tensor<2x4x16x16xf32>, tensor<2x4x16xf32>) on @mesh "stage" repeats = 2 -> tensor<1x2x16xf32> {
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
  return %p0, %p1, %p2, %p3, %p4, %p5 : tensor<1x4x16xf32>, tensor<3x5x16xf32>, tensor<4x4x16xf32>, tensor<3x4x16xf32>, tensor<8x3x16xf32>, tensor<1x2x16xf32>
}
