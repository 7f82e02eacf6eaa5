// scf.for with loop-carried sharded tensors: an elementwise recurrence on a
// tiled 8x12 value, and an RNN-like recurrence h = tanh(h @ W + x) where h is
// split on x along rows and W on y along columns, so the loop body produces a
// [["x"], ["y"]] value that must be resharded back to the carried layout each
// iteration; uneven W columns are avoided so the carried shape is stable. Also
// a loop that carries two values of different layouts.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%x: tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %h0: tensor<8x12xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
                %w: tensor<12x12xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>},
                %v: tensor<5x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>})
    -> (tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<8x12xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
        tensor<5x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %half = arith.constant dense<0.5> : tensor<8x12xf32>
  %r0 = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (tensor<8x12xf32>) {
    %t = math.tanh %acc : tensor<8x12xf32>
    %m = arith.mulf %t, %half : tensor<8x12xf32>
    %s = arith.addf %m, %x : tensor<8x12xf32>
    scf.yield %s : tensor<8x12xf32>
  }
  %z = arith.constant 0.0 : f32
  %r1 = scf.for %i = %c0 to %c3 step %c1 iter_args(%h = %h0) -> (tensor<8x12xf32>) {
    %e = tensor.empty() : tensor<8x12xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x12xf32>) -> tensor<8x12xf32>
    %mm = linalg.matmul ins(%h, %w : tensor<8x12xf32>, tensor<12x12xf32>)
                        outs(%f : tensor<8x12xf32>) -> tensor<8x12xf32>
    %a = arith.addf %mm, %x : tensor<8x12xf32>
    %n = math.tanh %a : tensor<8x12xf32>
    scf.yield %n : tensor<8x12xf32>
  }
  %r2:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%p = %v, %q = %x) -> (tensor<5x7xf32>, tensor<8x12xf32>) {
    %p1 = math.tanh %p : tensor<5x7xf32>
    %p2 = arith.addf %p1, %v : tensor<5x7xf32>
    %q1 = math.exp %q : tensor<8x12xf32>
    %q2 = math.tanh %q1 : tensor<8x12xf32>
    scf.yield %p2, %q2 : tensor<5x7xf32>, tensor<8x12xf32>
  }
  %out = arith.addf %r0, %r2#1 : tensor<8x12xf32>
  return %out, %r1, %r2#0 : tensor<8x12xf32>, tensor<8x12xf32>, tensor<5x7xf32>
}
