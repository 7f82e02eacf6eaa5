// Two meshes over the same devices in one program (@flat ["d"=8] and @grid
// ["x"=2, "y"=4]): values sharded on one mesh meet values sharded on the
// other in elementwise ops and results, so partitioning must move data
// between meshes (through replicated) with each mesh's own device positions.
// REQUIRES: mpi
// RUN: sed 's/"d"=8/"d"=2/; s/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"d"=8/"d"=4/; s/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @flat ["d"=8]
gspmd.mesh @grid ["x"=2, "y"=4]
func.func @main(%a: tensor<16x8xf32> {gspmd.sharding = #gspmd.tiled<@flat, [["d"], []]>},
                %b: tensor<16x8xf32> {gspmd.sharding = #gspmd.tiled<@grid, [["x"], ["y"]]>})
    -> (tensor<16x8xf32> {gspmd.sharding = #gspmd.tiled<@grid, [["x"], ["y"]]>},
        tensor<16x8xf32> {gspmd.sharding = #gspmd.tiled<@flat, [[], ["d"]]>}) {
  %e = math.exp %a : tensor<16x8xf32>
  %s = arith.addf %e, %b : tensor<16x8xf32>
  %t = math.tanh %b : tensor<16x8xf32>
  %u = arith.mulf %t, %a : tensor<16x8xf32>
  return %s, %u : tensor<16x8xf32>, tensor<16x8xf32>
}
