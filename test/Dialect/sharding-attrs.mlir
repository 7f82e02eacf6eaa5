// RUN: gspmd-opt %s -split-input-file | FileCheck %s --strict-whitespace --match-full-lines
// RUN: gspmd-opt %s -split-input-file | gspmd-opt -split-input-file | FileCheck %s --strict-whitespace --match-full-lines
// Generic-form and bytecode round trips give back the same IR.
// RUN: gspmd-opt %s -split-input-file -verify-roundtrip

// Every sharding form of DESIGN.md section 2, in every place a sharding can
// live, prints exactly as written and parses back. The checks match whole
// lines, whitespace included.

gspmd.mesh @mesh ["data"=2, "model"=4]

// Function arguments: every form.
// CHECK-LABEL:  func.func @args(%arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.replicated}, %arg1: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>}, %arg2: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>}, %arg3: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data", "model"], []]>}) {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @args(%arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.replicated},
                %arg1: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>},
                %arg2: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>},
                %arg3: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data", "model"], []]>}) {
  return
}

// Function results: every form; unannotated arguments and results stay bare.
// CHECK-LABEL:  func.func @results(%arg0: tensor<8x16xf32>) -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.replicated}, tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>}, tensor<8x16xf32>, tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>}, tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"data", "model"], []]>}) {
// CHECK-NEXT:    return %arg0, %arg0, %arg0, %arg0, %arg0 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>
// CHECK-NEXT:  }
func.func @results(%arg0: tensor<8x16xf32>)
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.replicated},
        tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>},
        tensor<8x16xf32>,
        tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>},
        tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data", "model"], []]>}) {
  return %arg0, %arg0, %arg0, %arg0, %arg0 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>
}

