// RUN: gspmd-opt %s --pass-pipeline='builtin.module(func.func(tosa-optional-decompositions,tosa-make-broadcastable,tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,tosa-to-tensor,canonicalize),gspmd-lower-to-mpi,func.func(convert-elementwise-to-linalg,linalg-generalize-named-ops),one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map allow-return-allocs-from-loops},ownership-based-buffer-deallocation,canonicalize,buffer-deallocation-simplification,bufferization-lower-deallocations,convert-bufferization-to-memref,func.func(convert-linalg-to-loops),expand-strided-metadata,lower-affine,convert-scf-to-cf,finalize-memref-to-llvm,convert-math-to-llvm,convert-math-to-libm,convert-to-llvm,reconcile-unrealized-casts)' | FileCheck %s
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(func.func(tosa-optional-decompositions,tosa-make-broadcastable,tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,tosa-to-tensor,canonicalize),gspmd-lower-to-mpi,func.func(convert-elementwise-to-linalg,linalg-generalize-named-ops),one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map allow-return-allocs-from-loops},ownership-based-buffer-deallocation,canonicalize,buffer-deallocation-simplification,bufferization-lower-deallocations,convert-bufferization-to-memref,func.func(convert-linalg-to-loops),expand-strided-metadata,lower-affine,convert-scf-to-cf,finalize-memref-to-llvm,convert-math-to-llvm,convert-math-to-libm,convert-to-llvm,reconcile-unrealized-casts)' | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVM

// The whole lowering (GSPMD_LOWER_TO_LLVM_PIPELINE in gspmd/passes.h) of a
// partitioned function with collectives, a slice at an axis_index offset, a
// loop and a softmax: only the LLVM dialect is left, and the runtime is
// reached through its C interface.

gspmd.mesh @mesh ["x"=2, "y"=2]

// CHECK-NOT: gspmd.
// CHECK-NOT: memref.
// CHECK-NOT: bufferization.
// CHECK-DAG: llvm.func @_mlir_ciface_gspmd_mlir_register_mesh(i64, !llvm.ptr, !llvm.ptr)
// CHECK-DAG: llvm.func @_mlir_ciface_gspmd_mlir_axis_index(i64, !llvm.ptr) -> i64
// CHECK-DAG: llvm.func @_mlir_ciface_gspmd_mlir_all_gather_f32(i64, !llvm.ptr, i64, !llvm.ptr, !llvm.ptr)
// CHECK-DAG: llvm.func @_mlir_ciface_gspmd_mlir_collective_permute_f32(i64, !llvm.ptr, i64, i64, !llvm.ptr, !llvm.ptr)
// CHECK: llvm.func @main(
// LLVM-DAG: declare void @_mlir_ciface_gspmd_mlir_register_mesh(i64, ptr, ptr)
// LLVM-DAG: declare void @_mlir_ciface_gspmd_mlir_all_gather_f32(i64, ptr, i64, ptr, ptr)
// LLVM-DAG: declare void @_mlir_ciface_gspmd_mlir_collective_permute_f32(i64, ptr, i64, i64, ptr, ptr)
// LLVM-DAG: declare i64 @_mlir_ciface_gspmd_mlir_axis_index(i64, ptr)
// LLVM: define {{.*}} @main(
// LLVM: call void @gspmd_mlir_register_mesh(i64 0,
// LLVM: call void @gspmd_mlir_all_gather_f32(i64 0,
// LLVM: call i64 @gspmd_mlir_axis_index(i64 0,
// LLVM: call void @gspmd_mlir_collective_permute_f32(i64 0,
func.func @main(%x: tensor<4x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>, gspmd.global_type = tensor<8x16xf32>})
    -> (tensor<4x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>, gspmd.global_type = tensor<8x16xf32>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %g = gspmd.all_gather %x on @mesh ["x"] gather_dim = 0 : tensor<4x8xf32> -> tensor<8x8xf32>
  %i = gspmd.axis_index @mesh ["x"]
  %off = arith.muli %i, %c4 : index
  %s = tensor.extract_slice %g[%off, 0] [4, 8] [1, 1] : tensor<8x8xf32> to tensor<4x8xf32>
  %r = scf.for %k = %c0 to %c3 step %c1 iter_args(%a = %s) -> tensor<4x8xf32> {
    %p = gspmd.collective_permute %a on @mesh ["y"] shift = 1 wrap : tensor<4x8xf32>
    scf.yield %p : tensor<4x8xf32>
  }
  %e = tensor.empty() : tensor<4x8xf32>
  %sm = linalg.softmax dimension(1) ins(%r : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %sm : tensor<4x8xf32>
}
