module @jit_step attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["data"=8]> {stablehlo.mesh = {axes = [{name = "data", size = 8 : i64}]}}
  func.func public @main(%arg0: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg1: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg2: tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg3: tensor<2x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg4: tensor<512x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg5: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg6: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg7: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg8: tensor<64x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg9: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg10: tensor<64x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg11: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg12: tensor<64x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg13: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg14: tensor<64x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg15: tensor<256xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg16: tensor<64x256xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg17: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg18: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg19: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg20: tensor<256x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg21: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg22: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg23: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg24: tensor<64x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg25: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg26: tensor<64x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg27: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg28: tensor<64x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg29: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg30: tensor<64x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg31: tensor<256xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg32: tensor<64x256xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg33: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg34: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg35: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg36: tensor<256x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg37: tensor<512xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg38: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg39: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg40: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg41: tensor<64x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg42: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<64xf32> {jax.result_info = "result[0]['bert']['embeddings']['LayerNorm']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64xf32> {jax.result_info = "result[0]['bert']['embeddings']['LayerNorm']['scale']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<16x64xf32> {jax.result_info = "result[0]['bert']['embeddings']['position_embeddings']['embedding']", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<2x64xf32> {jax.result_info = "result[0]['bert']['embeddings']['token_type_embeddings']['embedding']", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<512x64xf32> {jax.result_info = "result[0]['bert']['embeddings']['word_embeddings']['embedding']", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<64xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['0']['attention']['output']['LayerNorm']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['0']['attention']['output']['LayerNorm']['scale']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['0']['attention']['output']['dense']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64x64xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['0']['attention']['output']['dense']['kernel']", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<64xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['0']['attention']['self']['key']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64x64xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['0']['attention']['self']['key']['kernel']", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<64xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['0']['attention']['self']['query']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64x64xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['0']['attention']['self']['query']['kernel']", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<64xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['0']['attention']['self']['value']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64x64xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['0']['attention']['self']['value']['kernel']", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<256xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['0']['intermediate']['dense']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64x256xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['0']['intermediate']['dense']['kernel']", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<64xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['0']['output']['LayerNorm']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['0']['output']['LayerNorm']['scale']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['0']['output']['dense']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<256x64xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['0']['output']['dense']['kernel']", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<64xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['1']['attention']['output']['LayerNorm']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['1']['attention']['output']['LayerNorm']['scale']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['1']['attention']['output']['dense']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64x64xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['1']['attention']['output']['dense']['kernel']", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<64xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['1']['attention']['self']['key']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64x64xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['1']['attention']['self']['key']['kernel']", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<64xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['1']['attention']['self']['query']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64x64xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['1']['attention']['self']['query']['kernel']", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<64xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['1']['attention']['self']['value']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64x64xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['1']['attention']['self']['value']['kernel']", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<256xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['1']['intermediate']['dense']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64x256xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['1']['intermediate']['dense']['kernel']", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<64xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['1']['output']['LayerNorm']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['1']['output']['LayerNorm']['scale']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['1']['output']['dense']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<256x64xf32> {jax.result_info = "result[0]['bert']['encoder']['layer']['1']['output']['dense']['kernel']", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<512xf32> {jax.result_info = "result[0]['cls']['predictions']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64xf32> {jax.result_info = "result[0]['cls']['predictions']['transform']['LayerNorm']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64xf32> {jax.result_info = "result[0]['cls']['predictions']['transform']['LayerNorm']['scale']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64xf32> {jax.result_info = "result[0]['cls']['predictions']['transform']['dense']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64x64xf32> {jax.result_info = "result[0]['cls']['predictions']['transform']['dense']['kernel']", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<f32> {jax.result_info = "result[1]", sdy.sharding = #sdy.sharding<@mesh, []>}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8x16xi32>
    %1 = stablehlo.iota dim = 0 : tensor<16xi32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [1] : (tensor<16xi32>) -> tensor<8x16xi32>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<8x16xi32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %5 = stablehlo.convert %4 : (tensor<2x4xf32>) -> tensor<2x4xi32>
    %6:2 = call @_take(%arg4, %arg42) : (tensor<512x64xf32>, tensor<8x16xi32>) -> (tensor<8x16x64xf32>, tensor<8x16x1xi32>)
    %7:2 = call @_take_0(%arg2, %2) : (tensor<16x64xf32>, tensor<8x16xi32>) -> (tensor<8x16x64xf32>, tensor<8x16x1xi32>)
    %8:2 = call @_take_1(%arg3, %0) : (tensor<2x64xf32>, tensor<8x16xi32>) -> (tensor<8x16x64xf32>, tensor<8x16x1xi32>)
    %9 = stablehlo.add %6#0, %8#0 : tensor<8x16x64xf32>
    %10 = stablehlo.add %9, %7#0 : tensor<8x16x64xf32>
    %11 = chlo.square %10 : tensor<8x16x64xf32> -> tensor<8x16x64xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %13 = stablehlo.multiply %12, %10 : tensor<8x16x64xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.reduce(%10 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_3 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %16 = stablehlo.divide %14, %15 : tensor<8x16xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %17 = stablehlo.reduce(%11 init: %cst_4) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_5 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %19 = stablehlo.divide %17, %18 : tensor<8x16xf32>
    %20 = chlo.square %16 : tensor<8x16xf32> -> tensor<8x16xf32>
    %cst_6 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %22 = stablehlo.multiply %21, %16 : tensor<8x16xf32>
    %23 = stablehlo.subtract %19, %20 : tensor<8x16xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %25 = stablehlo.maximum %24, %23 : tensor<8x16xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %27 = stablehlo.compare GT, %23, %26, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %29 = stablehlo.compare EQ, %23, %28, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_10 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_12 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %33 = stablehlo.select %29, %32, %31 : tensor<8x16xi1>, tensor<8x16xf32>
    %34 = stablehlo.select %27, %30, %33 : tensor<8x16xi1>, tensor<8x16xf32>
    %35 = stablehlo.broadcast_in_dim %16, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %36 = stablehlo.broadcast_in_dim %25, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %37 = stablehlo.broadcast_in_dim %35, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %38 = stablehlo.subtract %10, %37 : tensor<8x16x64xf32>
    %cst_13 = stablehlo.constant dense<9.99999996E-13> : tensor<f32>
    %39 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %40 = stablehlo.add %36, %39 : tensor<8x16x1xf32>
    %41 = stablehlo.rsqrt %40 : tensor<8x16x1xf32>
    %42 = stablehlo.divide %41, %40 : tensor<8x16x1xf32>
    %cst_14 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %44 = stablehlo.multiply %43, %42 : tensor<8x16x1xf32>
    %45 = stablehlo.reshape %arg1 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %46 = stablehlo.broadcast_in_dim %41, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %47 = stablehlo.broadcast_in_dim %45, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %48 = stablehlo.multiply %46, %47 : tensor<8x16x64xf32>
    %49 = stablehlo.multiply %38, %48 : tensor<8x16x64xf32>
    %50 = stablehlo.reshape %arg0 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %51 = stablehlo.broadcast_in_dim %50, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %52 = stablehlo.add %49, %51 : tensor<8x16x64xf32>
    %53 = stablehlo.slice %5 [0:1, 0:4] : (tensor<2x4xi32>) -> tensor<1x4xi32>
    %54 = stablehlo.reshape %53 : (tensor<1x4xi32>) -> tensor<4xi32>
    %55 = stablehlo.dot_general %52, %arg12, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %56 = stablehlo.reshape %arg11 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %57 = stablehlo.broadcast_in_dim %56, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %58 = stablehlo.add %55, %57 : tensor<8x16x64xf32>
    %59 = stablehlo.dot_general %52, %arg10, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %60 = stablehlo.reshape %arg9 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %61 = stablehlo.broadcast_in_dim %60, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %62 = stablehlo.add %59, %61 : tensor<8x16x64xf32>
    %63 = stablehlo.dot_general %52, %arg14, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %64 = stablehlo.reshape %arg13 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %65 = stablehlo.broadcast_in_dim %64, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %66 = stablehlo.add %63, %65 : tensor<8x16x64xf32>
    %67 = stablehlo.reshape %58 : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %68 = stablehlo.reshape %62 : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %69 = stablehlo.reshape %66 : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %70 = stablehlo.broadcast_in_dim %3, dims = [0, 3] : (tensor<8x16xi32>) -> tensor<8x1x1x16xi32>
    %c_15 = stablehlo.constant dense<0> : tensor<i32>
    %71 = stablehlo.broadcast_in_dim %c_15, dims = [] : (tensor<i32>) -> tensor<8x1x1x16xi32>
    %72 = stablehlo.compare GT, %70, %71, SIGNED : (tensor<8x1x1x16xi32>, tensor<8x1x1x16xi32>) -> tensor<8x1x1x16xi1>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %73 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<8x1x1x16xf32>
    %74 = stablehlo.convert %73 : tensor<8x1x1x16xf32>
    %cst_17 = stablehlo.constant dense<-3.40282347E+38> : tensor<f32>
    %75 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<8x1x1x16xf32>
    %76 = stablehlo.select %72, %74, %75 : tensor<8x1x1x16xi1>, tensor<8x1x1x16xf32>
    %cst_18 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %77 = stablehlo.sqrt %cst_18 : tensor<f32>
    %78 = stablehlo.convert %77 : tensor<f32>
    %79 = stablehlo.broadcast_in_dim %78, dims = [] : (tensor<f32>) -> tensor<8x16x4x16xf32>
    %80 = stablehlo.divide %67, %79 : tensor<8x16x4x16xf32>
    %81 = stablehlo.dot_general %80, %68, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %82 = stablehlo.broadcast_in_dim %76, dims = [0, 1, 2, 3] : (tensor<8x1x1x16xf32>) -> tensor<8x4x16x16xf32>
    %83 = stablehlo.add %81, %82 : tensor<8x4x16x16xf32>
    %cst_19 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %84 = stablehlo.reduce(%83 init: %cst_19) applies stablehlo.maximum across dimensions = [3] : (tensor<8x4x16x16xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %cst_20 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %85 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<8x4x16xf32>
    %86 = stablehlo.maximum %85, %84 : tensor<8x4x16xf32>
    %87 = stablehlo.broadcast_in_dim %86, dims = [0, 1, 2] : (tensor<8x4x16xf32>) -> tensor<8x4x16x1xf32>
    %88 = stablehlo.broadcast_in_dim %87, dims = [0, 1, 2, 3] : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %89 = stablehlo.subtract %83, %88 : tensor<8x4x16x16xf32>
    %90 = stablehlo.exponential %89 : tensor<8x4x16x16xf32>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %91 = stablehlo.reduce(%90 init: %cst_21) applies stablehlo.add across dimensions = [3] : (tensor<8x4x16x16xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %92 = stablehlo.broadcast_in_dim %91, dims = [0, 1, 2] : (tensor<8x4x16xf32>) -> tensor<8x4x16x1xf32>
    %93 = stablehlo.broadcast_in_dim %92, dims = [0, 1, 2, 3] : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %94 = stablehlo.divide %90, %93 : tensor<8x4x16x16xf32>
    %95 = stablehlo.multiply %92, %92 : tensor<8x4x16x1xf32>
    %cst_22 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %96 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<8x4x16x1xf32>
    %97 = stablehlo.divide %96, %95 : tensor<8x4x16x1xf32>
    %98 = stablehlo.convert %54 : (tensor<4xi32>) -> tensor<4xf32>
    %99 = stablehlo.convert %94 : tensor<8x4x16x16xf32>
    %100 = stablehlo.dot_general %98, %99, batching_dims = [0] x [1], contracting_dims = [] x [], precision = [DEFAULT, DEFAULT] : (tensor<4xf32>, tensor<8x4x16x16xf32>) -> tensor<4x8x16x16xf32>
    %101 = stablehlo.transpose %100, dims = [1, 0, 2, 3] : (tensor<4x8x16x16xf32>) -> tensor<8x4x16x16xf32>
    %102 = stablehlo.dot_general %69, %101, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %103 = stablehlo.transpose %102, dims = [0, 3, 1, 2] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %104 = stablehlo.reshape %103 : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
    %105 = stablehlo.dot_general %104, %arg8, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %106 = stablehlo.reshape %arg7 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %107 = stablehlo.broadcast_in_dim %106, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %108 = stablehlo.add %105, %107 : tensor<8x16x64xf32>
    %109 = stablehlo.add %108, %52 : tensor<8x16x64xf32>
    %110 = chlo.square %109 : tensor<8x16x64xf32> -> tensor<8x16x64xf32>
    %cst_23 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %111 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %112 = stablehlo.multiply %111, %109 : tensor<8x16x64xf32>
    %cst_24 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %113 = stablehlo.reduce(%109 init: %cst_24) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_25 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %114 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %115 = stablehlo.divide %113, %114 : tensor<8x16xf32>
    %cst_26 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %116 = stablehlo.reduce(%110 init: %cst_26) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_27 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %117 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %118 = stablehlo.divide %116, %117 : tensor<8x16xf32>
    %119 = chlo.square %115 : tensor<8x16xf32> -> tensor<8x16xf32>
    %cst_28 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %120 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %121 = stablehlo.multiply %120, %115 : tensor<8x16xf32>
    %122 = stablehlo.subtract %118, %119 : tensor<8x16xf32>
    %cst_29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %123 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %124 = stablehlo.maximum %123, %122 : tensor<8x16xf32>
    %cst_30 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %125 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %126 = stablehlo.compare GT, %122, %125, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_31 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %127 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %128 = stablehlo.compare EQ, %122, %127, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_32 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %129 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %130 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_34 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %131 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %132 = stablehlo.select %128, %131, %130 : tensor<8x16xi1>, tensor<8x16xf32>
    %133 = stablehlo.select %126, %129, %132 : tensor<8x16xi1>, tensor<8x16xf32>
    %134 = stablehlo.broadcast_in_dim %115, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %135 = stablehlo.broadcast_in_dim %124, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %136 = stablehlo.broadcast_in_dim %134, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %137 = stablehlo.subtract %109, %136 : tensor<8x16x64xf32>
    %cst_35 = stablehlo.constant dense<9.99999996E-13> : tensor<f32>
    %138 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %139 = stablehlo.add %135, %138 : tensor<8x16x1xf32>
    %140 = stablehlo.rsqrt %139 : tensor<8x16x1xf32>
    %141 = stablehlo.divide %140, %139 : tensor<8x16x1xf32>
    %cst_36 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %142 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %143 = stablehlo.multiply %142, %141 : tensor<8x16x1xf32>
    %144 = stablehlo.reshape %arg6 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %145 = stablehlo.broadcast_in_dim %140, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %146 = stablehlo.broadcast_in_dim %144, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %147 = stablehlo.multiply %145, %146 : tensor<8x16x64xf32>
    %148 = stablehlo.multiply %137, %147 : tensor<8x16x64xf32>
    %149 = stablehlo.reshape %arg5 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %150 = stablehlo.broadcast_in_dim %149, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %151 = stablehlo.add %148, %150 : tensor<8x16x64xf32>
    %152 = stablehlo.dot_general %151, %arg16, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x256xf32>) -> tensor<8x16x256xf32>
    %153 = stablehlo.reshape %arg15 : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %154 = stablehlo.broadcast_in_dim %153, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<8x16x256xf32>
    %155 = stablehlo.add %152, %154 : tensor<8x16x256xf32>
    %cst_37 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %156 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %157 = stablehlo.multiply %156, %155 : tensor<8x16x256xf32>
    %158 = stablehlo.negate %155 : tensor<8x16x256xf32>
    %cst_38 = stablehlo.constant dense<0.707106769> : tensor<f32>
    %159 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %160 = stablehlo.multiply %158, %159 : tensor<8x16x256xf32>
    %161 = chlo.erfc %160 : tensor<8x16x256xf32> -> tensor<8x16x256xf32>
    %162 = stablehlo.abs %160 : tensor<8x16x256xf32>
    %cst_39 = stablehlo.constant dense<1.100000e+01> : tensor<f32>
    %163 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %164 = stablehlo.minimum %162, %163 : tensor<8x16x256xf32>
    %165 = stablehlo.bitcast_convert %164 : (tensor<8x16x256xf32>) -> tensor<8x16x256xui32>
    %c_40 = stablehlo.constant dense<4294963200> : tensor<ui32>
    %166 = stablehlo.broadcast_in_dim %c_40, dims = [] : (tensor<ui32>) -> tensor<8x16x256xui32>
    %167 = stablehlo.and %165, %166 : tensor<8x16x256xui32>
    %168 = stablehlo.bitcast_convert %167 : (tensor<8x16x256xui32>) -> tensor<8x16x256xf32>
    %169 = stablehlo.subtract %164, %168 : tensor<8x16x256xf32>
    %170 = stablehlo.multiply %168, %168 : tensor<8x16x256xf32>
    %171 = stablehlo.add %164, %168 : tensor<8x16x256xf32>
    %172 = stablehlo.multiply %169, %171 : tensor<8x16x256xf32>
    %173 = stablehlo.negate %170 : tensor<8x16x256xf32>
    %174 = stablehlo.exponential %173 : tensor<8x16x256xf32>
    %175 = stablehlo.exponential %173 {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<8x16x256xf32>
    %176 = stablehlo.negate %172 : tensor<8x16x256xf32>
    %cst_41 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_42 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %cst_43 = stablehlo.constant dense<0.166666672> : tensor<f32>
    %cst_44 = stablehlo.constant dense<0.0416666679> : tensor<f32>
    %cst_45 = stablehlo.constant dense<0.00833333377> : tensor<f32>
    %177 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %178 = stablehlo.multiply %177, %176 : tensor<8x16x256xf32>
    %179 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %180 = stablehlo.add %178, %179 : tensor<8x16x256xf32>
    %181 = stablehlo.multiply %180, %176 : tensor<8x16x256xf32>
    %182 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %183 = stablehlo.add %181, %182 : tensor<8x16x256xf32>
    %184 = stablehlo.multiply %183, %176 : tensor<8x16x256xf32>
    %185 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %186 = stablehlo.add %184, %185 : tensor<8x16x256xf32>
    %187 = stablehlo.multiply %186, %176 : tensor<8x16x256xf32>
    %188 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %189 = stablehlo.add %187, %188 : tensor<8x16x256xf32>
    %190 = stablehlo.multiply %176, %189 : tensor<8x16x256xf32>
    %191 = stablehlo.multiply %175, %190 : tensor<8x16x256xf32>
    %192 = stablehlo.add %175, %191 : tensor<8x16x256xf32>
    %193 = stablehlo.multiply %157, %161 : tensor<8x16x256xf32>
    %194 = stablehlo.dot_general %193, %arg20, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x256xf32>, tensor<256x64xf32>) -> tensor<8x16x64xf32>
    %195 = stablehlo.reshape %arg19 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %196 = stablehlo.broadcast_in_dim %195, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %197 = stablehlo.add %194, %196 : tensor<8x16x64xf32>
    %198 = stablehlo.add %197, %151 : tensor<8x16x64xf32>
    %199 = chlo.square %198 : tensor<8x16x64xf32> -> tensor<8x16x64xf32>
    %cst_46 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %200 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %201 = stablehlo.multiply %200, %198 : tensor<8x16x64xf32>
    %cst_47 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %202 = stablehlo.reduce(%198 init: %cst_47) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_48 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %203 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %204 = stablehlo.divide %202, %203 : tensor<8x16xf32>
    %cst_49 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %205 = stablehlo.reduce(%199 init: %cst_49) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_50 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %206 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %207 = stablehlo.divide %205, %206 : tensor<8x16xf32>
    %208 = chlo.square %204 : tensor<8x16xf32> -> tensor<8x16xf32>
    %cst_51 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %209 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %210 = stablehlo.multiply %209, %204 : tensor<8x16xf32>
    %211 = stablehlo.subtract %207, %208 : tensor<8x16xf32>
    %cst_52 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %212 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %213 = stablehlo.maximum %212, %211 : tensor<8x16xf32>
    %cst_53 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %214 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %215 = stablehlo.compare GT, %211, %214, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_54 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %216 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %217 = stablehlo.compare EQ, %211, %216, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_55 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %218 = stablehlo.broadcast_in_dim %cst_55, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_56 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %219 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_57 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %220 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %221 = stablehlo.select %217, %220, %219 : tensor<8x16xi1>, tensor<8x16xf32>
    %222 = stablehlo.select %215, %218, %221 : tensor<8x16xi1>, tensor<8x16xf32>
    %223 = stablehlo.broadcast_in_dim %204, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %224 = stablehlo.broadcast_in_dim %213, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %225 = stablehlo.broadcast_in_dim %223, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %226 = stablehlo.subtract %198, %225 : tensor<8x16x64xf32>
    %cst_58 = stablehlo.constant dense<9.99999996E-13> : tensor<f32>
    %227 = stablehlo.broadcast_in_dim %cst_58, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %228 = stablehlo.add %224, %227 : tensor<8x16x1xf32>
    %229 = stablehlo.rsqrt %228 : tensor<8x16x1xf32>
    %230 = stablehlo.divide %229, %228 : tensor<8x16x1xf32>
    %cst_59 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %231 = stablehlo.broadcast_in_dim %cst_59, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %232 = stablehlo.multiply %231, %230 : tensor<8x16x1xf32>
    %233 = stablehlo.reshape %arg18 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %234 = stablehlo.broadcast_in_dim %229, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %235 = stablehlo.broadcast_in_dim %233, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %236 = stablehlo.multiply %234, %235 : tensor<8x16x64xf32>
    %237 = stablehlo.multiply %226, %236 : tensor<8x16x64xf32>
    %238 = stablehlo.reshape %arg17 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %239 = stablehlo.broadcast_in_dim %238, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %240 = stablehlo.add %237, %239 : tensor<8x16x64xf32>
    %241 = stablehlo.slice %5 [1:2, 0:4] : (tensor<2x4xi32>) -> tensor<1x4xi32>
    %242 = stablehlo.reshape %241 : (tensor<1x4xi32>) -> tensor<4xi32>
    %243 = stablehlo.dot_general %240, %arg28, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %244 = stablehlo.reshape %arg27 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %245 = stablehlo.broadcast_in_dim %244, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %246 = stablehlo.add %243, %245 : tensor<8x16x64xf32>
    %247 = stablehlo.dot_general %240, %arg26, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %248 = stablehlo.reshape %arg25 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %249 = stablehlo.broadcast_in_dim %248, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %250 = stablehlo.add %247, %249 : tensor<8x16x64xf32>
    %251 = stablehlo.dot_general %240, %arg30, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %252 = stablehlo.reshape %arg29 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %253 = stablehlo.broadcast_in_dim %252, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %254 = stablehlo.add %251, %253 : tensor<8x16x64xf32>
    %255 = stablehlo.reshape %246 : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %256 = stablehlo.reshape %250 : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %257 = stablehlo.reshape %254 : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %258 = stablehlo.broadcast_in_dim %3, dims = [0, 3] : (tensor<8x16xi32>) -> tensor<8x1x1x16xi32>
    %c_60 = stablehlo.constant dense<0> : tensor<i32>
    %259 = stablehlo.broadcast_in_dim %c_60, dims = [] : (tensor<i32>) -> tensor<8x1x1x16xi32>
    %260 = stablehlo.compare GT, %258, %259, SIGNED : (tensor<8x1x1x16xi32>, tensor<8x1x1x16xi32>) -> tensor<8x1x1x16xi1>
    %cst_61 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %261 = stablehlo.broadcast_in_dim %cst_61, dims = [] : (tensor<f32>) -> tensor<8x1x1x16xf32>
    %262 = stablehlo.convert %261 : tensor<8x1x1x16xf32>
    %cst_62 = stablehlo.constant dense<-3.40282347E+38> : tensor<f32>
    %263 = stablehlo.broadcast_in_dim %cst_62, dims = [] : (tensor<f32>) -> tensor<8x1x1x16xf32>
    %264 = stablehlo.select %260, %262, %263 : tensor<8x1x1x16xi1>, tensor<8x1x1x16xf32>
    %cst_63 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %265 = stablehlo.sqrt %cst_63 : tensor<f32>
    %266 = stablehlo.convert %265 : tensor<f32>
    %267 = stablehlo.broadcast_in_dim %266, dims = [] : (tensor<f32>) -> tensor<8x16x4x16xf32>
    %268 = stablehlo.divide %255, %267 : tensor<8x16x4x16xf32>
    %269 = stablehlo.dot_general %268, %256, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %270 = stablehlo.broadcast_in_dim %264, dims = [0, 1, 2, 3] : (tensor<8x1x1x16xf32>) -> tensor<8x4x16x16xf32>
    %271 = stablehlo.add %269, %270 : tensor<8x4x16x16xf32>
    %cst_64 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %272 = stablehlo.reduce(%271 init: %cst_64) applies stablehlo.maximum across dimensions = [3] : (tensor<8x4x16x16xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %cst_65 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %273 = stablehlo.broadcast_in_dim %cst_65, dims = [] : (tensor<f32>) -> tensor<8x4x16xf32>
    %274 = stablehlo.maximum %273, %272 : tensor<8x4x16xf32>
    %275 = stablehlo.broadcast_in_dim %274, dims = [0, 1, 2] : (tensor<8x4x16xf32>) -> tensor<8x4x16x1xf32>
    %276 = stablehlo.broadcast_in_dim %275, dims = [0, 1, 2, 3] : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %277 = stablehlo.subtract %271, %276 : tensor<8x4x16x16xf32>
    %278 = stablehlo.exponential %277 : tensor<8x4x16x16xf32>
    %cst_66 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %279 = stablehlo.reduce(%278 init: %cst_66) applies stablehlo.add across dimensions = [3] : (tensor<8x4x16x16xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %280 = stablehlo.broadcast_in_dim %279, dims = [0, 1, 2] : (tensor<8x4x16xf32>) -> tensor<8x4x16x1xf32>
    %281 = stablehlo.broadcast_in_dim %280, dims = [0, 1, 2, 3] : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %282 = stablehlo.divide %278, %281 : tensor<8x4x16x16xf32>
    %283 = stablehlo.multiply %280, %280 : tensor<8x4x16x1xf32>
    %cst_67 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %284 = stablehlo.broadcast_in_dim %cst_67, dims = [] : (tensor<f32>) -> tensor<8x4x16x1xf32>
    %285 = stablehlo.divide %284, %283 : tensor<8x4x16x1xf32>
    %286 = stablehlo.convert %242 : (tensor<4xi32>) -> tensor<4xf32>
    %287 = stablehlo.convert %282 : tensor<8x4x16x16xf32>
    %288 = stablehlo.dot_general %286, %287, batching_dims = [0] x [1], contracting_dims = [] x [], precision = [DEFAULT, DEFAULT] : (tensor<4xf32>, tensor<8x4x16x16xf32>) -> tensor<4x8x16x16xf32>
    %289 = stablehlo.transpose %288, dims = [1, 0, 2, 3] : (tensor<4x8x16x16xf32>) -> tensor<8x4x16x16xf32>
    %290 = stablehlo.dot_general %257, %289, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %291 = stablehlo.transpose %290, dims = [0, 3, 1, 2] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %292 = stablehlo.reshape %291 : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
    %293 = stablehlo.dot_general %292, %arg24, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %294 = stablehlo.reshape %arg23 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %295 = stablehlo.broadcast_in_dim %294, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %296 = stablehlo.add %293, %295 : tensor<8x16x64xf32>
    %297 = stablehlo.add %296, %240 : tensor<8x16x64xf32>
    %298 = chlo.square %297 : tensor<8x16x64xf32> -> tensor<8x16x64xf32>
    %cst_68 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %299 = stablehlo.broadcast_in_dim %cst_68, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %300 = stablehlo.multiply %299, %297 : tensor<8x16x64xf32>
    %cst_69 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %301 = stablehlo.reduce(%297 init: %cst_69) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_70 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %302 = stablehlo.broadcast_in_dim %cst_70, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %303 = stablehlo.divide %301, %302 : tensor<8x16xf32>
    %cst_71 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %304 = stablehlo.reduce(%298 init: %cst_71) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_72 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %305 = stablehlo.broadcast_in_dim %cst_72, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %306 = stablehlo.divide %304, %305 : tensor<8x16xf32>
    %307 = chlo.square %303 : tensor<8x16xf32> -> tensor<8x16xf32>
    %cst_73 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %308 = stablehlo.broadcast_in_dim %cst_73, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %309 = stablehlo.multiply %308, %303 : tensor<8x16xf32>
    %310 = stablehlo.subtract %306, %307 : tensor<8x16xf32>
    %cst_74 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %311 = stablehlo.broadcast_in_dim %cst_74, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %312 = stablehlo.maximum %311, %310 : tensor<8x16xf32>
    %cst_75 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %313 = stablehlo.broadcast_in_dim %cst_75, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %314 = stablehlo.compare GT, %310, %313, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_76 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %315 = stablehlo.broadcast_in_dim %cst_76, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %316 = stablehlo.compare EQ, %310, %315, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_77 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %317 = stablehlo.broadcast_in_dim %cst_77, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_78 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %318 = stablehlo.broadcast_in_dim %cst_78, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_79 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %319 = stablehlo.broadcast_in_dim %cst_79, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %320 = stablehlo.select %316, %319, %318 : tensor<8x16xi1>, tensor<8x16xf32>
    %321 = stablehlo.select %314, %317, %320 : tensor<8x16xi1>, tensor<8x16xf32>
    %322 = stablehlo.broadcast_in_dim %303, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %323 = stablehlo.broadcast_in_dim %312, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %324 = stablehlo.broadcast_in_dim %322, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %325 = stablehlo.subtract %297, %324 : tensor<8x16x64xf32>
    %cst_80 = stablehlo.constant dense<9.99999996E-13> : tensor<f32>
    %326 = stablehlo.broadcast_in_dim %cst_80, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %327 = stablehlo.add %323, %326 : tensor<8x16x1xf32>
    %328 = stablehlo.rsqrt %327 : tensor<8x16x1xf32>
    %329 = stablehlo.divide %328, %327 : tensor<8x16x1xf32>
    %cst_81 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %330 = stablehlo.broadcast_in_dim %cst_81, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %331 = stablehlo.multiply %330, %329 : tensor<8x16x1xf32>
    %332 = stablehlo.reshape %arg22 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %333 = stablehlo.broadcast_in_dim %328, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %334 = stablehlo.broadcast_in_dim %332, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %335 = stablehlo.multiply %333, %334 : tensor<8x16x64xf32>
    %336 = stablehlo.multiply %325, %335 : tensor<8x16x64xf32>
    %337 = stablehlo.reshape %arg21 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %338 = stablehlo.broadcast_in_dim %337, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %339 = stablehlo.add %336, %338 : tensor<8x16x64xf32>
    %340 = stablehlo.dot_general %339, %arg32, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x256xf32>) -> tensor<8x16x256xf32>
    %341 = stablehlo.reshape %arg31 : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %342 = stablehlo.broadcast_in_dim %341, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<8x16x256xf32>
    %343 = stablehlo.add %340, %342 : tensor<8x16x256xf32>
    %cst_82 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %344 = stablehlo.broadcast_in_dim %cst_82, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %345 = stablehlo.multiply %344, %343 : tensor<8x16x256xf32>
    %346 = stablehlo.negate %343 : tensor<8x16x256xf32>
    %cst_83 = stablehlo.constant dense<0.707106769> : tensor<f32>
    %347 = stablehlo.broadcast_in_dim %cst_83, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %348 = stablehlo.multiply %346, %347 : tensor<8x16x256xf32>
    %349 = chlo.erfc %348 : tensor<8x16x256xf32> -> tensor<8x16x256xf32>
    %350 = stablehlo.abs %348 : tensor<8x16x256xf32>
    %cst_84 = stablehlo.constant dense<1.100000e+01> : tensor<f32>
    %351 = stablehlo.broadcast_in_dim %cst_84, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %352 = stablehlo.minimum %350, %351 : tensor<8x16x256xf32>
    %353 = stablehlo.bitcast_convert %352 : (tensor<8x16x256xf32>) -> tensor<8x16x256xui32>
    %c_85 = stablehlo.constant dense<4294963200> : tensor<ui32>
    %354 = stablehlo.broadcast_in_dim %c_85, dims = [] : (tensor<ui32>) -> tensor<8x16x256xui32>
    %355 = stablehlo.and %353, %354 : tensor<8x16x256xui32>
    %356 = stablehlo.bitcast_convert %355 : (tensor<8x16x256xui32>) -> tensor<8x16x256xf32>
    %357 = stablehlo.subtract %352, %356 : tensor<8x16x256xf32>
    %358 = stablehlo.multiply %356, %356 : tensor<8x16x256xf32>
    %359 = stablehlo.add %352, %356 : tensor<8x16x256xf32>
    %360 = stablehlo.multiply %357, %359 : tensor<8x16x256xf32>
    %361 = stablehlo.negate %358 : tensor<8x16x256xf32>
    %362 = stablehlo.exponential %361 : tensor<8x16x256xf32>
    %363 = stablehlo.exponential %361 {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<8x16x256xf32>
    %364 = stablehlo.negate %360 : tensor<8x16x256xf32>
    %cst_86 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_87 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %cst_88 = stablehlo.constant dense<0.166666672> : tensor<f32>
    %cst_89 = stablehlo.constant dense<0.0416666679> : tensor<f32>
    %cst_90 = stablehlo.constant dense<0.00833333377> : tensor<f32>
    %365 = stablehlo.broadcast_in_dim %cst_90, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %366 = stablehlo.multiply %365, %364 : tensor<8x16x256xf32>
    %367 = stablehlo.broadcast_in_dim %cst_89, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %368 = stablehlo.add %366, %367 : tensor<8x16x256xf32>
    %369 = stablehlo.multiply %368, %364 : tensor<8x16x256xf32>
    %370 = stablehlo.broadcast_in_dim %cst_88, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %371 = stablehlo.add %369, %370 : tensor<8x16x256xf32>
    %372 = stablehlo.multiply %371, %364 : tensor<8x16x256xf32>
    %373 = stablehlo.broadcast_in_dim %cst_87, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %374 = stablehlo.add %372, %373 : tensor<8x16x256xf32>
    %375 = stablehlo.multiply %374, %364 : tensor<8x16x256xf32>
    %376 = stablehlo.broadcast_in_dim %cst_86, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %377 = stablehlo.add %375, %376 : tensor<8x16x256xf32>
    %378 = stablehlo.multiply %364, %377 : tensor<8x16x256xf32>
    %379 = stablehlo.multiply %363, %378 : tensor<8x16x256xf32>
    %380 = stablehlo.add %363, %379 : tensor<8x16x256xf32>
    %381 = stablehlo.multiply %345, %349 : tensor<8x16x256xf32>
    %382 = stablehlo.dot_general %381, %arg36, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x256xf32>, tensor<256x64xf32>) -> tensor<8x16x64xf32>
    %383 = stablehlo.reshape %arg35 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %384 = stablehlo.broadcast_in_dim %383, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %385 = stablehlo.add %382, %384 : tensor<8x16x64xf32>
    %386 = stablehlo.add %385, %339 : tensor<8x16x64xf32>
    %387 = chlo.square %386 : tensor<8x16x64xf32> -> tensor<8x16x64xf32>
    %cst_91 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %388 = stablehlo.broadcast_in_dim %cst_91, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %389 = stablehlo.multiply %388, %386 : tensor<8x16x64xf32>
    %cst_92 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %390 = stablehlo.reduce(%386 init: %cst_92) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_93 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %391 = stablehlo.broadcast_in_dim %cst_93, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %392 = stablehlo.divide %390, %391 : tensor<8x16xf32>
    %cst_94 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %393 = stablehlo.reduce(%387 init: %cst_94) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_95 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %394 = stablehlo.broadcast_in_dim %cst_95, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %395 = stablehlo.divide %393, %394 : tensor<8x16xf32>
    %396 = chlo.square %392 : tensor<8x16xf32> -> tensor<8x16xf32>
    %cst_96 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %397 = stablehlo.broadcast_in_dim %cst_96, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %398 = stablehlo.multiply %397, %392 : tensor<8x16xf32>
    %399 = stablehlo.subtract %395, %396 : tensor<8x16xf32>
    %cst_97 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %400 = stablehlo.broadcast_in_dim %cst_97, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %401 = stablehlo.maximum %400, %399 : tensor<8x16xf32>
    %cst_98 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %402 = stablehlo.broadcast_in_dim %cst_98, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %403 = stablehlo.compare GT, %399, %402, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_99 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %404 = stablehlo.broadcast_in_dim %cst_99, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %405 = stablehlo.compare EQ, %399, %404, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_100 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %406 = stablehlo.broadcast_in_dim %cst_100, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_101 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %407 = stablehlo.broadcast_in_dim %cst_101, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_102 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %408 = stablehlo.broadcast_in_dim %cst_102, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %409 = stablehlo.select %405, %408, %407 : tensor<8x16xi1>, tensor<8x16xf32>
    %410 = stablehlo.select %403, %406, %409 : tensor<8x16xi1>, tensor<8x16xf32>
    %411 = stablehlo.broadcast_in_dim %392, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %412 = stablehlo.broadcast_in_dim %401, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %413 = stablehlo.broadcast_in_dim %411, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %414 = stablehlo.subtract %386, %413 : tensor<8x16x64xf32>
    %cst_103 = stablehlo.constant dense<9.99999996E-13> : tensor<f32>
    %415 = stablehlo.broadcast_in_dim %cst_103, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %416 = stablehlo.add %412, %415 : tensor<8x16x1xf32>
    %417 = stablehlo.rsqrt %416 : tensor<8x16x1xf32>
    %418 = stablehlo.divide %417, %416 : tensor<8x16x1xf32>
    %cst_104 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %419 = stablehlo.broadcast_in_dim %cst_104, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %420 = stablehlo.multiply %419, %418 : tensor<8x16x1xf32>
    %421 = stablehlo.reshape %arg34 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %422 = stablehlo.broadcast_in_dim %417, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %423 = stablehlo.broadcast_in_dim %421, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %424 = stablehlo.multiply %422, %423 : tensor<8x16x64xf32>
    %425 = stablehlo.multiply %414, %424 : tensor<8x16x64xf32>
    %426 = stablehlo.reshape %arg33 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %427 = stablehlo.broadcast_in_dim %426, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %428 = stablehlo.add %425, %427 : tensor<8x16x64xf32>
    %429 = stablehlo.dot_general %428, %arg41, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %430 = stablehlo.reshape %arg40 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %431 = stablehlo.broadcast_in_dim %430, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %432 = stablehlo.add %429, %431 : tensor<8x16x64xf32>
    %cst_105 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %433 = stablehlo.broadcast_in_dim %cst_105, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %434 = stablehlo.multiply %433, %432 : tensor<8x16x64xf32>
    %435 = stablehlo.negate %432 : tensor<8x16x64xf32>
    %cst_106 = stablehlo.constant dense<0.707106769> : tensor<f32>
    %436 = stablehlo.broadcast_in_dim %cst_106, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %437 = stablehlo.multiply %435, %436 : tensor<8x16x64xf32>
    %438 = chlo.erfc %437 : tensor<8x16x64xf32> -> tensor<8x16x64xf32>
    %439 = stablehlo.abs %437 : tensor<8x16x64xf32>
    %cst_107 = stablehlo.constant dense<1.100000e+01> : tensor<f32>
    %440 = stablehlo.broadcast_in_dim %cst_107, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %441 = stablehlo.minimum %439, %440 : tensor<8x16x64xf32>
    %442 = stablehlo.bitcast_convert %441 : (tensor<8x16x64xf32>) -> tensor<8x16x64xui32>
    %c_108 = stablehlo.constant dense<4294963200> : tensor<ui32>
    %443 = stablehlo.broadcast_in_dim %c_108, dims = [] : (tensor<ui32>) -> tensor<8x16x64xui32>
    %444 = stablehlo.and %442, %443 : tensor<8x16x64xui32>
    %445 = stablehlo.bitcast_convert %444 : (tensor<8x16x64xui32>) -> tensor<8x16x64xf32>
    %446 = stablehlo.subtract %441, %445 : tensor<8x16x64xf32>
    %447 = stablehlo.multiply %445, %445 : tensor<8x16x64xf32>
    %448 = stablehlo.add %441, %445 : tensor<8x16x64xf32>
    %449 = stablehlo.multiply %446, %448 : tensor<8x16x64xf32>
    %450 = stablehlo.negate %447 : tensor<8x16x64xf32>
    %451 = stablehlo.exponential %450 : tensor<8x16x64xf32>
    %452 = stablehlo.exponential %450 {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<8x16x64xf32>
    %453 = stablehlo.negate %449 : tensor<8x16x64xf32>
    %cst_109 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_110 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %cst_111 = stablehlo.constant dense<0.166666672> : tensor<f32>
    %cst_112 = stablehlo.constant dense<0.0416666679> : tensor<f32>
    %cst_113 = stablehlo.constant dense<0.00833333377> : tensor<f32>
    %454 = stablehlo.broadcast_in_dim %cst_113, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %455 = stablehlo.multiply %454, %453 : tensor<8x16x64xf32>
    %456 = stablehlo.broadcast_in_dim %cst_112, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %457 = stablehlo.add %455, %456 : tensor<8x16x64xf32>
    %458 = stablehlo.multiply %457, %453 : tensor<8x16x64xf32>
    %459 = stablehlo.broadcast_in_dim %cst_111, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %460 = stablehlo.add %458, %459 : tensor<8x16x64xf32>
    %461 = stablehlo.multiply %460, %453 : tensor<8x16x64xf32>
    %462 = stablehlo.broadcast_in_dim %cst_110, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %463 = stablehlo.add %461, %462 : tensor<8x16x64xf32>
    %464 = stablehlo.multiply %463, %453 : tensor<8x16x64xf32>
    %465 = stablehlo.broadcast_in_dim %cst_109, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %466 = stablehlo.add %464, %465 : tensor<8x16x64xf32>
    %467 = stablehlo.multiply %453, %466 : tensor<8x16x64xf32>
    %468 = stablehlo.multiply %452, %467 : tensor<8x16x64xf32>
    %469 = stablehlo.add %452, %468 : tensor<8x16x64xf32>
    %470 = stablehlo.multiply %434, %438 : tensor<8x16x64xf32>
    %471 = chlo.square %470 : tensor<8x16x64xf32> -> tensor<8x16x64xf32>
    %cst_114 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %472 = stablehlo.broadcast_in_dim %cst_114, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %473 = stablehlo.multiply %472, %470 : tensor<8x16x64xf32>
    %cst_115 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %474 = stablehlo.reduce(%470 init: %cst_115) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_116 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %475 = stablehlo.broadcast_in_dim %cst_116, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %476 = stablehlo.divide %474, %475 : tensor<8x16xf32>
    %cst_117 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %477 = stablehlo.reduce(%471 init: %cst_117) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_118 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %478 = stablehlo.broadcast_in_dim %cst_118, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %479 = stablehlo.divide %477, %478 : tensor<8x16xf32>
    %480 = chlo.square %476 : tensor<8x16xf32> -> tensor<8x16xf32>
    %cst_119 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %481 = stablehlo.broadcast_in_dim %cst_119, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %482 = stablehlo.multiply %481, %476 : tensor<8x16xf32>
    %483 = stablehlo.subtract %479, %480 : tensor<8x16xf32>
    %cst_120 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %484 = stablehlo.broadcast_in_dim %cst_120, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %485 = stablehlo.maximum %484, %483 : tensor<8x16xf32>
    %cst_121 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %486 = stablehlo.broadcast_in_dim %cst_121, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %487 = stablehlo.compare GT, %483, %486, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_122 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %488 = stablehlo.broadcast_in_dim %cst_122, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %489 = stablehlo.compare EQ, %483, %488, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_123 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %490 = stablehlo.broadcast_in_dim %cst_123, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_124 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %491 = stablehlo.broadcast_in_dim %cst_124, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_125 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %492 = stablehlo.broadcast_in_dim %cst_125, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %493 = stablehlo.select %489, %492, %491 : tensor<8x16xi1>, tensor<8x16xf32>
    %494 = stablehlo.select %487, %490, %493 : tensor<8x16xi1>, tensor<8x16xf32>
    %495 = stablehlo.broadcast_in_dim %476, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %496 = stablehlo.broadcast_in_dim %485, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %497 = stablehlo.broadcast_in_dim %495, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %498 = stablehlo.subtract %470, %497 : tensor<8x16x64xf32>
    %cst_126 = stablehlo.constant dense<9.99999996E-13> : tensor<f32>
    %499 = stablehlo.broadcast_in_dim %cst_126, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %500 = stablehlo.add %496, %499 : tensor<8x16x1xf32>
    %501 = stablehlo.rsqrt %500 : tensor<8x16x1xf32>
    %502 = stablehlo.divide %501, %500 : tensor<8x16x1xf32>
    %cst_127 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %503 = stablehlo.broadcast_in_dim %cst_127, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %504 = stablehlo.multiply %503, %502 : tensor<8x16x1xf32>
    %505 = stablehlo.reshape %arg39 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %506 = stablehlo.broadcast_in_dim %501, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %507 = stablehlo.broadcast_in_dim %505, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %508 = stablehlo.multiply %506, %507 : tensor<8x16x64xf32>
    %509 = stablehlo.multiply %498, %508 : tensor<8x16x64xf32>
    %510 = stablehlo.reshape %arg38 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %511 = stablehlo.broadcast_in_dim %510, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %512 = stablehlo.add %509, %511 : tensor<8x16x64xf32>
    %513 = stablehlo.transpose %arg4, dims = [1, 0] : (tensor<512x64xf32>) -> tensor<64x512xf32>
    %514 = stablehlo.dot_general %512, %513, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x512xf32>) -> tensor<8x16x512xf32>
    %515 = stablehlo.broadcast_in_dim %arg37, dims = [2] : (tensor<512xf32>) -> tensor<1x1x512xf32>
    %516 = stablehlo.broadcast_in_dim %515, dims = [0, 1, 2] : (tensor<1x1x512xf32>) -> tensor<8x16x512xf32>
    %517 = stablehlo.add %514, %516 : tensor<8x16x512xf32>
    %518 = call @_roll_static(%arg42) : (tensor<8x16xi32>) -> tensor<8x16xi32>
    %519:3 = call @log_softmax(%517) : (tensor<8x16x512xf32>) -> (tensor<8x16x512xf32>, tensor<8x16x512xf32>, tensor<8x16x1xf32>)
    %520 = stablehlo.broadcast_in_dim %518, dims = [0, 1] : (tensor<8x16xi32>) -> tensor<8x16x1xi32>
    %521:2 = call @take_along_axis(%519#0, %520) : (tensor<8x16x512xf32>, tensor<8x16x1xi32>) -> (tensor<8x16x1xf32>, tensor<8x16x1x1xi32>)
    %cst_128 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %522 = stablehlo.reduce(%521#0 init: %cst_128) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<f32>
    %cst_129 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %523 = stablehlo.divide %522, %cst_129 : tensor<f32>
    %524 = stablehlo.negate %523 : tensor<f32>
    %cst_130 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %525 = stablehlo.negate %cst_130 : tensor<f32>
    %cst_131 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %526 = stablehlo.divide %525, %cst_131 : tensor<f32>
    %527 = stablehlo.broadcast_in_dim %526, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %528 = call @take_along_axis_2(%521#1, %527) : (tensor<8x16x1x1xi32>, tensor<8x16x1xf32>) -> tensor<8x16x512xf32>
    %529 = call @log_softmax_3(%519#1, %519#2, %528) : (tensor<8x16x512xf32>, tensor<8x16x1xf32>, tensor<8x16x512xf32>) -> tensor<8x16x512xf32>
    %cst_132 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %530 = stablehlo.reduce(%529 init: %cst_132) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x512xf32>, tensor<f32>) -> tensor<512xf32>
    %531 = stablehlo.reshape %530 : (tensor<512xf32>) -> tensor<1x1x512xf32>
    %cst_133 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %532 = stablehlo.reduce(%531 init: %cst_133) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x512xf32>, tensor<f32>) -> tensor<512xf32>
    %533 = stablehlo.dot_general %529, %512, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x512xf32>, tensor<8x16x64xf32>) -> tensor<512x64xf32>
    %534 = stablehlo.transpose %533, dims = [1, 0] : (tensor<512x64xf32>) -> tensor<64x512xf32>
    %535 = stablehlo.dot_general %529, %513, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x512xf32>, tensor<64x512xf32>) -> tensor<8x16x64xf32>
    %536 = stablehlo.transpose %534, dims = [1, 0] : (tensor<64x512xf32>) -> tensor<512x64xf32>
    %cst_134 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %537 = stablehlo.reduce(%535 init: %cst_134) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %538 = stablehlo.reshape %537 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %539 = stablehlo.reshape %538 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %540 = stablehlo.multiply %498, %535 : tensor<8x16x64xf32>
    %541 = stablehlo.multiply %535, %508 : tensor<8x16x64xf32>
    %542 = stablehlo.broadcast_in_dim %501, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %543 = stablehlo.multiply %542, %540 : tensor<8x16x64xf32>
    %cst_135 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %544 = stablehlo.reduce(%543 init: %cst_135) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %545 = stablehlo.reshape %544 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %546 = stablehlo.broadcast_in_dim %505, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %547 = stablehlo.multiply %540, %546 : tensor<8x16x64xf32>
    %cst_136 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %548 = stablehlo.reduce(%547 init: %cst_136) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %549 = stablehlo.reshape %548 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %550 = stablehlo.reshape %545 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %551 = stablehlo.multiply %549, %504 : tensor<8x16x1xf32>
    %552 = stablehlo.negate %541 : tensor<8x16x64xf32>
    %cst_137 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %553 = stablehlo.reduce(%552 init: %cst_137) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %554 = stablehlo.reshape %553 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %cst_138 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %555 = stablehlo.reduce(%551 init: %cst_138) applies stablehlo.add across dimensions = [2] : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_139 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %556 = stablehlo.reduce(%554 init: %cst_139) applies stablehlo.add across dimensions = [2] : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %557 = stablehlo.multiply %555, %494 : tensor<8x16xf32>
    %558 = stablehlo.negate %557 : tensor<8x16xf32>
    %559 = stablehlo.multiply %558, %482 : tensor<8x16xf32>
    %560 = stablehlo.add %556, %559 : tensor<8x16xf32>
    %cst_140 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %561 = stablehlo.broadcast_in_dim %cst_140, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %562 = stablehlo.divide %557, %561 : tensor<8x16xf32>
    %563 = stablehlo.broadcast_in_dim %562, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %cst_141 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %564 = stablehlo.broadcast_in_dim %cst_141, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %565 = stablehlo.divide %560, %564 : tensor<8x16xf32>
    %566 = stablehlo.broadcast_in_dim %565, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %567 = stablehlo.add %541, %566 : tensor<8x16x64xf32>
    %568 = stablehlo.multiply %563, %473 : tensor<8x16x64xf32>
    %569 = stablehlo.add %567, %568 : tensor<8x16x64xf32>
    %570 = stablehlo.multiply %434, %569 : tensor<8x16x64xf32>
    %571 = stablehlo.multiply %569, %438 : tensor<8x16x64xf32>
    %cst_142 = stablehlo.constant dense<-1.12837923> : tensor<f32>
    %572 = stablehlo.broadcast_in_dim %cst_142, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %573 = stablehlo.multiply %572, %570 : tensor<8x16x64xf32>
    %574 = stablehlo.multiply %573, %469 : tensor<8x16x64xf32>
    %cst_143 = stablehlo.constant dense<0.707106769> : tensor<f32>
    %575 = stablehlo.broadcast_in_dim %cst_143, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %576 = stablehlo.multiply %574, %575 : tensor<8x16x64xf32>
    %577 = stablehlo.negate %576 : tensor<8x16x64xf32>
    %cst_144 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %578 = stablehlo.broadcast_in_dim %cst_144, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %579 = stablehlo.multiply %578, %571 : tensor<8x16x64xf32>
    %580 = stablehlo.add %577, %579 : tensor<8x16x64xf32>
    %cst_145 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %581 = stablehlo.reduce(%580 init: %cst_145) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %582 = stablehlo.reshape %581 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %583 = stablehlo.reshape %582 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %584 = stablehlo.dot_general %580, %428, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<64x64xf32>
    %585 = stablehlo.transpose %584, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %586 = stablehlo.dot_general %580, %arg41, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %cst_146 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %587 = stablehlo.reduce(%586 init: %cst_146) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %588 = stablehlo.reshape %587 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %589 = stablehlo.reshape %588 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %590 = stablehlo.multiply %414, %586 : tensor<8x16x64xf32>
    %591 = stablehlo.multiply %586, %424 : tensor<8x16x64xf32>
    %592 = stablehlo.broadcast_in_dim %417, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %593 = stablehlo.multiply %592, %590 : tensor<8x16x64xf32>
    %cst_147 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %594 = stablehlo.reduce(%593 init: %cst_147) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %595 = stablehlo.reshape %594 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %596 = stablehlo.broadcast_in_dim %421, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %597 = stablehlo.multiply %590, %596 : tensor<8x16x64xf32>
    %cst_148 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %598 = stablehlo.reduce(%597 init: %cst_148) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %599 = stablehlo.reshape %598 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %600 = stablehlo.reshape %595 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %601 = stablehlo.multiply %599, %420 : tensor<8x16x1xf32>
    %602 = stablehlo.negate %591 : tensor<8x16x64xf32>
    %cst_149 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %603 = stablehlo.reduce(%602 init: %cst_149) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %604 = stablehlo.reshape %603 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %cst_150 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %605 = stablehlo.reduce(%601 init: %cst_150) applies stablehlo.add across dimensions = [2] : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_151 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %606 = stablehlo.reduce(%604 init: %cst_151) applies stablehlo.add across dimensions = [2] : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %607 = stablehlo.multiply %605, %410 : tensor<8x16xf32>
    %608 = stablehlo.negate %607 : tensor<8x16xf32>
    %609 = stablehlo.multiply %608, %398 : tensor<8x16xf32>
    %610 = stablehlo.add %606, %609 : tensor<8x16xf32>
    %cst_152 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %611 = stablehlo.broadcast_in_dim %cst_152, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %612 = stablehlo.divide %607, %611 : tensor<8x16xf32>
    %613 = stablehlo.broadcast_in_dim %612, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %cst_153 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %614 = stablehlo.broadcast_in_dim %cst_153, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %615 = stablehlo.divide %610, %614 : tensor<8x16xf32>
    %616 = stablehlo.broadcast_in_dim %615, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %617 = stablehlo.add %591, %616 : tensor<8x16x64xf32>
    %618 = stablehlo.multiply %613, %389 : tensor<8x16x64xf32>
    %619 = stablehlo.add %617, %618 : tensor<8x16x64xf32>
    %cst_154 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %620 = stablehlo.reduce(%619 init: %cst_154) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %621 = stablehlo.reshape %620 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %622 = stablehlo.reshape %621 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %623 = stablehlo.dot_general %619, %381, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<8x16x256xf32>) -> tensor<64x256xf32>
    %624 = stablehlo.transpose %623, dims = [1, 0] : (tensor<64x256xf32>) -> tensor<256x64xf32>
    %625 = stablehlo.dot_general %619, %arg36, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<256x64xf32>) -> tensor<8x16x256xf32>
    %626 = stablehlo.multiply %345, %625 : tensor<8x16x256xf32>
    %627 = stablehlo.multiply %625, %349 : tensor<8x16x256xf32>
    %cst_155 = stablehlo.constant dense<-1.12837923> : tensor<f32>
    %628 = stablehlo.broadcast_in_dim %cst_155, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %629 = stablehlo.multiply %628, %626 : tensor<8x16x256xf32>
    %630 = stablehlo.multiply %629, %380 : tensor<8x16x256xf32>
    %cst_156 = stablehlo.constant dense<0.707106769> : tensor<f32>
    %631 = stablehlo.broadcast_in_dim %cst_156, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %632 = stablehlo.multiply %630, %631 : tensor<8x16x256xf32>
    %633 = stablehlo.negate %632 : tensor<8x16x256xf32>
    %cst_157 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %634 = stablehlo.broadcast_in_dim %cst_157, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %635 = stablehlo.multiply %634, %627 : tensor<8x16x256xf32>
    %636 = stablehlo.add %633, %635 : tensor<8x16x256xf32>
    %cst_158 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %637 = stablehlo.reduce(%636 init: %cst_158) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x256xf32>, tensor<f32>) -> tensor<256xf32>
    %638 = stablehlo.reshape %637 : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %639 = stablehlo.reshape %638 : (tensor<1x1x256xf32>) -> tensor<256xf32>
    %640 = stablehlo.dot_general %636, %339, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x256xf32>, tensor<8x16x64xf32>) -> tensor<256x64xf32>
    %641 = stablehlo.transpose %640, dims = [1, 0] : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %642 = stablehlo.dot_general %636, %arg32, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x256xf32>, tensor<64x256xf32>) -> tensor<8x16x64xf32>
    %643 = stablehlo.add %619, %642 : tensor<8x16x64xf32>
    %cst_159 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %644 = stablehlo.reduce(%643 init: %cst_159) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %645 = stablehlo.reshape %644 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %646 = stablehlo.reshape %645 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %647 = stablehlo.multiply %325, %643 : tensor<8x16x64xf32>
    %648 = stablehlo.multiply %643, %335 : tensor<8x16x64xf32>
    %649 = stablehlo.broadcast_in_dim %328, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %650 = stablehlo.multiply %649, %647 : tensor<8x16x64xf32>
    %cst_160 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %651 = stablehlo.reduce(%650 init: %cst_160) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %652 = stablehlo.reshape %651 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %653 = stablehlo.broadcast_in_dim %332, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %654 = stablehlo.multiply %647, %653 : tensor<8x16x64xf32>
    %cst_161 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %655 = stablehlo.reduce(%654 init: %cst_161) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %656 = stablehlo.reshape %655 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %657 = stablehlo.reshape %652 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %658 = stablehlo.multiply %656, %331 : tensor<8x16x1xf32>
    %659 = stablehlo.negate %648 : tensor<8x16x64xf32>
    %cst_162 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %660 = stablehlo.reduce(%659 init: %cst_162) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %661 = stablehlo.reshape %660 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %cst_163 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %662 = stablehlo.reduce(%658 init: %cst_163) applies stablehlo.add across dimensions = [2] : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_164 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %663 = stablehlo.reduce(%661 init: %cst_164) applies stablehlo.add across dimensions = [2] : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %664 = stablehlo.multiply %662, %321 : tensor<8x16xf32>
    %665 = stablehlo.negate %664 : tensor<8x16xf32>
    %666 = stablehlo.multiply %665, %309 : tensor<8x16xf32>
    %667 = stablehlo.add %663, %666 : tensor<8x16xf32>
    %cst_165 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %668 = stablehlo.broadcast_in_dim %cst_165, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %669 = stablehlo.divide %664, %668 : tensor<8x16xf32>
    %670 = stablehlo.broadcast_in_dim %669, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %cst_166 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %671 = stablehlo.broadcast_in_dim %cst_166, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %672 = stablehlo.divide %667, %671 : tensor<8x16xf32>
    %673 = stablehlo.broadcast_in_dim %672, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %674 = stablehlo.add %648, %673 : tensor<8x16x64xf32>
    %675 = stablehlo.multiply %670, %300 : tensor<8x16x64xf32>
    %676 = stablehlo.add %674, %675 : tensor<8x16x64xf32>
    %cst_167 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %677 = stablehlo.reduce(%676 init: %cst_167) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %678 = stablehlo.reshape %677 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %679 = stablehlo.reshape %678 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %680 = stablehlo.dot_general %676, %292, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<64x64xf32>
    %681 = stablehlo.transpose %680, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %682 = stablehlo.dot_general %676, %arg24, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %683 = stablehlo.reshape %682 : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %684 = stablehlo.transpose %683, dims = [0, 2, 3, 1] : (tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %685 = stablehlo.dot_general %684, %257, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %686 = stablehlo.dot_general %684, %289, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %687 = stablehlo.transpose %686, dims = [0, 3, 1, 2] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %688 = stablehlo.transpose %685, dims = [1, 0, 2, 3] : (tensor<8x4x16x16xf32>) -> tensor<4x8x16x16xf32>
    %689 = stablehlo.convert %688 : tensor<4x8x16x16xf32>
    %690 = stablehlo.convert %242 : (tensor<4xi32>) -> tensor<4xf32>
    %691 = stablehlo.dot_general %689, %690, batching_dims = [0] x [0], contracting_dims = [] x [], precision = [DEFAULT, DEFAULT] : (tensor<4x8x16x16xf32>, tensor<4xf32>) -> tensor<4x8x16x16xf32>
    %692 = stablehlo.transpose %691, dims = [1, 0, 2, 3] : (tensor<4x8x16x16xf32>) -> tensor<8x4x16x16xf32>
    %693 = stablehlo.broadcast_in_dim %285, dims = [0, 1, 2, 3] : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %694 = stablehlo.multiply %692, %693 : tensor<8x4x16x16xf32>
    %695 = stablehlo.multiply %694, %278 : tensor<8x4x16x16xf32>
    %cst_168 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %696 = stablehlo.reduce(%695 init: %cst_168) applies stablehlo.add across dimensions = [3] : (tensor<8x4x16x16xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %697 = stablehlo.reshape %696 : (tensor<8x4x16xf32>) -> tensor<8x4x16x1xf32>
    %698 = stablehlo.negate %697 : tensor<8x4x16x1xf32>
    %699 = stablehlo.broadcast_in_dim %280, dims = [0, 1, 2, 3] : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %700 = stablehlo.divide %692, %699 : tensor<8x4x16x16xf32>
    %cst_169 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %701 = stablehlo.reduce(%698 init: %cst_169) applies stablehlo.add across dimensions = [3] : (tensor<8x4x16x1xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %702 = stablehlo.broadcast_in_dim %701, dims = [0, 1, 2] : (tensor<8x4x16xf32>) -> tensor<8x4x16x16xf32>
    %703 = stablehlo.add %700, %702 : tensor<8x4x16x16xf32>
    %704 = stablehlo.multiply %703, %278 : tensor<8x4x16x16xf32>
    %705 = stablehlo.dot_general %704, %268, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %706 = stablehlo.transpose %705, dims = [0, 2, 1, 3] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %707 = stablehlo.dot_general %704, %256, batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %708 = stablehlo.transpose %707, dims = [0, 2, 1, 3] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %709 = stablehlo.broadcast_in_dim %266, dims = [] : (tensor<f32>) -> tensor<8x16x4x16xf32>
    %710 = stablehlo.divide %708, %709 : tensor<8x16x4x16xf32>
    %711 = stablehlo.reshape %687 : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
    %712 = stablehlo.reshape %706 : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
    %713 = stablehlo.reshape %710 : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
    %cst_170 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %714 = stablehlo.reduce(%711 init: %cst_170) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %715 = stablehlo.reshape %714 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %716 = stablehlo.reshape %715 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %717 = stablehlo.dot_general %711, %240, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<64x64xf32>
    %718 = stablehlo.transpose %717, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %719 = stablehlo.dot_general %711, %arg30, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %720 = stablehlo.add %676, %719 : tensor<8x16x64xf32>
    %cst_171 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %721 = stablehlo.reduce(%712 init: %cst_171) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %722 = stablehlo.reshape %721 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %723 = stablehlo.reshape %722 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %724 = stablehlo.dot_general %712, %240, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<64x64xf32>
    %725 = stablehlo.transpose %724, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %726 = stablehlo.dot_general %712, %arg26, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %727 = stablehlo.add %720, %726 : tensor<8x16x64xf32>
    %cst_172 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %728 = stablehlo.reduce(%713 init: %cst_172) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %729 = stablehlo.reshape %728 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %730 = stablehlo.reshape %729 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %731 = stablehlo.dot_general %713, %240, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<64x64xf32>
    %732 = stablehlo.transpose %731, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %733 = stablehlo.dot_general %713, %arg28, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %734 = stablehlo.add %727, %733 : tensor<8x16x64xf32>
    %cst_173 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %735 = stablehlo.reduce(%734 init: %cst_173) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %736 = stablehlo.reshape %735 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %737 = stablehlo.reshape %736 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %738 = stablehlo.multiply %226, %734 : tensor<8x16x64xf32>
    %739 = stablehlo.multiply %734, %236 : tensor<8x16x64xf32>
    %740 = stablehlo.broadcast_in_dim %229, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %741 = stablehlo.multiply %740, %738 : tensor<8x16x64xf32>
    %cst_174 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %742 = stablehlo.reduce(%741 init: %cst_174) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %743 = stablehlo.reshape %742 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %744 = stablehlo.broadcast_in_dim %233, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %745 = stablehlo.multiply %738, %744 : tensor<8x16x64xf32>
    %cst_175 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %746 = stablehlo.reduce(%745 init: %cst_175) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %747 = stablehlo.reshape %746 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %748 = stablehlo.reshape %743 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %749 = stablehlo.multiply %747, %232 : tensor<8x16x1xf32>
    %750 = stablehlo.negate %739 : tensor<8x16x64xf32>
    %cst_176 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %751 = stablehlo.reduce(%750 init: %cst_176) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %752 = stablehlo.reshape %751 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %cst_177 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %753 = stablehlo.reduce(%749 init: %cst_177) applies stablehlo.add across dimensions = [2] : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_178 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %754 = stablehlo.reduce(%752 init: %cst_178) applies stablehlo.add across dimensions = [2] : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %755 = stablehlo.multiply %753, %222 : tensor<8x16xf32>
    %756 = stablehlo.negate %755 : tensor<8x16xf32>
    %757 = stablehlo.multiply %756, %210 : tensor<8x16xf32>
    %758 = stablehlo.add %754, %757 : tensor<8x16xf32>
    %cst_179 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %759 = stablehlo.broadcast_in_dim %cst_179, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %760 = stablehlo.divide %755, %759 : tensor<8x16xf32>
    %761 = stablehlo.broadcast_in_dim %760, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %cst_180 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %762 = stablehlo.broadcast_in_dim %cst_180, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %763 = stablehlo.divide %758, %762 : tensor<8x16xf32>
    %764 = stablehlo.broadcast_in_dim %763, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %765 = stablehlo.add %739, %764 : tensor<8x16x64xf32>
    %766 = stablehlo.multiply %761, %201 : tensor<8x16x64xf32>
    %767 = stablehlo.add %765, %766 : tensor<8x16x64xf32>
    %cst_181 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %768 = stablehlo.reduce(%767 init: %cst_181) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %769 = stablehlo.reshape %768 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %770 = stablehlo.reshape %769 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %771 = stablehlo.dot_general %767, %193, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<8x16x256xf32>) -> tensor<64x256xf32>
    %772 = stablehlo.transpose %771, dims = [1, 0] : (tensor<64x256xf32>) -> tensor<256x64xf32>
    %773 = stablehlo.dot_general %767, %arg20, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<256x64xf32>) -> tensor<8x16x256xf32>
    %774 = stablehlo.multiply %157, %773 : tensor<8x16x256xf32>
    %775 = stablehlo.multiply %773, %161 : tensor<8x16x256xf32>
    %cst_182 = stablehlo.constant dense<-1.12837923> : tensor<f32>
    %776 = stablehlo.broadcast_in_dim %cst_182, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %777 = stablehlo.multiply %776, %774 : tensor<8x16x256xf32>
    %778 = stablehlo.multiply %777, %192 : tensor<8x16x256xf32>
    %cst_183 = stablehlo.constant dense<0.707106769> : tensor<f32>
    %779 = stablehlo.broadcast_in_dim %cst_183, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %780 = stablehlo.multiply %778, %779 : tensor<8x16x256xf32>
    %781 = stablehlo.negate %780 : tensor<8x16x256xf32>
    %cst_184 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %782 = stablehlo.broadcast_in_dim %cst_184, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %783 = stablehlo.multiply %782, %775 : tensor<8x16x256xf32>
    %784 = stablehlo.add %781, %783 : tensor<8x16x256xf32>
    %cst_185 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %785 = stablehlo.reduce(%784 init: %cst_185) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x256xf32>, tensor<f32>) -> tensor<256xf32>
    %786 = stablehlo.reshape %785 : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %787 = stablehlo.reshape %786 : (tensor<1x1x256xf32>) -> tensor<256xf32>
    %788 = stablehlo.dot_general %784, %151, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x256xf32>, tensor<8x16x64xf32>) -> tensor<256x64xf32>
    %789 = stablehlo.transpose %788, dims = [1, 0] : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %790 = stablehlo.dot_general %784, %arg16, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x256xf32>, tensor<64x256xf32>) -> tensor<8x16x64xf32>
    %791 = stablehlo.add %767, %790 : tensor<8x16x64xf32>
    %cst_186 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %792 = stablehlo.reduce(%791 init: %cst_186) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %793 = stablehlo.reshape %792 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %794 = stablehlo.reshape %793 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %795 = stablehlo.multiply %137, %791 : tensor<8x16x64xf32>
    %796 = stablehlo.multiply %791, %147 : tensor<8x16x64xf32>
    %797 = stablehlo.broadcast_in_dim %140, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %798 = stablehlo.multiply %797, %795 : tensor<8x16x64xf32>
    %cst_187 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %799 = stablehlo.reduce(%798 init: %cst_187) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %800 = stablehlo.reshape %799 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %801 = stablehlo.broadcast_in_dim %144, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %802 = stablehlo.multiply %795, %801 : tensor<8x16x64xf32>
    %cst_188 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %803 = stablehlo.reduce(%802 init: %cst_188) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %804 = stablehlo.reshape %803 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %805 = stablehlo.reshape %800 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %806 = stablehlo.multiply %804, %143 : tensor<8x16x1xf32>
    %807 = stablehlo.negate %796 : tensor<8x16x64xf32>
    %cst_189 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %808 = stablehlo.reduce(%807 init: %cst_189) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %809 = stablehlo.reshape %808 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %cst_190 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %810 = stablehlo.reduce(%806 init: %cst_190) applies stablehlo.add across dimensions = [2] : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_191 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %811 = stablehlo.reduce(%809 init: %cst_191) applies stablehlo.add across dimensions = [2] : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %812 = stablehlo.multiply %810, %133 : tensor<8x16xf32>
    %813 = stablehlo.negate %812 : tensor<8x16xf32>
    %814 = stablehlo.multiply %813, %121 : tensor<8x16xf32>
    %815 = stablehlo.add %811, %814 : tensor<8x16xf32>
    %cst_192 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %816 = stablehlo.broadcast_in_dim %cst_192, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %817 = stablehlo.divide %812, %816 : tensor<8x16xf32>
    %818 = stablehlo.broadcast_in_dim %817, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %cst_193 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %819 = stablehlo.broadcast_in_dim %cst_193, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %820 = stablehlo.divide %815, %819 : tensor<8x16xf32>
    %821 = stablehlo.broadcast_in_dim %820, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %822 = stablehlo.add %796, %821 : tensor<8x16x64xf32>
    %823 = stablehlo.multiply %818, %112 : tensor<8x16x64xf32>
    %824 = stablehlo.add %822, %823 : tensor<8x16x64xf32>
    %cst_194 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %825 = stablehlo.reduce(%824 init: %cst_194) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %826 = stablehlo.reshape %825 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %827 = stablehlo.reshape %826 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %828 = stablehlo.dot_general %824, %104, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<64x64xf32>
    %829 = stablehlo.transpose %828, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %830 = stablehlo.dot_general %824, %arg8, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %831 = stablehlo.reshape %830 : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %832 = stablehlo.transpose %831, dims = [0, 2, 3, 1] : (tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %833 = stablehlo.dot_general %832, %69, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %834 = stablehlo.dot_general %832, %101, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %835 = stablehlo.transpose %834, dims = [0, 3, 1, 2] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %836 = stablehlo.transpose %833, dims = [1, 0, 2, 3] : (tensor<8x4x16x16xf32>) -> tensor<4x8x16x16xf32>
    %837 = stablehlo.convert %836 : tensor<4x8x16x16xf32>
    %838 = stablehlo.convert %54 : (tensor<4xi32>) -> tensor<4xf32>
    %839 = stablehlo.dot_general %837, %838, batching_dims = [0] x [0], contracting_dims = [] x [], precision = [DEFAULT, DEFAULT] : (tensor<4x8x16x16xf32>, tensor<4xf32>) -> tensor<4x8x16x16xf32>
    %840 = stablehlo.transpose %839, dims = [1, 0, 2, 3] : (tensor<4x8x16x16xf32>) -> tensor<8x4x16x16xf32>
    %841 = stablehlo.broadcast_in_dim %97, dims = [0, 1, 2, 3] : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %842 = stablehlo.multiply %840, %841 : tensor<8x4x16x16xf32>
    %843 = stablehlo.multiply %842, %90 : tensor<8x4x16x16xf32>
    %cst_195 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %844 = stablehlo.reduce(%843 init: %cst_195) applies stablehlo.add across dimensions = [3] : (tensor<8x4x16x16xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %845 = stablehlo.reshape %844 : (tensor<8x4x16xf32>) -> tensor<8x4x16x1xf32>
    %846 = stablehlo.negate %845 : tensor<8x4x16x1xf32>
    %847 = stablehlo.broadcast_in_dim %92, dims = [0, 1, 2, 3] : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %848 = stablehlo.divide %840, %847 : tensor<8x4x16x16xf32>
    %cst_196 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %849 = stablehlo.reduce(%846 init: %cst_196) applies stablehlo.add across dimensions = [3] : (tensor<8x4x16x1xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %850 = stablehlo.broadcast_in_dim %849, dims = [0, 1, 2] : (tensor<8x4x16xf32>) -> tensor<8x4x16x16xf32>
    %851 = stablehlo.add %848, %850 : tensor<8x4x16x16xf32>
    %852 = stablehlo.multiply %851, %90 : tensor<8x4x16x16xf32>
    %853 = stablehlo.dot_general %852, %80, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %854 = stablehlo.transpose %853, dims = [0, 2, 1, 3] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %855 = stablehlo.dot_general %852, %68, batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %856 = stablehlo.transpose %855, dims = [0, 2, 1, 3] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %857 = stablehlo.broadcast_in_dim %78, dims = [] : (tensor<f32>) -> tensor<8x16x4x16xf32>
    %858 = stablehlo.divide %856, %857 : tensor<8x16x4x16xf32>
    %859 = stablehlo.reshape %835 : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
    %860 = stablehlo.reshape %854 : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
    %861 = stablehlo.reshape %858 : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
    %cst_197 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %862 = stablehlo.reduce(%859 init: %cst_197) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %863 = stablehlo.reshape %862 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %864 = stablehlo.reshape %863 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %865 = stablehlo.dot_general %859, %52, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<64x64xf32>
    %866 = stablehlo.transpose %865, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %867 = stablehlo.dot_general %859, %arg14, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %868 = stablehlo.add %824, %867 : tensor<8x16x64xf32>
    %cst_198 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %869 = stablehlo.reduce(%860 init: %cst_198) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %870 = stablehlo.reshape %869 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %871 = stablehlo.reshape %870 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %872 = stablehlo.dot_general %860, %52, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<64x64xf32>
    %873 = stablehlo.transpose %872, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %874 = stablehlo.dot_general %860, %arg10, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %875 = stablehlo.add %868, %874 : tensor<8x16x64xf32>
    %cst_199 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %876 = stablehlo.reduce(%861 init: %cst_199) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %877 = stablehlo.reshape %876 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %878 = stablehlo.reshape %877 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %879 = stablehlo.dot_general %861, %52, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<64x64xf32>
    %880 = stablehlo.transpose %879, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %881 = stablehlo.dot_general %861, %arg12, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %882 = stablehlo.add %875, %881 : tensor<8x16x64xf32>
    %cst_200 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %883 = stablehlo.reduce(%882 init: %cst_200) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %884 = stablehlo.reshape %883 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %885 = stablehlo.reshape %884 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %886 = stablehlo.multiply %38, %882 : tensor<8x16x64xf32>
    %887 = stablehlo.multiply %882, %48 : tensor<8x16x64xf32>
    %888 = stablehlo.broadcast_in_dim %41, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %889 = stablehlo.multiply %888, %886 : tensor<8x16x64xf32>
    %cst_201 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %890 = stablehlo.reduce(%889 init: %cst_201) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %891 = stablehlo.reshape %890 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %892 = stablehlo.broadcast_in_dim %45, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %893 = stablehlo.multiply %886, %892 : tensor<8x16x64xf32>
    %cst_202 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %894 = stablehlo.reduce(%893 init: %cst_202) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %895 = stablehlo.reshape %894 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %896 = stablehlo.reshape %891 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %897 = stablehlo.multiply %895, %44 : tensor<8x16x1xf32>
    %898 = stablehlo.negate %887 : tensor<8x16x64xf32>
    %cst_203 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %899 = stablehlo.reduce(%898 init: %cst_203) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %900 = stablehlo.reshape %899 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %cst_204 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %901 = stablehlo.reduce(%897 init: %cst_204) applies stablehlo.add across dimensions = [2] : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_205 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %902 = stablehlo.reduce(%900 init: %cst_205) applies stablehlo.add across dimensions = [2] : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %903 = stablehlo.multiply %901, %34 : tensor<8x16xf32>
    %904 = stablehlo.negate %903 : tensor<8x16xf32>
    %905 = stablehlo.multiply %904, %22 : tensor<8x16xf32>
    %906 = stablehlo.add %902, %905 : tensor<8x16xf32>
    %cst_206 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %907 = stablehlo.broadcast_in_dim %cst_206, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %908 = stablehlo.divide %903, %907 : tensor<8x16xf32>
    %909 = stablehlo.broadcast_in_dim %908, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %cst_207 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %910 = stablehlo.broadcast_in_dim %cst_207, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %911 = stablehlo.divide %906, %910 : tensor<8x16xf32>
    %912 = stablehlo.broadcast_in_dim %911, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %913 = stablehlo.add %887, %912 : tensor<8x16x64xf32>
    %914 = stablehlo.multiply %909, %13 : tensor<8x16x64xf32>
    %915 = stablehlo.add %913, %914 : tensor<8x16x64xf32>
    %916 = call @_take_4(%8#1, %915) : (tensor<8x16x1xi32>, tensor<8x16x64xf32>) -> tensor<2x64xf32>
    %917 = call @_take_5(%7#1, %915) : (tensor<8x16x1xi32>, tensor<8x16x64xf32>) -> tensor<16x64xf32>
    %918 = call @_take_6(%6#1, %915) : (tensor<8x16x1xi32>, tensor<8x16x64xf32>) -> tensor<512x64xf32>
    %919 = stablehlo.add %536, %918 : tensor<512x64xf32>
    %cst_208 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %920 = stablehlo.broadcast_in_dim %cst_208, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %921 = stablehlo.multiply %920, %885 : tensor<64xf32>
    %922 = stablehlo.subtract %arg0, %921 : tensor<64xf32>
    %cst_209 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %923 = stablehlo.broadcast_in_dim %cst_209, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %924 = stablehlo.multiply %923, %896 : tensor<64xf32>
    %925 = stablehlo.subtract %arg1, %924 : tensor<64xf32>
    %cst_210 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %926 = stablehlo.broadcast_in_dim %cst_210, dims = [] : (tensor<f32>) -> tensor<16x64xf32>
    %927 = stablehlo.multiply %926, %917 : tensor<16x64xf32>
    %928 = stablehlo.subtract %arg2, %927 : tensor<16x64xf32>
    %cst_211 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %929 = stablehlo.broadcast_in_dim %cst_211, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %930 = stablehlo.multiply %929, %916 : tensor<2x64xf32>
    %931 = stablehlo.subtract %arg3, %930 : tensor<2x64xf32>
    %cst_212 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %932 = stablehlo.broadcast_in_dim %cst_212, dims = [] : (tensor<f32>) -> tensor<512x64xf32>
    %933 = stablehlo.multiply %932, %919 : tensor<512x64xf32>
    %934 = stablehlo.subtract %arg4, %933 : tensor<512x64xf32>
    %cst_213 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %935 = stablehlo.broadcast_in_dim %cst_213, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %936 = stablehlo.multiply %935, %794 : tensor<64xf32>
    %937 = stablehlo.subtract %arg5, %936 : tensor<64xf32>
    %cst_214 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %938 = stablehlo.broadcast_in_dim %cst_214, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %939 = stablehlo.multiply %938, %805 : tensor<64xf32>
    %940 = stablehlo.subtract %arg6, %939 : tensor<64xf32>
    %cst_215 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %941 = stablehlo.broadcast_in_dim %cst_215, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %942 = stablehlo.multiply %941, %827 : tensor<64xf32>
    %943 = stablehlo.subtract %arg7, %942 : tensor<64xf32>
    %cst_216 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %944 = stablehlo.broadcast_in_dim %cst_216, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %945 = stablehlo.multiply %944, %829 : tensor<64x64xf32>
    %946 = stablehlo.subtract %arg8, %945 : tensor<64x64xf32>
    %cst_217 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %947 = stablehlo.broadcast_in_dim %cst_217, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %948 = stablehlo.multiply %947, %871 : tensor<64xf32>
    %949 = stablehlo.subtract %arg9, %948 : tensor<64xf32>
    %cst_218 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %950 = stablehlo.broadcast_in_dim %cst_218, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %951 = stablehlo.multiply %950, %873 : tensor<64x64xf32>
    %952 = stablehlo.subtract %arg10, %951 : tensor<64x64xf32>
    %cst_219 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %953 = stablehlo.broadcast_in_dim %cst_219, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %954 = stablehlo.multiply %953, %878 : tensor<64xf32>
    %955 = stablehlo.subtract %arg11, %954 : tensor<64xf32>
    %cst_220 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %956 = stablehlo.broadcast_in_dim %cst_220, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %957 = stablehlo.multiply %956, %880 : tensor<64x64xf32>
    %958 = stablehlo.subtract %arg12, %957 : tensor<64x64xf32>
    %cst_221 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %959 = stablehlo.broadcast_in_dim %cst_221, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %960 = stablehlo.multiply %959, %864 : tensor<64xf32>
    %961 = stablehlo.subtract %arg13, %960 : tensor<64xf32>
    %cst_222 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %962 = stablehlo.broadcast_in_dim %cst_222, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %963 = stablehlo.multiply %962, %866 : tensor<64x64xf32>
    %964 = stablehlo.subtract %arg14, %963 : tensor<64x64xf32>
    %cst_223 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %965 = stablehlo.broadcast_in_dim %cst_223, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %966 = stablehlo.multiply %965, %787 : tensor<256xf32>
    %967 = stablehlo.subtract %arg15, %966 : tensor<256xf32>
    %cst_224 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %968 = stablehlo.broadcast_in_dim %cst_224, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
    %969 = stablehlo.multiply %968, %789 : tensor<64x256xf32>
    %970 = stablehlo.subtract %arg16, %969 : tensor<64x256xf32>
    %cst_225 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %971 = stablehlo.broadcast_in_dim %cst_225, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %972 = stablehlo.multiply %971, %737 : tensor<64xf32>
    %973 = stablehlo.subtract %arg17, %972 : tensor<64xf32>
    %cst_226 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %974 = stablehlo.broadcast_in_dim %cst_226, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %975 = stablehlo.multiply %974, %748 : tensor<64xf32>
    %976 = stablehlo.subtract %arg18, %975 : tensor<64xf32>
    %cst_227 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %977 = stablehlo.broadcast_in_dim %cst_227, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %978 = stablehlo.multiply %977, %770 : tensor<64xf32>
    %979 = stablehlo.subtract %arg19, %978 : tensor<64xf32>
    %cst_228 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %980 = stablehlo.broadcast_in_dim %cst_228, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %981 = stablehlo.multiply %980, %772 : tensor<256x64xf32>
    %982 = stablehlo.subtract %arg20, %981 : tensor<256x64xf32>
    %cst_229 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %983 = stablehlo.broadcast_in_dim %cst_229, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %984 = stablehlo.multiply %983, %646 : tensor<64xf32>
    %985 = stablehlo.subtract %arg21, %984 : tensor<64xf32>
    %cst_230 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %986 = stablehlo.broadcast_in_dim %cst_230, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %987 = stablehlo.multiply %986, %657 : tensor<64xf32>
    %988 = stablehlo.subtract %arg22, %987 : tensor<64xf32>
    %cst_231 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %989 = stablehlo.broadcast_in_dim %cst_231, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %990 = stablehlo.multiply %989, %679 : tensor<64xf32>
    %991 = stablehlo.subtract %arg23, %990 : tensor<64xf32>
    %cst_232 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %992 = stablehlo.broadcast_in_dim %cst_232, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %993 = stablehlo.multiply %992, %681 : tensor<64x64xf32>
    %994 = stablehlo.subtract %arg24, %993 : tensor<64x64xf32>
    %cst_233 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %995 = stablehlo.broadcast_in_dim %cst_233, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %996 = stablehlo.multiply %995, %723 : tensor<64xf32>
    %997 = stablehlo.subtract %arg25, %996 : tensor<64xf32>
    %cst_234 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %998 = stablehlo.broadcast_in_dim %cst_234, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %999 = stablehlo.multiply %998, %725 : tensor<64x64xf32>
    %1000 = stablehlo.subtract %arg26, %999 : tensor<64x64xf32>
    %cst_235 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1001 = stablehlo.broadcast_in_dim %cst_235, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1002 = stablehlo.multiply %1001, %730 : tensor<64xf32>
    %1003 = stablehlo.subtract %arg27, %1002 : tensor<64xf32>
    %cst_236 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1004 = stablehlo.broadcast_in_dim %cst_236, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %1005 = stablehlo.multiply %1004, %732 : tensor<64x64xf32>
    %1006 = stablehlo.subtract %arg28, %1005 : tensor<64x64xf32>
    %cst_237 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1007 = stablehlo.broadcast_in_dim %cst_237, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1008 = stablehlo.multiply %1007, %716 : tensor<64xf32>
    %1009 = stablehlo.subtract %arg29, %1008 : tensor<64xf32>
    %cst_238 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1010 = stablehlo.broadcast_in_dim %cst_238, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %1011 = stablehlo.multiply %1010, %718 : tensor<64x64xf32>
    %1012 = stablehlo.subtract %arg30, %1011 : tensor<64x64xf32>
    %cst_239 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1013 = stablehlo.broadcast_in_dim %cst_239, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %1014 = stablehlo.multiply %1013, %639 : tensor<256xf32>
    %1015 = stablehlo.subtract %arg31, %1014 : tensor<256xf32>
    %cst_240 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1016 = stablehlo.broadcast_in_dim %cst_240, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
    %1017 = stablehlo.multiply %1016, %641 : tensor<64x256xf32>
    %1018 = stablehlo.subtract %arg32, %1017 : tensor<64x256xf32>
    %cst_241 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1019 = stablehlo.broadcast_in_dim %cst_241, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1020 = stablehlo.multiply %1019, %589 : tensor<64xf32>
    %1021 = stablehlo.subtract %arg33, %1020 : tensor<64xf32>
    %cst_242 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1022 = stablehlo.broadcast_in_dim %cst_242, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1023 = stablehlo.multiply %1022, %600 : tensor<64xf32>
    %1024 = stablehlo.subtract %arg34, %1023 : tensor<64xf32>
    %cst_243 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1025 = stablehlo.broadcast_in_dim %cst_243, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1026 = stablehlo.multiply %1025, %622 : tensor<64xf32>
    %1027 = stablehlo.subtract %arg35, %1026 : tensor<64xf32>
    %cst_244 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1028 = stablehlo.broadcast_in_dim %cst_244, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %1029 = stablehlo.multiply %1028, %624 : tensor<256x64xf32>
    %1030 = stablehlo.subtract %arg36, %1029 : tensor<256x64xf32>
    %cst_245 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1031 = stablehlo.broadcast_in_dim %cst_245, dims = [] : (tensor<f32>) -> tensor<512xf32>
    %1032 = stablehlo.multiply %1031, %532 : tensor<512xf32>
    %1033 = stablehlo.subtract %arg37, %1032 : tensor<512xf32>
    %cst_246 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1034 = stablehlo.broadcast_in_dim %cst_246, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1035 = stablehlo.multiply %1034, %539 : tensor<64xf32>
    %1036 = stablehlo.subtract %arg38, %1035 : tensor<64xf32>
    %cst_247 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1037 = stablehlo.broadcast_in_dim %cst_247, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1038 = stablehlo.multiply %1037, %550 : tensor<64xf32>
    %1039 = stablehlo.subtract %arg39, %1038 : tensor<64xf32>
    %cst_248 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1040 = stablehlo.broadcast_in_dim %cst_248, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1041 = stablehlo.multiply %1040, %583 : tensor<64xf32>
    %1042 = stablehlo.subtract %arg40, %1041 : tensor<64xf32>
    %cst_249 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1043 = stablehlo.broadcast_in_dim %cst_249, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %1044 = stablehlo.multiply %1043, %585 : tensor<64x64xf32>
    %1045 = stablehlo.subtract %arg41, %1044 : tensor<64x64xf32>
    return %922, %925, %928, %931, %934, %937, %940, %943, %946, %949, %952, %955, %958, %961, %964, %967, %970, %973, %976, %979, %982, %985, %988, %991, %994, %997, %1000, %1003, %1006, %1009, %1012, %1015, %1018, %1021, %1024, %1027, %1030, %1033, %1036, %1039, %1042, %1045, %524 : tensor<64xf32>, tensor<64xf32>, tensor<16x64xf32>, tensor<2x64xf32>, tensor<512x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<512xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<f32>
  }
  func.func private @_take(%arg0: tensor<512x64xf32>, %arg1: tensor<8x16xi32>) -> (tensor<8x16x64xf32>, tensor<8x16x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8x16xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<8x16xi32>, tensor<8x16xi32>) -> tensor<8x16xi1>
    %c_0 = stablehlo.constant dense<512> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<8x16xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<8x16xi32>
    %4 = call @_where(%1, %3, %arg1) : (tensor<8x16xi1>, tensor<8x16xi32>, tensor<8x16xi32>) -> tensor<8x16xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<8x16xi32>) -> tensor<8x16x1xi32>
    %c_1 = stablehlo.constant dense<511> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<8x16x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<8x16x1xi32>, tensor<8x16x1xi32>) -> tensor<8x16x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<8x16x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<8x16x1xi32>, tensor<8x16x1xi32>) -> tensor<8x16x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<8x16x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<8x16x1xi1>, tensor<i1>) -> tensor<8x16xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>}> : (tensor<512x64xf32>, tensor<8x16x1xi32>) -> tensor<8x16x64xf32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<8x16xi1>) -> tensor<8x16x64xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %16 = stablehlo.select %14, %13, %15 : tensor<8x16x64xi1>, tensor<8x16x64xf32>
    return %16, %5 : tensor<8x16x64xf32>, tensor<8x16x1xi32>
  }
  func.func private @_where(%arg0: tensor<8x16xi1>, %arg1: tensor<8x16xi32>, %arg2: tensor<8x16xi32>) -> tensor<8x16xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<8x16xi1>, tensor<8x16xi32>
    return %0 : tensor<8x16xi32>
  }
  func.func private @_take_0(%arg0: tensor<16x64xf32>, %arg1: tensor<8x16xi32>) -> (tensor<8x16x64xf32>, tensor<8x16x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8x16xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<8x16xi32>, tensor<8x16xi32>) -> tensor<8x16xi1>
    %c_0 = stablehlo.constant dense<16> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<8x16xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<8x16xi32>
    %4 = call @_where(%1, %3, %arg1) : (tensor<8x16xi1>, tensor<8x16xi32>, tensor<8x16xi32>) -> tensor<8x16xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<8x16xi32>) -> tensor<8x16x1xi32>
    %c_1 = stablehlo.constant dense<15> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<8x16x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<8x16x1xi32>, tensor<8x16x1xi32>) -> tensor<8x16x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<8x16x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<8x16x1xi32>, tensor<8x16x1xi32>) -> tensor<8x16x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<8x16x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<8x16x1xi1>, tensor<i1>) -> tensor<8x16xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>}> : (tensor<16x64xf32>, tensor<8x16x1xi32>) -> tensor<8x16x64xf32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<8x16xi1>) -> tensor<8x16x64xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %16 = stablehlo.select %14, %13, %15 : tensor<8x16x64xi1>, tensor<8x16x64xf32>
    return %16, %5 : tensor<8x16x64xf32>, tensor<8x16x1xi32>
  }
  func.func private @_take_1(%arg0: tensor<2x64xf32>, %arg1: tensor<8x16xi32>) -> (tensor<8x16x64xf32>, tensor<8x16x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8x16xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<8x16xi32>, tensor<8x16xi32>) -> tensor<8x16xi1>
    %c_0 = stablehlo.constant dense<2> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<8x16xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<8x16xi32>
    %4 = call @_where(%1, %3, %arg1) : (tensor<8x16xi1>, tensor<8x16xi32>, tensor<8x16xi32>) -> tensor<8x16xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<8x16xi32>) -> tensor<8x16x1xi32>
    %c_1 = stablehlo.constant dense<1> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<8x16x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<8x16x1xi32>, tensor<8x16x1xi32>) -> tensor<8x16x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<8x16x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<8x16x1xi32>, tensor<8x16x1xi32>) -> tensor<8x16x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<8x16x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<8x16x1xi1>, tensor<i1>) -> tensor<8x16xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>}> : (tensor<2x64xf32>, tensor<8x16x1xi32>) -> tensor<8x16x64xf32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<8x16xi1>) -> tensor<8x16x64xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %16 = stablehlo.select %14, %13, %15 : tensor<8x16x64xi1>, tensor<8x16x64xf32>
    return %16, %5 : tensor<8x16x64xf32>, tensor<8x16x1xi32>
  }
  func.func private @_roll_static(%arg0: tensor<8x16xi32>) -> tensor<8x16xi32> {
    %0 = stablehlo.slice %arg0 [0:8, 1:16] : (tensor<8x16xi32>) -> tensor<8x15xi32>
    %1 = stablehlo.slice %arg0 [0:8, 0:1] : (tensor<8x16xi32>) -> tensor<8x1xi32>
    %2 = stablehlo.concatenate %0, %1, dim = 1 : (tensor<8x15xi32>, tensor<8x1xi32>) -> tensor<8x16xi32>
    return %2 : tensor<8x16xi32>
  }
  func.func private @log_softmax(%arg0: tensor<8x16x512xf32>) -> (tensor<8x16x512xf32>, tensor<8x16x512xf32>, tensor<8x16x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [2] : (tensor<8x16x512xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<8x16xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x512xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<8x16x512xf32>
    %6 = stablehlo.exponential %5 : tensor<8x16x512xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [2] : (tensor<8x16x512xf32>, tensor<f32>) -> tensor<8x16xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %9 = stablehlo.log %8 : tensor<8x16x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x512xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<8x16x512xf32>
    return %11, %6, %8 : tensor<8x16x512xf32>, tensor<8x16x512xf32>, tensor<8x16x1xf32>
  }
  func.func private @take_along_axis(%arg0: tensor<8x16x512xf32>, %arg1: tensor<8x16x1xi32>) -> (tensor<8x16x1xf32>, tensor<8x16x1x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8x16x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<8x16x1xi32>, tensor<8x16x1xi32>) -> tensor<8x16x1xi1>
    %c_0 = stablehlo.constant dense<512> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<8x16x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<8x16x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<8x16x1xi1>, tensor<8x16x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<8x16x1xi32>) -> tensor<8x16x1x1xi32>
    %c_1 = stablehlo.constant dense<511> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<8x16x1x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<8x16x1x1xi32>, tensor<8x16x1x1xi32>) -> tensor<8x16x1x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [3] : (tensor<1xi32>) -> tensor<1x1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2, 3] : (tensor<1x1x1x1xi32>) -> tensor<8x16x1x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<8x16x1x1xi32>, tensor<8x16x1x1xi32>) -> tensor<8x16x1x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<8x16x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [3] : (tensor<8x16x1x1xi1>, tensor<i1>) -> tensor<8x16x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<8x16x512xf32>, tensor<8x16x1x1xi32>) -> tensor<8x16x1xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<8x16x1xi1>, tensor<8x16x1xf32>
    return %15, %5 : tensor<8x16x1xf32>, tensor<8x16x1x1xi32>
  }
  func.func private @take_along_axis_2(%arg0: tensor<8x16x1x1xi32>, %arg1: tensor<8x16x1xf32>) -> tensor<8x16x512xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16x512xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [2], input_batching_dims = [0, 1], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 3>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<8x16x512xf32>, tensor<8x16x1x1xi32>, tensor<8x16x1xf32>) -> tensor<8x16x512xf32>
    return %1 : tensor<8x16x512xf32>
  }
  func.func private @log_softmax_3(%arg0: tensor<8x16x512xf32>, %arg1: tensor<8x16x1xf32>, %arg2: tensor<8x16x512xf32>) -> tensor<8x16x512xf32> {
    %0 = stablehlo.negate %arg2 : tensor<8x16x512xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<8x16x512xf32>, tensor<f32>) -> tensor<8x16xf32>
    %2 = stablehlo.reshape %1 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<8x16x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [2] : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x512xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<8x16x512xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<8x16x512xf32>
    return %7 : tensor<8x16x512xf32>
  }
  func.func private @_take_4(%arg0: tensor<8x16x1xi32>, %arg1: tensor<8x16x64xf32>) -> tensor<2x64xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<2x64xf32>, tensor<8x16x1xi32>, tensor<8x16x64xf32>) -> tensor<2x64xf32>
    return %1 : tensor<2x64xf32>
  }
  func.func private @_take_5(%arg0: tensor<8x16x1xi32>, %arg1: tensor<8x16x64xf32>) -> tensor<16x64xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16x64xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<16x64xf32>, tensor<8x16x1xi32>, tensor<8x16x64xf32>) -> tensor<16x64xf32>
    return %1 : tensor<16x64xf32>
  }
  func.func private @_take_6(%arg0: tensor<8x16x1xi32>, %arg1: tensor<8x16x64xf32>) -> tensor<512x64xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<512x64xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<512x64xf32>, tensor<8x16x1xi32>, tensor<8x16x64xf32>) -> tensor<512x64xf32>
    return %1 : tensor<512x64xf32>
  }
}
