// gspmd-pipeline's circular rewrite is a loop whose IR does not depend on M,
// L or R (never unrolled): the same program at M = 3, L = 4, R = 2 on 2
// stage devices and at M = 64, L = 16, R = 7 on 4 (and M = 5 < L = 16) is
// the same op for op, numbers aside (generic form, digits normalised,
// constants left out: equal values fold into one), both
// after gspmd-pipeline and after the whole gspmd-spmd; and after gspmd-spmd
// the loop carries exactly one collective_permute (with wrap: the rotation)
// and nothing else crossing devices.
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-pipeline)' -mlir-print-op-generic | grep -v arith.constant | sed -E 's/[0-9]+/N/g' > %t.small
// RUN: sed -e 's/tensor<3x4xf32>/tensor<64x4xf32>/g; s/tensor<2x4x4xf32>/tensor<7x16x4xf32>/g; s/repeats = 2/repeats = 7/; s/"stage"=2/"stage"=4/' %s > %t.large.mlir
// RUN: gspmd-opt %t.large.mlir --pass-pipeline='builtin.module(gspmd-pipeline)' -mlir-print-op-generic | grep -v arith.constant | sed -E 's/[0-9]+/N/g' > %t.large
// RUN: diff %t.small %t.large
// RUN: sed -e 's/tensor<3x4xf32>/tensor<5x4xf32>/g; s/tensor<2x4x4xf32>/tensor<3x16x4xf32>/g; s/repeats = 2/repeats = 3/; s/"stage"=2/"stage"=8/' %s > %t.few.mlir
// RUN: gspmd-opt %t.few.mlir --pass-pipeline='builtin.module(gspmd-pipeline)' -mlir-print-op-generic | grep -v arith.constant | sed -E 's/[0-9]+/N/g' > %t.few
// RUN: diff %t.small %t.few
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-spmd)' -mlir-print-op-generic | grep -v arith.constant | sed -E 's/[0-9]+/N/g' > %t.spmd.small
// RUN: gspmd-opt %t.large.mlir --pass-pipeline='builtin.module(gspmd-spmd)' -mlir-print-op-generic | grep -v arith.constant | sed -E 's/[0-9]+/N/g' > %t.spmd.large
// RUN: diff %t.spmd.small %t.spmd.large
// RUN: gspmd-opt %t.large.mlir --pass-pipeline='builtin.module(gspmd-spmd)' | FileCheck %s

// CHECK-LABEL: func.func @main
// M R + L - 1 = 463 iterations; one row (one activation) rotates.
// CHECK:         scf.for %{{.*}} = %c0 to %c463 step
// CHECK-NOT:     gspmd.
// CHECK:         gspmd.collective_permute %{{.*}} on @mesh ["stage"] shift = 1 wrap : tensor<1x4xf32>
// CHECK-NOT:     gspmd.{{(all_gather|all_to_all|all_reduce|reduce_scatter|collective_permute|halo_exchange)}}
// CHECK:         scf.yield
// CHECK-NOT:     scf.for

gspmd.mesh @mesh ["stage"=2]
func.func @main(%x: tensor<3x4xf32>, %w: tensor<2x4x4xf32>) -> tensor<3x4xf32> {
  %y = gspmd.pipeline %x : tensor<3x4xf32> params(%w : tensor<2x4x4xf32>) on @mesh "stage" repeats = 2 -> tensor<3x4xf32> {
  ^bb0(%a: tensor<4xf32>, %wl: tensor<4xf32>):
    %e = tensor.empty() : tensor<4xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a, %wl : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%u: f32, %v: f32, %o: f32):
      %s = arith.addf %u, %v : f32
      %t = math.tanh %s : f32
      linalg.yield %t : f32
    } -> tensor<4xf32>
    gspmd.yield %r : tensor<4xf32>
  }
  return %y : tensor<3x4xf32>
}
