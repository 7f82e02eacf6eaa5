// RUN: gspmd-opt %s --split-input-file --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition)' | FileCheck %s
// RUN: gspmd-opt %s --split-input-file --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' -o /dev/null | FileCheck %s --check-prefix=BYTES

// A slice cuts the dims it reads locally before anything crosses devices:
// only the kept elements travel (192 B and 128 B per device
// before). A size-1 dim never keeps a stride > 1 (the upstream lowering
// crashes on such rank-reducing slices), and a window that needs no rows of
// other devices exchanges nothing (no halo = [0, 0]).

gspmd.mesh @m ["a"=4]
// CHECK-LABEL: func.func @strided_rank_reducing
// CHECK-NOT: halo_exchange
// CHECK: tensor.extract_slice %arg0[0, 3] [2, 1] [1, 1] : tensor<2x16xf32> to tensor<2x1xf32>
// CHECK-NOT: [2, 1] :
// CHECK: return
// BYTES-LABEL: gspmd-comm-report
// BYTES: total: 0 ops, 0 calls, sent 0 B, received 0 B
func.func @strided_rank_reducing(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@m, [["a"], []]>}) -> tensor<4xf32> {
  %s = tensor.extract_slice %x[0, 3] [4, 1] [2, 1] : tensor<8x16xf32> to tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

gspmd.mesh @m ["a"=4]
// CHECK-LABEL: func.func @column_first
// CHECK: %[[C:.*]] = tensor.extract_slice %arg0[0, 3] [2, 1] [1, 1] : tensor<2x16xf32> to tensor<2x1xf32>
// CHECK: tensor.extract_slice %[[C]][%{{.*}}, 0] [1, 1] [1, 1] : tensor<2x1xf32> to tensor<1x1xf32>
// BYTES-LABEL: gspmd-comm-report
// BYTES: total collective_permute: 2 ops, 2 calls, sent 8 B, received 8 B
func.func @column_first(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@m, [["a"], []]>}) -> tensor<4xf32> {
  %s = tensor.extract_slice %x[0, 3] [4, 1] [1, 1] : tensor<8x16xf32> to tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

gspmd.mesh @m ["a"=4]
// CHECK-LABEL: func.func @block
// CHECK: %[[C:.*]] = tensor.extract_slice %arg0[0, 3] [2, 4] [1, 1] : tensor<2x16xf32> to tensor<2x4xf32>
// CHECK: gspmd.halo_exchange %[[C]] {{.*}} halo = [1, 1] {{.*}} : tensor<2x4xf32>
// BYTES-LABEL: gspmd-comm-report
// BYTES: total collective_permute: 2 ops, 2 calls, sent 32 B, received 32 B
func.func @block(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@m, [["a"], []]>}) -> tensor<4x4xf32> {
  %s = tensor.extract_slice %x[2, 3] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x4xf32>
  return %s : tensor<4x4xf32>
}

// -----

// A pad that needs no neighbour rows (7 -> 8 over 4 devices) masks the
// padded tail of the last shard with the pad value instead of a [0, 0]
// exchange.
gspmd.mesh @m ["a"=4]
// CHECK-LABEL: func.func @pad_no_halo
// CHECK-NOT: halo_exchange
// CHECK: linalg.generic
// CHECK: tensor.pad
// BYTES-LABEL: gspmd-comm-report
// BYTES: total: 0 ops, 0 calls, sent 0 B, received 0 B
func.func @pad_no_halo(%x: tensor<7x4xf32> {gspmd.sharding = #gspmd.tiled<@m, [["a"], []]>}) -> (tensor<8x4xf32> {gspmd.sharding = #gspmd.tiled<@m, [["a"], []]>}) {
  %c = arith.constant 2.0 : f32
  %p = tensor.pad %x low[0, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<7x4xf32> to tensor<8x4xf32>
  return %p : tensor<8x4xf32>
}

// -----

// A strided slice on the split middle dim of a 3-D tensor (rows 3, 5, ...,
// 13 of 16 over 4 devices, 4 rows each): every shard starts at the same
// phase of the stride, so each keeps its odd rows first and the exchange
// carries the one row the slice reads from the next device (128 B), not
// rows 4i+4 and 4i+5 (256 B before); the slice then reads with stride 1.
gspmd.mesh @m ["a"=4]
// CHECK-LABEL: func.func @strided_split_middle
// CHECK: %[[C:.*]] = tensor.extract_slice %arg0[0, 1, 0] [4, 2, 8] [1, 2, 1] : tensor<4x4x8xf32> to tensor<4x2x8xf32>
// CHECK: %[[H:.*]] = gspmd.halo_exchange %[[C]] {{.*}} halo = [0, 1] {{.*}} : tensor<4x2x8xf32>
// CHECK: tensor.extract_slice %[[H]][0, 1, 0] [4, 2, 8] [1, 1, 1]
// BYTES-LABEL: gspmd-comm-report
// BYTES: total collective_permute: 1 op, 1 call, sent 128 B, received 128 B
func.func @strided_split_middle(%x: tensor<4x16x8xf32> {gspmd.sharding = #gspmd.tiled<@m, [[], ["a"], []]>})
    -> (tensor<4x6x8xf32> {gspmd.sharding = #gspmd.tiled<@m, [[], ["a"], []]>}) {
  %s = tensor.extract_slice %x[0, 3, 0] [4, 6, 8] [1, 2, 1] : tensor<4x16x8xf32> to tensor<4x6x8xf32>
  return %s : tensor<4x6x8xf32>
}
