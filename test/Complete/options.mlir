// An unknown option, or a known one with a value that is not a bool, fails
// with a clear error naming the option and listing the valid ones.
// RUN: not gspmd-opt %s --pass-pipeline='builtin.module(gspmd-complete{foo=1})' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: gspmd-complete: unknown option 'foo' (options: explain=<bool>, print-rules=<bool>, clone-callees=<bool>, sub-axes=cheaper|always|off)
// UNKNOWN-NOT: module

// RUN: not gspmd-opt %s --pass-pipeline='builtin.module(gspmd-complete{explain=maybe})' 2>&1 | FileCheck %s --check-prefix=BADBOOL
// BADBOOL: error: gspmd-complete: option 'explain' expects a bool (true/false/1/0), got 'maybe'

// The bool spellings that are accepted: true/false, 1/0, and a bare name.
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-complete{explain})' 2>&1 >/dev/null | FileCheck %s --check-prefix=EXPLAIN
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-complete{explain=1})' 2>&1 >/dev/null | FileCheck %s --check-prefix=EXPLAIN
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-complete{explain=true})' 2>&1 >/dev/null | FileCheck %s --check-prefix=EXPLAIN
// EXPLAIN: remark: gspmd-complete: result #0 is #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]> via math.exp from the annotation on argument #0 of @f

// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-complete{explain=false})' 2>&1 >/dev/null | not grep remark
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-complete{explain=0})' | FileCheck %s --check-prefix=QUIET
// QUIET: math.exp %arg0 {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>]}

gspmd.mesh @mesh ["data"=2, "model"=4]

func.func @f(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) -> tensor<8x16xf32> {
  %0 = math.exp %a : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
