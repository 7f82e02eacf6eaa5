// Loop-invariant reshards are made once, before the loop. @main is a
// 2-stage pipeline (M = 4 micro-batches of 2x8 f32, so M + L - 1 = 5
// iterations) whose input is split on "stage" along its micro-batch dim:
// the loop reads micro-batch i at a dynamic offset, so the input is
// gathered whole, 128 B per device; before, that all_gather ran on each of
// the 5 iterations (640 B). @nested gathers inside two constant loops (3 x 3
// iterations) and after them: one all_gather of 64 B (before: 10). @zero
// gathers in the body of a constant loop of zero trips: the result is the
// init, and canonicalize drops the loop and the hoisted gather with it.
// The report covers the whole module.
// REQUIRES: mpi
// RUN: %mpirun -n 2 %gspmd-run %s --entry main --check --report | FileCheck %s --check-prefixes=CHECK,REPORT
// RUN: %mpirun -n 2 %gspmd-run %s --entry zero --check | FileCheck %s
// RUN: %mpirun -n 2 %gspmd-run %s --entry nested --check | FileCheck %s
// RUN: %if xla %{ %gspmd-xla-run %s --entry main --check | FileCheck %s %}
// RUN: %if xla %{ %gspmd-xla-run %s --entry zero --check | FileCheck %s %}
// RUN: %if xla %{ %gspmd-xla-run %s --entry nested --check | FileCheck %s %}
// REPORT: @main: all_gather on @mesh ["stage"] group 2: in tensor<2x2x8xf32> 128 B, sent 128 B, received 128 B{{$}}
// REPORT-NEXT: @main: collective_permute on @mesh ["stage"] {{.*}} x5 (loop trip count)
// REPORT-NEXT: @main: all_reduce on @mesh ["stage"]
// REPORT-NEXT: @nested: all_gather on @mesh ["stage"] group 2: in tensor<2x8xf32> 64 B, sent 64 B, received 64 B{{$}}
// REPORT-NEXT: total all_reduce
// REPORT-NEXT: total all_gather: 2 ops, 2 calls, sent 192 B
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["stage"=2]

func.func @main(%x: tensor<4x2x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["stage"], [], []]>},
                %w: tensor<2x8x8xf32>) -> tensor<4x2x8xf32> {
  %y = gspmd.pipeline %x : tensor<4x2x8xf32> params(%w : tensor<2x8x8xf32>)
      on @mesh "stage" -> tensor<4x2x8xf32> {
  ^bb0(%a: tensor<2x8xf32>, %wl: tensor<8x8xf32>):
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<2x8xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x8xf32>) -> tensor<2x8xf32>
    %h = linalg.matmul ins(%a, %wl : tensor<2x8xf32>, tensor<8x8xf32>) outs(%z : tensor<2x8xf32>) -> tensor<2x8xf32>
    %t = math.tanh %h : tensor<2x8xf32>
    gspmd.yield %t : tensor<2x8xf32>
  }
  return %y : tensor<4x2x8xf32>
}

func.func @zero(%x: tensor<4x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["stage"], []]>},
                %acc0: tensor<4x8xf32> {gspmd.sharding = #gspmd.replicated})
    -> (tensor<4x8xf32> {gspmd.sharding = #gspmd.replicated}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = scf.for %i = %c0 to %c0 step %c1 iter_args(%acc = %acc0) -> (tensor<4x8xf32>) {
    %g = gspmd.sharding_constraint %x, #gspmd.replicated : tensor<4x8xf32>
    %1 = arith.addf %acc, %g : tensor<4x8xf32>
    scf.yield %1 : tensor<4x8xf32>
  }
  return %0 : tensor<4x8xf32>
}

func.func @nested(%x: tensor<4x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["stage"], []]>},
                  %acc0: tensor<4x8xf32> {gspmd.sharding = #gspmd.replicated})
    -> (tensor<4x8xf32> {gspmd.sharding = #gspmd.replicated}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %0 = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %acc0) -> (tensor<4x8xf32>) {
    %1 = scf.for %j = %c0 to %c3 step %c1 iter_args(%acc2 = %acc) -> (tensor<4x8xf32>) {
      %g = gspmd.sharding_constraint %x, #gspmd.replicated : tensor<4x8xf32>
      %t = math.tanh %acc2 : tensor<4x8xf32>
      %2 = arith.addf %t, %g : tensor<4x8xf32>
      scf.yield %2 : tensor<4x8xf32>
    }
    scf.yield %1 : tensor<4x8xf32>
  }
  %w = gspmd.sharding_constraint %x, #gspmd.replicated : tensor<4x8xf32>
  %3 = arith.subf %0, %w : tensor<4x8xf32>
  return %3 : tensor<4x8xf32>
}
