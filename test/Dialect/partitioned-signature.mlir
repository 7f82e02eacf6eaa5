// RUN: gspmd-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: gspmd-opt %s -split-input-file -verify-diagnostics --mlir-print-op-generic \
// RUN:   | gspmd-opt -split-input-file | FileCheck %s

// What gspmd-partition leaves behind must parse, print and verify on its own:
//  - a partitioned function keeps, per tensor argument and result, its
//    sharding and its global type (`gspmd.global_type`), while the signature
//    holds the local type. The verifier checks that the local type is the
//    shard shape of the global type under the sharding (DESIGN section 2:
//    ceil(D / n) along a split dim, padded tail shard included), so a
//    signature that disagrees with its own annotations is caught at the
//    function, not at run time.
//  - collective_permute's `to [axes]` form (reshard between shardings that
//    differ in axis order or placement): exactly one of `shift` and `to`,
//    `to` listing the same set of axes, `wrap` only with `shift`.
// The second RUN line round-trips through the generic form.

gspmd.mesh @mesh ["data"=2, "model"=4]

// Even split, uneven split (6 over 4: shard 2, the last one empty),
// replicated, and a declaration (no entry block).
// CHECK-LABEL: func.func @signature(
// CHECK-SAME:    %arg0: tensor<4x16xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>}
// CHECK-SAME:    %arg1: tensor<7x2xf32> {gspmd.global_type = tensor<7x6xf32>, gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>}
// CHECK-SAME:    -> (tensor<8x16xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.replicated})
// CHECK:       gspmd.collective_permute %arg0 on @mesh ["data", "model"] to ["model", "data"] : tensor<4x16xf32>
// CHECK-LABEL: func.func private @declaration(
// CHECK-SAME:    tensor<2x16xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"model"], []]>}
// CHECK-SAME:    -> (tensor<2x2xf32> {gspmd.global_type = tensor<4x7xf32>, gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>})
func.func @signature(%arg0: tensor<4x16xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
                     %arg1: tensor<7x2xf32> {gspmd.global_type = tensor<7x6xf32>, gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>})
    -> (tensor<8x16xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.replicated}) {
  %0 = gspmd.collective_permute %arg0 on @mesh ["data", "model"] to ["model", "data"] : tensor<4x16xf32>
  %1 = gspmd.all_gather %0 on @mesh ["data"] gather_dim = 0 : tensor<4x16xf32> -> tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}
