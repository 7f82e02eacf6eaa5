// RUN: gspmd-opt %s | FileCheck %s
// RUN: gspmd-opt %s | gspmd-opt | FileCheck %s

// gspmd.manual_computation round-trips; body types are the manual shards of
// the global types (uneven dims padded to the ceil shard size).

gspmd.mesh @mesh ["data"=4, "model"=2]

// CHECK-LABEL: func.func @full
// CHECK: gspmd.manual_computation(%{{.*}}) on @mesh manual_axes = ["data", "model"]
// CHECK-SAME: in_shardings = [#gspmd.tiled<@mesh, {{\[\["data"\], \["model"\]\]}}>]
// CHECK-SAME: out_shardings = [#gspmd.partially_tiled<@mesh, {{\[\[\], \["model"\]\]}}>]
// CHECK: ^bb0(%{{.*}}: tensor<2x8xf32>):
// CHECK: gspmd.all_reduce {{.*}} on @mesh ["data"] reduce = sum
// CHECK: gspmd.manual_yield %{{.*}} : tensor<2x8xf32>
// CHECK: } : (tensor<8x16xf32>) -> tensor<2x16xf32>
func.func @full(%x: tensor<8x16xf32>) -> tensor<2x16xf32> {
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["data", "model"]
      in_shardings = [#gspmd.tiled<@mesh, [["data"], ["model"]]>]
      out_shardings = [#gspmd.partially_tiled<@mesh, [[], ["model"]]>] {
  ^bb0(%lx: tensor<2x8xf32>):
    %s = gspmd.all_reduce %lx on @mesh ["data"] reduce = sum : tensor<2x8xf32>
    gspmd.manual_yield %s : tensor<2x8xf32>
  } : (tensor<8x16xf32>) -> tensor<2x16xf32>
  return %r : tensor<2x16xf32>
}

// CHECK-LABEL: func.func @partial_uneven
// CHECK: manual_axes = ["data"]
// CHECK: ^bb0(%{{.*}}: tensor<2x16xf32>, %{{.*}}: tensor<16x5xf32>):
// CHECK: } : (tensor<7x16xf32>, tensor<16x5xf32>) -> (tensor<7x5xf32>, tensor<16x5xf32>)
func.func @partial_uneven(%x: tensor<7x16xf32>, %w: tensor<16x5xf32>)
    -> (tensor<7x5xf32>, tensor<16x5xf32>) {
  %r:2 = gspmd.manual_computation(%x, %w) on @mesh manual_axes = ["data"]
      in_shardings = [#gspmd.tiled<@mesh, [["data"], ["model"]]>,
                      #gspmd.partially_tiled<@mesh, [[], ["model"]]>]
      out_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>,
                       #gspmd.replicated] {
  ^bb0(%lx: tensor<2x16xf32>, %lw: tensor<16x5xf32>):
    %i = gspmd.axis_index @mesh ["data"]
    %z = tensor.empty() : tensor<2x5xf32>
    %m = linalg.matmul ins(%lx, %lw : tensor<2x16xf32>, tensor<16x5xf32>)
        outs(%z : tensor<2x5xf32>) -> tensor<2x5xf32>
    gspmd.manual_yield %m, %lw : tensor<2x5xf32>, tensor<16x5xf32>
  } : (tensor<7x16xf32>, tensor<16x5xf32>) -> (tensor<7x5xf32>, tensor<16x5xf32>)
  return %r#0, %r#1 : tensor<7x5xf32>, tensor<16x5xf32>
}
