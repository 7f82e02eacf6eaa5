// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-comm-report)' -o /dev/null | FileCheck %s
// RUN: not gspmd-opt %s --pass-pipeline='builtin.module(gspmd-comm-report{x=1})' 2>&1 | FileCheck %s --check-prefix=OPT

// A program without collectives (e.g. a replicated one) reports zeros; the
// pass takes no options.

// CHECK: gspmd-comm-report: bytes per device
// CHECK-NEXT: total: 0 ops, 0 calls, sent 0 B, received 0 B
// CHECK-NOT: note
// OPT: gspmd-comm-report: unknown option 'x' (the pass takes no options)
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = arith.addf %x, %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
