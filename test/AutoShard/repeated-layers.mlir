// Repeated layers solved once (Repeat.c): a 5-layer MLP, 4 devices, input
// and output annotated replicated. Layers 1 to 5 repeat one segment of ops
// (matmul, maximumf, matmul); the first and last segments stay free, the
// middle three are tied to one another (their weights too) and solved as
// one folded program, started from the plan of every layer alike (all five
// tied, solved first). At the smallest budget that can be met (24064 B)
// every layer takes Megatron's plan (w1 column-parallel, relu split, w2
// row-parallel, one all_reduce of 1536 B per layer), and the bound of the
// layers averaged (one layer's LP: docs/auto-shard.md, Repeated layers)
// proves that no plan of the whole program sends fewer bytes, without the
// whole program's LP. At 34000 B both bounds are below the tied plan's
// bytes, which proves nothing (every layer's weights are held throughout,
// so the layers share one budget and need not take one plan), and the
// whole program is solved from the tied plan, to the bytes repeat=false
// finds (6912 B, here the tied plan's, below the 7680 B of every layer
// alike: the free first and last layers take other plans). With
// search=start neither the
// folded program nor the whole one is searched, and every layer alike is
// not solved: the folded program's start plan (7296 B) is written, above the 6912 B its search finds. Where the
// certificate prints both bounds, the averaged one, a relaxation's, is not
// above the whole program's LP bound (Inputs/averaged-below-lp.py).
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=24064})' %s -o - 2>/dev/null | FileCheck %s --check-prefix=IR
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=24064},gspmd-spmd,gspmd-comm-report)' %s -o /dev/null 2>%t.err >%t.out && cat %t.err %t.out | FileCheck %s --check-prefix=TIED
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=34000},gspmd-spmd,gspmd-comm-report)' %s -o /dev/null 2>%t.err >%t.out && cat %t.err %t.out | FileCheck %s --check-prefix=WHOLE
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=34000 repeat=false})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=APART
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=34000 search=start},gspmd-spmd,gspmd-comm-report)' %s -o /dev/null 2>%t.err >%t.out && cat %t.err %t.out | FileCheck %s --check-prefix=START
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=34000})' %s -o /dev/null 2>&1 | %python %S/Inputs/averaged-below-lp.py
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=34000 search=start})' %s -o /dev/null 2>&1 | %python %S/Inputs/averaged-below-lp.py

// IR-LABEL: func.func @mlp
// IR: linalg.matmul {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}], ["model"]]>]}
// IR-NEXT: arith.maximumf {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}], ["model"]]>]}
// IR-NOT: linalg.matmul
// IR: linalg.matmul {gspmd.sharding = [#gspmd.replicated]}
// IR: linalg.matmul {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}], ["model"]]>]}
// IR-NEXT: arith.maximumf {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}], ["model"]]>]}
// IR-NOT: linalg.matmul
// IR: linalg.matmul {gspmd.sharding = [#gspmd.replicated]}
// IR: linalg.matmul {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}], ["model"]]>]}
// IR-NEXT: arith.maximumf {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}], ["model"]]>]}
// IR-NOT: linalg.matmul
// IR: linalg.matmul {gspmd.sharding = [#gspmd.replicated]}
// IR: linalg.matmul {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}], ["model"]]>]}
// IR-NEXT: arith.maximumf {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}], ["model"]]>]}
// IR-NOT: linalg.matmul
// IR: linalg.matmul {gspmd.sharding = [#gspmd.replicated]}
// IR: linalg.matmul {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}], ["model"]]>]}
// IR-NEXT: arith.maximumf {{.*}} {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}], ["model"]]>]}
// IR-NOT: linalg.matmul
// IR: linalg.matmul {gspmd.sharding = [#gspmd.replicated]}

// TIED: predicted [[B:7680]] B per device ({{.*}}), proven optimal in bytes (the tie-break is not proven); {{.*}}; repeated: 3 segments of 3 ops (and 4 arguments) tied, solved as one (17 nodes) in {{[0-9.]+}} s: 7680 B, started from every layer alike (5 segments, 7 nodes): 7680 B in {{[0-9.]+}} s; no plan of the whole program sends fewer bytes (the bound of its layers averaged, 7680.{{[0-9]+}})
// TIED-COUNT-5: all_reduce on @mesh ["model"] group 4: in tensor<8x32xf32> 1024 B, sent 1536 B
// TIED: total: 5 ops, 5 calls, sent [[B]] B

// WHOLE: predicted [[W:6912]] B per device ({{.*}}), proven optimal in bytes {{.*}}; repeated: 3 segments of 3 ops (and 4 arguments) tied, solved as one (17 nodes) in {{[0-9.]+}} s: 6912 B, started from every layer alike (5 segments, 7 nodes): 7680 B in {{[0-9.]+}} s; above the whole program's LP bound {{[0-9.]+}}, its layers averaged {{[0-9.]+}}: the whole program was solved from the best of them
// WHOLE: total: {{.*}} sent [[W]] B

