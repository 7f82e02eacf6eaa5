// A 2-layer MLP on a 2x4 mesh: the batch is split on "data" (data
// parallelism) and the hidden dim on "model" (Megatron: the first matmul is
// column-parallel, the second row-parallel). Only the inputs and the output
// are annotated; gspmd-complete derives everything else.
gspmd.mesh @mesh ["data"=2, "model"=4]

func.func @mlp(
    %x: tensor<16x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
    %w1: tensor<32x64xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>},
    %w2: tensor<64x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"], []]>})
    -> (tensor<16x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>}) {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<16x64xf32>
  %acc1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<16x64xf32>) -> tensor<16x64xf32>
  %h = linalg.matmul ins(%x, %w1 : tensor<16x32xf32>, tensor<32x64xf32>)
                     outs(%acc1 : tensor<16x64xf32>) -> tensor<16x64xf32>
  %zeros = arith.constant dense<0.0> : tensor<16x64xf32>
  %relu = arith.maximumf %h, %zeros : tensor<16x64xf32>
  %e2 = tensor.empty() : tensor<16x32xf32>
  %acc2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<16x32xf32>) -> tensor<16x32xf32>
  %y = linalg.matmul ins(%relu, %w2 : tensor<16x64xf32>, tensor<64x32xf32>)
                     outs(%acc2 : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %y : tensor<16x32xf32>
}
