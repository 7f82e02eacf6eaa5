// A training step's new weights are the next step's weights: with
// gspmd.aliasing_output the result takes the argument's sharding, and the
// plan pays the reshard into it at the return. One linear layer on 4
// devices, w 256x256 (256 KiB), x 1024x256 (1 MiB), loss 0.5 |x w|^2, so
// dw = x^T (x w) and the step returns w - 0.1 dw.
// - 1500000 B: x must be split (by batch), w fits whole: data parallelism,
//   the gradient all_reduced (2 x 3/4 x 256 KiB = 393216 B), the new w
//   replicated like w. Without the tie (FREE) the gradient is only
//   reduce_scattered (196608 B) and the new w left split: half the bytes,
//   but the next step could not read it as its w.
// - 1200000 B: w must be stored split too: ZeRO-3, w gathered before the
//   matmul and the gradient reduce_scattered into w's split (196608 B
//   each), the new w split like w.
// - No budget: w split on its columns and x read whole send nothing; the
//   new w keeps w's split.
// Each plan runs under mpirun and XLA, and the prediction is the report's.
// REQUIRES: mpi
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=1500000})' %s -o %t.dp.mlir 2>%t.err
// RUN: FileCheck %s --check-prefix=DP-IR < %t.dp.mlir
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' %t.dp.mlir -o /dev/null > %t.out && cat %t.err %t.out | FileCheck %s --check-prefix=DP
// RUN: %mpirun -n 4 %gspmd-run %t.dp.mlir --check | FileCheck %s --check-prefix=PASS
// RUN: %if xla %{ %gspmd-xla-run %t.dp.mlir --check | FileCheck %s --check-prefix=PASS %}
// RUN: sed 's/ {gspmd.aliasing_output = 0 : i32}//' %s | gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=1500000},gspmd-spmd,gspmd-comm-report)' -o /dev/null 2>%t.err >%t.out && cat %t.err %t.out | FileCheck %s --check-prefix=FREE
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=1200000})' %s -o %t.zero.mlir 2>%t.err
// RUN: FileCheck %s --check-prefix=ZERO-IR < %t.zero.mlir
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' %t.zero.mlir -o /dev/null > %t.out && cat %t.err %t.out | FileCheck %s --check-prefix=ZERO
// RUN: %mpirun -n 4 %gspmd-run %t.zero.mlir --check | FileCheck %s --check-prefix=PASS
// RUN: %if xla %{ %gspmd-xla-run %t.zero.mlir --check | FileCheck %s --check-prefix=PASS %}
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard)' %s -o %t.free.mlir 2>%t.err
// RUN: FileCheck %s --check-prefix=COLS-IR < %t.free.mlir
// RUN: %mpirun -n 4 %gspmd-run %t.free.mlir --check | FileCheck %s --check-prefix=PASS
// On a 2x2 mesh at 1200000 B: w split on its columns over one axis, the
// batch over the other, the gradient all_reduced over the batch's axis; the
// new w split like w. The two mirror plans tie in every term.
// RUN: sed 's/@mesh \["d"=4\]/@mesh ["a"=2, "b"=2]/' %s | gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=1200000})' -o %t.2d.mlir 2>%t.err
// RUN: FileCheck %s --check-prefix=MESH2D-IR < %t.2d.mlir
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' %t.2d.mlir -o /dev/null > %t.out && cat %t.err %t.out | FileCheck %s --check-prefix=MESH2D
// RUN: %mpirun -n 4 %gspmd-run %t.2d.mlir --check | FileCheck %s --check-prefix=PASS
// RUN: %if xla %{ %gspmd-xla-run %t.2d.mlir --check | FileCheck %s --check-prefix=PASS %}
// An annotated result gives its sharding to the unannotated argument it
// replaces.
// RUN: sed 's/-> tensor<256x256xf32> {/-> (tensor<256x256xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>}) {/' %s | gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard)' | FileCheck %s --check-prefix=FROM-RESULT

