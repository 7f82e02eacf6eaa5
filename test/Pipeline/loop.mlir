// RUN: gspmd-opt %s -split-input-file --gspmd-pipeline | FileCheck %s

// The loop of gspmd-pipeline: one scf.for of M + L - 1 iterations, never
// unrolled (the same ops whatever M and L), carrying the state [L, mb...]
// and the output buffer [L, M, mb...], both starting at zero; no
// gspmd.pipeline is left.

gspmd.mesh @mesh ["stage"=2, "data"=2]

// M = 3 < L = 4: 6 iterations.
// CHECK-LABEL: func.func @m3_l4
// CHECK-NOT: gspmd.pipeline
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[T:.*]] = arith.constant 6 : index
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[SE:.*]] = tensor.empty() : tensor<4x4x16xf32>
// CHECK: %[[SZ:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[SE]] : tensor<4x4x16xf32>)
// CHECK: %[[S0:.*]] = gspmd.sharding_constraint %[[SZ]]
// CHECK: %[[OE:.*]] = tensor.empty() : tensor<4x3x4x16xf32>
// CHECK: %[[OZ:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[OE]] : tensor<4x3x4x16xf32>)
// CHECK: %[[O0:.*]] = gspmd.sharding_constraint %[[OZ]]
// CHECK: %[[LOOP:.*]]:2 = scf.for %{{.*}} = %[[C0]] to %[[T]] step %[[C1]] iter_args(%[[ST:.*]] = %[[S0]], %[[OB:.*]] = %[[O0]]) -> (tensor<4x4x16xf32>, tensor<4x3x4x16xf32>)
// CHECK: scf.yield %{{.*}}, %{{.*}} : tensor<4x4x16xf32>, tensor<4x3x4x16xf32>
// CHECK-NEXT: }
// CHECK-NOT: scf.for
// CHECK: return
func.func @m3_l4(%x: tensor<3x4x16xf32>, %w: tensor<4x16x16xf32>) -> tensor<3x4x16xf32> {
  %y = gspmd.pipeline %x : tensor<3x4x16xf32> params(%w : tensor<4x16x16xf32>) on @mesh "stage" -> tensor<3x4x16xf32> {
  ^bb0(%a: tensor<4x16xf32>, %wl: tensor<16x16xf32>):
    %e = tensor.empty() : tensor<4x16xf32>
    %m = linalg.matmul ins(%a, %wl : tensor<4x16xf32>, tensor<16x16xf32>) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
    gspmd.yield %m : tensor<4x16xf32>
  }
  return %y : tensor<3x4x16xf32>
}

// -----

gspmd.mesh @mesh ["stage"=2]

// M = 1000, L = 2: 1001 iterations, still one loop of the same ops (IR size
// independent of M): injection, the stage, collection.
// CHECK-LABEL: func.func @m1000_l2
// CHECK-DAG: %[[T:.*]] = arith.constant 1001 : index
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[T]] step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (tensor<2x8xf32>, tensor<2x1000x8xf32>)
// CHECK-COUNT-3: linalg.generic {
// CHECK-NOT: linalg.generic
// CHECK: scf.yield
// CHECK-NOT: scf.for
// CHECK: return
func.func @m1000_l2(%x: tensor<1000x8xf32>, %w: tensor<2x8xf32>) -> tensor<1000x8xf32> {
  %y = gspmd.pipeline %x : tensor<1000x8xf32> params(%w : tensor<2x8xf32>) on @mesh "stage" -> tensor<1000x8xf32> {
  ^bb0(%a: tensor<8xf32>, %wl: tensor<8xf32>):
    %s = arith.addf %a, %wl : tensor<8xf32>
    gspmd.yield %s : tensor<8xf32>
  }
  return %y : tensor<1000x8xf32>
}
