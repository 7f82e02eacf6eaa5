// Megatron for an attention block (heads on "model", 4 devices): q, k, v
// projections split by head (their weights 16x8x8 on the head dim), scores
// and softmax per head, the value product per head, the output projection
// contracting over the split heads: one all_reduce of y (16x16 f32, 1024 B:
// 1536 B per device). The input and output are annotated replicated; with
// 16000 B per device the weights (4 KiB each) cannot all stay whole. With
// 35000 B they can, and the cheapest plan is then not Megatron's: split the
// queries' sequence, keep k and v whole, and gather y's rows at the end
// (768 B, half an all_reduce). The predicted bytes are the comm report's.
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=16000})' %s 2>/dev/null | FileCheck %s --check-prefix=IR
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=16000},gspmd-spmd,gspmd-comm-report)' %s -o /dev/null 2>%t.err >%t.out && cat %t.err %t.out | FileCheck %s --check-prefix=BYTES
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=35000},gspmd-spmd,gspmd-comm-report)' %s -o /dev/null 2>%t.err >%t.out && cat %t.err %t.out | FileCheck %s --check-prefix=SEQ
// RUN: %if mpi %{ gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=16000})' %s -o %t.auto.mlir 2>/dev/null && %mpirun -n 4 %gspmd-run %t.auto.mlir --check | FileCheck %s --check-prefix=MPI %}

// IR-LABEL: func.func @attention
// IR-SAME: %arg1: tensor<16x8x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}], ["model"], []]>}
// IR-SAME: %arg2: tensor<16x8x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}], ["model"], []]>}
// IR-SAME: %arg3: tensor<16x8x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}], ["model"], []]>}
// IR-SAME: %arg4: tensor<8x8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"model"], [], []]>}
// IR-COUNT-3: linalg.generic {{.*}} attrs =  {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}], ["model"], []]>]
// IR: linalg.generic {{.*}} attrs =  {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"model"], [], []]>]
// IR: linalg.softmax {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"model"], [], []]>]
// IR: linalg.generic {{.*}} attrs =  {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}], ["model"], []]>]
// IR: linalg.generic {{.*}} attrs =  {gspmd.sharding = [#gspmd.replicated]

// BYTES: predicted [[B:[0-9]+]] B per device ({{.*}}), proven optimal; peak {{[0-9]+}} B per device, budget 16000 B
// BYTES: all_reduce on @mesh ["model"] group 4: in tensor<16x16xf32>
// BYTES: total: 1 op, 1 call, sent [[B]] B

// SEQ: predicted [[B:[0-9]+]] B per device ({{.*}}), proven optimal; peak {{[0-9]+}} B per device, budget 35000 B
// SEQ: all_gather on @mesh ["model"] group 4: in tensor<4x16xf32>
// SEQ: total: 1 op, 1 call, sent [[B]] B

// MPI: check: 1 of 1 result PASS

gspmd.mesh @mesh ["model"=4]
#x_sd = affine_map<(s, n, e, d) -> (s, d)>
#w_dne = affine_map<(s, n, e, d) -> (d, n, e)>
#q_sne = affine_map<(s, n, e, d) -> (s, n, e)>
#qs = affine_map<(n, s, t, e) -> (s, n, e)>
#kt = affine_map<(n, s, t, e) -> (t, n, e)>
#sc = affine_map<(n, s, t, e) -> (n, s, t)>
#pv_p = affine_map<(s, n, e, t) -> (n, s, t)>
#pv_v = affine_map<(s, n, e, t) -> (t, n, e)>
#pv_o = affine_map<(s, n, e, t) -> (s, n, e)>
#o_sne = affine_map<(s, d, n, e) -> (s, n, e)>
#wo = affine_map<(s, d, n, e) -> (n, e, d)>
#y_sd = affine_map<(s, d, n, e) -> (s, d)>
func.func @attention(
    %x: tensor<16x16xf32> {gspmd.sharding = #gspmd.replicated},
    %wq: tensor<16x8x8xf32>, %wk: tensor<16x8x8xf32>, %wv: tensor<16x8x8xf32>,
    %wo: tensor<8x8x16xf32>)
    -> (tensor<16x16xf32> {gspmd.sharding = #gspmd.replicated}) {
  %zero = arith.constant 0.0 : f32
  %eq = tensor.empty() : tensor<16x8x8xf32>
  %z3 = linalg.fill ins(%zero : f32) outs(%eq : tensor<16x8x8xf32>) -> tensor<16x8x8xf32>
  %q = linalg.generic {indexing_maps = [#x_sd, #w_dne, #q_sne], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %wq : tensor<16x16xf32>, tensor<16x8x8xf32>) outs(%z3 : tensor<16x8x8xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %c, %m : f32
    linalg.yield %s : f32
  } -> tensor<16x8x8xf32>
  %k = linalg.generic {indexing_maps = [#x_sd, #w_dne, #q_sne], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %wk : tensor<16x16xf32>, tensor<16x8x8xf32>) outs(%z3 : tensor<16x8x8xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %c, %m : f32
    linalg.yield %s : f32
  } -> tensor<16x8x8xf32>
  %v = linalg.generic {indexing_maps = [#x_sd, #w_dne, #q_sne], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %wv : tensor<16x16xf32>, tensor<16x8x8xf32>) outs(%z3 : tensor<16x8x8xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %c, %m : f32
    linalg.yield %s : f32
  } -> tensor<16x8x8xf32>
  %es = tensor.empty() : tensor<8x16x16xf32>
  %zs = linalg.fill ins(%zero : f32) outs(%es : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
  %scores = linalg.generic {indexing_maps = [#qs, #kt, #sc], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<16x8x8xf32>, tensor<16x8x8xf32>) outs(%zs : tensor<8x16x16xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %c, %m : f32
    linalg.yield %s : f32
  } -> tensor<8x16x16xf32>
  %p = linalg.softmax dimension(2) ins(%scores : tensor<8x16x16xf32>) outs(%es : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
  %o = linalg.generic {indexing_maps = [#pv_p, #pv_v, #pv_o], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%p, %v : tensor<8x16x16xf32>, tensor<16x8x8xf32>) outs(%z3 : tensor<16x8x8xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %c, %m : f32
    linalg.yield %s : f32
  } -> tensor<16x8x8xf32>
  %ey = tensor.empty() : tensor<16x16xf32>
  %zy = linalg.fill ins(%zero : f32) outs(%ey : tensor<16x16xf32>) -> tensor<16x16xf32>
  %y = linalg.generic {indexing_maps = [#o_sne, #wo, #y_sd], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%o, %wo : tensor<16x8x8xf32>, tensor<8x8x16xf32>) outs(%zy : tensor<16x16xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %c, %m : f32
    linalg.yield %s : f32
  } -> tensor<16x16xf32>
  return %y : tensor<16x16xf32>
}
