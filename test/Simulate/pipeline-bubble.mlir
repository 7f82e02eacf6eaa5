// RUN: gspmd-opt %s --split-input-file --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/round.machine})' -o /dev/null | FileCheck %s
// RUN: gspmd-opt %S/Inputs/pipeline-m8-l4.mlir --pass-pipeline='builtin.module(gspmd-spmd,gspmd-simulate{machine=%S/Inputs/round.machine})' -o /dev/null | FileCheck %s --check-prefix=SPMD
// RUN: gspmd-opt %S/Inputs/pipeline-m2-l4-r2.mlir --pass-pipeline='builtin.module(gspmd-spmd,gspmd-simulate{machine=%S/Inputs/round.machine})' -o /dev/null | FileCheck %s --check-prefix=CIRC

// The pipeline bubble as its own line of the step time. gspmd-pipeline marks
// the loop it emits with gspmd.pipeline_loop; its bubble_iterations are the
// iterations in which a device does no model work (L - 1 of M R + L - 1).
// Every iteration runs the same ops, so the bubble costs that many
// iterations of the body.
//
// By hand, on round.machine: the body's add of 256 f32 reads 2 x 1024 B and
// writes 1024 B, 3072 B / 1e12 B/s = 3.072e-09 s (256 FLOP / 1e11 is less).
// 11 iterations: 3.3792e-08 s. The bubble, 3 of them: 9.216e-09 s, 3/11 =
// 27.27% of the step.
// CHECK-LABEL: gspmd-simulate: @bubble
// CHECK: step time: 3.3792e-08 s
// CHECK-NEXT: compute: 3.3792e-08 s
// CHECK-NEXT: communication: 0 s
// CHECK-NEXT: pipeline bubble: 9.216e-09 s, 27.27% of the step (3 of 11 iterations of 1 pipeline loop; in the compute and communication above)
func.func @bubble(%x: tensor<256xf32>) -> tensor<256xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c11 = arith.constant 11 : index
  %r = scf.for %i = %c0 to %c11 step %c1 iter_args(%a = %x) -> tensor<256xf32> {
    %s = arith.addf %a, %x : tensor<256xf32>
    scf.yield %s : tensor<256xf32>
  } {gspmd.pipeline_loop = {bubble_iterations = 3 : i64, microbatches = 8 : i64, repeats = 1 : i64, stages = 4 : i64}}
  return %r : tensor<256xf32>
}

// -----

// The same loop run twice by an outer loop of 2 trips: the bubble counts
// twice, 2 x 9.216e-09 = 1.8432e-08 s of a step of 6.7584e-08 s; 6 of 22
// iterations of 2 pipeline loops (loops weighted by the trips around them).
// A loop without the attribute has no bubble line.
// CHECK-LABEL: gspmd-simulate: @nested
// CHECK: step time: 6.7584e-08 s
// CHECK: pipeline bubble: 1.8432e-08 s, 27.27% of the step (6 of 22 iterations of 2 pipeline loops;
// CHECK-LABEL: gspmd-simulate: @plain
// CHECK-NOT: pipeline bubble
// CHECK: model FLOPs
func.func @nested(%x: tensor<256xf32>) -> tensor<256xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c11 = arith.constant 11 : index
  %o = scf.for %j = %c0 to %c2 step %c1 iter_args(%b = %x) -> tensor<256xf32> {
    %r = scf.for %i = %c0 to %c11 step %c1 iter_args(%a = %b) -> tensor<256xf32> {
      %s = arith.addf %a, %x : tensor<256xf32>
      scf.yield %s : tensor<256xf32>
    } {gspmd.pipeline_loop = {bubble_iterations = 3 : i64, microbatches = 8 : i64, repeats = 1 : i64, stages = 4 : i64}}
    scf.yield %r : tensor<256xf32>
  }
  return %o : tensor<256xf32>
}

// -----

func.func @plain(%x: tensor<256xf32>) -> tensor<256xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c11 = arith.constant 11 : index
  %r = scf.for %i = %c0 to %c11 step %c1 iter_args(%a = %x) -> tensor<256xf32> {
    %s = arith.addf %a, %x : tensor<256xf32>
    scf.yield %s : tensor<256xf32>
  }
  return %r : tensor<256xf32>
}

// From gspmd-pipeline itself: M = 8 micro-batches through L = 4 stages, a
// loop of M + L - 1 = 11 iterations of which L - 1 = 3 are the bubble.
// SPMD: pipeline bubble: {{.*}} (3 of 11 iterations of 1 pipeline loop;
// The circular schedule, M = 2 < L = 4, R = 2: M' = max(M, L) = 4 slots a
// repeat, (R - 1) M' + M + L - 1 = 9 iterations, model work in M R = 4 of
// them, the bubble 5.
// CIRC: pipeline bubble: {{.*}} (5 of 9 iterations of 1 pipeline loop;
