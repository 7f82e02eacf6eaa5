// RUN: gspmd-opt %s -split-input-file --gspmd-pipeline -verify-diagnostics
// RUN: not gspmd-opt %s -split-input-file --gspmd-pipeline 2>&1 | FileCheck %s

// An op of the stage the vectoriser cannot handle is an error at that op
// naming it; the pass fails and nothing is emitted (no module, no loop).
// CHECK-NOT: scf.for
// CHECK-NOT: func.func
// CHECK: error: gspmd-pipeline: cannot vectorise 'tensor.extract'
// CHECK-NOT: scf.for
// CHECK-NOT: func.func
// CHECK: error: gspmd-pipeline: cannot vectorise 'tensor.reshape'
// CHECK-NOT: scf.for
// CHECK-NOT: func.func

gspmd.mesh @mesh ["stage"=2]

func.func @extract(%x: tensor<3x4xf32>, %w: tensor<2x4xf32>) -> tensor<3x4xf32> {
  %y = gspmd.pipeline %x : tensor<3x4xf32> params(%w : tensor<2x4xf32>) on @mesh "stage" -> tensor<3x4xf32> {
  ^bb0(%a: tensor<4xf32>, %wl: tensor<4xf32>):
    %c0 = arith.constant 0 : index
    // expected-error@+1 {{gspmd-pipeline: cannot vectorise 'tensor.extract' over the stage dim}}
    %v = tensor.extract %a[%c0] : tensor<4xf32>
    %b = tensor.splat %v : tensor<4xf32>
    %s = arith.addf %b, %wl : tensor<4xf32>
    gspmd.yield %s : tensor<4xf32>
  }
  return %y : tensor<3x4xf32>
}

// -----

gspmd.mesh @mesh ["stage"=2]

func.func @reshape(%x: tensor<3x4xf32>, %w: tensor<2x4xf32>, %shape: tensor<2xindex>) -> tensor<3x4xf32> {
  %y = gspmd.pipeline %x : tensor<3x4xf32> params(%w : tensor<2x4xf32>) side(%shape : tensor<2xindex>) on @mesh "stage" -> tensor<3x4xf32> {
  ^bb0(%a: tensor<4xf32>, %wl: tensor<4xf32>, %sh: tensor<2xindex>):
    %s = arith.addf %a, %wl : tensor<4xf32>
    // expected-error@+1 {{gspmd-pipeline: cannot vectorise 'tensor.reshape' over the stage dim}}
    %r = tensor.reshape %s(%sh) : (tensor<4xf32>, tensor<2xindex>) -> tensor<2x2xf32>
    %c = tensor.collapse_shape %r [[0, 1]] : tensor<2x2xf32> into tensor<4xf32>
    gspmd.yield %c : tensor<4xf32>
  }
  return %y : tensor<3x4xf32>
}
