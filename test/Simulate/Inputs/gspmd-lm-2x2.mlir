gspmd.mesh @mesh ["x"=2, "y"=2]
// gen.py gspmd-lm: model 32, ffn 64, 4 heads of 8, 1 layers, seq 8, batch 4, mesh 2 x 2, bf16.
func.func @main(%x: tensor<1x2x2x8x32xbf16> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], [], [], ["y"]]>},
    %wq_0: tensor<1x32x4x8xbf16> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"], []]>},
    %wk_0: tensor<1x32x4x8xbf16> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"], []]>},
    %wv_0: tensor<1x32x4x8xbf16> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"], []]>},
    %wo_0: tensor<1x4x8x32xbf16> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["y"], [], ["x"]]>},
    %w1_0: tensor<1x32x64xbf16> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"]]>},
    %w2_0: tensor<1x64x32xbf16> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["y"], ["x"]]>})
    -> (tensor<1x2x2x8x32xbf16> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], [], [], ["y"]]>}, tensor<1x32x4x8xbf16> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"], []]>}, tensor<1x32x4x8xbf16> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"], []]>}, tensor<1x32x4x8xbf16> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"], []]>}, tensor<1x4x8x32xbf16> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["y"], [], ["x"]]>}, tensor<1x32x64xbf16> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], ["y"]]>}, tensor<1x64x32xbf16> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["y"], ["x"]]>}) {
  %e1 = tensor.empty() : tensor<1x2x2x8xbf16>
  %k2 = arith.constant 0.0 : bf16
  %z3 = linalg.fill ins(%k2 : bf16) outs(%e1 : tensor<1x2x2x8xbf16>) -> tensor<1x2x2x8xbf16>
  %g4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%x : tensor<1x2x2x8x32xbf16>) outs(%z3 : tensor<1x2x2x8xbf16>) {
    ^bb0(%in0: bf16, %acc: bf16):
      %m = arith.mulf %in0, %in0 : bf16
      %r = arith.addf %acc, %m : bf16
      linalg.yield %r : bf16
    } -> tensor<1x2x2x8xbf16>
  %c5 = gspmd.sharding_constraint %g4, #gspmd.partially_tiled<@mesh, [[], ["x"], [], []]> : tensor<1x2x2x8xbf16>
  %e6 = tensor.empty() : tensor<1x2x2x8x32xbf16>
  %g7 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%x, %c5 : tensor<1x2x2x8x32xbf16>, tensor<1x2x2x8xbf16>) outs(%e6 : tensor<1x2x2x8x32xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %t0 = arith.mulf %in1, %in1 : bf16
      %t1 = math.rsqrt %t0 : bf16
      %t2 = arith.mulf %in0, %t1 : bf16
      linalg.yield %t2 : bf16
    } -> tensor<1x2x2x8x32xbf16>
  %c8 = gspmd.sharding_constraint %g7, #gspmd.tiled<@mesh, [[], ["x"], [], [], ["y"]]> : tensor<1x2x2x8x32xbf16>
  %e9 = tensor.empty() : tensor<1x2x2x8x4x8xbf16>
  %k10 = arith.constant 0.0 : bf16
  %z11 = linalg.fill ins(%k10 : bf16) outs(%e9 : tensor<1x2x2x8x4x8xbf16>) -> tensor<1x2x2x8x4x8xbf16>
  %g12 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c8, %wq_0 : tensor<1x2x2x8x32xbf16>, tensor<1x32x4x8xbf16>) outs(%z11 : tensor<1x2x2x8x4x8xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %m = arith.mulf %in0, %in1 : bf16
      %r = arith.addf %acc, %m : bf16
      linalg.yield %r : bf16
    } -> tensor<1x2x2x8x4x8xbf16>
  %c13 = gspmd.sharding_constraint %g12, #gspmd.tiled<@mesh, [[], ["x"], [], [], ["y"], []]> : tensor<1x2x2x8x4x8xbf16>
  %e14 = tensor.empty() : tensor<1x2x2x8x4x8xbf16>
  %k15 = arith.constant 0.0 : bf16
  %z16 = linalg.fill ins(%k15 : bf16) outs(%e14 : tensor<1x2x2x8x4x8xbf16>) -> tensor<1x2x2x8x4x8xbf16>
  %g17 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c8, %wk_0 : tensor<1x2x2x8x32xbf16>, tensor<1x32x4x8xbf16>) outs(%z16 : tensor<1x2x2x8x4x8xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %m = arith.mulf %in0, %in1 : bf16
      %r = arith.addf %acc, %m : bf16
      linalg.yield %r : bf16
    } -> tensor<1x2x2x8x4x8xbf16>
  %c18 = gspmd.sharding_constraint %g17, #gspmd.tiled<@mesh, [[], ["x"], [], [], ["y"], []]> : tensor<1x2x2x8x4x8xbf16>
  %e19 = tensor.empty() : tensor<1x2x2x8x4x8xbf16>
  %k20 = arith.constant 0.0 : bf16
  %z21 = linalg.fill ins(%k20 : bf16) outs(%e19 : tensor<1x2x2x8x4x8xbf16>) -> tensor<1x2x2x8x4x8xbf16>
  %g22 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c8, %wv_0 : tensor<1x2x2x8x32xbf16>, tensor<1x32x4x8xbf16>) outs(%z21 : tensor<1x2x2x8x4x8xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %m = arith.mulf %in0, %in1 : bf16
      %r = arith.addf %acc, %m : bf16
      linalg.yield %r : bf16
    } -> tensor<1x2x2x8x4x8xbf16>
  %c23 = gspmd.sharding_constraint %g22, #gspmd.tiled<@mesh, [[], ["x"], [], [], ["y"], []]> : tensor<1x2x2x8x4x8xbf16>
  %e24 = tensor.empty() : tensor<1x2x2x4x8x8xbf16>
  %k25 = arith.constant 0.0 : bf16
  %z26 = linalg.fill ins(%k25 : bf16) outs(%e24 : tensor<1x2x2x4x8x8xbf16>) -> tensor<1x2x2x4x8x8xbf16>
  %g27 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d5, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c13, %c18 : tensor<1x2x2x8x4x8xbf16>, tensor<1x2x2x8x4x8xbf16>) outs(%z26 : tensor<1x2x2x4x8x8xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %m = arith.mulf %in0, %in1 : bf16
      %r = arith.addf %acc, %m : bf16
      linalg.yield %r : bf16
    } -> tensor<1x2x2x4x8x8xbf16>
  %c28 = gspmd.sharding_constraint %g27, #gspmd.tiled<@mesh, [[], ["x"], [], ["y"], [], []]> : tensor<1x2x2x4x8x8xbf16>
  %e29 = tensor.empty() : tensor<1x2x2x4x8x8xbf16>
  %sm30 = linalg.softmax dimension(5) ins(%c28 : tensor<1x2x2x4x8x8xbf16>) outs(%e29 : tensor<1x2x2x4x8x8xbf16>) -> tensor<1x2x2x4x8x8xbf16>
  %c31 = gspmd.sharding_constraint %sm30, #gspmd.tiled<@mesh, [[], ["x"], [], ["y"], [], []]> : tensor<1x2x2x4x8x8xbf16>
  %e32 = tensor.empty() : tensor<1x2x2x8x4x8xbf16>
  %k33 = arith.constant 0.0 : bf16
  %z34 = linalg.fill ins(%k33 : bf16) outs(%e32 : tensor<1x2x2x8x4x8xbf16>) -> tensor<1x2x2x8x4x8xbf16>
  %g35 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c31, %c23 : tensor<1x2x2x4x8x8xbf16>, tensor<1x2x2x8x4x8xbf16>) outs(%z34 : tensor<1x2x2x8x4x8xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %m = arith.mulf %in0, %in1 : bf16
      %r = arith.addf %acc, %m : bf16
      linalg.yield %r : bf16
    } -> tensor<1x2x2x8x4x8xbf16>
  %c36 = gspmd.sharding_constraint %g35, #gspmd.tiled<@mesh, [[], ["x"], [], [], ["y"], []]> : tensor<1x2x2x8x4x8xbf16>
  %e37 = tensor.empty() : tensor<1x2x2x8x32xbf16>
  %k38 = arith.constant 0.0 : bf16
  %z39 = linalg.fill ins(%k38 : bf16) outs(%e37 : tensor<1x2x2x8x32xbf16>) -> tensor<1x2x2x8x32xbf16>
  %g40 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d5, d6, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c36, %wo_0 : tensor<1x2x2x8x4x8xbf16>, tensor<1x4x8x32xbf16>) outs(%z39 : tensor<1x2x2x8x32xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %m = arith.mulf %in0, %in1 : bf16
      %r = arith.addf %acc, %m : bf16
      linalg.yield %r : bf16
    } -> tensor<1x2x2x8x32xbf16>
  %c41 = gspmd.sharding_constraint %g40, #gspmd.tiled<@mesh, [[], ["x"], [], [], ["y"]]> : tensor<1x2x2x8x32xbf16>
  %e42 = tensor.empty() : tensor<1x2x2x8x32xbf16>
  %g43 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%x, %c41 : tensor<1x2x2x8x32xbf16>, tensor<1x2x2x8x32xbf16>) outs(%e42 : tensor<1x2x2x8x32xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %t0 = arith.addf %in0, %in1 : bf16
      linalg.yield %t0 : bf16
    } -> tensor<1x2x2x8x32xbf16>
  %c44 = gspmd.sharding_constraint %g43, #gspmd.tiled<@mesh, [[], ["x"], [], [], ["y"]]> : tensor<1x2x2x8x32xbf16>
  %e45 = tensor.empty() : tensor<1x2x2x8xbf16>
  %k46 = arith.constant 0.0 : bf16
  %z47 = linalg.fill ins(%k46 : bf16) outs(%e45 : tensor<1x2x2x8xbf16>) -> tensor<1x2x2x8xbf16>
  %g48 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c44 : tensor<1x2x2x8x32xbf16>) outs(%z47 : tensor<1x2x2x8xbf16>) {
    ^bb0(%in0: bf16, %acc: bf16):
      %m = arith.mulf %in0, %in0 : bf16
      %r = arith.addf %acc, %m : bf16
      linalg.yield %r : bf16
    } -> tensor<1x2x2x8xbf16>
  %c49 = gspmd.sharding_constraint %g48, #gspmd.partially_tiled<@mesh, [[], ["x"], [], []]> : tensor<1x2x2x8xbf16>
  %e50 = tensor.empty() : tensor<1x2x2x8x32xbf16>
  %g51 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c44, %c49 : tensor<1x2x2x8x32xbf16>, tensor<1x2x2x8xbf16>) outs(%e50 : tensor<1x2x2x8x32xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %t0 = arith.mulf %in1, %in1 : bf16
      %t1 = math.rsqrt %t0 : bf16
      %t2 = arith.mulf %in0, %t1 : bf16
      linalg.yield %t2 : bf16
    } -> tensor<1x2x2x8x32xbf16>
  %c52 = gspmd.sharding_constraint %g51, #gspmd.tiled<@mesh, [[], ["x"], [], [], ["y"]]> : tensor<1x2x2x8x32xbf16>
  %e53 = tensor.empty() : tensor<1x2x2x8x64xbf16>
  %k54 = arith.constant 0.0 : bf16
  %z55 = linalg.fill ins(%k54 : bf16) outs(%e53 : tensor<1x2x2x8x64xbf16>) -> tensor<1x2x2x8x64xbf16>
  %g56 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d5, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c52, %w1_0 : tensor<1x2x2x8x32xbf16>, tensor<1x32x64xbf16>) outs(%z55 : tensor<1x2x2x8x64xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %m = arith.mulf %in0, %in1 : bf16
      %r = arith.addf %acc, %m : bf16
      linalg.yield %r : bf16
    } -> tensor<1x2x2x8x64xbf16>
  %c57 = gspmd.sharding_constraint %g56, #gspmd.tiled<@mesh, [[], ["x"], [], [], ["y"]]> : tensor<1x2x2x8x64xbf16>
  %e58 = tensor.empty() : tensor<1x2x2x8x64xbf16>
  %g59 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c57 : tensor<1x2x2x8x64xbf16>) outs(%e58 : tensor<1x2x2x8x64xbf16>) {
    ^bb0(%in0: bf16, %acc: bf16):
      %t0 = arith.mulf %in0, %in0 : bf16
      %t1 = arith.mulf %t0, %in0 : bf16
      %t2 = arith.addf %in0, %t1 : bf16
      %t3 = math.tanh %t2 : bf16
      %t4 = arith.addf %t3, %in0 : bf16
      %t5 = arith.mulf %t4, %in0 : bf16
      linalg.yield %t5 : bf16
    } -> tensor<1x2x2x8x64xbf16>
  %c60 = gspmd.sharding_constraint %g59, #gspmd.tiled<@mesh, [[], ["x"], [], [], ["y"]]> : tensor<1x2x2x8x64xbf16>
  %e61 = tensor.empty() : tensor<1x2x2x8x32xbf16>
  %k62 = arith.constant 0.0 : bf16
  %z63 = linalg.fill ins(%k62 : bf16) outs(%e61 : tensor<1x2x2x8x32xbf16>) -> tensor<1x2x2x8x32xbf16>
  %g64 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d5, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c60, %w2_0 : tensor<1x2x2x8x64xbf16>, tensor<1x64x32xbf16>) outs(%z63 : tensor<1x2x2x8x32xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %m = arith.mulf %in0, %in1 : bf16
      %r = arith.addf %acc, %m : bf16
      linalg.yield %r : bf16
    } -> tensor<1x2x2x8x32xbf16>
  %c65 = gspmd.sharding_constraint %g64, #gspmd.tiled<@mesh, [[], ["x"], [], [], ["y"]]> : tensor<1x2x2x8x32xbf16>
  %e66 = tensor.empty() : tensor<1x2x2x8x32xbf16>
  %g67 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c44, %c65 : tensor<1x2x2x8x32xbf16>, tensor<1x2x2x8x32xbf16>) outs(%e66 : tensor<1x2x2x8x32xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %t0 = arith.addf %in0, %in1 : bf16
      linalg.yield %t0 : bf16
    } -> tensor<1x2x2x8x32xbf16>
  %c68 = gspmd.sharding_constraint %g67, #gspmd.tiled<@mesh, [[], ["x"], [], [], ["y"]]> : tensor<1x2x2x8x32xbf16>
  %e69 = tensor.empty() : tensor<1x2x2x8x64xbf16>
  %k70 = arith.constant 0.0 : bf16
  %z71 = linalg.fill ins(%k70 : bf16) outs(%e69 : tensor<1x2x2x8x64xbf16>) -> tensor<1x2x2x8x64xbf16>
  %g72 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c68, %w2_0 : tensor<1x2x2x8x32xbf16>, tensor<1x64x32xbf16>) outs(%z71 : tensor<1x2x2x8x64xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %m = arith.mulf %in0, %in1 : bf16
      %r = arith.addf %acc, %m : bf16
      linalg.yield %r : bf16
    } -> tensor<1x2x2x8x64xbf16>
  %c73 = gspmd.sharding_constraint %g72, #gspmd.tiled<@mesh, [[], ["x"], [], [], ["y"]]> : tensor<1x2x2x8x64xbf16>
  %e74 = tensor.empty() : tensor<1x64x32xbf16>
  %k75 = arith.constant 0.0 : bf16
  %z76 = linalg.fill ins(%k75 : bf16) outs(%e74 : tensor<1x64x32xbf16>) -> tensor<1x64x32xbf16>
  %g77 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d4, d5, d1)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d4, d5, d2)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%c60, %c68 : tensor<1x2x2x8x64xbf16>, tensor<1x2x2x8x32xbf16>) outs(%z76 : tensor<1x64x32xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %m = arith.mulf %in0, %in1 : bf16
      %r = arith.addf %acc, %m : bf16
      linalg.yield %r : bf16
    } -> tensor<1x64x32xbf16>
  %c78 = gspmd.sharding_constraint %g77, #gspmd.tiled<@mesh, [[], ["y"], ["x"]]> : tensor<1x64x32xbf16>
  %e79 = tensor.empty() : tensor<1x2x2x8x64xbf16>
  %g80 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c73, %c57 : tensor<1x2x2x8x64xbf16>, tensor<1x2x2x8x64xbf16>) outs(%e79 : tensor<1x2x2x8x64xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %t0 = arith.mulf %in1, %in1 : bf16
      %t1 = math.tanh %t0 : bf16
      %t2 = arith.mulf %in0, %t1 : bf16
      linalg.yield %t2 : bf16
    } -> tensor<1x2x2x8x64xbf16>
  %c81 = gspmd.sharding_constraint %g80, #gspmd.tiled<@mesh, [[], ["x"], [], [], ["y"]]> : tensor<1x2x2x8x64xbf16>
  %e82 = tensor.empty() : tensor<1x2x2x8x32xbf16>
  %k83 = arith.constant 0.0 : bf16
  %z84 = linalg.fill ins(%k83 : bf16) outs(%e82 : tensor<1x2x2x8x32xbf16>) -> tensor<1x2x2x8x32xbf16>
  %g85 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c81, %w1_0 : tensor<1x2x2x8x64xbf16>, tensor<1x32x64xbf16>) outs(%z84 : tensor<1x2x2x8x32xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %m = arith.mulf %in0, %in1 : bf16
      %r = arith.addf %acc, %m : bf16
      linalg.yield %r : bf16
    } -> tensor<1x2x2x8x32xbf16>
  %c86 = gspmd.sharding_constraint %g85, #gspmd.tiled<@mesh, [[], ["x"], [], [], ["y"]]> : tensor<1x2x2x8x32xbf16>
  %e87 = tensor.empty() : tensor<1x32x64xbf16>
  %k88 = arith.constant 0.0 : bf16
  %z89 = linalg.fill ins(%k88 : bf16) outs(%e87 : tensor<1x32x64xbf16>) -> tensor<1x32x64xbf16>
  %g90 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d4, d5, d1)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d4, d5, d2)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%c52, %c81 : tensor<1x2x2x8x32xbf16>, tensor<1x2x2x8x64xbf16>) outs(%z89 : tensor<1x32x64xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %m = arith.mulf %in0, %in1 : bf16
      %r = arith.addf %acc, %m : bf16
      linalg.yield %r : bf16
    } -> tensor<1x32x64xbf16>
  %c91 = gspmd.sharding_constraint %g90, #gspmd.tiled<@mesh, [[], ["x"], ["y"]]> : tensor<1x32x64xbf16>
  %e92 = tensor.empty() : tensor<1x2x2x8xbf16>
  %k93 = arith.constant 0.0 : bf16
  %z94 = linalg.fill ins(%k93 : bf16) outs(%e92 : tensor<1x2x2x8xbf16>) -> tensor<1x2x2x8xbf16>
  %g95 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c86, %c44 : tensor<1x2x2x8x32xbf16>, tensor<1x2x2x8x32xbf16>) outs(%z94 : tensor<1x2x2x8xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %m = arith.mulf %in0, %in1 : bf16
      %r = arith.addf %acc, %m : bf16
      linalg.yield %r : bf16
    } -> tensor<1x2x2x8xbf16>
  %c96 = gspmd.sharding_constraint %g95, #gspmd.partially_tiled<@mesh, [[], ["x"], [], []]> : tensor<1x2x2x8xbf16>
  %e97 = tensor.empty() : tensor<1x2x2x8x32xbf16>
  %g98 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c86, %c44, %c96, %c68 : tensor<1x2x2x8x32xbf16>, tensor<1x2x2x8x32xbf16>, tensor<1x2x2x8xbf16>, tensor<1x2x2x8x32xbf16>) outs(%e97 : tensor<1x2x2x8x32xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %in2: bf16, %in3: bf16, %acc: bf16):
      %t0 = arith.mulf %in1, %in2 : bf16
      %t1 = arith.subf %in0, %t0 : bf16
      %t2 = arith.addf %t1, %in3 : bf16
      linalg.yield %t2 : bf16
    } -> tensor<1x2x2x8x32xbf16>
  %c99 = gspmd.sharding_constraint %g98, #gspmd.tiled<@mesh, [[], ["x"], [], [], ["y"]]> : tensor<1x2x2x8x32xbf16>
  %e100 = tensor.empty() : tensor<1x2x2x8x4x8xbf16>
  %k101 = arith.constant 0.0 : bf16
  %z102 = linalg.fill ins(%k101 : bf16) outs(%e100 : tensor<1x2x2x8x4x8xbf16>) -> tensor<1x2x2x8x4x8xbf16>
  %g103 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c99, %wo_0 : tensor<1x2x2x8x32xbf16>, tensor<1x4x8x32xbf16>) outs(%z102 : tensor<1x2x2x8x4x8xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %m = arith.mulf %in0, %in1 : bf16
      %r = arith.addf %acc, %m : bf16
      linalg.yield %r : bf16
    } -> tensor<1x2x2x8x4x8xbf16>
  %c104 = gspmd.sharding_constraint %g103, #gspmd.tiled<@mesh, [[], ["x"], [], [], ["y"], []]> : tensor<1x2x2x8x4x8xbf16>
  %e105 = tensor.empty() : tensor<1x4x8x32xbf16>
  %k106 = arith.constant 0.0 : bf16
  %z107 = linalg.fill ins(%k106 : bf16) outs(%e105 : tensor<1x4x8x32xbf16>) -> tensor<1x4x8x32xbf16>
  %g108 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d1, d2)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%c36, %c99 : tensor<1x2x2x8x4x8xbf16>, tensor<1x2x2x8x32xbf16>) outs(%z107 : tensor<1x4x8x32xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %m = arith.mulf %in0, %in1 : bf16
      %r = arith.addf %acc, %m : bf16
      linalg.yield %r : bf16
    } -> tensor<1x4x8x32xbf16>
  %c109 = gspmd.sharding_constraint %g108, #gspmd.tiled<@mesh, [[], ["y"], [], ["x"]]> : tensor<1x4x8x32xbf16>
  %e110 = tensor.empty() : tensor<1x2x2x4x8x8xbf16>
  %k111 = arith.constant 0.0 : bf16
  %z112 = linalg.fill ins(%k111 : bf16) outs(%e110 : tensor<1x2x2x4x8x8xbf16>) -> tensor<1x2x2x4x8x8xbf16>
  %g113 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d5, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c104, %c23 : tensor<1x2x2x8x4x8xbf16>, tensor<1x2x2x8x4x8xbf16>) outs(%z112 : tensor<1x2x2x4x8x8xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %m = arith.mulf %in0, %in1 : bf16
      %r = arith.addf %acc, %m : bf16
      linalg.yield %r : bf16
    } -> tensor<1x2x2x4x8x8xbf16>
  %c114 = gspmd.sharding_constraint %g113, #gspmd.tiled<@mesh, [[], ["x"], [], ["y"], [], []]> : tensor<1x2x2x4x8x8xbf16>
  %e115 = tensor.empty() : tensor<1x2x2x8x4x8xbf16>
  %k116 = arith.constant 0.0 : bf16
  %z117 = linalg.fill ins(%k116 : bf16) outs(%e115 : tensor<1x2x2x8x4x8xbf16>) -> tensor<1x2x2x8x4x8xbf16>
  %g118 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c31, %c104 : tensor<1x2x2x4x8x8xbf16>, tensor<1x2x2x8x4x8xbf16>) outs(%z117 : tensor<1x2x2x8x4x8xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %m = arith.mulf %in0, %in1 : bf16
      %r = arith.addf %acc, %m : bf16
      linalg.yield %r : bf16
    } -> tensor<1x2x2x8x4x8xbf16>
  %c119 = gspmd.sharding_constraint %g118, #gspmd.tiled<@mesh, [[], ["x"], [], [], ["y"], []]> : tensor<1x2x2x8x4x8xbf16>
  %e120 = tensor.empty() : tensor<1x2x2x4x8xbf16>
  %k121 = arith.constant 0.0 : bf16
  %z122 = linalg.fill ins(%k121 : bf16) outs(%e120 : tensor<1x2x2x4x8xbf16>) -> tensor<1x2x2x4x8xbf16>
  %g123 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c114, %c31 : tensor<1x2x2x4x8x8xbf16>, tensor<1x2x2x4x8x8xbf16>) outs(%z122 : tensor<1x2x2x4x8xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %m = arith.mulf %in0, %in1 : bf16
      %r = arith.addf %acc, %m : bf16
      linalg.yield %r : bf16
    } -> tensor<1x2x2x4x8xbf16>
  %c124 = gspmd.sharding_constraint %g123, #gspmd.tiled<@mesh, [[], ["x"], [], ["y"], []]> : tensor<1x2x2x4x8xbf16>
  %e125 = tensor.empty() : tensor<1x2x2x4x8x8xbf16>
  %g126 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c114, %c31, %c124 : tensor<1x2x2x4x8x8xbf16>, tensor<1x2x2x4x8x8xbf16>, tensor<1x2x2x4x8xbf16>) outs(%e125 : tensor<1x2x2x4x8x8xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %in2: bf16, %acc: bf16):
      %t0 = arith.subf %in0, %in2 : bf16
      %t1 = arith.mulf %t0, %in1 : bf16
      linalg.yield %t1 : bf16
    } -> tensor<1x2x2x4x8x8xbf16>
  %c127 = gspmd.sharding_constraint %g126, #gspmd.tiled<@mesh, [[], ["x"], [], ["y"], [], []]> : tensor<1x2x2x4x8x8xbf16>
  %e128 = tensor.empty() : tensor<1x2x2x8x4x8xbf16>
  %k129 = arith.constant 0.0 : bf16
  %z130 = linalg.fill ins(%k129 : bf16) outs(%e128 : tensor<1x2x2x8x4x8xbf16>) -> tensor<1x2x2x8x4x8xbf16>
  %g131 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c127, %c18 : tensor<1x2x2x4x8x8xbf16>, tensor<1x2x2x8x4x8xbf16>) outs(%z130 : tensor<1x2x2x8x4x8xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %m = arith.mulf %in0, %in1 : bf16
      %r = arith.addf %acc, %m : bf16
      linalg.yield %r : bf16
    } -> tensor<1x2x2x8x4x8xbf16>
  %c132 = gspmd.sharding_constraint %g131, #gspmd.tiled<@mesh, [[], ["x"], [], [], ["y"], []]> : tensor<1x2x2x8x4x8xbf16>
  %e133 = tensor.empty() : tensor<1x2x2x8x4x8xbf16>
  %k134 = arith.constant 0.0 : bf16
  %z135 = linalg.fill ins(%k134 : bf16) outs(%e133 : tensor<1x2x2x8x4x8xbf16>) -> tensor<1x2x2x8x4x8xbf16>
  %g136 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c127, %c13 : tensor<1x2x2x4x8x8xbf16>, tensor<1x2x2x8x4x8xbf16>) outs(%z135 : tensor<1x2x2x8x4x8xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %m = arith.mulf %in0, %in1 : bf16
      %r = arith.addf %acc, %m : bf16
      linalg.yield %r : bf16
    } -> tensor<1x2x2x8x4x8xbf16>
  %c137 = gspmd.sharding_constraint %g136, #gspmd.tiled<@mesh, [[], ["x"], [], [], ["y"], []]> : tensor<1x2x2x8x4x8xbf16>
  %e138 = tensor.empty() : tensor<1x2x2x8x32xbf16>
  %k139 = arith.constant 0.0 : bf16
  %z140 = linalg.fill ins(%k139 : bf16) outs(%e138 : tensor<1x2x2x8x32xbf16>) -> tensor<1x2x2x8x32xbf16>
  %g141 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c132, %wq_0 : tensor<1x2x2x8x4x8xbf16>, tensor<1x32x4x8xbf16>) outs(%z140 : tensor<1x2x2x8x32xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %m = arith.mulf %in0, %in1 : bf16
      %r = arith.addf %acc, %m : bf16
      linalg.yield %r : bf16
    } -> tensor<1x2x2x8x32xbf16>
  %c142 = gspmd.sharding_constraint %g141, #gspmd.tiled<@mesh, [[], ["x"], [], [], ["y"]]> : tensor<1x2x2x8x32xbf16>
  %g143 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c137, %wk_0 : tensor<1x2x2x8x4x8xbf16>, tensor<1x32x4x8xbf16>) outs(%c142 : tensor<1x2x2x8x32xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %m = arith.mulf %in0, %in1 : bf16
      %r = arith.addf %acc, %m : bf16
      linalg.yield %r : bf16
    } -> tensor<1x2x2x8x32xbf16>
  %c144 = gspmd.sharding_constraint %g143, #gspmd.tiled<@mesh, [[], ["x"], [], [], ["y"]]> : tensor<1x2x2x8x32xbf16>
  %g145 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c119, %wv_0 : tensor<1x2x2x8x4x8xbf16>, tensor<1x32x4x8xbf16>) outs(%c144 : tensor<1x2x2x8x32xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %m = arith.mulf %in0, %in1 : bf16
      %r = arith.addf %acc, %m : bf16
      linalg.yield %r : bf16
    } -> tensor<1x2x2x8x32xbf16>
  %c146 = gspmd.sharding_constraint %g145, #gspmd.tiled<@mesh, [[], ["x"], [], [], ["y"]]> : tensor<1x2x2x8x32xbf16>
  %e147 = tensor.empty() : tensor<1x32x4x8xbf16>
  %k148 = arith.constant 0.0 : bf16
  %z149 = linalg.fill ins(%k148 : bf16) outs(%e147 : tensor<1x32x4x8xbf16>) -> tensor<1x32x4x8xbf16>
  %g150 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d1)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d2, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%c8, %c132 : tensor<1x2x2x8x32xbf16>, tensor<1x2x2x8x4x8xbf16>) outs(%z149 : tensor<1x32x4x8xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %m = arith.mulf %in0, %in1 : bf16
      %r = arith.addf %acc, %m : bf16
      linalg.yield %r : bf16
    } -> tensor<1x32x4x8xbf16>
  %c151 = gspmd.sharding_constraint %g150, #gspmd.tiled<@mesh, [[], ["x"], ["y"], []]> : tensor<1x32x4x8xbf16>
  %e152 = tensor.empty() : tensor<1x32x4x8xbf16>
  %k153 = arith.constant 0.0 : bf16
  %z154 = linalg.fill ins(%k153 : bf16) outs(%e152 : tensor<1x32x4x8xbf16>) -> tensor<1x32x4x8xbf16>
  %g155 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d1)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d2, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%c8, %c137 : tensor<1x2x2x8x32xbf16>, tensor<1x2x2x8x4x8xbf16>) outs(%z154 : tensor<1x32x4x8xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %m = arith.mulf %in0, %in1 : bf16
      %r = arith.addf %acc, %m : bf16
      linalg.yield %r : bf16
    } -> tensor<1x32x4x8xbf16>
  %c156 = gspmd.sharding_constraint %g155, #gspmd.tiled<@mesh, [[], ["x"], ["y"], []]> : tensor<1x32x4x8xbf16>
  %e157 = tensor.empty() : tensor<1x32x4x8xbf16>
  %k158 = arith.constant 0.0 : bf16
  %z159 = linalg.fill ins(%k158 : bf16) outs(%e157 : tensor<1x32x4x8xbf16>) -> tensor<1x32x4x8xbf16>
  %g160 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d1)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6, d2, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%c8, %c119 : tensor<1x2x2x8x32xbf16>, tensor<1x2x2x8x4x8xbf16>) outs(%z159 : tensor<1x32x4x8xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %m = arith.mulf %in0, %in1 : bf16
      %r = arith.addf %acc, %m : bf16
      linalg.yield %r : bf16
    } -> tensor<1x32x4x8xbf16>
  %c161 = gspmd.sharding_constraint %g160, #gspmd.tiled<@mesh, [[], ["x"], ["y"], []]> : tensor<1x32x4x8xbf16>
  %e162 = tensor.empty() : tensor<1x2x2x8xbf16>
  %k163 = arith.constant 0.0 : bf16
  %z164 = linalg.fill ins(%k163 : bf16) outs(%e162 : tensor<1x2x2x8xbf16>) -> tensor<1x2x2x8xbf16>
  %g165 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c146, %x : tensor<1x2x2x8x32xbf16>, tensor<1x2x2x8x32xbf16>) outs(%z164 : tensor<1x2x2x8xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
      %m = arith.mulf %in0, %in1 : bf16
      %r = arith.addf %acc, %m : bf16
      linalg.yield %r : bf16
    } -> tensor<1x2x2x8xbf16>
  %c166 = gspmd.sharding_constraint %g165, #gspmd.partially_tiled<@mesh, [[], ["x"], [], []]> : tensor<1x2x2x8xbf16>
  %e167 = tensor.empty() : tensor<1x2x2x8x32xbf16>
  %g168 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c146, %x, %c166, %c99 : tensor<1x2x2x8x32xbf16>, tensor<1x2x2x8x32xbf16>, tensor<1x2x2x8xbf16>, tensor<1x2x2x8x32xbf16>) outs(%e167 : tensor<1x2x2x8x32xbf16>) {
    ^bb0(%in0: bf16, %in1: bf16, %in2: bf16, %in3: bf16, %acc: bf16):
      %t0 = arith.mulf %in1, %in2 : bf16
      %t1 = arith.subf %in0, %t0 : bf16
      %t2 = arith.addf %t1, %in3 : bf16
      linalg.yield %t2 : bf16
    } -> tensor<1x2x2x8x32xbf16>
  %c169 = gspmd.sharding_constraint %g168, #gspmd.tiled<@mesh, [[], ["x"], [], [], ["y"]]> : tensor<1x2x2x8x32xbf16>
  return %c169, %c151, %c156, %c161, %c109, %c91, %c78 : tensor<1x2x2x8x32xbf16>, tensor<1x32x4x8xbf16>, tensor<1x32x4x8xbf16>, tensor<1x32x4x8xbf16>, tensor<1x4x8x32xbf16>, tensor<1x32x64xbf16>, tensor<1x64x32xbf16>
}
