// Contractions through the runtime's BLAS gemm (gspmd-lower-contractions):
// every layout path of runtime/contract.c against the f64 reference. A^T B
// and A B^T (transposed operands), C^T = (A B)^T (the column-major output
// swap), a row slice of a wider matrix (leading dim > cols), two M loops
// collapsed ("bsd,df->bsf") and two that cannot be (their order differs in
// A and C: packed), f64 batched, bf16 and f16 (packed, f32 accumulation),
// bf16 inputs into an f32 sum, uneven sizes everywhere.
// REQUIRES: mpi
// RUN: sed 's/"x"=2/"x"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: %mpirun -n 2 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2]

#mk = affine_map<(m, n, k) -> (m, k)>
#km = affine_map<(m, n, k) -> (k, m)>
#kn = affine_map<(m, n, k) -> (k, n)>
#nk = affine_map<(m, n, k) -> (n, k)>
#mn = affine_map<(m, n, k) -> (m, n)>
#nm = affine_map<(m, n, k) -> (n, m)>
#bsd = affine_map<(b, s, f, d) -> (b, s, d)>
#df = affine_map<(b, s, f, d) -> (d, f)>
#bsf = affine_map<(b, s, f, d) -> (b, s, f)>
#sbf = affine_map<(b, s, f, d) -> (s, b, f)>

