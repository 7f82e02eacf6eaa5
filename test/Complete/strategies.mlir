// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete)' | FileCheck %s
// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete)' --verify-diagnostics -o /dev/null

// The canonical parallelism strategies, each from a few annotations: the
// completed program is what the paper and Megatron/ZeRO prescribe. The
// second RUN line checks that none of them needs a conflict resolution or
// meets an op without a rule.

gspmd.mesh @mesh ["data"=8]

// Data parallelism: only the batch is annotated. Every activation is split
// on the batch; the weights stay replicated.
// CHECK-LABEL: func.func @data_parallel_mlp(
// CHECK-SAME:    %arg1: tensor<32x64xf32> {gspmd.sharding = #gspmd.replicated}
// CHECK-SAME:    %arg2: tensor<64x32xf32> {gspmd.sharding = #gspmd.replicated}
// CHECK-SAME:    -> (tensor<16x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], []]>})
// CHECK:       linalg.matmul {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], []]>]}
// CHECK:       arith.maximumf {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], []]>]}
// CHECK:       linalg.matmul {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], []]>]}
func.func @data_parallel_mlp(%x: tensor<16x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], []]>},
                             %w1: tensor<32x64xf32>, %w2: tensor<64x32xf32>) -> tensor<16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<16x64xf32>
  %acc1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<16x64xf32>) -> tensor<16x64xf32>
  %h = linalg.matmul ins(%x, %w1 : tensor<16x32xf32>, tensor<32x64xf32>)
                     outs(%acc1 : tensor<16x64xf32>) -> tensor<16x64xf32>
  %zeros = arith.constant dense<0.0> : tensor<16x64xf32>
  %relu = arith.maximumf %h, %zeros : tensor<16x64xf32>
  %e2 = tensor.empty() : tensor<16x32xf32>
  %acc2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<16x32xf32>) -> tensor<16x32xf32>
  %y = linalg.matmul ins(%relu, %w2 : tensor<16x64xf32>, tensor<64x32xf32>)
                     outs(%acc2 : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %y : tensor<16x32xf32>
}

// -----

gspmd.mesh @mesh ["model"=4]

// Megatron MLP: the first matmul is column-parallel (its result and the
// ReLU are split on the hidden dim), the second row-parallel (it contracts
// the split dim, so its result has no "model" axis: a partial sum that
// partitioning all-reduces). The input stays replicated.
// CHECK-LABEL: func.func @megatron_mlp(
// CHECK-SAME:    %arg0: tensor<16x32xf32> {gspmd.sharding = #gspmd.replicated}
// CHECK-SAME:    -> (tensor<16x32xf32> {gspmd.sharding = #gspmd.replicated})
// CHECK:       linalg.matmul {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}], ["model"]]>]}
// CHECK:       arith.maximumf {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}], ["model"]]>]}
// CHECK:       linalg.matmul {gspmd.sharding = [#gspmd.replicated]}
func.func @megatron_mlp(%x: tensor<16x32xf32>,
                        %w1: tensor<32x64xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["model"]]>},
                        %w2: tensor<64x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["model"], []]>})
    -> tensor<16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<16x64xf32>
  %acc1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<16x64xf32>) -> tensor<16x64xf32>
  %h = linalg.matmul ins(%x, %w1 : tensor<16x32xf32>, tensor<32x64xf32>)
                     outs(%acc1 : tensor<16x64xf32>) -> tensor<16x64xf32>
  %zeros = arith.constant dense<0.0> : tensor<16x64xf32>
  %relu = arith.maximumf %h, %zeros : tensor<16x64xf32>
  %e2 = tensor.empty() : tensor<16x32xf32>
  %acc2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<16x32xf32>) -> tensor<16x32xf32>
  %y = linalg.matmul ins(%relu, %w2 : tensor<16x64xf32>, tensor<64x32xf32>)
                     outs(%acc2 : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %y : tensor<16x32xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// 2-D: data parallelism on "data" and Megatron on "model" at once. The
// activations' [["data"], []] and the weight's [[], ["model"]] merge at the
// first matmul into [["data"], ["model"]] (nested parallelism from separate
// annotations); the row-parallel matmul keeps only "data".
// CHECK-LABEL: func.func @data_and_model_mlp(
// CHECK:       linalg.fill {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
// CHECK:       linalg.matmul {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
// CHECK:       arith.constant {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]} dense<0.000000e+00>
// CHECK:       arith.maximumf {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
// CHECK:       linalg.matmul {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>]}
func.func @data_and_model_mlp(%x: tensor<16x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
                              %w1: tensor<32x64xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>},
                              %w2: tensor<64x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"], []]>})
    -> tensor<16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<16x64xf32>
  %acc1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<16x64xf32>) -> tensor<16x64xf32>
  %h = linalg.matmul ins(%x, %w1 : tensor<16x32xf32>, tensor<32x64xf32>)
                     outs(%acc1 : tensor<16x64xf32>) -> tensor<16x64xf32>
  %zeros = arith.constant dense<0.0> : tensor<16x64xf32>
  %relu = arith.maximumf %h, %zeros : tensor<16x64xf32>
  %e2 = tensor.empty() : tensor<16x32xf32>
  %acc2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<16x32xf32>) -> tensor<16x32xf32>
  %y = linalg.matmul ins(%relu, %w2 : tensor<16x64xf32>, tensor<64x32xf32>)
                     outs(%acc2 : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %y : tensor<16x32xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// 2-D with only the input and one weight annotated: the second weight is
// inferred row-parallel from the ReLU's split hidden dim.
// CHECK-LABEL: func.func @data_and_model_inferred_weight(
// CHECK-SAME:    %arg2: tensor<64x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"model"], []]>}
// CHECK:       linalg.matmul {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}
// CHECK:       linalg.matmul {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>]}
func.func @data_and_model_inferred_weight(%x: tensor<16x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
                                          %w1: tensor<32x64xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>},
                                          %w2: tensor<64x32xf32>) -> tensor<16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<16x64xf32>
  %acc1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<16x64xf32>) -> tensor<16x64xf32>
  %h = linalg.matmul ins(%x, %w1 : tensor<16x32xf32>, tensor<32x64xf32>)
                     outs(%acc1 : tensor<16x64xf32>) -> tensor<16x64xf32>
  %zeros = arith.constant dense<0.0> : tensor<16x64xf32>
  %relu = arith.maximumf %h, %zeros : tensor<16x64xf32>
  %e2 = tensor.empty() : tensor<16x32xf32>
  %acc2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<16x32xf32>) -> tensor<16x32xf32>
  %y = linalg.matmul ins(%relu, %w2 : tensor<16x64xf32>, tensor<64x32xf32>)
                     outs(%acc2 : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %y : tensor<16x32xf32>
}

