module @jit_fwd attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["data"=8]> {stablehlo.mesh = {axes = [{name = "data", size = 8 : i64}]}}
  func.func public @main(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}]>}, %arg2: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}]>}, %arg3: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}]>}, %arg4: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}]>}, %arg5: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}]>}, %arg6: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}]>}, %arg7: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}]>}, %arg8: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}]>}, %arg9: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}]>}, %arg10: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}]>}, %arg11: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}]>}, %arg12: tensor<7x7x3x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {"data"}]>}, %arg13: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}]>}, %arg14: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}]>}, %arg15: tensor<3x3x16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"data"}, {}]>}, %arg16: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}]>}, %arg17: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}]>}, %arg18: tensor<3x3x16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"data"}, {}]>}, %arg19: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}]>}, %arg20: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}]>}, %arg21: tensor<3x3x16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"data"}, {}]>}, %arg22: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}]>}, %arg23: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}]>}, %arg24: tensor<3x3x32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"data"}, {}]>}, %arg25: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}]>}, %arg26: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}]>}, %arg27: tensor<1x1x16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"data"}, {}]>}, %arg28: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}]>}, %arg29: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}]>}, %arg30: tensor<8x3x16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}, {}, {}]>}) -> (tensor<8x32x2x2xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.multiply %arg1, %arg1 : tensor<16xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %2 = stablehlo.add %0, %1 : tensor<16xf32>
    %3 = stablehlo.multiply %arg3, %arg3 : tensor<16xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %5 = stablehlo.add %3, %4 : tensor<16xf32>
    %6 = stablehlo.multiply %arg5, %arg5 : tensor<16xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %8 = stablehlo.add %6, %7 : tensor<16xf32>
    %9 = stablehlo.multiply %arg7, %arg7 : tensor<32xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %11 = stablehlo.add %9, %10 : tensor<32xf32>
    %12 = stablehlo.multiply %arg9, %arg9 : tensor<32xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %14 = stablehlo.add %12, %13 : tensor<32xf32>
    %15 = stablehlo.multiply %arg11, %arg11 : tensor<32xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %17 = stablehlo.add %15, %16 : tensor<32xf32>
    %18 = stablehlo.transpose %arg30, dims = [0, 2, 3, 1] : (tensor<8x3x16x16xf32>) -> tensor<8x16x16x3xf32>
    %19 = stablehlo.convolution(%18, %arg12) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[3, 3], [3, 3]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x16x16x3xf32>, tensor<7x7x3x16xf32>) -> tensor<8x8x8x16xf32>
    %20 = stablehlo.broadcast_in_dim %arg0, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %21 = stablehlo.broadcast_in_dim %2, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %22 = stablehlo.broadcast_in_dim %20, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<8x8x8x16xf32>
    %23 = stablehlo.subtract %19, %22 : tensor<8x8x8x16xf32>
    %cst_5 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %25 = stablehlo.add %21, %24 : tensor<1x1x1x16xf32>
    %26 = stablehlo.rsqrt %25 : tensor<1x1x1x16xf32>
    %27 = stablehlo.reshape %arg14 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %28 = stablehlo.multiply %26, %27 : tensor<1x1x1x16xf32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<8x8x8x16xf32>
    %30 = stablehlo.multiply %23, %29 : tensor<8x8x8x16xf32>
    %31 = stablehlo.reshape %arg13 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %32 = stablehlo.broadcast_in_dim %31, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<8x8x8x16xf32>
    %33 = stablehlo.add %30, %32 : tensor<8x8x8x16xf32>
    %34 = call @relu(%33) : (tensor<8x8x8x16xf32>) -> tensor<8x8x8x16xf32>
    %cst_6 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %35 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<f32>
    %36 = "stablehlo.reduce_window"(%34, %35) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg31: tensor<f32>, %arg32: tensor<f32>):
      %119 = stablehlo.maximum %arg31, %arg32 : tensor<f32>
      stablehlo.return %119 : tensor<f32>
    }) : (tensor<8x8x8x16xf32>, tensor<f32>) -> tensor<8x4x4x16xf32>
    %37 = stablehlo.convolution(%36, %arg15) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x4x4x16xf32>, tensor<3x3x16x16xf32>) -> tensor<8x4x4x16xf32>
    %38 = stablehlo.broadcast_in_dim %arg2, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %39 = stablehlo.broadcast_in_dim %5, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %40 = stablehlo.broadcast_in_dim %38, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<8x4x4x16xf32>
    %41 = stablehlo.subtract %37, %40 : tensor<8x4x4x16xf32>
    %cst_7 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %42 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %43 = stablehlo.add %39, %42 : tensor<1x1x1x16xf32>
    %44 = stablehlo.rsqrt %43 : tensor<1x1x1x16xf32>
    %45 = stablehlo.reshape %arg17 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %46 = stablehlo.multiply %44, %45 : tensor<1x1x1x16xf32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<8x4x4x16xf32>
    %48 = stablehlo.multiply %41, %47 : tensor<8x4x4x16xf32>
    %49 = stablehlo.reshape %arg16 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %50 = stablehlo.broadcast_in_dim %49, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<8x4x4x16xf32>
    %51 = stablehlo.add %48, %50 : tensor<8x4x4x16xf32>
    %52 = call @relu_0(%51) : (tensor<8x4x4x16xf32>) -> tensor<8x4x4x16xf32>
    %53 = stablehlo.convolution(%52, %arg18) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x4x4x16xf32>, tensor<3x3x16x16xf32>) -> tensor<8x4x4x16xf32>
    %54 = stablehlo.broadcast_in_dim %arg4, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %55 = stablehlo.broadcast_in_dim %8, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %56 = stablehlo.broadcast_in_dim %54, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<8x4x4x16xf32>
    %57 = stablehlo.subtract %53, %56 : tensor<8x4x4x16xf32>
    %cst_8 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %58 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %59 = stablehlo.add %55, %58 : tensor<1x1x1x16xf32>
    %60 = stablehlo.rsqrt %59 : tensor<1x1x1x16xf32>
    %61 = stablehlo.reshape %arg20 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %62 = stablehlo.multiply %60, %61 : tensor<1x1x1x16xf32>
    %63 = stablehlo.broadcast_in_dim %62, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<8x4x4x16xf32>
    %64 = stablehlo.multiply %57, %63 : tensor<8x4x4x16xf32>
    %65 = stablehlo.reshape %arg19 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %66 = stablehlo.broadcast_in_dim %65, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<8x4x4x16xf32>
    %67 = stablehlo.add %64, %66 : tensor<8x4x4x16xf32>
    %68 = stablehlo.add %67, %36 : tensor<8x4x4x16xf32>
    %69 = call @relu_0(%68) : (tensor<8x4x4x16xf32>) -> tensor<8x4x4x16xf32>
    %70 = stablehlo.convolution(%69, %arg21) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x4x4x16xf32>, tensor<3x3x16x32xf32>) -> tensor<8x2x2x32xf32>
    %71 = stablehlo.broadcast_in_dim %arg6, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %72 = stablehlo.broadcast_in_dim %11, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %73 = stablehlo.broadcast_in_dim %71, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<8x2x2x32xf32>
    %74 = stablehlo.subtract %70, %73 : tensor<8x2x2x32xf32>
    %cst_9 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %75 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<1x1x1x32xf32>
    %76 = stablehlo.add %72, %75 : tensor<1x1x1x32xf32>
    %77 = stablehlo.rsqrt %76 : tensor<1x1x1x32xf32>
    %78 = stablehlo.reshape %arg23 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %79 = stablehlo.multiply %77, %78 : tensor<1x1x1x32xf32>
    %80 = stablehlo.broadcast_in_dim %79, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<8x2x2x32xf32>
    %81 = stablehlo.multiply %74, %80 : tensor<8x2x2x32xf32>
    %82 = stablehlo.reshape %arg22 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %83 = stablehlo.broadcast_in_dim %82, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<8x2x2x32xf32>
    %84 = stablehlo.add %81, %83 : tensor<8x2x2x32xf32>
    %85 = call @relu_1(%84) : (tensor<8x2x2x32xf32>) -> tensor<8x2x2x32xf32>
    %86 = stablehlo.convolution(%85, %arg24) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x2x2x32xf32>, tensor<3x3x32x32xf32>) -> tensor<8x2x2x32xf32>
    %87 = stablehlo.broadcast_in_dim %arg8, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %88 = stablehlo.broadcast_in_dim %14, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %89 = stablehlo.broadcast_in_dim %87, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<8x2x2x32xf32>
    %90 = stablehlo.subtract %86, %89 : tensor<8x2x2x32xf32>
    %cst_10 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %91 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<1x1x1x32xf32>
    %92 = stablehlo.add %88, %91 : tensor<1x1x1x32xf32>
    %93 = stablehlo.rsqrt %92 : tensor<1x1x1x32xf32>
    %94 = stablehlo.reshape %arg26 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %95 = stablehlo.multiply %93, %94 : tensor<1x1x1x32xf32>
    %96 = stablehlo.broadcast_in_dim %95, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<8x2x2x32xf32>
    %97 = stablehlo.multiply %90, %96 : tensor<8x2x2x32xf32>
    %98 = stablehlo.reshape %arg25 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %99 = stablehlo.broadcast_in_dim %98, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<8x2x2x32xf32>
    %100 = stablehlo.add %97, %99 : tensor<8x2x2x32xf32>
    %101 = stablehlo.convolution(%69, %arg27) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x4x4x16xf32>, tensor<1x1x16x32xf32>) -> tensor<8x2x2x32xf32>
    %102 = stablehlo.broadcast_in_dim %arg10, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %103 = stablehlo.broadcast_in_dim %17, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %104 = stablehlo.broadcast_in_dim %102, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<8x2x2x32xf32>
    %105 = stablehlo.subtract %101, %104 : tensor<8x2x2x32xf32>
    %cst_11 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %106 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<1x1x1x32xf32>
    %107 = stablehlo.add %103, %106 : tensor<1x1x1x32xf32>
    %108 = stablehlo.rsqrt %107 : tensor<1x1x1x32xf32>
    %109 = stablehlo.reshape %arg29 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %110 = stablehlo.multiply %108, %109 : tensor<1x1x1x32xf32>
    %111 = stablehlo.broadcast_in_dim %110, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<8x2x2x32xf32>
    %112 = stablehlo.multiply %105, %111 : tensor<8x2x2x32xf32>
    %113 = stablehlo.reshape %arg28 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %114 = stablehlo.broadcast_in_dim %113, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<8x2x2x32xf32>
    %115 = stablehlo.add %112, %114 : tensor<8x2x2x32xf32>
    %116 = stablehlo.add %100, %115 : tensor<8x2x2x32xf32>
    %117 = call @relu_1(%116) : (tensor<8x2x2x32xf32>) -> tensor<8x2x2x32xf32>
    %118 = stablehlo.transpose %117, dims = [0, 3, 1, 2] : (tensor<8x2x2x32xf32>) -> tensor<8x32x2x2xf32>
    return %118 : tensor<8x32x2x2xf32>
  }
  func.func private @relu(%arg0: tensor<8x8x8x16xf32>) -> tensor<8x8x8x16xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x8x8x16xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<8x8x8x16xf32>
    return %1 : tensor<8x8x8x16xf32>
  }
  func.func private @relu_0(%arg0: tensor<8x4x4x16xf32>) -> tensor<8x4x4x16xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x4x4x16xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<8x4x4x16xf32>
    return %1 : tensor<8x4x4x16xf32>
  }
  func.func private @relu_1(%arg0: tensor<8x2x2x32xf32>) -> tensor<8x2x2x32xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x2x2x32xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<8x2x2x32xf32>
    return %1 : tensor<8x2x2x32xf32>
  }
}
