// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/terms.machine detail=true})' -o /dev/null | FileCheck %s
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/plain.machine detail=true})' -o /dev/null | FileCheck %s --check-prefix=PLAIN

// The roofline's machine terms, each computed by hand (docs/simulate.md,
// The model): terms.machine has vector_flops 1e10, scalar_flops 1e9,
// mem_bw 1e9, caches of 1e4 B at 1e11 B/s and 1e6 B at 1e10 B/s, a 64 B
// cache line, elementwise fusion and math.exp at 20 FLOPs an element;
// plain.machine is the same without those keys: every op at 1e9 B/s,
// nothing fused, every FLOP alike.

// addf of 256 f32 into exp, its only reader: fused, so its 1024 B result
// is neither written nor read back. Left: 2048 B in the 1e4 B cache at
// 1e11 (2.048e-08 s) against 256 FLOP at 1e10 (2.56e-08 s).
// CHECK: arith.addf: 256 FLOP, 2048 B, 2.56e-08 s (compute)
// exp: its operand comes fused, its result is written (1024 B); its 256
// FLOPs (the count stays) cost 20 each: 5120 / 1e10 = 5.12e-07 s.
// CHECK-NEXT: math.exp: 256 FLOP, 1024 B, 5.12e-07 s (compute)
// 3 x 256 KiB = 786432 B: past the first cache, in the second, at 1e10.
// CHECK-NEXT: arith.addf: 65536 FLOP, 786432 B, 7.86432e-05 s (memory)
// 3 x 1 MiB: past both caches, at mem_bw 1e9.
// CHECK-NEXT: arith.addf: 262144 FLOP, 3.14573e+06 B, 0.00314573 s (memory)
// The transpose reads its input across its rows (the innermost loop j
// indexes the input's first dim): a 64 B line for each of 4096 elements,
// 262144 B, and writes 16384 B: 278528 B at 1e10.
// CHECK-NEXT: linalg.generic: 0 FLOP, 278528 B, 2.78528e-05 s (memory)
// The fill writes 256 B into the first cache.
// CHECK-NEXT: linalg.fill: 0 FLOP, 256 B, 2.56e-09 s (memory)
// The column sums' loops (i, j) reduce over j across the input's rows,
// but the backend runs the column loop i innermost (gspmd-order-loops),
// along rows: 16384 B read, the accumulator read and written (512 B),
// 16896 B at 1e10 (1.6896e-06 s); 9 adds a point, 36864 FLOP at the
// vector rate 1e10 = 3.6864e-06 s, the larger.
// CHECK-NEXT: linalg.generic: 36864 FLOP, 16896 B, 3.6864e-06 s (compute)
// CHECK-NEXT: linalg.fill: 0 FLOP, 4 B, 4e-11 s (memory)
// The total of the same adds has no parallel loop to move: it reads
// across rows (262144 B) and its scalar accumulator (8 B), 2.62152e-05 s
// at 1e10; its adds stay scalar: 36864 FLOP at 1e9 = 3.6864e-05 s.
// CHECK-NEXT: linalg.generic: 36864 FLOP, 262152 B, 3.6864e-05 s (compute)
// rsqrt's result is read through a broadcast, so it is not fused (it
// would be computed again for each of the 64 columns): it writes its 256
// B and the scaling reads them.
// CHECK-NEXT: math.rsqrt: 64 FLOP, 512 B, 6.4e-09 s (compute)
// CHECK-NEXT: linalg.generic: 4096 FLOP, 33024 B, 3.3024e-06 s (memory)
// The matmul's loops (m, n, k) walk its second operand across its rows,
// but a contraction goes to a GEMM kernel that packs it: A, B, C read and
// C written, 65536 B at 1e10 (6.5536e-06 s) against 524288 FLOP at 1e12.
// CHECK-NEXT: linalg.matmul: 524288 FLOP, 65536 B, 6.5536e-06 s (memory)
// The step, their sum: 0.00330318 s.
// CHECK: step time: 0.00330318 s
// Without the terms: everything at 1e9 B/s, the transpose its own bytes,
// the exp 1 FLOP an element, nothing fused.
// PLAIN: arith.addf: 256 FLOP, 3072 B, 3.072e-06 s (memory)
// PLAIN-NEXT: math.exp: 256 FLOP, 2048 B, 2.048e-06 s (memory)
// PLAIN-NEXT: arith.addf: 65536 FLOP, 786432 B, 0.000786432 s (memory)
// PLAIN-NEXT: arith.addf: 262144 FLOP, 3.14573e+06 B, 0.00314573 s (memory)
// PLAIN-NEXT: linalg.generic: 0 FLOP, 32768 B, 3.2768e-05 s (memory)
// PLAIN-NEXT: linalg.fill: 0 FLOP, 256 B, 2.56e-07 s (memory)
// PLAIN-NEXT: linalg.generic: 36864 FLOP, 16896 B, 1.6896e-05 s (memory)
// PLAIN-NEXT: linalg.fill: 0 FLOP, 4 B, 4e-09 s (memory)
// PLAIN-NEXT: linalg.generic: 36864 FLOP, 16392 B, 1.6392e-05 s (memory)
// PLAIN-NEXT: math.rsqrt: 64 FLOP, 512 B, 5.12e-07 s (memory)
// PLAIN-NEXT: linalg.generic: 4096 FLOP, 33024 B, 3.3024e-05 s (memory)
// PLAIN-NEXT: linalg.matmul: 524288 FLOP, 65536 B, 6.5536e-05 s (memory)
// PLAIN: step time: 0.00410267 s
gspmd.mesh @mesh ["d"=1]
func.func @terms(%x: tensor<256xf32>, %y: tensor<256xf32>,
                 %m: tensor<65536xf32>, %b: tensor<262144xf32>,
                 %t: tensor<64x64xf32>, %v: tensor<64xf32>)
    -> (tensor<256xf32>, tensor<65536xf32>, tensor<262144xf32>,
        tensor<64x64xf32>, tensor<64xf32>, tensor<f32>, tensor<64x64xf32>,
        tensor<64x64xf32>) {
  %a = arith.addf %x, %y : tensor<256xf32>
  %e = math.exp %a : tensor<256xf32>
  %m2 = arith.addf %m, %m : tensor<65536xf32>
  %b2 = arith.addf %b, %b : tensor<262144xf32>
  %et = tensor.empty() : tensor<64x64xf32>
  %tt = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%t : tensor<64x64xf32>) outs(%et : tensor<64x64xf32>) {
  ^bb0(%i: f32, %o: f32):
    linalg.yield %i : f32
  } -> tensor<64x64xf32>
  %zero = arith.constant 0.0 : f32
  %ev = tensor.empty() : tensor<64xf32>
  %fv = linalg.fill ins(%zero : f32) outs(%ev : tensor<64xf32>) -> tensor<64xf32>
  %cs = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%t : tensor<64x64xf32>) outs(%fv : tensor<64xf32>) {
  ^bb0(%i: f32, %o: f32):
    %s1 = arith.addf %i, %i : f32
    %s2 = arith.addf %s1, %i : f32
    %s3 = arith.addf %s2, %i : f32
    %s4 = arith.addf %s3, %i : f32
    %s5 = arith.addf %s4, %i : f32
    %s6 = arith.addf %s5, %i : f32
    %s7 = arith.addf %s6, %i : f32
    %s8 = arith.addf %s7, %i : f32
    %s9 = arith.addf %o, %s8 : f32
    linalg.yield %s9 : f32
  } -> tensor<64xf32>
  %es = tensor.empty() : tensor<f32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<f32>) -> tensor<f32>
  %ts = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%t : tensor<64x64xf32>) outs(%fs : tensor<f32>) {
  ^bb0(%i: f32, %o: f32):
    %s1 = arith.addf %i, %i : f32
    %s2 = arith.addf %s1, %i : f32
    %s3 = arith.addf %s2, %i : f32
    %s4 = arith.addf %s3, %i : f32
    %s5 = arith.addf %s4, %i : f32
    %s6 = arith.addf %s5, %i : f32
    %s7 = arith.addf %s6, %i : f32
    %s8 = arith.addf %s7, %i : f32
    %s9 = arith.addf %o, %s8 : f32
    linalg.yield %s9 : f32
  } -> tensor<f32>
  %r = math.rsqrt %v : tensor<64xf32>
  %eb = tensor.empty() : tensor<64x64xf32>
  %sc = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%t, %r : tensor<64x64xf32>, tensor<64xf32>) outs(%eb : tensor<64x64xf32>) {
  ^bb0(%i: f32, %w: f32, %o: f32):
    %p = arith.mulf %i, %w : f32
    linalg.yield %p : f32
  } -> tensor<64x64xf32>
  %mm = linalg.matmul ins(%t, %t : tensor<64x64xf32>, tensor<64x64xf32>) outs(%t : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %e, %m2, %b2, %tt, %cs, %ts, %sc, %mm : tensor<256xf32>, tensor<65536xf32>, tensor<262144xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<f32>, tensor<64x64xf32>, tensor<64x64xf32>
}
