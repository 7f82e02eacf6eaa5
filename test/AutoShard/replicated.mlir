// A tiny program stays replicated: its result is wanted whole, so any
// split would send bytes (the explain remark names the cheapest split,
// 48 B) and memory is plentiful.
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{explain=true})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPLAIN
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard)' %s 2>/dev/null | FileCheck %s --check-prefix=IR
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard,gspmd-spmd,gspmd-comm-report)' %s -o /dev/null 2>%t.err >%t.out && cat %t.err %t.out | FileCheck %s --check-prefix=BYTES

// IR-LABEL: func.func @tiny
// IR-SAME: %arg0: tensor<4x8xf32> {gspmd.sharding = #gspmd.replicated}
// IR-SAME: %arg1: tensor<8x4xf32> {gspmd.sharding = #gspmd.replicated}
// IR: linalg.matmul {gspmd.sharding = [#gspmd.replicated]}

// EXPLAIN: remark: gspmd-auto-shard: {} 0 B (combine 0 B) of 6 strategies; runner-up {i=d} 48 B

// BYTES: predicted [[B:[0-9]+]] B per device ({{.*}}), proven optimal; peak {{[0-9]+}} B per device, no budget
// BYTES: total: 0 ops, 0 calls, sent [[B]] B

gspmd.mesh @mesh ["d"=4]
func.func @tiny(%x: tensor<4x8xf32>, %w: tensor<8x4xf32>)
    -> (tensor<4x4xf32> {gspmd.sharding = #gspmd.replicated}) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %y = linalg.matmul ins(%x, %w : tensor<4x8xf32>, tensor<8x4xf32>)
                     outs(%acc : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %y : tensor<4x4xf32>
}
