// gspmd.pipeline end to end, circular schedule (repeats = R > 1), stage
// axis of size 8: R = 2 and 3, L = 8 and 16, M = 1, 3, 4, 8. MLP stage with
// NaN bubbles as in pipeline-circular-stage2.mlir.
//   #0 R=2 L=8 M=1 mb=2  #1 R=2 L=8 M=3 mb=2  #2 R=3 L=8 M=8 mb=2  #3 R=2 L=16 M=8 mb=2  #4 R=2 L=16 M=4 mb=2
// REQUIRES: mpi
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: 5 of 5 results PASS

gspmd.mesh @mesh ["stage"=8]
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>

func.func @main(%x0: tensor<1x2x16xf32>,
    %w0: tensor<2x8x16x16xf32>,
    %b0: tensor<2x8x16xf32>,
    %x1: tensor<3x2x16xf32>,
    %w1: tensor<2x8x16x16xf32>,
    %b1: tensor<2x8x16xf32>,
    %x2: tensor<8x2x16xf32>,
    %w2: tensor<3x8x16x16xf32>,
    %b2: tensor<3x8x16xf32>,
    %x3: tensor<8x2x16xf32>,
    %w3: tensor<2x16x16x16xf32>,
    %b3: tensor<2x16x16xf32>,
    %x4: tensor<4x2x16xf32>,
    %w4: tensor<2x16x16x16xf32>,
    %b4: tensor<2x16x16xf32>)
    -> (tensor<1x2x16xf32>,
        tensor<3x2x16xf32>,
        tensor<8x2x16xf32>,
        tensor<8x2x16xf32>,
        tensor<4x2x16xf32>) {
  %p0 = gspmd.pipeline %x0 : tensor<1x2x16xf32> params(%w0, %b0 : tensor<2x8x16x16xf32>, tensor<2x8x16xf32>) on @mesh "stage" repeats = 2 -> tensor<1x2x16xf32> {
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
  %p1 = gspmd.pipeline %x1 : tensor<3x2x16xf32> params(%w1, %b1 : tensor<2x8x16x16xf32>, tensor<2x8x16xf32>) on @mesh "stage" repeats = 2 -> tensor<3x2x16xf32> {
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
  %p2 = gspmd.pipeline %x2 : tensor<8x2x16xf32> params(%w2, %b2 : tensor<3x8x16x16xf32>, tensor<3x8x16xf32>) on @mesh "stage" repeats = 3 -> tensor<8x2x16xf32> {
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
  %p3 = gspmd.pipeline %x3 : tensor<8x2x16xf32> params(%w3, %b3 : tensor<2x16x16x16xf32>, tensor<2x16x16xf32>) on @mesh "stage" repeats = 2 -> tensor<8x2x16xf32> {
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
  %p4 = gspmd.pipeline %x4 : tensor<4x2x16xf32> params(%w4, %b4 : tensor<2x16x16x16xf32>, tensor<2x16x16xf32>) on @mesh "stage" repeats = 2 -> tensor<4x2x16xf32> {
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
  return %p0, %p1, %p2, %p3, %p4 : tensor<1x2x16xf32>, tensor<3x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<4x2x16xf32>
}
