// Transformer block (pre-LN; causal multi-head attention: QKV projections, Q
// K^T, mask via linalg.index, linalg.softmax, times V, output projection; gelu
// MLP; layernorm mean/variance reductions through a called function), data
// parallel on a 1-D mesh of 8: the batch is split, all weights replicated.
// REQUIRES: mpi
// RUN: sed 's/"d"=8/"d"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"d"=8/"d"=2/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"d"=8/"d"=4/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["d"=8]

#x3 = affine_map<(b, s, d) -> (b, s, d)>
#bs = affine_map<(b, s, d) -> (b, s)>
#dd = affine_map<(b, s, d) -> (d)>
// layernorm over the last dim: (x - mean) * rsqrt(var + 0.1) * gamma + beta
func.func private @layernorm(%x: tensor<8x8x16xf32>, %g: tensor<16xf32>, %bt: tensor<16xf32>) -> tensor<8x8x16xf32> {
  %z = arith.constant 0.0 : f32
  %invd = arith.constant 0.0625 : f32
  %eps = arith.constant 0.1 : f32
  %e2 = tensor.empty() : tensor<8x8xf32>
  %i2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %sum = linalg.reduce ins(%x : tensor<8x8x16xf32>) outs(%i2 : tensor<8x8xf32>) dimensions = [2]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %e3 = tensor.empty() : tensor<8x8x16xf32>
  %xc = linalg.generic {indexing_maps = [#x3, #bs, #x3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %sum : tensor<8x8x16xf32>, tensor<8x8xf32>) outs(%e3 : tensor<8x8x16xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %mean = arith.mulf %s, %invd : f32
    %c = arith.subf %a, %mean : f32
    linalg.yield %c : f32
  } -> tensor<8x8x16xf32>
  %i3 = linalg.fill ins(%z : f32) outs(%e2 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %ss = linalg.generic {indexing_maps = [#x3, #bs], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%xc : tensor<8x8x16xf32>) outs(%i3 : tensor<8x8xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %sq = arith.mulf %a, %a : f32
    %r = arith.addf %sq, %acc : f32
    linalg.yield %r : f32
  } -> tensor<8x8xf32>
  %y = linalg.generic {indexing_maps = [#x3, #bs, #dd, #dd, #x3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%xc, %ss, %g, %bt : tensor<8x8x16xf32>, tensor<8x8xf32>, tensor<16xf32>, tensor<16xf32>) outs(%e3 : tensor<8x8x16xf32>) {
  ^bb0(%c: f32, %s: f32, %gg: f32, %bb: f32, %o: f32):
    %var = arith.mulf %s, %invd : f32
    %ve = arith.addf %var, %eps : f32
    %rs = math.rsqrt %ve : f32
    %n = arith.mulf %c, %rs : f32
    %sc = arith.mulf %n, %gg : f32
    %r = arith.addf %sc, %bb : f32
    linalg.yield %r : f32
  } -> tensor<8x8x16xf32>
  return %y : tensor<8x8x16xf32>
}

// Pre-LN transformer block: x1 = x + Attn(LN(x)), out = x1 + MLP(LN(x1)),
// causal multi-head attention with 4 heads of size 4, MLP with a
// tanh-approximated gelu.
func.func @main(%x: tensor<8x8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], [], []]>},
                %wq: tensor<16x4x4xf32> {gspmd.sharding = #gspmd.replicated},
                %wk: tensor<16x4x4xf32> {gspmd.sharding = #gspmd.replicated},
                %wv: tensor<16x4x4xf32> {gspmd.sharding = #gspmd.replicated},
                %wo: tensor<4x4x16xf32> {gspmd.sharding = #gspmd.replicated},
                %w1: tensor<16x32xf32> {gspmd.sharding = #gspmd.replicated},
                %b1: tensor<32xf32> {gspmd.sharding = #gspmd.replicated},
                %w2: tensor<32x16xf32> {gspmd.sharding = #gspmd.replicated},
                %g1: tensor<16xf32>, %be1: tensor<16xf32>, %g2: tensor<16xf32>, %be2: tensor<16xf32>)
    -> (tensor<8x8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], [], []]>}) {
  %z = arith.constant 0.0 : f32
  %y = call @layernorm(%x, %g1, %be1) : (tensor<8x8x16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<8x8x16xf32>
  %eq = tensor.empty() : tensor<8x4x8x4xf32>
  %fq = linalg.fill ins(%z : f32) outs(%eq : tensor<8x4x8x4xf32>) -> tensor<8x4x8x4xf32>
  %q = linalg.generic {indexing_maps = [affine_map<(b, h, s, e, d) -> (b, s, d)>, affine_map<(b, h, s, e, d) -> (d, h, e)>, affine_map<(b, h, s, e, d) -> (b, h, s, e)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%y, %wq : tensor<8x8x16xf32>, tensor<16x4x4xf32>) outs(%fq : tensor<8x4x8x4xf32>) {
  ^bb0(%a: f32, %w: f32, %acc: f32):
    %p = arith.mulf %a, %w : f32
    %r = arith.addf %acc, %p : f32
    linalg.yield %r : f32
  } -> tensor<8x4x8x4xf32>
  %k = linalg.generic {indexing_maps = [affine_map<(b, h, s, e, d) -> (b, s, d)>, affine_map<(b, h, s, e, d) -> (d, h, e)>, affine_map<(b, h, s, e, d) -> (b, h, s, e)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%y, %wk : tensor<8x8x16xf32>, tensor<16x4x4xf32>) outs(%fq : tensor<8x4x8x4xf32>) {
  ^bb0(%a: f32, %w: f32, %acc: f32):
    %p = arith.mulf %a, %w : f32
    %r = arith.addf %acc, %p : f32
    linalg.yield %r : f32
  } -> tensor<8x4x8x4xf32>
  %v = linalg.generic {indexing_maps = [affine_map<(b, h, s, e, d) -> (b, s, d)>, affine_map<(b, h, s, e, d) -> (d, h, e)>, affine_map<(b, h, s, e, d) -> (b, h, s, e)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%y, %wv : tensor<8x8x16xf32>, tensor<16x4x4xf32>) outs(%fq : tensor<8x4x8x4xf32>) {
  ^bb0(%a: f32, %w: f32, %acc: f32):
    %p = arith.mulf %a, %w : f32
    %r = arith.addf %acc, %p : f32
    linalg.yield %r : f32
  } -> tensor<8x4x8x4xf32>
  // scores = Q K^T
  %es = tensor.empty() : tensor<8x4x8x8xf32>
  %fs = linalg.fill ins(%z : f32) outs(%es : tensor<8x4x8x8xf32>) -> tensor<8x4x8x8xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(b, h, i, j, e) -> (b, h, i, e)>, affine_map<(b, h, i, j, e) -> (b, h, j, e)>, affine_map<(b, h, i, j, e) -> (b, h, i, j)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<8x4x8x4xf32>, tensor<8x4x8x4xf32>) outs(%fs : tensor<8x4x8x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %r = arith.addf %acc, %p : f32
    linalg.yield %r : f32
  } -> tensor<8x4x8x8xf32>
  // scale and causal mask (linalg.index)
  %sm = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>],
                        iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s : tensor<8x4x8x8xf32>) outs(%es : tensor<8x4x8x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %i = linalg.index 2 : index
    %j = linalg.index 3 : index
    %scale = arith.constant 0.5 : f32
    %neg = arith.constant -1.0e4 : f32
    %sc = arith.mulf %a, %scale : f32
    %keep = arith.cmpi ule, %j, %i : index
    %r = arith.select %keep, %sc, %neg : f32
    linalg.yield %r : f32
  } -> tensor<8x4x8x8xf32>
  %p = linalg.softmax dimension(3) ins(%sm : tensor<8x4x8x8xf32>) outs(%es : tensor<8x4x8x8xf32>) -> tensor<8x4x8x8xf32>
  // ctx = P V
  %ctx = linalg.generic {indexing_maps = [affine_map<(b, h, i, e, j) -> (b, h, i, j)>, affine_map<(b, h, i, e, j) -> (b, h, j, e)>, affine_map<(b, h, i, e, j) -> (b, h, i, e)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%p, %v : tensor<8x4x8x8xf32>, tensor<8x4x8x4xf32>) outs(%fq : tensor<8x4x8x4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %acc, %m : f32
    linalg.yield %r : f32
  } -> tensor<8x4x8x4xf32>
  // output projection: contracts heads and head dim
  %ea = tensor.empty() : tensor<8x8x16xf32>
  %fa = linalg.fill ins(%z : f32) outs(%ea : tensor<8x8x16xf32>) -> tensor<8x8x16xf32>
  %attn = linalg.generic {indexing_maps = [affine_map<(b, s, d, h, e) -> (b, h, s, e)>, affine_map<(b, s, d, h, e) -> (h, e, d)>, affine_map<(b, s, d, h, e) -> (b, s, d)>],
                          iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%ctx, %wo : tensor<8x4x8x4xf32>, tensor<4x4x16xf32>) outs(%fa : tensor<8x8x16xf32>) {
  ^bb0(%a: f32, %w: f32, %acc: f32):
    %m = arith.mulf %a, %w : f32
    %r = arith.addf %acc, %m : f32
    linalg.yield %r : f32
  } -> tensor<8x8x16xf32>
  %x1 = arith.addf %x, %attn : tensor<8x8x16xf32>
  // MLP
  %y2 = call @layernorm(%x1, %g2, %be2) : (tensor<8x8x16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<8x8x16xf32>
  %eh = tensor.empty() : tensor<8x8x32xf32>
  %fh = linalg.fill ins(%z : f32) outs(%eh : tensor<8x8x32xf32>) -> tensor<8x8x32xf32>
  %h = linalg.generic {indexing_maps = [affine_map<(b, s, f, d) -> (b, s, d)>, affine_map<(b, s, f, d) -> (d, f)>, affine_map<(b, s, f, d) -> (b, s, f)>],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%y2, %w1 : tensor<8x8x16xf32>, tensor<16x32xf32>) outs(%fh : tensor<8x8x32xf32>) {
  ^bb0(%a: f32, %w: f32, %acc: f32):
    %m = arith.mulf %a, %w : f32
    %r = arith.addf %acc, %m : f32
    linalg.yield %r : f32
  } -> tensor<8x8x32xf32>
  // gelu(h + b1) = 0.5 u (1 + tanh(0.79788456 (u + 0.044715 u^3)))
  %g = linalg.generic {indexing_maps = [affine_map<(b, s, f) -> (b, s, f)>, affine_map<(b, s, f) -> (f)>, affine_map<(b, s, f) -> (b, s, f)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%h, %b1 : tensor<8x8x32xf32>, tensor<32xf32>) outs(%eh : tensor<8x8x32xf32>) {
  ^bb0(%a: f32, %bias: f32, %o: f32):
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %c0 = arith.constant 0.79788456 : f32
    %c1 = arith.constant 0.044715 : f32
    %u = arith.addf %a, %bias : f32
    %u2 = arith.mulf %u, %u : f32
    %u3 = arith.mulf %u2, %u : f32
    %t0 = arith.mulf %u3, %c1 : f32
    %t1 = arith.addf %u, %t0 : f32
    %t2 = arith.mulf %t1, %c0 : f32
    %t3 = math.tanh %t2 : f32
    %t4 = arith.addf %t3, %one : f32
    %t5 = arith.mulf %u, %t4 : f32
    %r = arith.mulf %t5, %half : f32
    linalg.yield %r : f32
  } -> tensor<8x8x32xf32>
  %fo = linalg.fill ins(%z : f32) outs(%ea : tensor<8x8x16xf32>) -> tensor<8x8x16xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(b, s, d, f) -> (b, s, f)>, affine_map<(b, s, d, f) -> (f, d)>, affine_map<(b, s, d, f) -> (b, s, d)>],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%g, %w2 : tensor<8x8x32xf32>, tensor<32x16xf32>) outs(%fo : tensor<8x8x16xf32>) {
  ^bb0(%a: f32, %w: f32, %acc: f32):
    %m = arith.mulf %a, %w : f32
    %r = arith.addf %acc, %m : f32
    linalg.yield %r : f32
  } -> tensor<8x8x16xf32>
  %out = arith.addf %x1, %o : tensor<8x8x16xf32>
  return %out : tensor<8x8x16xf32>
}
