// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-spmd)' -verify-diagnostics | FileCheck %s

// An op the partitioner has no local form for (here tosa.transpose, which
// completion has a rule for, and tensor.extract, which needs its whole
// source) is never guessed at: its tensor operands are made whole, it runs
// on global types exactly as in the input program, a remark names it, and
// its results are sliced (no communication) to the sharding completion gave
// them, so the ops around it stay partitioned.

gspmd.mesh @mesh ["data"=2, "model"=4]

// tosa elementwise ops apply one function per element: they run on the
// shards (no remark, no communication).
// CHECK-LABEL: func.func @tosa_add(
// CHECK-SAME:    %arg0: tensor<4x4xf32>
// CHECK-SAME:    %arg1: tensor<4x4xf32>
// CHECK-SAME:    -> (tensor<4x4xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>})
// CHECK-NEXT:    %[[ADD:.*]] = tosa.add %arg0, %arg1 : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT:    %[[E:.*]] = math.exp %[[ADD]] : tensor<4x4xf32>
// CHECK-NEXT:    return %[[E]]
func.func @tosa_add(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>},
                    %y: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = tosa.add %x, %y : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %1 = math.exp %0 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Uneven: 7x6 shards are 4x2; the whole operand is unpadded after each
// gather, the tosa op sees exactly 7x6, and its result is padded (to 8x8)
// before the slice.
// CHECK-LABEL: func.func @tosa_transpose_uneven(
// CHECK-SAME:    %arg0: tensor<4x2xf32>
// CHECK-SAME:    -> (tensor<2x4xf32> {gspmd.global_type = tensor<6x7xf32>, gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"model"], ["data"]]>})
// CHECK:         %[[G1:.*]] = gspmd.all_gather %arg0 on @mesh ["model"] gather_dim = 1 : tensor<4x2xf32> -> tensor<4x8xf32>
// CHECK-NEXT:    %[[U1:.*]] = tensor.extract_slice %[[G1]][0, 0] [4, 6] [1, 1] : tensor<4x8xf32> to tensor<4x6xf32>
// CHECK-NEXT:    %[[G0:.*]] = gspmd.all_gather %[[U1]] on @mesh ["data"] gather_dim = 0 : tensor<4x6xf32> -> tensor<8x6xf32>
// CHECK-NEXT:    %[[U0:.*]] = tensor.extract_slice %[[G0]][0, 0] [7, 6] [1, 1] : tensor<8x6xf32> to tensor<7x6xf32>
// CHECK-NEXT:    %[[T:.*]] = tosa.transpose %[[U0]] {perms = array<i32: 1, 0>} : (tensor<7x6xf32>) -> tensor<6x7xf32>
// CHECK:         %[[P:.*]] = tensor.pad %[[T]] low[0, 0] high[2, 1] {
// CHECK:         } : tensor<6x7xf32> to tensor<8x8xf32>
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %[[P]][%{{.*}}, %{{.*}}] [2, 4] [1, 1] : tensor<8x8xf32> to tensor<2x4xf32>
// CHECK-NEXT:    return %[[S]]
func.func @tosa_transpose_uneven(%x: tensor<7x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> tensor<6x7xf32> {
  // expected-remark@+1 {{gspmd-partition: 'tosa.transpose' has no local form here; computed replicated}}
  %0 = tosa.transpose %x {perms = array<i32: 1, 0>} : (tensor<7x6xf32>) -> tensor<6x7xf32>
  return %0 : tensor<6x7xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// tensor.extract needs the whole source (the index is only known at run
// time): gathered, then extracted on every device; the scalar is
// replicated and the fill that uses it is local.
// CHECK-LABEL: func.func @extract(
// CHECK-SAME:    %arg0: tensor<4x4xf32>
// CHECK-SAME:    %arg1: index
// CHECK:         %[[G0:.*]] = gspmd.all_gather %arg0 on @mesh ["data"] gather_dim = 0 : tensor<4x4xf32> -> tensor<8x4xf32>
// CHECK-NEXT:    %[[G1:.*]] = gspmd.all_gather %[[G0]] on @mesh ["model"] gather_dim = 1 : tensor<8x4xf32> -> tensor<8x16xf32>
// CHECK-NEXT:    %[[V:.*]] = tensor.extract %[[G1]][%arg1, %arg1] : tensor<8x16xf32>
// CHECK:         linalg.fill ins(%[[V]] : f32) outs(%{{.*}} : tensor<4x4xf32>) -> tensor<4x4xf32>
func.func @extract(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}, %i: index)
    -> tensor<8x16xf32> {
  // expected-remark@+1 {{gspmd-partition: 'tensor.extract' has no local form here; computed replicated}}
  %0 = tensor.extract %x[%i, %i] : tensor<8x16xf32>
  %e = tensor.empty() : tensor<8x16xf32>
  %1 = linalg.fill ins(%0 : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %2 = arith.addf %x, %1 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// No remark when nothing is split around the op: a replicated tosa.add on
// replicated operands is just the op.
// CHECK-LABEL: func.func @replicated_no_remark(
// CHECK-NEXT:    %[[ADD:.*]] = tosa.add %arg0, %arg1 : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK-NEXT:    return %[[ADD]]
func.func @replicated_no_remark(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.replicated},
                                %y: tensor<8x16xf32> {gspmd.sharding = #gspmd.replicated})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.replicated}) {
  %0 = tosa.add %x, %y : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
