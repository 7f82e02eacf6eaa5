// gspmd-halo-exchange: a halo_exchange becomes collective_permutes of the
// edge rows (shift +h brings the h-th device before, -h the h-th after), one
// tensor.concat [low, shard, high], and a mask of the rows outside the global
// [0, size) when they may hold something other than zeros (padded shards, a
// padding value).
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-halo-exchange)' | FileCheck %s
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-halo-exchange)' | gspmd-opt --verify-diagnostics > /dev/null

gspmd.mesh @mesh ["x"=4, "y"=2]

// Even, zero padding: the first and last devices receive zeros; no mask.
// CHECK-LABEL: func.func @even
// CHECK-NEXT:    %[[LO:.*]] = tensor.extract_slice %arg0[7, 0] [1, 3] [1, 1]
// CHECK-NEXT:    %[[L:.*]] = gspmd.collective_permute %[[LO]] on @mesh ["x"] shift = 1 : tensor<1x3xf32>
// CHECK-NEXT:    %[[HI:.*]] = tensor.extract_slice %arg0[0, 0] [2, 3] [1, 1]
// CHECK-NEXT:    %[[H:.*]] = gspmd.collective_permute %[[HI]] on @mesh ["x"] shift = -1 : tensor<2x3xf32>
// CHECK-NEXT:    %[[C:.*]] = tensor.concat dim(0) %[[L]], %arg0, %[[H]]
// CHECK-NEXT:    return %[[C]] : tensor<11x3xf32>
func.func @even(%x: tensor<8x3xf32>) -> tensor<11x3xf32> {
  %h = gspmd.halo_exchange %x on @mesh ["x"] dim = 0 halo = [1, 2] size = 32 : tensor<8x3xf32> -> tensor<11x3xf32>
  return %h : tensor<11x3xf32>
}

// Uneven (13 over 4: shards of 4, the last holds 1 valid row): rows at or
// past the global end are masked from the device's offset.
// CHECK-LABEL: func.func @uneven
// CHECK:         gspmd.collective_permute %{{.*}} on @mesh ["y"] shift = 1
// CHECK:         gspmd.collective_permute %{{.*}} on @mesh ["y"] shift = -1
// CHECK:         %[[C:.*]] = tensor.concat dim(1)
// CHECK:         %[[I:.*]] = gspmd.axis_index @mesh ["y"]
// CHECK:         %[[OFF:.*]] = arith.muli %[[I]]
// CHECK:         %[[END:.*]] = arith.subi %{{.*}}, %[[OFF]]
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%[[C]] : tensor<3x9xf32>)
// CHECK:           %[[IDX:.*]] = linalg.index 1 : index
// CHECK:           arith.cmpi slt, %[[IDX]], %[[END]]
// CHECK-NOT:       arith.andi
// CHECK:           arith.select
func.func @uneven(%x: tensor<3x7xf32>) -> tensor<3x9xf32> {
  %h = gspmd.halo_exchange %x on @mesh ["y"] dim = 1 halo = [1, 1] size = 13 : tensor<3x7xf32> -> tensor<3x9xf32>
  return %h : tensor<3x9xf32>
}

// A padding value: both edges masked with it.
// CHECK-LABEL: func.func @padding
// CHECK:         tensor.concat dim(0)
// CHECK:         linalg.generic
// CHECK:           arith.cmpi slt
// CHECK:           arith.cmpi sge
// CHECK:           arith.andi
// CHECK:           arith.select %{{.*}}, %{{.*}}, %arg1 : f32
func.func @padding(%x: tensor<8x3xf32>, %v: f32) -> tensor<10x3xf32> {
  %h = gspmd.halo_exchange %x on @mesh ["x"] dim = 0 halo = [1, 1] size = 32 padding = %v : f32 : tensor<8x3xf32> -> tensor<10x3xf32>
  return %h : tensor<10x3xf32>
}

// A halo wider than a shard (5 rows from shards of 2): three hops on the low
// side, farthest first (1 row from the third device before, then two whole
// shards), over two axes (8 devices).
// CHECK-LABEL: func.func @wide
// CHECK:         %[[S3:.*]] = tensor.extract_slice %arg0[1] [1] [1]
// CHECK-NEXT:    %[[P3:.*]] = gspmd.collective_permute %[[S3]] on @mesh ["x", "y"] shift = 3 : tensor<1xf32>
// CHECK-NEXT:    %[[P2:.*]] = gspmd.collective_permute %arg0 on @mesh ["x", "y"] shift = 2 : tensor<2xf32>
// CHECK-NEXT:    %[[P1:.*]] = gspmd.collective_permute %arg0 on @mesh ["x", "y"] shift = 1 : tensor<2xf32>
// CHECK-NEXT:    tensor.concat dim(0) %[[P3]], %[[P2]], %[[P1]], %arg0 : (tensor<1xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<7xf32>
func.func @wide(%x: tensor<2xf32>) -> tensor<7xf32> {
  %h = gspmd.halo_exchange %x on @mesh ["x", "y"] dim = 0 halo = [5, 0] size = 16 : tensor<2xf32> -> tensor<7xf32>
  return %h : tensor<7xf32>
}

// Nothing to exchange.
// CHECK-LABEL: func.func @none
// CHECK-NEXT:    return %arg0
func.func @none(%x: tensor<2xf32>) -> tensor<2xf32> {
  %h = gspmd.halo_exchange %x on @mesh ["x", "y"] dim = 0 halo = [0, 0] size = 16 : tensor<2xf32> -> tensor<2xf32>
  return %h : tensor<2xf32>
}

// Periodic (a rotation): the halos wrap around the group, so every shift is
// a collective_permute with wrap and nothing is masked (even shards only).
// CHECK-LABEL: func.func @periodic
// CHECK-NEXT:    %[[LO:.*]] = tensor.extract_slice %arg0[3, 0] [1, 3] [1, 1]
// CHECK-NEXT:    %[[L:.*]] = gspmd.collective_permute %[[LO]] on @mesh ["x"] shift = 1 wrap : tensor<1x3xf32>
// CHECK-NEXT:    %[[HI:.*]] = tensor.extract_slice %arg0[0, 0] [2, 3] [1, 1]
// CHECK-NEXT:    %[[H:.*]] = gspmd.collective_permute %[[HI]] on @mesh ["x"] shift = -1 wrap : tensor<2x3xf32>
// CHECK-NEXT:    %[[C:.*]] = tensor.concat dim(0) %[[L]], %arg0, %[[H]]
// CHECK-NEXT:    return %[[C]] : tensor<7x3xf32>
func.func @periodic(%x: tensor<4x3xf32>) -> tensor<7x3xf32> {
  %h = gspmd.halo_exchange %x on @mesh ["x"] dim = 0 halo = [1, 2] size = 16 periodic : tensor<4x3xf32> -> tensor<7x3xf32>
  return %h : tensor<7x3xf32>
}
