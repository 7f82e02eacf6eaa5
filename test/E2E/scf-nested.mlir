// Nested control flow with sharded values: an scf.for inside an scf.for (inner
// loop carrying a tiled tensor, outer loop carrying a row-split one plus an
// f32 scalar and an index), an scf.if inside the loop body choosing on the
// induction variable, and a split reduction in the outer loop body whose result
// is carried and accumulated.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %b: tensor<8x12xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>})
    -> (tensor<8x12xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
        tensor<8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"]]>}, tensor<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0.0 : f32
  %half = arith.constant dense<0.5> : tensor<8x12xf32>
  %e8 = tensor.empty() : tensor<8xf32>
  %s0 = linalg.fill ins(%z : f32) outs(%e8 : tensor<8xf32>) -> tensor<8xf32>
  %r:4 = scf.for %i = %c0 to %c3 step %c1 iter_args(%v = %b, %acc = %s0, %f = %z, %n = %c0)
      -> (tensor<8x12xf32>, tensor<8xf32>, f32, index) {
    %w = scf.for %j = %c0 to %c2 step %c1 iter_args(%u = %a) -> (tensor<8x12xf32>) {
      %t = math.tanh %u : tensor<8x12xf32>
      %m = arith.mulf %t, %v : tensor<8x12xf32>
      scf.yield %m : tensor<8x12xf32>
    }
    %rem = arith.remui %i, %c2 : index
    %even = arith.cmpi eq, %rem, %c0 : index
    %sel = scf.if %even -> (tensor<8x12xf32>) {
      %x = arith.addf %w, %v : tensor<8x12xf32>
      scf.yield %x : tensor<8x12xf32>
    } else {
      %x = arith.mulf %w, %half : tensor<8x12xf32>
      scf.yield %x : tensor<8x12xf32>
    }
    %rs = linalg.reduce ins(%sel : tensor<8x12xf32>) outs(%acc : tensor<8xf32>) dimensions = [1]
      (%in: f32, %ac: f32) {
        %s = arith.addf %in, %ac : f32
        linalg.yield %s : f32
      }
    %ex = tensor.extract %rs[%c0] : tensor<8xf32>
    %f2 = arith.addf %f, %ex : f32
    %n2 = arith.addi %n, %c2 : index
    scf.yield %sel, %rs, %f2, %n2 : tensor<8x12xf32>, tensor<8xf32>, f32, index
  }
  %ni = arith.index_cast %r#3 : index to i64
  %nf = arith.sitofp %ni : i64 to f32
  %tot = arith.addf %r#2, %nf : f32
  %out = tensor.from_elements %tot : tensor<1xf32>
  return %r#0, %r#1, %out : tensor<8x12xf32>, tensor<8xf32>, tensor<1xf32>
}