func.func @main(%a: tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"]]>},
                %b: tensor<7x9xf32> {gspmd.sharding = #gspmd.replicated},
                %w: tensor<9x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>},
                %big: tensor<11x12xf32> {gspmd.sharding = #gspmd.replicated},
                %x: tensor<3x5x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], []]>},
                %d: tensor<3x5x6xf64> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], []]>},
                %e: tensor<3x6x4xf64> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], []]>},
                %h: tensor<6x10xbf16> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>},
                %g: tensor<10x3xbf16> {gspmd.sharding = #gspmd.replicated},
                %p: tensor<6x10xf16> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"]]>},
                %q: tensor<10x3xf16> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>})
    -> (tensor<5x9xf32>, tensor<7x7xf32>, tensor<5x7xf32>, tensor<5x12xf32>,
        tensor<3x5x12xf32>, tensor<5x3x12xf32>, tensor<3x5x4xf64>,
        tensor<6x3xbf16>, tensor<6x3xf16>, tensor<6x3xf32>) {
  %z = arith.constant 0.0 : f32
  // A^T B: 5x9 = (7x5)^T (7x9)
  %e0 = tensor.empty() : tensor<5x9xf32>
  %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<5x9xf32>) -> tensor<5x9xf32>
  %r0 = linalg.generic {indexing_maps = [#km, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<7x5xf32>, tensor<7x9xf32>) outs(%f0 : tensor<5x9xf32>) {
  ^bb0(%u: f32, %v: f32, %acc: f32):
    %m = arith.mulf %u, %v : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<5x9xf32>
  // A B^T: 7x7 = (7x5) (7x5)^T, the same buffer on both sides
  %e1 = tensor.empty() : tensor<7x7xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<7x7xf32>) -> tensor<7x7xf32>
  %r1 = linalg.generic {indexing_maps = [#mk, #nk, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %a : tensor<7x5xf32>, tensor<7x5xf32>) outs(%f1 : tensor<7x7xf32>) {
  ^bb0(%u: f32, %v: f32, %acc: f32):
    %m = arith.mulf %u, %v : f32
    %s = arith.addf %m, %acc : f32
    linalg.yield %s : f32
  } -> tensor<7x7xf32>
  // C^T: out[n][m] = sum_k b[m][k] w[k][n], m over 7, n over 5
  %e2 = tensor.empty() : tensor<5x7xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<5x7xf32>) -> tensor<5x7xf32>
  %r2 = linalg.generic {indexing_maps = [#mk, #kn, #nm], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%b, %w : tensor<7x9xf32>, tensor<9x5xf32>) outs(%f2 : tensor<5x7xf32>) {
  ^bb0(%u: f32, %v: f32, %acc: f32):
    %m = arith.mulf %u, %v : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<5x7xf32>
  // A slice of a wider matrix (rows 2..8 of %big) as
  // the B operand: 7x12 at an offset.
  %sl = tensor.extract_slice %big[2, 0] [7, 12] [1, 1] : tensor<11x12xf32> to tensor<7x12xf32>
  %e3 = tensor.empty() : tensor<5x12xf32>
  %f3 = linalg.fill ins(%z : f32) outs(%e3 : tensor<5x12xf32>) -> tensor<5x12xf32>
  %r3 = linalg.generic {indexing_maps = [#km, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %sl : tensor<7x5xf32>, tensor<7x12xf32>) outs(%f3 : tensor<5x12xf32>) {
  ^bb0(%u: f32, %v: f32, %acc: f32):
    %m = arith.mulf %u, %v : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<5x12xf32>
  // bsd,df->bsf with d = 6 (slice of %big: 6x12)
  %wd = tensor.extract_slice %big[0, 0] [6, 12] [1, 1] : tensor<11x12xf32> to tensor<6x12xf32>
  %e4 = tensor.empty() : tensor<3x5x12xf32>
  %f4 = linalg.fill ins(%z : f32) outs(%e4 : tensor<3x5x12xf32>) -> tensor<3x5x12xf32>
  %r4 = linalg.generic {indexing_maps = [#bsd, #df, #bsf], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %wd : tensor<3x5x6xf32>, tensor<6x12xf32>) outs(%f4 : tensor<3x5x12xf32>) {
  ^bb0(%u: f32, %v: f32, %acc: f32):
    %m = arith.mulf %u, %v : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<3x5x12xf32>
  // bsd,df->sbf: the two M loops in another order in C (packed)
  %e5 = tensor.empty() : tensor<5x3x12xf32>
  %f5 = linalg.fill ins(%z : f32) outs(%e5 : tensor<5x3x12xf32>) -> tensor<5x3x12xf32>
  %r5 = linalg.generic {indexing_maps = [#bsd, #df, #sbf], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %wd : tensor<3x5x6xf32>, tensor<6x12xf32>) outs(%f5 : tensor<5x3x12xf32>) {
  ^bb0(%u: f32, %v: f32, %acc: f32):
    %m = arith.mulf %u, %v : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<5x3x12xf32>
  // f64 batch matmul
  %zd = arith.constant 0.0 : f64
  %e6 = tensor.empty() : tensor<3x5x4xf64>
  %f6 = linalg.fill ins(%zd : f64) outs(%e6 : tensor<3x5x4xf64>) -> tensor<3x5x4xf64>
  %r6 = linalg.batch_matmul ins(%d, %e : tensor<3x5x6xf64>, tensor<3x6x4xf64>) outs(%f6 : tensor<3x5x4xf64>) -> tensor<3x5x4xf64>
  // bf16 and f16 matmuls
  %zb = arith.constant 0.0 : bf16
  %e7 = tensor.empty() : tensor<6x3xbf16>
  %f7 = linalg.fill ins(%zb : bf16) outs(%e7 : tensor<6x3xbf16>) -> tensor<6x3xbf16>
  %r7 = linalg.matmul ins(%h, %g : tensor<6x10xbf16>, tensor<10x3xbf16>) outs(%f7 : tensor<6x3xbf16>) -> tensor<6x3xbf16>
  %zh = arith.constant 0.0 : f16
  %e8 = tensor.empty() : tensor<6x3xf16>
  %f8 = linalg.fill ins(%zh : f16) outs(%e8 : tensor<6x3xf16>) -> tensor<6x3xf16>
  %r8 = linalg.matmul ins(%p, %q : tensor<6x10xf16>, tensor<10x3xf16>) outs(%f8 : tensor<6x3xf16>) -> tensor<6x3xf16>
  // bf16 inputs, f32 accumulator
  %e9 = tensor.empty() : tensor<6x3xf32>
  %f9 = linalg.fill ins(%z : f32) outs(%e9 : tensor<6x3xf32>) -> tensor<6x3xf32>
  %r9 = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%h, %g : tensor<6x10xbf16>, tensor<10x3xbf16>) outs(%f9 : tensor<6x3xf32>) {
  ^bb0(%u: bf16, %v: bf16, %acc: f32):
    %ue = arith.extf %u : bf16 to f32
    %ve = arith.extf %v : bf16 to f32
    %m = arith.mulf %ue, %ve : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<6x3xf32>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9
      : tensor<5x9xf32>, tensor<7x7xf32>, tensor<5x7xf32>, tensor<5x12xf32>,
        tensor<3x5x12xf32>, tensor<5x3x12xf32>, tensor<3x5x4xf64>,
        tensor<6x3xbf16>, tensor<6x3xf16>, tensor<6x3xf32>
}
