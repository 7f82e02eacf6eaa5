// linalg.matmul with the non-contracting N dim split: B 12x24 split on y along
// N (replicated over x), C wanted split on [["x", "y"]] along N (so the local
// result is resharded from y to x,y), and an uneven N=11 over [["y", "x"]].
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<6x12xf32> {gspmd.sharding = #gspmd.replicated},
                %b: tensor<12x24xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>},
                %v: tensor<12x11xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["y", "x"]]>})
    -> (tensor<6x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"]]>},
        tensor<6x11xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["y", "x"]]>}) {
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<6x24xf32>
  %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<6x24xf32>) -> tensor<6x24xf32>
  %c = linalg.matmul ins(%a, %b : tensor<6x12xf32>, tensor<12x24xf32>)
                     outs(%f0 : tensor<6x24xf32>) -> tensor<6x24xf32>
  %e1 = tensor.empty() : tensor<6x11xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<6x11xf32>) -> tensor<6x11xf32>
  %d = linalg.matmul ins(%a, %v : tensor<6x12xf32>, tensor<12x11xf32>)
                     outs(%f1 : tensor<6x11xf32>) -> tensor<6x11xf32>
  return %c, %d : tensor<6x24xf32>, tensor<6x11xf32>
}
