// A loop that walks the rows of a matrix split on x along rows: each iteration
// extracts row i with a dynamic offset (on the split dim: a window, gathered),
// scales it, and inserts it at row 7-i of an accumulator split on y along
// columns; also a loop whose body uses the induction variable in arithmetic on
// a sharded tensor.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %acc0: tensor<8x12xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>})
    -> (tensor<8x12xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>},
        tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %acc0) -> (tensor<8x12xf32>) {
    %row = tensor.extract_slice %a[%i, 0] [1, 12] [1, 1] : tensor<8x12xf32> to tensor<1x12xf32>
    %t = math.tanh %row : tensor<1x12xf32>
    %j = arith.subi %c7, %i : index
    %old = tensor.extract_slice %acc[%j, 0] [1, 12] [1, 1] : tensor<8x12xf32> to tensor<1x12xf32>
    %s = arith.addf %old, %t : tensor<1x12xf32>
    %n = tensor.insert_slice %s into %acc[%j, 0] [1, 12] [1, 1] : tensor<1x12xf32> into tensor<8x12xf32>
    scf.yield %n : tensor<8x12xf32>
  }
  %q = scf.for %i = %c0 to %c7 step %c1 iter_args(%v = %a) -> (tensor<8x12xf32>) {
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f32
    %e = tensor.empty() : tensor<8x12xf32>
    %fb = linalg.fill ins(%f : f32) outs(%e : tensor<8x12xf32>) -> tensor<8x12xf32>
    %w = arith.mulf %v, %fb : tensor<8x12xf32>
    %t = math.tanh %w : tensor<8x12xf32>
    %n = arith.addf %t, %a : tensor<8x12xf32>
    scf.yield %n : tensor<8x12xf32>
  }
  return %r, %q : tensor<8x12xf32>, tensor<8x12xf32>
}
