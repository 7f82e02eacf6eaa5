// A 4-stage pipeline on a stage x data mesh (8 ranks: stage=4, data=2): one
// residual MLP block per stage, y = x + relu(x W1 + b1) W2, written once in
// the region; its weights are stacked over the L = 4 stages. M = 8
// micro-batches of 8 rows each; the rows of every micro-batch are split on
// "data" (data parallelism inside the pipeline). gspmd-pipeline turns the op
// into a loop of M + L - 1 = 11 iterations whose stage dim is sharded on
// "stage": after partitioning each device holds one stage's weights and
// passes one activation (its 4 x 32 rows) to the next stage per iteration
// (a collective_permute); the outputs cross devices once, after the loop.
// With "data"=1 the same program runs on 4 ranks (stage only).
gspmd.mesh @mesh ["stage"=4, "data"=2]

func.func @main(
    %x: tensor<8x8x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
    %w1: tensor<4x32x64xf32>, %b1: tensor<4x64xf32>, %w2: tensor<4x64x32xf32>)
    -> (tensor<8x8x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>}) {
  %y = gspmd.pipeline %x : tensor<8x8x32xf32>
      params(%w1, %b1, %w2 : tensor<4x32x64xf32>, tensor<4x64xf32>, tensor<4x64x32xf32>)
      on @mesh "stage" -> tensor<8x8x32xf32> {
  ^bb0(%a: tensor<8x32xf32>, %w1l: tensor<32x64xf32>, %b1l: tensor<64xf32>, %w2l: tensor<64x32xf32>):
    %zero = arith.constant 0.0 : f32
    %e1 = tensor.empty() : tensor<8x64xf32>
    %z1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %h = linalg.matmul ins(%a, %w1l : tensor<8x32xf32>, tensor<32x64xf32>)
                       outs(%z1 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %bb = linalg.broadcast ins(%b1l : tensor<64xf32>) outs(%e1 : tensor<8x64xf32>) dimensions = [0]
    %hb = arith.addf %h, %bb : tensor<8x64xf32>
    %zeros = arith.constant dense<0.0> : tensor<8x64xf32>
    %t = arith.maximumf %hb, %zeros : tensor<8x64xf32>
    %e2 = tensor.empty() : tensor<8x32xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %o = linalg.matmul ins(%t, %w2l : tensor<8x64xf32>, tensor<64x32xf32>)
                       outs(%z2 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %r = arith.addf %a, %o : tensor<8x32xf32>
    gspmd.yield %r : tensor<8x32xf32>
  }
  return %y : tensor<8x8x32xf32>
}
