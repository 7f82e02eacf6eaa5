gspmd.mesh @mesh ["stage"=2, "data"=2, "model"=2]
// gen.py gpt: hidden 64, 4 heads, seq 16, micro-batch 1, 4 layers (2 a stage), tensor 2 x pipeline 2 x data 2 = 8 devices, 4 micro-batches a step (batch 8), bf16.
func.func @main(%x: tensor<2x2x1x16x64xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]>},
    %gin: tensor<2x2x1x16x64xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]>},
    %wq_0: tensor<2x64x4x16xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"], []]>},
    %wk_0: tensor<2x64x4x16xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"], []]>},
    %wv_0: tensor<2x64x4x16xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"], []]>},
    %wo_0: tensor<2x4x16x64xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["stage"], ["model"], [], []]>},
    %w1_0: tensor<2x64x256xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"]]>},
    %w2_0: tensor<2x256x64xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["stage"], ["model"], []]>},
    %wq_1: tensor<2x64x4x16xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"], []]>},
    %wk_1: tensor<2x64x4x16xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"], []]>},
    %wv_1: tensor<2x64x4x16xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"], []]>},
    %wo_1: tensor<2x4x16x64xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["stage"], ["model"], [], []]>},
    %w1_1: tensor<2x64x256xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"]]>},
    %w2_1: tensor<2x256x64xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["stage"], ["model"], []]>})
    -> (tensor<2x2x1x16x64xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]>}, tensor<2x64x4x16xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"], []]>}, tensor<2x64x4x16xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"], []]>}, tensor<2x64x4x16xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"], []]>}, tensor<2x4x16x64xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["stage"], ["model"], [], []]>}, tensor<2x64x256xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"]]>}, tensor<2x256x64xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["stage"], ["model"], []]>}, tensor<2x64x4x16xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"], []]>}, tensor<2x64x4x16xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"], []]>}, tensor<2x64x4x16xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"], []]>}, tensor<2x4x16x64xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["stage"], ["model"], [], []]>}, tensor<2x64x256xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"]]>}, tensor<2x256x64xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["stage"], ["model"], []]>}) {
  %e1 = tensor.empty() : tensor<2x2x64x4x16xbf16>
  %k2 = arith.constant 0.0 : bf16
  %z3 = linalg.fill ins(%k2 : bf16) outs(%e1 : tensor<2x2x64x4x16xbf16>) -> tensor<2x2x64x4x16xbf16>
  %c4 = gspmd.sharding_constraint %z3, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], []]> : tensor<2x2x64x4x16xbf16>
  %e5 = tensor.empty() : tensor<2x2x64x4x16xbf16>
  %k6 = arith.constant 0.0 : bf16
  %z7 = linalg.fill ins(%k6 : bf16) outs(%e5 : tensor<2x2x64x4x16xbf16>) -> tensor<2x2x64x4x16xbf16>
  %c8 = gspmd.sharding_constraint %z7, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], []]> : tensor<2x2x64x4x16xbf16>
  %e9 = tensor.empty() : tensor<2x2x64x4x16xbf16>
  %k10 = arith.constant 0.0 : bf16
  %z11 = linalg.fill ins(%k10 : bf16) outs(%e9 : tensor<2x2x64x4x16xbf16>) -> tensor<2x2x64x4x16xbf16>
  %c12 = gspmd.sharding_constraint %z11, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], []]> : tensor<2x2x64x4x16xbf16>
  %e13 = tensor.empty() : tensor<2x2x4x16x64xbf16>
  %k14 = arith.constant 0.0 : bf16
  %z15 = linalg.fill ins(%k14 : bf16) outs(%e13 : tensor<2x2x4x16x64xbf16>) -> tensor<2x2x4x16x64xbf16>
  %c16 = gspmd.sharding_constraint %z15, #gspmd.tiled<@mesh, [["stage"], ["data"], ["model"], [], []]> : tensor<2x2x4x16x64xbf16>
  %e17 = tensor.empty() : tensor<2x2x64x256xbf16>
  %k18 = arith.constant 0.0 : bf16
  %z19 = linalg.fill ins(%k18 : bf16) outs(%e17 : tensor<2x2x64x256xbf16>) -> tensor<2x2x64x256xbf16>
  %c20 = gspmd.sharding_constraint %z19, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"]]> : tensor<2x2x64x256xbf16>
  %e21 = tensor.empty() : tensor<2x2x256x64xbf16>
  %k22 = arith.constant 0.0 : bf16
  %z23 = linalg.fill ins(%k22 : bf16) outs(%e21 : tensor<2x2x256x64xbf16>) -> tensor<2x2x256x64xbf16>
  %c24 = gspmd.sharding_constraint %z23, #gspmd.tiled<@mesh, [["stage"], ["data"], ["model"], []]> : tensor<2x2x256x64xbf16>
  %e25 = tensor.empty() : tensor<2x2x64x4x16xbf16>
  %k26 = arith.constant 0.0 : bf16
  %z27 = linalg.fill ins(%k26 : bf16) outs(%e25 : tensor<2x2x64x4x16xbf16>) -> tensor<2x2x64x4x16xbf16>
  %c28 = gspmd.sharding_constraint %z27, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], []]> : tensor<2x2x64x4x16xbf16>
  %e29 = tensor.empty() : tensor<2x2x64x4x16xbf16>
  %k30 = arith.constant 0.0 : bf16
  %z31 = linalg.fill ins(%k30 : bf16) outs(%e29 : tensor<2x2x64x4x16xbf16>) -> tensor<2x2x64x4x16xbf16>
  %c32 = gspmd.sharding_constraint %z31, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], []]> : tensor<2x2x64x4x16xbf16>
  %e33 = tensor.empty() : tensor<2x2x64x4x16xbf16>
  %k34 = arith.constant 0.0 : bf16
  %z35 = linalg.fill ins(%k34 : bf16) outs(%e33 : tensor<2x2x64x4x16xbf16>) -> tensor<2x2x64x4x16xbf16>
  %c36 = gspmd.sharding_constraint %z35, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], []]> : tensor<2x2x64x4x16xbf16>
  %e37 = tensor.empty() : tensor<2x2x4x16x64xbf16>
  %k38 = arith.constant 0.0 : bf16
  %z39 = linalg.fill ins(%k38 : bf16) outs(%e37 : tensor<2x2x4x16x64xbf16>) -> tensor<2x2x4x16x64xbf16>
  %c40 = gspmd.sharding_constraint %z39, #gspmd.tiled<@mesh, [["stage"], ["data"], ["model"], [], []]> : tensor<2x2x4x16x64xbf16>
  %e41 = tensor.empty() : tensor<2x2x64x256xbf16>
  %k42 = arith.constant 0.0 : bf16
  %z43 = linalg.fill ins(%k42 : bf16) outs(%e41 : tensor<2x2x64x256xbf16>) -> tensor<2x2x64x256xbf16>
  %c44 = gspmd.sharding_constraint %z43, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"]]> : tensor<2x2x64x256xbf16>
  %e45 = tensor.empty() : tensor<2x2x256x64xbf16>
  %k46 = arith.constant 0.0 : bf16
  %z47 = linalg.fill ins(%k46 : bf16) outs(%e45 : tensor<2x2x256x64xbf16>) -> tensor<2x2x256x64xbf16>
  %c48 = gspmd.sharding_constraint %z47, #gspmd.tiled<@mesh, [["stage"], ["data"], ["model"], []]> : tensor<2x2x256x64xbf16>
  %i49 = arith.constant 0 : index
  %i50 = arith.constant 1 : index
  %i51 = arith.constant 5 : index
  %loop:14 = scf.for %it = %i49 to %i51 step %i50 iter_args(%st = %x, %gst = %gin, %acc_0_q = %c4, %acc_0_k = %c8, %acc_0_v = %c12, %acc_0_o = %c16, %acc_0_1 = %c20, %acc_0_2 = %c24, %acc_1_q = %c28, %acc_1_k = %c32, %acc_1_v = %c36, %acc_1_o = %c40, %acc_1_1 = %c44, %acc_1_2 = %c48) -> (tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>, tensor<2x2x64x4x16xbf16>, tensor<2x2x64x4x16xbf16>, tensor<2x2x64x4x16xbf16>, tensor<2x2x4x16x64xbf16>, tensor<2x2x64x256xbf16>, tensor<2x2x256x64xbf16>, tensor<2x2x64x4x16xbf16>, tensor<2x2x64x4x16xbf16>, tensor<2x2x64x4x16xbf16>, tensor<2x2x4x16x64xbf16>, tensor<2x2x64x256xbf16>, tensor<2x2x256x64xbf16>) {
    %k52 = arith.constant 0.0 : bf16
    %sl53 = tensor.extract_slice %st[0, 0, 0, 0, 0] [1, 2, 1, 16, 64] [1, 1, 1, 1, 1] : tensor<2x2x1x16x64xbf16> to tensor<1x2x1x16x64xbf16>
    %sh54 = tensor.pad %sl53 low[1, 0, 0, 0, 0] high[0, 0, 0, 0, 0] {
      ^bb0(%i0: index, %i1: index, %i2: index, %i3: index, %i4: index):
        tensor.yield %k52 : bf16
      } : tensor<1x2x1x16x64xbf16> to tensor<2x2x1x16x64xbf16>
    %c55 = gspmd.sharding_constraint %sh54, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %sl56 = tensor.extract_slice %gst[1, 0, 0, 0, 0] [1, 2, 1, 16, 64] [1, 1, 1, 1, 1] : tensor<2x2x1x16x64xbf16> to tensor<1x2x1x16x64xbf16>
    %sh57 = tensor.pad %sl56 low[0, 0, 0, 0, 0] high[1, 0, 0, 0, 0] {
      ^bb0(%i0: index, %i1: index, %i2: index, %i3: index, %i4: index):
        tensor.yield %k52 : bf16
      } : tensor<1x2x1x16x64xbf16> to tensor<2x2x1x16x64xbf16>
    %c58 = gspmd.sharding_constraint %sh57, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e59 = tensor.empty() : tensor<2x2x1x16xbf16>
    %k60 = arith.constant 0.0 : bf16
    %z61 = linalg.fill ins(%k60 : bf16) outs(%e59 : tensor<2x2x1x16xbf16>) -> tensor<2x2x1x16xbf16>
    %g62 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c55 : tensor<2x2x1x16x64xbf16>) outs(%z61 : tensor<2x2x1x16xbf16>) {
      ^bb0(%in0: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in0 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16xbf16>
    %c63 = gspmd.sharding_constraint %g62, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], []]> : tensor<2x2x1x16xbf16>
    %e64 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g65 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c55, %c63 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16xbf16>) outs(%e64 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.mulf %in1, %in1 : bf16
        %t1 = math.rsqrt %t0 : bf16
        %t2 = arith.mulf %in0, %t1 : bf16
        linalg.yield %t2 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c66 = gspmd.sharding_constraint %g65, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e67 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k68 = arith.constant 0.0 : bf16
    %z69 = linalg.fill ins(%k68 : bf16) outs(%e67 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g70 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c66, %wq_0 : tensor<2x2x1x16x64xbf16>, tensor<2x64x4x16xbf16>) outs(%z69 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c71 = gspmd.sharding_constraint %g70, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e72 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k73 = arith.constant 0.0 : bf16
    %z74 = linalg.fill ins(%k73 : bf16) outs(%e72 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g75 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c66, %wk_0 : tensor<2x2x1x16x64xbf16>, tensor<2x64x4x16xbf16>) outs(%z74 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c76 = gspmd.sharding_constraint %g75, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e77 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k78 = arith.constant 0.0 : bf16
    %z79 = linalg.fill ins(%k78 : bf16) outs(%e77 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g80 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c66, %wv_0 : tensor<2x2x1x16x64xbf16>, tensor<2x64x4x16xbf16>) outs(%z79 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c81 = gspmd.sharding_constraint %g80, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e82 = tensor.empty() : tensor<2x2x1x4x16x16xbf16>
    %k83 = arith.constant 0.0 : bf16
    %z84 = linalg.fill ins(%k83 : bf16) outs(%e82 : tensor<2x2x1x4x16x16xbf16>) -> tensor<2x2x1x4x16x16xbf16>
    %g85 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d5, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c71, %c76 : tensor<2x2x1x16x4x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z84 : tensor<2x2x1x4x16x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x4x16x16xbf16>
    %c86 = gspmd.sharding_constraint %g85, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], [], []]> : tensor<2x2x1x4x16x16xbf16>
    %e87 = tensor.empty() : tensor<2x2x1x4x16x16xbf16>
    %sm88 = linalg.softmax dimension(5) ins(%c86 : tensor<2x2x1x4x16x16xbf16>) outs(%e87 : tensor<2x2x1x4x16x16xbf16>) -> tensor<2x2x1x4x16x16xbf16>
    %c89 = gspmd.sharding_constraint %sm88, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], [], []]> : tensor<2x2x1x4x16x16xbf16>
    %e90 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k91 = arith.constant 0.0 : bf16
    %z92 = linalg.fill ins(%k91 : bf16) outs(%e90 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g93 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c89, %c81 : tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z92 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c94 = gspmd.sharding_constraint %g93, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e95 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %k96 = arith.constant 0.0 : bf16
    %z97 = linalg.fill ins(%k96 : bf16) outs(%e95 : tensor<2x2x1x16x64xbf16>) -> tensor<2x2x1x16x64xbf16>
    %g98 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d5, d6, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c94, %wo_0 : tensor<2x2x1x16x4x16xbf16>, tensor<2x4x16x64xbf16>) outs(%z97 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c99 = gspmd.sharding_constraint %g98, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e100 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g101 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c55, %c99 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>) outs(%e100 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.addf %in0, %in1 : bf16
        linalg.yield %t0 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c102 = gspmd.sharding_constraint %g101, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e103 = tensor.empty() : tensor<2x2x1x16xbf16>
    %k104 = arith.constant 0.0 : bf16
    %z105 = linalg.fill ins(%k104 : bf16) outs(%e103 : tensor<2x2x1x16xbf16>) -> tensor<2x2x1x16xbf16>
    %g106 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c102 : tensor<2x2x1x16x64xbf16>) outs(%z105 : tensor<2x2x1x16xbf16>) {
      ^bb0(%in0: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in0 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16xbf16>
    %c107 = gspmd.sharding_constraint %g106, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], []]> : tensor<2x2x1x16xbf16>
    %e108 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g109 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c102, %c107 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16xbf16>) outs(%e108 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.mulf %in1, %in1 : bf16
        %t1 = math.rsqrt %t0 : bf16
        %t2 = arith.mulf %in0, %t1 : bf16
        linalg.yield %t2 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c110 = gspmd.sharding_constraint %g109, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e111 = tensor.empty() : tensor<2x2x1x16x256xbf16>
    %k112 = arith.constant 0.0 : bf16
    %z113 = linalg.fill ins(%k112 : bf16) outs(%e111 : tensor<2x2x1x16x256xbf16>) -> tensor<2x2x1x16x256xbf16>
    %g114 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d5, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c110, %w1_0 : tensor<2x2x1x16x64xbf16>, tensor<2x64x256xbf16>) outs(%z113 : tensor<2x2x1x16x256xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x256xbf16>
    %c115 = gspmd.sharding_constraint %g114, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"]]> : tensor<2x2x1x16x256xbf16>
    %e116 = tensor.empty() : tensor<2x2x1x16x256xbf16>
    %g117 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c115 : tensor<2x2x1x16x256xbf16>) outs(%e116 : tensor<2x2x1x16x256xbf16>) {
      ^bb0(%in0: bf16, %acc: bf16):
        %t0 = arith.mulf %in0, %in0 : bf16
        %t1 = arith.mulf %t0, %in0 : bf16
        %t2 = arith.addf %in0, %t1 : bf16
        %t3 = math.tanh %t2 : bf16
        %t4 = arith.addf %t3, %in0 : bf16
        %t5 = arith.mulf %t4, %in0 : bf16
        linalg.yield %t5 : bf16
      } -> tensor<2x2x1x16x256xbf16>
    %c118 = gspmd.sharding_constraint %g117, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"]]> : tensor<2x2x1x16x256xbf16>
    %e119 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %k120 = arith.constant 0.0 : bf16
    %z121 = linalg.fill ins(%k120 : bf16) outs(%e119 : tensor<2x2x1x16x64xbf16>) -> tensor<2x2x1x16x64xbf16>
    %g122 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d5, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c118, %w2_0 : tensor<2x2x1x16x256xbf16>, tensor<2x256x64xbf16>) outs(%z121 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c123 = gspmd.sharding_constraint %g122, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e124 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g125 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c102, %c123 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>) outs(%e124 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.addf %in0, %in1 : bf16
        linalg.yield %t0 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c126 = gspmd.sharding_constraint %g125, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e127 = tensor.empty() : tensor<2x2x1x16xbf16>
    %k128 = arith.constant 0.0 : bf16
    %z129 = linalg.fill ins(%k128 : bf16) outs(%e127 : tensor<2x2x1x16xbf16>) -> tensor<2x2x1x16xbf16>
    %g130 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c126 : tensor<2x2x1x16x64xbf16>) outs(%z129 : tensor<2x2x1x16xbf16>) {
      ^bb0(%in0: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in0 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16xbf16>
    %c131 = gspmd.sharding_constraint %g130, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], []]> : tensor<2x2x1x16xbf16>
    %e132 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g133 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c126, %c131 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16xbf16>) outs(%e132 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.mulf %in1, %in1 : bf16
        %t1 = math.rsqrt %t0 : bf16
        %t2 = arith.mulf %in0, %t1 : bf16
        linalg.yield %t2 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c134 = gspmd.sharding_constraint %g133, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e135 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k136 = arith.constant 0.0 : bf16
    %z137 = linalg.fill ins(%k136 : bf16) outs(%e135 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g138 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c134, %wq_1 : tensor<2x2x1x16x64xbf16>, tensor<2x64x4x16xbf16>) outs(%z137 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c139 = gspmd.sharding_constraint %g138, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e140 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k141 = arith.constant 0.0 : bf16
    %z142 = linalg.fill ins(%k141 : bf16) outs(%e140 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g143 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c134, %wk_1 : tensor<2x2x1x16x64xbf16>, tensor<2x64x4x16xbf16>) outs(%z142 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c144 = gspmd.sharding_constraint %g143, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e145 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k146 = arith.constant 0.0 : bf16
    %z147 = linalg.fill ins(%k146 : bf16) outs(%e145 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g148 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c134, %wv_1 : tensor<2x2x1x16x64xbf16>, tensor<2x64x4x16xbf16>) outs(%z147 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c149 = gspmd.sharding_constraint %g148, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e150 = tensor.empty() : tensor<2x2x1x4x16x16xbf16>
    %k151 = arith.constant 0.0 : bf16
    %z152 = linalg.fill ins(%k151 : bf16) outs(%e150 : tensor<2x2x1x4x16x16xbf16>) -> tensor<2x2x1x4x16x16xbf16>
    %g153 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d5, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c139, %c144 : tensor<2x2x1x16x4x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z152 : tensor<2x2x1x4x16x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x4x16x16xbf16>
    %c154 = gspmd.sharding_constraint %g153, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], [], []]> : tensor<2x2x1x4x16x16xbf16>
    %e155 = tensor.empty() : tensor<2x2x1x4x16x16xbf16>
    %sm156 = linalg.softmax dimension(5) ins(%c154 : tensor<2x2x1x4x16x16xbf16>) outs(%e155 : tensor<2x2x1x4x16x16xbf16>) -> tensor<2x2x1x4x16x16xbf16>
    %c157 = gspmd.sharding_constraint %sm156, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], [], []]> : tensor<2x2x1x4x16x16xbf16>
    %e158 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k159 = arith.constant 0.0 : bf16
    %z160 = linalg.fill ins(%k159 : bf16) outs(%e158 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g161 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c157, %c149 : tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z160 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c162 = gspmd.sharding_constraint %g161, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e163 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %k164 = arith.constant 0.0 : bf16
    %z165 = linalg.fill ins(%k164 : bf16) outs(%e163 : tensor<2x2x1x16x64xbf16>) -> tensor<2x2x1x16x64xbf16>
    %g166 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d5, d6, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c162, %wo_1 : tensor<2x2x1x16x4x16xbf16>, tensor<2x4x16x64xbf16>) outs(%z165 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c167 = gspmd.sharding_constraint %g166, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e168 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g169 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c126, %c167 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>) outs(%e168 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.addf %in0, %in1 : bf16
        linalg.yield %t0 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c170 = gspmd.sharding_constraint %g169, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e171 = tensor.empty() : tensor<2x2x1x16xbf16>
    %k172 = arith.constant 0.0 : bf16
    %z173 = linalg.fill ins(%k172 : bf16) outs(%e171 : tensor<2x2x1x16xbf16>) -> tensor<2x2x1x16xbf16>
    %g174 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c170 : tensor<2x2x1x16x64xbf16>) outs(%z173 : tensor<2x2x1x16xbf16>) {
      ^bb0(%in0: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in0 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16xbf16>
    %c175 = gspmd.sharding_constraint %g174, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], []]> : tensor<2x2x1x16xbf16>
    %e176 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g177 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c170, %c175 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16xbf16>) outs(%e176 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.mulf %in1, %in1 : bf16
        %t1 = math.rsqrt %t0 : bf16
        %t2 = arith.mulf %in0, %t1 : bf16
        linalg.yield %t2 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c178 = gspmd.sharding_constraint %g177, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e179 = tensor.empty() : tensor<2x2x1x16x256xbf16>
    %k180 = arith.constant 0.0 : bf16
    %z181 = linalg.fill ins(%k180 : bf16) outs(%e179 : tensor<2x2x1x16x256xbf16>) -> tensor<2x2x1x16x256xbf16>
    %g182 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d5, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c178, %w1_1 : tensor<2x2x1x16x64xbf16>, tensor<2x64x256xbf16>) outs(%z181 : tensor<2x2x1x16x256xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x256xbf16>
    %c183 = gspmd.sharding_constraint %g182, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"]]> : tensor<2x2x1x16x256xbf16>
    %e184 = tensor.empty() : tensor<2x2x1x16x256xbf16>
    %g185 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c183 : tensor<2x2x1x16x256xbf16>) outs(%e184 : tensor<2x2x1x16x256xbf16>) {
      ^bb0(%in0: bf16, %acc: bf16):
        %t0 = arith.mulf %in0, %in0 : bf16
        %t1 = arith.mulf %t0, %in0 : bf16
        %t2 = arith.addf %in0, %t1 : bf16
        %t3 = math.tanh %t2 : bf16
        %t4 = arith.addf %t3, %in0 : bf16
        %t5 = arith.mulf %t4, %in0 : bf16
        linalg.yield %t5 : bf16
      } -> tensor<2x2x1x16x256xbf16>
    %c186 = gspmd.sharding_constraint %g185, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"]]> : tensor<2x2x1x16x256xbf16>
    %e187 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %k188 = arith.constant 0.0 : bf16
    %z189 = linalg.fill ins(%k188 : bf16) outs(%e187 : tensor<2x2x1x16x64xbf16>) -> tensor<2x2x1x16x64xbf16>
    %g190 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d5, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c186, %w2_1 : tensor<2x2x1x16x256xbf16>, tensor<2x256x64xbf16>) outs(%z189 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c191 = gspmd.sharding_constraint %g190, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e192 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g193 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c170, %c191 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>) outs(%e192 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.addf %in0, %in1 : bf16
        linalg.yield %t0 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c194 = gspmd.sharding_constraint %g193, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e195 = tensor.empty() : tensor<2x2x1x16xbf16>
    %k196 = arith.constant 0.0 : bf16
    %z197 = linalg.fill ins(%k196 : bf16) outs(%e195 : tensor<2x2x1x16xbf16>) -> tensor<2x2x1x16xbf16>
    %g198 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c58 : tensor<2x2x1x16x64xbf16>) outs(%z197 : tensor<2x2x1x16xbf16>) {
      ^bb0(%in0: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in0 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16xbf16>
    %c199 = gspmd.sharding_constraint %g198, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], []]> : tensor<2x2x1x16xbf16>
    %e200 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g201 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c58, %c199 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16xbf16>) outs(%e200 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.mulf %in1, %in1 : bf16
        %t1 = math.rsqrt %t0 : bf16
        %t2 = arith.mulf %in0, %t1 : bf16
        linalg.yield %t2 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c202 = gspmd.sharding_constraint %g201, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e203 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k204 = arith.constant 0.0 : bf16
    %z205 = linalg.fill ins(%k204 : bf16) outs(%e203 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g206 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c202, %wq_0 : tensor<2x2x1x16x64xbf16>, tensor<2x64x4x16xbf16>) outs(%z205 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c207 = gspmd.sharding_constraint %g206, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e208 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k209 = arith.constant 0.0 : bf16
    %z210 = linalg.fill ins(%k209 : bf16) outs(%e208 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g211 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c202, %wk_0 : tensor<2x2x1x16x64xbf16>, tensor<2x64x4x16xbf16>) outs(%z210 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c212 = gspmd.sharding_constraint %g211, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e213 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k214 = arith.constant 0.0 : bf16
    %z215 = linalg.fill ins(%k214 : bf16) outs(%e213 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g216 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c202, %wv_0 : tensor<2x2x1x16x64xbf16>, tensor<2x64x4x16xbf16>) outs(%z215 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c217 = gspmd.sharding_constraint %g216, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e218 = tensor.empty() : tensor<2x2x1x4x16x16xbf16>
    %k219 = arith.constant 0.0 : bf16
    %z220 = linalg.fill ins(%k219 : bf16) outs(%e218 : tensor<2x2x1x4x16x16xbf16>) -> tensor<2x2x1x4x16x16xbf16>
    %g221 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d5, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c207, %c212 : tensor<2x2x1x16x4x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z220 : tensor<2x2x1x4x16x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x4x16x16xbf16>
    %c222 = gspmd.sharding_constraint %g221, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], [], []]> : tensor<2x2x1x4x16x16xbf16>
    %e223 = tensor.empty() : tensor<2x2x1x4x16x16xbf16>
    %sm224 = linalg.softmax dimension(5) ins(%c222 : tensor<2x2x1x4x16x16xbf16>) outs(%e223 : tensor<2x2x1x4x16x16xbf16>) -> tensor<2x2x1x4x16x16xbf16>
    %c225 = gspmd.sharding_constraint %sm224, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], [], []]> : tensor<2x2x1x4x16x16xbf16>
    %e226 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k227 = arith.constant 0.0 : bf16
    %z228 = linalg.fill ins(%k227 : bf16) outs(%e226 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g229 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c225, %c217 : tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z228 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c230 = gspmd.sharding_constraint %g229, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e231 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %k232 = arith.constant 0.0 : bf16
    %z233 = linalg.fill ins(%k232 : bf16) outs(%e231 : tensor<2x2x1x16x64xbf16>) -> tensor<2x2x1x16x64xbf16>
    %g234 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d5, d6, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c230, %wo_0 : tensor<2x2x1x16x4x16xbf16>, tensor<2x4x16x64xbf16>) outs(%z233 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c235 = gspmd.sharding_constraint %g234, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e236 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g237 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c58, %c235 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>) outs(%e236 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.addf %in0, %in1 : bf16
        linalg.yield %t0 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c238 = gspmd.sharding_constraint %g237, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e239 = tensor.empty() : tensor<2x2x1x16xbf16>
    %k240 = arith.constant 0.0 : bf16
    %z241 = linalg.fill ins(%k240 : bf16) outs(%e239 : tensor<2x2x1x16xbf16>) -> tensor<2x2x1x16xbf16>
    %g242 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c238 : tensor<2x2x1x16x64xbf16>) outs(%z241 : tensor<2x2x1x16xbf16>) {
      ^bb0(%in0: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in0 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16xbf16>
    %c243 = gspmd.sharding_constraint %g242, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], []]> : tensor<2x2x1x16xbf16>
    %e244 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g245 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c238, %c243 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16xbf16>) outs(%e244 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.mulf %in1, %in1 : bf16
        %t1 = math.rsqrt %t0 : bf16
        %t2 = arith.mulf %in0, %t1 : bf16
        linalg.yield %t2 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c246 = gspmd.sharding_constraint %g245, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e247 = tensor.empty() : tensor<2x2x1x16x256xbf16>
    %k248 = arith.constant 0.0 : bf16
    %z249 = linalg.fill ins(%k248 : bf16) outs(%e247 : tensor<2x2x1x16x256xbf16>) -> tensor<2x2x1x16x256xbf16>
    %g250 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d5, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c246, %w1_0 : tensor<2x2x1x16x64xbf16>, tensor<2x64x256xbf16>) outs(%z249 : tensor<2x2x1x16x256xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x256xbf16>
    %c251 = gspmd.sharding_constraint %g250, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"]]> : tensor<2x2x1x16x256xbf16>
    %e252 = tensor.empty() : tensor<2x2x1x16x256xbf16>
    %g253 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c251 : tensor<2x2x1x16x256xbf16>) outs(%e252 : tensor<2x2x1x16x256xbf16>) {
      ^bb0(%in0: bf16, %acc: bf16):
        %t0 = arith.mulf %in0, %in0 : bf16
        %t1 = arith.mulf %t0, %in0 : bf16
        %t2 = arith.addf %in0, %t1 : bf16
        %t3 = math.tanh %t2 : bf16
        %t4 = arith.addf %t3, %in0 : bf16
        %t5 = arith.mulf %t4, %in0 : bf16
        linalg.yield %t5 : bf16
      } -> tensor<2x2x1x16x256xbf16>
    %c254 = gspmd.sharding_constraint %g253, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"]]> : tensor<2x2x1x16x256xbf16>
    %e255 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %k256 = arith.constant 0.0 : bf16
    %z257 = linalg.fill ins(%k256 : bf16) outs(%e255 : tensor<2x2x1x16x64xbf16>) -> tensor<2x2x1x16x64xbf16>
    %g258 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d5, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c254, %w2_0 : tensor<2x2x1x16x256xbf16>, tensor<2x256x64xbf16>) outs(%z257 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c259 = gspmd.sharding_constraint %g258, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e260 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g261 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c238, %c259 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>) outs(%e260 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.addf %in0, %in1 : bf16
        linalg.yield %t0 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c262 = gspmd.sharding_constraint %g261, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e263 = tensor.empty() : tensor<2x2x1x16xbf16>
    %k264 = arith.constant 0.0 : bf16
    %z265 = linalg.fill ins(%k264 : bf16) outs(%e263 : tensor<2x2x1x16xbf16>) -> tensor<2x2x1x16xbf16>
    %g266 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c262 : tensor<2x2x1x16x64xbf16>) outs(%z265 : tensor<2x2x1x16xbf16>) {
      ^bb0(%in0: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in0 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16xbf16>
    %c267 = gspmd.sharding_constraint %g266, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], []]> : tensor<2x2x1x16xbf16>
    %e268 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g269 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c262, %c267 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16xbf16>) outs(%e268 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.mulf %in1, %in1 : bf16
        %t1 = math.rsqrt %t0 : bf16
        %t2 = arith.mulf %in0, %t1 : bf16
        linalg.yield %t2 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c270 = gspmd.sharding_constraint %g269, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e271 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k272 = arith.constant 0.0 : bf16
    %z273 = linalg.fill ins(%k272 : bf16) outs(%e271 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g274 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c270, %wq_1 : tensor<2x2x1x16x64xbf16>, tensor<2x64x4x16xbf16>) outs(%z273 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c275 = gspmd.sharding_constraint %g274, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e276 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k277 = arith.constant 0.0 : bf16
    %z278 = linalg.fill ins(%k277 : bf16) outs(%e276 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g279 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c270, %wk_1 : tensor<2x2x1x16x64xbf16>, tensor<2x64x4x16xbf16>) outs(%z278 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c280 = gspmd.sharding_constraint %g279, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e281 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k282 = arith.constant 0.0 : bf16
    %z283 = linalg.fill ins(%k282 : bf16) outs(%e281 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g284 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c270, %wv_1 : tensor<2x2x1x16x64xbf16>, tensor<2x64x4x16xbf16>) outs(%z283 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c285 = gspmd.sharding_constraint %g284, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e286 = tensor.empty() : tensor<2x2x1x4x16x16xbf16>
    %k287 = arith.constant 0.0 : bf16
    %z288 = linalg.fill ins(%k287 : bf16) outs(%e286 : tensor<2x2x1x4x16x16xbf16>) -> tensor<2x2x1x4x16x16xbf16>
    %g289 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d5, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c275, %c280 : tensor<2x2x1x16x4x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z288 : tensor<2x2x1x4x16x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x4x16x16xbf16>
    %c290 = gspmd.sharding_constraint %g289, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], [], []]> : tensor<2x2x1x4x16x16xbf16>
    %e291 = tensor.empty() : tensor<2x2x1x4x16x16xbf16>
    %sm292 = linalg.softmax dimension(5) ins(%c290 : tensor<2x2x1x4x16x16xbf16>) outs(%e291 : tensor<2x2x1x4x16x16xbf16>) -> tensor<2x2x1x4x16x16xbf16>
    %c293 = gspmd.sharding_constraint %sm292, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], [], []]> : tensor<2x2x1x4x16x16xbf16>
    %e294 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k295 = arith.constant 0.0 : bf16
    %z296 = linalg.fill ins(%k295 : bf16) outs(%e294 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g297 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c293, %c285 : tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z296 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c298 = gspmd.sharding_constraint %g297, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e299 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %k300 = arith.constant 0.0 : bf16
    %z301 = linalg.fill ins(%k300 : bf16) outs(%e299 : tensor<2x2x1x16x64xbf16>) -> tensor<2x2x1x16x64xbf16>
    %g302 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d5, d6, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c298, %wo_1 : tensor<2x2x1x16x4x16xbf16>, tensor<2x4x16x64xbf16>) outs(%z301 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c303 = gspmd.sharding_constraint %g302, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e304 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g305 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c262, %c303 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>) outs(%e304 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.addf %in0, %in1 : bf16
        linalg.yield %t0 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c306 = gspmd.sharding_constraint %g305, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e307 = tensor.empty() : tensor<2x2x1x16xbf16>
    %k308 = arith.constant 0.0 : bf16
    %z309 = linalg.fill ins(%k308 : bf16) outs(%e307 : tensor<2x2x1x16xbf16>) -> tensor<2x2x1x16xbf16>
    %g310 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c306 : tensor<2x2x1x16x64xbf16>) outs(%z309 : tensor<2x2x1x16xbf16>) {
      ^bb0(%in0: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in0 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16xbf16>
    %c311 = gspmd.sharding_constraint %g310, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], []]> : tensor<2x2x1x16xbf16>
    %e312 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g313 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c306, %c311 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16xbf16>) outs(%e312 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.mulf %in1, %in1 : bf16
        %t1 = math.rsqrt %t0 : bf16
        %t2 = arith.mulf %in0, %t1 : bf16
        linalg.yield %t2 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c314 = gspmd.sharding_constraint %g313, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e315 = tensor.empty() : tensor<2x2x1x16x256xbf16>
    %k316 = arith.constant 0.0 : bf16
    %z317 = linalg.fill ins(%k316 : bf16) outs(%e315 : tensor<2x2x1x16x256xbf16>) -> tensor<2x2x1x16x256xbf16>
    %g318 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d5, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c314, %w1_1 : tensor<2x2x1x16x64xbf16>, tensor<2x64x256xbf16>) outs(%z317 : tensor<2x2x1x16x256xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x256xbf16>
    %c319 = gspmd.sharding_constraint %g318, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"]]> : tensor<2x2x1x16x256xbf16>
    %e320 = tensor.empty() : tensor<2x2x1x16x256xbf16>
    %g321 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c319 : tensor<2x2x1x16x256xbf16>) outs(%e320 : tensor<2x2x1x16x256xbf16>) {
      ^bb0(%in0: bf16, %acc: bf16):
        %t0 = arith.mulf %in0, %in0 : bf16
        %t1 = arith.mulf %t0, %in0 : bf16
        %t2 = arith.addf %in0, %t1 : bf16
        %t3 = math.tanh %t2 : bf16
        %t4 = arith.addf %t3, %in0 : bf16
        %t5 = arith.mulf %t4, %in0 : bf16
        linalg.yield %t5 : bf16
      } -> tensor<2x2x1x16x256xbf16>
    %c322 = gspmd.sharding_constraint %g321, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"]]> : tensor<2x2x1x16x256xbf16>
    %e323 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %k324 = arith.constant 0.0 : bf16
    %z325 = linalg.fill ins(%k324 : bf16) outs(%e323 : tensor<2x2x1x16x64xbf16>) -> tensor<2x2x1x16x64xbf16>
    %g326 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d5, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c322, %w2_1 : tensor<2x2x1x16x256xbf16>, tensor<2x256x64xbf16>) outs(%z325 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c327 = gspmd.sharding_constraint %g326, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e328 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g329 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c306, %c327 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>) outs(%e328 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.addf %in0, %in1 : bf16
        linalg.yield %t0 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c330 = gspmd.sharding_constraint %g329, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e331 = tensor.empty() : tensor<2x2x1x16x256xbf16>
    %k332 = arith.constant 0.0 : bf16
    %z333 = linalg.fill ins(%k332 : bf16) outs(%e331 : tensor<2x2x1x16x256xbf16>) -> tensor<2x2x1x16x256xbf16>
    %g334 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c330, %w2_1 : tensor<2x2x1x16x64xbf16>, tensor<2x256x64xbf16>) outs(%z333 : tensor<2x2x1x16x256xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x256xbf16>
    %c335 = gspmd.sharding_constraint %g334, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"]]> : tensor<2x2x1x16x256xbf16>
    %g336 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d5, d2)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d5, d3)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c322, %c330 : tensor<2x2x1x16x256xbf16>, tensor<2x2x1x16x64xbf16>) outs(%acc_1_2 : tensor<2x2x256x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x256x64xbf16>
    %c337 = gspmd.sharding_constraint %g336, #gspmd.tiled<@mesh, [["stage"], ["data"], ["model"], []]> : tensor<2x2x256x64xbf16>
    %e338 = tensor.empty() : tensor<2x2x1x16x256xbf16>
    %g339 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c335, %c319 : tensor<2x2x1x16x256xbf16>, tensor<2x2x1x16x256xbf16>) outs(%e338 : tensor<2x2x1x16x256xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.mulf %in1, %in1 : bf16
        %t1 = math.tanh %t0 : bf16
        %t2 = arith.mulf %in0, %t1 : bf16
        linalg.yield %t2 : bf16
      } -> tensor<2x2x1x16x256xbf16>
    %c340 = gspmd.sharding_constraint %g339, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"]]> : tensor<2x2x1x16x256xbf16>
    %e341 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %k342 = arith.constant 0.0 : bf16
    %z343 = linalg.fill ins(%k342 : bf16) outs(%e341 : tensor<2x2x1x16x64xbf16>) -> tensor<2x2x1x16x64xbf16>
    %g344 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c340, %w1_1 : tensor<2x2x1x16x256xbf16>, tensor<2x64x256xbf16>) outs(%z343 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c345 = gspmd.sharding_constraint %g344, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %g346 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d5, d2)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d5, d3)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c314, %c340 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x256xbf16>) outs(%acc_1_1 : tensor<2x2x64x256xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x64x256xbf16>
    %c347 = gspmd.sharding_constraint %g346, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"]]> : tensor<2x2x64x256xbf16>
    %e348 = tensor.empty() : tensor<2x2x1x16xbf16>
    %k349 = arith.constant 0.0 : bf16
    %z350 = linalg.fill ins(%k349 : bf16) outs(%e348 : tensor<2x2x1x16xbf16>) -> tensor<2x2x1x16xbf16>
    %g351 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c345, %c306 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>) outs(%z350 : tensor<2x2x1x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16xbf16>
    %c352 = gspmd.sharding_constraint %g351, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], []]> : tensor<2x2x1x16xbf16>
    %e353 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g354 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c345, %c306, %c352, %c330 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16xbf16>, tensor<2x2x1x16x64xbf16>) outs(%e353 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %in2: bf16, %in3: bf16, %acc: bf16):
        %t0 = arith.mulf %in1, %in2 : bf16
        %t1 = arith.subf %in0, %t0 : bf16
        %t2 = arith.addf %t1, %in3 : bf16
        linalg.yield %t2 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c355 = gspmd.sharding_constraint %g354, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e356 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k357 = arith.constant 0.0 : bf16
    %z358 = linalg.fill ins(%k357 : bf16) outs(%e356 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g359 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c355, %wo_1 : tensor<2x2x1x16x64xbf16>, tensor<2x4x16x64xbf16>) outs(%z358 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c360 = gspmd.sharding_constraint %g359, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %g361 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d2, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c298, %c355 : tensor<2x2x1x16x4x16xbf16>, tensor<2x2x1x16x64xbf16>) outs(%acc_1_o : tensor<2x2x4x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x4x16x64xbf16>
    %c362 = gspmd.sharding_constraint %g361, #gspmd.tiled<@mesh, [["stage"], ["data"], ["model"], [], []]> : tensor<2x2x4x16x64xbf16>
    %e363 = tensor.empty() : tensor<2x2x1x4x16x16xbf16>
    %k364 = arith.constant 0.0 : bf16
    %z365 = linalg.fill ins(%k364 : bf16) outs(%e363 : tensor<2x2x1x4x16x16xbf16>) -> tensor<2x2x1x4x16x16xbf16>
    %g366 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d5, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c360, %c285 : tensor<2x2x1x16x4x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z365 : tensor<2x2x1x4x16x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x4x16x16xbf16>
    %c367 = gspmd.sharding_constraint %g366, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], [], []]> : tensor<2x2x1x4x16x16xbf16>
    %e368 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k369 = arith.constant 0.0 : bf16
    %z370 = linalg.fill ins(%k369 : bf16) outs(%e368 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g371 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c293, %c360 : tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z370 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c372 = gspmd.sharding_constraint %g371, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e373 = tensor.empty() : tensor<2x2x1x4x16xbf16>
    %k374 = arith.constant 0.0 : bf16
    %z375 = linalg.fill ins(%k374 : bf16) outs(%e373 : tensor<2x2x1x4x16xbf16>) -> tensor<2x2x1x4x16xbf16>
    %g376 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c367, %c293 : tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x4x16x16xbf16>) outs(%z375 : tensor<2x2x1x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x4x16xbf16>
    %c377 = gspmd.sharding_constraint %g376, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], []]> : tensor<2x2x1x4x16xbf16>
    %e378 = tensor.empty() : tensor<2x2x1x4x16x16xbf16>
    %g379 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c367, %c293, %c377 : tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x4x16xbf16>) outs(%e378 : tensor<2x2x1x4x16x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %in2: bf16, %acc: bf16):
        %t0 = arith.subf %in0, %in2 : bf16
        %t1 = arith.mulf %t0, %in1 : bf16
        linalg.yield %t1 : bf16
      } -> tensor<2x2x1x4x16x16xbf16>
    %c380 = gspmd.sharding_constraint %g379, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], [], []]> : tensor<2x2x1x4x16x16xbf16>
    %e381 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k382 = arith.constant 0.0 : bf16
    %z383 = linalg.fill ins(%k382 : bf16) outs(%e381 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g384 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c380, %c280 : tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z383 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c385 = gspmd.sharding_constraint %g384, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e386 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k387 = arith.constant 0.0 : bf16
    %z388 = linalg.fill ins(%k387 : bf16) outs(%e386 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g389 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c380, %c275 : tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z388 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c390 = gspmd.sharding_constraint %g389, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e391 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %k392 = arith.constant 0.0 : bf16
    %z393 = linalg.fill ins(%k392 : bf16) outs(%e391 : tensor<2x2x1x16x64xbf16>) -> tensor<2x2x1x16x64xbf16>
    %g394 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c385, %wq_1 : tensor<2x2x1x16x4x16xbf16>, tensor<2x64x4x16xbf16>) outs(%z393 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c395 = gspmd.sharding_constraint %g394, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %g396 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c390, %wk_1 : tensor<2x2x1x16x4x16xbf16>, tensor<2x64x4x16xbf16>) outs(%c395 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c397 = gspmd.sharding_constraint %g396, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %g398 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c372, %wv_1 : tensor<2x2x1x16x4x16xbf16>, tensor<2x64x4x16xbf16>) outs(%c397 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c399 = gspmd.sharding_constraint %g398, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %g400 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d2)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d3, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c270, %c385 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%acc_1_q : tensor<2x2x64x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x64x4x16xbf16>
    %c401 = gspmd.sharding_constraint %g400, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], []]> : tensor<2x2x64x4x16xbf16>
    %g402 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d2)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d3, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c270, %c390 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%acc_1_k : tensor<2x2x64x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x64x4x16xbf16>
    %c403 = gspmd.sharding_constraint %g402, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], []]> : tensor<2x2x64x4x16xbf16>
    %g404 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d2)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d3, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c270, %c372 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%acc_1_v : tensor<2x2x64x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x64x4x16xbf16>
    %c405 = gspmd.sharding_constraint %g404, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], []]> : tensor<2x2x64x4x16xbf16>
    %e406 = tensor.empty() : tensor<2x2x1x16xbf16>
    %k407 = arith.constant 0.0 : bf16
    %z408 = linalg.fill ins(%k407 : bf16) outs(%e406 : tensor<2x2x1x16xbf16>) -> tensor<2x2x1x16xbf16>
    %g409 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c399, %c262 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>) outs(%z408 : tensor<2x2x1x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16xbf16>
    %c410 = gspmd.sharding_constraint %g409, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], []]> : tensor<2x2x1x16xbf16>
    %e411 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g412 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c399, %c262, %c410, %c355 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16xbf16>, tensor<2x2x1x16x64xbf16>) outs(%e411 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %in2: bf16, %in3: bf16, %acc: bf16):
        %t0 = arith.mulf %in1, %in2 : bf16
        %t1 = arith.subf %in0, %t0 : bf16
        %t2 = arith.addf %t1, %in3 : bf16
        linalg.yield %t2 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c413 = gspmd.sharding_constraint %g412, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e414 = tensor.empty() : tensor<2x2x1x16x256xbf16>
    %k415 = arith.constant 0.0 : bf16
    %z416 = linalg.fill ins(%k415 : bf16) outs(%e414 : tensor<2x2x1x16x256xbf16>) -> tensor<2x2x1x16x256xbf16>
    %g417 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c413, %w2_0 : tensor<2x2x1x16x64xbf16>, tensor<2x256x64xbf16>) outs(%z416 : tensor<2x2x1x16x256xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x256xbf16>
    %c418 = gspmd.sharding_constraint %g417, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"]]> : tensor<2x2x1x16x256xbf16>
    %g419 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d5, d2)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d5, d3)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c254, %c413 : tensor<2x2x1x16x256xbf16>, tensor<2x2x1x16x64xbf16>) outs(%acc_0_2 : tensor<2x2x256x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x256x64xbf16>
    %c420 = gspmd.sharding_constraint %g419, #gspmd.tiled<@mesh, [["stage"], ["data"], ["model"], []]> : tensor<2x2x256x64xbf16>
    %e421 = tensor.empty() : tensor<2x2x1x16x256xbf16>
    %g422 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c418, %c251 : tensor<2x2x1x16x256xbf16>, tensor<2x2x1x16x256xbf16>) outs(%e421 : tensor<2x2x1x16x256xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.mulf %in1, %in1 : bf16
        %t1 = math.tanh %t0 : bf16
        %t2 = arith.mulf %in0, %t1 : bf16
        linalg.yield %t2 : bf16
      } -> tensor<2x2x1x16x256xbf16>
    %c423 = gspmd.sharding_constraint %g422, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"]]> : tensor<2x2x1x16x256xbf16>
    %e424 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %k425 = arith.constant 0.0 : bf16
    %z426 = linalg.fill ins(%k425 : bf16) outs(%e424 : tensor<2x2x1x16x64xbf16>) -> tensor<2x2x1x16x64xbf16>
    %g427 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c423, %w1_0 : tensor<2x2x1x16x256xbf16>, tensor<2x64x256xbf16>) outs(%z426 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c428 = gspmd.sharding_constraint %g427, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %g429 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d5, d2)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d5, d3)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c246, %c423 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x256xbf16>) outs(%acc_0_1 : tensor<2x2x64x256xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x64x256xbf16>
    %c430 = gspmd.sharding_constraint %g429, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"]]> : tensor<2x2x64x256xbf16>
    %e431 = tensor.empty() : tensor<2x2x1x16xbf16>
    %k432 = arith.constant 0.0 : bf16
    %z433 = linalg.fill ins(%k432 : bf16) outs(%e431 : tensor<2x2x1x16xbf16>) -> tensor<2x2x1x16xbf16>
    %g434 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c428, %c238 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>) outs(%z433 : tensor<2x2x1x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16xbf16>
    %c435 = gspmd.sharding_constraint %g434, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], []]> : tensor<2x2x1x16xbf16>
    %e436 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g437 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c428, %c238, %c435, %c413 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16xbf16>, tensor<2x2x1x16x64xbf16>) outs(%e436 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %in2: bf16, %in3: bf16, %acc: bf16):
        %t0 = arith.mulf %in1, %in2 : bf16
        %t1 = arith.subf %in0, %t0 : bf16
        %t2 = arith.addf %t1, %in3 : bf16
        linalg.yield %t2 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c438 = gspmd.sharding_constraint %g437, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e439 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k440 = arith.constant 0.0 : bf16
    %z441 = linalg.fill ins(%k440 : bf16) outs(%e439 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g442 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c438, %wo_0 : tensor<2x2x1x16x64xbf16>, tensor<2x4x16x64xbf16>) outs(%z441 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c443 = gspmd.sharding_constraint %g442, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %g444 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d2, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c230, %c438 : tensor<2x2x1x16x4x16xbf16>, tensor<2x2x1x16x64xbf16>) outs(%acc_0_o : tensor<2x2x4x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x4x16x64xbf16>
    %c445 = gspmd.sharding_constraint %g444, #gspmd.tiled<@mesh, [["stage"], ["data"], ["model"], [], []]> : tensor<2x2x4x16x64xbf16>
    %e446 = tensor.empty() : tensor<2x2x1x4x16x16xbf16>
    %k447 = arith.constant 0.0 : bf16
    %z448 = linalg.fill ins(%k447 : bf16) outs(%e446 : tensor<2x2x1x4x16x16xbf16>) -> tensor<2x2x1x4x16x16xbf16>
    %g449 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d5, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c443, %c217 : tensor<2x2x1x16x4x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z448 : tensor<2x2x1x4x16x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x4x16x16xbf16>
    %c450 = gspmd.sharding_constraint %g449, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], [], []]> : tensor<2x2x1x4x16x16xbf16>
    %e451 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k452 = arith.constant 0.0 : bf16
    %z453 = linalg.fill ins(%k452 : bf16) outs(%e451 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g454 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c225, %c443 : tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z453 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c455 = gspmd.sharding_constraint %g454, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e456 = tensor.empty() : tensor<2x2x1x4x16xbf16>
    %k457 = arith.constant 0.0 : bf16
    %z458 = linalg.fill ins(%k457 : bf16) outs(%e456 : tensor<2x2x1x4x16xbf16>) -> tensor<2x2x1x4x16xbf16>
    %g459 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c450, %c225 : tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x4x16x16xbf16>) outs(%z458 : tensor<2x2x1x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x4x16xbf16>
    %c460 = gspmd.sharding_constraint %g459, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], []]> : tensor<2x2x1x4x16xbf16>
    %e461 = tensor.empty() : tensor<2x2x1x4x16x16xbf16>
    %g462 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c450, %c225, %c460 : tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x4x16xbf16>) outs(%e461 : tensor<2x2x1x4x16x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %in2: bf16, %acc: bf16):
        %t0 = arith.subf %in0, %in2 : bf16
        %t1 = arith.mulf %t0, %in1 : bf16
        linalg.yield %t1 : bf16
      } -> tensor<2x2x1x4x16x16xbf16>
    %c463 = gspmd.sharding_constraint %g462, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], [], []]> : tensor<2x2x1x4x16x16xbf16>
    %e464 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k465 = arith.constant 0.0 : bf16
    %z466 = linalg.fill ins(%k465 : bf16) outs(%e464 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g467 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c463, %c212 : tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z466 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c468 = gspmd.sharding_constraint %g467, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e469 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k470 = arith.constant 0.0 : bf16
    %z471 = linalg.fill ins(%k470 : bf16) outs(%e469 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g472 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c463, %c207 : tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z471 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c473 = gspmd.sharding_constraint %g472, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e474 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %k475 = arith.constant 0.0 : bf16
    %z476 = linalg.fill ins(%k475 : bf16) outs(%e474 : tensor<2x2x1x16x64xbf16>) -> tensor<2x2x1x16x64xbf16>
    %g477 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c468, %wq_0 : tensor<2x2x1x16x4x16xbf16>, tensor<2x64x4x16xbf16>) outs(%z476 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c478 = gspmd.sharding_constraint %g477, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %g479 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c473, %wk_0 : tensor<2x2x1x16x4x16xbf16>, tensor<2x64x4x16xbf16>) outs(%c478 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c480 = gspmd.sharding_constraint %g479, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %g481 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c455, %wv_0 : tensor<2x2x1x16x4x16xbf16>, tensor<2x64x4x16xbf16>) outs(%c480 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c482 = gspmd.sharding_constraint %g481, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %g483 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d2)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d3, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c202, %c468 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%acc_0_q : tensor<2x2x64x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x64x4x16xbf16>
    %c484 = gspmd.sharding_constraint %g483, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], []]> : tensor<2x2x64x4x16xbf16>
    %g485 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d2)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d3, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c202, %c473 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%acc_0_k : tensor<2x2x64x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x64x4x16xbf16>
    %c486 = gspmd.sharding_constraint %g485, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], []]> : tensor<2x2x64x4x16xbf16>
    %g487 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d2)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d3, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c202, %c455 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%acc_0_v : tensor<2x2x64x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x64x4x16xbf16>
    %c488 = gspmd.sharding_constraint %g487, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], []]> : tensor<2x2x64x4x16xbf16>
    %e489 = tensor.empty() : tensor<2x2x1x16xbf16>
    %k490 = arith.constant 0.0 : bf16
    %z491 = linalg.fill ins(%k490 : bf16) outs(%e489 : tensor<2x2x1x16xbf16>) -> tensor<2x2x1x16xbf16>
    %g492 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c482, %c58 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>) outs(%z491 : tensor<2x2x1x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16xbf16>
    %c493 = gspmd.sharding_constraint %g492, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], []]> : tensor<2x2x1x16xbf16>
    %e494 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g495 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c482, %c58, %c493, %c438 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16xbf16>, tensor<2x2x1x16x64xbf16>) outs(%e494 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %in2: bf16, %in3: bf16, %acc: bf16):
        %t0 = arith.mulf %in1, %in2 : bf16
        %t1 = arith.subf %in0, %t0 : bf16
        %t2 = arith.addf %t1, %in3 : bf16
        linalg.yield %t2 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c496 = gspmd.sharding_constraint %g495, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    scf.yield %c194, %c496, %c484, %c486, %c488, %c445, %c430, %c420, %c401, %c403, %c405, %c362, %c347, %c337 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>, tensor<2x2x64x4x16xbf16>, tensor<2x2x64x4x16xbf16>, tensor<2x2x64x4x16xbf16>, tensor<2x2x4x16x64xbf16>, tensor<2x2x64x256xbf16>, tensor<2x2x256x64xbf16>, tensor<2x2x64x4x16xbf16>, tensor<2x2x64x4x16xbf16>, tensor<2x2x64x4x16xbf16>, tensor<2x2x4x16x64xbf16>, tensor<2x2x64x256xbf16>, tensor<2x2x256x64xbf16>
  } {gspmd.pipeline_loop = {bubble_iterations = 1 : i64, microbatches = 4 : i64, repeats = 1 : i64, stages = 2 : i64}}
  %e497 = tensor.empty() : tensor<2x64x4x16xbf16>
  %k498 = arith.constant 0.0 : bf16
  %z499 = linalg.fill ins(%k498 : bf16) outs(%e497 : tensor<2x64x4x16xbf16>) -> tensor<2x64x4x16xbf16>
  %g500 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%loop#2 : tensor<2x2x64x4x16xbf16>) outs(%z499 : tensor<2x64x4x16xbf16>) {
    ^bb0(%in0: bf16, %acc: bf16):
      %r = arith.addf %in0, %acc : bf16
      linalg.yield %r : bf16
    } -> tensor<2x64x4x16xbf16>
  %c501 = gspmd.sharding_constraint %g500, #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"], []]> : tensor<2x64x4x16xbf16>
  %e502 = tensor.empty() : tensor<2x64x4x16xbf16>
  %k503 = arith.constant 0.0 : bf16
  %z504 = linalg.fill ins(%k503 : bf16) outs(%e502 : tensor<2x64x4x16xbf16>) -> tensor<2x64x4x16xbf16>
  %g505 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%loop#3 : tensor<2x2x64x4x16xbf16>) outs(%z504 : tensor<2x64x4x16xbf16>) {
    ^bb0(%in0: bf16, %acc: bf16):
      %r = arith.addf %in0, %acc : bf16
      linalg.yield %r : bf16
    } -> tensor<2x64x4x16xbf16>
  %c506 = gspmd.sharding_constraint %g505, #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"], []]> : tensor<2x64x4x16xbf16>
  %e507 = tensor.empty() : tensor<2x64x4x16xbf16>
  %k508 = arith.constant 0.0 : bf16
  %z509 = linalg.fill ins(%k508 : bf16) outs(%e507 : tensor<2x64x4x16xbf16>) -> tensor<2x64x4x16xbf16>
  %g510 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%loop#4 : tensor<2x2x64x4x16xbf16>) outs(%z509 : tensor<2x64x4x16xbf16>) {
    ^bb0(%in0: bf16, %acc: bf16):
      %r = arith.addf %in0, %acc : bf16
      linalg.yield %r : bf16
    } -> tensor<2x64x4x16xbf16>
  %c511 = gspmd.sharding_constraint %g510, #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"], []]> : tensor<2x64x4x16xbf16>
  %e512 = tensor.empty() : tensor<2x4x16x64xbf16>
  %k513 = arith.constant 0.0 : bf16
  %z514 = linalg.fill ins(%k513 : bf16) outs(%e512 : tensor<2x4x16x64xbf16>) -> tensor<2x4x16x64xbf16>
  %g515 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%loop#5 : tensor<2x2x4x16x64xbf16>) outs(%z514 : tensor<2x4x16x64xbf16>) {
    ^bb0(%in0: bf16, %acc: bf16):
      %r = arith.addf %in0, %acc : bf16
      linalg.yield %r : bf16
    } -> tensor<2x4x16x64xbf16>
  %c516 = gspmd.sharding_constraint %g515, #gspmd.partially_tiled<@mesh, [["stage"], ["model"], [], []]> : tensor<2x4x16x64xbf16>
  %e517 = tensor.empty() : tensor<2x64x256xbf16>
  %k518 = arith.constant 0.0 : bf16
  %z519 = linalg.fill ins(%k518 : bf16) outs(%e517 : tensor<2x64x256xbf16>) -> tensor<2x64x256xbf16>
  %g520 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%loop#6 : tensor<2x2x64x256xbf16>) outs(%z519 : tensor<2x64x256xbf16>) {
    ^bb0(%in0: bf16, %acc: bf16):
      %r = arith.addf %in0, %acc : bf16
      linalg.yield %r : bf16
    } -> tensor<2x64x256xbf16>
  %c521 = gspmd.sharding_constraint %g520, #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"]]> : tensor<2x64x256xbf16>
  %e522 = tensor.empty() : tensor<2x256x64xbf16>
  %k523 = arith.constant 0.0 : bf16
  %z524 = linalg.fill ins(%k523 : bf16) outs(%e522 : tensor<2x256x64xbf16>) -> tensor<2x256x64xbf16>
  %g525 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%loop#7 : tensor<2x2x256x64xbf16>) outs(%z524 : tensor<2x256x64xbf16>) {
    ^bb0(%in0: bf16, %acc: bf16):
      %r = arith.addf %in0, %acc : bf16
      linalg.yield %r : bf16
    } -> tensor<2x256x64xbf16>
  %c526 = gspmd.sharding_constraint %g525, #gspmd.partially_tiled<@mesh, [["stage"], ["model"], []]> : tensor<2x256x64xbf16>
  %e527 = tensor.empty() : tensor<2x64x4x16xbf16>
  %k528 = arith.constant 0.0 : bf16
  %z529 = linalg.fill ins(%k528 : bf16) outs(%e527 : tensor<2x64x4x16xbf16>) -> tensor<2x64x4x16xbf16>
  %g530 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%loop#8 : tensor<2x2x64x4x16xbf16>) outs(%z529 : tensor<2x64x4x16xbf16>) {
    ^bb0(%in0: bf16, %acc: bf16):
      %r = arith.addf %in0, %acc : bf16
      linalg.yield %r : bf16
    } -> tensor<2x64x4x16xbf16>
  %c531 = gspmd.sharding_constraint %g530, #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"], []]> : tensor<2x64x4x16xbf16>
  %e532 = tensor.empty() : tensor<2x64x4x16xbf16>
  %k533 = arith.constant 0.0 : bf16
  %z534 = linalg.fill ins(%k533 : bf16) outs(%e532 : tensor<2x64x4x16xbf16>) -> tensor<2x64x4x16xbf16>
  %g535 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%loop#9 : tensor<2x2x64x4x16xbf16>) outs(%z534 : tensor<2x64x4x16xbf16>) {
    ^bb0(%in0: bf16, %acc: bf16):
      %r = arith.addf %in0, %acc : bf16
      linalg.yield %r : bf16
    } -> tensor<2x64x4x16xbf16>
  %c536 = gspmd.sharding_constraint %g535, #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"], []]> : tensor<2x64x4x16xbf16>
  %e537 = tensor.empty() : tensor<2x64x4x16xbf16>
  %k538 = arith.constant 0.0 : bf16
  %z539 = linalg.fill ins(%k538 : bf16) outs(%e537 : tensor<2x64x4x16xbf16>) -> tensor<2x64x4x16xbf16>
  %g540 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%loop#10 : tensor<2x2x64x4x16xbf16>) outs(%z539 : tensor<2x64x4x16xbf16>) {
    ^bb0(%in0: bf16, %acc: bf16):
      %r = arith.addf %in0, %acc : bf16
      linalg.yield %r : bf16
    } -> tensor<2x64x4x16xbf16>
  %c541 = gspmd.sharding_constraint %g540, #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"], []]> : tensor<2x64x4x16xbf16>
  %e542 = tensor.empty() : tensor<2x4x16x64xbf16>
  %k543 = arith.constant 0.0 : bf16
  %z544 = linalg.fill ins(%k543 : bf16) outs(%e542 : tensor<2x4x16x64xbf16>) -> tensor<2x4x16x64xbf16>
  %g545 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%loop#11 : tensor<2x2x4x16x64xbf16>) outs(%z544 : tensor<2x4x16x64xbf16>) {
    ^bb0(%in0: bf16, %acc: bf16):
      %r = arith.addf %in0, %acc : bf16
      linalg.yield %r : bf16
    } -> tensor<2x4x16x64xbf16>
  %c546 = gspmd.sharding_constraint %g545, #gspmd.partially_tiled<@mesh, [["stage"], ["model"], [], []]> : tensor<2x4x16x64xbf16>
  %e547 = tensor.empty() : tensor<2x64x256xbf16>
  %k548 = arith.constant 0.0 : bf16
  %z549 = linalg.fill ins(%k548 : bf16) outs(%e547 : tensor<2x64x256xbf16>) -> tensor<2x64x256xbf16>
  %g550 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%loop#12 : tensor<2x2x64x256xbf16>) outs(%z549 : tensor<2x64x256xbf16>) {
    ^bb0(%in0: bf16, %acc: bf16):
      %r = arith.addf %in0, %acc : bf16
      linalg.yield %r : bf16
    } -> tensor<2x64x256xbf16>
  %c551 = gspmd.sharding_constraint %g550, #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"]]> : tensor<2x64x256xbf16>
  %e552 = tensor.empty() : tensor<2x256x64xbf16>
  %k553 = arith.constant 0.0 : bf16
  %z554 = linalg.fill ins(%k553 : bf16) outs(%e552 : tensor<2x256x64xbf16>) -> tensor<2x256x64xbf16>
  %g555 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%loop#13 : tensor<2x2x256x64xbf16>) outs(%z554 : tensor<2x256x64xbf16>) {
    ^bb0(%in0: bf16, %acc: bf16):
      %r = arith.addf %in0, %acc : bf16
      linalg.yield %r : bf16
    } -> tensor<2x256x64xbf16>
  %c556 = gspmd.sharding_constraint %g555, #gspmd.partially_tiled<@mesh, [["stage"], ["model"], []]> : tensor<2x256x64xbf16>
  return %loop#0, %c501, %c506, %c511, %c516, %c521, %c526, %c531, %c536, %c541, %c546, %c551, %c556 : tensor<2x2x1x16x64xbf16>, tensor<2x64x4x16xbf16>, tensor<2x64x4x16xbf16>, tensor<2x64x4x16xbf16>, tensor<2x4x16x64xbf16>, tensor<2x64x256xbf16>, tensor<2x256x64xbf16>, tensor<2x64x4x16xbf16>, tensor<2x64x4x16xbf16>, tensor<2x64x4x16xbf16>, tensor<2x4x16x64xbf16>, tensor<2x64x256xbf16>, tensor<2x256x64xbf16>
}
