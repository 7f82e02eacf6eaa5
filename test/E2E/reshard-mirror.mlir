// The reshard planner is symmetric on a 2x4 mesh (x=2, y=4), 16x8 f32:
// [["y"], ["x"]] -> [["x", "y"], []] is an all_to_all of x (32 B) and a
// collective_permute (64 B); the reverse is the mirrored plan, a
// collective_permute (64 B) then an all_to_all of x (32 B), not an
// all_gather of y (192 B) and an all_to_all (128 B): 96 B each way, not
// 320 B back. The uneven RUN (14x6) pads the all_to_all instead.
// REQUIRES: mpi
// RUN: %mpirun -n 8 %gspmd-run %s --check --report | FileCheck %s --check-prefixes=CHECK,N8
// RUN: sed 's/16x8/14x6/g' %s > %t.u.mlir && %mpirun -n 8 %gspmd-run %t.u.mlir --check | FileCheck %s
// RUN: %if xla %{ %gspmd-xla-run %s --check | FileCheck %s %}
// N8-NOT: all_gather
// N8: @main: collective_permute on @mesh ["x", "y"] to ["y", "x"] group 8: in tensor<2x8xf32> 64 B, sent 64 B
// N8: @main: all_to_all on @mesh ["x"] group 2: in tensor<2x8xf32> 64 B, sent 32 B
// N8-NOT: all_gather
// N8: {{^}}total: {{.*}} sent 96 B,
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<16x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>})
    -> (tensor<16x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>}) {
  %t = math.tanh %a : tensor<16x8xf32>
  %r = gspmd.sharding_constraint %t, #gspmd.tiled<@mesh, [["y"], ["x"]]> : tensor<16x8xf32>
  %e = math.exp %r : tensor<16x8xf32>
  return %e : tensor<16x8xf32>
}
