// RUN: not gspmd-opt %s --pass-pipeline='builtin.module(gspmd-spmd)' 2>&1 | FileCheck %s

// A split dim of dynamic size cannot be resharded: the diagnostic names the
// size as MLIR does (`?`), never as the sentinel -9223372036854775808.

// CHECK-NOT: 9223372036854775808
// CHECK: error: gspmd-partition: cannot reshard: dim 0 has dynamic size ?
// CHECK-NOT: 9223372036854775808
gspmd.mesh @m ["a"=2]
func.func @main(%x: tensor<?x16xf32> {gspmd.sharding = #gspmd.tiled<@m, [["a"], []]>}) -> (tensor<?x16xf32> {gspmd.sharding = #gspmd.tiled<@m, [[], ["a"]]>}) {
  %y = math.exp %x : tensor<?x16xf32>
  return %y : tensor<?x16xf32>
}
