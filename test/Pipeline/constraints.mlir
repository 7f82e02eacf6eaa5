// RUN: gspmd-opt %s -split-input-file --gspmd-pipeline | FileCheck %s

// The L dim of every stage-stacked parameter, of the state and of the
// output buffer is held on the op's stage axis by an open
// sharding_constraint (a floor that completion may extend with data/model
// axes), and nothing else is constrained: the other dims are left to
// completion. On a mesh with only the stage axis split the constraint is
// tiled, otherwise partially tiled; the stage axis need not be the first.

gspmd.mesh @mesh ["stage"=2]

// CHECK-LABEL: func.func @stage_only
// CHECK-DAG: gspmd.sharding_constraint %arg1, #gspmd.tiled<@mesh, {{\[}}["stage"], [], []]> {open} : tensor<2x4x4xf32>
// CHECK-DAG: gspmd.sharding_constraint %arg2, #gspmd.tiled<@mesh, {{\[}}["stage"]]> {open} : tensor<2xf32>
// CHECK-DAG: %[[S0:.*]] = gspmd.sharding_constraint %{{.*}}, #gspmd.tiled<@mesh, {{\[}}["stage"], [], []]> {open} : tensor<2x3x4xf32>
// CHECK-DAG: %[[O0:.*]] = gspmd.sharding_constraint %{{.*}}, #gspmd.tiled<@mesh, {{\[}}["stage"], [], [], []]> {open} : tensor<2x5x3x4xf32>
// CHECK: scf.for {{.*}} iter_args(%{{[^ ]*}} = %[[S0]], %{{[^ ]*}} = %[[O0]])
// CHECK-NOT: gspmd.sharding_constraint
// CHECK: return
func.func @stage_only(%x: tensor<5x3x4xf32>, %w: tensor<2x4x4xf32>, %s: tensor<2xf32>) -> tensor<5x3x4xf32> {
  %y = gspmd.pipeline %x : tensor<5x3x4xf32> params(%w, %s : tensor<2x4x4xf32>, tensor<2xf32>) on @mesh "stage" -> tensor<5x3x4xf32> {
  ^bb0(%a: tensor<3x4xf32>, %wl: tensor<4x4xf32>, %sl: tensor<f32>):
    %e = tensor.empty() : tensor<3x4xf32>
    %m = linalg.matmul ins(%a, %wl : tensor<3x4xf32>, tensor<4x4xf32>) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
    %b = linalg.broadcast ins(%sl : tensor<f32>) outs(%e : tensor<3x4xf32>) dimensions = [0, 1]
    %r = arith.mulf %m, %b : tensor<3x4xf32>
    gspmd.yield %r : tensor<3x4xf32>
  }
  return %y : tensor<5x3x4xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "stage"=4]

// CHECK-LABEL: func.func @data_stage
// CHECK-DAG: gspmd.sharding_constraint %arg1, #gspmd.partially_tiled<@mesh, {{\[}}["stage"], []]> {open} : tensor<8x6xf32>
// CHECK-DAG: gspmd.sharding_constraint %{{.*}}, #gspmd.partially_tiled<@mesh, {{\[}}["stage"], [], []]> {open} : tensor<8x4x6xf32>
// CHECK-DAG: gspmd.sharding_constraint %{{.*}}, #gspmd.partially_tiled<@mesh, {{\[}}["stage"], [], [], []]> {open} : tensor<8x2x4x6xf32>
func.func @data_stage(%x: tensor<2x4x6xf32>, %w: tensor<8x6xf32>) -> tensor<2x4x6xf32> {
  %y = gspmd.pipeline %x : tensor<2x4x6xf32> params(%w : tensor<8x6xf32>) on @mesh "stage" -> tensor<2x4x6xf32> {
  ^bb0(%a: tensor<4x6xf32>, %wl: tensor<6xf32>):
    %e = tensor.empty() : tensor<4x6xf32>
    %b = linalg.broadcast ins(%wl : tensor<6xf32>) outs(%e : tensor<4x6xf32>) dimensions = [0]
    %r = arith.addf %a, %b : tensor<4x6xf32>
    gspmd.yield %r : tensor<4x6xf32>
  }
  return %y : tensor<2x4x6xf32>
}
