// 2-D data x model on a 2x4 mesh: a 2-layer MLP (64x128 activations,
// 128x512 and 512x128 weights), nothing annotated, 200000 B per device.
// The plan splits the batch on "data" and the hidden dim Megatron-style on
// "model"; the output is free, so the second matmul's partial sums over
// "model" are combined by one reduce_scatter into a result split over both
// axes (rows on both, or rows on "data" and columns on "model": a tie; 3/4 of
// the 16 KiB shard: 12288 B per device, half of an all_reduce).
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=200000})' %s 2>/dev/null | FileCheck %s --check-prefix=IR
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=200000},gspmd-spmd,gspmd-comm-report)' %s -o /dev/null 2>%t.err >%t.out && cat %t.err %t.out | FileCheck %s --check-prefix=BYTES

// IR-LABEL: func.func @mlp
// IR-SAME: %arg0: tensor<64x128xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>}
// IR-SAME: %arg1: tensor<128x512xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>}
// IR-SAME: %arg2: tensor<512x128xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"model"], []]>}
// IR-SAME: -> (tensor<64x128xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\["data", "model"\], \[\]\]|\[\["data"\], \["model"\]\]}}>}
// IR: linalg.matmul {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
// IR: arith.maximumf {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
// IR: linalg.matmul {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\["data", "model"\], \[\]\]|\[\["data"\], \["model"\]\]}}>]}

// BYTES: predicted [[B:[0-9]+]] B per device ({{.*}}), proven optimal; peak {{[0-9]+}} B per device, budget 200000 B
// BYTES: reduce_scatter on @mesh ["model"] group 4: in tensor<32x128xf32>
// BYTES: total: 1 op, 1 call, sent [[B]] B

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @mlp(%x: tensor<64x128xf32>, %w1: tensor<128x512xf32>, %w2: tensor<512x128xf32>)
    -> tensor<64x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<64x512xf32>
  %acc1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<64x512xf32>) -> tensor<64x512xf32>
  %h = linalg.matmul ins(%x, %w1 : tensor<64x128xf32>, tensor<128x512xf32>)
                     outs(%acc1 : tensor<64x512xf32>) -> tensor<64x512xf32>
  %zeros = arith.constant dense<0.0> : tensor<64x512xf32>
  %relu = arith.maximumf %h, %zeros : tensor<64x512xf32>
  %e2 = tensor.empty() : tensor<64x128xf32>
  %acc2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<64x128xf32>) -> tensor<64x128xf32>
  %y = linalg.matmul ins(%relu, %w2 : tensor<64x512xf32>, tensor<512x128xf32>)
                     outs(%acc2 : tensor<64x128xf32>) -> tensor<64x128xf32>
  return %y : tensor<64x128xf32>
}