// START: predicted [[S:7296]] B per device (objective {{[0-9.]+}}: {{.*}}; LP bound {{[0-9.]+}}), not proven optimal (search=start); {{.*}}; repeated: 3 segments of 3 ops (and 4 arguments) tied, solved as one (17 nodes) in {{[0-9.]+}} s: 7296 B; above the whole program's LP bound {{[0-9.]+}}, its layers averaged {{[0-9.]+}} (search=start: neither searched)
// START-NOT: every layer alike
// START: total: {{.*}} sent [[S]] B

// APART: predicted 6912 B per device ({{.*}}), proven optimal; {{.*}} solved in {{[0-9.]+}} s{{$}}

gspmd.mesh @mesh ["model"=4]
func.func @mlp(%x: tensor<8x32xf32> {gspmd.sharding = #gspmd.replicated},
    %w0: tensor<32x64xf32>, %w1: tensor<64x32xf32>,
    %w2: tensor<32x64xf32>, %w3: tensor<64x32xf32>,
    %w4: tensor<32x64xf32>, %w5: tensor<64x32xf32>,
    %w6: tensor<32x64xf32>, %w7: tensor<64x32xf32>,
    %w8: tensor<32x64xf32>, %w9: tensor<64x32xf32>)
    -> (tensor<8x32xf32> {gspmd.sharding = #gspmd.replicated}) {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<8x64xf32>
  %a0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<8x64xf32>) -> tensor<8x64xf32>
  %h0 = linalg.matmul ins(%x, %w0 : tensor<8x32xf32>, tensor<32x64xf32>) outs(%a0 : tensor<8x64xf32>) -> tensor<8x64xf32>
  %r0 = arith.maximumf %h0, %a0 : tensor<8x64xf32>
  %f0 = tensor.empty() : tensor<8x32xf32>
  %b0 = linalg.fill ins(%zero : f32) outs(%f0 : tensor<8x32xf32>) -> tensor<8x32xf32>
  %y0 = linalg.matmul ins(%r0, %w1 : tensor<8x64xf32>, tensor<64x32xf32>) outs(%b0 : tensor<8x32xf32>) -> tensor<8x32xf32>
  %e1 = tensor.empty() : tensor<8x64xf32>
  %a1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<8x64xf32>) -> tensor<8x64xf32>
  %h1 = linalg.matmul ins(%y0, %w2 : tensor<8x32xf32>, tensor<32x64xf32>) outs(%a1 : tensor<8x64xf32>) -> tensor<8x64xf32>
  %r1 = arith.maximumf %h1, %a1 : tensor<8x64xf32>
  %f1 = tensor.empty() : tensor<8x32xf32>
  %b1 = linalg.fill ins(%zero : f32) outs(%f1 : tensor<8x32xf32>) -> tensor<8x32xf32>
  %y1 = linalg.matmul ins(%r1, %w3 : tensor<8x64xf32>, tensor<64x32xf32>) outs(%b1 : tensor<8x32xf32>) -> tensor<8x32xf32>
  %e2 = tensor.empty() : tensor<8x64xf32>
  %a2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<8x64xf32>) -> tensor<8x64xf32>
  %h2 = linalg.matmul ins(%y1, %w4 : tensor<8x32xf32>, tensor<32x64xf32>) outs(%a2 : tensor<8x64xf32>) -> tensor<8x64xf32>
  %r2 = arith.maximumf %h2, %a2 : tensor<8x64xf32>
  %f2 = tensor.empty() : tensor<8x32xf32>
  %b2 = linalg.fill ins(%zero : f32) outs(%f2 : tensor<8x32xf32>) -> tensor<8x32xf32>
  %y2 = linalg.matmul ins(%r2, %w5 : tensor<8x64xf32>, tensor<64x32xf32>) outs(%b2 : tensor<8x32xf32>) -> tensor<8x32xf32>
  %e3 = tensor.empty() : tensor<8x64xf32>
  %a3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<8x64xf32>) -> tensor<8x64xf32>
  %h3 = linalg.matmul ins(%y2, %w6 : tensor<8x32xf32>, tensor<32x64xf32>) outs(%a3 : tensor<8x64xf32>) -> tensor<8x64xf32>
  %r3 = arith.maximumf %h3, %a3 : tensor<8x64xf32>
  %f3 = tensor.empty() : tensor<8x32xf32>
  %b3 = linalg.fill ins(%zero : f32) outs(%f3 : tensor<8x32xf32>) -> tensor<8x32xf32>
  %y3 = linalg.matmul ins(%r3, %w7 : tensor<8x64xf32>, tensor<64x32xf32>) outs(%b3 : tensor<8x32xf32>) -> tensor<8x32xf32>
  %e4 = tensor.empty() : tensor<8x64xf32>
  %a4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<8x64xf32>) -> tensor<8x64xf32>
  %h4 = linalg.matmul ins(%y3, %w8 : tensor<8x32xf32>, tensor<32x64xf32>) outs(%a4 : tensor<8x64xf32>) -> tensor<8x64xf32>
  %r4 = arith.maximumf %h4, %a4 : tensor<8x64xf32>
  %f4 = tensor.empty() : tensor<8x32xf32>
  %b4 = linalg.fill ins(%zero : f32) outs(%f4 : tensor<8x32xf32>) -> tensor<8x32xf32>
  %y4 = linalg.matmul ins(%r4, %w9 : tensor<8x64xf32>, tensor<64x32xf32>) outs(%b4 : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %y4 : tensor<8x32xf32>
}
