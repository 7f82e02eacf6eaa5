module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<100x16xf32>, %arg1: tensor<8x4x16xf32>) -> (tensor<100x16xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.iota dim = 0 : tensor<32xi32>
    %c7 = stablehlo.constant dense<7> : tensor<32xi32>
    %c3 = stablehlo.constant dense<3> : tensor<32xi32>
    %c100 = stablehlo.constant dense<100> : tensor<32xi32>
    %1 = stablehlo.multiply %0, %c7 : tensor<32xi32>
    %2 = stablehlo.add %1, %c3 : tensor<32xi32>
    %3 = stablehlo.remainder %2, %c100 : tensor<32xi32>
    %4 = stablehlo.reshape %3 : (tensor<32xi32>) -> tensor<8x4x1xi32>
    %5 = "stablehlo.scatter"(%arg0, %4, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = true}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      stablehlo.return %arg3 : tensor<f32>
    }) : (tensor<100x16xf32>, tensor<8x4x1xi32>, tensor<8x4x16xf32>) -> tensor<100x16xf32>
    return %5 : tensor<100x16xf32>
  }
}
