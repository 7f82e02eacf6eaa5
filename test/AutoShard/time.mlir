// objective=time: the bytes of each collective weighted by the bandwidth of
// the slowest mesh axis it crosses (axes-bandwidth). A 2-layer MLP on a 2x4
// mesh, input and output replicated, weights too large to keep whole
// (450000 B per device). By bytes the plan is Megatron on "a" (2 devices)
// with the batch on "b": 32768 B. With "a" 100 times slower than "b" it is
// Megatron on "b" alone, one all_reduce of the 32 KiB output over "b":
// 2 * 32768 * 3/4 = 49152 B, more bytes in less time, 49152 / 1e11 s =
// 4.915e-07 s (the bytes plan would take 32768 B over "a" at 1e9: 3.3e-05 s).
// With "b" slower it is the bytes plan's layout, combined over "a" alone
// (an all_reduce of 8192 B at 1e11, or a reduce_scatter and an all_gather
// of 4096 B each: the same time) and gathered over "b" alone (24576 B at
// 1e9): 2.466e-05 s, where a reduce_scatter over "a" and an all_gather over
// both axes (the same 32768 B) would cross "b" with 28672 B. By bytes, or
// with equal bandwidths, the two combines tie in bytes and collectives, and
// either may be chosen (the last tie is not proven: docs/auto-shard.md, The
// search). Each run checks that the predicted bytes are the comm report's
// after gspmd-spmd.
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=450000},gspmd-spmd,gspmd-comm-report)' %s -o /dev/null 2>%t.err >%t.out && cat %t.err %t.out | FileCheck %s --check-prefix=BYTES
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=450000 objective=time axes-bandwidth={a:1e9,b:1e11}})' %s 2>/dev/null | FileCheck %s --check-prefix=IR-SLOWA
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=450000 objective=time axes-bandwidth={a:1e9,b:1e11}},gspmd-spmd,gspmd-comm-report)' %s -o /dev/null 2>%t.err >%t.out && cat %t.err %t.out | FileCheck %s --check-prefix=SLOWA
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=450000 objective=time axes-bandwidth="a:1e11,b:1e9" explain=true},gspmd-spmd,gspmd-comm-report)' %s -o /dev/null 2>%t.err >%t.out && cat %t.err %t.out | FileCheck %s --check-prefix=SLOWB
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=450000 objective=time axes-bandwidth={b:1e11,a:1e11}},gspmd-spmd,gspmd-comm-report)' %s -o /dev/null 2>%t.err >%t.out && cat %t.err %t.out | FileCheck %s --check-prefix=EQUAL

// BYTES: predicted [[B:32768]] B per device ({{.*}}: bytes plus a tie-break below 1; {{.*}}), proven optimal
// BYTES: {{reduce_scatter on @mesh \["a"\] group 2|all_reduce on @mesh \["a"\] group 2}}
// BYTES: all_gather on @mesh {{\["b", "a"\] group 8|\["b"\] group 4}}
// BYTES: total: 2 ops, 2 calls, sent [[B]] B

// IR-SLOWA: func.func @mlp
// IR-SLOWA-SAME: %arg1: tensor<128x512xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}], ["b"]]>}
// IR-SLOWA-SAME: %arg2: tensor<512x128xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"b"], []]>}

// SLOWA: predicted [[B:49152]] B per device ({{.*}}: time: 4.915e-07 s of communication, in bytes at the fastest axis's 1e+11 B/s plus a tie-break below 1; {{.*}}), proven optimal
// SLOWA: all_reduce on @mesh ["b"] group 4: in tensor<64x128xf32> 32768 B, sent 49152 B
// SLOWA: total: 1 op, 1 call, sent [[B]] B

// SLOWB: remark: gspmd-auto-shard: {i=b, k=a}{{( reduce_scatter)?}} 2.466e-05 s
// SLOWB: predicted [[B:32768]] B per device ({{.*}}: time: 2.466e-05 s of communication
// SLOWB-NOT: on @mesh ["b", "a"]
// SLOWB: all_gather on @mesh ["b"] group 4: {{.*}} sent 24576 B
// SLOWB-NOT: on @mesh ["b", "a"]
// SLOWB: total: {{[23]}} ops, {{[23]}} calls, sent [[B]] B

// EQUAL: predicted [[B:32768]] B per device ({{.*}}: time: 3.277e-07 s of communication
// EQUAL: {{reduce_scatter on @mesh \["a"\] group 2|all_reduce on @mesh \["a"\] group 2}}
// EQUAL: all_gather on @mesh {{\["b", "a"\] group 8|\["b"\] group 4}}
// EQUAL: total: 2 ops, 2 calls, sent [[B]] B

gspmd.mesh @mesh ["a"=2, "b"=4]
func.func @mlp(%x: tensor<64x128xf32> {gspmd.sharding = #gspmd.replicated<@mesh>},
               %w1: tensor<128x512xf32>, %w2: tensor<512x128xf32>)
    -> (tensor<64x128xf32> {gspmd.sharding = #gspmd.replicated<@mesh>}) {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<64x512xf32>
  %acc1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<64x512xf32>) -> tensor<64x512xf32>
  %h = linalg.matmul ins(%x, %w1 : tensor<64x128xf32>, tensor<128x512xf32>)
                     outs(%acc1 : tensor<64x512xf32>) -> tensor<64x512xf32>
  %zeros = arith.constant dense<0.0> : tensor<64x512xf32>
  %relu = arith.maximumf %h, %zeros : tensor<64x512xf32>
  %e2 = tensor.empty() : tensor<64x128xf32>
  %acc2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<64x128xf32>) -> tensor<64x128xf32>
  %y = linalg.matmul ins(%relu, %w2 : tensor<64x512xf32>, tensor<512x128xf32>)
                     outs(%acc2 : tensor<64x128xf32>) -> tensor<64x128xf32>
  return %y : tensor<64x128xf32>
}
