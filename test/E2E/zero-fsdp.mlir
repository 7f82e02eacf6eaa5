// ZeRO-3 / FSDP style training step of a 2-layer MLP on a 1-D data mesh: the
// batch is split on d, the weights are stored sharded over d (W1 on its input
// dim, W2 on its output dim) and all-gathered before use through
// sharding_constraint to replicated; the weight gradients dW = X^T dY contract
// the split batch and are returned sharded like the weights (reduce_scatter).
// REQUIRES: mpi
// RUN: sed 's/"d"=8/"d"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"d"=8/"d"=2/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"d"=8/"d"=4/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["d"=8]

#xt = affine_map<(i, j, b) -> (b, i)>
#yt = affine_map<(i, j, b) -> (b, j)>
#ij = affine_map<(i, j, b) -> (i, j)>
func.func @main(%x: tensor<16x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>},
                %w1: tensor<8x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>},
                %w2: tensor<24x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["d"]]>})
    -> (tensor<16x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>},
        tensor<8x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>},
        tensor<24x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["d"]]>}) {
  %z = arith.constant 0.0 : f32
  %zeros = arith.constant dense<0.0> : tensor<16x24xf32>
  // forward: gather the weight shards, then purely data-parallel compute
  %w1f = gspmd.sharding_constraint %w1, #gspmd.replicated : tensor<8x24xf32>
  %e1 = tensor.empty() : tensor<16x24xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<16x24xf32>) -> tensor<16x24xf32>
  %h = linalg.matmul ins(%x, %w1f : tensor<16x8xf32>, tensor<8x24xf32>) outs(%f1 : tensor<16x24xf32>) -> tensor<16x24xf32>
  %a = arith.maximumf %h, %zeros : tensor<16x24xf32>
  %w2f = gspmd.sharding_constraint %w2, #gspmd.replicated : tensor<24x8xf32>
  %e2 = tensor.empty() : tensor<16x8xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<16x8xf32>) -> tensor<16x8xf32>
  %y = linalg.matmul ins(%a, %w2f : tensor<16x24xf32>, tensor<24x8xf32>) outs(%f2 : tensor<16x8xf32>) -> tensor<16x8xf32>
  // a loss gradient dY = tanh(y) (batch-split)
  %dy = math.tanh %y : tensor<16x8xf32>
  // dW2 = A^T dY: contracts the split batch
  %eg2 = tensor.empty() : tensor<24x8xf32>
  %fg2 = linalg.fill ins(%z : f32) outs(%eg2 : tensor<24x8xf32>) -> tensor<24x8xf32>
  %dw2 = linalg.generic {indexing_maps = [#xt, #yt, #ij], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %dy : tensor<16x24xf32>, tensor<16x8xf32>) outs(%fg2 : tensor<24x8xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %r = arith.addf %acc, %m : f32
    linalg.yield %r : f32
  } -> tensor<24x8xf32>
  // dA = dY W2^T, masked by relu'
  %w2t_e = tensor.empty() : tensor<8x24xf32>
  %w2t = linalg.transpose ins(%w2f : tensor<24x8xf32>) outs(%w2t_e : tensor<8x24xf32>) permutation = [1, 0]
  %fd = linalg.fill ins(%z : f32) outs(%e1 : tensor<16x24xf32>) -> tensor<16x24xf32>
  %da = linalg.matmul ins(%dy, %w2t : tensor<16x8xf32>, tensor<8x24xf32>) outs(%fd : tensor<16x24xf32>) -> tensor<16x24xf32>
  %pos = arith.cmpf ogt, %h, %zeros : tensor<16x24xf32>
  %dh = arith.select %pos, %da, %zeros : tensor<16x24xi1>, tensor<16x24xf32>
  // dW1 = X^T dH
  %eg1 = tensor.empty() : tensor<8x24xf32>
  %fg1 = linalg.fill ins(%z : f32) outs(%eg1 : tensor<8x24xf32>) -> tensor<8x24xf32>
  %dw1 = linalg.generic {indexing_maps = [#xt, #yt, #ij], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %dh : tensor<16x8xf32>, tensor<16x24xf32>) outs(%fg1 : tensor<8x24xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %r = arith.addf %acc, %m : f32
    linalg.yield %r : f32
  } -> tensor<8x24xf32>
  return %y, %dw1, %dw2 : tensor<16x8xf32>, tensor<8x24xf32>, tensor<24x8xf32>
}
