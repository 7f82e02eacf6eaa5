gspmd.mesh @mesh ["x"=2, "y"=2]
// gen.py gshard-moe: model 8, ffn 16, 2 heads of 4, 2 layers (1 encoder, 1 decoder), every other feed-forward an MoE of 4 experts (capacity 2 a group), 4 groups of 2 x 4 tokens a side, mesh 2 x 2, f32.
func.func @main(%src: tensor<1x4x2x4x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]>},
    %tgt: tensor<1x4x2x4x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]>},
    %wq_0: tensor<1x8x2x4xf32> {gspmd.sharding = #gspmd.replicated},
    %wk_0: tensor<1x8x2x4xf32> {gspmd.sharding = #gspmd.replicated},
    %wv_0: tensor<1x8x2x4xf32> {gspmd.sharding = #gspmd.replicated},
    %wo_0: tensor<1x2x4x8xf32> {gspmd.sharding = #gspmd.replicated},
    %w1_0: tensor<1x8x16xf32> {gspmd.sharding = #gspmd.replicated},
    %w2_0: tensor<1x16x8xf32> {gspmd.sharding = #gspmd.replicated},
    %wq_1: tensor<1x8x2x4xf32> {gspmd.sharding = #gspmd.replicated},
    %wk_1: tensor<1x8x2x4xf32> {gspmd.sharding = #gspmd.replicated},
    %wv_1: tensor<1x8x2x4xf32> {gspmd.sharding = #gspmd.replicated},
    %wo_1: tensor<1x2x4x8xf32> {gspmd.sharding = #gspmd.replicated},
    %wcq_1: tensor<1x8x2x4xf32> {gspmd.sharding = #gspmd.replicated},
    %wck_1: tensor<1x8x2x4xf32> {gspmd.sharding = #gspmd.replicated},
    %wcv_1: tensor<1x8x2x4xf32> {gspmd.sharding = #gspmd.replicated},
    %wco_1: tensor<1x2x4x8xf32> {gspmd.sharding = #gspmd.replicated},
    %wg_1: tensor<1x8x4xf32> {gspmd.sharding = #gspmd.replicated},
    %wi_1: tensor<1x4x8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>},
    %wu_1: tensor<1x4x16x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>})
    -> (tensor<1x4x2x4x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]>}, tensor<1x4x2x4x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]>}, tensor<1x8x2x4xf32> {gspmd.sharding = #gspmd.replicated}, tensor<1x8x2x4xf32> {gspmd.sharding = #gspmd.replicated}, tensor<1x8x2x4xf32> {gspmd.sharding = #gspmd.replicated}, tensor<1x2x4x8xf32> {gspmd.sharding = #gspmd.replicated}, tensor<1x8x16xf32> {gspmd.sharding = #gspmd.replicated}, tensor<1x16x8xf32> {gspmd.sharding = #gspmd.replicated}, tensor<1x8x2x4xf32> {gspmd.sharding = #gspmd.replicated}, tensor<1x8x2x4xf32> {gspmd.sharding = #gspmd.replicated}, tensor<1x8x2x4xf32> {gspmd.sharding = #gspmd.replicated}, tensor<1x2x4x8xf32> {gspmd.sharding = #gspmd.replicated}, tensor<1x8x2x4xf32> {gspmd.sharding = #gspmd.replicated}, tensor<1x8x2x4xf32> {gspmd.sharding = #gspmd.replicated}, tensor<1x8x2x4xf32> {gspmd.sharding = #gspmd.replicated}, tensor<1x2x4x8xf32> {gspmd.sharding = #gspmd.replicated}, tensor<1x8x4xf32> {gspmd.sharding = #gspmd.replicated}, tensor<1x4x8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>}, tensor<1x4x16x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]>}) {
  %e1 = tensor.empty() : tensor<1x4x2x4xf32>
  %k2 = arith.constant 0.0 : f32
  %z3 = linalg.fill ins(%k2 : f32) outs(%e1 : tensor<1x4x2x4xf32>) -> tensor<1x4x2x4xf32>
  %g4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%src : tensor<1x4x2x4x8xf32>) outs(%z3 : tensor<1x4x2x4xf32>) {
    ^bb0(%in0: f32, %acc: f32):
      %m = arith.mulf %in0, %in0 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4xf32>
  %c5 = gspmd.sharding_constraint %g4, #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]> : tensor<1x4x2x4xf32>
  %e6 = tensor.empty() : tensor<1x4x2x4x8xf32>
  %g7 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%src, %c5 : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4xf32>) outs(%e6 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %t0 = arith.mulf %in1, %in1 : f32
      %t1 = math.rsqrt %t0 : f32
      %t2 = arith.mulf %in0, %t1 : f32
      linalg.yield %t2 : f32
    } -> tensor<1x4x2x4x8xf32>
  %c8 = gspmd.sharding_constraint %g7, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %e9 = tensor.empty() : tensor<1x4x2x4x2x4xf32>
  %k10 = arith.constant 0.0 : f32
  %z11 = linalg.fill ins(%k10 : f32) outs(%e9 : tensor<1x4x2x4x2x4xf32>) -> tensor<1x4x2x4x2x4xf32>
  %g12 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c8, %wq_0 : tensor<1x4x2x4x8xf32>, tensor<1x8x2x4xf32>) outs(%z11 : tensor<1x4x2x4x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x2x4xf32>
  %c13 = gspmd.sharding_constraint %g12, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x4x2x4xf32>
  %e14 = tensor.empty() : tensor<1x4x2x4x2x4xf32>
  %k15 = arith.constant 0.0 : f32
  %z16 = linalg.fill ins(%k15 : f32) outs(%e14 : tensor<1x4x2x4x2x4xf32>) -> tensor<1x4x2x4x2x4xf32>
  %g17 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c8, %wk_0 : tensor<1x4x2x4x8xf32>, tensor<1x8x2x4xf32>) outs(%z16 : tensor<1x4x2x4x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x2x4xf32>
  %c18 = gspmd.sharding_constraint %g17, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x4x2x4xf32>
  %e19 = tensor.empty() : tensor<1x4x2x4x2x4xf32>
  %k20 = arith.constant 0.0 : f32
  %z21 = linalg.fill ins(%k20 : f32) outs(%e19 : tensor<1x4x2x4x2x4xf32>) -> tensor<1x4x2x4x2x4xf32>
  %g22 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c8, %wv_0 : tensor<1x4x2x4x8xf32>, tensor<1x8x2x4xf32>) outs(%z21 : tensor<1x4x2x4x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x2x4xf32>
  %c23 = gspmd.sharding_constraint %g22, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x4x2x4xf32>
  %e24 = tensor.empty() : tensor<1x4x2x2x4x4xf32>
  %k25 = arith.constant 0.0 : f32
  %z26 = linalg.fill ins(%k25 : f32) outs(%e24 : tensor<1x4x2x2x4x4xf32>) -> tensor<1x4x2x2x4x4xf32>
  %g27 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d5, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c13, %c18 : tensor<1x4x2x4x2x4xf32>, tensor<1x4x2x4x2x4xf32>) outs(%z26 : tensor<1x4x2x2x4x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x2x4x4xf32>
  %c28 = gspmd.sharding_constraint %g27, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x2x4x4xf32>
  %e29 = tensor.empty() : tensor<1x4x2x2x4x4xf32>
  %sm30 = linalg.softmax dimension(5) ins(%c28 : tensor<1x4x2x2x4x4xf32>) outs(%e29 : tensor<1x4x2x2x4x4xf32>) -> tensor<1x4x2x2x4x4xf32>
  %c31 = gspmd.sharding_constraint %sm30, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x2x4x4xf32>
  %e32 = tensor.empty() : tensor<1x4x2x4x2x4xf32>
  %k33 = arith.constant 0.0 : f32
  %z34 = linalg.fill ins(%k33 : f32) outs(%e32 : tensor<1x4x2x4x2x4xf32>) -> tensor<1x4x2x4x2x4xf32>
  %g35 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c31, %c23 : tensor<1x4x2x2x4x4xf32>, tensor<1x4x2x4x2x4xf32>) outs(%z34 : tensor<1x4x2x4x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x2x4xf32>
  %c36 = gspmd.sharding_constraint %g35, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x4x2x4xf32>
  %e37 = tensor.empty() : tensor<1x4x2x4x8xf32>
  %k38 = arith.constant 0.0 : f32
  %z39 = linalg.fill ins(%k38 : f32) outs(%e37 : tensor<1x4x2x4x8xf32>) -> tensor<1x4x2x4x8xf32>
  %g40 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d5, d6, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c36, %wo_0 : tensor<1x4x2x4x2x4xf32>, tensor<1x2x4x8xf32>) outs(%z39 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x8xf32>
  %c41 = gspmd.sharding_constraint %g40, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %e42 = tensor.empty() : tensor<1x4x2x4x8xf32>
  %g43 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%src, %c41 : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4x8xf32>) outs(%e42 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %t0 = arith.addf %in0, %in1 : f32
      linalg.yield %t0 : f32
    } -> tensor<1x4x2x4x8xf32>
  %c44 = gspmd.sharding_constraint %g43, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %e45 = tensor.empty() : tensor<1x4x2x4xf32>
  %k46 = arith.constant 0.0 : f32
  %z47 = linalg.fill ins(%k46 : f32) outs(%e45 : tensor<1x4x2x4xf32>) -> tensor<1x4x2x4xf32>
  %g48 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c44 : tensor<1x4x2x4x8xf32>) outs(%z47 : tensor<1x4x2x4xf32>) {
    ^bb0(%in0: f32, %acc: f32):
      %m = arith.mulf %in0, %in0 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4xf32>
  %c49 = gspmd.sharding_constraint %g48, #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]> : tensor<1x4x2x4xf32>
  %e50 = tensor.empty() : tensor<1x4x2x4x8xf32>
  %g51 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c44, %c49 : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4xf32>) outs(%e50 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %t0 = arith.mulf %in1, %in1 : f32
      %t1 = math.rsqrt %t0 : f32
      %t2 = arith.mulf %in0, %t1 : f32
      linalg.yield %t2 : f32
    } -> tensor<1x4x2x4x8xf32>
  %c52 = gspmd.sharding_constraint %g51, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %e53 = tensor.empty() : tensor<1x4x2x4x16xf32>
  %k54 = arith.constant 0.0 : f32
  %z55 = linalg.fill ins(%k54 : f32) outs(%e53 : tensor<1x4x2x4x16xf32>) -> tensor<1x4x2x4x16xf32>
  %g56 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d5, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c52, %w1_0 : tensor<1x4x2x4x8xf32>, tensor<1x8x16xf32>) outs(%z55 : tensor<1x4x2x4x16xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x16xf32>
  %c57 = gspmd.sharding_constraint %g56, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x16xf32>
  %e58 = tensor.empty() : tensor<1x4x2x4x16xf32>
  %g59 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c57 : tensor<1x4x2x4x16xf32>) outs(%e58 : tensor<1x4x2x4x16xf32>) {
    ^bb0(%in0: f32, %acc: f32):
      %t0 = arith.subf %in0, %in0 : f32
      %t1 = arith.maximumf %in0, %t0 : f32
      linalg.yield %t1 : f32
    } -> tensor<1x4x2x4x16xf32>
  %c60 = gspmd.sharding_constraint %g59, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x16xf32>
  %e61 = tensor.empty() : tensor<1x4x2x4x8xf32>
  %k62 = arith.constant 0.0 : f32
  %z63 = linalg.fill ins(%k62 : f32) outs(%e61 : tensor<1x4x2x4x8xf32>) -> tensor<1x4x2x4x8xf32>
  %g64 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d5, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c60, %w2_0 : tensor<1x4x2x4x16xf32>, tensor<1x16x8xf32>) outs(%z63 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x8xf32>
  %c65 = gspmd.sharding_constraint %g64, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %e66 = tensor.empty() : tensor<1x4x2x4x8xf32>
  %g67 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c44, %c65 : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4x8xf32>) outs(%e66 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %t0 = arith.addf %in0, %in1 : f32
      linalg.yield %t0 : f32
    } -> tensor<1x4x2x4x8xf32>
  %c68 = gspmd.sharding_constraint %g67, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %e69 = tensor.empty() : tensor<1x4x2x4xf32>
  %k70 = arith.constant 0.0 : f32
  %z71 = linalg.fill ins(%k70 : f32) outs(%e69 : tensor<1x4x2x4xf32>) -> tensor<1x4x2x4xf32>
  %g72 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%tgt : tensor<1x4x2x4x8xf32>) outs(%z71 : tensor<1x4x2x4xf32>) {
    ^bb0(%in0: f32, %acc: f32):
      %m = arith.mulf %in0, %in0 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4xf32>
  %c73 = gspmd.sharding_constraint %g72, #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]> : tensor<1x4x2x4xf32>
  %e74 = tensor.empty() : tensor<1x4x2x4x8xf32>
  %g75 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%tgt, %c73 : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4xf32>) outs(%e74 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %t0 = arith.mulf %in1, %in1 : f32
      %t1 = math.rsqrt %t0 : f32
      %t2 = arith.mulf %in0, %t1 : f32
      linalg.yield %t2 : f32
    } -> tensor<1x4x2x4x8xf32>
  %c76 = gspmd.sharding_constraint %g75, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %e77 = tensor.empty() : tensor<1x4x2x4x2x4xf32>
  %k78 = arith.constant 0.0 : f32
  %z79 = linalg.fill ins(%k78 : f32) outs(%e77 : tensor<1x4x2x4x2x4xf32>) -> tensor<1x4x2x4x2x4xf32>
  %g80 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c76, %wq_1 : tensor<1x4x2x4x8xf32>, tensor<1x8x2x4xf32>) outs(%z79 : tensor<1x4x2x4x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x2x4xf32>
  %c81 = gspmd.sharding_constraint %g80, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x4x2x4xf32>
  %e82 = tensor.empty() : tensor<1x4x2x4x2x4xf32>
  %k83 = arith.constant 0.0 : f32
  %z84 = linalg.fill ins(%k83 : f32) outs(%e82 : tensor<1x4x2x4x2x4xf32>) -> tensor<1x4x2x4x2x4xf32>
  %g85 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c76, %wk_1 : tensor<1x4x2x4x8xf32>, tensor<1x8x2x4xf32>) outs(%z84 : tensor<1x4x2x4x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x2x4xf32>
  %c86 = gspmd.sharding_constraint %g85, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x4x2x4xf32>
  %e87 = tensor.empty() : tensor<1x4x2x4x2x4xf32>
  %k88 = arith.constant 0.0 : f32
  %z89 = linalg.fill ins(%k88 : f32) outs(%e87 : tensor<1x4x2x4x2x4xf32>) -> tensor<1x4x2x4x2x4xf32>
  %g90 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c76, %wv_1 : tensor<1x4x2x4x8xf32>, tensor<1x8x2x4xf32>) outs(%z89 : tensor<1x4x2x4x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x2x4xf32>
  %c91 = gspmd.sharding_constraint %g90, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x4x2x4xf32>
  %e92 = tensor.empty() : tensor<1x4x2x2x4x4xf32>
  %k93 = arith.constant 0.0 : f32
  %z94 = linalg.fill ins(%k93 : f32) outs(%e92 : tensor<1x4x2x2x4x4xf32>) -> tensor<1x4x2x2x4x4xf32>
  %g95 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d5, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c81, %c86 : tensor<1x4x2x4x2x4xf32>, tensor<1x4x2x4x2x4xf32>) outs(%z94 : tensor<1x4x2x2x4x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x2x4x4xf32>
  %c96 = gspmd.sharding_constraint %g95, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x2x4x4xf32>
  %e97 = tensor.empty() : tensor<1x4x2x2x4x4xf32>
  %sm98 = linalg.softmax dimension(5) ins(%c96 : tensor<1x4x2x2x4x4xf32>) outs(%e97 : tensor<1x4x2x2x4x4xf32>) -> tensor<1x4x2x2x4x4xf32>
  %c99 = gspmd.sharding_constraint %sm98, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x2x4x4xf32>
  %e100 = tensor.empty() : tensor<1x4x2x4x2x4xf32>
  %k101 = arith.constant 0.0 : f32
  %z102 = linalg.fill ins(%k101 : f32) outs(%e100 : tensor<1x4x2x4x2x4xf32>) -> tensor<1x4x2x4x2x4xf32>
  %g103 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c99, %c91 : tensor<1x4x2x2x4x4xf32>, tensor<1x4x2x4x2x4xf32>) outs(%z102 : tensor<1x4x2x4x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x2x4xf32>
  %c104 = gspmd.sharding_constraint %g103, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x4x2x4xf32>
  %e105 = tensor.empty() : tensor<1x4x2x4x8xf32>
  %k106 = arith.constant 0.0 : f32
  %z107 = linalg.fill ins(%k106 : f32) outs(%e105 : tensor<1x4x2x4x8xf32>) -> tensor<1x4x2x4x8xf32>
  %g108 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d5, d6, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c104, %wo_1 : tensor<1x4x2x4x2x4xf32>, tensor<1x2x4x8xf32>) outs(%z107 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x8xf32>
  %c109 = gspmd.sharding_constraint %g108, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %e110 = tensor.empty() : tensor<1x4x2x4x8xf32>
  %g111 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%tgt, %c109 : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4x8xf32>) outs(%e110 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %t0 = arith.addf %in0, %in1 : f32
      linalg.yield %t0 : f32
    } -> tensor<1x4x2x4x8xf32>
  %c112 = gspmd.sharding_constraint %g111, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %e113 = tensor.empty() : tensor<1x4x2x4xf32>
  %k114 = arith.constant 0.0 : f32
  %z115 = linalg.fill ins(%k114 : f32) outs(%e113 : tensor<1x4x2x4xf32>) -> tensor<1x4x2x4xf32>
  %g116 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c112 : tensor<1x4x2x4x8xf32>) outs(%z115 : tensor<1x4x2x4xf32>) {
    ^bb0(%in0: f32, %acc: f32):
      %m = arith.mulf %in0, %in0 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4xf32>
  %c117 = gspmd.sharding_constraint %g116, #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]> : tensor<1x4x2x4xf32>
  %e118 = tensor.empty() : tensor<1x4x2x4x8xf32>
  %g119 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c112, %c117 : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4xf32>) outs(%e118 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %t0 = arith.mulf %in1, %in1 : f32
      %t1 = math.rsqrt %t0 : f32
      %t2 = arith.mulf %in0, %t1 : f32
      linalg.yield %t2 : f32
    } -> tensor<1x4x2x4x8xf32>
  %c120 = gspmd.sharding_constraint %g119, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %e121 = tensor.empty() : tensor<1x4x2x4x2x4xf32>
  %k122 = arith.constant 0.0 : f32
  %z123 = linalg.fill ins(%k122 : f32) outs(%e121 : tensor<1x4x2x4x2x4xf32>) -> tensor<1x4x2x4x2x4xf32>
  %g124 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c120, %wcq_1 : tensor<1x4x2x4x8xf32>, tensor<1x8x2x4xf32>) outs(%z123 : tensor<1x4x2x4x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x2x4xf32>
  %c125 = gspmd.sharding_constraint %g124, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x4x2x4xf32>
  %e126 = tensor.empty() : tensor<1x4x2x4x2x4xf32>
  %k127 = arith.constant 0.0 : f32
  %z128 = linalg.fill ins(%k127 : f32) outs(%e126 : tensor<1x4x2x4x2x4xf32>) -> tensor<1x4x2x4x2x4xf32>
  %g129 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c120, %wck_1 : tensor<1x4x2x4x8xf32>, tensor<1x8x2x4xf32>) outs(%z128 : tensor<1x4x2x4x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x2x4xf32>
  %c130 = gspmd.sharding_constraint %g129, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x4x2x4xf32>
  %e131 = tensor.empty() : tensor<1x4x2x4x2x4xf32>
  %k132 = arith.constant 0.0 : f32
  %z133 = linalg.fill ins(%k132 : f32) outs(%e131 : tensor<1x4x2x4x2x4xf32>) -> tensor<1x4x2x4x2x4xf32>
  %g134 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c120, %wcv_1 : tensor<1x4x2x4x8xf32>, tensor<1x8x2x4xf32>) outs(%z133 : tensor<1x4x2x4x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x2x4xf32>
  %c135 = gspmd.sharding_constraint %g134, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x4x2x4xf32>
  %e136 = tensor.empty() : tensor<1x4x2x2x4x4xf32>
  %k137 = arith.constant 0.0 : f32
  %z138 = linalg.fill ins(%k137 : f32) outs(%e136 : tensor<1x4x2x2x4x4xf32>) -> tensor<1x4x2x2x4x4xf32>
  %g139 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d5, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c125, %c130 : tensor<1x4x2x4x2x4xf32>, tensor<1x4x2x4x2x4xf32>) outs(%z138 : tensor<1x4x2x2x4x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x2x4x4xf32>
  %c140 = gspmd.sharding_constraint %g139, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x2x4x4xf32>
  %e141 = tensor.empty() : tensor<1x4x2x2x4x4xf32>
  %sm142 = linalg.softmax dimension(5) ins(%c140 : tensor<1x4x2x2x4x4xf32>) outs(%e141 : tensor<1x4x2x2x4x4xf32>) -> tensor<1x4x2x2x4x4xf32>
  %c143 = gspmd.sharding_constraint %sm142, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x2x4x4xf32>
  %e144 = tensor.empty() : tensor<1x4x2x4x2x4xf32>
  %k145 = arith.constant 0.0 : f32
  %z146 = linalg.fill ins(%k145 : f32) outs(%e144 : tensor<1x4x2x4x2x4xf32>) -> tensor<1x4x2x4x2x4xf32>
  %g147 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c143, %c135 : tensor<1x4x2x2x4x4xf32>, tensor<1x4x2x4x2x4xf32>) outs(%z146 : tensor<1x4x2x4x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x2x4xf32>
  %c148 = gspmd.sharding_constraint %g147, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x4x2x4xf32>
  %e149 = tensor.empty() : tensor<1x4x2x4x8xf32>
  %k150 = arith.constant 0.0 : f32
  %z151 = linalg.fill ins(%k150 : f32) outs(%e149 : tensor<1x4x2x4x8xf32>) -> tensor<1x4x2x4x8xf32>
  %g152 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d5, d6, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c148, %wco_1 : tensor<1x4x2x4x2x4xf32>, tensor<1x2x4x8xf32>) outs(%z151 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x8xf32>
  %c153 = gspmd.sharding_constraint %g152, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %e154 = tensor.empty() : tensor<1x4x2x4x8xf32>
  %g155 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c112, %c153 : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4x8xf32>) outs(%e154 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %t0 = arith.addf %in0, %in1 : f32
      linalg.yield %t0 : f32
    } -> tensor<1x4x2x4x8xf32>
  %c156 = gspmd.sharding_constraint %g155, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %e157 = tensor.empty() : tensor<1x4x2x4xf32>
  %k158 = arith.constant 0.0 : f32
  %z159 = linalg.fill ins(%k158 : f32) outs(%e157 : tensor<1x4x2x4xf32>) -> tensor<1x4x2x4xf32>
  %g160 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c156 : tensor<1x4x2x4x8xf32>) outs(%z159 : tensor<1x4x2x4xf32>) {
    ^bb0(%in0: f32, %acc: f32):
      %m = arith.mulf %in0, %in0 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4xf32>
  %c161 = gspmd.sharding_constraint %g160, #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]> : tensor<1x4x2x4xf32>
  %e162 = tensor.empty() : tensor<1x4x2x4x8xf32>
  %g163 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c156, %c161 : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4xf32>) outs(%e162 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %t0 = arith.mulf %in1, %in1 : f32
      %t1 = math.rsqrt %t0 : f32
      %t2 = arith.mulf %in0, %t1 : f32
      linalg.yield %t2 : f32
    } -> tensor<1x4x2x4x8xf32>
  %c164 = gspmd.sharding_constraint %g163, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %e165 = tensor.empty() : tensor<1x4x2x4x4xf32>
  %k166 = arith.constant 0.0 : f32
  %z167 = linalg.fill ins(%k166 : f32) outs(%e165 : tensor<1x4x2x4x4xf32>) -> tensor<1x4x2x4x4xf32>
  %g168 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d5, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c164, %wg_1 : tensor<1x4x2x4x8xf32>, tensor<1x8x4xf32>) outs(%z167 : tensor<1x4x2x4x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x4xf32>
  %c169 = gspmd.sharding_constraint %g168, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x4xf32>
  %e170 = tensor.empty() : tensor<1x4x2x4x4xf32>
  %sm171 = linalg.softmax dimension(4) ins(%c169 : tensor<1x4x2x4x4xf32>) outs(%e170 : tensor<1x4x2x4x4xf32>) -> tensor<1x4x2x4x4xf32>
  %c172 = gspmd.sharding_constraint %sm171, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x4xf32>
  %e173 = tensor.empty() : tensor<1x4x2x4x4x2xf32>
  %g174 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c172 : tensor<1x4x2x4x4xf32>) outs(%e173 : tensor<1x4x2x4x4x2xf32>) {
    ^bb0(%in0: f32, %acc: f32):
      %t0 = arith.mulf %in0, %in0 : f32
      linalg.yield %t0 : f32
    } -> tensor<1x4x2x4x4x2xf32>
  %c175 = gspmd.sharding_constraint %g174, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x4x4x2xf32>
  %e176 = tensor.empty() : tensor<1x4x2x4x4x2xf32>
  %g177 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c175 : tensor<1x4x2x4x4x2xf32>) outs(%e176 : tensor<1x4x2x4x4x2xf32>) {
    ^bb0(%in0: f32, %acc: f32):
      %t0 = math.ceil %in0 : f32
      linalg.yield %t0 : f32
    } -> tensor<1x4x2x4x4x2xf32>
  %c178 = gspmd.sharding_constraint %g177, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x4x4x2xf32>
  %e179 = tensor.empty() : tensor<1x4x4x2x8xf32>
  %k180 = arith.constant 0.0 : f32
  %z181 = linalg.fill ins(%k180 : f32) outs(%e179 : tensor<1x4x4x2x8xf32>) -> tensor<1x4x4x2x8xf32>
  %g182 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d2, d5, d6, d1, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d2, d5, d6, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c178, %c164 : tensor<1x4x2x4x4x2xf32>, tensor<1x4x2x4x8xf32>) outs(%z181 : tensor<1x4x4x2x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x4x2x8xf32>
  %c183 = gspmd.sharding_constraint %g182, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x4x2x8xf32>
  %e184 = tensor.empty() : tensor<1x4x4x2x16xf32>
  %k185 = arith.constant 0.0 : f32
  %z186 = linalg.fill ins(%k185 : f32) outs(%e184 : tensor<1x4x4x2x16xf32>) -> tensor<1x4x4x2x16xf32>
  %g187 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d5, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c183, %wi_1 : tensor<1x4x4x2x8xf32>, tensor<1x4x8x16xf32>) outs(%z186 : tensor<1x4x4x2x16xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x4x2x16xf32>
  %c188 = gspmd.sharding_constraint %g187, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x4x2x16xf32>
  %e189 = tensor.empty() : tensor<1x4x4x2x16xf32>
  %g190 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c188 : tensor<1x4x4x2x16xf32>) outs(%e189 : tensor<1x4x4x2x16xf32>) {
    ^bb0(%in0: f32, %acc: f32):
      %t0 = arith.subf %in0, %in0 : f32
      %t1 = arith.maximumf %in0, %t0 : f32
      linalg.yield %t1 : f32
    } -> tensor<1x4x4x2x16xf32>
  %c191 = gspmd.sharding_constraint %g190, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x4x2x16xf32>
  %e192 = tensor.empty() : tensor<1x4x4x2x8xf32>
  %k193 = arith.constant 0.0 : f32
  %z194 = linalg.fill ins(%k193 : f32) outs(%e192 : tensor<1x4x4x2x8xf32>) -> tensor<1x4x4x2x8xf32>
  %g195 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d5, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c191, %wu_1 : tensor<1x4x4x2x16xf32>, tensor<1x4x16x8xf32>) outs(%z194 : tensor<1x4x4x2x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x4x2x8xf32>
  %c196 = gspmd.sharding_constraint %g195, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x4x2x8xf32>
  %c197 = gspmd.sharding_constraint %c196, #gspmd.tiled<@mesh, [[], [], ["x", "y"], [], []]> : tensor<1x4x4x2x8xf32>
  %e198 = tensor.empty() : tensor<1x4x2x4x8xf32>
  %k199 = arith.constant 0.0 : f32
  %z200 = linalg.fill ins(%k199 : f32) outs(%e198 : tensor<1x4x2x4x8xf32>) -> tensor<1x4x2x4x8xf32>
  %g201 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d5, d1, d6, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c175, %c197 : tensor<1x4x2x4x4x2xf32>, tensor<1x4x4x2x8xf32>) outs(%z200 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x8xf32>
  %c202 = gspmd.sharding_constraint %g201, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %e203 = tensor.empty() : tensor<1x4x2x4x8xf32>
  %g204 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c156, %c202 : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4x8xf32>) outs(%e203 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %t0 = arith.addf %in0, %in1 : f32
      linalg.yield %t0 : f32
    } -> tensor<1x4x2x4x8xf32>
  %c205 = gspmd.sharding_constraint %g204, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %e206 = tensor.empty() : tensor<1x4x4x2x8xf32>
  %k207 = arith.constant 0.0 : f32
  %z208 = linalg.fill ins(%k207 : f32) outs(%e206 : tensor<1x4x4x2x8xf32>) -> tensor<1x4x4x2x8xf32>
  %g209 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d2, d5, d6, d1, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d2, d5, d6, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c175, %c205 : tensor<1x4x2x4x4x2xf32>, tensor<1x4x2x4x8xf32>) outs(%z208 : tensor<1x4x4x2x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x4x2x8xf32>
  %c210 = gspmd.sharding_constraint %g209, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x4x2x8xf32>
  %e211 = tensor.empty() : tensor<1x4x2x4x4x2xf32>
  %k212 = arith.constant 0.0 : f32
  %z213 = linalg.fill ins(%k212 : f32) outs(%e211 : tensor<1x4x2x4x4x2xf32>) -> tensor<1x4x2x4x4x2xf32>
  %g214 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d1, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c205, %c197 : tensor<1x4x2x4x8xf32>, tensor<1x4x4x2x8xf32>) outs(%z213 : tensor<1x4x2x4x4x2xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x4x2xf32>
  %c215 = gspmd.sharding_constraint %g214, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x4x4x2xf32>
  %e216 = tensor.empty() : tensor<1x4x4x2x16xf32>
  %k217 = arith.constant 0.0 : f32
  %z218 = linalg.fill ins(%k217 : f32) outs(%e216 : tensor<1x4x4x2x16xf32>) -> tensor<1x4x4x2x16xf32>
  %g219 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c210, %wu_1 : tensor<1x4x4x2x8xf32>, tensor<1x4x16x8xf32>) outs(%z218 : tensor<1x4x4x2x16xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x4x2x16xf32>
  %c220 = gspmd.sharding_constraint %g219, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x4x2x16xf32>
  %e221 = tensor.empty() : tensor<1x4x16x8xf32>
  %k222 = arith.constant 0.0 : f32
  %z223 = linalg.fill ins(%k222 : f32) outs(%e221 : tensor<1x4x16x8xf32>) -> tensor<1x4x16x8xf32>
  %g224 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d5, d2)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d5, d3)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c191, %c210 : tensor<1x4x4x2x16xf32>, tensor<1x4x4x2x8xf32>) outs(%z223 : tensor<1x4x16x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x16x8xf32>
  %c225 = gspmd.sharding_constraint %g224, #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]> : tensor<1x4x16x8xf32>
  %e226 = tensor.empty() : tensor<1x4x4x2x16xf32>
  %g227 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c220, %c188 : tensor<1x4x4x2x16xf32>, tensor<1x4x4x2x16xf32>) outs(%e226 : tensor<1x4x4x2x16xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %t0 = arith.subf %in1, %in1 : f32
      %t1 = arith.cmpf ogt, %in1, %t0 : f32
      %t2 = arith.subf %in0, %in0 : f32
      %t3 = arith.select %t1, %in0, %t2 : f32
      linalg.yield %t3 : f32
    } -> tensor<1x4x4x2x16xf32>
  %c228 = gspmd.sharding_constraint %g227, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x4x2x16xf32>
  %e229 = tensor.empty() : tensor<1x4x4x2x8xf32>
  %k230 = arith.constant 0.0 : f32
  %z231 = linalg.fill ins(%k230 : f32) outs(%e229 : tensor<1x4x4x2x8xf32>) -> tensor<1x4x4x2x8xf32>
  %g232 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c228, %wi_1 : tensor<1x4x4x2x16xf32>, tensor<1x4x8x16xf32>) outs(%z231 : tensor<1x4x4x2x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x4x2x8xf32>
  %c233 = gspmd.sharding_constraint %g232, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x4x2x8xf32>
  %e234 = tensor.empty() : tensor<1x4x8x16xf32>
  %k235 = arith.constant 0.0 : f32
  %z236 = linalg.fill ins(%k235 : f32) outs(%e234 : tensor<1x4x8x16xf32>) -> tensor<1x4x8x16xf32>
  %g237 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d5, d2)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d5, d3)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c183, %c228 : tensor<1x4x4x2x8xf32>, tensor<1x4x4x2x16xf32>) outs(%z236 : tensor<1x4x8x16xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x8x16xf32>
  %c238 = gspmd.sharding_constraint %g237, #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]> : tensor<1x4x8x16xf32>
  %c239 = gspmd.sharding_constraint %c233, #gspmd.tiled<@mesh, [[], [], ["x", "y"], [], []]> : tensor<1x4x4x2x8xf32>
  %e240 = tensor.empty() : tensor<1x4x2x4x8xf32>
  %k241 = arith.constant 0.0 : f32
  %z242 = linalg.fill ins(%k241 : f32) outs(%e240 : tensor<1x4x2x4x8xf32>) -> tensor<1x4x2x4x8xf32>
  %g243 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d5, d1, d6, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c178, %c239 : tensor<1x4x2x4x4x2xf32>, tensor<1x4x4x2x8xf32>) outs(%z242 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x8xf32>
  %c244 = gspmd.sharding_constraint %g243, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %e245 = tensor.empty() : tensor<1x4x2x4x4xf32>
  %k246 = arith.constant 0.0 : f32
  %z247 = linalg.fill ins(%k246 : f32) outs(%e245 : tensor<1x4x2x4x4xf32>) -> tensor<1x4x2x4x4xf32>
  %g248 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c215, %c175 : tensor<1x4x2x4x4x2xf32>, tensor<1x4x2x4x4x2xf32>) outs(%z247 : tensor<1x4x2x4x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x4xf32>
  %c249 = gspmd.sharding_constraint %g248, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x4xf32>
  %e250 = tensor.empty() : tensor<1x4x2x4xf32>
  %k251 = arith.constant 0.0 : f32
  %z252 = linalg.fill ins(%k251 : f32) outs(%e250 : tensor<1x4x2x4xf32>) -> tensor<1x4x2x4xf32>
  %g253 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c249, %c172 : tensor<1x4x2x4x4xf32>, tensor<1x4x2x4x4xf32>) outs(%z252 : tensor<1x4x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4xf32>
  %c254 = gspmd.sharding_constraint %g253, #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]> : tensor<1x4x2x4xf32>
  %e255 = tensor.empty() : tensor<1x4x2x4x4xf32>
  %g256 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c249, %c172, %c254 : tensor<1x4x2x4x4xf32>, tensor<1x4x2x4x4xf32>, tensor<1x4x2x4xf32>) outs(%e255 : tensor<1x4x2x4x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %in2: f32, %acc: f32):
      %t0 = arith.subf %in0, %in2 : f32
      %t1 = arith.mulf %t0, %in1 : f32
      linalg.yield %t1 : f32
    } -> tensor<1x4x2x4x4xf32>
  %c257 = gspmd.sharding_constraint %g256, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x4xf32>
  %e258 = tensor.empty() : tensor<1x8x4xf32>
  %k259 = arith.constant 0.0 : f32
  %z260 = linalg.fill ins(%k259 : f32) outs(%e258 : tensor<1x8x4xf32>) -> tensor<1x8x4xf32>
  %g261 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d4, d5, d1)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d4, d5, d2)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%c164, %c257 : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4x4xf32>) outs(%z260 : tensor<1x8x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x8x4xf32>
  %c262 = gspmd.sharding_constraint %g261, #gspmd.replicated : tensor<1x8x4xf32>
  %g263 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c257, %wg_1 : tensor<1x4x2x4x4xf32>, tensor<1x8x4xf32>) outs(%c244 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x8xf32>
  %c264 = gspmd.sharding_constraint %g263, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %e265 = tensor.empty() : tensor<1x4x2x4xf32>
  %k266 = arith.constant 0.0 : f32
  %z267 = linalg.fill ins(%k266 : f32) outs(%e265 : tensor<1x4x2x4xf32>) -> tensor<1x4x2x4xf32>
  %g268 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c264, %c156 : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4x8xf32>) outs(%z267 : tensor<1x4x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4xf32>
  %c269 = gspmd.sharding_constraint %g268, #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]> : tensor<1x4x2x4xf32>
  %e270 = tensor.empty() : tensor<1x4x2x4x8xf32>
  %g271 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c264, %c156, %c269, %c205 : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4x8xf32>, tensor<1x4x2x4xf32>, tensor<1x4x2x4x8xf32>) outs(%e270 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %in2: f32, %in3: f32, %acc: f32):
      %t0 = arith.mulf %in1, %in2 : f32
      %t1 = arith.subf %in0, %t0 : f32
      %t2 = arith.addf %t1, %in3 : f32
      linalg.yield %t2 : f32
    } -> tensor<1x4x2x4x8xf32>
  %c272 = gspmd.sharding_constraint %g271, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %e273 = tensor.empty() : tensor<1x4x2x4x2x4xf32>
  %k274 = arith.constant 0.0 : f32
  %z275 = linalg.fill ins(%k274 : f32) outs(%e273 : tensor<1x4x2x4x2x4xf32>) -> tensor<1x4x2x4x2x4xf32>
  %g276 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c272, %wco_1 : tensor<1x4x2x4x8xf32>, tensor<1x2x4x8xf32>) outs(%z275 : tensor<1x4x2x4x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x2x4xf32>
  %c277 = gspmd.sharding_constraint %g276, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x4x2x4xf32>
  %e278 = tensor.empty() : tensor<1x2x4x8xf32>
  %k279 = arith.constant 0.0 : f32
  %z280 = linalg.fill ins(%k279 : f32) outs(%e278 : tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
  %g281 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d1, d2)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%c148, %c272 : tensor<1x4x2x4x2x4xf32>, tensor<1x4x2x4x8xf32>) outs(%z280 : tensor<1x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x2x4x8xf32>
  %c282 = gspmd.sharding_constraint %g281, #gspmd.replicated : tensor<1x2x4x8xf32>
  %e283 = tensor.empty() : tensor<1x4x2x2x4x4xf32>
  %k284 = arith.constant 0.0 : f32
  %z285 = linalg.fill ins(%k284 : f32) outs(%e283 : tensor<1x4x2x2x4x4xf32>) -> tensor<1x4x2x2x4x4xf32>
  %g286 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d5, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c277, %c135 : tensor<1x4x2x4x2x4xf32>, tensor<1x4x2x4x2x4xf32>) outs(%z285 : tensor<1x4x2x2x4x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x2x4x4xf32>
  %c287 = gspmd.sharding_constraint %g286, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x2x4x4xf32>
  %e288 = tensor.empty() : tensor<1x4x2x4x2x4xf32>
  %k289 = arith.constant 0.0 : f32
  %z290 = linalg.fill ins(%k289 : f32) outs(%e288 : tensor<1x4x2x4x2x4xf32>) -> tensor<1x4x2x4x2x4xf32>
  %g291 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c143, %c277 : tensor<1x4x2x2x4x4xf32>, tensor<1x4x2x4x2x4xf32>) outs(%z290 : tensor<1x4x2x4x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x2x4xf32>
  %c292 = gspmd.sharding_constraint %g291, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x4x2x4xf32>
  %e293 = tensor.empty() : tensor<1x4x2x2x4xf32>
  %k294 = arith.constant 0.0 : f32
  %z295 = linalg.fill ins(%k294 : f32) outs(%e293 : tensor<1x4x2x2x4xf32>) -> tensor<1x4x2x2x4xf32>
  %g296 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c287, %c143 : tensor<1x4x2x2x4x4xf32>, tensor<1x4x2x2x4x4xf32>) outs(%z295 : tensor<1x4x2x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x2x4xf32>
  %c297 = gspmd.sharding_constraint %g296, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x2x4xf32>
  %e298 = tensor.empty() : tensor<1x4x2x2x4x4xf32>
  %g299 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c287, %c143, %c297 : tensor<1x4x2x2x4x4xf32>, tensor<1x4x2x2x4x4xf32>, tensor<1x4x2x2x4xf32>) outs(%e298 : tensor<1x4x2x2x4x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %in2: f32, %acc: f32):
      %t0 = arith.subf %in0, %in2 : f32
      %t1 = arith.mulf %t0, %in1 : f32
      linalg.yield %t1 : f32
    } -> tensor<1x4x2x2x4x4xf32>
  %c300 = gspmd.sharding_constraint %g299, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x2x4x4xf32>
  %e301 = tensor.empty() : tensor<1x4x2x4x2x4xf32>
  %k302 = arith.constant 0.0 : f32
  %z303 = linalg.fill ins(%k302 : f32) outs(%e301 : tensor<1x4x2x4x2x4xf32>) -> tensor<1x4x2x4x2x4xf32>
  %g304 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c300, %c130 : tensor<1x4x2x2x4x4xf32>, tensor<1x4x2x4x2x4xf32>) outs(%z303 : tensor<1x4x2x4x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x2x4xf32>
  %c305 = gspmd.sharding_constraint %g304, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x4x2x4xf32>
  %e306 = tensor.empty() : tensor<1x4x2x4x2x4xf32>
  %k307 = arith.constant 0.0 : f32
  %z308 = linalg.fill ins(%k307 : f32) outs(%e306 : tensor<1x4x2x4x2x4xf32>) -> tensor<1x4x2x4x2x4xf32>
  %g309 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c300, %c125 : tensor<1x4x2x2x4x4xf32>, tensor<1x4x2x4x2x4xf32>) outs(%z308 : tensor<1x4x2x4x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x2x4xf32>
  %c310 = gspmd.sharding_constraint %g309, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x4x2x4xf32>
  %e311 = tensor.empty() : tensor<1x4x2x4x8xf32>
  %k312 = arith.constant 0.0 : f32
  %z313 = linalg.fill ins(%k312 : f32) outs(%e311 : tensor<1x4x2x4x8xf32>) -> tensor<1x4x2x4x8xf32>
  %g314 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c305, %wcq_1 : tensor<1x4x2x4x2x4xf32>, tensor<1x8x2x4xf32>) outs(%z313 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x8xf32>
  %c315 = gspmd.sharding_constraint %g314, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %g316 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c310, %wck_1 : tensor<1x4x2x4x2x4xf32>, tensor<1x8x2x4xf32>) outs(%c315 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x8xf32>
  %c317 = gspmd.sharding_constraint %g316, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %g318 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c292, %wcv_1 : tensor<1x4x2x4x2x4xf32>, tensor<1x8x2x4xf32>) outs(%c317 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x8xf32>
  %c319 = gspmd.sharding_constraint %g318, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %e320 = tensor.empty() : tensor<1x8x2x4xf32>
  %k321 = arith.constant 0.0 : f32
  %z322 = linalg.fill ins(%k321 : f32) outs(%e320 : tensor<1x8x2x4xf32>) -> tensor<1x8x2x4xf32>
  %g323 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d1)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d2, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%c120, %c305 : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4x2x4xf32>) outs(%z322 : tensor<1x8x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x8x2x4xf32>
  %c324 = gspmd.sharding_constraint %g323, #gspmd.replicated : tensor<1x8x2x4xf32>
  %e325 = tensor.empty() : tensor<1x8x2x4xf32>
  %k326 = arith.constant 0.0 : f32
  %z327 = linalg.fill ins(%k326 : f32) outs(%e325 : tensor<1x8x2x4xf32>) -> tensor<1x8x2x4xf32>
  %g328 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d1)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d2, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%c120, %c310 : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4x2x4xf32>) outs(%z327 : tensor<1x8x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x8x2x4xf32>
  %c329 = gspmd.sharding_constraint %g328, #gspmd.replicated : tensor<1x8x2x4xf32>
  %e330 = tensor.empty() : tensor<1x8x2x4xf32>
  %k331 = arith.constant 0.0 : f32
  %z332 = linalg.fill ins(%k331 : f32) outs(%e330 : tensor<1x8x2x4xf32>) -> tensor<1x8x2x4xf32>
  %g333 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d1)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d2, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%c120, %c292 : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4x2x4xf32>) outs(%z332 : tensor<1x8x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x8x2x4xf32>
  %c334 = gspmd.sharding_constraint %g333, #gspmd.replicated : tensor<1x8x2x4xf32>
  %e335 = tensor.empty() : tensor<1x4x2x4xf32>
  %k336 = arith.constant 0.0 : f32
  %z337 = linalg.fill ins(%k336 : f32) outs(%e335 : tensor<1x4x2x4xf32>) -> tensor<1x4x2x4xf32>
  %g338 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c319, %c112 : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4x8xf32>) outs(%z337 : tensor<1x4x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4xf32>
  %c339 = gspmd.sharding_constraint %g338, #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]> : tensor<1x4x2x4xf32>
  %e340 = tensor.empty() : tensor<1x4x2x4x8xf32>
  %g341 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c319, %c112, %c339, %c272 : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4x8xf32>, tensor<1x4x2x4xf32>, tensor<1x4x2x4x8xf32>) outs(%e340 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %in2: f32, %in3: f32, %acc: f32):
      %t0 = arith.mulf %in1, %in2 : f32
      %t1 = arith.subf %in0, %t0 : f32
      %t2 = arith.addf %t1, %in3 : f32
      linalg.yield %t2 : f32
    } -> tensor<1x4x2x4x8xf32>
  %c342 = gspmd.sharding_constraint %g341, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %e343 = tensor.empty() : tensor<1x4x2x4x2x4xf32>
  %k344 = arith.constant 0.0 : f32
  %z345 = linalg.fill ins(%k344 : f32) outs(%e343 : tensor<1x4x2x4x2x4xf32>) -> tensor<1x4x2x4x2x4xf32>
  %g346 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c342, %wo_1 : tensor<1x4x2x4x8xf32>, tensor<1x2x4x8xf32>) outs(%z345 : tensor<1x4x2x4x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x2x4xf32>
  %c347 = gspmd.sharding_constraint %g346, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x4x2x4xf32>
  %e348 = tensor.empty() : tensor<1x2x4x8xf32>
  %k349 = arith.constant 0.0 : f32
  %z350 = linalg.fill ins(%k349 : f32) outs(%e348 : tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
  %g351 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d1, d2)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%c104, %c342 : tensor<1x4x2x4x2x4xf32>, tensor<1x4x2x4x8xf32>) outs(%z350 : tensor<1x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x2x4x8xf32>
  %c352 = gspmd.sharding_constraint %g351, #gspmd.replicated : tensor<1x2x4x8xf32>
  %e353 = tensor.empty() : tensor<1x4x2x2x4x4xf32>
  %k354 = arith.constant 0.0 : f32
  %z355 = linalg.fill ins(%k354 : f32) outs(%e353 : tensor<1x4x2x2x4x4xf32>) -> tensor<1x4x2x2x4x4xf32>
  %g356 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d5, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c347, %c91 : tensor<1x4x2x4x2x4xf32>, tensor<1x4x2x4x2x4xf32>) outs(%z355 : tensor<1x4x2x2x4x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x2x4x4xf32>
  %c357 = gspmd.sharding_constraint %g356, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x2x4x4xf32>
  %e358 = tensor.empty() : tensor<1x4x2x4x2x4xf32>
  %k359 = arith.constant 0.0 : f32
  %z360 = linalg.fill ins(%k359 : f32) outs(%e358 : tensor<1x4x2x4x2x4xf32>) -> tensor<1x4x2x4x2x4xf32>
  %g361 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c99, %c347 : tensor<1x4x2x2x4x4xf32>, tensor<1x4x2x4x2x4xf32>) outs(%z360 : tensor<1x4x2x4x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x2x4xf32>
  %c362 = gspmd.sharding_constraint %g361, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x4x2x4xf32>
  %e363 = tensor.empty() : tensor<1x4x2x2x4xf32>
  %k364 = arith.constant 0.0 : f32
  %z365 = linalg.fill ins(%k364 : f32) outs(%e363 : tensor<1x4x2x2x4xf32>) -> tensor<1x4x2x2x4xf32>
  %g366 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c357, %c99 : tensor<1x4x2x2x4x4xf32>, tensor<1x4x2x2x4x4xf32>) outs(%z365 : tensor<1x4x2x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x2x4xf32>
  %c367 = gspmd.sharding_constraint %g366, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x2x4xf32>
  %e368 = tensor.empty() : tensor<1x4x2x2x4x4xf32>
  %g369 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c357, %c99, %c367 : tensor<1x4x2x2x4x4xf32>, tensor<1x4x2x2x4x4xf32>, tensor<1x4x2x2x4xf32>) outs(%e368 : tensor<1x4x2x2x4x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %in2: f32, %acc: f32):
      %t0 = arith.subf %in0, %in2 : f32
      %t1 = arith.mulf %t0, %in1 : f32
      linalg.yield %t1 : f32
    } -> tensor<1x4x2x2x4x4xf32>
  %c370 = gspmd.sharding_constraint %g369, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x2x4x4xf32>
  %e371 = tensor.empty() : tensor<1x4x2x4x2x4xf32>
  %k372 = arith.constant 0.0 : f32
  %z373 = linalg.fill ins(%k372 : f32) outs(%e371 : tensor<1x4x2x4x2x4xf32>) -> tensor<1x4x2x4x2x4xf32>
  %g374 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c370, %c86 : tensor<1x4x2x2x4x4xf32>, tensor<1x4x2x4x2x4xf32>) outs(%z373 : tensor<1x4x2x4x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x2x4xf32>
  %c375 = gspmd.sharding_constraint %g374, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x4x2x4xf32>
  %e376 = tensor.empty() : tensor<1x4x2x4x2x4xf32>
  %k377 = arith.constant 0.0 : f32
  %z378 = linalg.fill ins(%k377 : f32) outs(%e376 : tensor<1x4x2x4x2x4xf32>) -> tensor<1x4x2x4x2x4xf32>
  %g379 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c370, %c81 : tensor<1x4x2x2x4x4xf32>, tensor<1x4x2x4x2x4xf32>) outs(%z378 : tensor<1x4x2x4x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x2x4xf32>
  %c380 = gspmd.sharding_constraint %g379, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x4x2x4xf32>
  %e381 = tensor.empty() : tensor<1x4x2x4x8xf32>
  %k382 = arith.constant 0.0 : f32
  %z383 = linalg.fill ins(%k382 : f32) outs(%e381 : tensor<1x4x2x4x8xf32>) -> tensor<1x4x2x4x8xf32>
  %g384 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c375, %wq_1 : tensor<1x4x2x4x2x4xf32>, tensor<1x8x2x4xf32>) outs(%z383 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x8xf32>
  %c385 = gspmd.sharding_constraint %g384, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %g386 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c380, %wk_1 : tensor<1x4x2x4x2x4xf32>, tensor<1x8x2x4xf32>) outs(%c385 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x8xf32>
  %c387 = gspmd.sharding_constraint %g386, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %g388 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c362, %wv_1 : tensor<1x4x2x4x2x4xf32>, tensor<1x8x2x4xf32>) outs(%c387 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x8xf32>
  %c389 = gspmd.sharding_constraint %g388, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %e390 = tensor.empty() : tensor<1x8x2x4xf32>
  %k391 = arith.constant 0.0 : f32
  %z392 = linalg.fill ins(%k391 : f32) outs(%e390 : tensor<1x8x2x4xf32>) -> tensor<1x8x2x4xf32>
  %g393 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d1)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d2, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%c76, %c375 : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4x2x4xf32>) outs(%z392 : tensor<1x8x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x8x2x4xf32>
  %c394 = gspmd.sharding_constraint %g393, #gspmd.replicated : tensor<1x8x2x4xf32>
  %e395 = tensor.empty() : tensor<1x8x2x4xf32>
  %k396 = arith.constant 0.0 : f32
  %z397 = linalg.fill ins(%k396 : f32) outs(%e395 : tensor<1x8x2x4xf32>) -> tensor<1x8x2x4xf32>
  %g398 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d1)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d2, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%c76, %c380 : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4x2x4xf32>) outs(%z397 : tensor<1x8x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x8x2x4xf32>
  %c399 = gspmd.sharding_constraint %g398, #gspmd.replicated : tensor<1x8x2x4xf32>
  %e400 = tensor.empty() : tensor<1x8x2x4xf32>
  %k401 = arith.constant 0.0 : f32
  %z402 = linalg.fill ins(%k401 : f32) outs(%e400 : tensor<1x8x2x4xf32>) -> tensor<1x8x2x4xf32>
  %g403 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d1)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d2, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%c76, %c362 : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4x2x4xf32>) outs(%z402 : tensor<1x8x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x8x2x4xf32>
  %c404 = gspmd.sharding_constraint %g403, #gspmd.replicated : tensor<1x8x2x4xf32>
  %e405 = tensor.empty() : tensor<1x4x2x4xf32>
  %k406 = arith.constant 0.0 : f32
  %z407 = linalg.fill ins(%k406 : f32) outs(%e405 : tensor<1x4x2x4xf32>) -> tensor<1x4x2x4xf32>
  %g408 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c389, %tgt : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4x8xf32>) outs(%z407 : tensor<1x4x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4xf32>
  %c409 = gspmd.sharding_constraint %g408, #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]> : tensor<1x4x2x4xf32>
  %e410 = tensor.empty() : tensor<1x4x2x4x8xf32>
  %g411 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c389, %tgt, %c409, %c342 : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4x8xf32>, tensor<1x4x2x4xf32>, tensor<1x4x2x4x8xf32>) outs(%e410 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %in2: f32, %in3: f32, %acc: f32):
      %t0 = arith.mulf %in1, %in2 : f32
      %t1 = arith.subf %in0, %t0 : f32
      %t2 = arith.addf %t1, %in3 : f32
      linalg.yield %t2 : f32
    } -> tensor<1x4x2x4x8xf32>
  %c412 = gspmd.sharding_constraint %g411, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %e413 = tensor.empty() : tensor<1x4x2x4x16xf32>
  %k414 = arith.constant 0.0 : f32
  %z415 = linalg.fill ins(%k414 : f32) outs(%e413 : tensor<1x4x2x4x16xf32>) -> tensor<1x4x2x4x16xf32>
  %g416 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c68, %w2_0 : tensor<1x4x2x4x8xf32>, tensor<1x16x8xf32>) outs(%z415 : tensor<1x4x2x4x16xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x16xf32>
  %c417 = gspmd.sharding_constraint %g416, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x16xf32>
  %e418 = tensor.empty() : tensor<1x16x8xf32>
  %k419 = arith.constant 0.0 : f32
  %z420 = linalg.fill ins(%k419 : f32) outs(%e418 : tensor<1x16x8xf32>) -> tensor<1x16x8xf32>
  %g421 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d4, d5, d1)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d4, d5, d2)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%c60, %c68 : tensor<1x4x2x4x16xf32>, tensor<1x4x2x4x8xf32>) outs(%z420 : tensor<1x16x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x16x8xf32>
  %c422 = gspmd.sharding_constraint %g421, #gspmd.replicated : tensor<1x16x8xf32>
  %e423 = tensor.empty() : tensor<1x4x2x4x16xf32>
  %g424 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c417, %c57 : tensor<1x4x2x4x16xf32>, tensor<1x4x2x4x16xf32>) outs(%e423 : tensor<1x4x2x4x16xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %t0 = arith.subf %in1, %in1 : f32
      %t1 = arith.cmpf ogt, %in1, %t0 : f32
      %t2 = arith.subf %in0, %in0 : f32
      %t3 = arith.select %t1, %in0, %t2 : f32
      linalg.yield %t3 : f32
    } -> tensor<1x4x2x4x16xf32>
  %c425 = gspmd.sharding_constraint %g424, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x16xf32>
  %e426 = tensor.empty() : tensor<1x4x2x4x8xf32>
  %k427 = arith.constant 0.0 : f32
  %z428 = linalg.fill ins(%k427 : f32) outs(%e426 : tensor<1x4x2x4x8xf32>) -> tensor<1x4x2x4x8xf32>
  %g429 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c425, %w1_0 : tensor<1x4x2x4x16xf32>, tensor<1x8x16xf32>) outs(%z428 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x8xf32>
  %c430 = gspmd.sharding_constraint %g429, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %e431 = tensor.empty() : tensor<1x8x16xf32>
  %k432 = arith.constant 0.0 : f32
  %z433 = linalg.fill ins(%k432 : f32) outs(%e431 : tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  %g434 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d4, d5, d1)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d4, d5, d2)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%c52, %c425 : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4x16xf32>) outs(%z433 : tensor<1x8x16xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x8x16xf32>
  %c435 = gspmd.sharding_constraint %g434, #gspmd.replicated : tensor<1x8x16xf32>
  %e436 = tensor.empty() : tensor<1x4x2x4xf32>
  %k437 = arith.constant 0.0 : f32
  %z438 = linalg.fill ins(%k437 : f32) outs(%e436 : tensor<1x4x2x4xf32>) -> tensor<1x4x2x4xf32>
  %g439 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c430, %c44 : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4x8xf32>) outs(%z438 : tensor<1x4x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4xf32>
  %c440 = gspmd.sharding_constraint %g439, #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]> : tensor<1x4x2x4xf32>
  %e441 = tensor.empty() : tensor<1x4x2x4x8xf32>
  %g442 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c430, %c44, %c440, %c68 : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4x8xf32>, tensor<1x4x2x4xf32>, tensor<1x4x2x4x8xf32>) outs(%e441 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %in2: f32, %in3: f32, %acc: f32):
      %t0 = arith.mulf %in1, %in2 : f32
      %t1 = arith.subf %in0, %t0 : f32
      %t2 = arith.addf %t1, %in3 : f32
      linalg.yield %t2 : f32
    } -> tensor<1x4x2x4x8xf32>
  %c443 = gspmd.sharding_constraint %g442, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %e444 = tensor.empty() : tensor<1x4x2x4x2x4xf32>
  %k445 = arith.constant 0.0 : f32
  %z446 = linalg.fill ins(%k445 : f32) outs(%e444 : tensor<1x4x2x4x2x4xf32>) -> tensor<1x4x2x4x2x4xf32>
  %g447 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c443, %wo_0 : tensor<1x4x2x4x8xf32>, tensor<1x2x4x8xf32>) outs(%z446 : tensor<1x4x2x4x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x2x4xf32>
  %c448 = gspmd.sharding_constraint %g447, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x4x2x4xf32>
  %e449 = tensor.empty() : tensor<1x2x4x8xf32>
  %k450 = arith.constant 0.0 : f32
  %z451 = linalg.fill ins(%k450 : f32) outs(%e449 : tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
  %g452 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d1, d2)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%c36, %c443 : tensor<1x4x2x4x2x4xf32>, tensor<1x4x2x4x8xf32>) outs(%z451 : tensor<1x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x2x4x8xf32>
  %c453 = gspmd.sharding_constraint %g452, #gspmd.replicated : tensor<1x2x4x8xf32>
  %e454 = tensor.empty() : tensor<1x4x2x2x4x4xf32>
  %k455 = arith.constant 0.0 : f32
  %z456 = linalg.fill ins(%k455 : f32) outs(%e454 : tensor<1x4x2x2x4x4xf32>) -> tensor<1x4x2x2x4x4xf32>
  %g457 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d5, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c448, %c23 : tensor<1x4x2x4x2x4xf32>, tensor<1x4x2x4x2x4xf32>) outs(%z456 : tensor<1x4x2x2x4x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x2x4x4xf32>
  %c458 = gspmd.sharding_constraint %g457, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x2x4x4xf32>
  %e459 = tensor.empty() : tensor<1x4x2x4x2x4xf32>
  %k460 = arith.constant 0.0 : f32
  %z461 = linalg.fill ins(%k460 : f32) outs(%e459 : tensor<1x4x2x4x2x4xf32>) -> tensor<1x4x2x4x2x4xf32>
  %g462 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c31, %c448 : tensor<1x4x2x2x4x4xf32>, tensor<1x4x2x4x2x4xf32>) outs(%z461 : tensor<1x4x2x4x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x2x4xf32>
  %c463 = gspmd.sharding_constraint %g462, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x4x2x4xf32>
  %e464 = tensor.empty() : tensor<1x4x2x2x4xf32>
  %k465 = arith.constant 0.0 : f32
  %z466 = linalg.fill ins(%k465 : f32) outs(%e464 : tensor<1x4x2x2x4xf32>) -> tensor<1x4x2x2x4xf32>
  %g467 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c458, %c31 : tensor<1x4x2x2x4x4xf32>, tensor<1x4x2x2x4x4xf32>) outs(%z466 : tensor<1x4x2x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x2x4xf32>
  %c468 = gspmd.sharding_constraint %g467, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x2x4xf32>
  %e469 = tensor.empty() : tensor<1x4x2x2x4x4xf32>
  %g470 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c458, %c31, %c468 : tensor<1x4x2x2x4x4xf32>, tensor<1x4x2x2x4x4xf32>, tensor<1x4x2x2x4xf32>) outs(%e469 : tensor<1x4x2x2x4x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %in2: f32, %acc: f32):
      %t0 = arith.subf %in0, %in2 : f32
      %t1 = arith.mulf %t0, %in1 : f32
      linalg.yield %t1 : f32
    } -> tensor<1x4x2x2x4x4xf32>
  %c471 = gspmd.sharding_constraint %g470, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x2x4x4xf32>
  %e472 = tensor.empty() : tensor<1x4x2x4x2x4xf32>
  %k473 = arith.constant 0.0 : f32
  %z474 = linalg.fill ins(%k473 : f32) outs(%e472 : tensor<1x4x2x4x2x4xf32>) -> tensor<1x4x2x4x2x4xf32>
  %g475 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c471, %c18 : tensor<1x4x2x2x4x4xf32>, tensor<1x4x2x4x2x4xf32>) outs(%z474 : tensor<1x4x2x4x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x2x4xf32>
  %c476 = gspmd.sharding_constraint %g475, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x4x2x4xf32>
  %e477 = tensor.empty() : tensor<1x4x2x4x2x4xf32>
  %k478 = arith.constant 0.0 : f32
  %z479 = linalg.fill ins(%k478 : f32) outs(%e477 : tensor<1x4x2x4x2x4xf32>) -> tensor<1x4x2x4x2x4xf32>
  %g480 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c471, %c13 : tensor<1x4x2x2x4x4xf32>, tensor<1x4x2x4x2x4xf32>) outs(%z479 : tensor<1x4x2x4x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x2x4xf32>
  %c481 = gspmd.sharding_constraint %g480, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], [], []]> : tensor<1x4x2x4x2x4xf32>
  %e482 = tensor.empty() : tensor<1x4x2x4x8xf32>
  %k483 = arith.constant 0.0 : f32
  %z484 = linalg.fill ins(%k483 : f32) outs(%e482 : tensor<1x4x2x4x8xf32>) -> tensor<1x4x2x4x8xf32>
  %g485 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c476, %wq_0 : tensor<1x4x2x4x2x4xf32>, tensor<1x8x2x4xf32>) outs(%z484 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x8xf32>
  %c486 = gspmd.sharding_constraint %g485, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %g487 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c481, %wk_0 : tensor<1x4x2x4x2x4xf32>, tensor<1x8x2x4xf32>) outs(%c486 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x8xf32>
  %c488 = gspmd.sharding_constraint %g487, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %g489 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c463, %wv_0 : tensor<1x4x2x4x2x4xf32>, tensor<1x8x2x4xf32>) outs(%c488 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4x8xf32>
  %c490 = gspmd.sharding_constraint %g489, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  %e491 = tensor.empty() : tensor<1x8x2x4xf32>
  %k492 = arith.constant 0.0 : f32
  %z493 = linalg.fill ins(%k492 : f32) outs(%e491 : tensor<1x8x2x4xf32>) -> tensor<1x8x2x4xf32>
  %g494 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d1)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d2, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%c8, %c476 : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4x2x4xf32>) outs(%z493 : tensor<1x8x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x8x2x4xf32>
  %c495 = gspmd.sharding_constraint %g494, #gspmd.replicated : tensor<1x8x2x4xf32>
  %e496 = tensor.empty() : tensor<1x8x2x4xf32>
  %k497 = arith.constant 0.0 : f32
  %z498 = linalg.fill ins(%k497 : f32) outs(%e496 : tensor<1x8x2x4xf32>) -> tensor<1x8x2x4xf32>
  %g499 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d1)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d2, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%c8, %c481 : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4x2x4xf32>) outs(%z498 : tensor<1x8x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x8x2x4xf32>
  %c500 = gspmd.sharding_constraint %g499, #gspmd.replicated : tensor<1x8x2x4xf32>
  %e501 = tensor.empty() : tensor<1x8x2x4xf32>
  %k502 = arith.constant 0.0 : f32
  %z503 = linalg.fill ins(%k502 : f32) outs(%e501 : tensor<1x8x2x4xf32>) -> tensor<1x8x2x4xf32>
  %g504 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d1)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d2, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%c8, %c463 : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4x2x4xf32>) outs(%z503 : tensor<1x8x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x8x2x4xf32>
  %c505 = gspmd.sharding_constraint %g504, #gspmd.replicated : tensor<1x8x2x4xf32>
  %e506 = tensor.empty() : tensor<1x4x2x4xf32>
  %k507 = arith.constant 0.0 : f32
  %z508 = linalg.fill ins(%k507 : f32) outs(%e506 : tensor<1x4x2x4xf32>) -> tensor<1x4x2x4xf32>
  %g509 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c490, %src : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4x8xf32>) outs(%z508 : tensor<1x4x2x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %acc: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<1x4x2x4xf32>
  %c510 = gspmd.sharding_constraint %g509, #gspmd.tiled<@mesh, [[], ["x", "y"], [], []]> : tensor<1x4x2x4xf32>
  %e511 = tensor.empty() : tensor<1x4x2x4x8xf32>
  %g512 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c490, %src, %c510, %c443 : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4x8xf32>, tensor<1x4x2x4xf32>, tensor<1x4x2x4x8xf32>) outs(%e511 : tensor<1x4x2x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %in2: f32, %in3: f32, %acc: f32):
      %t0 = arith.mulf %in1, %in2 : f32
      %t1 = arith.subf %in0, %t0 : f32
      %t2 = arith.addf %t1, %in3 : f32
      linalg.yield %t2 : f32
    } -> tensor<1x4x2x4x8xf32>
  %c513 = gspmd.sharding_constraint %g512, #gspmd.tiled<@mesh, [[], ["x", "y"], [], [], []]> : tensor<1x4x2x4x8xf32>
  return %c68, %c205, %c495, %c500, %c505, %c453, %c435, %c422, %c394, %c399, %c404, %c352, %c324, %c329, %c334, %c282, %c262, %c238, %c225 : tensor<1x4x2x4x8xf32>, tensor<1x4x2x4x8xf32>, tensor<1x8x2x4xf32>, tensor<1x8x2x4xf32>, tensor<1x8x2x4xf32>, tensor<1x2x4x8xf32>, tensor<1x8x16xf32>, tensor<1x16x8xf32>, tensor<1x8x2x4xf32>, tensor<1x8x2x4xf32>, tensor<1x8x2x4xf32>, tensor<1x2x4x8xf32>, tensor<1x8x2x4xf32>, tensor<1x8x2x4xf32>, tensor<1x8x2x4xf32>, tensor<1x2x4x8xf32>, tensor<1x8x4xf32>, tensor<1x4x8x16xf32>, tensor<1x4x16x8xf32>
}
