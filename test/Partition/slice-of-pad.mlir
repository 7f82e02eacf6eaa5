// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition)' | FileCheck %s

// Before partitioning, an extract_slice of a tensor.pad becomes a pad of a
// slice of the pad's source (SlicesOfPads.c): the slice's positions that
// read padding become the pad's widths, the others a slice of the source
// with the same strides. Pads with other users, slices in another block,
// pad values computed from the position and slices of padding only stay.

gspmd.mesh @mesh ["a"=2]

// Rows 0, 2, 4, 6 of 8 + 1 + 1 padded rows: row 0 is padding, then source
// rows 1, 3, 5; columns 1, 3, 5 of 2 + 8 + 2: column 1 is padding, then
// source columns 1 and 3.
// CHECK-LABEL: func.func @moved(
// CHECK:         %[[S:.*]] = tensor.extract_slice %arg0[1, 1] [3, 2] [2, 2] : tensor<8x8xf32> to tensor<3x2xf32>
// CHECK-NEXT:    %[[P:.*]] = tensor.pad %[[S]] low[1, 1] high[0, 0]
// CHECK:         } : tensor<3x2xf32> to tensor<4x3xf32>
// CHECK-NEXT:    return %[[P]]
func.func @moved(%x: tensor<8x8xf32>) -> tensor<4x3xf32> {
  %v = arith.constant 0.5 : f32
  %p = tensor.pad %x low[1, 2] high[1, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<8x8xf32> to tensor<10x12xf32>
  %s = tensor.extract_slice %p[0, 1] [4, 3] [2, 2] : tensor<10x12xf32> to tensor<4x3xf32>
  return %s : tensor<4x3xf32>
}

// The same with rows split: the columns are cut locally, then the strided
// rows, and only those cross devices (one row of the 2 columns kept).
// CHECK-LABEL: func.func @moved_split(
// CHECK:         %[[C:.*]] = tensor.extract_slice %arg0[0, 1] [4, 2] [1, 2] : tensor<4x8xf32> to tensor<4x2xf32>
// CHECK:         gspmd.halo_exchange %{{.*}} on @mesh ["a"] dim = 0 halo = [1, 0] size = 3 padding = %{{.*}} : f32 : tensor<2x2xf32> -> tensor<3x2xf32>
// CHECK-NOT:     gspmd.halo_exchange
// CHECK:         tensor.pad %{{.*}} low[0, 1] high[0, 0]
func.func @moved_split(%x: tensor<8x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a"], []]>})
    -> (tensor<4x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a"], []]>}) {
  %v = arith.constant 0.5 : f32
  %p = tensor.pad %x low[1, 2] high[1, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<8x8xf32> to tensor<10x12xf32>
  %s = tensor.extract_slice %p[0, 1] [4, 3] [2, 2] : tensor<10x12xf32> to tensor<4x3xf32>
  return %s : tensor<4x3xf32>
}

// -----

gspmd.mesh @mesh ["a"=2]

// The pad is returned whole too: it stays, and the slice reads it.
// CHECK-LABEL: func.func @other_user(
// CHECK:         %[[P:.*]] = tensor.pad %arg0 low[1, 0] high[1, 0]
// CHECK:         tensor.extract_slice %[[P]]
func.func @other_user(%x: tensor<8x4xf32>) -> (tensor<10x4xf32>, tensor<8x4xf32>) {
  %v = arith.constant 0.5 : f32
  %p = tensor.pad %x low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<8x4xf32> to tensor<10x4xf32>
  %s = tensor.extract_slice %p[0, 0] [8, 4] [1, 1] : tensor<10x4xf32> to tensor<8x4xf32>
  return %p, %s : tensor<10x4xf32>, tensor<8x4xf32>
}

// -----

gspmd.mesh @mesh ["a"=2]

// The slice is inside a loop: moving it would pad on every iteration.
// CHECK-LABEL: func.func @in_loop(
// CHECK:         %[[P:.*]] = tensor.pad %arg0 low[1, 0] high[1, 0]
// CHECK:         scf.for
// CHECK:           tensor.extract_slice %[[P]]
func.func @in_loop(%x: tensor<8x4xf32>, %acc: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %v = arith.constant 0.5 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %p = tensor.pad %x low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<8x4xf32> to tensor<10x4xf32>
  %r = scf.for %k = %c0 to %c3 step %c1 iter_args(%a = %acc) -> tensor<8x4xf32> {
    %s = tensor.extract_slice %p[0, 0] [8, 4] [1, 1] : tensor<10x4xf32> to tensor<8x4xf32>
    %n = arith.addf %a, %s : tensor<8x4xf32>
    scf.yield %n : tensor<8x4xf32>
  }
  return %r : tensor<8x4xf32>
}

// -----

gspmd.mesh @mesh ["a"=2]

// The pad value is the row index: it would change with the offset.
// CHECK-LABEL: func.func @value_of_position(
// CHECK:         %[[P:.*]] = tensor.pad %arg0 low[1, 0] high[1, 0]
// CHECK:         tensor.extract_slice %[[P]]
func.func @value_of_position(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %p = tensor.pad %x low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    %n = arith.index_cast %i : index to i64
    %f = arith.sitofp %n : i64 to f32
    tensor.yield %f : f32
  } : tensor<8x4xf32> to tensor<10x4xf32>
  %s = tensor.extract_slice %p[0, 0] [8, 4] [1, 1] : tensor<10x4xf32> to tensor<8x4xf32>
  return %s : tensor<8x4xf32>
}

// -----

gspmd.mesh @mesh ["a"=2]

// Rows 8 and 9 are padding only: no slice of the source to make.
// CHECK-LABEL: func.func @padding_only(
// CHECK:         %[[P:.*]] = tensor.pad %arg0 low[0, 0] high[2, 0]
// CHECK:         tensor.extract_slice %[[P]][8, 0] [2, 4] [1, 1]
func.func @padding_only(%x: tensor<8x4xf32>) -> tensor<2x4xf32> {
  %v = arith.constant 0.5 : f32
  %p = tensor.pad %x low[0, 0] high[2, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<8x4xf32> to tensor<10x4xf32>
  %s = tensor.extract_slice %p[8, 0] [2, 4] [1, 1] : tensor<10x4xf32> to tensor<2x4xf32>
  return %s : tensor<2x4xf32>
}

// -----

gspmd.mesh @mesh ["a"=2]

// A rank-reducing slice: the new slice drops the unit dim, the pad pads
// the dim kept (column 0 of 1 + 4 + 1 is padding).
// CHECK-LABEL: func.func @rank_reducing(
// CHECK:         %[[S:.*]] = tensor.extract_slice %arg0[2, 0] [1, 4] [1, 1] : tensor<8x4xf32> to tensor<4xf32>
// CHECK-NEXT:    %[[P:.*]] = tensor.pad %[[S]] low[1] high[0]
// CHECK-NEXT:    ^bb0(%{{.*}}: index):
// CHECK:         } : tensor<4xf32> to tensor<5xf32>
// CHECK-NEXT:    return %[[P]]
func.func @rank_reducing(%x: tensor<8x4xf32>) -> tensor<5xf32> {
  %v = arith.constant 0.5 : f32
  %p = tensor.pad %x low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<8x4xf32> to tensor<10x6xf32>
  %s = tensor.extract_slice %p[3, 0] [1, 5] [1, 1] : tensor<10x6xf32> to tensor<5xf32>
  return %s : tensor<5xf32>
}
