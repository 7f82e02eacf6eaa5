// RUN: gspmd-opt %s -split-input-file --gspmd-pipeline | FileCheck %s

// Injection and collection are selects on linalg.index, never a multiplied
// mask (bubble rows may hold inf or NaN):
//  - micro-batch min(t, M-1) goes into stage 0 of the shifted state;
//  - row L-1 of the stage's result goes to micro-batch t - (L-1) of the
//    output buffer [L, M, mb...] (the other entries keep their value);
//  - after the loop the result is the sum over the stage dim of the rows
//    selected by stage == L-1 from -0.0 (the exact identity of addf): on a
//    split stage dim, a local sum and one all_reduce of [M, mb...], never a
//    gather of the whole buffer.

gspmd.mesh @mesh ["stage"=2]

// CHECK-LABEL: func.func @mlp
// The constants L-1 = 3, M-1 = 4 and 0 (%c3, %c4, %c0, or %c3_0... when
// another constant has the same value).
// CHECK: %[[LOOP:.*]]:2 = scf.for %[[T:[^ ]*]] = {{.*}} iter_args(%{{[^ ]*}} = %{{.*}}, %[[OB:[^ ]*]] = %{{.*}})
// CHECK: %[[SH:.*]] = tensor.pad
// Injection.
// CHECK: %[[TM:.*]] = arith.minsi %[[T]], %c4{{(_[0-9]+)?}} : index
// CHECK: %[[XT:.*]] = tensor.extract_slice %arg0[%[[TM]], 0] [1, 6] [1, 1] : tensor<5x6xf32> to tensor<6xf32>
// CHECK: %[[IN:.*]] = linalg.generic {indexing_maps = [#[[ID2:.*]], #[[ROW:.*]], #[[ID2]]], iterator_types = ["parallel", "parallel"]} ins(%[[SH]], %[[XT]] : tensor<4x6xf32>, tensor<6xf32>)
// CHECK-NEXT: ^bb0(%[[V:.*]]: f32, %[[XV:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[S:.*]] = linalg.index 0 : index
// CHECK-NEXT: %[[FIRST:.*]] = arith.cmpi eq, %[[S]], %c0{{(_[0-9]+)?}} : index
// CHECK-NEXT: %[[PICK:.*]] = arith.select %[[FIRST]], %[[XV]], %[[V]] : f32
// CHECK-NEXT: linalg.yield %[[PICK]] : f32
// The stage reads the injected state.
// CHECK: %[[Y:.*]] = linalg.generic {{.*}} ins(%[[IN]], %{{.*}} : tensor<4x6xf32>, tensor<4x6xf32>)
// Collection.
// CHECK: %[[MB:.*]] = arith.subi %[[T]], %c3{{(_[0-9]+)?}} : index
// CHECK: %[[OUT:.*]] = linalg.generic {indexing_maps = [#[[SKIPM:.*]], #[[ID3:.*]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[Y]] : tensor<4x6xf32>) outs(%[[OB]] : tensor<4x5x6xf32>)
// CHECK-NEXT: ^bb0(%[[CV:.*]]: f32, %[[CO:.*]]: f32):
// CHECK-NEXT: %[[S0:.*]] = linalg.index 0 : index
// CHECK-NEXT: %[[S1:.*]] = linalg.index 1 : index
// CHECK-NEXT: %[[ISLAST:.*]] = arith.cmpi eq, %[[S0]], %c3{{(_[0-9]+)?}} : index
// CHECK-NEXT: %[[MINE:.*]] = arith.cmpi eq, %[[S1]], %[[MB]] : index
// CHECK-NEXT: %[[KEEP:.*]] = arith.andi %[[ISLAST]], %[[MINE]] : i1
// CHECK-NEXT: %[[CP:.*]] = arith.select %[[KEEP]], %[[CV]], %[[CO]] : f32
// CHECK-NEXT: linalg.yield %[[CP]] : f32
// CHECK: scf.yield %[[Y]], %[[OUT]] : tensor<4x6xf32>, tensor<4x5x6xf32>
// After the loop.
// CHECK: %[[NZ:.*]] = arith.constant -0.000000e+00 : f32
// CHECK: %[[RE:.*]] = tensor.empty() : tensor<5x6xf32>
// CHECK: %[[RZ:.*]] = linalg.fill ins(%[[NZ]] : f32) outs(%[[RE]] : tensor<5x6xf32>)
// CHECK: %[[RES:.*]] = linalg.generic {indexing_maps = [#[[ID3]], #[[DROPL:.*]]], iterator_types = ["reduction", "parallel", "parallel"]} ins(%[[LOOP]]#1 : tensor<4x5x6xf32>) outs(%[[RZ]] : tensor<5x6xf32>)
// CHECK-NEXT: ^bb0(%[[RV:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT: %[[RS:.*]] = linalg.index 0 : index
// CHECK-NEXT: %[[RL:.*]] = arith.cmpi eq, %[[RS]], %c3{{(_[0-9]+)?}} : index
// CHECK-NEXT: %[[RP:.*]] = arith.select %[[RL]], %[[RV]], %[[NZ]] : f32
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[ACC]], %[[RP]] : f32
// CHECK-NEXT: linalg.yield %[[SUM]] : f32
// CHECK: return %[[RES]] : tensor<5x6xf32>
func.func @mlp(%x: tensor<5x6xf32>, %w: tensor<4x6xf32>) -> tensor<5x6xf32> {
  %y = gspmd.pipeline %x : tensor<5x6xf32> params(%w : tensor<4x6xf32>) on @mesh "stage" -> tensor<5x6xf32> {
  ^bb0(%a: tensor<6xf32>, %wl: tensor<6xf32>):
    %s = arith.addf %a, %wl : tensor<6xf32>
    gspmd.yield %s : tensor<6xf32>
  }
  return %y : tensor<5x6xf32>
}

// -----

gspmd.mesh @mesh ["stage"=2]

// Integer activations: the same selects, the result summed with addi from 0.
// CHECK-LABEL: func.func @ints
// CHECK: scf.for
// CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK: scf.yield
// CHECK: %[[Z:.*]] = arith.constant 0 : i32
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction", "parallel", "parallel"]{{.*}} ins(%{{.*}}#1 : tensor<2x3x4xi32>)
// CHECK: arith.select %{{.*}}, %{{.*}}, %[[Z]] : i32
// CHECK-NEXT: arith.addi
func.func @ints(%x: tensor<3x4xi32>, %w: tensor<2x4xi32>) -> tensor<3x4xi32> {
  %y = gspmd.pipeline %x : tensor<3x4xi32> params(%w : tensor<2x4xi32>) on @mesh "stage" -> tensor<3x4xi32> {
  ^bb0(%a: tensor<4xi32>, %wl: tensor<4xi32>):
    %s = arith.muli %a, %wl : tensor<4xi32>
    gspmd.yield %s : tensor<4xi32>
  }
  return %y : tensor<3x4xi32>
}
