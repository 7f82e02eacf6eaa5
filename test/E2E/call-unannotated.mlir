// Calls to functions without any sharding annotation: one callee reached from
// two call sites whose values have different layouts (completion gives the
// callee one signature; the other site must reshard), a chain of calls (main
// -> f -> g), a callee returning its argument unchanged, and a callee used
// inside an scf.for.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func private @g(%a: tensor<8x12xf32>) -> tensor<8x12xf32> {
  %t = math.tanh %a : tensor<8x12xf32>
  return %t : tensor<8x12xf32>
}
func.func private @f(%a: tensor<8x12xf32>, %b: tensor<8x12xf32>) -> (tensor<8x12xf32>, tensor<8x12xf32>) {
  %s = arith.addf %a, %b : tensor<8x12xf32>
  %t = func.call @g(%s) : (tensor<8x12xf32>) -> tensor<8x12xf32>
  return %t, %b : tensor<8x12xf32>, tensor<8x12xf32>
}
func.func @main(%x: tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %y: tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>},
                %z: tensor<8x12xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["x"]]>})
    -> (tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>},
        tensor<8x12xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["x"]]>},
        tensor<8x12xf32>) {
  %r1:2 = func.call @f(%x, %x) : (tensor<8x12xf32>, tensor<8x12xf32>) -> (tensor<8x12xf32>, tensor<8x12xf32>)
  %r2:2 = func.call @f(%y, %z) : (tensor<8x12xf32>, tensor<8x12xf32>) -> (tensor<8x12xf32>, tensor<8x12xf32>)
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %l = scf.for %i = %c0 to %c3 step %c1 iter_args(%v = %z) -> (tensor<8x12xf32>) {
    %w = func.call @g(%v) : (tensor<8x12xf32>) -> tensor<8x12xf32>
    %u = arith.addf %w, %y : tensor<8x12xf32>
    scf.yield %u : tensor<8x12xf32>
  }
  %s = arith.addf %r1#0, %r2#1 : tensor<8x12xf32>
  return %s, %r2#0, %l, %r1#1 : tensor<8x12xf32>, tensor<8x12xf32>, tensor<8x12xf32>, tensor<8x12xf32>
}
