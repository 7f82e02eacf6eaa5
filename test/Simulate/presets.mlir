// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-model-flops,gspmd-spmd,gspmd-simulate{machine=TPUv3 detail=true})' -o /dev/null | FileCheck %s --check-prefix=V3
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-model-flops,gspmd-spmd,gspmd-simulate{machine=tpuv4})' -o /dev/null | FileCheck %s --check-prefix=V4
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-model-flops,gspmd-spmd,gspmd-simulate{machine=TPUv5e})' -o /dev/null | FileCheck %s --check-prefix=V5E
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-model-flops,gspmd-spmd,gspmd-simulate{machine=H100})' -o /dev/null | FileCheck %s --check-prefix=NV
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-model-flops,gspmd-spmd,gspmd-simulate{machine=a100})' -o /dev/null | FileCheck %s --check-prefix=A100
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-model-flops,gspmd-spmd,gspmd-simulate{machine=host})' -o /dev/null | FileCheck %s --check-prefix=HOST
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-model-flops)' | FileCheck %s --check-prefix=ATTR
// Stock mlir-opt runs the same pipeline through the plugin.
// RUN: %preload %mlir_opt %s --load-dialect-plugin=%gspmd_plugin --load-pass-plugin=%gspmd_plugin -p 'builtin.module(gspmd-model-flops,gspmd-spmd,gspmd-simulate{machine=TPUv3})' -o /dev/null | FileCheck %s --check-prefix=PLUGIN
// PLUGIN: gspmd-simulate: @mlp on TPUv3, 8 devices, overlap none

// The README's MLP (examples/mlp.mlir) through the whole pipeline on each
// preset: gspmd-model-flops records the global program's FLOPs before
// partitioning (two matmuls 2 * 16 * 64 * 32 = 65536 each, the relu's 1024
// elements: 132096), gspmd-spmd partitions it over 2 x 4 devices and the
// simulator times the program one device runs.
// ATTR: module attributes {gspmd.model_flops = 1.320960e+05 : f64}

// TPUv3 (a 2-D torus with wraparound, 100e9 B/s links, 0.5 us a hop): the
// all_reduce of 8x32xf32 over "model" (4 devices) sends 2 * 1024 * 3/4 =
// 1536 B in 6 steps: 6 * 0.5e-6 + 1536 / 200e9 = 3.00768e-06 s.
// V3: all_reduce group 4: sent 1536 B, 3.00768e-06 s
// V3: gspmd-simulate: @mlp on TPUv3, 8 devices, overlap none
// V3: all_reduce: 3.00768e-06 s (1 call, 1536 B sent)
// The accelerator presets have no call cost (collective.call 0).
// V3-NOT: collective call cost
// V3: model FLOPs: 132096 (gspmd.model_flops); utilisation {{.*}}% of 8 x 1.23e+14 FLOP/s
// Each device does an eighth of the work: nothing is repeated.
// V3-NEXT: device FLOPs: 16512 x 8 = 132096, model FLOPs 100% of them
// Arguments 8x32 + 32x16 + 16x32 f32 = 5120 B; the relu's zeros 512 B.
// V3: memory per device: arguments 5120 B, constants 512 B, temporaries peak 2048 B, total 7680 B of 3.43597e+10 B (fits)
// V4: gspmd-simulate: @mlp on TPUv4, 8 devices, overlap none
// V4: of 8 x 2.75e+14 FLOP/s
// V5E: gspmd-simulate: @mlp on TPUv5e, 8 devices, overlap none
// V5E: of 8 x 1.97e+14 FLOP/s
// On H100 the all_reduce runs on NVLink within the node of 8 (450e9 B/s, 1 us a step):
// 6e-6 + 1536 / 450e9.
// NV: gspmd-simulate: @mlp on H100, 8 devices, overlap none
// NV: all_reduce: 6.00341e-06 s (1 call, 1536 B sent)
// NV: of 8 x 9.89e+14 FLOP/s
// On A100 (NVLink 300e9 B/s a way, 1 us a step): 6e-6 + 1536 / 300e9 =
// 6.00512e-06 s. The program is f32: its matmuls run at the fp32 peak,
// 19.5e12, while utilisation counts against the bf16 peak.
// A100: gspmd-simulate: @mlp on A100, 8 devices, overlap none
// A100: all_reduce: 6.00512e-06 s (1 call, 1536 B sent)
// A100: of 8 x 3.12e+14 FLOP/s
// A100: of 8e+10 B (fits)
// HOST: gspmd-simulate: @mlp on host, 8 devices, overlap none
// The host preset's call cost, 1.97 us (no per-device term: probed at 2
// ranks, a core each), for the all_reduce over "model" (4 devices).
// HOST: collective call cost: 1.97e-06 s (1 exchanging collective; in the communication above)
// Its reduction, 1024 B * 3/4 combined at 0.935e9 B/s: 8.2139e-07 s.
// HOST-NEXT: collective reduction cost: 8.2139e-07 s (1 reducing collective; in the communication above)
gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @mlp(
    %x: tensor<16x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
    %w1: tensor<32x64xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>},
    %w2: tensor<64x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"], []]>})
    -> (tensor<16x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>}) {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<16x64xf32>
  %z1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<16x64xf32>) -> tensor<16x64xf32>
  %h = linalg.matmul ins(%x, %w1 : tensor<16x32xf32>, tensor<32x64xf32>) outs(%z1 : tensor<16x64xf32>) -> tensor<16x64xf32>
  %zeros = arith.constant dense<0.0> : tensor<16x64xf32>
  %r = arith.maximumf %h, %zeros : tensor<16x64xf32>
  %e2 = tensor.empty() : tensor<16x32xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<16x32xf32>) -> tensor<16x32xf32>
  %y = linalg.matmul ins(%r, %w2 : tensor<16x64xf32>, tensor<64x32xf32>) outs(%z2 : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %y : tensor<16x32xf32>
}