func.func private @declaration(tensor<2x16xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"], []]>})
    -> (tensor<2x2xf32> {gspmd.global_type = tensor<4x7xf32>, gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})

// -----

gspmd.mesh @mesh ["a"=2, "b"=2, "c"=2]

// Three axes, any order; both forms side by side.
// CHECK-LABEL: func.func @permute_forms(
// CHECK:       gspmd.collective_permute %arg0 on @mesh ["a", "b", "c"] to ["c", "a", "b"] : tensor<2xf32>
// CHECK:       gspmd.collective_permute %{{.*}} on @mesh ["b", "c"] shift = -1 wrap : tensor<2xf32>
func.func @permute_forms(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  %0 = gspmd.collective_permute %arg0 on @mesh ["a", "b", "c"] to ["c", "a", "b"] : tensor<2xf32>
  %1 = gspmd.collective_permute %0 on @mesh ["b", "c"] shift = -1 wrap : tensor<2xf32>
  return %1 : tensor<2xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// The local type must be the shard: 8 rows over "data" are 4 per device.
// expected-error@+1 {{argument #0: local type 'tensor<8x16xf32>' is not the shard of 'tensor<8x16xf32>' under #gspmd.partially_tiled<@mesh, [["data"], []]> (expected 'tensor<4x16xf32>')}}
func.func @global_type_not_shard(%arg0: tensor<8x16xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>}) {
  return
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Uneven: 6 over 4 is ceil(6/4) = 2 per device (not 6/4 rounded down).
// expected-error@+1 {{argument #0: local type 'tensor<7x1xf32>' is not the shard of 'tensor<7x6xf32>' under #gspmd.partially_tiled<@mesh, [[], ["model"]]> (expected 'tensor<7x2xf32>')}}
func.func @global_type_uneven_floor(%arg0: tensor<7x1xf32> {gspmd.global_type = tensor<7x6xf32>, gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>}) {
  return
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A result is checked as well (the diagnostic is at the function).
// expected-error@+1 {{result #0: local type 'tensor<8x8xf32>' is not the shard of 'tensor<8x16xf32>' under #gspmd.partially_tiled<@mesh, [[], ["model"]]> (expected 'tensor<8x4xf32>')}}
func.func @global_type_result(%arg0: tensor<8x8xf32>)
    -> (tensor<8x8xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>}) {
  return %arg0 : tensor<8x8xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// So is a declaration's argument (no block: the diagnostic is at the function).
// expected-error@+1 {{argument #0: local type 'tensor<8x16xf32>' is not the shard of 'tensor<8x16xf32>' under #gspmd.partially_tiled<@mesh, [[], ["model"]]> (expected 'tensor<8x4xf32>')}}
func.func private @global_type_declaration(tensor<8x16xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>})

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// The sharding describes the global type: its rank is checked against it.
// expected-error@+1 {{argument #0: sharding has rank 1 but the value has type 'tensor<8x16xf32>' (rank 2)}}
func.func @global_type_sharding_rank(%arg0: tensor<4x16xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"]]>}) {
  return
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// expected-error@+1 {{argument #0: 'gspmd.global_type' must be a ranked tensor type with the rank and element type of the local type}}
func.func @global_type_rank(%arg0: tensor<4xf32> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>}) {
  return
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// expected-error@+1 {{argument #0: 'gspmd.global_type' must be a ranked tensor type with the rank and element type of the local type}}
func.func @global_type_element(%arg0: tensor<4x16xf16> {gspmd.global_type = tensor<8x16xf32>, gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>}) {
  return
}

// -----

// expected-error@+1 {{argument #0: 'gspmd.global_type' must be a ranked tensor type with the rank and element type of the local type}}
func.func @global_type_not_tensor(%arg0: tensor<4x16xf32> {gspmd.global_type = i32}) {
  return
}

// -----

// expected-error@+1 {{argument #0: 'gspmd.global_type' must be a ranked tensor type with the rank and element type of the local type}}
func.func @global_type_on_scalar(%arg0: f32 {gspmd.global_type = tensor<8x16xf32>}) {
  return
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

func.func @permute_shift_and_to(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.collective_permute' op needs exactly one of `shift = k` and `to [axes]`}}
  %0 = gspmd.collective_permute %arg0 on @mesh ["data", "model"] shift = 1 to ["model", "data"] : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

func.func @permute_neither(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.collective_permute' op needs exactly one of `shift = k` and `to [axes]`}}
  %0 = gspmd.collective_permute %arg0 on @mesh ["data", "model"] : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// `wrap` alone is not a shift.
func.func @permute_wrap_only(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.collective_permute' op needs exactly one of `shift = k` and `to [axes]`}}
  %0 = gspmd.collective_permute %arg0 on @mesh ["data", "model"] wrap : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A `to` permutation has a source for every device: no wrap.
func.func @permute_to_wrap(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.collective_permute' op `wrap` only applies to `shift`}}
  %0 = gspmd.collective_permute %arg0 on @mesh ["data", "model"] wrap to ["model", "data"] : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Fewer axes: the group sizes would differ.
func.func @permute_to_fewer(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.collective_permute' op `to` must list the same axes as the source, in another order}}
  %0 = gspmd.collective_permute %arg0 on @mesh ["data", "model"] to ["model"] : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4, "x"=2]

// Same count, other set ("x" for "data", same size): still rejected, the
// group is the set of axes.
func.func @permute_to_other_set(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.collective_permute' op `to` must list the same axes as the source, in another order}}
  %0 = gspmd.collective_permute %arg0 on @mesh ["data", "model"] to ["model", "x"] : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

func.func @permute_to_unknown_axis(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.collective_permute' op unknown mesh axis "nope" in mesh @mesh}}
  %0 = gspmd.collective_permute %arg0 on @mesh ["data", "model"] to ["model", "nope"] : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

func.func @permute_to_axis_twice(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.collective_permute' op mesh axis "model" listed twice}}
  %0 = gspmd.collective_permute %arg0 on @mesh ["data", "model"] to ["model", "model"] : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
