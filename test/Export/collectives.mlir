// The SPMD form: collectives with replica groups / source-target pairs of
// partition ids from the mesh, its device order and the axes, a fresh
// channel handle each, use_global_device_ids on all_reduce / all_gather /
// reduce_scatter; axis_index from a table indexed by partition_id.
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-export-stablehlo)' %s -o /dev/null | FileCheck %s

// CHECK: module @gspmd attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32}
gspmd.mesh @mesh ["x"=2, "y"=2] devices = [0, 2, 1, 3]

// CHECK-LABEL: func.func public @main
func.func @main(%a: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<8x8xf32>, tensor<4x4xf32>, tensor<8x4xf32>, tensor<4x8xf32>, index) {
  // Groups over y: positions (x, 0) and (x, 1), devices from the list.
  // CHECK: "stablehlo.all_reduce"
  // CHECK: replica_groups = dense<{{\[\[}}0, 2], [1, 3]]> : tensor<2x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids
  %0 = gspmd.all_reduce %a on @mesh ["y"] reduce = sum : tensor<4x8xf32>
  // CHECK: "stablehlo.all_gather"({{.*}}) {all_gather_dim = 0 : i64, replica_groups = dense<{{\[\[}}0, 1], [2, 3]]> : tensor<2x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, use_global_device_ids}
  %1 = gspmd.all_gather %a on @mesh ["x"] gather_dim = 0 : tensor<4x8xf32> -> tensor<8x8xf32>
  // CHECK: "stablehlo.reduce_scatter"
  // CHECK: scatter_dimension = 1 : i64
  %2 = gspmd.reduce_scatter %a on @mesh ["x"] reduce = sum scatter_dim = 1 : tensor<4x8xf32> -> tensor<4x4xf32>
  // CHECK: "stablehlo.all_to_all"({{.*}}) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<{{\[\[}}0, 2], [1, 3]]>
  %3 = gspmd.all_to_all %a on @mesh ["y"] split_dim = 1 concat_dim = 0 : tensor<4x8xf32> -> tensor<8x4xf32>
  // Shift by one along x without wrap: only position 0 sends.
  // CHECK: "stablehlo.collective_permute"({{.*}}) {source_target_pairs = dense<{{\[\[}}0, 1], [2, 3]]> : tensor<2x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>}
  %4 = gspmd.collective_permute %a on @mesh ["x"] shift = 1 : tensor<4x8xf32>
  // axis_index over x for partitions 0..3 (device 1 is at position (1, 0)).
  // CHECK: "stablehlo.constant"() {value = dense<[0, 1, 0, 1]> : tensor<4xi64>}
  // CHECK: "stablehlo.partition_id"()
  // CHECK: "stablehlo.dynamic_slice"
  %5 = gspmd.axis_index @mesh ["x"]
  return %0, %1, %2, %3, %4, %5 : tensor<4x8xf32>, tensor<8x8xf32>, tensor<4x4xf32>, tensor<8x4xf32>, tensor<4x8xf32>, index
}
