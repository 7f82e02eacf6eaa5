// RUN: gspmd-opt %s -split-input-file | FileCheck %s --strict-whitespace --match-full-lines
// RUN: gspmd-opt %s -split-input-file | gspmd-opt -split-input-file | FileCheck %s --strict-whitespace --match-full-lines
// RUN: gspmd-opt %s -split-input-file -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: gspmd-opt %s -split-input-file -mlir-print-op-generic | gspmd-opt -split-input-file | FileCheck %s --strict-whitespace --match-full-lines
// Generic-form and bytecode round trips give back the same IR.
// RUN: gspmd-opt %s -split-input-file -verify-roundtrip

// Every collective and SPMD op prints exactly as written and parses back, in
// the custom form and through the generic form.

gspmd.mesh @mesh ["data"=2, "model"=4]

// CHECK-LABEL:  func.func @all_reduce(%arg0: tensor<8x16xf32>, %arg1: tensor<f32>, %arg2: tensor<?x16xi32>) -> tensor<8x16xf32> {
// CHECK-NEXT:    %0 = gspmd.all_reduce %arg0 on @mesh ["model"] reduce = sum : tensor<8x16xf32>
// CHECK-NEXT:    %1 = gspmd.all_reduce %0 on @mesh ["data"] reduce = max : tensor<8x16xf32>
// CHECK-NEXT:    %2 = gspmd.all_reduce %1 on @mesh ["data", "model"] reduce = min : tensor<8x16xf32>
// CHECK-NEXT:    %3 = gspmd.all_reduce %2 on @mesh ["model", "data"] reduce = prod : tensor<8x16xf32>
// CHECK-NEXT:    %4 = gspmd.all_reduce %3 on @mesh [] reduce = sum : tensor<8x16xf32>
// CHECK-NEXT:    %5 = gspmd.all_reduce %arg1 on @mesh ["model"] reduce = sum : tensor<f32>
// CHECK-NEXT:    %6 = gspmd.all_reduce %arg2 on @mesh ["data"] reduce = max : tensor<?x16xi32>
// CHECK-NEXT:    %7 = gspmd.all_reduce %4 on @mesh ["model"] reduce = sum {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>]} : tensor<8x16xf32>
// CHECK-NEXT:    return %7 : tensor<8x16xf32>
// CHECK-NEXT:  }
// GENERIC-LABEL: "func.func"()
// GENERIC: "gspmd.all_reduce"(%{{.*}}) <{axes = ["model"], mesh = @mesh, reduction = 0 : i32}> : (tensor<8x16xf32>) -> tensor<8x16xf32>
// GENERIC: "gspmd.all_reduce"(%{{.*}}) <{axes = ["data"], mesh = @mesh, reduction = 1 : i32}> : (tensor<8x16xf32>) -> tensor<8x16xf32>
// GENERIC: "gspmd.all_reduce"(%{{.*}}) <{axes = ["data", "model"], mesh = @mesh, reduction = 2 : i32}> : (tensor<8x16xf32>) -> tensor<8x16xf32>
// GENERIC: "gspmd.all_reduce"(%{{.*}}) <{axes = ["model", "data"], mesh = @mesh, reduction = 3 : i32}> : (tensor<8x16xf32>) -> tensor<8x16xf32>
func.func @all_reduce(%arg0: tensor<8x16xf32>, %arg1: tensor<f32>, %arg2: tensor<?x16xi32>) -> tensor<8x16xf32> {
  %0 = gspmd.all_reduce %arg0 on @mesh ["model"] reduce = sum : tensor<8x16xf32>
  %1 = gspmd.all_reduce %0 on @mesh ["data"] reduce = max : tensor<8x16xf32>
  %2 = gspmd.all_reduce %1 on @mesh ["data", "model"] reduce = min : tensor<8x16xf32>
  %3 = gspmd.all_reduce %2 on @mesh ["model", "data"] reduce = prod : tensor<8x16xf32>
  %4 = gspmd.all_reduce %3 on @mesh [] reduce = sum : tensor<8x16xf32>
  %5 = gspmd.all_reduce %arg1 on @mesh ["model"] reduce = sum : tensor<f32>
  %6 = gspmd.all_reduce %arg2 on @mesh ["data"] reduce = max : tensor<?x16xi32>
  %7 = gspmd.all_reduce %4 on @mesh ["model"] reduce = sum {gspmd.sharding = [#gspmd.partially_tiled<@mesh, [["data"], []]>]} : tensor<8x16xf32>
  return %7 : tensor<8x16xf32>
}

// CHECK-LABEL:  func.func @all_gather(%arg0: tensor<8x16xf32>, %arg1: tensor<?x16xf32>) -> tensor<16x16xf32> {
// CHECK-NEXT:    %0 = gspmd.all_gather %arg0 on @mesh ["data"] gather_dim = 0 : tensor<8x16xf32> -> tensor<16x16xf32>
// CHECK-NEXT:    %1 = gspmd.all_gather %arg0 on @mesh ["model"] gather_dim = 1 : tensor<8x16xf32> -> tensor<8x64xf32>
// CHECK-NEXT:    %2 = gspmd.all_gather %arg0 on @mesh ["data", "model"] gather_dim = 0 : tensor<8x16xf32> -> tensor<64x16xf32>
// CHECK-NEXT:    %3 = gspmd.all_gather %arg1 on @mesh ["data"] gather_dim = 0 : tensor<?x16xf32> -> tensor<?x16xf32>
// CHECK-NEXT:    %4 = gspmd.all_gather %arg0 on @mesh [] gather_dim = 1 : tensor<8x16xf32> -> tensor<8x16xf32>
// CHECK-NEXT:    return %0 : tensor<16x16xf32>
// CHECK-NEXT:  }
// GENERIC-LABEL: "func.func"()
// GENERIC: "gspmd.all_gather"(%{{.*}}) <{axes = ["data"], gather_dim = 0 : i64, mesh = @mesh}> : (tensor<8x16xf32>) -> tensor<16x16xf32>
func.func @all_gather(%arg0: tensor<8x16xf32>, %arg1: tensor<?x16xf32>) -> tensor<16x16xf32> {
  %0 = gspmd.all_gather %arg0 on @mesh ["data"] gather_dim = 0 : tensor<8x16xf32> -> tensor<16x16xf32>
  %1 = gspmd.all_gather %arg0 on @mesh ["model"] gather_dim = 1 : tensor<8x16xf32> -> tensor<8x64xf32>
  %2 = gspmd.all_gather %arg0 on @mesh ["data", "model"] gather_dim = 0 : tensor<8x16xf32> -> tensor<64x16xf32>
  %3 = gspmd.all_gather %arg1 on @mesh ["data"] gather_dim = 0 : tensor<?x16xf32> -> tensor<?x16xf32>
  %4 = gspmd.all_gather %arg0 on @mesh [] gather_dim = 1 : tensor<8x16xf32> -> tensor<8x16xf32>
  return %0 : tensor<16x16xf32>
}

// CHECK-LABEL:  func.func @reduce_scatter(%arg0: tensor<8x16xf32>) -> tensor<8x4xf32> {
// CHECK-NEXT:    %0 = gspmd.reduce_scatter %arg0 on @mesh ["model"] reduce = max scatter_dim = 1 : tensor<8x16xf32> -> tensor<8x4xf32>
// CHECK-NEXT:    %1 = gspmd.reduce_scatter %arg0 on @mesh ["data"] reduce = sum scatter_dim = 0 : tensor<8x16xf32> -> tensor<4x16xf32>
// CHECK-NEXT:    %2 = gspmd.reduce_scatter %arg0 on @mesh ["model", "data"] reduce = prod scatter_dim = 0 : tensor<8x16xf32> -> tensor<1x16xf32>
// CHECK-NEXT:    %3 = gspmd.reduce_scatter %arg0 on @mesh ["data"] reduce = min scatter_dim = 1 : tensor<8x16xf32> -> tensor<8x8xf32>
// CHECK-NEXT:    return %0 : tensor<8x4xf32>
// CHECK-NEXT:  }
// GENERIC-LABEL: "func.func"()
// GENERIC: "gspmd.reduce_scatter"(%{{.*}}) <{axes = ["model"], mesh = @mesh, reduction = 1 : i32, scatter_dim = 1 : i64}> : (tensor<8x16xf32>) -> tensor<8x4xf32>
func.func @reduce_scatter(%arg0: tensor<8x16xf32>) -> tensor<8x4xf32> {
  %0 = gspmd.reduce_scatter %arg0 on @mesh ["model"] reduce = max scatter_dim = 1 : tensor<8x16xf32> -> tensor<8x4xf32>
  %1 = gspmd.reduce_scatter %arg0 on @mesh ["data"] reduce = sum scatter_dim = 0 : tensor<8x16xf32> -> tensor<4x16xf32>
  %2 = gspmd.reduce_scatter %arg0 on @mesh ["model", "data"] reduce = prod scatter_dim = 0 : tensor<8x16xf32> -> tensor<1x16xf32>
  %3 = gspmd.reduce_scatter %arg0 on @mesh ["data"] reduce = min scatter_dim = 1 : tensor<8x16xf32> -> tensor<8x8xf32>
  return %0 : tensor<8x4xf32>
}

// CHECK-LABEL:  func.func @all_to_all(%arg0: tensor<8x16xf32>) -> tensor<32x4xf32> {
// CHECK-NEXT:    %0 = gspmd.all_to_all %arg0 on @mesh ["model"] split_dim = 1 concat_dim = 0 : tensor<8x16xf32> -> tensor<32x4xf32>
// CHECK-NEXT:    %1 = gspmd.all_to_all %arg0 on @mesh ["data"] split_dim = 0 concat_dim = 1 : tensor<8x16xf32> -> tensor<4x32xf32>
// CHECK-NEXT:    %2 = gspmd.all_to_all %arg0 on @mesh ["model"] split_dim = 1 concat_dim = 1 : tensor<8x16xf32> -> tensor<8x16xf32>
// CHECK-NEXT:    return %0 : tensor<32x4xf32>
// CHECK-NEXT:  }
// GENERIC-LABEL: "func.func"()
// GENERIC: "gspmd.all_to_all"(%{{.*}}) <{axes = ["model"], concat_dim = 0 : i64, mesh = @mesh, split_dim = 1 : i64}> : (tensor<8x16xf32>) -> tensor<32x4xf32>
func.func @all_to_all(%arg0: tensor<8x16xf32>) -> tensor<32x4xf32> {
  %0 = gspmd.all_to_all %arg0 on @mesh ["model"] split_dim = 1 concat_dim = 0 : tensor<8x16xf32> -> tensor<32x4xf32>
  %1 = gspmd.all_to_all %arg0 on @mesh ["data"] split_dim = 0 concat_dim = 1 : tensor<8x16xf32> -> tensor<4x32xf32>
  %2 = gspmd.all_to_all %arg0 on @mesh ["model"] split_dim = 1 concat_dim = 1 : tensor<8x16xf32> -> tensor<8x16xf32>
  return %0 : tensor<32x4xf32>
}

// CHECK-LABEL:  func.func @collective_permute(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
// CHECK-NEXT:    %0 = gspmd.collective_permute %arg0 on @mesh ["model"] shift = 1 wrap : tensor<8x16xf32>
// CHECK-NEXT:    %1 = gspmd.collective_permute %0 on @mesh ["model"] shift = -1 : tensor<8x16xf32>
// CHECK-NEXT:    %2 = gspmd.collective_permute %1 on @mesh ["data", "model"] shift = 3 wrap : tensor<8x16xf32>
// CHECK-NEXT:    %3 = gspmd.collective_permute %2 on @mesh ["data"] shift = 0 : tensor<8x16xf32>
// CHECK-NEXT:    return %3 : tensor<8x16xf32>
// CHECK-NEXT:  }
// GENERIC-LABEL: "func.func"()
// GENERIC: "gspmd.collective_permute"(%{{.*}}) <{axes = ["model"], mesh = @mesh, shift = 1 : i64, wrap}> : (tensor<8x16xf32>) -> tensor<8x16xf32>
// GENERIC: "gspmd.collective_permute"(%{{.*}}) <{axes = ["model"], mesh = @mesh, shift = -1 : i64}> : (tensor<8x16xf32>) -> tensor<8x16xf32>
func.func @collective_permute(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = gspmd.collective_permute %arg0 on @mesh ["model"] shift = 1 wrap : tensor<8x16xf32>
  %1 = gspmd.collective_permute %0 on @mesh ["model"] shift = -1 : tensor<8x16xf32>
  %2 = gspmd.collective_permute %1 on @mesh ["data", "model"] shift = 3 wrap : tensor<8x16xf32>
  %3 = gspmd.collective_permute %2 on @mesh ["data"] shift = 0 : tensor<8x16xf32>
  return %3 : tensor<8x16xf32>
}

// CHECK-LABEL:  func.func @halo_exchange(%arg0: tensor<8x16xf32>, %arg1: tensor<8x?xf32>, %arg2: f32) -> tensor<11x16xf32> {
// CHECK-NEXT:    %0 = gspmd.halo_exchange %arg0 on @mesh ["data"] dim = 0 halo = [1, 2] size = 15 : tensor<8x16xf32> -> tensor<11x16xf32>
// CHECK-NEXT:    %1 = gspmd.halo_exchange %arg0 on @mesh ["model"] dim = 1 halo = [0, 3] size = 64 : tensor<8x16xf32> -> tensor<8x19xf32>
// CHECK-NEXT:    %2 = gspmd.halo_exchange %arg0 on @mesh ["data", "model"] dim = 0 halo = [0, 0] size = 64 : tensor<8x16xf32> -> tensor<8x16xf32>
// CHECK-NEXT:    %3 = gspmd.halo_exchange %arg1 on @mesh ["model"] dim = 0 halo = [2, 2] size = 32 : tensor<8x?xf32> -> tensor<12x?xf32>
// CHECK-NEXT:    %4 = gspmd.halo_exchange %arg0 on @mesh ["data"] dim = 0 halo = [1, 0] size = 16 padding = %arg2 : f32 : tensor<8x16xf32> -> tensor<9x16xf32>
// CHECK-NEXT:    return %0 : tensor<11x16xf32>
// CHECK-NEXT:  }
// GENERIC-LABEL: "func.func"()
// GENERIC: "gspmd.halo_exchange"(%{{.*}}) <{axes = ["data"], dim = 0 : i64, halo = array<i64: 1, 2>, mesh = @mesh, size = 15 : i64}> : (tensor<8x16xf32>) -> tensor<11x16xf32>
func.func @halo_exchange(%arg0: tensor<8x16xf32>, %arg1: tensor<8x?xf32>, %arg2: f32) -> tensor<11x16xf32> {
  %0 = gspmd.halo_exchange %arg0 on @mesh ["data"] dim = 0 halo = [1, 2] size = 15 : tensor<8x16xf32> -> tensor<11x16xf32>
  %1 = gspmd.halo_exchange %arg0 on @mesh ["model"] dim = 1 halo = [0, 3] size = 64 : tensor<8x16xf32> -> tensor<8x19xf32>
  %2 = gspmd.halo_exchange %arg0 on @mesh ["data", "model"] dim = 0 halo = [0, 0] size = 64 : tensor<8x16xf32> -> tensor<8x16xf32>
  %3 = gspmd.halo_exchange %arg1 on @mesh ["model"] dim = 0 halo = [2, 2] size = 32 : tensor<8x?xf32> -> tensor<12x?xf32>
  %4 = gspmd.halo_exchange %arg0 on @mesh ["data"] dim = 0 halo = [1, 0] size = 16 padding = %arg2 : f32 : tensor<8x16xf32> -> tensor<9x16xf32>
  return %0 : tensor<11x16xf32>
}

// CHECK-LABEL:  func.func @spmd_ids() -> (index, index, index, index) {
// CHECK-NEXT:    %0 = gspmd.axis_index @mesh ["data", "model"]
// CHECK-NEXT:    %1 = gspmd.axis_index @mesh ["model"]
// CHECK-NEXT:    %2 = gspmd.axis_index @mesh []
// CHECK-NEXT:    %3 = gspmd.partition_id
// CHECK-NEXT:    return %0, %1, %2, %3 : index, index, index, index
// CHECK-NEXT:  }
// GENERIC-LABEL: "func.func"()
// GENERIC: "gspmd.axis_index"() <{axes = ["data", "model"], mesh = @mesh}> : () -> index
// GENERIC: "gspmd.partition_id"() : () -> index
func.func @spmd_ids() -> (index, index, index, index) {
  %0 = gspmd.axis_index @mesh ["data", "model"]
  %1 = gspmd.axis_index @mesh ["model"]
  %2 = gspmd.axis_index @mesh []
  %3 = gspmd.partition_id
  return %0, %1, %2, %3 : index, index, index, index
}

// -----

// A chain of the ops (the shape of partitioned code), with a
// sharding_constraint and extra attributes on the ops.
gspmd.mesh @mesh ["data"=2, "model"=4]

// CHECK-LABEL:  func.func @chain(%arg0: tensor<8x16xf32>) -> tensor<16x16xf32> {
// CHECK-NEXT:    %0 = gspmd.sharding_constraint %arg0, #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]> : tensor<8x16xf32>
// CHECK-NEXT:    %1 = gspmd.all_reduce %0 on @mesh ["model"] reduce = sum {note = 1 : i64} : tensor<8x16xf32>
// CHECK-NEXT:    %2 = gspmd.reduce_scatter %1 on @mesh ["model"] reduce = sum scatter_dim = 1 {note = 2 : i64} : tensor<8x16xf32> -> tensor<8x4xf32>
// CHECK-NEXT:    %3 = gspmd.all_to_all %2 on @mesh ["model"] split_dim = 0 concat_dim = 1 {note = 3 : i64} : tensor<8x4xf32> -> tensor<2x16xf32>
// CHECK-NEXT:    %4 = gspmd.collective_permute %3 on @mesh ["data"] shift = 1 wrap {note = 4 : i64} : tensor<2x16xf32>
// CHECK-NEXT:    %5 = gspmd.halo_exchange %4 on @mesh ["data"] dim = 0 halo = [1, 1] size = 4 {note = 5 : i64} : tensor<2x16xf32> -> tensor<4x16xf32>
// CHECK-NEXT:    %6 = gspmd.all_gather %5 on @mesh ["data", "model"] gather_dim = 0 {note = 6 : i64} : tensor<4x16xf32> -> tensor<32x16xf32>
// CHECK-NEXT:    %7 = gspmd.axis_index @mesh ["data"] {note = 7 : i64}
// CHECK-NEXT:    %8 = gspmd.partition_id {note = 8 : i64}
// CHECK-NEXT:    %extracted_slice = tensor.extract_slice %6[%7, 0] [16, 16] [1, 1] : tensor<32x16xf32> to tensor<16x16xf32>
// CHECK-NEXT:    return %extracted_slice : tensor<16x16xf32>
// CHECK-NEXT:  }
func.func @chain(%arg0: tensor<8x16xf32>) -> tensor<16x16xf32> {
  %0 = gspmd.sharding_constraint %arg0, #gspmd.tiled<@mesh, [["data"], ["model"]]> : tensor<8x16xf32>
  %1 = gspmd.all_reduce %0 on @mesh ["model"] reduce = sum {note = 1} : tensor<8x16xf32>
  %2 = gspmd.reduce_scatter %1 on @mesh ["model"] reduce = sum scatter_dim = 1 {note = 2} : tensor<8x16xf32> -> tensor<8x4xf32>
  %3 = gspmd.all_to_all %2 on @mesh ["model"] split_dim = 0 concat_dim = 1 {note = 3} : tensor<8x4xf32> -> tensor<2x16xf32>
  %4 = gspmd.collective_permute %3 on @mesh ["data"] shift = 1 wrap {note = 4} : tensor<2x16xf32>
  %5 = gspmd.halo_exchange %4 on @mesh ["data"] dim = 0 halo = [1, 1] size = 4 {note = 5} : tensor<2x16xf32> -> tensor<4x16xf32>
  %6 = gspmd.all_gather %5 on @mesh ["data", "model"] gather_dim = 0 {note = 6} : tensor<4x16xf32> -> tensor<32x16xf32>
  %7 = gspmd.axis_index @mesh ["data"] {note = 7}
  %8 = gspmd.partition_id {note = 8}
  %9 = tensor.extract_slice %6[%7, 0] [16, 16] [1, 1] : tensor<32x16xf32> to tensor<16x16xf32>
  return %9 : tensor<16x16xf32>
}

// GENERIC-LABEL: "func.func"()
// GENERIC: "gspmd.sharding_constraint"(%{{.*}}) <{sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>}> : (tensor<8x16xf32>) -> tensor<8x16xf32>
// GENERIC: "gspmd.all_reduce"(%{{.*}}) <{axes = ["model"], mesh = @mesh, reduction = 0 : i32}> {note = 1 : i64} : (tensor<8x16xf32>) -> tensor<8x16xf32>
