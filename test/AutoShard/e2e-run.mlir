// Auto-sharded programs run and checked against the unpartitioned program:
// the 2-D data x model plan of data-model-2d.mlir on 8 ranks under MPI
// (the runtime's own traffic counters send the predicted 12288 B) and under
// XLA, the Megatron plan of megatron-mlp.mlir on 4 ranks, and the two
// objective=time plans of time.mlir on 8 ranks under MPI and XLA.
// REQUIRES: mpi
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=200000})' %s -o %t.auto.mlir 2>%t.err
// RUN: FileCheck %s --check-prefix=PREDICT < %t.err
// RUN: %mpirun -n 8 %gspmd-run %t.auto.mlir --check --report | FileCheck %s
// RUN: %if xla %{ %gspmd-xla-run %t.auto.mlir --check | FileCheck %s --check-prefix=XLA %}
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=12000})' %S/megatron-mlp.mlir -o %t.meg.mlir 2>/dev/null
// RUN: %mpirun -n 4 %gspmd-run %t.meg.mlir --check | FileCheck %s --check-prefix=MEG
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=450000 objective=time axes-bandwidth={a:1e9,b:1e11}})' %S/time.mlir -o %t.slowa.mlir 2>/dev/null
// RUN: %mpirun -n 8 %gspmd-run %t.slowa.mlir --check --report | FileCheck %s --check-prefix=SLOWA
// RUN: %if xla %{ %gspmd-xla-run %t.slowa.mlir --check | FileCheck %s --check-prefix=XLA %}
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard{budget=450000 objective=time axes-bandwidth={a:1e11,b:1e9}})' %S/time.mlir -o %t.slowb.mlir 2>/dev/null
// RUN: %mpirun -n 8 %gspmd-run %t.slowb.mlir --check --report | FileCheck %s --check-prefix=SLOWB
// RUN: %if xla %{ %gspmd-xla-run %t.slowb.mlir --check | FileCheck %s --check-prefix=XLA %}

// PREDICT: predicted 12288 B per device

// CHECK: all calls 1, sent 12288 B
// CHECK: check: 1 of 1 result PASS

// XLA: check: 1 of 1 result PASS

// MEG: check: 1 of 1 result PASS

// SLOWA: all calls 1, sent 49152 B
// SLOWA: check: 1 of 1 result PASS
// SLOWB: all calls {{[23]}}, sent 32768 B
// SLOWB: check: 1 of 1 result PASS

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @mlp(%x: tensor<64x128xf32>, %w1: tensor<128x512xf32>, %w2: tensor<512x128xf32>)
    -> tensor<64x128xf32> {
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
