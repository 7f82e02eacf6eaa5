// RUN: gspmd-opt %s -split-input-file -verify-diagnostics

// Heterogeneous stages under the circular schedule (repeats = R > 1): every
// parameter must be stacked [R, L, ...] alike and the region must take one
// stage's slice (both leading dims dropped). One stage region serves every
// stage and repeat, so per-stage differing shapes cannot be written; these
// are the ways stacking can disagree. (R = 1 cases: pipeline-invalid.mlir.)

gspmd.mesh @mesh ["stage"=2]

func.func @f(%x: tensor<8x4xf32>, %w: tensor<2x2x4xf32>, %w2: tensor<2x4x4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'gspmd.pipeline' op heterogeneous stages: parameter #1 stacks 4 stages, parameter #0 2}}
  %y = gspmd.pipeline %x : tensor<8x4xf32> params(%w, %w2 : tensor<2x2x4xf32>, tensor<2x4x4xf32>) on @mesh "stage" repeats = 2 -> tensor<8x4xf32> {
  ^bb0(%a: tensor<4xf32>, %wl: tensor<4xf32>, %w2l: tensor<4xf32>):
    gspmd.yield %a : tensor<4xf32>
  }
  return %y : tensor<8x4xf32>
}

// -----

gspmd.mesh @mesh ["stage"=2]

func.func @f(%x: tensor<8x4xf32>, %w: tensor<2x2x4xf32>, %w2: tensor<3x2x4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'gspmd.pipeline' op parameter #1 'tensor<3x2x4xf32>' must be stacked [R, L, ...] with R = repeats = 2}}
  %y = gspmd.pipeline %x : tensor<8x4xf32> params(%w, %w2 : tensor<2x2x4xf32>, tensor<3x2x4xf32>) on @mesh "stage" repeats = 2 -> tensor<8x4xf32> {
  ^bb0(%a: tensor<4xf32>, %wl: tensor<4xf32>, %w2l: tensor<4xf32>):
    gspmd.yield %a : tensor<4xf32>
  }
  return %y : tensor<8x4xf32>
}

// -----

gspmd.mesh @mesh ["stage"=2]

func.func @f(%x: tensor<8x4xf32>, %w: tensor<2xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'gspmd.pipeline' op parameter #0 'tensor<2xf32>' must have a static shape [R, L, ...]}}
  %y = gspmd.pipeline %x : tensor<8x4xf32> params(%w : tensor<2xf32>) on @mesh "stage" repeats = 2 -> tensor<8x4xf32> {
  ^bb0(%a: tensor<4xf32>, %wl: tensor<f32>):
    gspmd.yield %a : tensor<4xf32>
  }
  return %y : tensor<8x4xf32>
}

// -----

gspmd.mesh @mesh ["stage"=2]

// A region taking one repeat's stack [L, ...] instead of one stage's slice.
func.func @f(%x: tensor<8x4xf32>, %w: tensor<2x2x4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'gspmd.pipeline' op region argument #1 has type 'tensor<2x4xf32>', expected one stage's slice 'tensor<4xf32>' of parameter #0}}
  %y = gspmd.pipeline %x : tensor<8x4xf32> params(%w : tensor<2x2x4xf32>) on @mesh "stage" repeats = 2 -> tensor<8x4xf32> {
  ^bb0(%a: tensor<4xf32>, %wl: tensor<2x4xf32>):
    gspmd.yield %a : tensor<4xf32>
  }
  return %y : tensor<8x4xf32>
}

// -----

gspmd.mesh @mesh ["stage"=4]

func.func @f(%x: tensor<8x4xf32>, %w: tensor<2x6x4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'gspmd.pipeline' op 6 stages do not divide over mesh axis "stage" of size 4 (L must be a multiple of the axis size)}}
  %y = gspmd.pipeline %x : tensor<8x4xf32> params(%w : tensor<2x6x4xf32>) on @mesh "stage" repeats = 2 -> tensor<8x4xf32> {
  ^bb0(%a: tensor<4xf32>, %wl: tensor<4xf32>):
    gspmd.yield %a : tensor<4xf32>
  }
  return %y : tensor<8x4xf32>
}
