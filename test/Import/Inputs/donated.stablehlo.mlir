module @jit_step attributes {mhlo.num_partitions = 4 : i32} {
  sdy.mesh @mesh = <["data"=4]>
  func.func public @main(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>, tf.aliasing_output = 0 : i32},
                         %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>})
      -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
    %0 = stablehlo.subtract %arg0, %arg1 : tensor<16x8xf32>
    return %0 : tensor<16x8xf32>
  }
}
