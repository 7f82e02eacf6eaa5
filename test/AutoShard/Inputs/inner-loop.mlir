gspmd.mesh @mesh ["a"=2]
func.func @main(%x: tensor<7x12xf32>, %w: tensor<12x12xf32>) -> tensor<7x12xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%h = %x) -> (tensor<7x12xf32>) {
    %e = tensor.empty() : tensor<7x12xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<7x12xf32>) -> tensor<7x12xf32>
    %hs = gspmd.sharding_constraint %h, #gspmd.tiled<@mesh, [[], ["a"]]> : tensor<7x12xf32>
    %m = linalg.matmul ins(%hs, %w : tensor<7x12xf32>, tensor<12x12xf32>) outs(%f : tensor<7x12xf32>) -> tensor<7x12xf32>
    %t = math.tanh %m : tensor<7x12xf32>
    scf.yield %t : tensor<7x12xf32>
  }
  return %r : tensor<7x12xf32>
}
