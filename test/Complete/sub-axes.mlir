// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete)' | FileCheck %s
// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete{sub-axes=off})' | FileCheck %s --check-prefix=OFF
// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete{sub-axes=always})' | FileCheck %s --check-prefix=ALWAYS
// OFF-NOT: "model_

// A mesh axis that overfills a reshape's major factor is refined into
// sub-axes (docs/completion.md, "Sub-axes"): 8 devices over 4 heads of 16
// become "model_2"=4 on the heads and "model_1"=2 on the head dim (each part
// named by the size of the parts minor to it, as the importer names Shardy's
// sub-axes). The user's
// annotation names both parts (the same devices in the same order), and the
// split continues through the attention-like contraction.

// CHECK-LABEL: gspmd.mesh @mesh ["model_2"=4, "model_1"=2]
// CHECK: func.func @heads(%{{.*}}: tensor<8x64xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[}}[], ["model_2", "model_1"]]>})
// CHECK: tensor.expand_shape {{.*}}gspmd.sharding = [#gspmd.tiled<@mesh, {{\[}}[], ["model_2"], ["model_1"]]>]
// CHECK: linalg.generic {{.*}}gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[}}[], ["model_2"]]>]
gspmd.mesh @mesh ["model"=8]
func.func @heads(%x: tensor<8x64xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["model"]]>}) -> tensor<8x4xf32> {
  %r = tensor.expand_shape %x [[0], [1, 2]] output_shape [8, 4, 16] : tensor<8x64xf32> into tensor<8x4x16xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(b, h, d) -> (b, h, d)>, affine_map<(b, h, d) -> (b, h)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%r : tensor<8x4x16xf32>) outs(%f : tensor<8x4xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %t = arith.addf %a, %acc : f32
    linalg.yield %t : f32
  } -> tensor<8x4xf32>
  return %s : tensor<8x4xf32>
}

// -----

// Refined twice: 8 over 2 x 2 x 16. A part refined again is named from its
// own name; the devices list stays as written.
// CHECK-LABEL: gspmd.mesh @mesh ["model_4"=2, "model_1_2"=2, "model_1_1"=2] devices = [7, 6, 5, 4, 3, 2, 1, 0]
// CHECK: tensor.expand_shape {{.*}}gspmd.sharding = [#gspmd.tiled<@mesh, {{\[}}[], ["model_4"], ["model_1_2"], ["model_1_1"]]>]
gspmd.mesh @mesh ["model"=8] devices = [7, 6, 5, 4, 3, 2, 1, 0]
func.func @twice(%x: tensor<8x64xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["model"]]>}) -> tensor<8x2x2x16xf32> {
  %r = tensor.expand_shape %x [[0], [1, 2, 3]] output_shape [8, 2, 2, 16] : tensor<8x64xf32> into tensor<8x2x2x16xf32>
  return %r : tensor<8x2x2x16xf32>
}

// -----

// Only the overfilled axis is refined; "data" and a collapse the split fills
// exactly are left alone.
// CHECK-LABEL: gspmd.mesh @mesh ["data"=2, "model_2"=2, "model_1"=2]
// CHECK: tensor.expand_shape {{.*}}gspmd.sharding = [#gspmd.tiled<@mesh, {{\[}}["data"], ["model_2"], ["model_1"]]>]
gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @two_axes(%x: tensor<4x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) -> tensor<4x2x16xf32> {
  %r = tensor.expand_shape %x [[0], [1, 2]] output_shape [4, 2, 16] : tensor<4x32xf32> into tensor<4x2x16xf32>
  return %r : tensor<4x2x16xf32>
}

// -----

// An axis that is no multiple of the heads (8 devices, 12 heads of 8, as
// GPT-2's 12 heads on 8 devices): the major part is their greatest common
// divisor, 4, on the heads (3 a device); the minor part ends at the reshape
// (the heads' tensor is replicated over it), as Shardy's "model":(4)2.
// CHECK-LABEL: gspmd.mesh @mesh ["model_2"=4, "model_1"=2]
// CHECK: func.func @common_divisor(%{{.*}}: tensor<8x96xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[}}[], ["model_2", "model_1"]]>})
// CHECK: tensor.expand_shape {{.*}}gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[}}[], ["model_2"], []]>]
gspmd.mesh @mesh ["model"=8]
func.func @common_divisor(%x: tensor<8x96xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["model"]]>}) -> tensor<8x12xf32> {
  %r = tensor.expand_shape %x [[0], [1, 2]] output_shape [8, 12, 8] : tensor<8x96xf32> into tensor<8x12x8xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x12xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x12xf32>) -> tensor<8x12xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(b, h, d) -> (b, h, d)>, affine_map<(b, h, d) -> (b, h)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%r : tensor<8x12x8xf32>) outs(%f : tensor<8x12xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %t = arith.addf %a, %acc : f32
    linalg.yield %t : f32
  } -> tensor<8x12xf32>
  return %s : tensor<8x12xf32>
}

