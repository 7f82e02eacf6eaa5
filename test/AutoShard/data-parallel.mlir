// Data parallelism: a 2-layer MLP whose weights are small (16x16) and
// batch large (256 rows), nothing annotated, 4 devices, 20000 B per device
// (the replicated program holds 56 KiB). Splitting the batch sends nothing
// and every weight stays whole (splitting one would cost its gather).
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=20000})' %s 2>/dev/null | FileCheck %s --check-prefix=IR
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=20000},gspmd-spmd,gspmd-comm-report)' %s -o /dev/null 2>%t.err >%t.out && cat %t.err %t.out | FileCheck %s --check-prefix=BYTES

// IR-LABEL: func.func @mlp
// IR-SAME: %arg0: tensor<256x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"d"], []]>}
// IR-SAME: %arg1: tensor<16x16xf32> {gspmd.sharding = #gspmd.replicated}
// IR-SAME: %arg2: tensor<16x16xf32> {gspmd.sharding = #gspmd.replicated}
// IR-SAME: -> (tensor<256x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"d"], []]>})
// IR: linalg.matmul {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"d"], []]>]}
// IR: arith.maximumf {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"d"], []]>]}
// IR: linalg.matmul {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"d"], []]>]}

// BYTES: predicted [[B:[0-9]+]] B per device ({{.*}}), proven optimal; peak {{[0-9]+}} B per device, budget 20000 B
// BYTES: total: 0 ops, 0 calls, sent [[B]] B

gspmd.mesh @mesh ["d"=4]
func.func @mlp(%x: tensor<256x16xf32>, %w1: tensor<16x16xf32>, %w2: tensor<16x16xf32>)
    -> tensor<256x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<256x16xf32>
  %acc1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<256x16xf32>) -> tensor<256x16xf32>
  %h = linalg.matmul ins(%x, %w1 : tensor<256x16xf32>, tensor<16x16xf32>)
                     outs(%acc1 : tensor<256x16xf32>) -> tensor<256x16xf32>
  %zeros = arith.constant dense<0.0> : tensor<256x16xf32>
  %relu = arith.maximumf %h, %zeros : tensor<256x16xf32>
  %e2 = tensor.empty() : tensor<256x16xf32>
  %acc2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<256x16xf32>) -> tensor<256x16xf32>
  %y = linalg.matmul ins(%relu, %w2 : tensor<256x16xf32>, tensor<16x16xf32>)
                     outs(%acc2 : tensor<256x16xf32>) -> tensor<256x16xf32>
  return %y : tensor<256x16xf32>
}
