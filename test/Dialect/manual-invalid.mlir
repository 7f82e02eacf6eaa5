// RUN: gspmd-opt %s -split-input-file -verify-diagnostics

// Every verifier diagnostic of gspmd.manual_computation, one case per split.

gspmd.mesh @mesh ["data"=4, "model"=2]
func.func @f(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.manual_computation' op unknown mesh @nope}}
  %r = gspmd.manual_computation(%x) on @nope manual_axes = ["data"]
      in_shardings = [#gspmd.replicated] out_shardings = [#gspmd.replicated] {
  ^bb0(%l: tensor<8x16xf32>):
    gspmd.manual_yield %l : tensor<8x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=4, "model"=2]
func.func @f(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.manual_computation' op unknown manual axis "batch" in mesh @mesh}}
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["batch"]
      in_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>] out_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>] {
  ^bb0(%l: tensor<2x16xf32>):
    gspmd.manual_yield %l : tensor<2x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=4, "model"=2]
func.func @f(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.manual_computation' op manual axis "data" listed twice}}
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["data", "data"]
      in_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>] out_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>] {
  ^bb0(%l: tensor<2x16xf32>):
    gspmd.manual_yield %l : tensor<2x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=4, "model"=2]
func.func @f(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.manual_computation' op needs at least one manual axis}}
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = []
      in_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>] out_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>] {
  ^bb0(%l: tensor<2x16xf32>):
    gspmd.manual_yield %l : tensor<2x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=4, "model"=2]
func.func @f(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.manual_computation' op has 1 operands but 2 in_shardings}}
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["data"]
      in_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>, #gspmd.partially_tiled<@mesh, [["data"], []]>] out_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>] {
  ^bb0(%l: tensor<2x16xf32>):
    gspmd.manual_yield %l : tensor<2x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=4, "model"=2]
func.func @f(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.manual_computation' op has 1 results but 0 out_shardings}}
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["data"]
      in_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>] out_shardings = [] {
  ^bb0(%l: tensor<2x16xf32>):
    gspmd.manual_yield %l : tensor<2x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=4, "model"=2]
func.func @f(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.manual_computation' op in_sharding #0: sharding has rank 1 but the value has type 'tensor<8x16xf32>' (rank 2)}}
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["data"]
      in_shardings = [#gspmd.partially_tiled<@mesh, [["data"]]>] out_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>] {
  ^bb0(%l: tensor<2x16xf32>):
    gspmd.manual_yield %l : tensor<2x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=4, "model"=2]
func.func @f(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.manual_computation' op in_sharding #0: unknown mesh axis "x" in mesh @mesh}}
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["data"]
      in_shardings = [#gspmd.partially_tiled<@mesh, [["x"], []]>] out_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>] {
  ^bb0(%l: tensor<2x16xf32>):
    gspmd.manual_yield %l : tensor<2x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=4, "model"=2]
gspmd.mesh @other ["a"=2]
func.func @f(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.manual_computation' op in_sharding #0: sharding is on mesh @other, not the region's mesh @mesh}}
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["data"]
      in_shardings = [#gspmd.partially_tiled<@other, [["a"], []]>] out_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>] {
  ^bb0(%l: tensor<2x16xf32>):
    gspmd.manual_yield %l : tensor<2x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=4, "model"=2]
func.func @f(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.manual_computation' op in_sharding #0: dim 0 lists a manual axis after a free axis; manual axes must come first}}
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["data"]
      in_shardings = [#gspmd.tiled<@mesh, [["model", "data"], []]>] out_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>] {
  ^bb0(%l: tensor<1x16xf32>):
    gspmd.manual_yield %l : tensor<1x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=4, "model"=2]
func.func @f(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.manual_computation' op body argument #0 has type 'tensor<4x16xf32>' but the manual shard of 'tensor<8x16xf32>' is 'tensor<2x16xf32>'}}
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["data"]
      in_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>] out_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>] {
  ^bb0(%l: tensor<4x16xf32>):
    gspmd.manual_yield %l : tensor<4x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=4, "model"=2]
func.func @f(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.manual_computation' op out_sharding #0: #gspmd.partially_tiled uses every mesh axis; use #gspmd.tiled}}
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["data"]
      in_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>] out_shardings = [#gspmd.partially_tiled<@mesh, [["data"], ["model"]]>] {
  ^bb0(%l: tensor<2x16xf32>):
    gspmd.manual_yield %l : tensor<2x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=4, "model"=2]
func.func @f(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["data"]
      in_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>] out_shardings = [#gspmd.replicated] {
  ^bb0(%l: tensor<2x16xf32>):
    // expected-error@+1 {{'gspmd.manual_yield' op yields 'tensor<2x16xf32>' as #0 but the manual shard of 'tensor<8x16xf32>' is 'tensor<8x16xf32>'}}
    gspmd.manual_yield %l : tensor<2x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=4, "model"=2]
func.func @f(%x: tensor<8x?xf32>) -> tensor<8x?xf32> {
  // expected-error@+1 {{'gspmd.manual_computation' op out_sharding #0: dim 1 is split by a manual axis and must be static}}
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["data"]
      in_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>] out_shardings = [#gspmd.partially_tiled<@mesh, [[], ["data"]]>] {
  ^bb0(%l: tensor<2x?xf32>):
    gspmd.manual_yield %l : tensor<2x?xf32>
  } : (tensor<8x?xf32>) -> tensor<8x?xf32>
  return %r : tensor<8x?xf32>
}

