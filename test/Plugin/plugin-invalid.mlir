// The dialect's verifiers run in stock mlir-opt through the plugin.
// RUN: %preload %mlir_opt %s --load-dialect-plugin=%gspmd_plugin --load-pass-plugin=%gspmd_plugin -split-input-file -verify-diagnostics
// Without the plugin the dialect is unknown.
// RUN: not %mlir_opt %s -split-input-file 2>&1 | FileCheck %s --check-prefix=NOPLUGIN
// NOPLUGIN: error: Dialect `gspmd' not found for custom op 'gspmd.mesh'

gspmd.mesh @mesh ["data"=2, "model"=4]
// expected-error@+1 {{argument #0: #gspmd.tiled leaves mesh axis "model" unused; use #gspmd.partially_tiled}}
func.func @tiled_unused(%arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], []]>}) {
  return
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @op_rank(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{result #0: sharding has rank 1 but the value has type 'tensor<8x16xf32>' (rank 2)}}
  %0 = arith.negf %arg0 {gspmd.sharding = [#gspmd.tiled<@mesh, [["data", "model"]]>]} : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @constraint_axis(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.sharding_constraint' op unknown mesh axis "batch" in mesh @mesh}}
  %0 = gspmd.sharding_constraint %arg0, #gspmd.tiled<@mesh, [["batch"], ["model"]]> : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @all_gather_shape(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.all_gather' op expected result type 'tensor<16x16xf32>', got 'tensor<8x16xf32>'}}
  %0 = gspmd.all_gather %arg0 on @mesh ["data"] gather_dim = 0 : tensor<8x16xf32> -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// expected-error@+1 {{'gspmd.mesh' op devices list has 3 entries but the mesh has 4 devices}}
gspmd.mesh @ring ["x"=2, "y"=2] devices = [0, 2, 1]
