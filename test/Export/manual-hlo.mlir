// gspmd.manual_computation over every axis with shardings=hlo: GSPMD's own
// form. Each operand is padded (uneven manual dims), constrained to its
// in_sharding (@Sharding) and cut to the device's shard
// (@SPMDFullToShardShape, {manual}); the body follows inline with its
// collectives on partition ids; each yielded value goes back through
// @Sharding {manual} and @SPMDShardToFullShape to its out_sharding, then is
// sliced to its global type. (Partially manual regions: sdy only,
// test/Export/manual.mlir.)
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-export-stablehlo{form=global shardings=hlo})' %s -o /dev/null | FileCheck %s

gspmd.mesh @mesh ["x"=8]

// CHECK-LABEL: func.func public @main
// CHECK: %[[P:.*]] = "stablehlo.pad"({{.*}}) -> tensor<16x5xf32>
// CHECK: %[[S:.*]] = "stablehlo.custom_call"(%[[P]]) {call_target_name = "Sharding", mhlo.sharding = "{devices=[8,1]<=[8]}"} : (tensor<16x5xf32>) -> tensor<16x5xf32>
// CHECK: %[[L:.*]] = "stablehlo.custom_call"(%[[S]]) {call_target_name = "SPMDFullToShardShape", mhlo.sharding = "{manual}"} : (tensor<16x5xf32>) -> tensor<2x5xf32>
// CHECK: %[[C:.*]] = "stablehlo.collective_permute"(%[[L]])
// CHECK-SAME: source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7]]>
// CHECK: %[[M:.*]] = "stablehlo.custom_call"(%[[C]]) {call_target_name = "Sharding", mhlo.sharding = "{manual}"} : (tensor<2x5xf32>) -> tensor<2x5xf32>
// CHECK: %[[F:.*]] = "stablehlo.custom_call"(%[[M]]) {call_target_name = "SPMDShardToFullShape", mhlo.sharding = "{devices=[8,1]<=[8]}"} : (tensor<2x5xf32>) -> tensor<16x5xf32>
// CHECK: "stablehlo.slice"(%[[F]]) {{.*}} -> tensor<13x5xf32>
func.func @main(%x: tensor<13x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>}) -> tensor<13x5xf32> {
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["x"]
      in_shardings = [#gspmd.tiled<@mesh, [["x"], []]>]
      out_shardings = [#gspmd.tiled<@mesh, [["x"], []]>] {
  ^bb0(%l: tensor<2x5xf32>):
    %p = gspmd.collective_permute %l on @mesh ["x"] shift = 1 : tensor<2x5xf32>
    gspmd.manual_yield %p : tensor<2x5xf32>
  } : (tensor<13x5xf32>) -> tensor<13x5xf32>
  return %r : tensor<13x5xf32>
}
