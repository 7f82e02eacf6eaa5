// Dims smaller than the shard count on a 1-D mesh of 8: a 3x5 tensor split
// along dim 0 (3 over 8: five empty shards), a 1x6 tensor split along its
// size-1 dim, a matmul whose K=3 is split over 8 (all_reduce
// with mostly empty shards), and a sum over a dim of 2 split over 8.
// REQUIRES: mpi
// RUN: sed 's/"d"=8/"d"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"d"=8/"d"=2/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"d"=8/"d"=4/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["d"=8]

func.func @main(%a: tensor<3x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>},
                %b: tensor<1x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>},
                %c: tensor<4x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["d"]]>},
                %w: tensor<3x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>},
                %v: tensor<2x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>})
    -> (tensor<3x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["d"]]>},
        tensor<1x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["d"]]>},
        tensor<4x5xf32>, tensor<7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"]]>}) {
  %ea = math.exp %a : tensor<3x5xf32>
  %tb = math.tanh %b : tensor<1x6xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x5xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x5xf32>) -> tensor<4x5xf32>
  %m = linalg.matmul ins(%c, %w : tensor<4x3xf32>, tensor<3x5xf32>) outs(%f : tensor<4x5xf32>) -> tensor<4x5xf32>
  %e7 = tensor.empty() : tensor<7xf32>
  %f7 = linalg.fill ins(%z : f32) outs(%e7 : tensor<7xf32>) -> tensor<7xf32>
  %s = linalg.reduce ins(%v : tensor<2x7xf32>) outs(%f7 : tensor<7xf32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %r = arith.addf %in, %acc : f32
      linalg.yield %r : f32
    }
  return %ea, %tb, %m, %s : tensor<3x5xf32>, tensor<1x6xf32>, tensor<4x5xf32>, tensor<7xf32>
}
