// RUN: gspmd-opt %s -split-input-file | FileCheck %s
// RUN: gspmd-opt %s -split-input-file | gspmd-opt -split-input-file | FileCheck %s
// RUN: gspmd-opt %s -split-input-file -mlir-print-op-generic | gspmd-opt -split-input-file | FileCheck %s
// gspmd.pipeline round trips (custom and generic forms), with and without
// side inputs and repeats; and the open sharding_constraint.

gspmd.mesh @mesh ["stage"=2, "data"=2]

// CHECK-LABEL: func.func @mlp
// CHECK: %[[Y:.*]] = gspmd.pipeline %arg0 : tensor<8x4x16xf32> params(%arg1, %arg2 : tensor<4x16x16xf32>, tensor<4x16xf32>) on @mesh "stage" -> tensor<8x4x16xf32> {
// CHECK-NEXT: ^bb0(%{{.*}}: tensor<4x16xf32>, %{{.*}}: tensor<16x16xf32>, %{{.*}}: tensor<16xf32>):
// CHECK: gspmd.yield %{{.*}} : tensor<4x16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[Y]]
func.func @mlp(%x: tensor<8x4x16xf32>, %w: tensor<4x16x16xf32>, %b: tensor<4x16xf32>) -> tensor<8x4x16xf32> {
  %y = gspmd.pipeline %x : tensor<8x4x16xf32> params(%w, %b : tensor<4x16x16xf32>, tensor<4x16xf32>) on @mesh "stage" -> tensor<8x4x16xf32> {
  ^bb0(%a: tensor<4x16xf32>, %wl: tensor<16x16xf32>, %bl: tensor<16xf32>):
    %e = tensor.empty() : tensor<4x16xf32>
    %m = linalg.matmul ins(%a, %wl : tensor<4x16xf32>, tensor<16x16xf32>) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
    gspmd.yield %m : tensor<4x16xf32>
  }
  return %y : tensor<8x4x16xf32>
}

// -----

gspmd.mesh @mesh ["stage"=2]

// CHECK-LABEL: func.func @circular_side
// CHECK: gspmd.pipeline %arg0 : tensor<3x5xf32> params(%arg1 : tensor<2x4x5xf32>) side(%arg2 : tensor<5xf32>) on @mesh "stage" repeats = 2 -> tensor<3x5xf32> {
// CHECK: gspmd.yield
func.func @circular_side(%x: tensor<3x5xf32>, %w: tensor<2x4x5xf32>, %s: tensor<5xf32>) -> tensor<3x5xf32> {
  %y = gspmd.pipeline %x : tensor<3x5xf32> params(%w : tensor<2x4x5xf32>) side(%s : tensor<5xf32>) on @mesh "stage" repeats = 2 -> tensor<3x5xf32> {
  ^bb0(%a: tensor<5xf32>, %wl: tensor<5xf32>, %sl: tensor<5xf32>):
    %0 = arith.addf %a, %wl : tensor<5xf32>
    %1 = arith.mulf %0, %sl : tensor<5xf32>
    gspmd.yield %1 : tensor<5xf32>
  }
  return %y : tensor<3x5xf32>
}

// -----

gspmd.mesh @mesh ["stage"=2, "data"=2]

// CHECK-LABEL: func.func @open_constraint
// CHECK: gspmd.sharding_constraint %arg0, #gspmd.partially_tiled<@mesh, {{\[}}["stage"], []]> {open} : tensor<4x6xf32>
func.func @open_constraint(%x: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = gspmd.sharding_constraint %x, #gspmd.partially_tiled<@mesh, [["stage"], []]> {open} : tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
