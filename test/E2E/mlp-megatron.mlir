// 2-layer MLP with bias and relu, Megatron tensor parallelism on a 1-D mesh m:
// W1 column-parallel (hidden split), W2 row-parallel (hidden split: partial
// sums all_reduced), input and output replicated; hidden 24 is uneven over m=8
// (padding of the hidden dim must be masked in the second matmul and the
// bias).
// REQUIRES: mpi
// RUN: sed 's/"m"=4/"m"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"m"=4/"m"=2/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: %mpirun -n 4 %gspmd-run %s --check | FileCheck %s
// RUN: sed 's/"m"=4/"m"=8/' %s > %t.8.mlir && %mpirun -n 8 %gspmd-run %t.8.mlir --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["m"=4]

// y = relu(x @ W1 + b1) @ W2 + b2
func.func @main(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.replicated},
                %w1: tensor<16x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["m"]]>},
                %b1: tensor<24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["m"]]>},
                %w2: tensor<24x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["m"], []]>},
                %b2: tensor<16xf32> {gspmd.sharding = #gspmd.replicated})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.replicated}) {
  %z = arith.constant 0.0 : f32
  %zeros = arith.constant dense<0.0> : tensor<8x24xf32>
  %e1 = tensor.empty() : tensor<8x24xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<8x24xf32>) -> tensor<8x24xf32>
  %h = linalg.matmul ins(%x, %w1 : tensor<8x16xf32>, tensor<16x24xf32>) outs(%f1 : tensor<8x24xf32>) -> tensor<8x24xf32>
  %bb1 = linalg.broadcast ins(%b1 : tensor<24xf32>) outs(%e1 : tensor<8x24xf32>) dimensions = [0]
  %hb = arith.addf %h, %bb1 : tensor<8x24xf32>
  %r = arith.maximumf %hb, %zeros : tensor<8x24xf32>
  %e2 = tensor.empty() : tensor<8x16xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<8x16xf32>) -> tensor<8x16xf32>
  %y = linalg.matmul ins(%r, %w2 : tensor<8x24xf32>, tensor<24x16xf32>) outs(%f2 : tensor<8x16xf32>) -> tensor<8x16xf32>
  %bb2 = linalg.broadcast ins(%b2 : tensor<16xf32>) outs(%e2 : tensor<8x16xf32>) dimensions = [0]
  %yb = arith.addf %y, %bb2 : tensor<8x16xf32>
  return %yb : tensor<8x16xf32>
}
