// An scf.if whose branches read split arguments, and a reduction of one of
// them deciding it (test/AutoShard/control-flow.mlir).
gspmd.mesh @mesh ["x"=2]
func.func @f(%a: tensor<8x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"]]>},
             %b: tensor<8x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"]]>}) -> tensor<8x4xf32> {
  %e = tensor.empty() : tensor<f32>
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %s = linalg.reduce ins(%a : tensor<8x4xf32>) outs(%f : tensor<f32>) dimensions = [0, 1]
    (%in: f32, %acc: f32) {
      %t = arith.addf %in, %acc : f32
      linalg.yield %t : f32
    }
  %x = tensor.extract %s[] : tensor<f32>
  %c = arith.cmpf ogt, %x, %z : f32
  %r = scf.if %c -> (tensor<8x4xf32>) {
    %t = math.tanh %b : tensor<8x4xf32>
    scf.yield %t : tensor<8x4xf32>
  } else {
    %t = arith.subf %b, %a : tensor<8x4xf32>
    scf.yield %t : tensor<8x4xf32>
  }
  return %r : tensor<8x4xf32>
}
