// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-lower-to-mpi)' | FileCheck %s

// axis_index and partition_id are runtime calls returning i64; the
// sharding constraint is an identity; every mesh is registered (id = its
// position among the module's meshes, devices list included) by each function
// that uses it, and then erased with every gspmd attribute (function argument
// and result attributes, discardable op attributes).

gspmd.mesh @a ["x"=2, "y"=2]
gspmd.mesh @ring ["x"=2, "y"=2] devices = [0, 2, 1, 3]

// CHECK-NOT: gspmd.mesh
// CHECK-DAG: memref.global "private" constant @[[SIZES:.*]] : memref<2xi64> = dense<2>
// CHECK-DAG: memref.global "private" constant @[[DEVS:.*]] : memref<4xi64> = dense<[0, 2, 1, 3]>
// CHECK-DAG: memref.global "private" constant @[[YX:.*]] : memref<2xi64> = dense<[1, 0]>
// CHECK-DAG: func.func private @gspmd_mlir_axis_index(i64, memref<*xi64>) -> i64 attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @gspmd_mlir_partition_id() -> i64 attributes {llvm.emit_c_interface}

// CHECK-LABEL: func.func @indices(
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x4xf32>) -> (tensor<2x4xf32>, index, index) {
// CHECK: %[[ID:.*]] = arith.constant 1 : i64
// CHECK: %[[S:.*]] = memref.get_global @[[SIZES]]
// CHECK: %[[SU:.*]] = memref.cast %[[S]]
// CHECK: %[[D:.*]] = memref.get_global @[[DEVS]]
// CHECK: %[[DU:.*]] = memref.cast %[[D]]
// CHECK: call @gspmd_mlir_register_mesh(%[[ID]], %[[SU]], %[[DU]])
// CHECK: %[[M:.*]] = arith.constant 1 : i64
// CHECK: %[[AX:.*]] = memref.get_global @[[YX]]
// CHECK: %[[AXU:.*]] = memref.cast %[[AX]]
// CHECK: %[[I:.*]] = call @gspmd_mlir_axis_index(%[[M]], %[[AXU]]) : (i64, memref<*xi64>) -> i64
// CHECK: %[[II:.*]] = arith.index_cast %[[I]] : i64 to index
// CHECK: %[[P:.*]] = call @gspmd_mlir_partition_id() : () -> i64
// CHECK: %[[PI:.*]] = arith.index_cast %[[P]] : i64 to index
// CHECK: %[[ADD:.*]] = arith.addf %[[X]], %[[X]] : tensor<2x4xf32>
// CHECK-NOT: gspmd
// CHECK: return %[[ADD]], %[[II]], %[[PI]]
func.func @indices(%x: tensor<2x4xf32> {gspmd.sharding = #gspmd.tiled<@ring, [["x"], ["y"]]>, gspmd.global_type = tensor<4x8xf32>})
    -> (tensor<2x4xf32> {gspmd.sharding = #gspmd.tiled<@ring, [["x"], ["y"]]>, gspmd.global_type = tensor<4x8xf32>}, index, index) {
  %i = gspmd.axis_index @ring ["y", "x"]
  %p = gspmd.partition_id
  %c = gspmd.sharding_constraint %x, #gspmd.tiled<@ring, [["x"], ["y"]]> : tensor<2x4xf32>
  %s = arith.addf %c, %c {gspmd.sharding = [#gspmd.tiled<@ring, [["x"], ["y"]]>]} : tensor<2x4xf32>
  return %s, %i, %p : tensor<2x4xf32>, index, index
}

// Other argument attributes survive; a function using no mesh registers none.
// CHECK-LABEL: func.func @keep(
// CHECK-SAME: {llvm.noalias}
// CHECK-NOT: register_mesh
// CHECK: call @gspmd_mlir_partition_id
func.func @keep(%x: tensor<4xf32> {llvm.noalias, gspmd.sharding = #gspmd.replicated}) -> index {
  %p = gspmd.partition_id
  return %p : index
}
