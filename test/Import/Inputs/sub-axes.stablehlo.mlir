module @sub_axes attributes {mhlo.num_partitions = 8 : i32} {
  sdy.mesh @mesh = <["x"=4, "y"=2]>
  func.func public @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}, {"y"}]>},
                         %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}], replicated={"y"}>})
      -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(2)2, "y"}, {?}]>}) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
    return %0 : tensor<8x8xf32>
  }
}
