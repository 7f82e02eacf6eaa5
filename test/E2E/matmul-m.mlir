// linalg.matmul with the non-contracting M dim split: A 16x12 split on [["x",
// "y"]] along M, B replicated, C split like A (no collective); plus the uneven
// case M=13 (13 over 8 shards) with the result returned replicated (all_gather
// of a padded dim).
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<16x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
                %b: tensor<12x10xf32> {gspmd.sharding = #gspmd.replicated},
                %u: tensor<13x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>})
    -> (tensor<16x10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
        tensor<13x10xf32> {gspmd.sharding = #gspmd.replicated}) {
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<16x10xf32>
  %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<16x10xf32>) -> tensor<16x10xf32>
  %c = linalg.matmul ins(%a, %b : tensor<16x12xf32>, tensor<12x10xf32>)
                     outs(%f0 : tensor<16x10xf32>) -> tensor<16x10xf32>
  %e1 = tensor.empty() : tensor<13x10xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<13x10xf32>) -> tensor<13x10xf32>
  %d = linalg.matmul ins(%u, %b : tensor<13x12xf32>, tensor<12x10xf32>)
                     outs(%f1 : tensor<13x10xf32>) -> tensor<13x10xf32>
  return %c, %d : tensor<16x10xf32>, tensor<13x10xf32>
}
