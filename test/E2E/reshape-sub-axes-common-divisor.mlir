// Attention heads whose count the mesh axis does not divide and is no
// multiple of: hidden 24 split on "y", reshaped to 6 heads of 4. At "y"=4
// (and 8) completion refines "y" by the common divisor (docs/completion.md,
// "Sub-axes"): the major part (2) splits the heads, 3 a device; the minor
// part ends at the reshape (q, k and v are gathered over it only, not over
// all of "y"), as XLA's Shardy does with GPT-2's 12 heads on 8 devices.
// The batch (3) is uneven over "x"; "y"=1 and "y"=2 need no refinement.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check --inject-error=all | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check --inject-error=all | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check --inject-error=all | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=8/' %s > %t.8.mlir && %mpirun -n 8 %gspmd-run %t.8.mlir --check --inject-error=all | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check --inject-error=all | FileCheck %s
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BYTES
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-complete{sub-axes=off},gspmd-partition,gspmd-comm-report)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
// CHECK-NOT: FAIL:
// CHECK-DAG: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS
// CHECK-DAG: inject-error: 3 of 3 injected errors FAIL
// q, k and v are gathered over the minor part only (groups of 2); without
// the refinement, over all of "y".
// BYTES-COUNT-3: all_gather on @mesh ["y_1"] group 2
// BYTES: total: 3 ops, 3 calls, sent 864 B
// OFF-COUNT-3: all_gather on @mesh ["y"] group 4
// OFF: total: 3 ops, 3 calls, sent 2592 B

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%q: tensor<3x6x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], ["y"]]>},
                %k: tensor<3x6x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], ["y"]]>},
                %v: tensor<3x6x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], ["y"]]>})
    -> (tensor<3x6x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], [], ["y"]]>}) {
  %q4 = tensor.expand_shape %q [[0], [1], [2, 3]] output_shape [3, 6, 6, 4] : tensor<3x6x24xf32> into tensor<3x6x6x4xf32>
  %k4 = tensor.expand_shape %k [[0], [1], [2, 3]] output_shape [3, 6, 6, 4] : tensor<3x6x24xf32> into tensor<3x6x6x4xf32>
  %v4 = tensor.expand_shape %v [[0], [1], [2, 3]] output_shape [3, 6, 6, 4] : tensor<3x6x24xf32> into tensor<3x6x6x4xf32>
  %zero = arith.constant 0.0 : f32
  %se = tensor.empty() : tensor<3x6x6x6xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%se : tensor<3x6x6x6xf32>) -> tensor<3x6x6x6xf32>
  %s = linalg.generic {
      indexing_maps = [affine_map<(b, h, i, j, d) -> (b, i, h, d)>,
                       affine_map<(b, h, i, j, d) -> (b, j, h, d)>,
                       affine_map<(b, h, i, j, d) -> (b, h, i, j)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%q4, %k4 : tensor<3x6x6x4xf32>, tensor<3x6x6x4xf32>) outs(%s0 : tensor<3x6x6x6xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %acc, %m : f32
    linalg.yield %r : f32
  } -> tensor<3x6x6x6xf32>
  %p = math.tanh %s : tensor<3x6x6x6xf32>
  %ce = tensor.empty() : tensor<3x6x6x4xf32>
  %c0 = linalg.fill ins(%zero : f32) outs(%ce : tensor<3x6x6x4xf32>) -> tensor<3x6x6x4xf32>
  %c = linalg.generic {
      indexing_maps = [affine_map<(b, i, h, d, j) -> (b, h, i, j)>,
                       affine_map<(b, i, h, d, j) -> (b, j, h, d)>,
                       affine_map<(b, i, h, d, j) -> (b, i, h, d)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%p, %v4 : tensor<3x6x6x6xf32>, tensor<3x6x6x4xf32>) outs(%c0 : tensor<3x6x6x4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %acc, %m : f32
    linalg.yield %r : f32
  } -> tensor<3x6x6x4xf32>
  %out = tensor.collapse_shape %c [[0], [1], [2, 3]] : tensor<3x6x6x4xf32> into tensor<3x6x24xf32>
  return %out : tensor<3x6x24xf32>
}
