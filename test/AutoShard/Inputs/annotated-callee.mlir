// A callee whose signature the user annotated: the call's operand is
// resharded to its argument's layout, its result comes in the result's.
gspmd.mesh @m ["a"=2]
func.func private @g(%a: tensor<8x4xf32> {gspmd.sharding = #gspmd.tiled<@m, [["a"], []]>})
    -> (tensor<8x4xf32> {gspmd.sharding = #gspmd.tiled<@m, [["a"], []]>}) {
  %0 = math.tanh %a : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}
func.func @main(%x: tensor<8x4xf32>) -> (tensor<8x4xf32> {gspmd.sharding = #gspmd.replicated}) {
  %0 = call @g(%x) : (tensor<8x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}
