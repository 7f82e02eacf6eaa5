// The windowed loop on a 2-D mesh: x (64x32 f32) is split by rows
// on "data" and FSDP's weight W (32x32) along its input rows on both axes
// ["data", "fsdp"] (@both) or on "fsdp" only (@fsdp_axis). Under the budget
// W is never gathered: its chunks rotate around the ring of the axes that
// split it (all devices, or each "fsdp" group), x keeps its row split, and
// y = x W comes out split on "data" as annotated.
// Analytic minimum bytes sent per device (n ring devices, c = 32/n rows of
// W): (n-1) * c*32*4
//   @both      2x2 (n=4): 3072    2x4 (n=8): 3584
//   @fsdp_axis 2x4 (n=4): 3072
// Held per device (x 4096 B, the init of y and y 2*4096 B under the plan):
//   gather: + W 4096 = 16384 B (over the 16000 B budget)
//   @both ring: + 2 chunks + x's chunk-wide slice: 2x2: 2048 + 1024 =
//   15360 B; 2x4: 1024 + 512 = 13824 B; @fsdp_axis 2x4: 2048 + 1024 = 15360 B
// REQUIRES: mpi
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition{explain=true})' 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: %mpirun -n 4 %gspmd-run %s --entry both --check --report | FileCheck %s --check-prefixes=CHECK,N4
// RUN: sed -e 's/"fsdp"=2/"fsdp"=4/' %s > %t.8.mlir
// RUN: %mpirun -n 8 %gspmd-run %t.8.mlir --entry both --check --report | FileCheck %s --check-prefixes=CHECK,N8
// RUN: %mpirun -n 8 %gspmd-run %t.8.mlir --entry fsdp_axis --check --report | FileCheck %s --check-prefixes=CHECK,F8
// RUN: gspmd-opt %t.8.mlir --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition{explain=true})' 2>&1 | FileCheck %s --check-prefix=PLAN8
// PLAN: {i=data} ring k of operand 1 over data,fsdp 3072 B, holds 15360 B <- chosen
// On 2x2 a ring of two (over "fsdp") holds both halves of W and a slice of
// x: more than the gather; splitting the contraction on "fsdp" fits.
// PLAN: {i=data, k=fsdp} 4096 B, holds 14336 B (default) <- chosen;{{.*}}{i=data} ring k of operand 1 over fsdp 2048 B, holds 18432 B (over budget)
// PLAN8: {i=data} ring k of operand 1 over data,fsdp 3584 B, holds 13824 B <- chosen
// PLAN8: {i=data} ring k of operand 1 over fsdp 3072 B, holds 15360 B <- chosen
// The report covers the module; the run's traffic is the entry's.
// N4-NOT: @both: all_gather
// N4: @both: collective_permute on @mesh ["data", "fsdp"] group 4: in tensor<8x32xf32> 1024 B, {{.*}} x3 (loop trip count)
// N4-NOT: @both: all_gather
// N4: {{^ *}}all {{ *}}calls 3, sent 3072 B
// N8-NOT: @both: all_gather
// N8: @both: collective_permute on @mesh ["data", "fsdp"] group 8: in tensor<4x32xf32> 512 B, {{.*}} x7 (loop trip count)
// N8-NOT: @both: all_gather
// N8: {{^ *}}all {{ *}}calls 7, sent 3584 B
// F8-NOT: @fsdp_axis: all_gather
// F8: @fsdp_axis: collective_permute on @mesh ["fsdp"] group 4: in tensor<8x32xf32> 1024 B, {{.*}} x3 (loop trip count)
// F8-NOT: @fsdp_axis: all_gather
// F8: {{^ *}}all {{ *}}calls 3, sent 3072 B
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

module attributes {gspmd.memory_budget = 16000 : i64} {
gspmd.mesh @mesh ["data"=2, "fsdp"=2]

func.func @both(%x: tensor<64x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
                %w: tensor<32x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data", "fsdp"], []]>})
    -> (tensor<64x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x32xf32>) -> tensor<64x32xf32>
  %y = linalg.matmul {gspmd.sharding = [#gspmd.partially_tiled<@mesh, [["data"], []]>]}
      ins(%x, %w : tensor<64x32xf32>, tensor<32x32xf32>) outs(%f : tensor<64x32xf32>) -> tensor<64x32xf32>
  return %y : tensor<64x32xf32>
}

func.func @fsdp_axis(%x: tensor<64x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
                     %w: tensor<32x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["fsdp"], []]>})
    -> (tensor<64x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x32xf32>) -> tensor<64x32xf32>
  %y = linalg.matmul {gspmd.sharding = [#gspmd.partially_tiled<@mesh, [["data"], []]>]}
      ins(%x, %w : tensor<64x32xf32>, tensor<32x32xf32>) outs(%f : tensor<64x32xf32>) -> tensor<64x32xf32>
  return %y : tensor<64x32xf32>
}
}
