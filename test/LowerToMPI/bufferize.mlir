// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-lower-to-mpi,canonicalize,cse,func.func(convert-elementwise-to-linalg),one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map})' | FileCheck %s

// After one-shot-bufferize, each collective writes a buffer of its own
// (memref.alloc), reads its input's buffer without a copy, and two
// identical collectives stay two calls through canonicalize and cse (calls
// have side effects). Later ops may update the input in place after the
// call has read it, but never a collective's result (not writable): the
// canonicalize here folds a later collective's to_buffer(to_tensor(%out))
// into %out, hiding that read from bufferization.

gspmd.mesh @mesh ["x"=2]

// CHECK-LABEL: func.func @twice(
// CHECK-SAME: %[[X:.*]]: memref<8xf32>)
// CHECK: call @gspmd_mlir_register_mesh
// CHECK: %[[IN:.*]] = memref.cast %[[X]] : memref<8xf32> to memref<8xf32, strided<[?], offset: ?>>
// CHECK: %[[INU:.*]] = memref.cast %[[IN]] : memref<8xf32, strided<[?], offset: ?>> to memref<*xf32>
// CHECK: %[[A:.*]] = memref.alloc() : memref<8xf32>
// CHECK: %[[AU:.*]] = memref.cast %[[A]]
// CHECK: call @gspmd_mlir_all_reduce_f32(%{{.*}}, %{{.*}}, %{{.*}}, %[[INU]], %[[AU]])
// CHECK: %[[B:.*]] = memref.alloc() : memref<8xf32>
// CHECK: %[[BU:.*]] = memref.cast %[[B]]
// CHECK: call @gspmd_mlir_all_reduce_f32(%{{.*}}, %{{.*}}, %{{.*}}, %[[INU]], %[[BU]])
// CHECK: %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// CHECK: linalg.generic {{.*}} ins(%[[A]], %[[X]] : memref<8xf32>, memref<8xf32>) outs(%[[C]] : memref<8xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[X]], %[[X]] : memref<8xf32>, memref<8xf32>) outs(%[[X]] : memref<8xf32>)
// CHECK: return %[[B]], %[[C]], %[[X]]
func.func @twice(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %a = gspmd.all_reduce %x on @mesh ["x"] reduce = sum : tensor<8xf32>
  %b = gspmd.all_reduce %x on @mesh ["x"] reduce = sum : tensor<8xf32>
  %c = arith.addf %a, %x : tensor<8xf32>
  %d = arith.mulf %x, %x : tensor<8xf32>
  return %b, %c, %d : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

// A collective on a slice reads the slice's strided buffer in place.
// CHECK-LABEL: func.func @slice(
// CHECK-SAME: %[[X:.*]]: memref<8x8xf32>)
// CHECK: %[[SV:.*]] = memref.subview %[[X]][0, 2] [8, 4] [1, 1] : memref<8x8xf32> to memref<8x4xf32, strided<[8, 1], offset: 2>>
// CHECK: %[[SC:.*]] = memref.cast %[[SV]] : memref<8x4xf32, strided<[8, 1], offset: 2>> to memref<8x4xf32, strided<[?, ?], offset: ?>>
// CHECK: %[[SU:.*]] = memref.cast %[[SC]] : {{.*}} to memref<*xf32>
// CHECK: %[[O:.*]] = memref.alloc() : memref<16x4xf32>
// CHECK: %[[OU:.*]] = memref.cast %[[O]]
// CHECK: call @gspmd_mlir_all_gather_f32(%{{.*}}, %{{.*}}, %{{.*}}, %[[SU]], %[[OU]])
// CHECK: return %[[O]]
func.func @slice(%x: tensor<8x8xf32>) -> tensor<16x4xf32> {
  %s = tensor.extract_slice %x[0, 2] [8, 4] [1, 1] : tensor<8x8xf32> to tensor<8x4xf32>
  %g = gspmd.all_gather %s on @mesh ["x"] gather_dim = 0 : tensor<8x4xf32> -> tensor<16x4xf32>
  return %g : tensor<16x4xf32>
}

// An update of a collective's result in place before another collective
// reads that result works on a copy; the all_gather sends the all_reduce's
// own buffer, untouched.
// CHECK-LABEL: func.func @update_then_send(
// CHECK: %[[R:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[RU:.*]] = memref.cast %[[R]]
// CHECK: call @gspmd_mlir_all_reduce_f32(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[RU]])
// CHECK: %[[COPY:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: memref.copy %[[R]], %[[COPY]]
// CHECK: linalg.generic {{.*}} outs(%[[COPY]] : memref<4xf32>)
// (cse reuses the all_reduce's cast of %R as the all_gather's input)
// CHECK: call @gspmd_mlir_all_gather_f32(%{{.*}}, %{{.*}}, %{{.*}}, %[[RU]], %{{.*}})
// CHECK: return %[[COPY]]
func.func @update_then_send(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<8xf32>) {
  %a = gspmd.all_reduce %x on @mesh ["x"] reduce = sum : tensor<4xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]} outs(%a : tensor<4xf32>) {
  ^bb0(%o: f32):
    %t = math.tanh %o : f32
    linalg.yield %t : f32
  } -> tensor<4xf32>
  %c = gspmd.all_gather %a on @mesh ["x"] gather_dim = 0 : tensor<4xf32> -> tensor<8xf32>
  return %b, %c : tensor<4xf32>, tensor<8xf32>
}
