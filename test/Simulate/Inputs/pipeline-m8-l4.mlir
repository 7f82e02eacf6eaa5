gspmd.mesh @mesh ["stage"=4, "data"=1]
// gspmd.pipeline: L = 4 stages, M = 8 micro-batches of 4 rows, R = 1.
func.func @main(%x: tensor<8x4x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
    %w1: tensor<4x8x16xf32>, %b1: tensor<4x16xf32>, %w2: tensor<4x16x8xf32>) -> (tensor<8x4x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>}) {
  %y = gspmd.pipeline %x : tensor<8x4x8xf32> params(%w1, %b1, %w2 : tensor<4x8x16xf32>, tensor<4x16xf32>, tensor<4x16x8xf32>) on @mesh "stage" -> tensor<8x4x8xf32> {
  ^bb0(%a: tensor<4x8xf32>, %w1l: tensor<8x16xf32>, %b1l: tensor<16xf32>, %w2l: tensor<16x8xf32>):
    %zero = arith.constant 0.0 : f32
    %e1 = tensor.empty() : tensor<4x16xf32>
    %z1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %h = linalg.matmul ins(%a, %w1l : tensor<4x8xf32>, tensor<8x16xf32>) outs(%z1 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %bb = linalg.broadcast ins(%b1l : tensor<16xf32>) outs(%e1 : tensor<4x16xf32>) dimensions = [0]
    %hb = arith.addf %h, %bb : tensor<4x16xf32>
    %t = math.tanh %hb : tensor<4x16xf32>
    %e2 = tensor.empty() : tensor<4x8xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %o = linalg.matmul ins(%t, %w2l : tensor<4x16xf32>, tensor<16x8xf32>) outs(%z2 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %r = arith.addf %a, %o : tensor<4x8xf32>
    gspmd.yield %r : tensor<4x8xf32>
  }
  return %y : tensor<8x4x8xf32>
}