// -----

gspmd.mesh @mesh ["data"=8]

// ZeRO-3 / FSDP: the batch and the weights are both sharded on "data". The
// weight's split contracting dim loses the axis to the batch (an axis serves
// one factor; the batch comes first), so the weights are gathered before
// use and the activations stay batch-split. The weights keep their
// annotation.
// CHECK-LABEL: func.func @fsdp_mlp(
// CHECK-SAME:    %arg1: tensor<32x64xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], []]>}
// CHECK-SAME:    %arg2: tensor<64x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], []]>}
// CHECK-SAME:    -> (tensor<16x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], []]>})
// CHECK:       linalg.matmul {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], []]>]}
// CHECK:       arith.maximumf {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], []]>]}
// CHECK:       linalg.matmul {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], []]>]}
func.func @fsdp_mlp(%x: tensor<16x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], []]>},
                    %w1: tensor<32x64xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], []]>},
                    %w2: tensor<64x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], []]>})
    -> tensor<16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<16x64xf32>
  %acc1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<16x64xf32>) -> tensor<16x64xf32>
  %h = linalg.matmul ins(%x, %w1 : tensor<16x32xf32>, tensor<32x64xf32>)
                     outs(%acc1 : tensor<16x64xf32>) -> tensor<16x64xf32>
  %zeros = arith.constant dense<0.0> : tensor<16x64xf32>
  %relu = arith.maximumf %h, %zeros : tensor<16x64xf32>
  %e2 = tensor.empty() : tensor<16x32xf32>
  %acc2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<16x32xf32>) -> tensor<16x32xf32>
  %y = linalg.matmul ins(%relu, %w2 : tensor<16x64xf32>, tensor<64x32xf32>)
                     outs(%acc2 : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %y : tensor<16x32xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Spatial partitioning of a CNN: the image's H is split on "model" and the
// batch on "data"; both convolutions and the ReLU between them keep H split
// (halo exchanges at partitioning), the filters stay whole.
// CHECK-LABEL: func.func @spatial_cnn(
// CHECK-SAME:    %arg1: tensor<3x3x4x8xf32> {gspmd.sharding = #gspmd.replicated}
// CHECK-SAME:    %arg2: tensor<3x3x8x8xf32> {gspmd.sharding = #gspmd.replicated}
// CHECK-SAME:    -> (tensor<2x28x28x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"], [], []]>})
// CHECK:       linalg.conv_2d_nhwc_hwcf
// CHECK-SAME:    gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"], [], []]>]
// CHECK:       arith.maximumf {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"], [], []]>]}
// CHECK:       linalg.conv_2d_nhwc_hwcf
// CHECK-SAME:    gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"], [], []]>]
func.func @spatial_cnn(%img: tensor<2x32x32x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"], [], []]>},
                       %f1: tensor<3x3x4x8xf32>, %f2: tensor<3x3x8x8xf32>) -> tensor<2x28x28x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<2x30x30x8xf32>
  %i1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<2x30x30x8xf32>) -> tensor<2x30x30x8xf32>
  %c1 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%img, %f1 : tensor<2x32x32x4xf32>, tensor<3x3x4x8xf32>) outs(%i1 : tensor<2x30x30x8xf32>) -> tensor<2x30x30x8xf32>
  %zeros = arith.constant dense<0.0> : tensor<2x30x30x8xf32>
  %r = arith.maximumf %c1, %zeros : tensor<2x30x30x8xf32>
  %e2 = tensor.empty() : tensor<2x28x28x8xf32>
  %i2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<2x28x28x8xf32>) -> tensor<2x28x28x8xf32>
  %c2 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%r, %f2 : tensor<2x30x30x8xf32>, tensor<3x3x8x8xf32>) outs(%i2 : tensor<2x28x28x8xf32>) -> tensor<2x28x28x8xf32>
  return %c2 : tensor<2x28x28x8xf32>
}
