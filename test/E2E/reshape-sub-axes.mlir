// Attention heads on a mesh axis larger than the head count: q, k and v of
// hidden 32 split on "y", reshaped to 2 heads of 16. At "y"=4 (and 8) the
// axis overfills the heads, so completion refines it into sub-axes (docs/
// completion.md, "Sub-axes"): heads on the major part, the head dim on the
// minor one; the scores sum over the head dim (an all_reduce over the minor
// part) and the context collapses back to the hidden split with no gather.
// The batch (3) is uneven over "x"; "y"=1 and "y"=2 need no refinement.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check --inject-error=all | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check --inject-error=all | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check --inject-error=all | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=8/' %s > %t.8.mlir && %mpirun -n 8 %gspmd-run %t.8.mlir --check --inject-error=all | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check --inject-error=all | FileCheck %s
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BYTES
// CHECK-NOT: FAIL:
// CHECK-DAG: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS
// CHECK-DAG: inject-error: 3 of 3 injected errors FAIL
// Per layer of heads: one all_reduce of the scores over the minor part, no
// all_gather of q, k or v.
// BYTES-NOT: all_gather
// BYTES: all_reduce on @mesh ["y_1"] group 2
// BYTES-NOT: all_gather
// BYTES: total: 1 op

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%q: tensor<3x6x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], ["y"]]>},
                %k: tensor<3x6x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], ["y"]]>},
                %v: tensor<3x6x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], ["y"]]>})
    -> (tensor<3x6x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], ["y"]]>}) {
  %q4 = tensor.expand_shape %q [[0], [1], [2, 3]] output_shape [3, 6, 2, 16] : tensor<3x6x32xf32> into tensor<3x6x2x16xf32>
  %k4 = tensor.expand_shape %k [[0], [1], [2, 3]] output_shape [3, 6, 2, 16] : tensor<3x6x32xf32> into tensor<3x6x2x16xf32>
  %v4 = tensor.expand_shape %v [[0], [1], [2, 3]] output_shape [3, 6, 2, 16] : tensor<3x6x32xf32> into tensor<3x6x2x16xf32>
  %zero = arith.constant 0.0 : f32
  %se = tensor.empty() : tensor<3x2x6x6xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%se : tensor<3x2x6x6xf32>) -> tensor<3x2x6x6xf32>
  %s = linalg.generic {
      indexing_maps = [affine_map<(b, h, i, j, d) -> (b, i, h, d)>,
                       affine_map<(b, h, i, j, d) -> (b, j, h, d)>,
                       affine_map<(b, h, i, j, d) -> (b, h, i, j)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%q4, %k4 : tensor<3x6x2x16xf32>, tensor<3x6x2x16xf32>) outs(%s0 : tensor<3x2x6x6xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %acc, %m : f32
    linalg.yield %r : f32
  } -> tensor<3x2x6x6xf32>
  %p = math.tanh %s : tensor<3x2x6x6xf32>
  %ce = tensor.empty() : tensor<3x6x2x16xf32>
  %c0 = linalg.fill ins(%zero : f32) outs(%ce : tensor<3x6x2x16xf32>) -> tensor<3x6x2x16xf32>
  %c = linalg.generic {
      indexing_maps = [affine_map<(b, i, h, d, j) -> (b, h, i, j)>,
                       affine_map<(b, i, h, d, j) -> (b, j, h, d)>,
                       affine_map<(b, i, h, d, j) -> (b, i, h, d)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%p, %v4 : tensor<3x2x6x6xf32>, tensor<3x6x2x16xf32>) outs(%c0 : tensor<3x6x2x16xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %acc, %m : f32
    linalg.yield %r : f32
  } -> tensor<3x6x2x16xf32>
  %out = tensor.collapse_shape %c [[0], [1], [2, 3]] : tensor<3x6x2x16xf32> into tensor<3x6x32xf32>
  return %out : tensor<3x6x32xf32>
}
