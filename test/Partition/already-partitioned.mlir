// A partitioned module has local types; partitioning it again would read
// them as global and compute garbage, so the pass refuses with an error.
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-spmd)' -verify-diagnostics

gspmd.mesh @mesh ["x"=2]
// expected-error@+1 {{gspmd-partition: function is already partitioned (its arguments or results carry gspmd.global_type)}}
func.func @f(%a: tensor<4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"]]>, gspmd.global_type = tensor<8xf32>}) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
