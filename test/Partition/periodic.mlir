// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition)' -verify-diagnostics | FileCheck %s

// Periodic windows: a generic reading `(d0 + c) mod n` on a dim of n (a
// rotation, as gspmd-pipeline's circular shift) on a split dim fetches the
// rows it reaches from its cyclic neighbours with a periodic halo_exchange
// (lowered to collective_permute with wrap: test/HaloExchange) and reads
// the exchanged window with the mod dropped. Numbers: test/E2E/halo-periodic.

gspmd.mesh @mesh ["x"=4]

// Rotate down by one: row i <- row (i - 1) mod 16; one row from the device
// before (the last device's for device 0).
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @rotate_down(
// CHECK:         %[[H:.*]] = gspmd.halo_exchange %arg0 on @mesh ["x"] dim = 0 halo = [1, 0] size = 16 periodic : tensor<4x3xf32> -> tensor<5x3xf32>
// CHECK-NEXT:    %[[W:.*]] = tensor.extract_slice %[[H]][0, 0] [4, 3] [1, 1]
// CHECK-NEXT:    linalg.generic {indexing_maps = [#[[ID]], #[[ID]]]{{.*}} ins(%[[W]] : tensor<4x3xf32>)
// CHECK-NOT:     gspmd.all_gather
func.func @rotate_down(%x: tensor<16x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>})
    -> (tensor<16x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>}) {
  %e = tensor.empty() : tensor<16x3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ((d0 - 1) mod 16, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<16x3xf32>) outs(%e : tensor<16x3xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<16x3xf32>
  return %r : tensor<16x3xf32>
}

// -----

gspmd.mesh @mesh ["x"=4]

// Rotate up by two, written with a positive constant: two rows from the
// device after (the first device's for the last).
// CHECK-LABEL: func.func @rotate_up(
// CHECK:         %[[H:.*]] = gspmd.halo_exchange %arg0 on @mesh ["x"] dim = 0 halo = [0, 2] size = 16 periodic : tensor<4x3xf32> -> tensor<6x3xf32>
// CHECK:         tensor.extract_slice %[[H]][2, 0] [4, 3] [1, 1]
// CHECK-NOT:     gspmd.all_gather
func.func @rotate_up(%x: tensor<16x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>})
    -> (tensor<16x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>}) {
  %e = tensor.empty() : tensor<16x3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ((d0 + 2) mod 16, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<16x3xf32>) outs(%e : tensor<16x3xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<16x3xf32>
  return %r : tensor<16x3xf32>
}

// -----

gspmd.mesh @mesh ["x"=4]

// Uneven (14 rows over 4: the last shard padded): the wrap would read the
// padding, so the dim is gathered instead, with a remark.
// CHECK-LABEL: func.func @uneven(
// CHECK-NOT:     halo_exchange
// CHECK:         gspmd.all_gather
func.func @uneven(%x: tensor<14x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>})
    -> (tensor<14x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>}) {
  %e = tensor.empty() : tensor<14x3xf32>
  // expected-remark@+1 {{reads a split dim through a window no halo exchange can feed}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ((d0 - 1) mod 14, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<14x3xf32>) outs(%e : tensor<14x3xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<14x3xf32>
  return %r : tensor<14x3xf32>
}

// -----

gspmd.mesh @mesh ["x"=4]

// A mod by something other than the dim's size is no rotation: its loop
// stays unsplit (the operand is gathered).
// CHECK-LABEL: func.func @not_a_rotation(
// CHECK-NOT:     halo_exchange
// CHECK:         gspmd.all_gather
func.func @not_a_rotation(%x: tensor<16x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>})
    -> (tensor<8x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>}) {
  %e = tensor.empty() : tensor<8x3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ((d0 + 3) mod 8, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<16x3xf32>) outs(%e : tensor<8x3xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<8x3xf32>
  return %r : tensor<8x3xf32>
}
