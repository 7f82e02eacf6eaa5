module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<100x16xf32>, %arg1: tensor<8x4xi32>) -> (tensor<100x16xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8x4xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<8x4xi32>, tensor<8x4xi32>) -> tensor<8x4xi1>
    %c_0 = stablehlo.constant dense<100> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<8x4xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<8x4xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<8x4xi1>, tensor<8x4xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<8x4xi32>) -> tensor<8x4x1xi32>
    %6 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 16>}> : (tensor<100x16xf32>, tensor<8x4x1xi32>) -> tensor<8x4x16xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x4x16xf32>
    %8 = stablehlo.multiply %7, %6 : tensor<8x4x16xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8x4x16xf32>
    %10 = stablehlo.multiply %9, %8 : tensor<8x4x16xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<100x16xf32>
    %12 = "stablehlo.scatter"(%11, %5, %10) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %13 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %13 : tensor<f32>
    }) : (tensor<100x16xf32>, tensor<8x4x1xi32>, tensor<8x4x16xf32>) -> tensor<100x16xf32>
    return %12 : tensor<100x16xf32>
  }
}

