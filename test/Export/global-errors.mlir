// The global form has no SPMD ops: a collective in it is an error.
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-export-stablehlo{form=global})' %s -verify-diagnostics -o /dev/null

gspmd.mesh @mesh ["x"=2]

func.func @main(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{SPMD op in the global form}}
  %0 = gspmd.all_reduce %a on @mesh ["x"] reduce = sum : tensor<8xf32>
  return %0 : tensor<8xf32>
}