// A declaration (no body) carries argument and result shardings too.
// CHECK-LABEL:  func.func private @decl(tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"model"], ["data"]]>}, tensor<16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"data"]]>}) -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.replicated})
func.func private @decl(tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["model"], ["data"]]>},
                        tensor<16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"]]>})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.replicated})

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Op results: `gspmd.sharding` holds one entry per result.
// CHECK-LABEL:  func.func @op_results(%arg0: tensor<8x16xf32>, %arg1: tensor<8x16xi32>, %arg2: tensor<i32>) -> tensor<8x16xf32> {
// CHECK-NEXT:    %0 = arith.addf %arg0, %arg0 {gspmd.sharding = [#gspmd.replicated]} : tensor<8x16xf32>
// CHECK-NEXT:    %1 = arith.mulf %0, %0 {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]} : tensor<8x16xf32>
// CHECK-NEXT:    %2 = arith.subf %1, %1 {gspmd.sharding = [#gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>]} : tensor<8x16xf32>
// CHECK-NEXT:    %3 = arith.divf %2, %2 {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data", "model"], []]>]} : tensor<8x16xf32>
// CHECK-NEXT:    %sum, %overflow = arith.addui_extended %arg1, %arg1 {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"model"], ["data"]]>, #gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>]} : tensor<8x16xi32>, tensor<8x16xi1>
// CHECK-NEXT:    %sum_0, %overflow_1 = arith.addui_extended %arg2, %arg2 {gspmd.sharding = [#gspmd.replicated, #gspmd.replicated]} : tensor<i32>, tensor<i1>
// CHECK-NEXT:    %cst = arith.constant {gspmd.sharding = [#gspmd.replicated]} dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT:    %cst_2 = arith.constant {gspmd.sharding = [#gspmd.partially_tiled<@mesh, []>]} dense<2.000000e+00> : tensor<f32>
// CHECK-NEXT:    return %3 : tensor<8x16xf32>
// CHECK-NEXT:  }
func.func @op_results(%arg0: tensor<8x16xf32>, %arg1: tensor<8x16xi32>, %arg2: tensor<i32>) -> tensor<8x16xf32> {
  %0 = arith.addf %arg0, %arg0 {gspmd.sharding = [#gspmd.replicated]} : tensor<8x16xf32>
  %1 = arith.mulf %0, %0 {gspmd.sharding = [#gspmd.tiled<@mesh, [["data"], ["model"]]>]} : tensor<8x16xf32>
  %2 = arith.subf %1, %1 {gspmd.sharding = [#gspmd.partially_tiled<@mesh, [[], ["model"]]>]} : tensor<8x16xf32>
  %3 = arith.divf %2, %2 {gspmd.sharding = [#gspmd.tiled<@mesh, [["data", "model"], []]>]} : tensor<8x16xf32>
  %4:2 = arith.addui_extended %arg1, %arg1 {gspmd.sharding = [#gspmd.tiled<@mesh, [["model"], ["data"]]>, #gspmd.partially_tiled<@mesh, [["data"], []]>]} : tensor<8x16xi32>, tensor<8x16xi1>
  // Rank 0: replicated, or partially tiled with no dims (all axes unused).
  %5:2 = arith.addui_extended %arg2, %arg2 {gspmd.sharding = [#gspmd.replicated, #gspmd.replicated]} : tensor<i32>, tensor<i1>
  %6 = arith.constant {gspmd.sharding = [#gspmd.replicated]} dense<1.0> : tensor<f32>
  %7 = arith.constant {gspmd.sharding = [#gspmd.partially_tiled<@mesh, []>]} dense<2.0> : tensor<f32>
  return %3 : tensor<8x16xf32>
}

// Results of region ops, and a replicated non-tensor result; an op with no
// results takes an empty list.
// CHECK-LABEL:  func.func @region_results(%arg0: tensor<8x16xf32>, %arg1: index) -> tensor<8x16xf32> {
// CHECK-NEXT:    %c0 = arith.constant {gspmd.sharding = [#gspmd.replicated]} 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %0:2 = scf.for %arg2 = %c0 to %arg1 step %c1 iter_args(%arg3 = %arg0, %arg4 = %arg0) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
// CHECK-NEXT:      scf.yield {gspmd.sharding = []} %arg4, %arg3 : tensor<8x16xf32>, tensor<8x16xf32>
// CHECK-NEXT:    } {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>, #gspmd.partially_tiled<@mesh, {{\[\[}}"model"], []]>]}
// CHECK-NEXT:    return %0#0 : tensor<8x16xf32>
// CHECK-NEXT:  }
func.func @region_results(%arg0: tensor<8x16xf32>, %n: index) -> tensor<8x16xf32> {
  %c0 = arith.constant {gspmd.sharding = [#gspmd.replicated]} 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %arg0, %b = %arg0) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
    scf.yield {gspmd.sharding = []} %b, %a : tensor<8x16xf32>, tensor<8x16xf32>
  } {gspmd.sharding = [#gspmd.tiled<@mesh, [["data"], ["model"]]>, #gspmd.partially_tiled<@mesh, [["model"], []]>]}
  return %r#0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// sharding_constraint: every form, on static, dynamic and rank-0 tensors.
// CHECK-LABEL:  func.func @constraints(%arg0: tensor<8x16xf32>, %arg1: tensor<?x16xf32>, %arg2: tensor<f32>) -> tensor<8x16xf32> {
// CHECK-NEXT:    %0 = gspmd.sharding_constraint %arg0, #gspmd.replicated : tensor<8x16xf32>
// CHECK-NEXT:    %1 = gspmd.sharding_constraint %0, #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]> : tensor<8x16xf32>
// CHECK-NEXT:    %2 = gspmd.sharding_constraint %1, #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]> : tensor<8x16xf32>
// CHECK-NEXT:    %3 = gspmd.sharding_constraint %2, #gspmd.tiled<@mesh, {{\[\[}}"data", "model"], []]> : tensor<8x16xf32>
// CHECK-NEXT:    %4 = gspmd.sharding_constraint %3, #gspmd.tiled<@mesh, {{\[\[}}], ["model", "data"]]> : tensor<8x16xf32>
// CHECK-NEXT:    %5 = gspmd.sharding_constraint %arg1, #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]> : tensor<?x16xf32>
// CHECK-NEXT:    %6 = gspmd.sharding_constraint %arg2, #gspmd.replicated : tensor<f32>
// CHECK-NEXT:    %7 = gspmd.sharding_constraint %arg2, #gspmd.partially_tiled<@mesh, []> : tensor<f32>
// CHECK-NEXT:    return %4 : tensor<8x16xf32>
// CHECK-NEXT:  }
func.func @constraints(%arg0: tensor<8x16xf32>, %arg1: tensor<?x16xf32>, %arg2: tensor<f32>) -> tensor<8x16xf32> {
  %0 = gspmd.sharding_constraint %arg0, #gspmd.replicated : tensor<8x16xf32>
  %1 = gspmd.sharding_constraint %0, #gspmd.tiled<@mesh, [["data"], ["model"]]> : tensor<8x16xf32>
  %2 = gspmd.sharding_constraint %1, #gspmd.partially_tiled<@mesh, [[], ["model"]]> : tensor<8x16xf32>
  %3 = gspmd.sharding_constraint %2, #gspmd.tiled<@mesh, [["data", "model"], []]> : tensor<8x16xf32>
  %4 = gspmd.sharding_constraint %3, #gspmd.tiled<@mesh, [[], ["model", "data"]]> : tensor<8x16xf32>
  %5 = gspmd.sharding_constraint %arg1, #gspmd.tiled<@mesh, [["data"], ["model"]]> : tensor<?x16xf32>
  %6 = gspmd.sharding_constraint %arg2, #gspmd.replicated : tensor<f32>
  %7 = gspmd.sharding_constraint %arg2, #gspmd.partially_tiled<@mesh, []> : tensor<f32>
  return %4 : tensor<8x16xf32>
}

// Extra attributes go between the sharding and the type; attribute aliases
// are resolved.
#rows = #gspmd.partially_tiled<@mesh, [["data"], []]>
// CHECK-LABEL:  func.func @constraint_attrs(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
// CHECK-NEXT:    %0 = gspmd.sharding_constraint %arg0, #gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]> : tensor<8x16xf32>
// CHECK-NEXT:    %1 = gspmd.sharding_constraint %0, #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]> {note = "user"} : tensor<8x16xf32>
// CHECK-NEXT:    %2 = gspmd.sharding_constraint %1, #gspmd.replicated {note = "user"} : tensor<8x16xf32>
// CHECK-NEXT:    return %2 : tensor<8x16xf32>
// CHECK-NEXT:  }
func.func @constraint_attrs(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = gspmd.sharding_constraint %arg0, #rows : tensor<8x16xf32>
  %1 = gspmd.sharding_constraint %0, #gspmd.tiled<@mesh, [["data"], ["model"]]> {note = "user"} : tensor<8x16xf32>
  %2 = gspmd.sharding_constraint %1, #gspmd.replicated {note = "user"} : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

// A size-1 axis may be left unused by #gspmd.tiled (it splits nothing), and
// may also be used.
gspmd.mesh @unit ["data"=4, "model"=1]

// CHECK-LABEL:  func.func @size_one_axis(%arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@unit, {{\[\[}}"data"], []]>}) -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@unit, {{\[\[}}"data"], ["model"]]>}) {
// CHECK-NEXT:    %0 = gspmd.sharding_constraint %arg0, #gspmd.tiled<@unit, {{\[\[}}], ["data"]]> : tensor<8x16xf32>
// CHECK-NEXT:    %1 = arith.negf %0 {gspmd.sharding = [#gspmd.partially_tiled<@unit, {{\[\[}}], []]>]} : tensor<8x16xf32>
// CHECK-NEXT:    return %1 : tensor<8x16xf32>
// CHECK-NEXT:  }
func.func @size_one_axis(%arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@unit, [["data"], []]>})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@unit, [["data"], ["model"]]>}) {
  %0 = gspmd.sharding_constraint %arg0, #gspmd.tiled<@unit, [[], ["data"]]> : tensor<8x16xf32>
  %1 = arith.negf %0 {gspmd.sharding = [#gspmd.partially_tiled<@unit, [[], []]>]} : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// On a mesh of only size-1 axes, or with no axes, #gspmd.tiled may use none.
gspmd.mesh @one ["x"=1, "y"=1]
gspmd.mesh @none []

// CHECK-LABEL:  func.func @trivial_meshes(%arg0: tensor<8xf32> {gspmd.sharding = #gspmd.tiled<@one, {{\[\[}}]]>}, %arg1: tensor<8xf32> {gspmd.sharding = #gspmd.tiled<@none, {{\[\[}}]]>}) -> (tensor<8xf32> {gspmd.sharding = #gspmd.tiled<@one, {{\[\[}}"y", "x"]]>}) {
// CHECK-NEXT:    return %arg0 : tensor<8xf32>
// CHECK-NEXT:  }
func.func @trivial_meshes(%arg0: tensor<8xf32> {gspmd.sharding = #gspmd.tiled<@one, [[]]>},
                          %arg1: tensor<8xf32> {gspmd.sharding = #gspmd.tiled<@none, [[]]>})
    -> (tensor<8xf32> {gspmd.sharding = #gspmd.tiled<@one, [["y", "x"]]>}) {
  return %arg0 : tensor<8xf32>
}

// -----

// A permuted mesh takes the same shardings; three axes over three dims.
gspmd.mesh @cube ["x"=2, "y"=2, "z"=2] devices = [0, 2, 1, 3, 4, 6, 5, 7]

// CHECK-LABEL:  func.func @cube_shardings(%arg0: tensor<4x4x4xf32> {gspmd.sharding = #gspmd.tiled<@cube, {{\[\[}}"z"], ["y"], ["x"]]>}) -> (tensor<4x4x4xf32> {gspmd.sharding = #gspmd.partially_tiled<@cube, {{\[\[}}], ["x", "z"], []]>}) {
// CHECK-NEXT:    return %arg0 : tensor<4x4x4xf32>
// CHECK-NEXT:  }
func.func @cube_shardings(%arg0: tensor<4x4x4xf32> {gspmd.sharding = #gspmd.tiled<@cube, [["z"], ["y"], ["x"]]>})
    -> (tensor<4x4x4xf32> {gspmd.sharding = #gspmd.partially_tiled<@cube, [[], ["x", "z"], []]>}) {
  return %arg0 : tensor<4x4x4xf32>
}
