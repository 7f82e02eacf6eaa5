// RUN: gspmd-opt %s -split-input-file --gspmd-pipeline | FileCheck %s

// The shift by one stage at the top of each iteration: rows [0, L-1) of the
// state move to [1, L) by an extract_slice and a tensor.pad of one zero row
// in front (a halo of one row on a split stage dim, which partitioning makes
// one collective_permute); with L = 1 there is nothing to shift.

gspmd.mesh @mesh ["stage"=2]

// CHECK-LABEL: func.func @l4
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ST:[^ ]*]] = %{{.*}}, %{{.*}} = %{{.*}}) -> (tensor<4x3x5xf32>, tensor<4x2x3x5xf32>) {
// CHECK-NEXT: %[[HEAD:.*]] = tensor.extract_slice %[[ST]][0, 0, 0] [3, 3, 5] [1, 1, 1] : tensor<4x3x5xf32> to tensor<3x3x5xf32>
// CHECK-NEXT: %[[SH:.*]] = tensor.pad %[[HEAD]] low[1, 0, 0] high[0, 0, 0] {
// CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: index):
// CHECK-NEXT: tensor.yield %[[ZERO]] : f32
// CHECK-NEXT: } : tensor<3x3x5xf32> to tensor<4x3x5xf32>
// The shifted state is what the injection reads.
// CHECK: linalg.generic {{.*}} ins(%[[SH]], %{{.*}} : tensor<4x3x5xf32>, tensor<3x5xf32>)
func.func @l4(%x: tensor<2x3x5xf32>, %w: tensor<4x5xf32>) -> tensor<2x3x5xf32> {
  %y = gspmd.pipeline %x : tensor<2x3x5xf32> params(%w : tensor<4x5xf32>) on @mesh "stage" -> tensor<2x3x5xf32> {
  ^bb0(%a: tensor<3x5xf32>, %wl: tensor<5xf32>):
    %e = tensor.empty() : tensor<3x5xf32>
    %b = linalg.broadcast ins(%wl : tensor<5xf32>) outs(%e : tensor<3x5xf32>) dimensions = [0]
    %s = arith.mulf %a, %b : tensor<3x5xf32>
    gspmd.yield %s : tensor<3x5xf32>
  }
  return %y : tensor<2x3x5xf32>
}

// -----

gspmd.mesh @mesh ["stage"=1]

// L = 1: no slice, no pad; the state (an identity cast of it) goes straight
// to the injection.
// CHECK-LABEL: func.func @l1
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ST:[^ ]*]] = %{{.*}}, %{{.*}} = %{{.*}}) -> (tensor<1x5xf32>, tensor<1x3x5xf32>) {
// CHECK-NEXT: %[[C:.*]] = tensor.cast %[[ST]] : tensor<1x5xf32> to tensor<1x5xf32>
// CHECK-NOT: tensor.pad
// CHECK: linalg.generic {{.*}} ins(%[[C]], %{{.*}} : tensor<1x5xf32>, tensor<5xf32>)
// CHECK: scf.yield
func.func @l1(%x: tensor<3x5xf32>, %w: tensor<1x5xf32>) -> tensor<3x5xf32> {
  %y = gspmd.pipeline %x : tensor<3x5xf32> params(%w : tensor<1x5xf32>) on @mesh "stage" -> tensor<3x5xf32> {
  ^bb0(%a: tensor<5xf32>, %wl: tensor<5xf32>):
    %s = arith.addf %a, %wl : tensor<5xf32>
    gspmd.yield %s : tensor<5xf32>
  }
  return %y : tensor<3x5xf32>
}
