// RUN: gspmd-opt %s --split-input-file --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition)' | FileCheck %s
// RUN: gspmd-opt %s --split-input-file --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' -o /dev/null | FileCheck %s --check-prefix=BYTES

// Slices whose result is split finer than their source are fed by pieces
// (docs/partitioning.md, "Windows and halos"): per shift, each device sends
// the columns its receiver's window needs, cut at a position linear in its
// own index, and the receiver slices its window from the joined pieces.

gspmd.mesh @m ["x"=8]
// q, k, v of a fused projection: 192 columns, 24 a device; each slice's 64
// split 8 (8 a device). k = columns [64, 128): device i reads [64 + 8i,
// 72 + 8i), held by the devices 2 before to 2 after it: four pieces of 8
// columns, not the halo's 48 + 48.
// CHECK-LABEL: func.func @fused_k
// CHECK-NOT: halo_exchange
// CHECK-DAG: gspmd.collective_permute %{{.*}} on @m ["x"] shift = 2 : tensor<4x8xf32>
// CHECK-DAG: gspmd.collective_permute %{{.*}} on @m ["x"] shift = 1 : tensor<4x8xf32>
// CHECK-DAG: gspmd.collective_permute %{{.*}} on @m ["x"] shift = -1 : tensor<4x8xf32>
// CHECK-DAG: gspmd.collective_permute %{{.*}} on @m ["x"] shift = -2 : tensor<4x8xf32>
// CHECK: %[[J:.*]] = tensor.concat dim(1) {{.*}} -> tensor<4x40xf32>
// CHECK: tensor.extract_slice %[[J]][0, %{{.*}}] [4, 8] [1, 1] : tensor<4x40xf32> to tensor<4x8xf32>
// BYTES-LABEL: gspmd-comm-report
// BYTES: total: 4 ops, 4 calls, sent 512 B
func.func @fused_k(%x: tensor<4x192xf32> {gspmd.sharding = #gspmd.tiled<@m, [[], ["x"]]>})
    -> (tensor<4x64xf32> {gspmd.sharding = #gspmd.tiled<@m, [[], ["x"]]>}) {
  %k = tensor.extract_slice %x[0, 64] [4, 64] [1, 1] : tensor<4x192xf32> to tensor<4x64xf32>
  return %k : tensor<4x64xf32>
}

// -----

gspmd.mesh @m ["x"=8]
// The same slice of a value a stencil also reads: the stencil's halo
// exchange moves whole shards, whose hops the slice's halo shares once
// lowered, so the slice keeps its halo.
// CHECK-LABEL: func.func @beside_a_stencil
// CHECK: gspmd.halo_exchange
// CHECK: gspmd.halo_exchange
func.func @beside_a_stencil(%x: tensor<4x192xf32> {gspmd.sharding = #gspmd.tiled<@m, [[], ["x"]]>})
    -> (tensor<4x64xf32> {gspmd.sharding = #gspmd.tiled<@m, [[], ["x"]]>},
        tensor<4x191xf32> {gspmd.sharding = #gspmd.tiled<@m, [[], ["x"]]>}) {
  %k = tensor.extract_slice %x[0, 64] [4, 64] [1, 1] : tensor<4x192xf32> to tensor<4x64xf32>
  %e = tensor.empty() : tensor<4x191xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j + 1)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x192xf32>) outs(%e : tensor<4x191xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<4x191xf32>
  return %k, %s : tensor<4x64xf32>, tensor<4x191xf32>
}

// -----

gspmd.mesh @m ["x"=4]
// The last 9 of 40 columns (10 a device), split 4 (3 a device, the last
// padded): the last device's window would reach past the dim, so the slice
// takes its halo.
// CHECK-LABEL: func.func @window_past_the_end
// CHECK: gspmd.halo_exchange
func.func @window_past_the_end(%x: tensor<4x40xf32> {gspmd.sharding = #gspmd.tiled<@m, [[], ["x"]]>})
    -> (tensor<4x9xf32> {gspmd.sharding = #gspmd.tiled<@m, [[], ["x"]]>}) {
  %t = tensor.extract_slice %x[0, 31] [4, 9] [1, 1] : tensor<4x40xf32> to tensor<4x9xf32>
  return %t : tensor<4x9xf32>
}
