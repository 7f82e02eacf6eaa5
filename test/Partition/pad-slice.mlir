// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-spmd)' -verify-diagnostics | FileCheck %s

// tensor.pad, tensor.extract_slice and tensor.insert_slice read a dim
// through a window when they pad it or take part of it: a device's output
// rows then need input rows its neighbours hold (a halo). Pads and slices
// get them by gspmd.halo_exchange (lowered here by gspmd-spmd's
// gspmd-halo-exchange: collective_permute of the edge rows, concat, a mask
// of the rows outside the tensor with the pad value) and a slice at the
// device's window; the op then reads its window from 0 (the pad or offset
// along that dim drops away). insert_slice has no halo form yet: the dim is
// resharded unsplit, with a remark, and the result sliced back. Dims that
// are padded by 0 or taken whole are parallel: they stay split and the op
// runs on the local shard (static sizes rewritten to the shard size).

gspmd.mesh @mesh ["data"=2, "model"=4]

// Rows padded 1 + 1 while split by data (shards of 4 rows, output shards of
// 5): device i reads rows [5i - 1, 5i + 4); one row comes from each
// neighbour, rows outside [0, 8) become the pad value, and the window starts
// at i in the exchanged 6 rows. The pad itself folds away.
// CHECK-LABEL: func.func @pad_split_dim(
// CHECK-SAME:    %arg0: tensor<4x4xf32>
// CHECK-SAME:    -> (tensor<5x4xf32> {gspmd.global_type = tensor<10x16xf32>, gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>})
// CHECK-DAG:     %[[C9:.*]] = arith.constant 9 : index
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[LO:.*]] = tensor.extract_slice %arg0[3, 0] [1, 4] [1, 1]
// CHECK-NEXT:    %[[L:.*]] = gspmd.collective_permute %[[LO]] on @mesh ["data"] shift = 1 : tensor<1x4xf32>
// CHECK-NEXT:    %[[HI:.*]] = tensor.extract_slice %arg0[0, 0] [1, 4] [1, 1]
// CHECK-NEXT:    %[[H:.*]] = gspmd.collective_permute %[[HI]] on @mesh ["data"] shift = -1 : tensor<1x4xf32>
// CHECK-NEXT:    %[[C:.*]] = tensor.concat dim(0) %[[L]], %arg0, %[[H]] : {{.*}} -> tensor<6x4xf32>
// CHECK-NEXT:    %[[D:.*]] = gspmd.axis_index @mesh ["data"]
// CHECK:         arith.subi %[[C9]], %{{.*}} : index
// CHECK:         %[[M:.*]] = linalg.generic {{.*}} ins(%[[C]] : tensor<6x4xf32>)
// CHECK:           arith.select %{{.*}}, %{{.*}}, %[[ZERO]] : f32
// CHECK:         %[[S:.*]] = tensor.extract_slice %[[M]][%[[D]], 0] [5, 4] [1, 1] : tensor<6x4xf32> to tensor<5x4xf32>
// CHECK-NEXT:    return %[[S]]
func.func @pad_split_dim(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> tensor<10x16xf32> {
  %z = arith.constant 0.0 : f32
  %0 = tensor.pad %x low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f32
  } : tensor<8x16xf32> to tensor<10x16xf32>
  return %0 : tensor<10x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Only the unsplit cols are padded: local pad of the 4x16 shard, no remark.
// CHECK-LABEL: func.func @pad_unsplit_dim(
// CHECK-SAME:    %arg0: tensor<4x16xf32>
// CHECK-SAME:    -> (tensor<4x18xf32> {gspmd.global_type = tensor<8x18xf32>
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[P:.*]] = tensor.pad %arg0 low[0, 1] high[0, 1] {
// CHECK:           tensor.yield %[[ZERO]] : f32
// CHECK-NEXT:    } : tensor<4x16xf32> to tensor<4x18xf32>
// CHECK-NEXT:    return %[[P]]
func.func @pad_unsplit_dim(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>})
    -> tensor<8x18xf32> {
  %z = arith.constant 0.0 : f32
  %0 = tensor.pad %x low[0, 1] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f32
  } : tensor<8x16xf32> to tensor<8x18xf32>
  return %0 : tensor<8x18xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Uneven: 6 cols over model (2, 2, 2, 0) padded 1 + 2 to 9 (3 each over
// model): device i reads cols [3i - 1, 3i + 2) from shards of 2, one col
// before and three after (a hop past the next device), masked past col 6
// (padding) and before col 0; the window starts at i.
// CHECK-LABEL: func.func @pad_split_dim_uneven(
// CHECK-SAME:    %arg0: tensor<4x2xf32>
// CHECK-SAME:    -> (tensor<4x3xf32> {gspmd.global_type = tensor<7x9xf32>
// CHECK:         gspmd.collective_permute %{{.*}} on @mesh ["model"] shift = 1 : tensor<4x1xf32>
// CHECK-NEXT:    gspmd.collective_permute %arg0 on @mesh ["model"] shift = -1 : tensor<4x2xf32>
// CHECK:         gspmd.collective_permute %{{.*}} on @mesh ["model"] shift = -2 : tensor<4x1xf32>
// CHECK-NEXT:    %[[C:.*]] = tensor.concat dim(1) {{.*}} -> tensor<4x6xf32>
// CHECK-NEXT:    %[[M:.*]] = gspmd.axis_index @mesh ["model"]
// CHECK:         %[[W:.*]] = linalg.generic {{.*}} ins(%[[C]] : tensor<4x6xf32>)
// CHECK:         %[[S:.*]] = tensor.extract_slice %[[W]][0, %[[M]]] [4, 3] [1, 1] : tensor<4x6xf32> to tensor<4x3xf32>
// CHECK-NEXT:    return %[[S]]
func.func @pad_split_dim_uneven(%x: tensor<7x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> tensor<7x9xf32> {
  %z = arith.constant 0.0 : f32
  %0 = tensor.pad %x low[0, 1] high[0, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f32
  } : tensor<7x6xf32> to tensor<7x9xf32>
  return %0 : tensor<7x9xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Cols [2, 10) of 16 split by model (shards of 4; the result's shards of 2):
// device i reads cols [2i + 2, 2i + 4), which lie in its own shard or the one
// before. A halo would bring the whole previous shard (4 cols); pieces bring
// the 2 cols the receiver reads, cut at 4 - 2i in the sender's shard, and the
// receiver's own 2, joined, its window at 2 (own piece) or 0 (the
// neighbour's).
// CHECK-LABEL: func.func @extract_slice_split_dim(
// CHECK-SAME:    %arg0: tensor<4x4xf32>
// CHECK-SAME:    -> (tensor<4x2xf32> {gspmd.global_type = tensor<8x8xf32>, gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>})
// CHECK-NOT:     halo_exchange
// CHECK:         %[[CUT:.*]] = tensor.extract_slice %arg0[0, %{{.*}}] [4, 2] [1, 1] : tensor<4x4xf32> to tensor<4x2xf32>
// CHECK-NEXT:    %[[P:.*]] = gspmd.collective_permute %[[CUT]] on @mesh ["model"] shift = 1 : tensor<4x2xf32>
// CHECK:         %[[OWN:.*]] = tensor.extract_slice %arg0[0, %{{.*}}] [4, 2] [1, 1] : tensor<4x4xf32> to tensor<4x2xf32>
// CHECK:         %[[C:.*]] = tensor.concat dim(1) %[[P]], %[[OWN]] : {{.*}} -> tensor<4x4xf32>
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %[[C]][0, %{{.*}}] [4, 2] [1, 1] : tensor<4x4xf32> to tensor<4x2xf32>
// CHECK-NEXT:    return %[[S]]
func.func @extract_slice_split_dim(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> tensor<8x8xf32> {
  %0 = tensor.extract_slice %x[0, 2] [8, 8] [1, 1] : tensor<8x16xf32> to tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// The split rows are taken whole (7 over model: 2 per device, padding
// included), the cols partly with a stride: local slice with the row size
// rewritten to 2.
// CHECK-LABEL: func.func @extract_slice_unsplit_dim(
// CHECK-SAME:    %arg0: tensor<2x16xf32>
// CHECK-SAME:    -> (tensor<2x5xf32> {gspmd.global_type = tensor<7x5xf32>, gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"model"], []]>})
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %arg0[0, 3] [2, 5] [1, 2] : tensor<2x16xf32> to tensor<2x5xf32>
// CHECK-NEXT:    return %[[S]]
func.func @extract_slice_unsplit_dim(%x: tensor<7x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"], []]>})
    -> tensor<7x5xf32> {
  %0 = tensor.extract_slice %x[0, 3] [7, 5] [1, 2] : tensor<7x16xf32> to tensor<7x5xf32>
  return %0 : tensor<7x5xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Rank-reducing: row 3 of rows split by data. The dropped unit dim is
// replicated-only and the result has no dim to carry data: gather rows,
// take row 3 of the 8; cols stay over model. (No remark: no sharding of
// the op was dropped, the operand is resharded like any other.)
// CHECK-LABEL: func.func @extract_row(
// CHECK-SAME:    %arg0: tensor<4x4xf32>
// CHECK-SAME:    -> (tensor<4xf32> {gspmd.global_type = tensor<16xf32>, gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"model"]]>})
// CHECK-NEXT:    %[[G:.*]] = gspmd.all_gather %arg0 on @mesh ["data"] gather_dim = 0 : tensor<4x4xf32> -> tensor<8x4xf32>
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %[[G]][3, 0] [1, 4] [1, 1] : tensor<8x4xf32> to tensor<4xf32>
// CHECK-NEXT:    return %[[S]]
func.func @extract_row(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> tensor<16xf32> {
  %0 = tensor.extract_slice %x[3, 0] [1, 16] [1, 1] : tensor<8x16xf32> to tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// insert_slice into cols [4, 8) of a dest split by model: both the dest and
// the source are gathered along the cols, the insert runs on whole rows
// (over data), the result is sliced back to cols model * 4.
// CHECK-LABEL: func.func @insert_slice_split_dim(
// CHECK-SAME:    %arg0: tensor<4x4xf32>
// CHECK-SAME:    %arg1: tensor<4x1xf32>
// CHECK-SAME:    -> (tensor<4x4xf32>
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[SRC:.*]] = gspmd.all_gather %arg1 on @mesh ["model"] gather_dim = 1 : tensor<4x1xf32> -> tensor<4x4xf32>
// CHECK-DAG:     %[[DST:.*]] = gspmd.all_gather %arg0 on @mesh ["model"] gather_dim = 1 : tensor<4x4xf32> -> tensor<4x16xf32>
// CHECK:         %[[I:.*]] = tensor.insert_slice %[[SRC]] into %[[DST]][0, 4] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<4x16xf32>
// CHECK-NEXT:    %[[M:.*]] = gspmd.axis_index @mesh ["model"]
// CHECK-NEXT:    %[[COL:.*]] = arith.muli %[[M]], %[[C4]] : index
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %[[I]][0, %[[COL]]] [4, 4] [1, 1] : tensor<4x16xf32> to tensor<4x4xf32>
// CHECK-NEXT:    return %[[S]]
func.func @insert_slice_split_dim(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>},
                                  %y: tensor<8x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> tensor<8x16xf32> {
  // expected-remark@+1 {{gspmd-partition: 'tensor.insert_slice' reads a split dim through a window no halo exchange can feed (or gathering is cheaper); resharded unsplit along it}}
  %0 = tensor.insert_slice %y into %x[0, 4] [8, 4] [1, 1] : tensor<8x4xf32> into tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Inserting whole rows into a dest split by data on the rows: local insert
// on each device's rows (sizes rewritten to 4), no remark.
// CHECK-LABEL: func.func @insert_slice_unsplit_dim(
// CHECK-SAME:    %arg0: tensor<4x16xf32>
// CHECK-SAME:    %arg1: tensor<4x4xf32>
// CHECK-NEXT:    %[[I:.*]] = tensor.insert_slice %arg1 into %arg0[0, 4] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<4x16xf32>
// CHECK-NEXT:    return %[[I]]
func.func @insert_slice_unsplit_dim(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
                                    %y: tensor<8x4xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>})
    -> tensor<8x16xf32> {
  %0 = tensor.insert_slice %y into %x[0, 4] [8, 4] [1, 1] : tensor<8x4xf32> into tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
