// Partial (partially_tiled) shardings: a split only on y (replicated over x),
// b split only on x; the chain combines them into a fully tiled result and
// also returns a value split only on x. Checks subgroup-replicated layouts in
// elementwise code and reshards.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<10x24xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>},
                %b: tensor<10x24xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>})
    -> (tensor<10x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<10x24xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>}) {
  %two = arith.constant dense<2.0> : tensor<10x24xf32>
  %0 = math.tanh %a : tensor<10x24xf32>
  %1 = arith.mulf %b, %two : tensor<10x24xf32>
  %2 = arith.addf %0, %1 : tensor<10x24xf32>
  %3 = math.exp %2 : tensor<10x24xf32>
  %4 = arith.maximumf %3, %b : tensor<10x24xf32>
  %5 = gspmd.sharding_constraint %4, #gspmd.partially_tiled<@mesh, [["x"], []]> : tensor<10x24xf32>
  %6 = arith.addf %5, %a : tensor<10x24xf32>
  return %3, %6 : tensor<10x24xf32>, tensor<10x24xf32>
}
