// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-lower-to-mpi)' | FileCheck %s
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-lower-to-mpi)' | FileCheck %s --check-prefix=CLEAN

// Every collective becomes: the input's buffer (read only, any layout), a
// fresh output buffer, one call of the runtime's C interface with the mesh
// id, the axes list (a constant global) and the op's integers, and the
// output as a restrict tensor. Runtime functions are declared once; the
// function registers its mesh on entry; meshes and gspmd attributes are gone.
// The result is not writable (no in-place update of a buffer a later
// collective may read through a folded to_buffer).

gspmd.mesh @mesh ["data"=2, "model"=4]

// CLEAN: module
// CLEAN-NOT: gspmd.
// CHECK-DAG: memref.global "private" constant @[[MODEL:.*]] : memref<1xi64> = dense<1>
// CHECK-DAG: memref.global "private" constant @[[DATA:.*]] : memref<1xi64> = dense<0>
// CHECK-DAG: memref.global "private" constant @[[DM:.*]] : memref<2xi64> = dense<[0, 1]>
// CHECK-DAG: memref.global "private" constant @[[MD:.*]] : memref<2xi64> = dense<[1, 0]>
// CHECK-DAG: memref.global "private" constant @[[SIZES:.*]] : memref<2xi64> = dense<[2, 4]>
// CHECK-DAG: memref.global "private" constant @[[NODEV:.*]] : memref<0xi64> = dense<>
// CHECK-DAG: func.func private @gspmd_mlir_all_reduce_f32(i64, memref<*xi64>, i64, memref<*xf32>, memref<*xf32>) attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @gspmd_mlir_all_gather_f32(i64, memref<*xi64>, i64, memref<*xf32>, memref<*xf32>) attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @gspmd_mlir_reduce_scatter_f32(i64, memref<*xi64>, i64, i64, memref<*xf32>, memref<*xf32>) attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @gspmd_mlir_all_to_all_f32(i64, memref<*xi64>, i64, i64, memref<*xf32>, memref<*xf32>) attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @gspmd_mlir_collective_permute_f32(i64, memref<*xi64>, i64, i64, memref<*xf32>, memref<*xf32>) attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @gspmd_mlir_collective_permute_axes_f32(i64, memref<*xi64>, memref<*xi64>, memref<*xf32>, memref<*xf32>) attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @gspmd_mlir_register_mesh(i64, memref<*xi64>, memref<*xi64>) attributes {llvm.emit_c_interface}

// CHECK-LABEL: func.func @collectives(
// CHECK-SAME: %[[X:.*]]: tensor<8x16xf32>) -> tensor<8x8xf32> {
// The mesh (id 0: its index among the module's meshes) is registered first.
// CHECK: %[[ID:.*]] = arith.constant 0 : i64
// CHECK: %[[S:.*]] = memref.get_global @[[SIZES]] : memref<2xi64>
// CHECK: %[[SU:.*]] = memref.cast %[[S]] : memref<2xi64> to memref<*xi64>
// CHECK: %[[D:.*]] = memref.get_global @[[NODEV]] : memref<0xi64>
// CHECK: %[[DU:.*]] = memref.cast %[[D]] : memref<0xi64> to memref<*xi64>
// CHECK: call @gspmd_mlir_register_mesh(%[[ID]], %[[SU]], %[[DU]])

