// fuzz/gen.py's program 4 at seed 7, its annotations kept
// (test/AutoShard/replan.mlir: the budget case).
gspmd.mesh @m ["a"=4, "b"=1, "c"=2]
func.func @main(%v1: tensor<2x4x7x1xf32> {gspmd.sharding = #gspmd.tiled<@m, [["b"], ["a"], ["c"], []]>},
    %v2: tensor<3x3x1x1xf32> {gspmd.sharding = #gspmd.tiled<@m, [[], [], [], ["c", "a"]]>},
    %v3: tensor<1xf32> {gspmd.sharding = #gspmd.tiled<@m, [["c", "a"]]>},
    %v5: tensor<1x4xi32> {gspmd.sharding = #gspmd.tiled<@m, [["a", "b"], ["c"]]>},
    %v7: tensor<5x3x3xi1> {gspmd.sharding = #gspmd.partially_tiled<@m, [[], [], ["c"]]>},
    %v8: tensor<5x3x3xi1> {gspmd.sharding = #gspmd.tiled<@m, [["c"], [], ["a"]]>},
    %v10: tensor<6x2xf32> {gspmd.sharding = #gspmd.tiled<@m, [["c"], ["a", "b"]]>},
    %v11: tensor<2x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@m, [["c"], ["b"]]>})
    -> (tensor<6x6xf32>, tensor<5x3x3xi1> {gspmd.sharding = #gspmd.tiled<@m, [["c"], ["b"], ["a"]]>}, tensor<i32> {gspmd.sharding = #gspmd.replicated}, tensor<2x3x3x1xf32> {gspmd.sharding = #gspmd.tiled<@m, [["b"], ["a"], [], ["c"]]>}) {
  %p0_zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %v4 = tosa.depthwise_conv2d %v1, %v2, %v3, %p0_zp, %p0_zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 0, 0, 0>, stride = array<i64: 1, 2>} : (tensor<2x4x7x1xf32>, tensor<3x3x1x1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x3x3x1xf32>
  %p1_e = tensor.empty() : tensor<i32>
  %p1_z = arith.constant 127 : i32
  %p1_f = linalg.fill ins(%p1_z : i32) outs(%p1_e : tensor<i32>) -> tensor<i32>
  %v6 = linalg.reduce ins(%v5 : tensor<1x4xi32>) outs(%p1_f : tensor<i32>) dimensions = [0, 1]
    (%in: i32, %acc: i32) {
      %s = arith.minsi %in, %acc : i32
      linalg.yield %s : i32
    }
  %v9 = arith.ori %v7, %v8 : tensor<5x3x3xi1>
  %p3_e = tensor.empty() : tensor<6x6xf32>
  %p3_z = arith.constant 0.0 : f32
  %p3_f = linalg.fill ins(%p3_z : f32) outs(%p3_e : tensor<6x6xf32>) -> tensor<6x6xf32>
  %v12 = linalg.matmul ins(%v10, %v11 : tensor<6x2xf32>, tensor<2x6xf32>) outs(%p3_f : tensor<6x6xf32>) -> tensor<6x6xf32>
  return %v12, %v9, %v6, %v4 : tensor<6x6xf32>, tensor<5x3x3xi1>, tensor<i32>, tensor<2x3x3x1xf32>
}
