// RUN: gspmd-opt %s -split-input-file -verify-diagnostics

// Every verifier diagnostic of gspmd.pipeline and gspmd.yield, one per split.

gspmd.mesh @mesh ["stage"=2]

func.func @f(%x: tensor<?x4xf32>, %w: tensor<2x4xf32>, %s: tensor<4xf32>) -> tensor<?x4xf32> {
  // expected-error@+1 {{'gspmd.pipeline' op input 'tensor<?x4xf32>' must have a static shape [M, ...] with M >= 1 micro-batches}}
  %y = gspmd.pipeline %x : tensor<?x4xf32> params(%w : tensor<2x4xf32>) on @mesh "stage" -> tensor<?x4xf32> {
  ^bb0(%a: tensor<4xf32>, %wl: tensor<4xf32>):
    gspmd.yield %a : tensor<4xf32>
  }
  return %y : tensor<?x4xf32>
}

// -----

gspmd.mesh @mesh ["stage"=2]

func.func @f(%x: tensor<0x4xf32>, %w: tensor<2x4xf32>, %s: tensor<4xf32>) -> tensor<0x4xf32> {
  // expected-error@+1 {{'gspmd.pipeline' op input 'tensor<0x4xf32>' must have a static shape [M, ...] with M >= 1 micro-batches}}
  %y = gspmd.pipeline %x : tensor<0x4xf32> params(%w : tensor<2x4xf32>) on @mesh "stage" -> tensor<0x4xf32> {
  ^bb0(%a: tensor<4xf32>, %wl: tensor<4xf32>):
    gspmd.yield %a : tensor<4xf32>
  }
  return %y : tensor<0x4xf32>
}

// -----

gspmd.mesh @mesh ["stage"=2]

func.func @f(%x: tensor<8x4xf32>, %w: tensor<2x4xf32>, %s: tensor<4xf32>) -> tensor<8x5xf32> {
  // expected-error@+1 {{'gspmd.pipeline' op result type 'tensor<8x5xf32>' must be the input type 'tensor<8x4xf32>'}}
  %y = gspmd.pipeline %x : tensor<8x4xf32> params(%w : tensor<2x4xf32>) on @mesh "stage" -> tensor<8x5xf32> {
  ^bb0(%a: tensor<4xf32>, %wl: tensor<4xf32>):
    gspmd.yield %a : tensor<4xf32>
  }
  return %y : tensor<8x5xf32>
}

// -----

gspmd.mesh @mesh ["stage"=2]

func.func @f(%x: tensor<8x4xf32>, %w: tensor<2x4xf32>, %s: tensor<4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'gspmd.pipeline' op repeats = 0 must be >= 1}}
  %y = gspmd.pipeline %x : tensor<8x4xf32> params(%w : tensor<2x4xf32>) on @mesh "stage" repeats = 0 -> tensor<8x4xf32> {
  ^bb0(%a: tensor<4xf32>, %wl: tensor<4xf32>):
    gspmd.yield %a : tensor<4xf32>
  }
  return %y : tensor<8x4xf32>
}

// -----

gspmd.mesh @mesh ["stage"=2]

func.func @f(%x: tensor<8x4xf32>, %w: tensor<2x4xf32>, %s: tensor<4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'gspmd.pipeline' op parameter #0 'tensor<2x4xf32>' must be stacked [R, L, ...] with R = repeats = 3}}
  %y = gspmd.pipeline %x : tensor<8x4xf32> params(%w : tensor<2x4xf32>) on @mesh "stage" repeats = 3 -> tensor<8x4xf32> {
  ^bb0(%a: tensor<4xf32>, %wl: tensor<4xf32>):
    gspmd.yield %a : tensor<4xf32>
  }
  return %y : tensor<8x4xf32>
}

// -----

gspmd.mesh @mesh ["stage"=2]

func.func @f(%x: tensor<8x4xf32>, %w: tensor<f32>, %s: tensor<4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'gspmd.pipeline' op parameter #0 'tensor<f32>' must have a static shape [L, ...]}}
  %y = gspmd.pipeline %x : tensor<8x4xf32> params(%w : tensor<f32>) on @mesh "stage" -> tensor<8x4xf32> {
  ^bb0(%a: tensor<4xf32>, %wl: tensor<f32>):
    gspmd.yield %a : tensor<4xf32>
  }
  return %y : tensor<8x4xf32>
}

// -----

gspmd.mesh @mesh ["stage"=2]

func.func @f(%x: tensor<8x4xf32>, %w: tensor<2x4xf32>, %s: tensor<4xf32>, %w2: tensor<4x4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'gspmd.pipeline' op heterogeneous stages: parameter #1 stacks 4 stages, parameter #0 2}}
  %y = gspmd.pipeline %x : tensor<8x4xf32> params(%w, %w2 : tensor<2x4xf32>, tensor<4x4xf32>) on @mesh "stage" -> tensor<8x4xf32> {
  ^bb0(%a: tensor<4xf32>, %wl: tensor<4xf32>, %w2l: tensor<4xf32>):
    gspmd.yield %a : tensor<4xf32>
  }
  return %y : tensor<8x4xf32>
}

// -----

gspmd.mesh @mesh ["stage"=2]

func.func @f(%x: tensor<8x4xf32>, %w: tensor<2x4xf32>, %s: tensor<4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'gspmd.pipeline' op region takes 1 arguments, expected 2 (activation, one per parameter, one per side input)}}
  %y = gspmd.pipeline %x : tensor<8x4xf32> params(%w : tensor<2x4xf32>) on @mesh "stage" -> tensor<8x4xf32> {
  ^bb0(%a: tensor<4xf32>):
    gspmd.yield %a : tensor<4xf32>
  }
  return %y : tensor<8x4xf32>
}

