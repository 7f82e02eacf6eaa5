gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @main(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}, %w: tensor<16x32xf32>) -> tensor<8x32xf32> {
  %z = tensor.empty() : tensor<8x32xf32>
  %c = arith.constant 0.0 : f32
  %f = linalg.fill ins(%c : f32) outs(%z : tensor<8x32xf32>) -> tensor<8x32xf32>
  %y = linalg.matmul ins(%x, %w : tensor<8x16xf32>, tensor<16x32xf32>) outs(%f : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %y : tensor<8x32xf32>
}
