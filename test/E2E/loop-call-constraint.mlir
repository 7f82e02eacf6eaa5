// Constraints and calls inside loops: an scf.for whose body calls a function
// (with its own argument/result shardings) on the carried value, puts a
// sharding_constraint on the iteration argument and on an intermediate, and
// takes a dynamic column slice (offset from the induction variable, on an
// unsplit dim) of a row-split matrix, accumulated with a dynamic insert_slice.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func private @step(%h: tensor<8x12xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>},
                        %w: tensor<12x12xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>})
    -> (tensor<8x12xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x12xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x12xf32>) -> tensor<8x12xf32>
  %m = linalg.matmul ins(%h, %w : tensor<8x12xf32>, tensor<12x12xf32>) outs(%f : tensor<8x12xf32>) -> tensor<8x12xf32>
  %t = math.tanh %m : tensor<8x12xf32>
  return %t : tensor<8x12xf32>
}
func.func @main(%x: tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %w: tensor<12x12xf32> {gspmd.sharding = #gspmd.replicated},
                %acc0: tensor<8x3xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>})
    -> (tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<8x3xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%h = %x, %acc = %acc0) -> (tensor<8x12xf32>, tensor<8x3xf32>) {
    %hc = gspmd.sharding_constraint %h, #gspmd.tiled<@mesh, [["y"], ["x"]]> : tensor<8x12xf32>
    %s = func.call @step(%hc, %w) : (tensor<8x12xf32>, tensor<12x12xf32>) -> tensor<8x12xf32>
    %sc = gspmd.sharding_constraint %s, #gspmd.tiled<@mesh, [[], ["x", "y"]]> : tensor<8x12xf32>
    %n = arith.addf %sc, %x : tensor<8x12xf32>
    %c4 = arith.constant 4 : index
    %off = arith.muli %i, %c4 : index
    %col = tensor.extract_slice %n[0, %off] [8, 1] [1, 1] : tensor<8x12xf32> to tensor<8x1xf32>
    %old = tensor.extract_slice %acc[0, %i] [8, 1] [1, 1] : tensor<8x3xf32> to tensor<8x1xf32>
    %sum = arith.addf %old, %col : tensor<8x1xf32>
    %acc2 = tensor.insert_slice %sum into %acc[0, %i] [8, 1] [1, 1] : tensor<8x1xf32> into tensor<8x3xf32>
    scf.yield %n, %acc2 : tensor<8x12xf32>, tensor<8x3xf32>
  }
  return %r#0, %r#1 : tensor<8x12xf32>, tensor<8x3xf32>
}
