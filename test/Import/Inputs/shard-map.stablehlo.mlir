module @jit_f attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["data"=2, "model"=4]> {stablehlo.mesh = {axes = [{name = "data", size = 2 : i64}, {name = "model", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}, %arg1: tensor<16x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}) -> (tensor<8x12xf32> {jax.result_info = "result"}) {
    %0 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"data", ?}, {?}]>, <@mesh, [{?}, {?}]>] out_shardings=[<@mesh, [{"data", ?}, {?}]>] manual_axes={"data"} (%arg2: tensor<4x16xf32>, %arg3: tensor<16x12xf32>) {
      %3 = stablehlo.tanh %arg2 : tensor<4x16xf32>
      %4 = sdy.sharding_constraint %3 <@mesh, [{?}, {?}]> : tensor<4x16xf32>
      %5 = stablehlo.dot_general %4, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<16x12xf32>) -> tensor<4x12xf32>
      %6 = sdy.sharding_constraint %5 <@mesh, [{?}, {?}]> : tensor<4x12xf32>
      sdy.return %6 : tensor<4x12xf32>
    } : (tensor<8x16xf32>, tensor<16x12xf32>) -> tensor<8x12xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x12xf32>
    %2 = stablehlo.multiply %0, %1 : tensor<8x12xf32>
    return %2 : tensor<8x12xf32>
  }
}

