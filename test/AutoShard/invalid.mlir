// Bad input is a diagnostic and a failing pass, never a crash.
// RUN: not gspmd-opt --split-input-file --pass-pipeline='builtin.module(gspmd-auto-shard)' %s -o /dev/null 2>&1 | FileCheck %s
// RUN: not gspmd-opt --split-input-file --pass-pipeline='builtin.module(gspmd-auto-shard{objective=time})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIME
// RUN: not gspmd-opt --split-input-file --pass-pipeline='builtin.module(gspmd-auto-shard{objective=time axes-bandwidth={d:1e9,e:1e9}})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not gspmd-opt --split-input-file --pass-pipeline='builtin.module(gspmd-auto-shard{axes-bandwidth={d:1e9}})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOTIME
// RUN: not gspmd-opt --split-input-file --pass-pipeline='builtin.module(gspmd-auto-shard{objective=time axes-bandwidth={d:fast}})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NUMBER
// RUN: not gspmd-opt --split-input-file --pass-pipeline='builtin.module(gspmd-auto-shard{objective=time axes-bandwidth={d=1e9}})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=FORM
// RUN: not gspmd-opt --split-input-file --pass-pipeline='builtin.module(gspmd-auto-shard{objective=flops})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPTION
// RUN: not gspmd-opt --split-input-file --pass-pipeline='builtin.module(gspmd-auto-shard{time-limit=soon})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIMIT

// CHECK: error: gspmd-auto-shard: the module has no (valid) gspmd.mesh to shard over
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// -----

// CHECK: error: gspmd-auto-shard: an annotation does not fit the mesh or the tensor's rank
gspmd.mesh @mesh ["d"=4]
gspmd.mesh @other ["e"=4]
func.func @g(%x: tensor<4xf32> {gspmd.sharding = #gspmd.tiled<@other, [["e"]]>}) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// -----

// CHECK: error: gspmd-auto-shard: needs one public function with a body to shard (found: @a, @b)
gspmd.mesh @mesh ["d"=4]
func.func @a(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
func.func @b(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// TIME: invalid.mlir:{{[0-9]+}}:1: error: gspmd-auto-shard: objective=time needs the bandwidth of mesh axis 'd' (axes-bandwidth=AXIS:BYTES_PER_SECOND,...)
// UNKNOWN: invalid.mlir:{{[0-9]+}}:1: error: gspmd-auto-shard: axes-bandwidth names 'e', which is no axis of mesh @mesh
// NOTIME: error: gspmd-auto-shard: axes-bandwidth: is read by objective=time only
// NUMBER: error: gspmd-auto-shard: axes-bandwidth: expected a positive number of bytes per second: fast
// FORM: error: gspmd-auto-shard: axes-bandwidth: expected AXIS:BYTES_PER_SECOND: d=1e9
// OPTION: gspmd-auto-shard: option 'objective' expects one of bytes|time, got 'flops'
// LIMIT: gspmd-auto-shard: option 'time-limit' expects a number of seconds, got 'soon'
