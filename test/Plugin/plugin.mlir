// The dialect and passes load into stock mlir-opt through the plugin.
// RUN: %preload %mlir_opt %s --load-dialect-plugin=%gspmd_plugin --load-pass-plugin=%gspmd_plugin | FileCheck %s
// The printed form parses again in stock mlir-opt, and through the generic form.
// RUN: %preload %mlir_opt %s --load-dialect-plugin=%gspmd_plugin | %preload %mlir_opt --load-dialect-plugin=%gspmd_plugin | FileCheck %s
// RUN: %preload %mlir_opt %s --load-dialect-plugin=%gspmd_plugin -mlir-print-op-generic | %preload %mlir_opt --load-dialect-plugin=%gspmd_plugin | FileCheck %s
// Upstream passes see the op interfaces: cse merges identical collectives.
// RUN: %preload %mlir_opt %s --load-dialect-plugin=%gspmd_plugin -cse | FileCheck %s --check-prefix=CSE
// A plugin pass runs by name and keeps the user's shardings.
// RUN: %preload %mlir_opt %s --load-dialect-plugin=%gspmd_plugin --load-pass-plugin=%gspmd_plugin -p 'builtin.module(gspmd-complete)' | FileCheck %s --check-prefix=PASS

// CHECK:       gspmd.mesh @mesh ["data"=2, "model"=4]
// CHECK-NEXT:  gspmd.mesh @ring ["x"=2, "y"=2] devices = [0, 2, 1, 3]
gspmd.mesh @mesh ["data"=2, "model"=4]
gspmd.mesh @ring ["x"=2, "y"=2] devices = [0, 2, 1, 3]

// CHECK-LABEL: func.func @shardings
// CHECK-SAME:    (%arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>})
// CHECK-SAME:    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>})
// CHECK-NEXT:    %0 = arith.negf %arg0 {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data", "model"], []]>]} : tensor<8x16xf32>
// CHECK-NEXT:    %1 = gspmd.sharding_constraint %0, #gspmd.replicated : tensor<8x16xf32>
// CHECK-NEXT:    %2 = gspmd.sharding_constraint %1, #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]> : tensor<8x16xf32>
// CHECK-NEXT:    return %2 : tensor<8x16xf32>
// PASS-LABEL: func.func @shardings
// PASS-SAME:    (%arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>})
// PASS-SAME:    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>})
// PASS-NEXT:    %0 = arith.negf %arg0 {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data", "model"], []]>]} : tensor<8x16xf32>
// PASS-NEXT:    %1 = gspmd.sharding_constraint %0, #gspmd.replicated {gspmd.sharding = [#gspmd.{{.*}}]} : tensor<8x16xf32>
// PASS-NEXT:    %2 = gspmd.sharding_constraint %1, #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]> {gspmd.sharding = [#gspmd.{{.*}}]} : tensor<8x16xf32>
// PASS-NEXT:    return %2 : tensor<8x16xf32>
func.func @shardings(%arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>}) {
  %0 = arith.negf %arg0 {gspmd.sharding = [#gspmd.tiled<@mesh, [["data", "model"], []]>]} : tensor<8x16xf32>
  %1 = gspmd.sharding_constraint %0, #gspmd.replicated : tensor<8x16xf32>
  %2 = gspmd.sharding_constraint %1, #gspmd.partially_tiled<@mesh, [[], ["model"]]> : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// CHECK-LABEL: func.func @collectives
// CHECK-NEXT:    %0 = gspmd.all_reduce %arg0 on @mesh ["model"] reduce = sum : tensor<8x16xf32>
// CHECK-NEXT:    %1 = gspmd.all_reduce %arg0 on @mesh ["model"] reduce = sum : tensor<8x16xf32>
// CHECK-NEXT:    %2 = gspmd.all_gather %0 on @mesh ["data"] gather_dim = 0 : tensor<8x16xf32> -> tensor<16x16xf32>
// CHECK-NEXT:    %3 = gspmd.reduce_scatter %1 on @mesh ["model"] reduce = max scatter_dim = 1 : tensor<8x16xf32> -> tensor<8x4xf32>
// CHECK-NEXT:    %4 = gspmd.all_to_all %0 on @mesh ["model"] split_dim = 1 concat_dim = 0 : tensor<8x16xf32> -> tensor<32x4xf32>
// CHECK-NEXT:    %5 = gspmd.collective_permute %1 on @ring ["x", "y"] shift = 1 wrap : tensor<8x16xf32>
// CHECK-NEXT:    %6 = gspmd.halo_exchange %5 on @mesh ["data"] dim = 0 halo = [1, 2] size = 16 : tensor<8x16xf32> -> tensor<11x16xf32>
// CHECK-NEXT:    %7 = gspmd.axis_index @mesh ["data", "model"]
// CHECK-NEXT:    %8 = gspmd.partition_id
// CSE-LABEL: func.func @collectives
// CSE-NEXT:    %[[AR:.*]] = gspmd.all_reduce %arg0 on @mesh ["model"] reduce = sum
// CSE-NEXT:    gspmd.all_gather %[[AR]]
// CSE-NEXT:    gspmd.reduce_scatter %[[AR]]
func.func @collectives(%arg0: tensor<8x16xf32>) -> (tensor<16x16xf32>, tensor<8x4xf32>, tensor<32x4xf32>, tensor<11x16xf32>, index, index) {
  %0 = gspmd.all_reduce %arg0 on @mesh ["model"] reduce = sum : tensor<8x16xf32>
  %1 = gspmd.all_reduce %arg0 on @mesh ["model"] reduce = sum : tensor<8x16xf32>
  %2 = gspmd.all_gather %0 on @mesh ["data"] gather_dim = 0 : tensor<8x16xf32> -> tensor<16x16xf32>
  %3 = gspmd.reduce_scatter %1 on @mesh ["model"] reduce = max scatter_dim = 1 : tensor<8x16xf32> -> tensor<8x4xf32>
  %4 = gspmd.all_to_all %0 on @mesh ["model"] split_dim = 1 concat_dim = 0 : tensor<8x16xf32> -> tensor<32x4xf32>
  %5 = gspmd.collective_permute %1 on @ring ["x", "y"] shift = 1 wrap : tensor<8x16xf32>
  %6 = gspmd.halo_exchange %5 on @mesh ["data"] dim = 0 halo = [1, 2] size = 16 : tensor<8x16xf32> -> tensor<11x16xf32>
  %7 = gspmd.axis_index @mesh ["data", "model"]
  %8 = gspmd.partition_id
  return %2, %3, %4, %6, %7, %8 : tensor<16x16xf32>, tensor<8x4xf32>, tensor<32x4xf32>, tensor<11x16xf32>, index, index
}