// all_reduce: (mesh, axes, kind = sum 0, in, out)
// CHECK: %[[M0:.*]] = arith.constant 0 : i64
// CHECK: %[[AX0:.*]] = memref.get_global @[[MODEL]] : memref<1xi64>
// CHECK: %[[AXU0:.*]] = memref.cast %[[AX0]] : memref<1xi64> to memref<*xi64>
// CHECK: %[[K0:.*]] = arith.constant 0 : i64
// CHECK: %[[IN0:.*]] = bufferization.to_buffer %[[X]] read_only : tensor<8x16xf32> to memref<8x16xf32, strided<[?, ?], offset: ?>>
// CHECK: %[[INU0:.*]] = memref.cast %[[IN0]] : memref<8x16xf32, strided<[?, ?], offset: ?>> to memref<*xf32>
// CHECK: %[[OUT0:.*]] = memref.alloc() : memref<8x16xf32>
// CHECK: %[[OUTU0:.*]] = memref.cast %[[OUT0]] : memref<8x16xf32> to memref<*xf32>
// CHECK: call @gspmd_mlir_all_reduce_f32(%[[M0]], %[[AXU0]], %[[K0]], %[[INU0]], %[[OUTU0]]) : (i64, memref<*xi64>, i64, memref<*xf32>, memref<*xf32>) -> ()
// CHECK: %[[R0:.*]] = bufferization.to_tensor %[[OUT0]] restrict : memref<8x16xf32> to tensor<8x16xf32>
//
// all_gather: (mesh, axes, gather_dim, in, out)
// CHECK: memref.get_global @[[DATA]]
// CHECK: %[[GD:.*]] = arith.constant 0 : i64
// CHECK: bufferization.to_buffer %[[R0]] read_only
// CHECK: %[[OUT1:.*]] = memref.alloc() : memref<16x16xf32>
// CHECK: call @gspmd_mlir_all_gather_f32(%{{.*}}, %{{.*}}, %[[GD]], %{{.*}}, %{{.*}})
// CHECK: %[[R1:.*]] = bufferization.to_tensor %[[OUT1]] restrict : memref<16x16xf32> to tensor<16x16xf32>
//
// reduce_scatter: (mesh, axes, kind = max 1, scatter_dim 1, in, out)
// CHECK: memref.get_global @[[MODEL]]
// CHECK: %[[KIND:.*]] = arith.constant 1 : i64
// CHECK: %[[SD:.*]] = arith.constant 1 : i64
// CHECK: bufferization.to_buffer %[[R1]] read_only
// CHECK: %[[OUT2:.*]] = memref.alloc() : memref<16x4xf32>
// CHECK: call @gspmd_mlir_reduce_scatter_f32(%{{.*}}, %{{.*}}, %[[KIND]], %[[SD]], %{{.*}}, %{{.*}})
// CHECK: %[[R2:.*]] = bufferization.to_tensor %[[OUT2]] restrict
//
// all_to_all: (mesh, axes, split_dim 0, concat_dim 1, in, out)
// CHECK: memref.get_global @[[DATA]]
// CHECK: %[[SPL:.*]] = arith.constant 0 : i64
// CHECK: %[[CAT:.*]] = arith.constant 1 : i64
// CHECK: bufferization.to_buffer %[[R2]] read_only
// CHECK: %[[OUT3:.*]] = memref.alloc() : memref<8x8xf32>
// CHECK: call @gspmd_mlir_all_to_all_f32(%{{.*}}, %{{.*}}, %[[SPL]], %[[CAT]], %{{.*}}, %{{.*}})
// CHECK: %[[R3:.*]] = bufferization.to_tensor %[[OUT3]] restrict
//
// collective_permute shift = -1 wrap: (mesh, axes, shift, wrap 1, in, out)
// CHECK: memref.get_global @[[MODEL]]
// CHECK: %[[SH:.*]] = arith.constant -1 : i64
// CHECK: %[[WR:.*]] = arith.constant 1 : i64
// CHECK: bufferization.to_buffer %[[X]] read_only
// CHECK: call @gspmd_mlir_collective_permute_f32(%{{.*}}, %{{.*}}, %[[SH]], %[[WR]], %{{.*}}, %{{.*}})
// CHECK: %[[R4:.*]] = bufferization.to_tensor
//
// collective_permute shift = 2 (no wrap)
// CHECK: %[[SH2:.*]] = arith.constant 2 : i64
// CHECK: %[[NOWR:.*]] = arith.constant 0 : i64
// CHECK: call @gspmd_mlir_collective_permute_f32(%{{.*}}, %{{.*}}, %[[SH2]], %[[NOWR]], %{{.*}}, %{{.*}})
// CHECK: %[[R5:.*]] = bufferization.to_tensor
//
// collective_permute to [axes]: (mesh, axes, target axes, in, out)
// CHECK: %[[A:.*]] = memref.get_global @[[DM]] : memref<2xi64>
// CHECK: %[[AU:.*]] = memref.cast %[[A]]
// CHECK: %[[T:.*]] = memref.get_global @[[MD]] : memref<2xi64>
// CHECK: %[[TU:.*]] = memref.cast %[[T]]
// CHECK: bufferization.to_buffer %[[R5]] read_only
// CHECK: call @gspmd_mlir_collective_permute_axes_f32(%{{.*}}, %[[AU]], %[[TU]], %{{.*}}, %{{.*}})
// CHECK: %[[R6:.*]] = bufferization.to_tensor
// CHECK: return %[[R3]]
func.func @collectives(%x: tensor<8x16xf32>) -> tensor<8x8xf32> {
  %a = gspmd.all_reduce %x on @mesh ["model"] reduce = sum : tensor<8x16xf32>
  %b = gspmd.all_gather %a on @mesh ["data"] gather_dim = 0 : tensor<8x16xf32> -> tensor<16x16xf32>
  %c = gspmd.reduce_scatter %b on @mesh ["model"] reduce = max scatter_dim = 1 : tensor<16x16xf32> -> tensor<16x4xf32>
  %d = gspmd.all_to_all %c on @mesh ["data"] split_dim = 0 concat_dim = 1 : tensor<16x4xf32> -> tensor<8x8xf32>
  %e = gspmd.collective_permute %x on @mesh ["model"] shift = -1 wrap : tensor<8x16xf32>
  %f = gspmd.collective_permute %e on @mesh ["model"] shift = 2 : tensor<8x16xf32>
  %g = gspmd.collective_permute %f on @mesh ["data", "model"] to ["model", "data"] : tensor<8x16xf32>
  return %d : tensor<8x8xf32>
}

// A function without collectives registers nothing.
// CHECK-LABEL: func.func @local(
// CHECK-NOT: call
// CHECK: return
func.func @local(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
