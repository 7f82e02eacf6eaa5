// Hand-written softmax (max-reduce, subtract, exp, sum-reduce, divide) with
// the reduced (softmax) dim split on y and rows on x, 8x32: exercises the max
// all_reduce and the sum all_reduce of a split reduction, and the broadcast
// back onto the split dim.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
// softmax(x)[i, j] = exp(x[i, j] - max_j x[i, j]) / sum_j exp(x[i, j] - max_j x[i, j])
func.func @main(%a: tensor<8x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>})
    -> (tensor<8x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>}, tensor<8xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %z = arith.constant 0.0 : f32
  %er = tensor.empty() : tensor<8xf32>
  %lo = linalg.fill ins(%ninf : f32) outs(%er : tensor<8xf32>) -> tensor<8xf32>
  %max = linalg.reduce ins(%a : tensor<8x32xf32>) outs(%lo : tensor<8xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %m = arith.maximumf %in, %acc : f32
      linalg.yield %m : f32
    }
  %e = tensor.empty() : tensor<8x32xf32>
  %ex = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %max : tensor<8x32xf32>, tensor<8xf32>) outs(%e : tensor<8x32xf32>) {
  ^bb0(%x: f32, %m: f32, %o: f32):
    %d = arith.subf %x, %m : f32
    %x2 = math.exp %d : f32
    linalg.yield %x2 : f32
  } -> tensor<8x32xf32>
  %zr = linalg.fill ins(%z : f32) outs(%er : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.reduce ins(%ex : tensor<8x32xf32>) outs(%zr : tensor<8xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %sb = linalg.broadcast ins(%sum : tensor<8xf32>) outs(%e : tensor<8x32xf32>) dimensions = [1]
  %r = arith.divf %ex, %sb : tensor<8x32xf32>
  return %r, %max : tensor<8x32xf32>, tensor<8xf32>
}
