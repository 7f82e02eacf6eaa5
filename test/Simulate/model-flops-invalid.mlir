// RUN: gspmd-opt %s -split-input-file -verify-diagnostics

// gspmd.model_flops (gspmd-model-flops) is a non-negative f64 on a module.
// expected-error @+1 {{'gspmd.model_flops' must be a non-negative float on a module}}
module attributes {gspmd.model_flops = 12 : i64} {
}

// -----

// expected-error @+1 {{'gspmd.model_flops' must be a non-negative float on a module}}
module attributes {gspmd.model_flops = -1.0 : f64} {
}

// -----

module {
  // expected-error @+1 {{'gspmd.model_flops' must be a non-negative float on a module}}
  func.func @f() attributes {gspmd.model_flops = 1.0 : f64} {
    return
  }
}

// -----

module attributes {gspmd.model_flops = 1.5e+12 : f64} {
}
