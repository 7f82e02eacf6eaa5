// Buffer-reuse hazards in the backend: one value feeds several reshards
// (collectives) and several elementwise ops that bufferization may run in
// place, interleaved, and inside an scf.for the carried value is resharded,
// updated and resharded back; no collective input or result may be overwritten
// before its last use.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %b: tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>})
    -> (tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>},
        tensor<8x12xf32> {gspmd.sharding = #gspmd.replicated},
        tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"]]>},
        tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>}) {
  %t = math.tanh %a : tensor<8x12xf32>
  %r1 = gspmd.sharding_constraint %t, #gspmd.tiled<@mesh, [["y"], ["x"]]> : tensor<8x12xf32>
  %u = math.exp %t : tensor<8x12xf32>
  %r2 = gspmd.sharding_constraint %t, #gspmd.replicated : tensor<8x12xf32>
  %v = arith.addf %u, %t : tensor<8x12xf32>
  %w = arith.mulf %v, %b : tensor<8x12xf32>
  %r3 = gspmd.sharding_constraint %w, #gspmd.tiled<@mesh, [[], ["x", "y"]]> : tensor<8x12xf32>
  %x = arith.subf %w, %t : tensor<8x12xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %l = scf.for %i = %c0 to %c3 step %c1 iter_args(%h = %x) -> (tensor<8x12xf32>) {
    %g = gspmd.sharding_constraint %h, #gspmd.tiled<@mesh, [["y"], ["x"]]> : tensor<8x12xf32>
    %n = math.tanh %h : tensor<8x12xf32>
    %g2 = math.exp %g : tensor<8x12xf32>
    %back = gspmd.sharding_constraint %g2, #gspmd.tiled<@mesh, [["x"], ["y"]]> : tensor<8x12xf32>
    %s = arith.addf %n, %back : tensor<8x12xf32>
    %m = arith.mulf %s, %h : tensor<8x12xf32>
    scf.yield %m : tensor<8x12xf32>
  }
  return %r1, %r2, %v, %r3, %l : tensor<8x12xf32>, tensor<8x12xf32>, tensor<8x12xf32>, tensor<8x12xf32>, tensor<8x12xf32>
}
