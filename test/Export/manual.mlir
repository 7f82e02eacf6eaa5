// gspmd.manual_computation in the global form: sdy.manual_computation with
// the region's in / out shardings (replicated ones on the region's mesh) and
// its manual axes in mesh order; the body as written, its collectives with
// partition-id groups over the whole mesh (as in the SPMD form); axis_index
// in a partially manual body inside a nested sdy.manual_computation over the
// free axes (partition_id means something only where every axis is manual);
// uneven manual dims padded at the end with poison (NaN) to the manual count
// times the body's ceil shard and the results sliced back.
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-export-stablehlo{form=global})' %s -o /dev/null | FileCheck %s
// RUN: not gspmd-opt --pass-pipeline='builtin.module(gspmd-export-stablehlo{form=global shardings=hlo})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=HLO
// HLO: error: stablehlo export: a partially manual region has no mapping with shardings=hlo (use shardings=sdy)

gspmd.mesh @mesh ["data"=2, "model"=4]

// CHECK-LABEL: func.func public @main
// CHECK: "sdy.manual_computation"(%v0, %v1) ({
// CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<3x8xf32>, %[[W:.*]]: tensor<8x6xf32>):
// CHECK: "stablehlo.dot_general"(%[[X]], %[[W]])
// CHECK: "stablehlo.all_reduce"
// CHECK: replica_groups = dense<{{\[\[}}0, 4], [1, 5], [2, 6], [3, 7]]> : tensor<4x2xi64>
// CHECK-SAME: use_global_device_ids
// The coordinate over "data" from a nested region manual over "model".
// CHECK: "sdy.manual_computation"() ({
// CHECK: "stablehlo.constant"() {value = dense<[0, 0, 0, 0, 1, 1, 1, 1]> : tensor<8xi64>}
// CHECK: "stablehlo.partition_id"
// CHECK: "sdy.return"
// CHECK-NEXT: }) {in_shardings = #sdy.sharding_per_value<[]>, manual_axes = #sdy<manual_axes{"model"}>, out_shardings = #sdy.sharding_per_value<[<@mesh, []>]>} : () -> tensor<i64>
// CHECK: "sdy.return"
// CHECK-NEXT: }) {in_shardings = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}]>, <@mesh, [{}, {"model"}]>]>, manual_axes = #sdy<manual_axes{"data"}>, out_shardings = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>, <@mesh, [{}, {}]>]>} : (tensor<6x8xf32>, tensor<8x6xf32>) -> (tensor<6x6xf32>, tensor<1x6xf32>)
func.func @main(%x: tensor<6x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
                %w: tensor<8x6xf32>) -> (tensor<6x6xf32>, tensor<1x6xf32>) {
  %r:2 = gspmd.manual_computation(%x, %w) on @mesh manual_axes = ["data"]
      in_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>,
                      #gspmd.partially_tiled<@mesh, [[], ["model"]]>]
      out_shardings = [#gspmd.tiled<@mesh, [["data"], ["model"]]>, #gspmd.replicated] {
  ^bb0(%lx: tensor<3x8xf32>, %lw: tensor<8x6xf32>):
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<3x6xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<3x6xf32>) -> tensor<3x6xf32>
    %h = linalg.matmul ins(%lx, %lw : tensor<3x8xf32>, tensor<8x6xf32>)
        outs(%f : tensor<3x6xf32>) -> tensor<3x6xf32>
    %s = tensor.extract_slice %h[0, 0] [1, 6] [1, 1] : tensor<3x6xf32> to tensor<1x6xf32>
    %g = gspmd.all_reduce %s on @mesh ["data"] reduce = sum : tensor<1x6xf32>
    %k = gspmd.axis_index @mesh ["data"]
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    %kt = tensor.splat %kf : tensor<1x6xf32>
    %t = arith.addf %g, %kt : tensor<1x6xf32>
    gspmd.manual_yield %h, %t : tensor<3x6xf32>, tensor<1x6xf32>
  } : (tensor<6x8xf32>, tensor<8x6xf32>) -> (tensor<6x6xf32>, tensor<1x6xf32>)
  return %r#0, %r#1 : tensor<6x6xf32>, tensor<1x6xf32>
}

// Every axis manual, 13 rows over 8 devices (shards of 2): padded to 16 rows
// with NaN, the ring's permute on the partition ids, sliced back to 13.
// CHECK-LABEL: func.func private @uneven
// CHECK: %[[NAN:.*]] = "stablehlo.constant"() {value = dense<0x7FC00000> : tensor<f32>}
// CHECK: %[[P:.*]] = "stablehlo.pad"(%v{{[0-9]+}}, %{{.*}}) {edge_padding_low = array<i64: 0, 0>, edge_padding_high = array<i64: 3, 0>, interior_padding = array<i64: 0, 0>} : (tensor<13x5xf32>, tensor<f32>) -> tensor<16x5xf32>
// CHECK: "sdy.manual_computation"(%[[P]]) ({
// CHECK-NEXT: ^bb0(%{{.*}}: tensor<2x5xf32>):
// CHECK: "stablehlo.collective_permute"
// CHECK-SAME: source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]>
// CHECK: manual_axes = #sdy<manual_axes{"data", "model"}>
// CHECK-SAME: (tensor<16x5xf32>) -> (tensor<16x5xf32>)
// CHECK-NEXT: "stablehlo.slice"
// CHECK-SAME: limit_indices = array<i64: 13, 5>
func.func private @uneven(%x: tensor<13x5xf32>) -> tensor<13x5xf32> {
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["model", "data"]
      in_shardings = [#gspmd.tiled<@mesh, [["data", "model"], []]>]
      out_shardings = [#gspmd.tiled<@mesh, [["data", "model"], []]>] {
  ^bb0(%l: tensor<2x5xf32>):
    %p = gspmd.collective_permute %l on @mesh ["data", "model"] shift = 1 wrap : tensor<2x5xf32>
    gspmd.manual_yield %p : tensor<2x5xf32>
  } : (tensor<13x5xf32>) -> tensor<13x5xf32>
  return %r : tensor<13x5xf32>
}
