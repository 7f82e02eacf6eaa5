// tensor ops: slices (static, strided, dynamic offsets), insert_slice, pad
// (constant or index-dependent value), generate, concat, reshapes, extract.
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-export-stablehlo)' %s -o /dev/null | FileCheck %s

// CHECK-LABEL: func.func public @main
func.func @main(%a: tensor<8x16xf32>, %k: index, %s: tensor<2x16xf32>) -> (tensor<4x8xf32>, tensor<2x16xf32>, tensor<8x16xf32>, tensor<10x16xf32>, tensor<16x16xf32>, tensor<128xf32>, f32, tensor<10x16xf32>, tensor<4x6xi32>) {
  // CHECK: "stablehlo.slice"({{.*}}) {start_indices = array<i64: 1, 0>, limit_indices = array<i64: 8, 15>, strides = array<i64: 2, 2>}
  %0 = tensor.extract_slice %a[1, 0] [4, 8] [2, 2] : tensor<8x16xf32> to tensor<4x8xf32>
  // Dynamic offsets: i32 start indices.
  // CHECK: "stablehlo.convert"({{.*}}) : (tensor<i64>) -> tensor<i32>
  // CHECK: "stablehlo.dynamic_slice"({{.*}}) {slice_sizes = array<i64: 2, 16>}
  %1 = tensor.extract_slice %a[%k, 0] [2, 16] [1, 1] : tensor<8x16xf32> to tensor<2x16xf32>
  // CHECK: "stablehlo.dynamic_update_slice"
  %2 = tensor.insert_slice %s into %a[%k, 0] [2, 16] [1, 1] : tensor<2x16xf32> into tensor<8x16xf32>
  // CHECK: "stablehlo.pad"({{.*}}) {edge_padding_low = array<i64: 1, 0>, edge_padding_high = array<i64: 1, 0>, interior_padding = array<i64: 0, 0>}
  %z = arith.constant 0.0 : f32
  %3 = tensor.pad %a low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f32
  } : tensor<8x16xf32> to tensor<10x16xf32>
  // CHECK: "stablehlo.concatenate"({{.*}}) {dimension = 0 : i64}
  %4 = tensor.concat dim(0) %a, %a : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
  // CHECK: "stablehlo.reshape"({{.*}}) : (tensor<8x16xf32>) -> tensor<128xf32>
  %5 = tensor.collapse_shape %a [[0, 1]] : tensor<8x16xf32> into tensor<128xf32>
  // CHECK: "stablehlo.dynamic_slice"({{.*}}) {slice_sizes = array<i64: 1, 1>}
  // CHECK-NEXT: "stablehlo.reshape"({{.*}}) : (tensor<1x1xf32>) -> tensor<f32>
  %6 = tensor.extract %a[%k, %k] : tensor<8x16xf32>
  // A pad whose value depends on the index: the region over the result's
  // shape (iotas), selected outside the source.
  // CHECK: "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<10x16xi64>
  // CHECK: "stablehlo.pad"
  // CHECK: comparison_direction = #stablehlo<comparison_direction GE>
  // CHECK: "stablehlo.select"
  %7 = tensor.pad %a low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    tensor.yield %fi : f32
  } : tensor<8x16xf32> to tensor<10x16xf32>
  // CHECK: "stablehlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<4x6xi64>
  %8 = tensor.generate {
  ^bb0(%i: index, %j: index):
    %sum = arith.addi %i, %j : index
    %si = arith.index_cast %sum : index to i32
    tensor.yield %si : i32
  } : tensor<4x6xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<4x8xf32>, tensor<2x16xf32>, tensor<8x16xf32>, tensor<10x16xf32>, tensor<16x16xf32>, tensor<128xf32>, f32, tensor<10x16xf32>, tensor<4x6xi32>
}

// tosa.pad: its const_shape amounts reach tensor.pad as SSA constants, which
// the export folds to static padding.
// CHECK-LABEL: func.func private @tosa_pad
// CHECK: "stablehlo.pad"({{.*}}) {edge_padding_low = array<i64: 2, 0>, edge_padding_high = array<i64: 3, 0>, interior_padding = array<i64: 0, 0>} : (tensor<16x6xf32>, tensor<f32>) -> tensor<21x6xf32>
func.func private @tosa_pad(%m: tensor<16x6xf32>) -> tensor<21x6xf32> {
  %padding = tosa.const_shape {values = dense<[2, 3, 0, 0]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %pv = "tosa.const"() <{values = dense<0.5> : tensor<1xf32>}> : () -> tensor<1xf32>
  %p = tosa.pad %m, %padding, %pv : (tensor<16x6xf32>, !tosa.shape<4>, tensor<1xf32>) -> tensor<21x6xf32>
  return %p : tensor<21x6xf32>
}
