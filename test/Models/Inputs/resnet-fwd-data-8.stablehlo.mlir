module @jit_fwd attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["data"=8]> {stablehlo.mesh = {axes = [{name = "data", size = 8 : i64}]}}
  func.func public @main(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg2: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg3: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg4: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg5: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg6: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg7: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg8: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg9: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg10: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg11: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg12: tensor<7x7x3x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {}]>}, %arg13: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg14: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg15: tensor<3x3x16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {}]>}, %arg16: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg17: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg18: tensor<3x3x16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {}]>}, %arg19: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg20: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg21: tensor<3x3x16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {}]>}, %arg22: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg23: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg24: tensor<3x3x32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {}]>}, %arg25: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg26: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg27: tensor<1x1x16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {}]>}, %arg28: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg29: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg30: tensor<8x3x16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}, {}, {}]>}) -> (tensor<8x32x2x2xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.transpose %arg30, dims = [0, 2, 3, 1] : (tensor<8x3x16x16xf32>) -> tensor<8x16x16x3xf32>
    %1 = stablehlo.convolution(%0, %arg12) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[3, 3], [3, 3]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x16x16x3xf32>, tensor<7x7x3x16xf32>) -> tensor<8x8x8x16xf32>
    %2 = stablehlo.broadcast_in_dim %arg0, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %3 = stablehlo.broadcast_in_dim %arg1, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %4 = stablehlo.broadcast_in_dim %2, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<8x8x8x16xf32>
    %5 = stablehlo.subtract %1, %4 : tensor<8x8x8x16xf32>
    %cst = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %7 = stablehlo.add %3, %6 : tensor<1x1x1x16xf32>
    %8 = stablehlo.rsqrt %7 : tensor<1x1x1x16xf32>
    %9 = stablehlo.reshape %arg14 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %10 = stablehlo.multiply %8, %9 : tensor<1x1x1x16xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<8x8x8x16xf32>
    %12 = stablehlo.multiply %5, %11 : tensor<8x8x8x16xf32>
    %13 = stablehlo.reshape %arg13 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<8x8x8x16xf32>
    %15 = stablehlo.add %12, %14 : tensor<8x8x8x16xf32>
    %16 = call @relu(%15) : (tensor<8x8x8x16xf32>) -> tensor<8x8x8x16xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<f32>
    %18 = "stablehlo.reduce_window"(%16, %17) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg31: tensor<f32>, %arg32: tensor<f32>):
      %101 = stablehlo.maximum %arg31, %arg32 : tensor<f32>
      stablehlo.return %101 : tensor<f32>
    }) : (tensor<8x8x8x16xf32>, tensor<f32>) -> tensor<8x4x4x16xf32>
    %19 = stablehlo.convolution(%18, %arg15) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x4x4x16xf32>, tensor<3x3x16x16xf32>) -> tensor<8x4x4x16xf32>
    %20 = stablehlo.broadcast_in_dim %arg2, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %21 = stablehlo.broadcast_in_dim %arg3, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %22 = stablehlo.broadcast_in_dim %20, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<8x4x4x16xf32>
    %23 = stablehlo.subtract %19, %22 : tensor<8x4x4x16xf32>
    %cst_1 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %25 = stablehlo.add %21, %24 : tensor<1x1x1x16xf32>
    %26 = stablehlo.rsqrt %25 : tensor<1x1x1x16xf32>
    %27 = stablehlo.reshape %arg17 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %28 = stablehlo.multiply %26, %27 : tensor<1x1x1x16xf32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<8x4x4x16xf32>
    %30 = stablehlo.multiply %23, %29 : tensor<8x4x4x16xf32>
    %31 = stablehlo.reshape %arg16 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %32 = stablehlo.broadcast_in_dim %31, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<8x4x4x16xf32>
    %33 = stablehlo.add %30, %32 : tensor<8x4x4x16xf32>
    %34 = call @relu_0(%33) : (tensor<8x4x4x16xf32>) -> tensor<8x4x4x16xf32>
    %35 = stablehlo.convolution(%34, %arg18) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x4x4x16xf32>, tensor<3x3x16x16xf32>) -> tensor<8x4x4x16xf32>
    %36 = stablehlo.broadcast_in_dim %arg4, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %37 = stablehlo.broadcast_in_dim %arg5, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %38 = stablehlo.broadcast_in_dim %36, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<8x4x4x16xf32>
    %39 = stablehlo.subtract %35, %38 : tensor<8x4x4x16xf32>
    %cst_2 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %41 = stablehlo.add %37, %40 : tensor<1x1x1x16xf32>
    %42 = stablehlo.rsqrt %41 : tensor<1x1x1x16xf32>
    %43 = stablehlo.reshape %arg20 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %44 = stablehlo.multiply %42, %43 : tensor<1x1x1x16xf32>
    %45 = stablehlo.broadcast_in_dim %44, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<8x4x4x16xf32>
    %46 = stablehlo.multiply %39, %45 : tensor<8x4x4x16xf32>
    %47 = stablehlo.reshape %arg19 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %48 = stablehlo.broadcast_in_dim %47, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<8x4x4x16xf32>
    %49 = stablehlo.add %46, %48 : tensor<8x4x4x16xf32>
    %50 = stablehlo.add %49, %18 : tensor<8x4x4x16xf32>
    %51 = call @relu_0(%50) : (tensor<8x4x4x16xf32>) -> tensor<8x4x4x16xf32>
    %52 = stablehlo.convolution(%51, %arg21) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x4x4x16xf32>, tensor<3x3x16x32xf32>) -> tensor<8x2x2x32xf32>
    %53 = stablehlo.broadcast_in_dim %arg6, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %54 = stablehlo.broadcast_in_dim %arg7, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %55 = stablehlo.broadcast_in_dim %53, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<8x2x2x32xf32>
    %56 = stablehlo.subtract %52, %55 : tensor<8x2x2x32xf32>
    %cst_3 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<1x1x1x32xf32>
    %58 = stablehlo.add %54, %57 : tensor<1x1x1x32xf32>
    %59 = stablehlo.rsqrt %58 : tensor<1x1x1x32xf32>
    %60 = stablehlo.reshape %arg23 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %61 = stablehlo.multiply %59, %60 : tensor<1x1x1x32xf32>
    %62 = stablehlo.broadcast_in_dim %61, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<8x2x2x32xf32>
    %63 = stablehlo.multiply %56, %62 : tensor<8x2x2x32xf32>
    %64 = stablehlo.reshape %arg22 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %65 = stablehlo.broadcast_in_dim %64, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<8x2x2x32xf32>
    %66 = stablehlo.add %63, %65 : tensor<8x2x2x32xf32>
    %67 = call @relu_1(%66) : (tensor<8x2x2x32xf32>) -> tensor<8x2x2x32xf32>
    %68 = stablehlo.convolution(%67, %arg24) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x2x2x32xf32>, tensor<3x3x32x32xf32>) -> tensor<8x2x2x32xf32>
    %69 = stablehlo.broadcast_in_dim %arg8, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %70 = stablehlo.broadcast_in_dim %arg9, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %71 = stablehlo.broadcast_in_dim %69, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<8x2x2x32xf32>
    %72 = stablehlo.subtract %68, %71 : tensor<8x2x2x32xf32>
    %cst_4 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %73 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<1x1x1x32xf32>
    %74 = stablehlo.add %70, %73 : tensor<1x1x1x32xf32>
    %75 = stablehlo.rsqrt %74 : tensor<1x1x1x32xf32>
    %76 = stablehlo.reshape %arg26 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %77 = stablehlo.multiply %75, %76 : tensor<1x1x1x32xf32>
    %78 = stablehlo.broadcast_in_dim %77, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<8x2x2x32xf32>
    %79 = stablehlo.multiply %72, %78 : tensor<8x2x2x32xf32>
    %80 = stablehlo.reshape %arg25 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %81 = stablehlo.broadcast_in_dim %80, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<8x2x2x32xf32>
    %82 = stablehlo.add %79, %81 : tensor<8x2x2x32xf32>
    %83 = stablehlo.convolution(%51, %arg27) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x4x4x16xf32>, tensor<1x1x16x32xf32>) -> tensor<8x2x2x32xf32>
    %84 = stablehlo.broadcast_in_dim %arg10, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %85 = stablehlo.broadcast_in_dim %arg11, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %86 = stablehlo.broadcast_in_dim %84, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<8x2x2x32xf32>
    %87 = stablehlo.subtract %83, %86 : tensor<8x2x2x32xf32>
    %cst_5 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %88 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<1x1x1x32xf32>
    %89 = stablehlo.add %85, %88 : tensor<1x1x1x32xf32>
    %90 = stablehlo.rsqrt %89 : tensor<1x1x1x32xf32>
    %91 = stablehlo.reshape %arg29 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %92 = stablehlo.multiply %90, %91 : tensor<1x1x1x32xf32>
    %93 = stablehlo.broadcast_in_dim %92, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<8x2x2x32xf32>
    %94 = stablehlo.multiply %87, %93 : tensor<8x2x2x32xf32>
    %95 = stablehlo.reshape %arg28 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %96 = stablehlo.broadcast_in_dim %95, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<8x2x2x32xf32>
    %97 = stablehlo.add %94, %96 : tensor<8x2x2x32xf32>
    %98 = stablehlo.add %82, %97 : tensor<8x2x2x32xf32>
    %99 = call @relu_1(%98) : (tensor<8x2x2x32xf32>) -> tensor<8x2x2x32xf32>
    %100 = stablehlo.transpose %99, dims = [0, 3, 1, 2] : (tensor<8x2x2x32xf32>) -> tensor<8x32x2x2xf32>
    return %100 : tensor<8x32x2x2xf32>
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
