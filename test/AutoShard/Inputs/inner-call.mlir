gspmd.mesh @mesh ["a"=2]
func.func private @layer(%h: tensor<7x12xf32>, %w: tensor<12x12xf32>) -> tensor<7x12xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<7x12xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<7x12xf32>) -> tensor<7x12xf32>
  %hs = gspmd.sharding_constraint %h, #gspmd.tiled<@mesh, [[], ["a"]]> : tensor<7x12xf32>
  %m = linalg.matmul ins(%hs, %w : tensor<7x12xf32>, tensor<12x12xf32>) outs(%f : tensor<7x12xf32>) -> tensor<7x12xf32>
  %t = math.tanh %m : tensor<7x12xf32>
  return %t : tensor<7x12xf32>
}
func.func @main(%x: tensor<7x12xf32>, %w: tensor<12x12xf32>) -> tensor<7x12xf32> {
  %h1 = call @layer(%x, %w) : (tensor<7x12xf32>, tensor<12x12xf32>) -> tensor<7x12xf32>
  %h2 = math.exp %h1 : tensor<7x12xf32>
  %h3 = call @layer(%h2, %w) : (tensor<7x12xf32>, tensor<12x12xf32>) -> tensor<7x12xf32>
  return %h3 : tensor<7x12xf32>
}
