// One transformer layer, annotations stripped: `python3 bench/gen.py transformer 3 --devices 8` with every gspmd.sharding removed (bench/auto-shard-solve.sh, transformer 1). Input of test/AutoShard/search.mlir.
gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @main(%x: tensor<4x16x64xf32>, %wq0: tensor<64x8x8xf32>, %wk0: tensor<64x8x8xf32>, %wv0: tensor<64x8x8xf32>, %wo0: tensor<8x8x64xf32>, %w1_0: tensor<64x256xf32>, %w2_0: tensor<256x64xf32>, %g1_0: tensor<64xf32>, %be1_0: tensor<64xf32>, %g2_0: tensor<64xf32>, %be2_0: tensor<64xf32>) -> (tensor<4x16x64xf32>) {
  %e1 = tensor.empty() : tensor<4x16xf32>
  %c2 = arith.constant 0.0 : f32
  %f3 = linalg.fill ins(%c2 : f32) outs(%e1 : tensor<4x16xf32>) -> tensor<4x16xf32>
  %g4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<4x16x64xf32>) outs(%f3 : tensor<4x16xf32>) {
    ^bb0(%in0: f32, %acc: f32):
      %r = arith.addf %in0, %acc : f32
      linalg.yield %r : f32
    } -> tensor<4x16xf32>
  %e5 = tensor.empty() : tensor<4x16x64xf32>
  %g6 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %g4 : tensor<4x16x64xf32>, tensor<4x16xf32>) outs(%e5 : tensor<4x16x64xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %s = arith.constant 0.015625 : f32
      %m = arith.mulf %in1, %s : f32
      %r = arith.subf %in0, %m : f32
      linalg.yield %r : f32
    } -> tensor<4x16x64xf32>
  %e7 = tensor.empty() : tensor<4x16xf32>
  %f8 = linalg.fill ins(%c2 : f32) outs(%e7 : tensor<4x16xf32>) -> tensor<4x16xf32>
  %g9 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%g6 : tensor<4x16x64xf32>) outs(%f8 : tensor<4x16xf32>) {
    ^bb0(%in0: f32, %acc: f32):
      %q = arith.mulf %in0, %in0 : f32
      %r = arith.addf %q, %acc : f32
      linalg.yield %r : f32
    } -> tensor<4x16xf32>
  %g10 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g6, %g9, %g1_0, %be1_0 : tensor<4x16x64xf32>, tensor<4x16xf32>, tensor<64xf32>, tensor<64xf32>) outs(%e5 : tensor<4x16x64xf32>) {
    ^bb0(%in0: f32, %in1: f32, %in2: f32, %in3: f32, %acc: f32):
      %s = arith.constant 0.015625 : f32
      %eps = arith.constant 1.0e-5 : f32
      %v = arith.mulf %in1, %s : f32
      %ve = arith.addf %v, %eps : f32
      %rs = math.rsqrt %ve : f32
      %n = arith.mulf %in0, %rs : f32
      %sc = arith.mulf %n, %in2 : f32
      %r = arith.addf %sc, %in3 : f32
      linalg.yield %r : f32
    } -> tensor<4x16x64xf32>
  %e11 = tensor.empty() : tensor<4x8x16x8xf32>
  %f12 = linalg.fill ins(%c2 : f32) outs(%e11 : tensor<4x8x16x8xf32>) -> tensor<4x8x16x8xf32>
  %g13 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d4, d1, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%g10, %wq0 : tensor<4x16x64xf32>, tensor<64x8x8xf32>) outs(%f12 : tensor<4x8x16x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<4x8x16x8xf32>
  %e14 = tensor.empty() : tensor<4x8x16x8xf32>
  %f15 = linalg.fill ins(%c2 : f32) outs(%e14 : tensor<4x8x16x8xf32>) -> tensor<4x8x16x8xf32>
  %g16 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d4, d1, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%g10, %wk0 : tensor<4x16x64xf32>, tensor<64x8x8xf32>) outs(%f15 : tensor<4x8x16x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<4x8x16x8xf32>
  %e17 = tensor.empty() : tensor<4x8x16x8xf32>
  %f18 = linalg.fill ins(%c2 : f32) outs(%e17 : tensor<4x8x16x8xf32>) -> tensor<4x8x16x8xf32>
  %g19 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d4, d1, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%g10, %wv0 : tensor<4x16x64xf32>, tensor<64x8x8xf32>) outs(%f18 : tensor<4x8x16x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<4x8x16x8xf32>
  %e20 = tensor.empty() : tensor<4x8x16x16xf32>
  %f21 = linalg.fill ins(%c2 : f32) outs(%e20 : tensor<4x8x16x16xf32>) -> tensor<4x8x16x16xf32>
  %g22 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%g13, %g16 : tensor<4x8x16x8xf32>, tensor<4x8x16x8xf32>) outs(%f21 : tensor<4x8x16x16xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<4x8x16x16xf32>
  %e23 = tensor.empty() : tensor<4x8x16xf32>
  %c24 = arith.constant -3.4e38 : f32
  %f25 = linalg.fill ins(%c24 : f32) outs(%e23 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
  %g26 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%g22 : tensor<4x8x16x16xf32>) outs(%f25 : tensor<4x8x16xf32>) {
    ^bb0(%in0: f32, %acc: f32):
      %r = arith.maximumf %in0, %acc : f32
      linalg.yield %r : f32
    } -> tensor<4x8x16xf32>
  %e27 = tensor.empty() : tensor<4x8x16x16xf32>
  %g28 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%g22, %g26 : tensor<4x8x16x16xf32>, tensor<4x8x16xf32>) outs(%e27 : tensor<4x8x16x16xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %d = arith.subf %in0, %in1 : f32
      %r = math.exp %d : f32
      linalg.yield %r : f32
    } -> tensor<4x8x16x16xf32>
  %e29 = tensor.empty() : tensor<4x8x16xf32>
  %f30 = linalg.fill ins(%c2 : f32) outs(%e29 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
  %g31 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%g28 : tensor<4x8x16x16xf32>) outs(%f30 : tensor<4x8x16xf32>) {
    ^bb0(%in0: f32, %acc: f32):
      %r = arith.addf %in0, %acc : f32
      linalg.yield %r : f32
    } -> tensor<4x8x16xf32>
  %g32 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%g28, %g31 : tensor<4x8x16x16xf32>, tensor<4x8x16xf32>) outs(%e27 : tensor<4x8x16x16xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %r = arith.divf %in0, %in1 : f32
      linalg.yield %r : f32
    } -> tensor<4x8x16x16xf32>
  %e33 = tensor.empty() : tensor<4x8x16x8xf32>
  %f34 = linalg.fill ins(%c2 : f32) outs(%e33 : tensor<4x8x16x8xf32>) -> tensor<4x8x16x8xf32>
  %g35 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%g32, %g19 : tensor<4x8x16x16xf32>, tensor<4x8x16x8xf32>) outs(%f34 : tensor<4x8x16x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<4x8x16x8xf32>
  %e36 = tensor.empty() : tensor<4x16x64xf32>
  %f37 = linalg.fill ins(%c2 : f32) outs(%e36 : tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
  %g38 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d1, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d3, d4, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%g35, %wo0 : tensor<4x8x16x8xf32>, tensor<8x8x64xf32>) outs(%f37 : tensor<4x16x64xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<4x16x64xf32>
  %e39 = tensor.empty() : tensor<4x16x64xf32>
  %x40 = linalg.add ins(%x, %g38 : tensor<4x16x64xf32>, tensor<4x16x64xf32>) outs(%e39 : tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
  %e41 = tensor.empty() : tensor<4x16xf32>
  %f42 = linalg.fill ins(%c2 : f32) outs(%e41 : tensor<4x16xf32>) -> tensor<4x16xf32>
  %g43 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x40 : tensor<4x16x64xf32>) outs(%f42 : tensor<4x16xf32>) {
    ^bb0(%in0: f32, %acc: f32):
      %r = arith.addf %in0, %acc : f32
      linalg.yield %r : f32
    } -> tensor<4x16xf32>
  %e44 = tensor.empty() : tensor<4x16x64xf32>
  %g45 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x40, %g43 : tensor<4x16x64xf32>, tensor<4x16xf32>) outs(%e44 : tensor<4x16x64xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %s = arith.constant 0.015625 : f32
      %m = arith.mulf %in1, %s : f32
      %r = arith.subf %in0, %m : f32
      linalg.yield %r : f32
    } -> tensor<4x16x64xf32>
  %e46 = tensor.empty() : tensor<4x16xf32>
  %f47 = linalg.fill ins(%c2 : f32) outs(%e46 : tensor<4x16xf32>) -> tensor<4x16xf32>
  %g48 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%g45 : tensor<4x16x64xf32>) outs(%f47 : tensor<4x16xf32>) {
    ^bb0(%in0: f32, %acc: f32):
      %q = arith.mulf %in0, %in0 : f32
      %r = arith.addf %q, %acc : f32
      linalg.yield %r : f32
    } -> tensor<4x16xf32>
  %g49 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g45, %g48, %g2_0, %be2_0 : tensor<4x16x64xf32>, tensor<4x16xf32>, tensor<64xf32>, tensor<64xf32>) outs(%e44 : tensor<4x16x64xf32>) {
    ^bb0(%in0: f32, %in1: f32, %in2: f32, %in3: f32, %acc: f32):
      %s = arith.constant 0.015625 : f32
      %eps = arith.constant 1.0e-5 : f32
      %v = arith.mulf %in1, %s : f32
      %ve = arith.addf %v, %eps : f32
      %rs = math.rsqrt %ve : f32
      %n = arith.mulf %in0, %rs : f32
      %sc = arith.mulf %n, %in2 : f32
      %r = arith.addf %sc, %in3 : f32
      linalg.yield %r : f32
    } -> tensor<4x16x64xf32>
  %e50 = tensor.empty() : tensor<4x16x256xf32>
  %f51 = linalg.fill ins(%c2 : f32) outs(%e50 : tensor<4x16x256xf32>) -> tensor<4x16x256xf32>
  %g52 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%g49, %w1_0 : tensor<4x16x64xf32>, tensor<64x256xf32>) outs(%f51 : tensor<4x16x256xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<4x16x256xf32>
  %e53 = tensor.empty() : tensor<4x16x256xf32>
  %g54 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g52 : tensor<4x16x256xf32>) outs(%e53 : tensor<4x16x256xf32>) {
    ^bb0(%in0: f32, %acc: f32):
      %half = arith.constant 0.5 : f32
      %one = arith.constant 1.0 : f32
      %gc0 = arith.constant 0.79788456 : f32
      %gc1 = arith.constant 0.044715 : f32
      %u2 = arith.mulf %in0, %in0 : f32
      %u3 = arith.mulf %u2, %in0 : f32
      %t0 = arith.mulf %u3, %gc1 : f32
      %t1 = arith.addf %in0, %t0 : f32
      %t2 = arith.mulf %t1, %gc0 : f32
      %t3 = math.tanh %t2 : f32
      %t4 = arith.addf %t3, %one : f32
      %t5 = arith.mulf %in0, %t4 : f32
      %r = arith.mulf %t5, %half : f32
      linalg.yield %r : f32
    } -> tensor<4x16x256xf32>
  %e55 = tensor.empty() : tensor<4x16x64xf32>
  %f56 = linalg.fill ins(%c2 : f32) outs(%e55 : tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
  %g57 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%g54, %w2_0 : tensor<4x16x256xf32>, tensor<256x64xf32>) outs(%f56 : tensor<4x16x64xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<4x16x64xf32>
  %e58 = tensor.empty() : tensor<4x16x64xf32>
  %x59 = linalg.add ins(%x40, %g57 : tensor<4x16x64xf32>, tensor<4x16x64xf32>) outs(%e58 : tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
  return %x59 : tensor<4x16x64xf32>
}