// DP-IR: func.func @step(%arg0: tensor<256x256xf32> {gspmd.aliasing_output = 0 : i32, gspmd.sharding = #gspmd.replicated}
// DP-IR-SAME: %arg1: tensor<1024x256xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"d"], []]>})
// DP-IR-SAME: -> (tensor<256x256xf32> {gspmd.sharding = #gspmd.replicated})
// DP: predicted [[B:393216]] B per device ({{.*}}), proven optimal
// DP: total all_reduce: 1 op, 1 call, sent [[B]] B
// DP: total: 1 op, 1 call, sent [[B]] B

// FREE: predicted [[B:196608]] B per device ({{.*}}), proven optimal
// FREE: total reduce_scatter: 1 op, 1 call, sent [[B]] B
// FREE: total: 1 op, 1 call, sent [[B]] B

// ZERO-IR: func.func @step(%arg0: tensor<256x256xf32> {gspmd.aliasing_output = 0 : i32, gspmd.sharding = #gspmd.tiled<@mesh, [[W:\[\[("d")?\], \[("d")?\]\]]]>}
// ZERO-IR-SAME: %arg1: tensor<1024x256xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"d"], []]>})
// ZERO-IR-SAME: -> (tensor<256x256xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[W]]>})
// ZERO: predicted [[B:393216]] B per device ({{.*}}), proven optimal
// ZERO: total all_gather: 1 op, 1 call, sent 196608 B
// ZERO: total reduce_scatter: 1 op, 1 call, sent 196608 B
// ZERO: total: 2 ops, 2 calls, sent [[B]] B

// COLS-IR: func.func @step(%arg0: tensor<256x256xf32> {gspmd.aliasing_output = 0 : i32, gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[\], \["d"\]\]}}>}
// COLS-IR-SAME: -> (tensor<256x256xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[\], \["d"\]\]}}>})

// MESH2D-IR: func.func @step(%arg0: tensor<256x256xf32> {gspmd.aliasing_output = 0 : i32, gspmd.sharding = #gspmd.partially_tiled<@mesh, [[W:\[\[\], \["[ab]"\]\]]]>}
// MESH2D-IR-SAME: -> (tensor<256x256xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[W]]>})
// MESH2D: predicted [[B:131072]] B per device ({{.*}}), proven optimal
// MESH2D: total all_reduce: 1 op, 1 call, sent [[B]] B
// MESH2D: total: 1 op, 1 call, sent [[B]] B

// FROM-RESULT: func.func @step(%arg0: tensor<256x256xf32> {gspmd.aliasing_output = 0 : i32, gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"d"], []]>}

// PASS: check: 1 of 1 result PASS

gspmd.mesh @mesh ["d"=4]
func.func @step(%w: tensor<256x256xf32> {gspmd.aliasing_output = 0 : i32}, %x: tensor<1024x256xf32>)
    -> tensor<256x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<1024x256xf32>
  %acc1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1024x256xf32>) -> tensor<1024x256xf32>
  %y = linalg.matmul ins(%x, %w : tensor<1024x256xf32>, tensor<256x256xf32>)
                     outs(%acc1 : tensor<1024x256xf32>) -> tensor<1024x256xf32>
  %e2 = tensor.empty() : tensor<256x256xf32>
  %acc2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<256x256xf32>) -> tensor<256x256xf32>
  %dw = linalg.matmul indexing_maps = [affine_map<(i, j, b) -> (b, i)>,
                                      affine_map<(i, j, b) -> (b, j)>,
                                      affine_map<(i, j, b) -> (i, j)>]
         ins(%x, %y : tensor<1024x256xf32>, tensor<1024x256xf32>)
         outs(%acc2 : tensor<256x256xf32>) -> tensor<256x256xf32>
  %lr = arith.constant dense<0.1> : tensor<256x256xf32>
  %step = arith.mulf %dw, %lr : tensor<256x256xf32>
  %new = arith.subf %w, %step : tensor<256x256xf32>
  return %new : tensor<256x256xf32>
}
