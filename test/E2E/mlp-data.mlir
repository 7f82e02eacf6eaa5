// 2-layer MLP with bias and relu, data parallel on a 1-D mesh of 8: the batch
// (12: uneven over 8) is split, weights replicated; no collective at all
// (results stay batch-split).
// REQUIRES: mpi
// RUN: sed 's/"d"=8/"d"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"d"=8/"d"=2/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"d"=8/"d"=4/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["d"=8]

// y = relu(x @ W1 + b1) @ W2 + b2
func.func @main(%x: tensor<12x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>},
                %w1: tensor<16x32xf32> {gspmd.sharding = #gspmd.replicated},
                %b1: tensor<32xf32> {gspmd.sharding = #gspmd.replicated},
                %w2: tensor<32x16xf32> {gspmd.sharding = #gspmd.replicated},
                %b2: tensor<16xf32> {gspmd.sharding = #gspmd.replicated})
    -> (tensor<12x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>}) {
  %z = arith.constant 0.0 : f32
  %zeros = arith.constant dense<0.0> : tensor<12x32xf32>
  %e1 = tensor.empty() : tensor<12x32xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<12x32xf32>) -> tensor<12x32xf32>
  %h = linalg.matmul ins(%x, %w1 : tensor<12x16xf32>, tensor<16x32xf32>) outs(%f1 : tensor<12x32xf32>) -> tensor<12x32xf32>
  %bb1 = linalg.broadcast ins(%b1 : tensor<32xf32>) outs(%e1 : tensor<12x32xf32>) dimensions = [0]
  %hb = arith.addf %h, %bb1 : tensor<12x32xf32>
  %r = arith.maximumf %hb, %zeros : tensor<12x32xf32>
  %e2 = tensor.empty() : tensor<12x16xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<12x16xf32>) -> tensor<12x16xf32>
  %y = linalg.matmul ins(%r, %w2 : tensor<12x32xf32>, tensor<32x16xf32>) outs(%f2 : tensor<12x16xf32>) -> tensor<12x16xf32>
  %bb2 = linalg.broadcast ins(%b2 : tensor<16xf32>) outs(%e2 : tensor<12x16xf32>) dimensions = [0]
  %yb = arith.addf %y, %bb2 : tensor<12x16xf32>
  return %yb : tensor<12x16xf32>
}