// -----

gspmd.mesh @mesh ["data"=4, "model"=2]
func.func @f(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["data"]
      in_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>] out_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>] {
  ^bb0(%l: tensor<2x16xf32>):
    // expected-error@+1 {{'gspmd.all_reduce' op uses axis "model", which is not a manual axis of the enclosing manual_computation}}
    %s = gspmd.all_reduce %l on @mesh ["model"] reduce = sum : tensor<2x16xf32>
    gspmd.manual_yield %l : tensor<2x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=4, "model"=2]
func.func @f(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["data"]
      in_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>] out_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>] {
  ^bb0(%l: tensor<2x16xf32>):
    // expected-error@+1 {{'gspmd.axis_index' op uses axis "model", which is not a manual axis of the enclosing manual_computation}}
    %i = gspmd.axis_index @mesh ["data", "model"]
    gspmd.manual_yield %l : tensor<2x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=4, "model"=2]
gspmd.mesh @other ["a"=2]
func.func @f(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["data"]
      in_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>] out_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>] {
  ^bb0(%l: tensor<2x16xf32>):
    // expected-error@+1 {{'gspmd.collective_permute' op inside a manual_computation on @mesh must use that mesh, not @other}}
    %s = gspmd.collective_permute %l on @other ["a"] shift = 1 : tensor<2x16xf32>
    gspmd.manual_yield %l : tensor<2x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=4, "model"=2]
func.func @f(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["data"]
      in_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>] out_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>] {
  ^bb0(%l: tensor<2x16xf32>):
    // expected-error@+1 {{'gspmd.sharding_constraint' op has a sharding on manual axis "data" inside a manual_computation; the body's shardings use free axes only}}
    %s = gspmd.sharding_constraint %l, #gspmd.partially_tiled<@mesh, [["data"], []]> : tensor<2x16xf32>
    gspmd.manual_yield %l : tensor<2x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=4, "model"=2]
func.func @f(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["data"]
      in_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>] out_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>] {
  ^bb0(%l: tensor<2x16xf32>):
    // expected-error@+1 {{'arith.negf' op has a sharding on manual axis "data" inside a manual_computation; the body's shardings use free axes only}}
    %s = arith.negf %l {gspmd.sharding = [#gspmd.partially_tiled<@mesh, [[], ["data"]]>]} : tensor<2x16xf32>
    gspmd.manual_yield %l : tensor<2x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=4, "model"=2]
func.func @f(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["data"]
      in_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>] out_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>] {
  ^bb0(%l: tensor<2x16xf32>):
    // expected-error@+1 {{'gspmd.manual_computation' op inside another manual_computation is not supported}}
    %s = gspmd.manual_computation(%l) on @mesh manual_axes = ["model"]
        in_shardings = [#gspmd.replicated] out_shardings = [#gspmd.replicated] {
    ^bb0(%m: tensor<2x16xf32>):
      gspmd.manual_yield %m : tensor<2x16xf32>
    } : (tensor<2x16xf32>) -> tensor<2x16xf32>
    gspmd.manual_yield %l : tensor<2x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=4, "model"=2]
func.func @f(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.manual_computation' op body has 2 arguments but the op has 1 operands}}
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["data"]
      in_shardings = [#gspmd.replicated] out_shardings = [#gspmd.replicated] {
  ^bb0(%l: tensor<8x16xf32>, %m: tensor<8x16xf32>):
    gspmd.manual_yield %l : tensor<8x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=4, "model"=2]
func.func @f(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["data"]
      in_shardings = [#gspmd.replicated] out_shardings = [#gspmd.replicated] {
  ^bb0(%l: tensor<8x16xf32>):
    // expected-error@+1 {{'gspmd.manual_yield' op yields 2 values but the manual_computation has 1 results}}
    gspmd.manual_yield %l, %l : tensor<8x16xf32>, tensor<8x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=4, "model"=2]
func.func @f(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %c = arith.constant dense<1.0> : tensor<8x16xf32>
  // expected-note@+1 {{required by region isolation constraints}}
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["data"]
      in_shardings = [#gspmd.replicated] out_shardings = [#gspmd.replicated] {
  ^bb0(%l: tensor<8x16xf32>):
    // expected-error@+1 {{using value defined outside the region}}
    %s = arith.addf %l, %c : tensor<8x16xf32>
    gspmd.manual_yield %s : tensor<8x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}
