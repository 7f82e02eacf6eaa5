// The global form: the unpartitioned program with the user's shardings as
// Shardy (sdy.mesh with the device order, sdy.sharding on arguments and
// results, unannotated ones replicated, sharding constraints and annotated
// ops as sdy.sharding_constraint), or with shardings=hlo as mhlo.sharding
// strings and @Sharding custom calls.
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-export-stablehlo{form=global})' %s -o /dev/null | FileCheck %s --check-prefix=SDY
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-export-stablehlo{form=global shardings=hlo})' %s -o /dev/null | FileCheck %s --check-prefix=HLO

// SDY: sdy.mesh @mesh = <["x"=2, "y"=2], device_ids=[0, 2, 1, 3]>
// HLO-NOT: sdy.mesh
gspmd.mesh @mesh ["x"=2, "y"=2] devices = [0, 2, 1, 3]

// SDY-LABEL: func.func public @main
// SDY-SAME: %v0: tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}
// SDY-SAME: %v1: tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}
// SDY-SAME: -> (tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>})
// HLO-LABEL: func.func public @main
// HLO-SAME: {mhlo.sharding = "{devices=[4,1]<=[2,2]T(1,0)}"}
// HLO-SAME: {mhlo.sharding = "{replicated}"}
func.func @main(%a: tensor<8x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
                %b: tensor<8x6xf32>)
    -> (tensor<8x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>}) {
  // SDY: "stablehlo.add"
  // SDY-NEXT: "sdy.sharding_constraint"({{.*}}) {sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}
  // HLO: "stablehlo.add"
  // HLO-NEXT: "stablehlo.custom_call"({{.*}}) {call_target_name = "Sharding", mhlo.sharding = "{devices=[2,1,2]
  %0 = arith.addf %a, %b {gspmd.sharding = [#gspmd.partially_tiled<@mesh, [["x"], []]>]} : tensor<8x6xf32>
  // SDY: "sdy.sharding_constraint"({{.*}}) {sharding = #sdy.sharding<@mesh, [{}, {"x", "y"}]>}
  %1 = gspmd.sharding_constraint %0, #gspmd.tiled<@mesh, [[], ["x", "y"]]> : tensor<8x6xf32>
  %2 = math.exp %1 : tensor<8x6xf32>
  return %2 : tensor<8x6xf32>
}
