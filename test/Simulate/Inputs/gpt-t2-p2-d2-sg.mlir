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
    %c53 = gspmd.sharding_constraint %st, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"]]> : tensor<2x2x1x16x64xbf16>
    %c54 = gspmd.sharding_constraint %gst, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"]]> : tensor<2x2x1x16x64xbf16>
    %sl55 = tensor.extract_slice %c53[0, 0, 0, 0, 0] [1, 2, 1, 16, 64] [1, 1, 1, 1, 1] : tensor<2x2x1x16x64xbf16> to tensor<1x2x1x16x64xbf16>
    %sh56 = tensor.pad %sl55 low[1, 0, 0, 0, 0] high[0, 0, 0, 0, 0] {
      ^bb0(%i0: index, %i1: index, %i2: index, %i3: index, %i4: index):
        tensor.yield %k52 : bf16
      } : tensor<1x2x1x16x64xbf16> to tensor<2x2x1x16x64xbf16>
    %c57 = gspmd.sharding_constraint %sh56, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %sl58 = tensor.extract_slice %c54[1, 0, 0, 0, 0] [1, 2, 1, 16, 64] [1, 1, 1, 1, 1] : tensor<2x2x1x16x64xbf16> to tensor<1x2x1x16x64xbf16>
    %sh59 = tensor.pad %sl58 low[0, 0, 0, 0, 0] high[1, 0, 0, 0, 0] {
      ^bb0(%i0: index, %i1: index, %i2: index, %i3: index, %i4: index):
        tensor.yield %k52 : bf16
      } : tensor<1x2x1x16x64xbf16> to tensor<2x2x1x16x64xbf16>
    %c60 = gspmd.sharding_constraint %sh59, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e61 = tensor.empty() : tensor<2x2x1x16xbf16>
    %k62 = arith.constant 0.0 : bf16
    %z63 = linalg.fill ins(%k62 : bf16) outs(%e61 : tensor<2x2x1x16xbf16>) -> tensor<2x2x1x16xbf16>
    %g64 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c57 : tensor<2x2x1x16x64xbf16>) outs(%z63 : tensor<2x2x1x16xbf16>) {
      ^bb0(%in0: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in0 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16xbf16>
    %c65 = gspmd.sharding_constraint %g64, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], []]> : tensor<2x2x1x16xbf16>
    %e66 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g67 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c57, %c65 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16xbf16>) outs(%e66 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.mulf %in1, %in1 : bf16
        %t1 = math.rsqrt %t0 : bf16
        %t2 = arith.mulf %in0, %t1 : bf16
        linalg.yield %t2 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c68 = gspmd.sharding_constraint %g67, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e69 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k70 = arith.constant 0.0 : bf16
    %z71 = linalg.fill ins(%k70 : bf16) outs(%e69 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g72 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c68, %wq_0 : tensor<2x2x1x16x64xbf16>, tensor<2x64x4x16xbf16>) outs(%z71 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c73 = gspmd.sharding_constraint %g72, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e74 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k75 = arith.constant 0.0 : bf16
    %z76 = linalg.fill ins(%k75 : bf16) outs(%e74 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g77 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c68, %wk_0 : tensor<2x2x1x16x64xbf16>, tensor<2x64x4x16xbf16>) outs(%z76 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c78 = gspmd.sharding_constraint %g77, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e79 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k80 = arith.constant 0.0 : bf16
    %z81 = linalg.fill ins(%k80 : bf16) outs(%e79 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g82 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c68, %wv_0 : tensor<2x2x1x16x64xbf16>, tensor<2x64x4x16xbf16>) outs(%z81 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c83 = gspmd.sharding_constraint %g82, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e84 = tensor.empty() : tensor<2x2x1x4x16x16xbf16>
    %k85 = arith.constant 0.0 : bf16
    %z86 = linalg.fill ins(%k85 : bf16) outs(%e84 : tensor<2x2x1x4x16x16xbf16>) -> tensor<2x2x1x4x16x16xbf16>
    %g87 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d5, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c73, %c78 : tensor<2x2x1x16x4x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z86 : tensor<2x2x1x4x16x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x4x16x16xbf16>
    %c88 = gspmd.sharding_constraint %g87, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], [], []]> : tensor<2x2x1x4x16x16xbf16>
    %e89 = tensor.empty() : tensor<2x2x1x4x16x16xbf16>
    %sm90 = linalg.softmax dimension(5) ins(%c88 : tensor<2x2x1x4x16x16xbf16>) outs(%e89 : tensor<2x2x1x4x16x16xbf16>) -> tensor<2x2x1x4x16x16xbf16>
    %c91 = gspmd.sharding_constraint %sm90, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], [], []]> : tensor<2x2x1x4x16x16xbf16>
    %e92 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k93 = arith.constant 0.0 : bf16
    %z94 = linalg.fill ins(%k93 : bf16) outs(%e92 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g95 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c91, %c83 : tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z94 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c96 = gspmd.sharding_constraint %g95, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e97 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %k98 = arith.constant 0.0 : bf16
    %z99 = linalg.fill ins(%k98 : bf16) outs(%e97 : tensor<2x2x1x16x64xbf16>) -> tensor<2x2x1x16x64xbf16>
    %g100 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d5, d6, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c96, %wo_0 : tensor<2x2x1x16x4x16xbf16>, tensor<2x4x16x64xbf16>) outs(%z99 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c101 = gspmd.sharding_constraint %g100, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e102 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g103 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c57, %c101 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>) outs(%e102 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.addf %in0, %in1 : bf16
        linalg.yield %t0 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c104 = gspmd.sharding_constraint %g103, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e105 = tensor.empty() : tensor<2x2x1x16xbf16>
    %k106 = arith.constant 0.0 : bf16
    %z107 = linalg.fill ins(%k106 : bf16) outs(%e105 : tensor<2x2x1x16xbf16>) -> tensor<2x2x1x16xbf16>
    %g108 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c104 : tensor<2x2x1x16x64xbf16>) outs(%z107 : tensor<2x2x1x16xbf16>) {
      ^bb0(%in0: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in0 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16xbf16>
    %c109 = gspmd.sharding_constraint %g108, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], []]> : tensor<2x2x1x16xbf16>
    %e110 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g111 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c104, %c109 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16xbf16>) outs(%e110 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.mulf %in1, %in1 : bf16
        %t1 = math.rsqrt %t0 : bf16
        %t2 = arith.mulf %in0, %t1 : bf16
        linalg.yield %t2 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c112 = gspmd.sharding_constraint %g111, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e113 = tensor.empty() : tensor<2x2x1x16x256xbf16>
    %k114 = arith.constant 0.0 : bf16
    %z115 = linalg.fill ins(%k114 : bf16) outs(%e113 : tensor<2x2x1x16x256xbf16>) -> tensor<2x2x1x16x256xbf16>
    %g116 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d5, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c112, %w1_0 : tensor<2x2x1x16x64xbf16>, tensor<2x64x256xbf16>) outs(%z115 : tensor<2x2x1x16x256xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x256xbf16>
    %c117 = gspmd.sharding_constraint %g116, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"]]> : tensor<2x2x1x16x256xbf16>
    %e118 = tensor.empty() : tensor<2x2x1x16x256xbf16>
    %g119 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c117 : tensor<2x2x1x16x256xbf16>) outs(%e118 : tensor<2x2x1x16x256xbf16>) {
      ^bb0(%in0: bf16, %acc: bf16):
        %t0 = arith.mulf %in0, %in0 : bf16
        %t1 = arith.mulf %t0, %in0 : bf16
        %t2 = arith.addf %in0, %t1 : bf16
        %t3 = math.tanh %t2 : bf16
        %t4 = arith.addf %t3, %in0 : bf16
        %t5 = arith.mulf %t4, %in0 : bf16
        linalg.yield %t5 : bf16
      } -> tensor<2x2x1x16x256xbf16>
    %c120 = gspmd.sharding_constraint %g119, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"]]> : tensor<2x2x1x16x256xbf16>
    %e121 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %k122 = arith.constant 0.0 : bf16
    %z123 = linalg.fill ins(%k122 : bf16) outs(%e121 : tensor<2x2x1x16x64xbf16>) -> tensor<2x2x1x16x64xbf16>
    %g124 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d5, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c120, %w2_0 : tensor<2x2x1x16x256xbf16>, tensor<2x256x64xbf16>) outs(%z123 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c125 = gspmd.sharding_constraint %g124, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e126 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g127 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c104, %c125 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>) outs(%e126 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.addf %in0, %in1 : bf16
        linalg.yield %t0 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c128 = gspmd.sharding_constraint %g127, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e129 = tensor.empty() : tensor<2x2x1x16xbf16>
    %k130 = arith.constant 0.0 : bf16
    %z131 = linalg.fill ins(%k130 : bf16) outs(%e129 : tensor<2x2x1x16xbf16>) -> tensor<2x2x1x16xbf16>
    %g132 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c128 : tensor<2x2x1x16x64xbf16>) outs(%z131 : tensor<2x2x1x16xbf16>) {
      ^bb0(%in0: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in0 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16xbf16>
    %c133 = gspmd.sharding_constraint %g132, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], []]> : tensor<2x2x1x16xbf16>
    %e134 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g135 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c128, %c133 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16xbf16>) outs(%e134 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.mulf %in1, %in1 : bf16
        %t1 = math.rsqrt %t0 : bf16
        %t2 = arith.mulf %in0, %t1 : bf16
        linalg.yield %t2 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c136 = gspmd.sharding_constraint %g135, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e137 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k138 = arith.constant 0.0 : bf16
    %z139 = linalg.fill ins(%k138 : bf16) outs(%e137 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g140 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c136, %wq_1 : tensor<2x2x1x16x64xbf16>, tensor<2x64x4x16xbf16>) outs(%z139 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c141 = gspmd.sharding_constraint %g140, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e142 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k143 = arith.constant 0.0 : bf16
    %z144 = linalg.fill ins(%k143 : bf16) outs(%e142 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g145 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c136, %wk_1 : tensor<2x2x1x16x64xbf16>, tensor<2x64x4x16xbf16>) outs(%z144 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c146 = gspmd.sharding_constraint %g145, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e147 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k148 = arith.constant 0.0 : bf16
    %z149 = linalg.fill ins(%k148 : bf16) outs(%e147 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g150 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c136, %wv_1 : tensor<2x2x1x16x64xbf16>, tensor<2x64x4x16xbf16>) outs(%z149 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c151 = gspmd.sharding_constraint %g150, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e152 = tensor.empty() : tensor<2x2x1x4x16x16xbf16>
    %k153 = arith.constant 0.0 : bf16
    %z154 = linalg.fill ins(%k153 : bf16) outs(%e152 : tensor<2x2x1x4x16x16xbf16>) -> tensor<2x2x1x4x16x16xbf16>
    %g155 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d5, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c141, %c146 : tensor<2x2x1x16x4x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z154 : tensor<2x2x1x4x16x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x4x16x16xbf16>
    %c156 = gspmd.sharding_constraint %g155, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], [], []]> : tensor<2x2x1x4x16x16xbf16>
    %e157 = tensor.empty() : tensor<2x2x1x4x16x16xbf16>
    %sm158 = linalg.softmax dimension(5) ins(%c156 : tensor<2x2x1x4x16x16xbf16>) outs(%e157 : tensor<2x2x1x4x16x16xbf16>) -> tensor<2x2x1x4x16x16xbf16>
    %c159 = gspmd.sharding_constraint %sm158, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], [], []]> : tensor<2x2x1x4x16x16xbf16>
    %e160 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k161 = arith.constant 0.0 : bf16
    %z162 = linalg.fill ins(%k161 : bf16) outs(%e160 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g163 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c159, %c151 : tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z162 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c164 = gspmd.sharding_constraint %g163, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e165 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %k166 = arith.constant 0.0 : bf16
    %z167 = linalg.fill ins(%k166 : bf16) outs(%e165 : tensor<2x2x1x16x64xbf16>) -> tensor<2x2x1x16x64xbf16>
    %g168 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d5, d6, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c164, %wo_1 : tensor<2x2x1x16x4x16xbf16>, tensor<2x4x16x64xbf16>) outs(%z167 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c169 = gspmd.sharding_constraint %g168, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e170 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g171 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c128, %c169 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>) outs(%e170 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.addf %in0, %in1 : bf16
        linalg.yield %t0 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c172 = gspmd.sharding_constraint %g171, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e173 = tensor.empty() : tensor<2x2x1x16xbf16>
    %k174 = arith.constant 0.0 : bf16
    %z175 = linalg.fill ins(%k174 : bf16) outs(%e173 : tensor<2x2x1x16xbf16>) -> tensor<2x2x1x16xbf16>
    %g176 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c172 : tensor<2x2x1x16x64xbf16>) outs(%z175 : tensor<2x2x1x16xbf16>) {
      ^bb0(%in0: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in0 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16xbf16>
    %c177 = gspmd.sharding_constraint %g176, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], []]> : tensor<2x2x1x16xbf16>
    %e178 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g179 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c172, %c177 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16xbf16>) outs(%e178 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.mulf %in1, %in1 : bf16
        %t1 = math.rsqrt %t0 : bf16
        %t2 = arith.mulf %in0, %t1 : bf16
        linalg.yield %t2 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c180 = gspmd.sharding_constraint %g179, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e181 = tensor.empty() : tensor<2x2x1x16x256xbf16>
    %k182 = arith.constant 0.0 : bf16
    %z183 = linalg.fill ins(%k182 : bf16) outs(%e181 : tensor<2x2x1x16x256xbf16>) -> tensor<2x2x1x16x256xbf16>
    %g184 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d5, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c180, %w1_1 : tensor<2x2x1x16x64xbf16>, tensor<2x64x256xbf16>) outs(%z183 : tensor<2x2x1x16x256xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x256xbf16>
    %c185 = gspmd.sharding_constraint %g184, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"]]> : tensor<2x2x1x16x256xbf16>
    %e186 = tensor.empty() : tensor<2x2x1x16x256xbf16>
    %g187 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c185 : tensor<2x2x1x16x256xbf16>) outs(%e186 : tensor<2x2x1x16x256xbf16>) {
      ^bb0(%in0: bf16, %acc: bf16):
        %t0 = arith.mulf %in0, %in0 : bf16
        %t1 = arith.mulf %t0, %in0 : bf16
        %t2 = arith.addf %in0, %t1 : bf16
        %t3 = math.tanh %t2 : bf16
        %t4 = arith.addf %t3, %in0 : bf16
        %t5 = arith.mulf %t4, %in0 : bf16
        linalg.yield %t5 : bf16
      } -> tensor<2x2x1x16x256xbf16>
    %c188 = gspmd.sharding_constraint %g187, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"]]> : tensor<2x2x1x16x256xbf16>
    %e189 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %k190 = arith.constant 0.0 : bf16
    %z191 = linalg.fill ins(%k190 : bf16) outs(%e189 : tensor<2x2x1x16x64xbf16>) -> tensor<2x2x1x16x64xbf16>
    %g192 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d5, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c188, %w2_1 : tensor<2x2x1x16x256xbf16>, tensor<2x256x64xbf16>) outs(%z191 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c193 = gspmd.sharding_constraint %g192, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e194 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g195 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c172, %c193 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>) outs(%e194 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.addf %in0, %in1 : bf16
        linalg.yield %t0 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c196 = gspmd.sharding_constraint %g195, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e197 = tensor.empty() : tensor<2x2x1x16xbf16>
    %k198 = arith.constant 0.0 : bf16
    %z199 = linalg.fill ins(%k198 : bf16) outs(%e197 : tensor<2x2x1x16xbf16>) -> tensor<2x2x1x16xbf16>
    %g200 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c60 : tensor<2x2x1x16x64xbf16>) outs(%z199 : tensor<2x2x1x16xbf16>) {
      ^bb0(%in0: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in0 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16xbf16>
    %c201 = gspmd.sharding_constraint %g200, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], []]> : tensor<2x2x1x16xbf16>
    %e202 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g203 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c60, %c201 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16xbf16>) outs(%e202 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.mulf %in1, %in1 : bf16
        %t1 = math.rsqrt %t0 : bf16
        %t2 = arith.mulf %in0, %t1 : bf16
        linalg.yield %t2 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c204 = gspmd.sharding_constraint %g203, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e205 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k206 = arith.constant 0.0 : bf16
    %z207 = linalg.fill ins(%k206 : bf16) outs(%e205 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g208 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c204, %wq_0 : tensor<2x2x1x16x64xbf16>, tensor<2x64x4x16xbf16>) outs(%z207 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c209 = gspmd.sharding_constraint %g208, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e210 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k211 = arith.constant 0.0 : bf16
    %z212 = linalg.fill ins(%k211 : bf16) outs(%e210 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g213 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c204, %wk_0 : tensor<2x2x1x16x64xbf16>, tensor<2x64x4x16xbf16>) outs(%z212 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c214 = gspmd.sharding_constraint %g213, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e215 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k216 = arith.constant 0.0 : bf16
    %z217 = linalg.fill ins(%k216 : bf16) outs(%e215 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g218 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c204, %wv_0 : tensor<2x2x1x16x64xbf16>, tensor<2x64x4x16xbf16>) outs(%z217 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c219 = gspmd.sharding_constraint %g218, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e220 = tensor.empty() : tensor<2x2x1x4x16x16xbf16>
    %k221 = arith.constant 0.0 : bf16
    %z222 = linalg.fill ins(%k221 : bf16) outs(%e220 : tensor<2x2x1x4x16x16xbf16>) -> tensor<2x2x1x4x16x16xbf16>
    %g223 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d5, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c209, %c214 : tensor<2x2x1x16x4x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z222 : tensor<2x2x1x4x16x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x4x16x16xbf16>
    %c224 = gspmd.sharding_constraint %g223, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], [], []]> : tensor<2x2x1x4x16x16xbf16>
    %e225 = tensor.empty() : tensor<2x2x1x4x16x16xbf16>
    %sm226 = linalg.softmax dimension(5) ins(%c224 : tensor<2x2x1x4x16x16xbf16>) outs(%e225 : tensor<2x2x1x4x16x16xbf16>) -> tensor<2x2x1x4x16x16xbf16>
    %c227 = gspmd.sharding_constraint %sm226, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], [], []]> : tensor<2x2x1x4x16x16xbf16>
    %e228 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k229 = arith.constant 0.0 : bf16
    %z230 = linalg.fill ins(%k229 : bf16) outs(%e228 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g231 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c227, %c219 : tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z230 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c232 = gspmd.sharding_constraint %g231, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e233 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %k234 = arith.constant 0.0 : bf16
    %z235 = linalg.fill ins(%k234 : bf16) outs(%e233 : tensor<2x2x1x16x64xbf16>) -> tensor<2x2x1x16x64xbf16>
    %g236 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d5, d6, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c232, %wo_0 : tensor<2x2x1x16x4x16xbf16>, tensor<2x4x16x64xbf16>) outs(%z235 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c237 = gspmd.sharding_constraint %g236, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e238 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g239 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c60, %c237 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>) outs(%e238 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.addf %in0, %in1 : bf16
        linalg.yield %t0 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c240 = gspmd.sharding_constraint %g239, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e241 = tensor.empty() : tensor<2x2x1x16xbf16>
    %k242 = arith.constant 0.0 : bf16
    %z243 = linalg.fill ins(%k242 : bf16) outs(%e241 : tensor<2x2x1x16xbf16>) -> tensor<2x2x1x16xbf16>
    %g244 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c240 : tensor<2x2x1x16x64xbf16>) outs(%z243 : tensor<2x2x1x16xbf16>) {
      ^bb0(%in0: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in0 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16xbf16>
    %c245 = gspmd.sharding_constraint %g244, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], []]> : tensor<2x2x1x16xbf16>
    %e246 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g247 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c240, %c245 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16xbf16>) outs(%e246 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.mulf %in1, %in1 : bf16
        %t1 = math.rsqrt %t0 : bf16
        %t2 = arith.mulf %in0, %t1 : bf16
        linalg.yield %t2 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c248 = gspmd.sharding_constraint %g247, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e249 = tensor.empty() : tensor<2x2x1x16x256xbf16>
    %k250 = arith.constant 0.0 : bf16
    %z251 = linalg.fill ins(%k250 : bf16) outs(%e249 : tensor<2x2x1x16x256xbf16>) -> tensor<2x2x1x16x256xbf16>
    %g252 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d5, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c248, %w1_0 : tensor<2x2x1x16x64xbf16>, tensor<2x64x256xbf16>) outs(%z251 : tensor<2x2x1x16x256xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x256xbf16>
    %c253 = gspmd.sharding_constraint %g252, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"]]> : tensor<2x2x1x16x256xbf16>
    %e254 = tensor.empty() : tensor<2x2x1x16x256xbf16>
    %g255 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c253 : tensor<2x2x1x16x256xbf16>) outs(%e254 : tensor<2x2x1x16x256xbf16>) {
      ^bb0(%in0: bf16, %acc: bf16):
        %t0 = arith.mulf %in0, %in0 : bf16
        %t1 = arith.mulf %t0, %in0 : bf16
        %t2 = arith.addf %in0, %t1 : bf16
        %t3 = math.tanh %t2 : bf16
        %t4 = arith.addf %t3, %in0 : bf16
        %t5 = arith.mulf %t4, %in0 : bf16
        linalg.yield %t5 : bf16
      } -> tensor<2x2x1x16x256xbf16>
    %c256 = gspmd.sharding_constraint %g255, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"]]> : tensor<2x2x1x16x256xbf16>
    %e257 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %k258 = arith.constant 0.0 : bf16
    %z259 = linalg.fill ins(%k258 : bf16) outs(%e257 : tensor<2x2x1x16x64xbf16>) -> tensor<2x2x1x16x64xbf16>
    %g260 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d5, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c256, %w2_0 : tensor<2x2x1x16x256xbf16>, tensor<2x256x64xbf16>) outs(%z259 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c261 = gspmd.sharding_constraint %g260, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e262 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g263 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c240, %c261 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>) outs(%e262 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.addf %in0, %in1 : bf16
        linalg.yield %t0 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c264 = gspmd.sharding_constraint %g263, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e265 = tensor.empty() : tensor<2x2x1x16xbf16>
    %k266 = arith.constant 0.0 : bf16
    %z267 = linalg.fill ins(%k266 : bf16) outs(%e265 : tensor<2x2x1x16xbf16>) -> tensor<2x2x1x16xbf16>
    %g268 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c264 : tensor<2x2x1x16x64xbf16>) outs(%z267 : tensor<2x2x1x16xbf16>) {
      ^bb0(%in0: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in0 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16xbf16>
    %c269 = gspmd.sharding_constraint %g268, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], []]> : tensor<2x2x1x16xbf16>
    %e270 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g271 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c264, %c269 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16xbf16>) outs(%e270 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.mulf %in1, %in1 : bf16
        %t1 = math.rsqrt %t0 : bf16
        %t2 = arith.mulf %in0, %t1 : bf16
        linalg.yield %t2 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c272 = gspmd.sharding_constraint %g271, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e273 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k274 = arith.constant 0.0 : bf16
    %z275 = linalg.fill ins(%k274 : bf16) outs(%e273 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g276 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c272, %wq_1 : tensor<2x2x1x16x64xbf16>, tensor<2x64x4x16xbf16>) outs(%z275 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c277 = gspmd.sharding_constraint %g276, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e278 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k279 = arith.constant 0.0 : bf16
    %z280 = linalg.fill ins(%k279 : bf16) outs(%e278 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g281 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c272, %wk_1 : tensor<2x2x1x16x64xbf16>, tensor<2x64x4x16xbf16>) outs(%z280 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c282 = gspmd.sharding_constraint %g281, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e283 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k284 = arith.constant 0.0 : bf16
    %z285 = linalg.fill ins(%k284 : bf16) outs(%e283 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g286 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c272, %wv_1 : tensor<2x2x1x16x64xbf16>, tensor<2x64x4x16xbf16>) outs(%z285 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c287 = gspmd.sharding_constraint %g286, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e288 = tensor.empty() : tensor<2x2x1x4x16x16xbf16>
    %k289 = arith.constant 0.0 : bf16
    %z290 = linalg.fill ins(%k289 : bf16) outs(%e288 : tensor<2x2x1x4x16x16xbf16>) -> tensor<2x2x1x4x16x16xbf16>
    %g291 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d5, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c277, %c282 : tensor<2x2x1x16x4x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z290 : tensor<2x2x1x4x16x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x4x16x16xbf16>
    %c292 = gspmd.sharding_constraint %g291, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], [], []]> : tensor<2x2x1x4x16x16xbf16>
    %e293 = tensor.empty() : tensor<2x2x1x4x16x16xbf16>
    %sm294 = linalg.softmax dimension(5) ins(%c292 : tensor<2x2x1x4x16x16xbf16>) outs(%e293 : tensor<2x2x1x4x16x16xbf16>) -> tensor<2x2x1x4x16x16xbf16>
    %c295 = gspmd.sharding_constraint %sm294, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], [], []]> : tensor<2x2x1x4x16x16xbf16>
    %e296 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k297 = arith.constant 0.0 : bf16
    %z298 = linalg.fill ins(%k297 : bf16) outs(%e296 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g299 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c295, %c287 : tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z298 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c300 = gspmd.sharding_constraint %g299, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e301 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %k302 = arith.constant 0.0 : bf16
    %z303 = linalg.fill ins(%k302 : bf16) outs(%e301 : tensor<2x2x1x16x64xbf16>) -> tensor<2x2x1x16x64xbf16>
    %g304 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d5, d6, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c300, %wo_1 : tensor<2x2x1x16x4x16xbf16>, tensor<2x4x16x64xbf16>) outs(%z303 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c305 = gspmd.sharding_constraint %g304, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e306 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g307 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c264, %c305 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>) outs(%e306 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.addf %in0, %in1 : bf16
        linalg.yield %t0 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c308 = gspmd.sharding_constraint %g307, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e309 = tensor.empty() : tensor<2x2x1x16xbf16>
    %k310 = arith.constant 0.0 : bf16
    %z311 = linalg.fill ins(%k310 : bf16) outs(%e309 : tensor<2x2x1x16xbf16>) -> tensor<2x2x1x16xbf16>
    %g312 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c308 : tensor<2x2x1x16x64xbf16>) outs(%z311 : tensor<2x2x1x16xbf16>) {
      ^bb0(%in0: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in0 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16xbf16>
    %c313 = gspmd.sharding_constraint %g312, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], []]> : tensor<2x2x1x16xbf16>
    %e314 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g315 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c308, %c313 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16xbf16>) outs(%e314 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.mulf %in1, %in1 : bf16
        %t1 = math.rsqrt %t0 : bf16
        %t2 = arith.mulf %in0, %t1 : bf16
        linalg.yield %t2 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c316 = gspmd.sharding_constraint %g315, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e317 = tensor.empty() : tensor<2x2x1x16x256xbf16>
    %k318 = arith.constant 0.0 : bf16
    %z319 = linalg.fill ins(%k318 : bf16) outs(%e317 : tensor<2x2x1x16x256xbf16>) -> tensor<2x2x1x16x256xbf16>
    %g320 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d5, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c316, %w1_1 : tensor<2x2x1x16x64xbf16>, tensor<2x64x256xbf16>) outs(%z319 : tensor<2x2x1x16x256xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x256xbf16>
    %c321 = gspmd.sharding_constraint %g320, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"]]> : tensor<2x2x1x16x256xbf16>
    %e322 = tensor.empty() : tensor<2x2x1x16x256xbf16>
    %g323 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c321 : tensor<2x2x1x16x256xbf16>) outs(%e322 : tensor<2x2x1x16x256xbf16>) {
      ^bb0(%in0: bf16, %acc: bf16):
        %t0 = arith.mulf %in0, %in0 : bf16
        %t1 = arith.mulf %t0, %in0 : bf16
        %t2 = arith.addf %in0, %t1 : bf16
        %t3 = math.tanh %t2 : bf16
        %t4 = arith.addf %t3, %in0 : bf16
        %t5 = arith.mulf %t4, %in0 : bf16
        linalg.yield %t5 : bf16
      } -> tensor<2x2x1x16x256xbf16>
    %c324 = gspmd.sharding_constraint %g323, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"]]> : tensor<2x2x1x16x256xbf16>
    %e325 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %k326 = arith.constant 0.0 : bf16
    %z327 = linalg.fill ins(%k326 : bf16) outs(%e325 : tensor<2x2x1x16x64xbf16>) -> tensor<2x2x1x16x64xbf16>
    %g328 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d5, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c324, %w2_1 : tensor<2x2x1x16x256xbf16>, tensor<2x256x64xbf16>) outs(%z327 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c329 = gspmd.sharding_constraint %g328, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e330 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g331 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c308, %c329 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>) outs(%e330 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.addf %in0, %in1 : bf16
        linalg.yield %t0 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c332 = gspmd.sharding_constraint %g331, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e333 = tensor.empty() : tensor<2x2x1x16x256xbf16>
    %k334 = arith.constant 0.0 : bf16
    %z335 = linalg.fill ins(%k334 : bf16) outs(%e333 : tensor<2x2x1x16x256xbf16>) -> tensor<2x2x1x16x256xbf16>
    %g336 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c332, %w2_1 : tensor<2x2x1x16x64xbf16>, tensor<2x256x64xbf16>) outs(%z335 : tensor<2x2x1x16x256xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x256xbf16>
    %c337 = gspmd.sharding_constraint %g336, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"]]> : tensor<2x2x1x16x256xbf16>
    %g338 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d5, d2)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d5, d3)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c324, %c332 : tensor<2x2x1x16x256xbf16>, tensor<2x2x1x16x64xbf16>) outs(%acc_1_2 : tensor<2x2x256x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x256x64xbf16>
    %c339 = gspmd.sharding_constraint %g338, #gspmd.tiled<@mesh, [["stage"], ["data"], ["model"], []]> : tensor<2x2x256x64xbf16>
    %e340 = tensor.empty() : tensor<2x2x1x16x256xbf16>
    %g341 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c337, %c321 : tensor<2x2x1x16x256xbf16>, tensor<2x2x1x16x256xbf16>) outs(%e340 : tensor<2x2x1x16x256xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.mulf %in1, %in1 : bf16
        %t1 = math.tanh %t0 : bf16
        %t2 = arith.mulf %in0, %t1 : bf16
        linalg.yield %t2 : bf16
      } -> tensor<2x2x1x16x256xbf16>
    %c342 = gspmd.sharding_constraint %g341, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"]]> : tensor<2x2x1x16x256xbf16>
    %e343 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %k344 = arith.constant 0.0 : bf16
    %z345 = linalg.fill ins(%k344 : bf16) outs(%e343 : tensor<2x2x1x16x64xbf16>) -> tensor<2x2x1x16x64xbf16>
    %g346 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c342, %w1_1 : tensor<2x2x1x16x256xbf16>, tensor<2x64x256xbf16>) outs(%z345 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c347 = gspmd.sharding_constraint %g346, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %g348 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d5, d2)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d5, d3)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c316, %c342 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x256xbf16>) outs(%acc_1_1 : tensor<2x2x64x256xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x64x256xbf16>
    %c349 = gspmd.sharding_constraint %g348, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"]]> : tensor<2x2x64x256xbf16>
    %e350 = tensor.empty() : tensor<2x2x1x16xbf16>
    %k351 = arith.constant 0.0 : bf16
    %z352 = linalg.fill ins(%k351 : bf16) outs(%e350 : tensor<2x2x1x16xbf16>) -> tensor<2x2x1x16xbf16>
    %g353 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c347, %c308 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>) outs(%z352 : tensor<2x2x1x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16xbf16>
    %c354 = gspmd.sharding_constraint %g353, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], []]> : tensor<2x2x1x16xbf16>
    %e355 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g356 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c347, %c308, %c354, %c332 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16xbf16>, tensor<2x2x1x16x64xbf16>) outs(%e355 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %in2: bf16, %in3: bf16, %acc: bf16):
        %t0 = arith.mulf %in1, %in2 : bf16
        %t1 = arith.subf %in0, %t0 : bf16
        %t2 = arith.addf %t1, %in3 : bf16
        linalg.yield %t2 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c357 = gspmd.sharding_constraint %g356, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e358 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k359 = arith.constant 0.0 : bf16
    %z360 = linalg.fill ins(%k359 : bf16) outs(%e358 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g361 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c357, %wo_1 : tensor<2x2x1x16x64xbf16>, tensor<2x4x16x64xbf16>) outs(%z360 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c362 = gspmd.sharding_constraint %g361, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %g363 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d2, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c300, %c357 : tensor<2x2x1x16x4x16xbf16>, tensor<2x2x1x16x64xbf16>) outs(%acc_1_o : tensor<2x2x4x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x4x16x64xbf16>
    %c364 = gspmd.sharding_constraint %g363, #gspmd.tiled<@mesh, [["stage"], ["data"], ["model"], [], []]> : tensor<2x2x4x16x64xbf16>
    %e365 = tensor.empty() : tensor<2x2x1x4x16x16xbf16>
    %k366 = arith.constant 0.0 : bf16
    %z367 = linalg.fill ins(%k366 : bf16) outs(%e365 : tensor<2x2x1x4x16x16xbf16>) -> tensor<2x2x1x4x16x16xbf16>
    %g368 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d5, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c362, %c287 : tensor<2x2x1x16x4x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z367 : tensor<2x2x1x4x16x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x4x16x16xbf16>
    %c369 = gspmd.sharding_constraint %g368, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], [], []]> : tensor<2x2x1x4x16x16xbf16>
    %e370 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k371 = arith.constant 0.0 : bf16
    %z372 = linalg.fill ins(%k371 : bf16) outs(%e370 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g373 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c295, %c362 : tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z372 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c374 = gspmd.sharding_constraint %g373, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e375 = tensor.empty() : tensor<2x2x1x4x16xbf16>
    %k376 = arith.constant 0.0 : bf16
    %z377 = linalg.fill ins(%k376 : bf16) outs(%e375 : tensor<2x2x1x4x16xbf16>) -> tensor<2x2x1x4x16xbf16>
    %g378 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c369, %c295 : tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x4x16x16xbf16>) outs(%z377 : tensor<2x2x1x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x4x16xbf16>
    %c379 = gspmd.sharding_constraint %g378, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], []]> : tensor<2x2x1x4x16xbf16>
    %e380 = tensor.empty() : tensor<2x2x1x4x16x16xbf16>
    %g381 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c369, %c295, %c379 : tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x4x16xbf16>) outs(%e380 : tensor<2x2x1x4x16x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %in2: bf16, %acc: bf16):
        %t0 = arith.subf %in0, %in2 : bf16
        %t1 = arith.mulf %t0, %in1 : bf16
        linalg.yield %t1 : bf16
      } -> tensor<2x2x1x4x16x16xbf16>
    %c382 = gspmd.sharding_constraint %g381, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], [], []]> : tensor<2x2x1x4x16x16xbf16>
    %e383 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k384 = arith.constant 0.0 : bf16
    %z385 = linalg.fill ins(%k384 : bf16) outs(%e383 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g386 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c382, %c282 : tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z385 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c387 = gspmd.sharding_constraint %g386, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e388 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k389 = arith.constant 0.0 : bf16
    %z390 = linalg.fill ins(%k389 : bf16) outs(%e388 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g391 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c382, %c277 : tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z390 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c392 = gspmd.sharding_constraint %g391, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e393 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %k394 = arith.constant 0.0 : bf16
    %z395 = linalg.fill ins(%k394 : bf16) outs(%e393 : tensor<2x2x1x16x64xbf16>) -> tensor<2x2x1x16x64xbf16>
    %g396 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c387, %wq_1 : tensor<2x2x1x16x4x16xbf16>, tensor<2x64x4x16xbf16>) outs(%z395 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c397 = gspmd.sharding_constraint %g396, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %g398 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c392, %wk_1 : tensor<2x2x1x16x4x16xbf16>, tensor<2x64x4x16xbf16>) outs(%c397 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c399 = gspmd.sharding_constraint %g398, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %g400 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c374, %wv_1 : tensor<2x2x1x16x4x16xbf16>, tensor<2x64x4x16xbf16>) outs(%c399 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c401 = gspmd.sharding_constraint %g400, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %g402 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d2)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d3, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c272, %c387 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%acc_1_q : tensor<2x2x64x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x64x4x16xbf16>
    %c403 = gspmd.sharding_constraint %g402, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], []]> : tensor<2x2x64x4x16xbf16>
    %g404 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d2)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d3, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c272, %c392 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%acc_1_k : tensor<2x2x64x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x64x4x16xbf16>
    %c405 = gspmd.sharding_constraint %g404, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], []]> : tensor<2x2x64x4x16xbf16>
    %g406 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d2)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d3, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c272, %c374 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%acc_1_v : tensor<2x2x64x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x64x4x16xbf16>
    %c407 = gspmd.sharding_constraint %g406, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], []]> : tensor<2x2x64x4x16xbf16>
    %e408 = tensor.empty() : tensor<2x2x1x16xbf16>
    %k409 = arith.constant 0.0 : bf16
    %z410 = linalg.fill ins(%k409 : bf16) outs(%e408 : tensor<2x2x1x16xbf16>) -> tensor<2x2x1x16xbf16>
    %g411 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c401, %c264 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>) outs(%z410 : tensor<2x2x1x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16xbf16>
    %c412 = gspmd.sharding_constraint %g411, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], []]> : tensor<2x2x1x16xbf16>
    %e413 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g414 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c401, %c264, %c412, %c357 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16xbf16>, tensor<2x2x1x16x64xbf16>) outs(%e413 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %in2: bf16, %in3: bf16, %acc: bf16):
        %t0 = arith.mulf %in1, %in2 : bf16
        %t1 = arith.subf %in0, %t0 : bf16
        %t2 = arith.addf %t1, %in3 : bf16
        linalg.yield %t2 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c415 = gspmd.sharding_constraint %g414, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e416 = tensor.empty() : tensor<2x2x1x16x256xbf16>
    %k417 = arith.constant 0.0 : bf16
    %z418 = linalg.fill ins(%k417 : bf16) outs(%e416 : tensor<2x2x1x16x256xbf16>) -> tensor<2x2x1x16x256xbf16>
    %g419 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c415, %w2_0 : tensor<2x2x1x16x64xbf16>, tensor<2x256x64xbf16>) outs(%z418 : tensor<2x2x1x16x256xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x256xbf16>
    %c420 = gspmd.sharding_constraint %g419, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"]]> : tensor<2x2x1x16x256xbf16>
    %g421 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d5, d2)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d5, d3)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c256, %c415 : tensor<2x2x1x16x256xbf16>, tensor<2x2x1x16x64xbf16>) outs(%acc_0_2 : tensor<2x2x256x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x256x64xbf16>
    %c422 = gspmd.sharding_constraint %g421, #gspmd.tiled<@mesh, [["stage"], ["data"], ["model"], []]> : tensor<2x2x256x64xbf16>
    %e423 = tensor.empty() : tensor<2x2x1x16x256xbf16>
    %g424 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c420, %c253 : tensor<2x2x1x16x256xbf16>, tensor<2x2x1x16x256xbf16>) outs(%e423 : tensor<2x2x1x16x256xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %t0 = arith.mulf %in1, %in1 : bf16
        %t1 = math.tanh %t0 : bf16
        %t2 = arith.mulf %in0, %t1 : bf16
        linalg.yield %t2 : bf16
      } -> tensor<2x2x1x16x256xbf16>
    %c425 = gspmd.sharding_constraint %g424, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"]]> : tensor<2x2x1x16x256xbf16>
    %e426 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %k427 = arith.constant 0.0 : bf16
    %z428 = linalg.fill ins(%k427 : bf16) outs(%e426 : tensor<2x2x1x16x64xbf16>) -> tensor<2x2x1x16x64xbf16>
    %g429 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c425, %w1_0 : tensor<2x2x1x16x256xbf16>, tensor<2x64x256xbf16>) outs(%z428 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c430 = gspmd.sharding_constraint %g429, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %g431 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d5, d2)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d5, d3)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c248, %c425 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x256xbf16>) outs(%acc_0_1 : tensor<2x2x64x256xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x64x256xbf16>
    %c432 = gspmd.sharding_constraint %g431, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"]]> : tensor<2x2x64x256xbf16>
    %e433 = tensor.empty() : tensor<2x2x1x16xbf16>
    %k434 = arith.constant 0.0 : bf16
    %z435 = linalg.fill ins(%k434 : bf16) outs(%e433 : tensor<2x2x1x16xbf16>) -> tensor<2x2x1x16xbf16>
    %g436 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c430, %c240 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>) outs(%z435 : tensor<2x2x1x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16xbf16>
    %c437 = gspmd.sharding_constraint %g436, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], []]> : tensor<2x2x1x16xbf16>
    %e438 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g439 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c430, %c240, %c437, %c415 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16xbf16>, tensor<2x2x1x16x64xbf16>) outs(%e438 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %in2: bf16, %in3: bf16, %acc: bf16):
        %t0 = arith.mulf %in1, %in2 : bf16
        %t1 = arith.subf %in0, %t0 : bf16
        %t2 = arith.addf %t1, %in3 : bf16
        linalg.yield %t2 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c440 = gspmd.sharding_constraint %g439, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %e441 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k442 = arith.constant 0.0 : bf16
    %z443 = linalg.fill ins(%k442 : bf16) outs(%e441 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g444 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c440, %wo_0 : tensor<2x2x1x16x64xbf16>, tensor<2x4x16x64xbf16>) outs(%z443 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c445 = gspmd.sharding_constraint %g444, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %g446 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d2, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c232, %c440 : tensor<2x2x1x16x4x16xbf16>, tensor<2x2x1x16x64xbf16>) outs(%acc_0_o : tensor<2x2x4x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x4x16x64xbf16>
    %c447 = gspmd.sharding_constraint %g446, #gspmd.tiled<@mesh, [["stage"], ["data"], ["model"], [], []]> : tensor<2x2x4x16x64xbf16>
    %e448 = tensor.empty() : tensor<2x2x1x4x16x16xbf16>
    %k449 = arith.constant 0.0 : bf16
    %z450 = linalg.fill ins(%k449 : bf16) outs(%e448 : tensor<2x2x1x4x16x16xbf16>) -> tensor<2x2x1x4x16x16xbf16>
    %g451 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d5, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c445, %c219 : tensor<2x2x1x16x4x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z450 : tensor<2x2x1x4x16x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x4x16x16xbf16>
    %c452 = gspmd.sharding_constraint %g451, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], [], []]> : tensor<2x2x1x4x16x16xbf16>
    %e453 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k454 = arith.constant 0.0 : bf16
    %z455 = linalg.fill ins(%k454 : bf16) outs(%e453 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g456 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c227, %c445 : tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z455 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c457 = gspmd.sharding_constraint %g456, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e458 = tensor.empty() : tensor<2x2x1x4x16xbf16>
    %k459 = arith.constant 0.0 : bf16
    %z460 = linalg.fill ins(%k459 : bf16) outs(%e458 : tensor<2x2x1x4x16xbf16>) -> tensor<2x2x1x4x16xbf16>
    %g461 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c452, %c227 : tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x4x16x16xbf16>) outs(%z460 : tensor<2x2x1x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x4x16xbf16>
    %c462 = gspmd.sharding_constraint %g461, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], []]> : tensor<2x2x1x4x16xbf16>
    %e463 = tensor.empty() : tensor<2x2x1x4x16x16xbf16>
    %g464 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c452, %c227, %c462 : tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x4x16xbf16>) outs(%e463 : tensor<2x2x1x4x16x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %in2: bf16, %acc: bf16):
        %t0 = arith.subf %in0, %in2 : bf16
        %t1 = arith.mulf %t0, %in1 : bf16
        linalg.yield %t1 : bf16
      } -> tensor<2x2x1x4x16x16xbf16>
    %c465 = gspmd.sharding_constraint %g464, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], [], []]> : tensor<2x2x1x4x16x16xbf16>
    %e466 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k467 = arith.constant 0.0 : bf16
    %z468 = linalg.fill ins(%k467 : bf16) outs(%e466 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g469 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d3, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c465, %c214 : tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z468 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c470 = gspmd.sharding_constraint %g469, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e471 = tensor.empty() : tensor<2x2x1x16x4x16xbf16>
    %k472 = arith.constant 0.0 : bf16
    %z473 = linalg.fill ins(%k472 : bf16) outs(%e471 : tensor<2x2x1x16x4x16xbf16>) -> tensor<2x2x1x16x4x16xbf16>
    %g474 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c465, %c209 : tensor<2x2x1x4x16x16xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%z473 : tensor<2x2x1x16x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x4x16xbf16>
    %c475 = gspmd.sharding_constraint %g474, #gspmd.tiled<@mesh, [["stage"], ["data"], [], [], ["model"], []]> : tensor<2x2x1x16x4x16xbf16>
    %e476 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %k477 = arith.constant 0.0 : bf16
    %z478 = linalg.fill ins(%k477 : bf16) outs(%e476 : tensor<2x2x1x16x64xbf16>) -> tensor<2x2x1x16x64xbf16>
    %g479 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c470, %wq_0 : tensor<2x2x1x16x4x16xbf16>, tensor<2x64x4x16xbf16>) outs(%z478 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c480 = gspmd.sharding_constraint %g479, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %g481 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c475, %wk_0 : tensor<2x2x1x16x4x16xbf16>, tensor<2x64x4x16xbf16>) outs(%c480 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c482 = gspmd.sharding_constraint %g481, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %g483 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c457, %wv_0 : tensor<2x2x1x16x4x16xbf16>, tensor<2x64x4x16xbf16>) outs(%c482 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c484 = gspmd.sharding_constraint %g483, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    %g485 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d2)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d3, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c204, %c470 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%acc_0_q : tensor<2x2x64x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x64x4x16xbf16>
    %c486 = gspmd.sharding_constraint %g485, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], []]> : tensor<2x2x64x4x16xbf16>
    %g487 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d2)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d3, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c204, %c475 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%acc_0_k : tensor<2x2x64x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x64x4x16xbf16>
    %c488 = gspmd.sharding_constraint %g487, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], []]> : tensor<2x2x64x4x16xbf16>
    %g489 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d2)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d5, d6, d3, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%c204, %c457 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x4x16xbf16>) outs(%acc_0_v : tensor<2x2x64x4x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x64x4x16xbf16>
    %c490 = gspmd.sharding_constraint %g489, #gspmd.tiled<@mesh, [["stage"], ["data"], [], ["model"], []]> : tensor<2x2x64x4x16xbf16>
    %e491 = tensor.empty() : tensor<2x2x1x16xbf16>
    %k492 = arith.constant 0.0 : bf16
    %z493 = linalg.fill ins(%k492 : bf16) outs(%e491 : tensor<2x2x1x16xbf16>) -> tensor<2x2x1x16xbf16>
    %g494 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%c484, %c60 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>) outs(%z493 : tensor<2x2x1x16xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %acc: bf16):
        %m = arith.mulf %in0, %in1 : bf16
        %r = arith.addf %acc, %m : bf16
        linalg.yield %r : bf16
      } -> tensor<2x2x1x16xbf16>
    %c495 = gspmd.sharding_constraint %g494, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], []]> : tensor<2x2x1x16xbf16>
    %e496 = tensor.empty() : tensor<2x2x1x16x64xbf16>
    %g497 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%c484, %c60, %c495, %c440 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16xbf16>, tensor<2x2x1x16x64xbf16>) outs(%e496 : tensor<2x2x1x16x64xbf16>) {
      ^bb0(%in0: bf16, %in1: bf16, %in2: bf16, %in3: bf16, %acc: bf16):
        %t0 = arith.mulf %in1, %in2 : bf16
        %t1 = arith.subf %in0, %t0 : bf16
        %t2 = arith.addf %t1, %in3 : bf16
        linalg.yield %t2 : bf16
      } -> tensor<2x2x1x16x64xbf16>
    %c498 = gspmd.sharding_constraint %g497, #gspmd.partially_tiled<@mesh, [["stage"], ["data"], [], [], []]> : tensor<2x2x1x16x64xbf16>
    scf.yield %c196, %c498, %c486, %c488, %c490, %c447, %c432, %c422, %c403, %c405, %c407, %c364, %c349, %c339 : tensor<2x2x1x16x64xbf16>, tensor<2x2x1x16x64xbf16>, tensor<2x2x64x4x16xbf16>, tensor<2x2x64x4x16xbf16>, tensor<2x2x64x4x16xbf16>, tensor<2x2x4x16x64xbf16>, tensor<2x2x64x256xbf16>, tensor<2x2x256x64xbf16>, tensor<2x2x64x4x16xbf16>, tensor<2x2x64x4x16xbf16>, tensor<2x2x64x4x16xbf16>, tensor<2x2x4x16x64xbf16>, tensor<2x2x64x256xbf16>, tensor<2x2x256x64xbf16>
  } {gspmd.pipeline_loop = {bubble_iterations = 1 : i64, microbatches = 4 : i64, repeats = 1 : i64, stages = 2 : i64}}
  %e499 = tensor.empty() : tensor<2x64x4x16xbf16>
  %k500 = arith.constant 0.0 : bf16
  %z501 = linalg.fill ins(%k500 : bf16) outs(%e499 : tensor<2x64x4x16xbf16>) -> tensor<2x64x4x16xbf16>
  %g502 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%loop#2 : tensor<2x2x64x4x16xbf16>) outs(%z501 : tensor<2x64x4x16xbf16>) {
    ^bb0(%in0: bf16, %acc: bf16):
      %r = arith.addf %in0, %acc : bf16
      linalg.yield %r : bf16
    } -> tensor<2x64x4x16xbf16>
  %c503 = gspmd.sharding_constraint %g502, #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"], []]> : tensor<2x64x4x16xbf16>
  %e504 = tensor.empty() : tensor<2x64x4x16xbf16>
  %k505 = arith.constant 0.0 : bf16
  %z506 = linalg.fill ins(%k505 : bf16) outs(%e504 : tensor<2x64x4x16xbf16>) -> tensor<2x64x4x16xbf16>
  %g507 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%loop#3 : tensor<2x2x64x4x16xbf16>) outs(%z506 : tensor<2x64x4x16xbf16>) {
    ^bb0(%in0: bf16, %acc: bf16):
      %r = arith.addf %in0, %acc : bf16
      linalg.yield %r : bf16
    } -> tensor<2x64x4x16xbf16>
  %c508 = gspmd.sharding_constraint %g507, #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"], []]> : tensor<2x64x4x16xbf16>
  %e509 = tensor.empty() : tensor<2x64x4x16xbf16>
  %k510 = arith.constant 0.0 : bf16
  %z511 = linalg.fill ins(%k510 : bf16) outs(%e509 : tensor<2x64x4x16xbf16>) -> tensor<2x64x4x16xbf16>
  %g512 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%loop#4 : tensor<2x2x64x4x16xbf16>) outs(%z511 : tensor<2x64x4x16xbf16>) {
    ^bb0(%in0: bf16, %acc: bf16):
      %r = arith.addf %in0, %acc : bf16
      linalg.yield %r : bf16
    } -> tensor<2x64x4x16xbf16>
  %c513 = gspmd.sharding_constraint %g512, #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"], []]> : tensor<2x64x4x16xbf16>
  %e514 = tensor.empty() : tensor<2x4x16x64xbf16>
  %k515 = arith.constant 0.0 : bf16
  %z516 = linalg.fill ins(%k515 : bf16) outs(%e514 : tensor<2x4x16x64xbf16>) -> tensor<2x4x16x64xbf16>
  %g517 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%loop#5 : tensor<2x2x4x16x64xbf16>) outs(%z516 : tensor<2x4x16x64xbf16>) {
    ^bb0(%in0: bf16, %acc: bf16):
      %r = arith.addf %in0, %acc : bf16
      linalg.yield %r : bf16
    } -> tensor<2x4x16x64xbf16>
  %c518 = gspmd.sharding_constraint %g517, #gspmd.partially_tiled<@mesh, [["stage"], ["model"], [], []]> : tensor<2x4x16x64xbf16>
  %e519 = tensor.empty() : tensor<2x64x256xbf16>
  %k520 = arith.constant 0.0 : bf16
  %z521 = linalg.fill ins(%k520 : bf16) outs(%e519 : tensor<2x64x256xbf16>) -> tensor<2x64x256xbf16>
  %g522 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%loop#6 : tensor<2x2x64x256xbf16>) outs(%z521 : tensor<2x64x256xbf16>) {
    ^bb0(%in0: bf16, %acc: bf16):
      %r = arith.addf %in0, %acc : bf16
      linalg.yield %r : bf16
    } -> tensor<2x64x256xbf16>
  %c523 = gspmd.sharding_constraint %g522, #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"]]> : tensor<2x64x256xbf16>
  %e524 = tensor.empty() : tensor<2x256x64xbf16>
  %k525 = arith.constant 0.0 : bf16
  %z526 = linalg.fill ins(%k525 : bf16) outs(%e524 : tensor<2x256x64xbf16>) -> tensor<2x256x64xbf16>
  %g527 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%loop#7 : tensor<2x2x256x64xbf16>) outs(%z526 : tensor<2x256x64xbf16>) {
    ^bb0(%in0: bf16, %acc: bf16):
      %r = arith.addf %in0, %acc : bf16
      linalg.yield %r : bf16
    } -> tensor<2x256x64xbf16>
  %c528 = gspmd.sharding_constraint %g527, #gspmd.partially_tiled<@mesh, [["stage"], ["model"], []]> : tensor<2x256x64xbf16>
  %e529 = tensor.empty() : tensor<2x64x4x16xbf16>
  %k530 = arith.constant 0.0 : bf16
  %z531 = linalg.fill ins(%k530 : bf16) outs(%e529 : tensor<2x64x4x16xbf16>) -> tensor<2x64x4x16xbf16>
  %g532 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%loop#8 : tensor<2x2x64x4x16xbf16>) outs(%z531 : tensor<2x64x4x16xbf16>) {
    ^bb0(%in0: bf16, %acc: bf16):
      %r = arith.addf %in0, %acc : bf16
      linalg.yield %r : bf16
    } -> tensor<2x64x4x16xbf16>
  %c533 = gspmd.sharding_constraint %g532, #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"], []]> : tensor<2x64x4x16xbf16>
  %e534 = tensor.empty() : tensor<2x64x4x16xbf16>
  %k535 = arith.constant 0.0 : bf16
  %z536 = linalg.fill ins(%k535 : bf16) outs(%e534 : tensor<2x64x4x16xbf16>) -> tensor<2x64x4x16xbf16>
  %g537 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%loop#9 : tensor<2x2x64x4x16xbf16>) outs(%z536 : tensor<2x64x4x16xbf16>) {
    ^bb0(%in0: bf16, %acc: bf16):
      %r = arith.addf %in0, %acc : bf16
      linalg.yield %r : bf16
    } -> tensor<2x64x4x16xbf16>
  %c538 = gspmd.sharding_constraint %g537, #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"], []]> : tensor<2x64x4x16xbf16>
  %e539 = tensor.empty() : tensor<2x64x4x16xbf16>
  %k540 = arith.constant 0.0 : bf16
  %z541 = linalg.fill ins(%k540 : bf16) outs(%e539 : tensor<2x64x4x16xbf16>) -> tensor<2x64x4x16xbf16>
  %g542 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%loop#10 : tensor<2x2x64x4x16xbf16>) outs(%z541 : tensor<2x64x4x16xbf16>) {
    ^bb0(%in0: bf16, %acc: bf16):
      %r = arith.addf %in0, %acc : bf16
      linalg.yield %r : bf16
    } -> tensor<2x64x4x16xbf16>
  %c543 = gspmd.sharding_constraint %g542, #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"], []]> : tensor<2x64x4x16xbf16>
  %e544 = tensor.empty() : tensor<2x4x16x64xbf16>
  %k545 = arith.constant 0.0 : bf16
  %z546 = linalg.fill ins(%k545 : bf16) outs(%e544 : tensor<2x4x16x64xbf16>) -> tensor<2x4x16x64xbf16>
  %g547 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d1, d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%loop#11 : tensor<2x2x4x16x64xbf16>) outs(%z546 : tensor<2x4x16x64xbf16>) {
    ^bb0(%in0: bf16, %acc: bf16):
      %r = arith.addf %in0, %acc : bf16
      linalg.yield %r : bf16
    } -> tensor<2x4x16x64xbf16>
  %c548 = gspmd.sharding_constraint %g547, #gspmd.partially_tiled<@mesh, [["stage"], ["model"], [], []]> : tensor<2x4x16x64xbf16>
  %e549 = tensor.empty() : tensor<2x64x256xbf16>
  %k550 = arith.constant 0.0 : bf16
  %z551 = linalg.fill ins(%k550 : bf16) outs(%e549 : tensor<2x64x256xbf16>) -> tensor<2x64x256xbf16>
  %g552 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%loop#12 : tensor<2x2x64x256xbf16>) outs(%z551 : tensor<2x64x256xbf16>) {
    ^bb0(%in0: bf16, %acc: bf16):
      %r = arith.addf %in0, %acc : bf16
      linalg.yield %r : bf16
    } -> tensor<2x64x256xbf16>
  %c553 = gspmd.sharding_constraint %g552, #gspmd.partially_tiled<@mesh, [["stage"], [], ["model"]]> : tensor<2x64x256xbf16>
  %e554 = tensor.empty() : tensor<2x256x64xbf16>
  %k555 = arith.constant 0.0 : bf16
  %z556 = linalg.fill ins(%k555 : bf16) outs(%e554 : tensor<2x256x64xbf16>) -> tensor<2x256x64xbf16>
  %g557 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%loop#13 : tensor<2x2x256x64xbf16>) outs(%z556 : tensor<2x256x64xbf16>) {
    ^bb0(%in0: bf16, %acc: bf16):
      %r = arith.addf %in0, %acc : bf16
      linalg.yield %r : bf16
    } -> tensor<2x256x64xbf16>
  %c558 = gspmd.sharding_constraint %g557, #gspmd.partially_tiled<@mesh, [["stage"], ["model"], []]> : tensor<2x256x64xbf16>
  return %loop#0, %c503, %c508, %c513, %c518, %c523, %c528, %c533, %c538, %c543, %c548, %c553, %c558 : tensor<2x2x1x16x64xbf16>, tensor<2x64x4x16xbf16>, tensor<2x64x4x16xbf16>, tensor<2x64x4x16xbf16>, tensor<2x4x16x64xbf16>, tensor<2x64x256xbf16>, tensor<2x256x64xbf16>, tensor<2x64x4x16xbf16>, tensor<2x64x4x16xbf16>, tensor<2x64x4x16xbf16>, tensor<2x4x16x64xbf16>, tensor<2x64x256xbf16>, tensor<2x256x64xbf16>
}
