// Fuzz finding (fuzz/gen.py seed 1001 index 432, shrunk by hand): 4 split
// over "a"=4, expanded to 2x2 as [["a"], ["b"]]. The reshape's factors (2
// on "a", 2 on "b") project onto the 4-dim as [["a"]] only (a overfills
// the major factor, so the projection stops), the operand was not moved and
// every device kept its one element where it needed flat 2a+b
// (max_rel_err=11.4 FAIL). The factors of a dim now stay split only when
// the dim's projected axes are all of theirs.
// REQUIRES: mpi
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-spmd)' -o /dev/null
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @m ["a"=4, "b"=2]
func.func @main(%v13: tensor<4xf32> {gspmd.sharding = #gspmd.partially_tiled<@m, [["a"]]>},
                %w: tensor<2x2xf32> {gspmd.sharding = #gspmd.tiled<@m, [["a"], ["b"]]>})
    -> (tensor<2x2xf32> {gspmd.sharding = #gspmd.tiled<@m, [["a"], ["b"]]>},
        tensor<4xf32> {gspmd.sharding = #gspmd.partially_tiled<@m, [["a"]]>}) {
  %v14 = tensor.expand_shape %v13 [[0, 1]] output_shape [2, 2] : tensor<4xf32> into tensor<2x2xf32>
  %c = tensor.collapse_shape %w [[0, 1]] : tensor<2x2xf32> into tensor<4xf32>
  return %v14, %c : tensor<2x2xf32>, tensor<4xf32>
}
