// Ops and inputs without a StableHLO mapping: an error at the op, a failed
// pass, and no output file.
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-export-stablehlo)' %s -split-input-file -verify-diagnostics -o /dev/null
// RUN: rm -f %t.mlir && not gspmd-opt --pass-pipeline='builtin.module(gspmd-export-stablehlo{output=%t.mlir})' %s -split-input-file -o /dev/null 2>/dev/null && test ! -e %t.mlir
// RUN: not gspmd-opt --pass-pipeline='builtin.module(gspmd-export-stablehlo{form=tpu})' %s -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: gspmd-export-stablehlo: option 'form' expects one of spmd|global, got 'tpu'

func.func @main(%a: tensor<8xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  // expected-error @+1 {{negative coefficient in an indexing map has no mapping}}
  %g = linalg.generic {indexing_maps = [affine_map<(i, k) -> (i - k + 4)>, affine_map<(i, k) -> (k)>, affine_map<(i, k) -> (i)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<8xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %g : tensor<4xf32>
}

// -----

func.func @main(%a: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  // expected-error @+1 {{divides by a non-constant or non-positive value}}
  %g = linalg.generic {indexing_maps = [affine_map<(i) -> (i floordiv -2 + 4)>, affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]}
      ins(%a : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<8xf32>
  return %g : tensor<8xf32>
}

// -----

// expected-error @+1 {{argument 0 has no StableHLO type}}
func.func @main(%a: tensor<?xf32>) -> tensor<?xf32> {
  return %a : tensor<?xf32>
}

// -----

func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{op 'math.copysign' has no StableHLO mapping}}
  %0 = math.copysign %a, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @main(%a: tensor<8x4xi32>) -> tensor<8xi32> {
  %e = tensor.empty() : tensor<8xi32>
  // expected-error @+1 {{reduction body of output 0 is not `yield combiner(acc, x)`}}
  %g = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<8x4xi32>) outs(%e : tensor<8xi32>) {
  ^bb0(%x: i32, %o: i32):
    %s = arith.subi %o, %x : i32
    linalg.yield %s : i32
  } -> tensor<8xi32>
  return %g : tensor<8xi32>
}
