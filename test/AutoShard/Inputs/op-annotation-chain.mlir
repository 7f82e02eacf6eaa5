gspmd.mesh @mesh ["x"=2, "y"=4]
func.func @main(%a: tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>})
    -> (tensor<8x12xf32>) {
  %0 = math.exp %a {gspmd.sharding = [#gspmd.tiled<@mesh, [["y"], ["x"]]>]} : tensor<8x12xf32>
  %1 = arith.addf %0, %a {gspmd.sharding = [#gspmd.tiled<@mesh, [[], ["x", "y"]]>]} : tensor<8x12xf32>
  return %1 : tensor<8x12xf32>
}
