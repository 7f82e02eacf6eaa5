// RUN: gspmd-opt %s -split-input-file -verify-diagnostics

// Every verifier diagnostic of the gspmd dialect, one case per split.

//===----------------------------------------------------------------------===//
// gspmd.mesh
//===----------------------------------------------------------------------===//

// expected-error@+1 {{'gspmd.mesh' op mesh axis name 'data' is used twice}}
gspmd.mesh @mesh ["data"=2, "data"=4]

// -----

// expected-error@+1 {{'gspmd.mesh' op mesh axis 'model' has size 0; sizes must be >= 1}}
gspmd.mesh @mesh ["data"=2, "model"=0]

// -----

// expected-error@+1 {{'gspmd.mesh' op mesh axis 'data' has size -2; sizes must be >= 1}}
gspmd.mesh @mesh ["data"=-2]

// -----

// expected-error@+1 {{'gspmd.mesh' op mesh axis 0 has an empty name}}
gspmd.mesh @mesh [""=2]

// -----

// expected-error@+1 {{'gspmd.mesh' op mesh devices are not a permutation: device 1 appears twice}}
gspmd.mesh @ring ["x"=2, "y"=2] devices = [0, 1, 1, 3]

// -----

// expected-error@+1 {{'gspmd.mesh' op mesh device id 4 at position 3 is out of range [0, 4)}}
gspmd.mesh @ring ["x"=2, "y"=2] devices = [0, 2, 1, 4]

// -----

// expected-error@+1 {{'gspmd.mesh' op mesh device id -1 at position 0 is out of range [0, 4)}}
gspmd.mesh @ring ["x"=2, "y"=2] devices = [-1, 2, 1, 3]

// -----

// expected-error@+1 {{'gspmd.mesh' op devices list has 3 entries but the mesh has 4 devices}}
gspmd.mesh @ring ["x"=2, "y"=2] devices = [0, 2, 1]

// -----

// expected-error@+1 {{'gspmd.mesh' op devices list has 5 entries but the mesh has 4 devices}}
gspmd.mesh @ring ["x"=2, "y"=2] devices = [0, 2, 1, 3, 4]

// -----

// A size error is reported as such, not as a devices-list length mismatch.
// expected-error@+1 {{'gspmd.mesh' op mesh axis 'x' has size 0; sizes must be >= 1}}
gspmd.mesh @ring ["x"=0, "y"=2] devices = [0, 1]

// -----

// expected-error@+1 {{'gspmd.mesh' op has 2 axis names but 1 sizes}}
"gspmd.mesh"() <{sym_name = "mesh", axis_names = ["a", "b"], axis_sizes = array<i64: 2>}> : () -> ()

// -----

// expected-error@+1 {{expected '='}}
gspmd.mesh @mesh ["data" 2]

