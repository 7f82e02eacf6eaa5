// The memory budget counts the values live across an op: the
// matmul of @live has x (64x32 f32) and FSDP's W (32x32, split on its input
// rows) as in strategy-windowed-loop.mlir, and b (64x32, split by rows: 2048
// B a device at n=4) is a function argument, held throughout (the caller
// owns it). Held at n=4 (LiveBytes.c: the function's arguments and the
// values defined before the op and used after it, not its operands): gather
// of W 10240 B + 2048 B live = 12288 B, over the 11500 B budget; the ring
// 8704 + 2048 = 10752 B fits, so W is never gathered. In @dead the matmul
// reads 2W, made from W and its negation wt (1024 B a device) before it: wt
// is read before the matmul only and is not counted, W (an argument) is,
// and the gather (10240 + 1024 B) fits. Bytes sent per device (n=4): the
// ring or the gather of W, 3*1024 = 3072 B. At n=8 both fit by gathering
// (7168 + 1024 B): 7*512 = 3584 B.
// REQUIRES: mpi
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition{explain=true})' 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: %mpirun -n 4 %gspmd-run %s --entry live --check --report | FileCheck %s --check-prefixes=CHECK,LIVE4
// RUN: %mpirun -n 4 %gspmd-run %s --entry dead --check --report | FileCheck %s --check-prefixes=CHECK,DEAD4
// RUN: sed -e 's/"d"=4/"d"=8/' %s > %t.8.mlir && %mpirun -n 8 %gspmd-run %t.8.mlir --entry live --check --report | FileCheck %s --check-prefixes=CHECK,LIVE8
// PLAN: {i=d} 3072 B, holds 10240 B (over budget);{{.*}}{i=d} ring k of operand 1 over d 3072 B, holds 8704 B <- chosen; budget 11500 B, 2048 B live across the op
// PLAN: {i=d} 3072 B, holds 10240 B <- chosen;{{.*}}; budget 11500 B, 1024 B live across the op
// The report covers the module; the run's traffic is the entry's.
// LIVE4: @live: collective_permute on @mesh ["d"] group 4: in tensor<8x32xf32> 1024 B, {{.*}} x3 (loop trip count)
// LIVE4-NOT: @live: all_gather
// LIVE4: {{^ *}}all_gather {{ *}}calls 0,
// LIVE4: {{^ *}}all {{ *}}calls 3, sent 3072 B
// DEAD4: @dead: all_gather on @mesh ["d"] group 4: in tensor<8x32xf32>
// DEAD4: {{^ *}}collective_permute {{ *}}calls 0,
// DEAD4: {{^ *}}all {{ *}}calls 1, sent 3072 B
// LIVE8: {{^ *}}collective_permute {{ *}}calls 0,
// LIVE8: {{^ *}}all {{ *}}calls 1, sent 3584 B
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

module attributes {gspmd.memory_budget = 11500 : i64} {
gspmd.mesh @mesh ["d"=4]

func.func @live(%x: tensor<64x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>},
                %w: tensor<32x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>},
                %b: tensor<64x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>})
    -> (tensor<64x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x32xf32>) -> tensor<64x32xf32>
  %y = linalg.matmul {gspmd.sharding = [#gspmd.tiled<@mesh, [["d"], []]>]}
      ins(%x, %w : tensor<64x32xf32>, tensor<32x32xf32>) outs(%f : tensor<64x32xf32>) -> tensor<64x32xf32>
  %s = arith.addf %y, %b {gspmd.sharding = [#gspmd.tiled<@mesh, [["d"], []]>]} : tensor<64x32xf32>
  return %s : tensor<64x32xf32>
}

func.func @dead(%x: tensor<64x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>},
                %w: tensor<32x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>})
    -> (tensor<64x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>}) {
  %z = arith.constant 0.0 : f32
  %wt = arith.negf %w {gspmd.sharding = [#gspmd.tiled<@mesh, [["d"], []]>]} : tensor<32x32xf32>
  %w2 = arith.subf %w, %wt {gspmd.sharding = [#gspmd.tiled<@mesh, [["d"], []]>]} : tensor<32x32xf32>
  %e = tensor.empty() : tensor<64x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x32xf32>) -> tensor<64x32xf32>
  %y = linalg.matmul {gspmd.sharding = [#gspmd.tiled<@mesh, [["d"], []]>]}
      ins(%x, %w2 : tensor<64x32xf32>, tensor<32x32xf32>) outs(%f : tensor<64x32xf32>) -> tensor<64x32xf32>
  return %y : tensor<64x32xf32>
}
}
