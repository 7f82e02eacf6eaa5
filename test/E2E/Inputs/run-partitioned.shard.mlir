// run-partitioned.mlir's program in upstream `shard` syntax, same shardings.
shard.grid @mesh(shape = 4)
func.func @main(%x_in: tensor<8x16xf32>, %w1_in: tensor<16x32xf32>, %w2_in: tensor<32x16xf32>) -> tensor<8x16xf32> {
  %x_sh = shard.sharding @mesh split_axes = [[]] : !shard.sharding
  %x = shard.shard %x_in to %x_sh : tensor<8x16xf32>
  %w1_sh = shard.sharding @mesh split_axes = [[], [0]] : !shard.sharding
  %w1 = shard.shard %w1_in to %w1_sh : tensor<16x32xf32>
  %w2_sh = shard.sharding @mesh split_axes = [[0]] : !shard.sharding
  %w2 = shard.shard %w2_in to %w2_sh : tensor<32x16xf32>
  %z = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<8x32xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<8x32xf32>) -> tensor<8x32xf32>
  %h = linalg.matmul ins(%x, %w1 : tensor<8x16xf32>, tensor<16x32xf32>) outs(%f1 : tensor<8x32xf32>) -> tensor<8x32xf32>
  %e2 = tensor.empty() : tensor<8x16xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<8x16xf32>) -> tensor<8x16xf32>
  %y = linalg.matmul ins(%h, %w2 : tensor<8x32xf32>, tensor<32x16xf32>) outs(%f2 : tensor<8x16xf32>) -> tensor<8x16xf32>
  %y_sh = shard.sharding @mesh split_axes = [[]] : !shard.sharding
  %r = shard.shard %y to %y_sh : tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}
