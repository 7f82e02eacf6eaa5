// Broadcast through linalg.generic indexing maps on uneven shapes: out[i,j] =
// tanh(a[i,j] * s[i] + b[j]) with a 13x7 activation split over x and y, s
// replicated, b split on x (so the broadcast operand needs a reshard to the
// activation layout). Checks generic maps with projected dims and uneven
// padding.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @main(%a: tensor<13x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %s: tensor<13xf32> {gspmd.sharding = #gspmd.replicated},
                %b: tensor<7xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"]]>})
    -> (tensor<13x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>}) {
  %e = tensor.empty() : tensor<13x7xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #col, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %s, %b : tensor<13x7xf32>, tensor<13xf32>, tensor<7xf32>)
      outs(%e : tensor<13x7xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %0 = arith.mulf %x, %y : f32
    %1 = arith.addf %0, %z : f32
    %2 = math.tanh %1 : f32
    linalg.yield %2 : f32
  } -> tensor<13x7xf32>
  return %r : tensor<13x7xf32>
}
