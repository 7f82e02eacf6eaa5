module @jit_f attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["data"=2, "model"=4]> {stablehlo.mesh = {axes = [{name = "data", size = 2 : i64}, {name = "model", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}, %arg1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}, %arg2: tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg3: tensor<100x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) -> (tensor<f32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8x4xi32>
    %1 = stablehlo.compare LT, %arg2, %0, SIGNED : (tensor<8x4xi32>, tensor<8x4xi32>) -> tensor<8x4xi1>
    %c_0 = stablehlo.constant dense<100> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<8x4xi32>
    %3 = stablehlo.add %arg2, %2 : tensor<8x4xi32>
    %4 = stablehlo.select %1, %3, %arg2 : tensor<8x4xi1>, tensor<8x4xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<8x4xi32>) -> tensor<8x4x1xi32>
    %6 = "stablehlo.gather"(%arg3, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 16>}> : (tensor<100x16xf32>, tensor<8x4x1xi32>) -> tensor<8x4x16xf32>
    %7 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
    %8 = stablehlo.tanh %7 : tensor<8x32xf32>
    %9 = sdy.sharding_constraint %8 <@mesh, [{"data"}, {}]> : tensor<8x32xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.reduce(%9 init: %cst) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x32xf32>, tensor<f32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x4x16xf32>, tensor<f32>) -> tensor<f32>
    %12 = stablehlo.add %10, %11 : tensor<f32>
    return %12 : tensor<f32>
  }
}

