// RUN: gspmd-opt %s --gspmd-pipeline | FileCheck %s

// The stage vectorised over L: the named matmul (generalised) gains a
// leading parallel loop d0 that every stage-stacked operand and the result
// read first; a constraint inside the stage gains the stage axis on the new
// dim; linalg.softmax's dimension moves up by one; tosa.add (lowered to a
// generic) reads the stage value with the leading dim and a value computed
// from side inputs only without it; that side-only computation stays
// unvectorised, reading the side input whole.

gspmd.mesh @mesh ["stage"=2, "data"=2]

// CHECK-DAG: #[[LHS:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG: #[[RHS:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// CHECK-DAG: #[[ACC:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-DAG: #[[ID3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[NOL:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[ID1:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @main
// CHECK: %[[W:.*]] = gspmd.sharding_constraint %arg1, #gspmd.partially_tiled<@mesh, {{\[}}["stage"], [], []]> {open} : tensor<2x8x8xf32>
// CHECK: scf.for
// CHECK: %[[IN:.*]] = linalg.generic {{.*}} ins(%padded, %{{.*}} : tensor<2x4x8xf32>, tensor<4x8xf32>) outs(%{{.*}} : tensor<2x4x8xf32>)
// CHECK: %[[MM:.*]] = linalg.generic {indexing_maps = [#[[LHS]], #[[RHS]], #[[ACC]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[IN]], %[[W]] : tensor<2x4x8xf32>, tensor<2x8x8xf32>) outs(%{{.*}} : tensor<2x4x8xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: %[[C:.*]] = gspmd.sharding_constraint %[[MM]], #gspmd.tiled<@mesh, {{\[}}["stage"], ["data"], []]> : tensor<2x4x8xf32>
// CHECK: %[[SM:.*]] = linalg.softmax dimension(2) ins(%[[C]] : tensor<2x4x8xf32>) outs(%{{.*}} : tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
// CHECK: %[[G2:.*]] = linalg.generic {indexing_maps = [#[[ID1]], #[[ID1]], #[[ID1]]], iterator_types = ["parallel"]} ins(%arg2, %arg2 : tensor<8xf32>, tensor<8xf32>)
// CHECK: %[[GB:.*]] = linalg.generic {{.*}} ins(%[[G2]] : tensor<8xf32>) outs(%{{.*}} : tensor<4x8xf32>)
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID3]], #[[NOL]], #[[ID3]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[SM]], %[[GB]] : tensor<2x4x8xf32>, tensor<4x8xf32>) outs(%{{.*}} : tensor<2x4x8xf32>)
// CHECK: arith.addf
// CHECK: linalg.generic {{.*}} ins(%[[R]] : tensor<2x4x8xf32>) outs(%{{.*}} : tensor<2x3x4x8xf32>)
// CHECK: scf.yield %[[R]], %{{.*}} : tensor<2x4x8xf32>, tensor<2x3x4x8xf32>
func.func @main(%x: tensor<3x4x8xf32>, %w: tensor<2x8x8xf32>, %g: tensor<8xf32>) -> tensor<3x4x8xf32> {
  %y = gspmd.pipeline %x : tensor<3x4x8xf32> params(%w : tensor<2x8x8xf32>) side(%g : tensor<8xf32>) on @mesh "stage" -> tensor<3x4x8xf32> {
  ^bb0(%a: tensor<4x8xf32>, %wl: tensor<8x8xf32>, %gl: tensor<8xf32>):
    %e = tensor.empty() : tensor<4x8xf32>
    %m = linalg.matmul ins(%a, %wl : tensor<4x8xf32>, tensor<8x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
    %c = gspmd.sharding_constraint %m, #gspmd.partially_tiled<@mesh, [["data"], []]> : tensor<4x8xf32>
    %sm = linalg.softmax dimension(1) ins(%c : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
    %g2 = arith.mulf %gl, %gl : tensor<8xf32>
    %e8 = tensor.empty() : tensor<4x8xf32>
    %gb = linalg.broadcast ins(%g2 : tensor<8xf32>) outs(%e8 : tensor<4x8xf32>) dimensions = [0]
    %r = tosa.add %sm, %gb : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    gspmd.yield %r : tensor<4x8xf32>
  }
  return %y : tensor<3x4x8xf32>
}

// A fill the stage's matmuls accumulate into (linalg.fill, generalised to a
// generic that reads only a scalar) is made again over [L, ...] where each
// matmul needs it: a fill of the bigger tensor, which partitioning makes in
// the wanted layout, not a broadcast of one [...] copy, which it would move.
// CHECK-LABEL: func.func @fill
// CHECK-NOT: ins(%{{[^:]*}} : tensor<4x8xf32>) outs(%{{[^:]*}} : tensor<2x4x8xf32>)
// CHECK: %[[F1:.*]] = linalg.generic {indexing_maps = [#{{.*}}, #[[ID3]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x4x8xf32>)
// CHECK-NEXT: ^bb0(%[[IN1:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: linalg.yield %[[IN1]] : f32
// CHECK-NOT: ins(%{{[^:]*}} : tensor<4x8xf32>) outs(%{{[^:]*}} : tensor<2x4x8xf32>)
// CHECK: linalg.generic {{.*}} outs(%[[F1]] : tensor<2x4x8xf32>)
// CHECK-NOT: ins(%{{[^:]*}} : tensor<4x8xf32>) outs(%{{[^:]*}} : tensor<2x4x8xf32>)
// CHECK: %[[F2:.*]] = linalg.generic {{.*}} ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x4x8xf32>)
// CHECK-NOT: ins(%{{[^:]*}} : tensor<4x8xf32>) outs(%{{[^:]*}} : tensor<2x4x8xf32>)
// CHECK: linalg.generic {{.*}} outs(%[[F2]] : tensor<2x4x8xf32>)
// CHECK-NOT: ins(%{{[^:]*}} : tensor<4x8xf32>) outs(%{{[^:]*}} : tensor<2x4x8xf32>)
// CHECK: scf.yield
func.func @fill(%x: tensor<3x4x8xf32>, %w: tensor<2x8x8xf32>) -> tensor<3x4x8xf32> {
  %y = gspmd.pipeline %x : tensor<3x4x8xf32> params(%w : tensor<2x8x8xf32>) on @mesh "stage" -> tensor<3x4x8xf32> {
  ^bb0(%a: tensor<4x8xf32>, %wl: tensor<8x8xf32>):
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<4x8xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
    %h = linalg.matmul ins(%a, %wl : tensor<4x8xf32>, tensor<8x8xf32>) outs(%z : tensor<4x8xf32>) -> tensor<4x8xf32>
    %t = math.tanh %h : tensor<4x8xf32>
    %h2 = linalg.matmul ins(%t, %wl : tensor<4x8xf32>, tensor<8x8xf32>) outs(%z : tensor<4x8xf32>) -> tensor<4x8xf32>
    gspmd.yield %h2 : tensor<4x8xf32>
  }
  return %y : tensor<3x4x8xf32>
}
