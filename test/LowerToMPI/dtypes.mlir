// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-lower-to-mpi)' | FileCheck %s

// One runtime entry point per element type (the suffix), passed as unranked
// memrefs of that type; 16-bit floats and i1 included. Each is declared once
// however often it is called.

gspmd.mesh @mesh ["x"=2]

// CHECK-DAG: func.func private @gspmd_mlir_all_reduce_f32(i64, memref<*xi64>, i64, memref<*xf32>, memref<*xf32>)
// CHECK-DAG: func.func private @gspmd_mlir_all_reduce_f64(i64, memref<*xi64>, i64, memref<*xf64>, memref<*xf64>)
// CHECK-DAG: func.func private @gspmd_mlir_all_reduce_f16(i64, memref<*xi64>, i64, memref<*xf16>, memref<*xf16>)
// CHECK-DAG: func.func private @gspmd_mlir_all_reduce_bf16(i64, memref<*xi64>, i64, memref<*xbf16>, memref<*xbf16>)
// CHECK-DAG: func.func private @gspmd_mlir_all_reduce_i1(i64, memref<*xi64>, i64, memref<*xi1>, memref<*xi1>)
// CHECK-DAG: func.func private @gspmd_mlir_all_reduce_i8(i64, memref<*xi64>, i64, memref<*xi8>, memref<*xi8>)
// CHECK-DAG: func.func private @gspmd_mlir_all_reduce_i32(i64, memref<*xi64>, i64, memref<*xi32>, memref<*xi32>)
// CHECK-DAG: func.func private @gspmd_mlir_all_reduce_i64(i64, memref<*xi64>, i64, memref<*xi64>, memref<*xi64>)
// CHECK-DAG: func.func private @gspmd_mlir_all_gather_bf16(
// CHECK-DAG: func.func private @gspmd_mlir_reduce_scatter_i8(
// CHECK-DAG: func.func private @gspmd_mlir_all_to_all_i1(
// CHECK-DAG: func.func private @gspmd_mlir_collective_permute_f16(
// CHECK-DAG: func.func private @gspmd_mlir_collective_permute_axes_i64(

// CHECK-LABEL: func.func @dtypes
// CHECK: call @gspmd_mlir_register_mesh
// Reduction kinds: sum 0, max 1, min 2, prod 3.
// CHECK: memref.cast %{{.*}} : memref<1xi64> to memref<*xi64>
// CHECK-NEXT: %[[SUM:.*]] = arith.constant 0 : i64
// CHECK-NEXT: bufferization.to_buffer %{{.*}} read_only : tensor<4xf32>
// CHECK: call @gspmd_mlir_all_reduce_f32(%{{.*}}, %{{.*}}, %[[SUM]],
// CHECK: memref.cast %{{.*}} : memref<1xi64> to memref<*xi64>
// CHECK-NEXT: %[[MAX:.*]] = arith.constant 1 : i64
// CHECK-NEXT: bufferization.to_buffer %{{.*}} read_only : tensor<4xf64>
// CHECK: call @gspmd_mlir_all_reduce_f64(%{{.*}}, %{{.*}}, %[[MAX]],
// CHECK: memref.cast %{{.*}} : memref<1xi64> to memref<*xi64>
// CHECK-NEXT: %[[MIN:.*]] = arith.constant 2 : i64
// CHECK-NEXT: bufferization.to_buffer %{{.*}} read_only : tensor<4xf16>
// CHECK: call @gspmd_mlir_all_reduce_f16(%{{.*}}, %{{.*}}, %[[MIN]],
// CHECK: memref.cast %{{.*}} : memref<1xi64> to memref<*xi64>
// CHECK-NEXT: %[[PROD:.*]] = arith.constant 3 : i64
// CHECK-NEXT: bufferization.to_buffer %{{.*}} read_only : tensor<4xbf16>
// CHECK: call @gspmd_mlir_all_reduce_bf16(%{{.*}}, %{{.*}}, %[[PROD]],
// CHECK: call @gspmd_mlir_all_reduce_i1(
// CHECK: call @gspmd_mlir_all_reduce_i8(
// CHECK: call @gspmd_mlir_all_reduce_i32(
// CHECK: call @gspmd_mlir_all_reduce_i64(
// CHECK: call @gspmd_mlir_all_reduce_f32(
// CHECK: bufferization.to_buffer %{{.*}} read_only : tensor<4xbf16> to memref<4xbf16, strided<[?], offset: ?>>
// CHECK: memref.alloc() : memref<8xbf16>
// CHECK: call @gspmd_mlir_all_gather_bf16(
// CHECK: call @gspmd_mlir_reduce_scatter_i8(
// CHECK: call @gspmd_mlir_all_to_all_i1(
// CHECK: call @gspmd_mlir_collective_permute_f16(
// CHECK: call @gspmd_mlir_collective_permute_axes_i64(
func.func @dtypes(%f32: tensor<4xf32>, %f64: tensor<4xf64>, %f16: tensor<4xf16>,
                  %bf16: tensor<4xbf16>, %i1: tensor<4xi1>, %i8: tensor<4xi8>,
                  %i32: tensor<4xi32>, %i64: tensor<4xi64>) {
  %0 = gspmd.all_reduce %f32 on @mesh ["x"] reduce = sum : tensor<4xf32>
  %1 = gspmd.all_reduce %f64 on @mesh ["x"] reduce = max : tensor<4xf64>
  %2 = gspmd.all_reduce %f16 on @mesh ["x"] reduce = min : tensor<4xf16>
  %3 = gspmd.all_reduce %bf16 on @mesh ["x"] reduce = prod : tensor<4xbf16>
  %4 = gspmd.all_reduce %i1 on @mesh ["x"] reduce = sum : tensor<4xi1>
  %5 = gspmd.all_reduce %i8 on @mesh ["x"] reduce = sum : tensor<4xi8>
  %6 = gspmd.all_reduce %i32 on @mesh ["x"] reduce = sum : tensor<4xi32>
  %7 = gspmd.all_reduce %i64 on @mesh ["x"] reduce = sum : tensor<4xi64>
  %8 = gspmd.all_reduce %0 on @mesh ["x"] reduce = sum : tensor<4xf32>
  %9 = gspmd.all_gather %bf16 on @mesh ["x"] gather_dim = 0 : tensor<4xbf16> -> tensor<8xbf16>
  %10 = gspmd.reduce_scatter %i8 on @mesh ["x"] reduce = sum scatter_dim = 0 : tensor<4xi8> -> tensor<2xi8>
  %11 = gspmd.all_to_all %i1 on @mesh ["x"] split_dim = 0 concat_dim = 0 : tensor<4xi1> -> tensor<4xi1>
  %12 = gspmd.collective_permute %f16 on @mesh ["x"] shift = 1 : tensor<4xf16>
  %13 = gspmd.collective_permute %i64 on @mesh ["x"] to ["x"] : tensor<4xi64>
  return
}
