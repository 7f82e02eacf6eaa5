// gspmd.pipeline end to end in bf16, circular schedule (repeats = 2; MLP
// stage with NaN bubbles as in pipeline-circular-stage2.mlir) on stage x data
// 2x2 and 2x4: uneven micro-batches, M < L and M > L.
//   #0 R=2 L=4 M=3 mb=5  #1 R=2 L=2 M=8 mb=4
// REQUIRES: mpi
// RUN: %mpirun -n 4 %gspmd-run %s --check | FileCheck %s
// RUN: sed 's/"data"=2/"data"=4/' %s > %t.8.mlir && %mpirun -n 8 %gspmd-run %t.8.mlir --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: 2 of 2 results PASS

gspmd.mesh @mesh ["stage"=2, "data"=2]
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>

func.func @main(%x0: tensor<3x5x16xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
    %w0: tensor<2x4x16x16xbf16>,
    %b0: tensor<2x4x16xbf16>,
    %x1: tensor<8x4x16xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
    %w1: tensor<2x2x16x16xbf16>,
    %b1: tensor<2x2x16xbf16>)
    -> (tensor<3x5x16xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
        tensor<8x4x16xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>}) {
  %p0 = gspmd.pipeline %x0 : tensor<3x5x16xbf16> params(%w0, %b0 : tensor<2x4x16x16xbf16>, tensor<2x4x16xbf16>) on @mesh "stage" repeats = 2 -> tensor<3x5x16xbf16> {
  ^bb0(%a: tensor<5x16xbf16>, %wl: tensor<16x16xbf16>, %bl: tensor<16xbf16>):
    %zero = arith.constant 0.0 : bf16
    %c = arith.constant 0.0625 : bf16
    %eb = tensor.empty() : tensor<5xbf16>
    %zb = linalg.fill ins(%zero : bf16) outs(%eb : tensor<5xbf16>) -> tensor<5xbf16>
    %n = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<5x16xbf16>) outs(%zb : tensor<5xbf16>) {
    ^bb0(%v: bf16, %acc: bf16):
      %sq = arith.mulf %v, %v : bf16
      %r = arith.addf %acc, %sq : bf16
      linalg.yield %r : bf16
    } -> tensor<5xbf16>
    %e = tensor.empty() : tensor<5x16xbf16>
    %z = linalg.fill ins(%zero : bf16) outs(%e : tensor<5x16xbf16>) -> tensor<5x16xbf16>
    %m = linalg.matmul ins(%a, %wl : tensor<5x16xbf16>, tensor<16x16xbf16>) outs(%z : tensor<5x16xbf16>) -> tensor<5x16xbf16>
    %y = linalg.generic {indexing_maps = [#id2, #row, #col, #id2], iterator_types = ["parallel", "parallel"]} ins(%m, %n, %bl : tensor<5x16xbf16>, tensor<5xbf16>, tensor<16xbf16>) outs(%e : tensor<5x16xbf16>) {
    ^bb0(%mv: bf16, %nv: bf16, %bv: bf16, %o: bf16):
      %s = arith.addf %mv, %bv : bf16
      %t = math.tanh %s : bf16
      %l = math.log %nv : bf16
      %ls = arith.mulf %l, %c : bf16
      %r = arith.addf %t, %ls : bf16
      linalg.yield %r : bf16
    } -> tensor<5x16xbf16>
    gspmd.yield %y : tensor<5x16xbf16>
  }
  %p1 = gspmd.pipeline %x1 : tensor<8x4x16xbf16> params(%w1, %b1 : tensor<2x2x16x16xbf16>, tensor<2x2x16xbf16>) on @mesh "stage" repeats = 2 -> tensor<8x4x16xbf16> {
  ^bb0(%a: tensor<4x16xbf16>, %wl: tensor<16x16xbf16>, %bl: tensor<16xbf16>):
    %zero = arith.constant 0.0 : bf16
    %c = arith.constant 0.0625 : bf16
    %eb = tensor.empty() : tensor<4xbf16>
    %zb = linalg.fill ins(%zero : bf16) outs(%eb : tensor<4xbf16>) -> tensor<4xbf16>
    %n = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x16xbf16>) outs(%zb : tensor<4xbf16>) {
    ^bb0(%v: bf16, %acc: bf16):
      %sq = arith.mulf %v, %v : bf16
      %r = arith.addf %acc, %sq : bf16
      linalg.yield %r : bf16
    } -> tensor<4xbf16>
    %e = tensor.empty() : tensor<4x16xbf16>
    %z = linalg.fill ins(%zero : bf16) outs(%e : tensor<4x16xbf16>) -> tensor<4x16xbf16>
    %m = linalg.matmul ins(%a, %wl : tensor<4x16xbf16>, tensor<16x16xbf16>) outs(%z : tensor<4x16xbf16>) -> tensor<4x16xbf16>
    %y = linalg.generic {indexing_maps = [#id2, #row, #col, #id2], iterator_types = ["parallel", "parallel"]} ins(%m, %n, %bl : tensor<4x16xbf16>, tensor<4xbf16>, tensor<16xbf16>) outs(%e : tensor<4x16xbf16>) {
    ^bb0(%mv: bf16, %nv: bf16, %bv: bf16, %o: bf16):
      %s = arith.addf %mv, %bv : bf16
      %t = math.tanh %s : bf16
      %l = math.log %nv : bf16
      %ls = arith.mulf %l, %c : bf16
      %r = arith.addf %t, %ls : bf16
      linalg.yield %r : bf16
    } -> tensor<4x16xbf16>
    gspmd.yield %y : tensor<4x16xbf16>
  }
  return %p0, %p1 : tensor<3x5x16xbf16>, tensor<8x4x16xbf16>
}