//===----------------------------------------------------------------------===//
// Sharding attributes: structure checked when the attribute is built
//===----------------------------------------------------------------------===//

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
// expected-error@+1 {{mesh axis "data" is used twice in one sharding}}
func.func @axis_twice(%arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["data", "model"]]>}) {
  return
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @dim_not_a_list(%arg0: tensor<8x16xf32>) {
  // expected-error@+1 {{expected a list of mesh axis names per tensor dim, got "data"}}
  %0 = gspmd.sharding_constraint %arg0, #gspmd.partially_tiled<@mesh, ["data", []]> : tensor<8x16xf32>
  return
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @axis_not_a_string(%arg0: tensor<8x16xf32>) {
  // expected-error@+1 {{expected a mesh axis name string, got 0 : i64}}
  %0 = gspmd.sharding_constraint %arg0, #gspmd.partially_tiled<@mesh, [[0], []]> : tensor<8x16xf32>
  return
}

//===----------------------------------------------------------------------===//
// Shardings against the mesh and the value: function arguments
//===----------------------------------------------------------------------===//

// -----

// expected-error@+1 {{argument #0: unknown mesh @nomesh}}
func.func @unknown_mesh(%arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@nomesh, [["data"], []]>}) {
  return
}

// -----

// An axis name holding a NUL is not the axis its C string names (the
// sharding algebra reads names as C strings; found by the sharding-attr
// fuzz target, where "b\00..." exported as axis "b" used twice).
gspmd.mesh @mesh ["a"=2, "b"=4]
// expected-error@+1 {{argument #0: unknown mesh axis "b}}
func.func @nul_in_axis(%arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a"], ["b\00a"]]>}) {
  return
}

// -----

// expected-error@+1 {{holds a NUL character}}
gspmd.mesh @mesh ["a\00b"=2, "a"=4]

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
// expected-error@+1 {{argument #0: unknown mesh axis "batch" in mesh @mesh}}
func.func @unknown_axis(%arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["batch"], ["model"]]>}) {
  return
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
// expected-error@+1 {{argument #1: sharding has rank 1 but the value has type 'tensor<8x16xf32>' (rank 2)}}
func.func @arg_rank(%arg0: tensor<8xf32>, %arg1: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data", "model"]]>}) {
  return
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
// The diagnostic is at the argument's own location, here its own line.
func.func @arg_own_line(
    %arg0: tensor<8xf32>,
    // expected-error@+1 {{argument #1: sharding has rank 3 but the value has type 'tensor<8x16xf32>' (rank 2)}}
    %arg1: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"], []]>}) {
  return
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
// expected-error@+1 {{argument #0: #gspmd.tiled leaves mesh axis "model" unused; use #gspmd.partially_tiled}}
func.func @tiled_unused(%arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], []]>}) {
  return
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
// expected-error@+1 {{argument #0: #gspmd.partially_tiled uses every mesh axis; use #gspmd.tiled}}
func.func @partial_uses_all(%arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"], ["data"]]>}) {
  return
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
// expected-error@+1 {{argument #0: #gspmd.tiled needs a ranked tensor value, got 'f32'}}
func.func @tiled_scalar(%arg0: f32 {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) {
  return
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
// expected-error@+1 {{argument #0: #gspmd.partially_tiled needs a ranked tensor value, got 'tensor<*xf32>'}}
func.func @partial_unranked(%arg0: tensor<*xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"]]>}) {
  return
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
// expected-error@+1 {{argument #0: expected a gspmd sharding attribute, got [#gspmd.replicated]}}
func.func @arg_array(%arg0: tensor<8x16xf32> {gspmd.sharding = [#gspmd.replicated]}) {
  return
}

// -----

// expected-error@+1 {{argument #0: unknown gspmd attribute 'gspmd.shard'}}
func.func @arg_unknown_attr(%arg0: tensor<8x16xf32> {gspmd.shard = #gspmd.replicated}) {
  return
}

// -----

// expected-error@+1 {{argument #0: 'gspmd.aliasing_output' must be an integer on a function argument}}
func.func @aliasing_not_integer(%arg0: tensor<8xf32> {gspmd.aliasing_output = "0"}) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}

// -----

// expected-error@+1 {{argument #0: 'gspmd.aliasing_output' names result #1, but the function has 1 results}}
func.func @aliasing_out_of_range(%arg0: tensor<8xf32> {gspmd.aliasing_output = 1 : i32}) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}

// -----

// expected-error@+1 {{argument #0: 'gspmd.aliasing_output' names result #0 of type 'tensor<4xf32>', not the argument's 'tensor<8xf32>'}}
func.func @aliasing_other_type(%arg0: tensor<8xf32> {gspmd.aliasing_output = 0 : i32}, %arg1: tensor<4xf32>) -> tensor<4xf32> {
  return %arg1 : tensor<4xf32>
}

// -----

// expected-error@+1 {{argument #0: arguments #0 and #1 both name result #0 in 'gspmd.aliasing_output'}}
func.func @aliasing_twice(%arg0: tensor<8xf32> {gspmd.aliasing_output = 0 : i32}, %arg1: tensor<8xf32> {gspmd.aliasing_output = 0 : i32}) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}

// -----

// A declaration has no entry block: the argument type comes from the
// function type.
gspmd.mesh @mesh ["data"=2, "model"=4]
// expected-error@+1 {{argument #0: sharding has rank 1 but the value has type 'tensor<8x16xf32>' (rank 2)}}
func.func private @decl(tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data", "model"]]>})

// -----

// A symbol that is not a mesh does not resolve.
// expected-error@+1 {{argument #0: unknown mesh @not_a_mesh}}
func.func @not_a_mesh(%arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@not_a_mesh, [["data"], []]>}) {
  return
}

//===----------------------------------------------------------------------===//
// Function results
//===----------------------------------------------------------------------===//

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
// expected-error@+1 {{result #0: sharding has rank 1 but the value has type 'tensor<8x16xf32>' (rank 2)}}
func.func @result_rank(%arg0: tensor<8x16xf32>) -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data", "model"]]>}) {
  return %arg0 : tensor<8x16xf32>
}

// -----

// expected-error@+1 {{result #1: unknown mesh @nomesh}}
func.func @result_unknown_mesh(%arg0: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@nomesh, [[], ["model"]]>}) {
  return %arg0, %arg0 : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
// expected-error@+1 {{result #0: #gspmd.tiled leaves mesh axis "data" unused; use #gspmd.partially_tiled}}
func.func @result_tiled_unused(%arg0: tensor<8x16xf32>) -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["model"]]>}) {
  return %arg0 : tensor<8x16xf32>
}

// -----

// expected-error@+1 {{result #0: unknown gspmd attribute 'gspmd.foo'}}
func.func @result_unknown_attr(%arg0: tensor<8x16xf32>) -> (tensor<8x16xf32> {gspmd.foo = 1}) {
  return %arg0 : tensor<8x16xf32>
}

//===----------------------------------------------------------------------===//
// Op results: `gspmd.sharding = [...]`, one entry per result
//===----------------------------------------------------------------------===//

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @op_rank(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{result #0: sharding has rank 1 but the value has type 'tensor<8x16xf32>' (rank 2)}}
  %0 = arith.addf %arg0, %arg0 {gspmd.sharding = [#gspmd.tiled<@mesh, [["data", "model"]]>]} : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @op_unknown_axis(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{result #0: unknown mesh axis "Data" in mesh @mesh}}
  %0 = arith.addf %arg0, %arg0 {gspmd.sharding = [#gspmd.partially_tiled<@mesh, [["Data"], []]>]} : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

func.func @op_unknown_mesh(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{result #0: unknown mesh @mesh}}
  %0 = arith.addf %arg0, %arg0 {gspmd.sharding = [#gspmd.tiled<@mesh, [["data"], ["model"]]>]} : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @op_second_result(%arg0: tensor<8x16xi32>) -> tensor<8x16xi1> {
  // expected-error@+1 {{result #1: #gspmd.tiled leaves mesh axis "model" unused; use #gspmd.partially_tiled}}
  %sum, %overflow = arith.addui_extended %arg0, %arg0 {gspmd.sharding = [#gspmd.tiled<@mesh, [["data"], ["model"]]>, #gspmd.tiled<@mesh, [["data"], []]>]} : tensor<8x16xi32>, tensor<8x16xi1>
  return %overflow : tensor<8x16xi1>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @op_non_tensor(%arg0: index) -> index {
  // expected-error@+1 {{result #0: #gspmd.tiled needs a ranked tensor value, got 'index'}}
  %0 = arith.addi %arg0, %arg0 {gspmd.sharding = [#gspmd.tiled<@mesh, [["data"], ["model"]]>]} : index
  return %0 : index
}

// -----

func.func @op_too_many(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.sharding' has 2 entries but the op has 1 results}}
  %0 = arith.addf %arg0, %arg0 {gspmd.sharding = [#gspmd.replicated, #gspmd.replicated]} : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

func.func @op_too_few(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.sharding' has 0 entries but the op has 1 results}}
  %0 = arith.addf %arg0, %arg0 {gspmd.sharding = []} : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

func.func @op_not_array(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.sharding' on an op must be an array with one sharding per result}}
  %0 = arith.addf %arg0, %arg0 {gspmd.sharding = #gspmd.replicated} : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

func.func @op_unknown_attr(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{unknown gspmd attribute 'gspmd.foo'}}
  %0 = arith.addf %arg0, %arg0 {gspmd.foo = [#gspmd.replicated]} : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

func.func @op_non_sharding_entry(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{result #0: expected a gspmd sharding attribute, got "data"}}
  %0 = arith.addf %arg0, %arg0 {gspmd.sharding = ["data"]} : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @op_axis_twice(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{mesh axis "data" is used twice in one sharding}}
  %0 = arith.addf %arg0, %arg0 {gspmd.sharding = [#gspmd.tiled<@mesh, [["data", "model"], ["data"]]>]} : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @op_results_two_errors(%arg0: tensor<8x16xi32>) -> tensor<8x16xi32> {
  // The first bad entry is reported.
  // expected-error@+1 {{result #0: unknown mesh @other}}
  %sum, %overflow = arith.addui_extended %arg0, %arg0 {gspmd.sharding = [#gspmd.tiled<@other, [["data"], ["model"]]>, #gspmd.tiled<@mesh, [["data"]]>]} : tensor<8x16xi32>, tensor<8x16xi1>
  return %sum : tensor<8x16xi32>
}

// -----

// expected-error@+1 {{unknown gspmd attribute 'gspmd.sharding_mode'}}
module attributes {gspmd.sharding_mode = "auto"} {
}

//===----------------------------------------------------------------------===//
// gspmd.sharding_constraint
//===----------------------------------------------------------------------===//

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @constraint_rank(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.sharding_constraint' op sharding has rank 1 but the value has type 'tensor<8x16xf32>' (rank 2)}}
  %0 = gspmd.sharding_constraint %arg0, #gspmd.partially_tiled<@mesh, [["model"]]> : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

func.func @constraint_unknown_mesh(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.sharding_constraint' op unknown mesh @mesh}}
  %0 = gspmd.sharding_constraint %arg0, #gspmd.tiled<@mesh, [["data"], ["model"]]> : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @constraint_unknown_axis(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.sharding_constraint' op unknown mesh axis "x" in mesh @mesh}}
  %0 = gspmd.sharding_constraint %arg0, #gspmd.tiled<@mesh, [["data"], ["model", "x"]]> : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @constraint_partial_all(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.sharding_constraint' op #gspmd.partially_tiled uses every mesh axis; use #gspmd.tiled}}
  %0 = gspmd.sharding_constraint %arg0, #gspmd.partially_tiled<@mesh, [["data", "model"], []]> : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @constraint_tiled_unused(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.sharding_constraint' op #gspmd.tiled leaves mesh axis "data" unused; use #gspmd.partially_tiled}}
  %0 = gspmd.sharding_constraint %arg0, #gspmd.tiled<@mesh, [[], ["model"]]> : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

func.func @constraint_not_sharding(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{expected a gspmd sharding attribute, got "data"}}
  %0 = gspmd.sharding_constraint %arg0, "data" : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

func.func @constraint_not_sharding_generic(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.sharding_constraint' op attribute 'sharding' failed to satisfy constraint: gspmd sharding}}
  %0 = "gspmd.sharding_constraint"(%arg0) <{sharding = "data"}> : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

func.func @constraint_type_mismatch(%arg0: tensor<8x16xf32>) -> tensor<16x8xf32> {
  // expected-error@+1 {{'gspmd.sharding_constraint' op requires the same type for all operands and results}}
  %0 = "gspmd.sharding_constraint"(%arg0) <{sharding = #gspmd.replicated}> : (tensor<8x16xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

func.func @constraint_scalar(%arg0: f32) -> f32 {
  // expected-error@+1 {{'gspmd.sharding_constraint' op operand #0 must be ranked tensor of any type values, but got 'f32'}}
  %0 = gspmd.sharding_constraint %arg0, #gspmd.replicated : f32
  return %0 : f32
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @constraint_axis_twice(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{mesh axis "model" is used twice in one sharding}}
  %0 = gspmd.sharding_constraint %arg0, #gspmd.partially_tiled<@mesh, [["model"], ["model"]]> : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

//===----------------------------------------------------------------------===//
// Collectives and SPMD ops
//===----------------------------------------------------------------------===//

// -----

func.func @all_reduce_unknown_mesh(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.all_reduce' op unknown mesh @mesh}}
  %0 = gspmd.all_reduce %arg0 on @mesh ["model"] reduce = sum : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @all_reduce_unknown_axis(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.all_reduce' op unknown mesh axis "batch" in mesh @mesh}}
  %0 = gspmd.all_reduce %arg0 on @mesh ["batch"] reduce = sum : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @all_reduce_axis_twice(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.all_reduce' op mesh axis "model" listed twice}}
  %0 = gspmd.all_reduce %arg0 on @mesh ["model", "data", "model"] reduce = max : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

func.func @all_reduce_bad_kind(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{expected string or keyword containing one of the following enum values for attribute 'reduction' [sum, max, min, prod, maxnum, minnum]}}
  %0 = gspmd.all_reduce %arg0 on @mesh ["model"] reduce = mean : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

func.func @all_gather_unknown_mesh(%arg0: tensor<8x16xf32>) -> tensor<16x16xf32> {
  // expected-error@+1 {{'gspmd.all_gather' op unknown mesh @mesh}}
  %0 = gspmd.all_gather %arg0 on @mesh ["data"] gather_dim = 0 : tensor<8x16xf32> -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @all_gather_unknown_axis(%arg0: tensor<8x16xf32>) -> tensor<16x16xf32> {
  // expected-error@+1 {{'gspmd.all_gather' op unknown mesh axis "rows" in mesh @mesh}}
  %0 = gspmd.all_gather %arg0 on @mesh ["rows"] gather_dim = 0 : tensor<8x16xf32> -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @all_gather_axis_twice(%arg0: tensor<8x16xf32>) -> tensor<32x16xf32> {
  // expected-error@+1 {{'gspmd.all_gather' op mesh axis "data" listed twice}}
  %0 = gspmd.all_gather %arg0 on @mesh ["data", "data"] gather_dim = 0 : tensor<8x16xf32> -> tensor<32x16xf32>
  return %0 : tensor<32x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @all_gather_dim_high(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.all_gather' op gather_dim 2 is out of range for rank 2}}
  %0 = gspmd.all_gather %arg0 on @mesh ["data"] gather_dim = 2 : tensor<8x16xf32> -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @all_gather_dim_negative(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.all_gather' op gather_dim -1 is out of range for rank 2}}
  %0 = gspmd.all_gather %arg0 on @mesh ["data"] gather_dim = -1 : tensor<8x16xf32> -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @all_gather_shape(%arg0: tensor<8x16xf32>) -> tensor<16x16xf32> {
  // expected-error@+1 {{'gspmd.all_gather' op expected result type 'tensor<8x64xf32>', got 'tensor<16x16xf32>'}}
  %0 = gspmd.all_gather %arg0 on @mesh ["model"] gather_dim = 1 : tensor<8x16xf32> -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @all_gather_two_axes_shape(%arg0: tensor<8x16xf32>) -> tensor<16x16xf32> {
  // expected-error@+1 {{'gspmd.all_gather' op expected result type 'tensor<64x16xf32>', got 'tensor<16x16xf32>'}}
  %0 = gspmd.all_gather %arg0 on @mesh ["data", "model"] gather_dim = 0 : tensor<8x16xf32> -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @all_gather_elt_type(%arg0: tensor<8x16xf32>) -> tensor<16x16xf16> {
  // expected-error@+1 {{'gspmd.all_gather' op result type 'tensor<16x16xf16>' must have the rank and element type of 'tensor<8x16xf32>'}}
  %0 = gspmd.all_gather %arg0 on @mesh ["data"] gather_dim = 0 : tensor<8x16xf32> -> tensor<16x16xf16>
  return %0 : tensor<16x16xf16>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @all_gather_rank(%arg0: tensor<8x16xf32>) -> tensor<256xf32> {
  // expected-error@+1 {{'gspmd.all_gather' op result type 'tensor<256xf32>' must have the rank and element type of 'tensor<8x16xf32>'}}
  %0 = gspmd.all_gather %arg0 on @mesh ["data"] gather_dim = 0 : tensor<8x16xf32> -> tensor<256xf32>
  return %0 : tensor<256xf32>
}

// -----

func.func @reduce_scatter_unknown_mesh(%arg0: tensor<8x16xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'gspmd.reduce_scatter' op unknown mesh @mesh}}
  %0 = gspmd.reduce_scatter %arg0 on @mesh ["model"] reduce = sum scatter_dim = 1 : tensor<8x16xf32> -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @reduce_scatter_unknown_axis(%arg0: tensor<8x16xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'gspmd.reduce_scatter' op unknown mesh axis "cols" in mesh @mesh}}
  %0 = gspmd.reduce_scatter %arg0 on @mesh ["cols"] reduce = sum scatter_dim = 1 : tensor<8x16xf32> -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @reduce_scatter_axis_twice(%arg0: tensor<8x16xf32>) -> tensor<8x1xf32> {
  // expected-error@+1 {{'gspmd.reduce_scatter' op mesh axis "model" listed twice}}
  %0 = gspmd.reduce_scatter %arg0 on @mesh ["model", "model"] reduce = sum scatter_dim = 1 : tensor<8x16xf32> -> tensor<8x1xf32>
  return %0 : tensor<8x1xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @reduce_scatter_dim(%arg0: tensor<8x16xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'gspmd.reduce_scatter' op scatter_dim 5 is out of range for rank 2}}
  %0 = gspmd.reduce_scatter %arg0 on @mesh ["model"] reduce = sum scatter_dim = 5 : tensor<8x16xf32> -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @reduce_scatter_shape(%arg0: tensor<8x16xf32>) -> tensor<8x8xf32> {
  // expected-error@+1 {{'gspmd.reduce_scatter' op expected result type 'tensor<8x4xf32>', got 'tensor<8x8xf32>'}}
  %0 = gspmd.reduce_scatter %arg0 on @mesh ["model"] reduce = sum scatter_dim = 1 : tensor<8x16xf32> -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @reduce_scatter_not_divisible(%arg0: tensor<6x16xf32>) -> tensor<1x16xf32> {
  // expected-error@+1 {{'gspmd.reduce_scatter' op dim 0 of size 6 does not divide over the group of 4}}
  %0 = gspmd.reduce_scatter %arg0 on @mesh ["model"] reduce = min scatter_dim = 0 : tensor<6x16xf32> -> tensor<1x16xf32>
  return %0 : tensor<1x16xf32>
}

// -----

func.func @all_to_all_unknown_mesh(%arg0: tensor<8x16xf32>) -> tensor<32x4xf32> {
  // expected-error@+1 {{'gspmd.all_to_all' op unknown mesh @mesh}}
  %0 = gspmd.all_to_all %arg0 on @mesh ["model"] split_dim = 1 concat_dim = 0 : tensor<8x16xf32> -> tensor<32x4xf32>
  return %0 : tensor<32x4xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @all_to_all_unknown_axis(%arg0: tensor<8x16xf32>) -> tensor<32x4xf32> {
  // expected-error@+1 {{'gspmd.all_to_all' op unknown mesh axis "z" in mesh @mesh}}
  %0 = gspmd.all_to_all %arg0 on @mesh ["z"] split_dim = 1 concat_dim = 0 : tensor<8x16xf32> -> tensor<32x4xf32>
  return %0 : tensor<32x4xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @all_to_all_axis_twice(%arg0: tensor<8x16xf32>) -> tensor<32x4xf32> {
  // expected-error@+1 {{'gspmd.all_to_all' op mesh axis "data" listed twice}}
  %0 = gspmd.all_to_all %arg0 on @mesh ["data", "data"] split_dim = 1 concat_dim = 0 : tensor<8x16xf32> -> tensor<32x4xf32>
  return %0 : tensor<32x4xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @all_to_all_split_dim(%arg0: tensor<8x16xf32>) -> tensor<32x4xf32> {
  // expected-error@+1 {{'gspmd.all_to_all' op split_dim 2 is out of range for rank 2}}
  %0 = gspmd.all_to_all %arg0 on @mesh ["model"] split_dim = 2 concat_dim = 0 : tensor<8x16xf32> -> tensor<32x4xf32>
  return %0 : tensor<32x4xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @all_to_all_concat_dim(%arg0: tensor<8x16xf32>) -> tensor<32x4xf32> {
  // expected-error@+1 {{'gspmd.all_to_all' op concat_dim -3 is out of range for rank 2}}
  %0 = gspmd.all_to_all %arg0 on @mesh ["model"] split_dim = 1 concat_dim = -3 : tensor<8x16xf32> -> tensor<32x4xf32>
  return %0 : tensor<32x4xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @all_to_all_shape(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.all_to_all' op expected result type 'tensor<32x4xf32>', got 'tensor<8x16xf32>'}}
  %0 = gspmd.all_to_all %arg0 on @mesh ["model"] split_dim = 1 concat_dim = 0 : tensor<8x16xf32> -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @all_to_all_same_dim_shape(%arg0: tensor<8x16xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'gspmd.all_to_all' op expected result type 'tensor<8x16xf32>', got 'tensor<8x4xf32>'}}
  %0 = gspmd.all_to_all %arg0 on @mesh ["model"] split_dim = 1 concat_dim = 1 : tensor<8x16xf32> -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @all_to_all_not_divisible(%arg0: tensor<8x6xf32>) -> tensor<32x1xf32> {
  // expected-error@+1 {{'gspmd.all_to_all' op dim 1 of size 6 does not divide over the group of 4}}
  %0 = gspmd.all_to_all %arg0 on @mesh ["model"] split_dim = 1 concat_dim = 0 : tensor<8x6xf32> -> tensor<32x1xf32>
  return %0 : tensor<32x1xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @all_to_all_same_dim_not_divisible(%arg0: tensor<8x6xf32>) -> tensor<8x6xf32> {
  // expected-error@+1 {{'gspmd.all_to_all' op dim 1 of size 6 does not divide over the group of 4}}
  %0 = gspmd.all_to_all %arg0 on @mesh ["model"] split_dim = 1 concat_dim = 1 : tensor<8x6xf32> -> tensor<8x6xf32>
  return %0 : tensor<8x6xf32>
}

// -----

func.func @collective_permute_unknown_mesh(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.collective_permute' op unknown mesh @mesh}}
  %0 = gspmd.collective_permute %arg0 on @mesh ["model"] shift = 1 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @collective_permute_unknown_axis(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.collective_permute' op unknown mesh axis "ring" in mesh @mesh}}
  %0 = gspmd.collective_permute %arg0 on @mesh ["ring"] shift = -1 wrap : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @collective_permute_axis_twice(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.collective_permute' op mesh axis "model" listed twice}}
  %0 = gspmd.collective_permute %arg0 on @mesh ["model", "model"] shift = 1 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

func.func @halo_exchange_unknown_mesh(%arg0: tensor<8x16xf32>) -> tensor<11x16xf32> {
  // expected-error@+1 {{'gspmd.halo_exchange' op unknown mesh @mesh}}
  %0 = gspmd.halo_exchange %arg0 on @mesh ["data"] dim = 0 halo = [1, 2] size = 16 : tensor<8x16xf32> -> tensor<11x16xf32>
  return %0 : tensor<11x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @halo_exchange_unknown_axis(%arg0: tensor<8x16xf32>) -> tensor<11x16xf32> {
  // expected-error@+1 {{'gspmd.halo_exchange' op unknown mesh axis "x" in mesh @mesh}}
  %0 = gspmd.halo_exchange %arg0 on @mesh ["x"] dim = 0 halo = [1, 2] size = 16 : tensor<8x16xf32> -> tensor<11x16xf32>
  return %0 : tensor<11x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @halo_exchange_axis_twice(%arg0: tensor<8x16xf32>) -> tensor<11x16xf32> {
  // expected-error@+1 {{'gspmd.halo_exchange' op mesh axis "data" listed twice}}
  %0 = gspmd.halo_exchange %arg0 on @mesh ["data", "data"] dim = 0 halo = [1, 2] size = 16 : tensor<8x16xf32> -> tensor<11x16xf32>
  return %0 : tensor<11x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @halo_exchange_dim(%arg0: tensor<8x16xf32>) -> tensor<11x16xf32> {
  // expected-error@+1 {{'gspmd.halo_exchange' op dim 2 is out of range for rank 2}}
  %0 = gspmd.halo_exchange %arg0 on @mesh ["data"] dim = 2 halo = [1, 2] size = 16 : tensor<8x16xf32> -> tensor<11x16xf32>
  return %0 : tensor<11x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @halo_exchange_negative(%arg0: tensor<8x16xf32>) -> tensor<9x16xf32> {
  // expected-error@+1 {{'gspmd.halo_exchange' op halo must be [low, high] with non-negative widths}}
  %0 = gspmd.halo_exchange %arg0 on @mesh ["data"] dim = 0 halo = [-1, 2] size = 16 : tensor<8x16xf32> -> tensor<9x16xf32>
  return %0 : tensor<9x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @halo_exchange_three_widths(%arg0: tensor<8x16xf32>) -> tensor<14x16xf32> {
  // expected-error@+1 {{'gspmd.halo_exchange' op halo must be [low, high] with non-negative widths}}
  %0 = gspmd.halo_exchange %arg0 on @mesh ["data"] dim = 0 halo = [1, 2, 3] size = 16 : tensor<8x16xf32> -> tensor<14x16xf32>
  return %0 : tensor<14x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @halo_exchange_shape(%arg0: tensor<8x16xf32>) -> tensor<10x16xf32> {
  // expected-error@+1 {{'gspmd.halo_exchange' op expected result type 'tensor<11x16xf32>', got 'tensor<10x16xf32>'}}
  %0 = gspmd.halo_exchange %arg0 on @mesh ["data"] dim = 0 halo = [1, 2] size = 16 : tensor<8x16xf32> -> tensor<10x16xf32>
  return %0 : tensor<10x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @halo_exchange_wrong_dim_grows(%arg0: tensor<8x16xf32>) -> tensor<8x19xf32> {
  // expected-error@+1 {{'gspmd.halo_exchange' op expected result type 'tensor<11x16xf32>', got 'tensor<8x19xf32>'}}
  %0 = gspmd.halo_exchange %arg0 on @mesh ["data"] dim = 0 halo = [1, 2] size = 16 : tensor<8x16xf32> -> tensor<8x19xf32>
  return %0 : tensor<8x19xf32>
}

// -----

func.func private @not_a_mesh()
func.func @collective_on_function(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.collective_permute' op unknown mesh @not_a_mesh}}
  %0 = gspmd.collective_permute %arg0 on @not_a_mesh ["x"] shift = 1 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

func.func @axis_index_unknown_mesh() -> index {
  // expected-error@+1 {{'gspmd.axis_index' op unknown mesh @mesh}}
  %0 = gspmd.axis_index @mesh ["data"]
  return %0 : index
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @axis_index_unknown_axis() -> index {
  // expected-error@+1 {{'gspmd.axis_index' op unknown mesh axis "pipe" in mesh @mesh}}
  %0 = gspmd.axis_index @mesh ["data", "pipe"]
  return %0 : index
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @axis_index_axis_twice() -> index {
  // expected-error@+1 {{'gspmd.axis_index' op mesh axis "data" listed twice}}
  %0 = gspmd.axis_index @mesh ["data", "data"]
  return %0 : index
}

// -----

func.func @all_reduce_type_mismatch(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.all_reduce' op requires the same type for all operands and results}}
  %0 = "gspmd.all_reduce"(%arg0) <{mesh = @mesh, axes = ["model"], reduction = 0 : i32}> : (tensor<8x16xf32>) -> tensor<8x8xf32>
  return %arg0 : tensor<8x16xf32>
}

//===----------------------------------------------------------------------===//
// Parse errors
//===----------------------------------------------------------------------===//

// -----

func.func @unknown_mnemonic(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{unknown gspmd attribute 'tiling'}}
  %0 = gspmd.sharding_constraint %arg0, #gspmd.tiling<@mesh, [["data"], []]> : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// expected-error@+1 {{unknown gspmd attribute 'split'}}
func.func @unknown_mnemonic_arg(%arg0: tensor<8x16xf32> {gspmd.sharding = #gspmd.split}) {
  return
}

// -----

func.func @unknown_mnemonic_op_result(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{unknown gspmd attribute 'replicate'}}
  %0 = arith.addf %arg0, %arg0 {gspmd.sharding = [#gspmd.replicate]} : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

func.func @tiled_missing_comma(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{expected ','}}
  %0 = gspmd.sharding_constraint %arg0, #gspmd.tiled<@mesh [["data"], []]> : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

func.func @tiled_mesh_not_symbol(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+2 {{expected attribute value}}
  // expected-error@+1 {{failed to parse GSPMD_TiledAttr parameter 'mesh' which is to be a `::mlir::FlatSymbolRefAttr`}}
  %0 = gspmd.sharding_constraint %arg0, #gspmd.tiled<mesh, [["data"], []]> : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

func.func @tiled_no_params(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{expected '<'}}
  %0 = gspmd.sharding_constraint %arg0, #gspmd.tiled : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

func.func @tiled_dims_not_array(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+2 {{invalid kind of attribute specified}}
  // expected-error@+1 {{failed to parse GSPMD_TiledAttr parameter 'dims' which is to be a `::mlir::ArrayAttr`}}
  %0 = gspmd.sharding_constraint %arg0, #gspmd.tiled<@mesh, "data"> : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// Without the comma MLIR lexes `%arg0 #gspmd` as a result-number reference.
func.func @constraint_missing_comma(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{invalid SSA value result number}}
  %0 = gspmd.sharding_constraint %arg0 #gspmd.replicated : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @halo_exchange_size(%arg0: tensor<8x16xf32>) -> tensor<11x16xf32> {
  // expected-error@+1 {{'gspmd.halo_exchange' op a dim of 13 over 2 devices has shards of 7, not 8}}
  %0 = gspmd.halo_exchange %arg0 on @mesh ["data"] dim = 0 halo = [1, 2] size = 13 : tensor<8x16xf32> -> tensor<11x16xf32>
  return %0 : tensor<11x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @halo_exchange_dynamic(%arg0: tensor<?x16xf32>) -> tensor<?x16xf32> {
  // expected-error@+1 {{'gspmd.halo_exchange' op needs a static size along dim 0}}
  %0 = gspmd.halo_exchange %arg0 on @mesh ["data"] dim = 0 halo = [1, 2] size = 16 : tensor<?x16xf32> -> tensor<?x16xf32>
  return %0 : tensor<?x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @halo_exchange_padding_type(%arg0: tensor<8x16xf32>, %v: f64) -> tensor<11x16xf32> {
  // expected-error@+1 {{'gspmd.halo_exchange' op padding must be a 'f32'}}
  %0 = gspmd.halo_exchange %arg0 on @mesh ["data"] dim = 0 halo = [1, 2] size = 16 padding = %v : f64 : tensor<8x16xf32> -> tensor<11x16xf32>
  return %0 : tensor<11x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @halo_exchange_periodic_uneven(%arg0: tensor<7x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{'gspmd.halo_exchange' op periodic needs a dim that splits evenly (13 over 2 devices) and no padding}}
  %0 = gspmd.halo_exchange %arg0 on @mesh ["data"] dim = 0 halo = [1, 0] size = 13 periodic : tensor<7x16xf32> -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @halo_exchange_periodic_padding(%arg0: tensor<8x16xf32>, %v: f32) -> tensor<9x16xf32> {
  // expected-error@+1 {{'gspmd.halo_exchange' op periodic needs a dim that splits evenly (16 over 2 devices) and no padding}}
  %0 = gspmd.halo_exchange %arg0 on @mesh ["data"] dim = 0 halo = [1, 0] size = 16 padding = %v : f32 periodic : tensor<8x16xf32> -> tensor<9x16xf32>
  return %0 : tensor<9x16xf32>
}
