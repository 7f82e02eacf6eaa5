gspmd.mesh @mesh ["data"=2, "model"=2]
func.func @main(%x: tensor<6x8xf32>, %w: tensor<8x6xf32>) -> tensor<1x6xf32> {
  %r = gspmd.manual_computation(%x, %w) on @mesh manual_axes = ["data"]
      in_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>,
                      #gspmd.replicated]
      out_shardings = [#gspmd.replicated] {
  ^bb0(%lx: tensor<3x8xf32>, %lw: tensor<8x6xf32>):
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<3x6xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<3x6xf32>) -> tensor<3x6xf32>
    %h = linalg.matmul ins(%lx, %lw : tensor<3x8xf32>, tensor<8x6xf32>) outs(%f : tensor<3x6xf32>) -> tensor<3x6xf32>
    %e1 = tensor.empty() : tensor<1x6xf32>
    %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x6xf32>) -> tensor<1x6xf32>
    %cs = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (0, j)>],
                          iterator_types = ["reduction", "parallel"]}
        ins(%h : tensor<3x6xf32>) outs(%f1 : tensor<1x6xf32>) {
    ^bb0(%p: f32, %q: f32):
      %t = arith.addf %p, %q : f32
      linalg.yield %t : f32
    } -> tensor<1x6xf32>
    %g = gspmd.all_reduce %cs on @mesh ["data"] reduce = sum : tensor<1x6xf32>
    gspmd.manual_yield %g : tensor<1x6xf32>
  } : (tensor<6x8xf32>, tensor<8x6xf32>) -> tensor<1x6xf32>
  return %r : tensor<1x6xf32>
}
