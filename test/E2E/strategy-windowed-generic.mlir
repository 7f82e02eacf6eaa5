// The windowed loop on a linalg.generic einsum (bmk,kn->bmn) with
// an uneven batch: x (6x16x32 f32) is split by batch on d (6 over 4 or 8
// devices: shards of 2 and 1, the last ones padding) and W (32x32) along
// its contraction rows. Under the budget W rotates around the ring of d;
// the generic is cloned into the loop on chunk-wide slices of x.
// Analytic minimum bytes sent per device (the gather of W or its ring):
// (n-1) * (32/n)*32*4                 n=4: 3072, n=8: 3584
// Held (explain): n=4 gather 16384 B, ring 15360 B (budget 16000 B);
// n=8 gather 10240 B, ring 7424 B (budget 9000 B).
// REQUIRES: mpi
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition{explain=true})' 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: %mpirun -n 4 %gspmd-run %s --check --report | FileCheck %s --check-prefixes=CHECK,N4
// RUN: sed -e 's/"d"=4/"d"=8/' -e 's/memory_budget = 16000/memory_budget = 9000/' %s > %t.8.mlir && %mpirun -n 8 %gspmd-run %t.8.mlir --check --report | FileCheck %s --check-prefixes=CHECK,N8
// PLAN: {i=d} 3072 B, holds 16384 B (over budget);{{.*}}{i=d} ring l of operand 1 over d 3072 B, holds 15360 B <- chosen
// PLAN: scf.for
// PLAN: linalg.generic
// PLAN-SAME: ins({{.*}} : tensor<2x16x8xf32>, tensor<8x32xf32>) outs({{.*}} : tensor<2x16x32xf32>)
// PLAN: gspmd.collective_permute {{.*}} shift = 1 wrap : tensor<8x32xf32>
// N4-NOT: all_gather on
// N4: {{^}}total: {{.*}} sent 3072 B,
// N8-NOT: all_gather on
// N8: {{^}}total: {{.*}} sent 3584 B,
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

#x = affine_map<(b, m, n, k) -> (b, m, k)>
#w = affine_map<(b, m, n, k) -> (k, n)>
#y = affine_map<(b, m, n, k) -> (b, m, n)>
module attributes {gspmd.memory_budget = 16000 : i64} {
gspmd.mesh @mesh ["d"=4]

func.func @main(%x: tensor<6x16x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], [], []]>},
                %w: tensor<32x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>})
    -> (tensor<6x16x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], [], []]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x16x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<6x16x32xf32>) -> tensor<6x16x32xf32>
  %y = linalg.generic {indexing_maps = [#x, #w, #y],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %w : tensor<6x16x32xf32>, tensor<32x32xf32>) outs(%f : tensor<6x16x32xf32>)
      attrs = {gspmd.sharding = [#gspmd.tiled<@mesh, [["d"], [], []]>]} {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<6x16x32xf32>
  return %y : tensor<6x16x32xf32>
}
}
