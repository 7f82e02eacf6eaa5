// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/round.machine entry=shared})' -o /dev/null | FileCheck %s --check-prefix=SHARED
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/round.machine entry=chain})' -o /dev/null | FileCheck %s --check-prefix=CHAIN

// A result takes its destination's buffer only when nothing later reads the
// destination, as bufferization decides. In @shared one tensor.empty (1024
// B) is the destination of three linalg ops: %a and %b are still needed
// when %c is made, so each has a buffer of its own, and %c (the last reader
// of %e) writes into %e's: 3 x 1024 B at the add. (Sharing one buffer for
// all four, as before, gave 1024 B.)
// SHARED: memory per device: arguments 1024 B, constants 0 B, temporaries peak 3072 B
// In @chain each op writes into the previous result, read by nothing after
// it: one buffer throughout.
// CHAIN: memory per device: arguments 1024 B, constants 0 B, temporaries peak 1024 B

#id = affine_map<(i) -> (i)>

func.func @shared(%x: tensor<256xf32>) -> tensor<256xf32> {
  %e = tensor.empty() : tensor<256xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<256xf32>) outs(%e : tensor<256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<256xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<256xf32>) outs(%e : tensor<256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = math.exp %in : f32
    linalg.yield %n : f32
  } -> tensor<256xf32>
  %c = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<256xf32>, tensor<256xf32>) outs(%e : tensor<256xf32>) {
  ^bb0(%p: f32, %q: f32, %out: f32):
    %s = arith.addf %p, %q : f32
    linalg.yield %s : f32
  } -> tensor<256xf32>
  return %c : tensor<256xf32>
}

func.func @chain(%x: tensor<256xf32>) -> tensor<256xf32> {
  %e = tensor.empty() : tensor<256xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<256xf32>) outs(%e : tensor<256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<256xf32>
  %b = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
      outs(%a : tensor<256xf32>) {
  ^bb0(%out: f32):
    %n = math.exp %out : f32
    linalg.yield %n : f32
  } -> tensor<256xf32>
  return %b : tensor<256xf32>
}