// -----

gspmd.mesh @mesh ["stage"=2]

func.func @f(%x: tensor<8x4xf32>, %w: tensor<2x4xf32>, %s: tensor<4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'gspmd.pipeline' op region argument #0 has type 'tensor<8xf32>', expected one micro-batch 'tensor<4xf32>'}}
  %y = gspmd.pipeline %x : tensor<8x4xf32> params(%w : tensor<2x4xf32>) on @mesh "stage" -> tensor<8x4xf32> {
  ^bb0(%a: tensor<8xf32>, %wl: tensor<4xf32>):
    gspmd.yield %wl : tensor<4xf32>
  }
  return %y : tensor<8x4xf32>
}

// -----

gspmd.mesh @mesh ["stage"=2]

func.func @f(%x: tensor<8x4xf32>, %w: tensor<2x4xf32>, %s: tensor<4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'gspmd.pipeline' op region argument #1 has type 'tensor<4xf16>', expected one stage's slice 'tensor<4xf32>' of parameter #0}}
  %y = gspmd.pipeline %x : tensor<8x4xf32> params(%w : tensor<2x4xf32>) on @mesh "stage" -> tensor<8x4xf32> {
  ^bb0(%a: tensor<4xf32>, %wl: tensor<4xf16>):
    gspmd.yield %a : tensor<4xf32>
  }
  return %y : tensor<8x4xf32>
}

// -----

gspmd.mesh @mesh ["stage"=2]

func.func @f(%x: tensor<8x4xf32>, %w: tensor<2x4xf32>, %s: tensor<4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'gspmd.pipeline' op region argument #2 has type 'tensor<5xf32>', expected the side input's 'tensor<4xf32>'}}
  %y = gspmd.pipeline %x : tensor<8x4xf32> params(%w : tensor<2x4xf32>) side(%s : tensor<4xf32>) on @mesh "stage" -> tensor<8x4xf32> {
  ^bb0(%a: tensor<4xf32>, %wl: tensor<4xf32>, %sl: tensor<5xf32>):
    gspmd.yield %a : tensor<4xf32>
  }
  return %y : tensor<8x4xf32>
}

// -----

gspmd.mesh @mesh ["stage"=2]

func.func @f(%x: tensor<8x4xf32>, %w: tensor<2x4xf32>, %s: tensor<4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'gspmd.pipeline' op region must yield one activation of type 'tensor<4xf32>' (the next stage's input)}}
  %y = gspmd.pipeline %x : tensor<8x4xf32> params(%w : tensor<2x4xf32>) on @mesh "stage" -> tensor<8x4xf32> {
  ^bb0(%a: tensor<4xf32>, %wl: tensor<4xf32>):
    gspmd.yield %a, %wl : tensor<4xf32>, tensor<4xf32>
  }
  return %y : tensor<8x4xf32>
}

// -----

gspmd.mesh @mesh ["stage"=2]

func.func @f(%x: tensor<8x4xf32>, %w: tensor<2x4xf32>, %s: tensor<4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'gspmd.pipeline' op unknown mesh @nomesh}}
  %y = gspmd.pipeline %x : tensor<8x4xf32> params(%w : tensor<2x4xf32>) on @nomesh "stage" -> tensor<8x4xf32> {
  ^bb0(%a: tensor<4xf32>, %wl: tensor<4xf32>):
    gspmd.yield %a : tensor<4xf32>
  }
  return %y : tensor<8x4xf32>
}

// -----

gspmd.mesh @mesh ["stage"=2]

func.func @f(%x: tensor<8x4xf32>, %w: tensor<2x4xf32>, %s: tensor<4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'gspmd.pipeline' op unknown mesh axis "pipe" in mesh @mesh}}
  %y = gspmd.pipeline %x : tensor<8x4xf32> params(%w : tensor<2x4xf32>) on @mesh "pipe" -> tensor<8x4xf32> {
  ^bb0(%a: tensor<4xf32>, %wl: tensor<4xf32>):
    gspmd.yield %a : tensor<4xf32>
  }
  return %y : tensor<8x4xf32>
}

// -----

gspmd.mesh @mesh ["stage"=2]

func.func @f(%x: tensor<8x4xf32>, %w: tensor<3x4xf32>, %s: tensor<4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'gspmd.pipeline' op 3 stages do not divide over mesh axis "stage" of size 2 (L must be a multiple of the axis size)}}
  %y = gspmd.pipeline %x : tensor<8x4xf32> params(%w : tensor<3x4xf32>) on @mesh "stage" -> tensor<8x4xf32> {
  ^bb0(%a: tensor<4xf32>, %wl: tensor<4xf32>):
    gspmd.yield %a : tensor<4xf32>
  }
  return %y : tensor<8x4xf32>
}

// -----

gspmd.mesh @mesh ["stage"=2]

func.func @f(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'gspmd.pipeline' op needs at least one stage-stacked parameter (its leading dim gives the number of stages)}}
  %y = "gspmd.pipeline"(%x) <{mesh = @mesh, axis = "stage", operandSegmentSizes = array<i32: 1, 0, 0>}> ({
  ^bb0(%a: tensor<4xf32>):
    gspmd.yield %a : tensor<4xf32>
  }) : (tensor<8x4xf32>) -> tensor<8x4xf32>
  return %y : tensor<8x4xf32>
}

// -----

func.func @f(%x: tensor<4xf32>) {
  // expected-error@+1 {{'gspmd.yield' op expects parent op 'gspmd.pipeline'}}
  gspmd.yield %x : tensor<4xf32>
}