// -----

// The axis divides the major factor: no refinement.
// CHECK-LABEL: gspmd.mesh @mesh ["model"=4]
// CHECK: tensor.expand_shape {{.*}}gspmd.sharding = [#gspmd.tiled<@mesh, {{\[}}[], ["model"], []]>]
gspmd.mesh @mesh ["model"=4]
func.func @fits(%x: tensor<8x64xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["model"]]>}) -> tensor<8x4x16xf32> {
  %r = tensor.expand_shape %x [[0], [1, 2]] output_shape [8, 4, 16] : tensor<8x64xf32> into tensor<8x4x16xf32>
  return %r : tensor<8x4x16xf32>
}

// -----

// The axis also splits a dim it does not divide (6 over 4): not refined,
// and the reshape's result stays replicated.
// CHECK-LABEL: gspmd.mesh @mesh ["model"=4]
// CHECK: tensor.expand_shape {{.*}}gspmd.sharding = [#gspmd.replicated]
gspmd.mesh @mesh ["model"=4]
func.func @uneven(%x: tensor<8x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["model"]]>},
                  %y: tensor<6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["model"]]>}) -> (tensor<8x2x16xf32>, tensor<6xf32>) {
  %r = tensor.expand_shape %x [[0], [1, 2]] output_shape [8, 2, 16] : tensor<8x32xf32> into tensor<8x2x16xf32>
  %t = math.tanh %y : tensor<6xf32>
  return %r, %t : tensor<8x2x16xf32>, tensor<6xf32>
}

// -----

// A module whose collectives name the axis keeps its mesh as written.
// CHECK-LABEL: gspmd.mesh @mesh ["model"=8]
// CHECK: tensor.expand_shape {{.*}}gspmd.sharding = [#gspmd.replicated]
gspmd.mesh @mesh ["model"=8]
func.func @named(%x: tensor<8x64xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["model"]]>}, %y: tensor<8xf32>) -> (tensor<8x4x16xf32>, tensor<8xf32>) {
  %r = tensor.expand_shape %x [[0], [1, 2]] output_shape [8, 4, 16] : tensor<8x64xf32> into tensor<8x4x16xf32>
  %m = gspmd.manual_computation(%y) on @mesh manual_axes = ["model"]
      in_shardings = [#gspmd.replicated] out_shardings = [#gspmd.replicated] {
  ^bb0(%a: tensor<8xf32>):
    %s = gspmd.collective_permute %a on @mesh ["model"] shift = 1 wrap : tensor<8xf32>
    gspmd.manual_yield %s : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %r, %m : tensor<8x4x16xf32>, tensor<8xf32>
}

// -----

// The reshape's other side already uses the axis (a batch split meeting the
// hidden one, as a weight's split meets the activations' in FSDP): refining
// would only open a conflict, so the mesh stays as written.
// CHECK-LABEL: gspmd.mesh @mesh ["model"=8]
// CHECK: tensor.expand_shape {{.*}}gspmd.sharding = [#gspmd.tiled<@mesh, {{\[}}["model"], [], []]>]
gspmd.mesh @mesh ["model"=8]
func.func @taken(%x: tensor<8x64xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["model"]]>}) -> tensor<8x4x16xf32> {
  %r = tensor.expand_shape %x [[0], [1, 2]] output_shape [8, 4, 16] : tensor<8x64xf32> into tensor<8x4x16xf32>
  %c = gspmd.sharding_constraint %r, #gspmd.tiled<@mesh, [["model"], [], []]> : tensor<8x4x16xf32>
  return %c : tensor<8x4x16xf32>
}

// -----

// A refinement that saves nothing is not made by default (sub-axes=cheaper:
// a trial partitions both completions and compares their bytes): the result
// is wanted whole, and gathering it over two sub-axes sends what gathering
// the rows over "model" does. sub-axes=always refines it.
// CHECK-LABEL: func.func @tie(
// CHECK: tensor.expand_shape {{.*}}gspmd.sharding = [#gspmd.replicated]
// ALWAYS-LABEL: gspmd.mesh @mesh ["data"=2, "model_2"=2, "model_1"=2]
// ALWAYS: tensor.expand_shape {{.*}}gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[}}["model_2"], ["model_1"], []]>]
gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @tie(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"], []]>})
    -> (tensor<2x4x16xf32> {gspmd.sharding = #gspmd.replicated}) {
  %0 = tensor.expand_shape %x [[0, 1], [2]] output_shape [2, 4, 16] : tensor<8x16xf32> into tensor<2x4x16xf32>
  return %0 : tensor<2x4x16xf32>
}
