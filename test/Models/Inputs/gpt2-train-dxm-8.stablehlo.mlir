module @jit_step attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["data"=2, "model"=4]> {stablehlo.mesh = {axes = [{name = "data", size = 2 : i64}, {name = "model", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<192xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}]>}, %arg1: tensor<192x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}, %arg2: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg3: tensor<64x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}, %arg4: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg5: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg6: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg7: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg8: tensor<256xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}]>}, %arg9: tensor<256x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}, %arg10: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg11: tensor<64x256xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}, %arg12: tensor<192xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}]>}, %arg13: tensor<192x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}, %arg14: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg15: tensor<64x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}, %arg16: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg17: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg18: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg19: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg20: tensor<256xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}]>}, %arg21: tensor<256x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}, %arg22: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg23: tensor<64x256xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}, %arg24: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg25: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg26: tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg27: tensor<512x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}, %arg28: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<192xf32> {jax.result_info = "result[0]['transformer']['h']['0']['attn']['c_attn']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{"model"}]>}, tensor<192x64xf32> {jax.result_info = "result[0]['transformer']['h']['0']['attn']['c_attn']['kernel']", sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}, tensor<64xf32> {jax.result_info = "result[0]['transformer']['h']['0']['attn']['c_proj']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64x64xf32> {jax.result_info = "result[0]['transformer']['h']['0']['attn']['c_proj']['kernel']", sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}, tensor<64xf32> {jax.result_info = "result[0]['transformer']['h']['0']['ln_1']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64xf32> {jax.result_info = "result[0]['transformer']['h']['0']['ln_1']['scale']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64xf32> {jax.result_info = "result[0]['transformer']['h']['0']['ln_2']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64xf32> {jax.result_info = "result[0]['transformer']['h']['0']['ln_2']['scale']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<256xf32> {jax.result_info = "result[0]['transformer']['h']['0']['mlp']['c_fc']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{"model"}]>}, tensor<256x64xf32> {jax.result_info = "result[0]['transformer']['h']['0']['mlp']['c_fc']['kernel']", sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}, tensor<64xf32> {jax.result_info = "result[0]['transformer']['h']['0']['mlp']['c_proj']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64x256xf32> {jax.result_info = "result[0]['transformer']['h']['0']['mlp']['c_proj']['kernel']", sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}, tensor<192xf32> {jax.result_info = "result[0]['transformer']['h']['1']['attn']['c_attn']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{"model"}]>}, tensor<192x64xf32> {jax.result_info = "result[0]['transformer']['h']['1']['attn']['c_attn']['kernel']", sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}, tensor<64xf32> {jax.result_info = "result[0]['transformer']['h']['1']['attn']['c_proj']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64x64xf32> {jax.result_info = "result[0]['transformer']['h']['1']['attn']['c_proj']['kernel']", sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}, tensor<64xf32> {jax.result_info = "result[0]['transformer']['h']['1']['ln_1']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64xf32> {jax.result_info = "result[0]['transformer']['h']['1']['ln_1']['scale']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64xf32> {jax.result_info = "result[0]['transformer']['h']['1']['ln_2']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64xf32> {jax.result_info = "result[0]['transformer']['h']['1']['ln_2']['scale']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<256xf32> {jax.result_info = "result[0]['transformer']['h']['1']['mlp']['c_fc']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{"model"}]>}, tensor<256x64xf32> {jax.result_info = "result[0]['transformer']['h']['1']['mlp']['c_fc']['kernel']", sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}, tensor<64xf32> {jax.result_info = "result[0]['transformer']['h']['1']['mlp']['c_proj']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64x256xf32> {jax.result_info = "result[0]['transformer']['h']['1']['mlp']['c_proj']['kernel']", sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}, tensor<64xf32> {jax.result_info = "result[0]['transformer']['ln_f']['bias']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<64xf32> {jax.result_info = "result[0]['transformer']['ln_f']['scale']", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<16x64xf32> {jax.result_info = "result[0]['transformer']['wpe']['embedding']", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<512x64xf32> {jax.result_info = "result[0]['transformer']['wte']['embedding']", sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}, tensor<f32> {jax.result_info = "result[1]", sdy.sharding = #sdy.sharding<@mesh, []>}) {
    %0 = stablehlo.iota dim = 0 : tensor<16xi32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [1] : (tensor<16xi32>) -> tensor<1x16xi32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x16xi32>) -> tensor<8x16xi32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %4 = stablehlo.convert %3 : (tensor<8x16xf32>) -> tensor<8x16xi32>
    %5:2 = call @_take(%arg27, %arg28) : (tensor<512x64xf32>, tensor<8x16xi32>) -> (tensor<8x16x64xf32>, tensor<8x16x1xi32>)
    %6:2 = call @_take_0(%arg26, %2) : (tensor<16x64xf32>, tensor<8x16xi32>) -> (tensor<8x16x64xf32>, tensor<8x16x1xi32>)
    %7 = stablehlo.add %5#0, %6#0 : tensor<8x16x64xf32>
    %8 = chlo.square %7 : tensor<8x16x64xf32> -> tensor<8x16x64xf32>
    %cst_0 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %10 = stablehlo.multiply %9, %7 : tensor<8x16x64xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%7 init: %cst_1) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_2 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %13 = stablehlo.divide %11, %12 : tensor<8x16xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.reduce(%8 init: %cst_3) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_4 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %16 = stablehlo.divide %14, %15 : tensor<8x16xf32>
    %17 = chlo.square %13 : tensor<8x16xf32> -> tensor<8x16xf32>
    %cst_5 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %19 = stablehlo.multiply %18, %13 : tensor<8x16xf32>
    %20 = stablehlo.subtract %16, %17 : tensor<8x16xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %22 = stablehlo.maximum %21, %20 : tensor<8x16xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %24 = stablehlo.compare GT, %20, %23, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %26 = stablehlo.compare EQ, %20, %25, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_9 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_11 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %30 = stablehlo.select %26, %29, %28 : tensor<8x16xi1>, tensor<8x16xf32>
    %31 = stablehlo.select %24, %27, %30 : tensor<8x16xi1>, tensor<8x16xf32>
    %32 = stablehlo.broadcast_in_dim %13, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %33 = stablehlo.broadcast_in_dim %22, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %34 = stablehlo.broadcast_in_dim %32, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %35 = stablehlo.subtract %7, %34 : tensor<8x16x64xf32>
    %cst_12 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %36 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %37 = stablehlo.add %33, %36 : tensor<8x16x1xf32>
    %38 = stablehlo.rsqrt %37 : tensor<8x16x1xf32>
    %39 = stablehlo.divide %38, %37 : tensor<8x16x1xf32>
    %cst_13 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %41 = stablehlo.multiply %40, %39 : tensor<8x16x1xf32>
    %42 = stablehlo.reshape %arg5 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %43 = stablehlo.broadcast_in_dim %38, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %44 = stablehlo.broadcast_in_dim %42, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %45 = stablehlo.multiply %43, %44 : tensor<8x16x64xf32>
    %46 = stablehlo.multiply %35, %45 : tensor<8x16x64xf32>
    %47 = stablehlo.reshape %arg4 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %48 = stablehlo.broadcast_in_dim %47, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %49 = stablehlo.add %46, %48 : tensor<8x16x64xf32>
    %50 = stablehlo.iota dim = 0 : tensor<16xi32>
    %51 = stablehlo.broadcast_in_dim %50, dims = [1] : (tensor<16xi32>) -> tensor<1x16xi32>
    %52 = stablehlo.broadcast_in_dim %51, dims = [0, 1] : (tensor<1x16xi32>) -> tensor<1x16x1xi32>
    %53 = stablehlo.broadcast_in_dim %51, dims = [0, 2] : (tensor<1x16xi32>) -> tensor<1x1x16xi32>
    %54 = stablehlo.broadcast_in_dim %52, dims = [0, 1, 2] : (tensor<1x16x1xi32>) -> tensor<1x16x16xi32>
    %55 = stablehlo.broadcast_in_dim %53, dims = [0, 1, 2] : (tensor<1x1x16xi32>) -> tensor<1x16x16xi32>
    %56 = stablehlo.compare GE, %54, %55, SIGNED : (tensor<1x16x16xi32>, tensor<1x16x16xi32>) -> tensor<1x16x16xi1>
    %57 = stablehlo.broadcast_in_dim %56, dims = [0, 2, 3] : (tensor<1x16x16xi1>) -> tensor<1x1x16x16xi1>
    %58 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<192x64xf32>) -> tensor<64x192xf32>
    %59 = stablehlo.dot_general %49, %58, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x192xf32>) -> tensor<8x16x192xf32>
    %60 = stablehlo.broadcast_in_dim %arg0, dims = [2] : (tensor<192xf32>) -> tensor<1x1x192xf32>
    %61 = stablehlo.broadcast_in_dim %60, dims = [0, 1, 2] : (tensor<1x1x192xf32>) -> tensor<8x16x192xf32>
    %62 = stablehlo.add %59, %61 : tensor<8x16x192xf32>
    %63 = stablehlo.slice %62 [0:8, 0:16, 0:64] : (tensor<8x16x192xf32>) -> tensor<8x16x64xf32>
    %64 = stablehlo.slice %62 [0:8, 0:16, 64:128] : (tensor<8x16x192xf32>) -> tensor<8x16x64xf32>
    %65 = stablehlo.slice %62 [0:8, 0:16, 128:192] : (tensor<8x16x192xf32>) -> tensor<8x16x64xf32>
    %66 = stablehlo.reshape %63 : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %67 = stablehlo.reshape %64 : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %68 = stablehlo.reshape %65 : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %69 = stablehlo.broadcast_in_dim %57, dims = [0, 1, 2, 3] : (tensor<1x1x16x16xi1>) -> tensor<8x1x16x16xi1>
    %70 = stablehlo.broadcast_in_dim %4, dims = [0, 3] : (tensor<8x16xi32>) -> tensor<8x1x1x16xi32>
    %71 = stablehlo.broadcast_in_dim %70, dims = [0, 1, 2, 3] : (tensor<8x1x1x16xi32>) -> tensor<8x1x16x16xi32>
    %72 = stablehlo.convert %69 : (tensor<8x1x16x16xi1>) -> tensor<8x1x16x16xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %73 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8x1x16x16xi32>
    %74 = stablehlo.compare NE, %71, %73, SIGNED : (tensor<8x1x16x16xi32>, tensor<8x1x16x16xi32>) -> tensor<8x1x16x16xi1>
    %c_14 = stablehlo.constant dense<0> : tensor<i32>
    %75 = stablehlo.broadcast_in_dim %c_14, dims = [] : (tensor<i32>) -> tensor<8x1x16x16xi32>
    %76 = stablehlo.compare NE, %72, %75, SIGNED : (tensor<8x1x16x16xi32>, tensor<8x1x16x16xi32>) -> tensor<8x1x16x16xi1>
    %77 = stablehlo.and %74, %76 : tensor<8x1x16x16xi1>
    %78 = stablehlo.convert %77 : (tensor<8x1x16x16xi1>) -> tensor<8x1x16x16xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %79 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<8x1x16x16xf32>
    %80 = stablehlo.compare GT, %78, %79, FLOAT : (tensor<8x1x16x16xf32>, tensor<8x1x16x16xf32>) -> tensor<8x1x16x16xi1>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %81 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<8x1x16x16xf32>
    %82 = stablehlo.convert %81 : tensor<8x1x16x16xf32>
    %cst_17 = stablehlo.constant dense<-3.40282347E+38> : tensor<f32>
    %83 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<8x1x16x16xf32>
    %84 = stablehlo.select %80, %82, %83 : tensor<8x1x16x16xi1>, tensor<8x1x16x16xf32>
    %cst_18 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %85 = stablehlo.sqrt %cst_18 : tensor<f32>
    %86 = stablehlo.convert %85 : tensor<f32>
    %87 = stablehlo.broadcast_in_dim %86, dims = [] : (tensor<f32>) -> tensor<8x16x4x16xf32>
    %88 = stablehlo.divide %66, %87 : tensor<8x16x4x16xf32>
    %89 = stablehlo.dot_general %88, %67, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %90 = stablehlo.broadcast_in_dim %84, dims = [0, 1, 2, 3] : (tensor<8x1x16x16xf32>) -> tensor<8x4x16x16xf32>
    %91 = stablehlo.add %89, %90 : tensor<8x4x16x16xf32>
    %cst_19 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %92 = stablehlo.reduce(%91 init: %cst_19) applies stablehlo.maximum across dimensions = [3] : (tensor<8x4x16x16xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %cst_20 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %93 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<8x4x16xf32>
    %94 = stablehlo.maximum %93, %92 : tensor<8x4x16xf32>
    %95 = stablehlo.broadcast_in_dim %94, dims = [0, 1, 2] : (tensor<8x4x16xf32>) -> tensor<8x4x16x1xf32>
    %96 = stablehlo.broadcast_in_dim %95, dims = [0, 1, 2, 3] : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %97 = stablehlo.subtract %91, %96 : tensor<8x4x16x16xf32>
    %98 = stablehlo.exponential %97 : tensor<8x4x16x16xf32>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %99 = stablehlo.reduce(%98 init: %cst_21) applies stablehlo.add across dimensions = [3] : (tensor<8x4x16x16xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %100 = stablehlo.broadcast_in_dim %99, dims = [0, 1, 2] : (tensor<8x4x16xf32>) -> tensor<8x4x16x1xf32>
    %101 = stablehlo.broadcast_in_dim %100, dims = [0, 1, 2, 3] : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %102 = stablehlo.divide %98, %101 : tensor<8x4x16x16xf32>
    %103 = stablehlo.multiply %100, %100 : tensor<8x4x16x1xf32>
    %cst_22 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %104 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<8x4x16x1xf32>
    %105 = stablehlo.divide %104, %103 : tensor<8x4x16x1xf32>
    %106 = stablehlo.dot_general %68, %102, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %107 = stablehlo.transpose %106, dims = [0, 3, 1, 2] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %108 = stablehlo.reshape %107 : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
    %109 = stablehlo.transpose %arg3, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %110 = stablehlo.dot_general %108, %109, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %111 = stablehlo.broadcast_in_dim %arg2, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %112 = stablehlo.broadcast_in_dim %111, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %113 = stablehlo.add %110, %112 : tensor<8x16x64xf32>
    %114 = stablehlo.add %113, %7 : tensor<8x16x64xf32>
    %115 = chlo.square %114 : tensor<8x16x64xf32> -> tensor<8x16x64xf32>
    %cst_23 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %116 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %117 = stablehlo.multiply %116, %114 : tensor<8x16x64xf32>
    %cst_24 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %118 = stablehlo.reduce(%114 init: %cst_24) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_25 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %119 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %120 = stablehlo.divide %118, %119 : tensor<8x16xf32>
    %cst_26 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %121 = stablehlo.reduce(%115 init: %cst_26) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_27 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %122 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %123 = stablehlo.divide %121, %122 : tensor<8x16xf32>
    %124 = chlo.square %120 : tensor<8x16xf32> -> tensor<8x16xf32>
    %cst_28 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %125 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %126 = stablehlo.multiply %125, %120 : tensor<8x16xf32>
    %127 = stablehlo.subtract %123, %124 : tensor<8x16xf32>
    %cst_29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %128 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %129 = stablehlo.maximum %128, %127 : tensor<8x16xf32>
    %cst_30 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %130 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %131 = stablehlo.compare GT, %127, %130, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_31 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %132 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %133 = stablehlo.compare EQ, %127, %132, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_32 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %134 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %135 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_34 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %136 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %137 = stablehlo.select %133, %136, %135 : tensor<8x16xi1>, tensor<8x16xf32>
    %138 = stablehlo.select %131, %134, %137 : tensor<8x16xi1>, tensor<8x16xf32>
    %139 = stablehlo.broadcast_in_dim %120, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %140 = stablehlo.broadcast_in_dim %129, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %141 = stablehlo.broadcast_in_dim %139, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %142 = stablehlo.subtract %114, %141 : tensor<8x16x64xf32>
    %cst_35 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %143 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %144 = stablehlo.add %140, %143 : tensor<8x16x1xf32>
    %145 = stablehlo.rsqrt %144 : tensor<8x16x1xf32>
    %146 = stablehlo.divide %145, %144 : tensor<8x16x1xf32>
    %cst_36 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %147 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %148 = stablehlo.multiply %147, %146 : tensor<8x16x1xf32>
    %149 = stablehlo.reshape %arg7 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %150 = stablehlo.broadcast_in_dim %145, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %151 = stablehlo.broadcast_in_dim %149, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %152 = stablehlo.multiply %150, %151 : tensor<8x16x64xf32>
    %153 = stablehlo.multiply %142, %152 : tensor<8x16x64xf32>
    %154 = stablehlo.reshape %arg6 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %155 = stablehlo.broadcast_in_dim %154, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %156 = stablehlo.add %153, %155 : tensor<8x16x64xf32>
    %157 = stablehlo.transpose %arg9, dims = [1, 0] : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %158 = stablehlo.dot_general %156, %157, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x256xf32>) -> tensor<8x16x256xf32>
    %159 = stablehlo.broadcast_in_dim %arg8, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %160 = stablehlo.broadcast_in_dim %159, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<8x16x256xf32>
    %161 = stablehlo.add %158, %160 : tensor<8x16x256xf32>
    %162 = stablehlo.multiply %161, %161 : tensor<8x16x256xf32>
    %163 = stablehlo.multiply %162, %161 : tensor<8x16x256xf32>
    %164 = stablehlo.multiply %161, %161 : tensor<8x16x256xf32>
    %cst_37 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %165 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %166 = stablehlo.multiply %165, %164 : tensor<8x16x256xf32>
    %cst_38 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %167 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %168 = stablehlo.multiply %167, %163 : tensor<8x16x256xf32>
    %169 = stablehlo.add %161, %168 : tensor<8x16x256xf32>
    %cst_39 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %170 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %171 = stablehlo.multiply %170, %169 : tensor<8x16x256xf32>
    %172 = stablehlo.tanh %171 : tensor<8x16x256xf32>
    %cst_40 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %173 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %174 = stablehlo.add %173, %172 : tensor<8x16x256xf32>
    %cst_41 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %175 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %176 = stablehlo.subtract %175, %172 : tensor<8x16x256xf32>
    %177 = stablehlo.multiply %174, %176 : tensor<8x16x256xf32>
    %cst_42 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %178 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %179 = stablehlo.add %178, %172 : tensor<8x16x256xf32>
    %cst_43 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %180 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %181 = stablehlo.multiply %180, %179 : tensor<8x16x256xf32>
    %182 = stablehlo.multiply %161, %181 : tensor<8x16x256xf32>
    %183 = stablehlo.transpose %arg11, dims = [1, 0] : (tensor<64x256xf32>) -> tensor<256x64xf32>
    %184 = stablehlo.dot_general %182, %183, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x256xf32>, tensor<256x64xf32>) -> tensor<8x16x64xf32>
    %185 = stablehlo.broadcast_in_dim %arg10, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %186 = stablehlo.broadcast_in_dim %185, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %187 = stablehlo.add %184, %186 : tensor<8x16x64xf32>
    %188 = stablehlo.add %114, %187 : tensor<8x16x64xf32>
    %189 = chlo.square %188 : tensor<8x16x64xf32> -> tensor<8x16x64xf32>
    %cst_44 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %190 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %191 = stablehlo.multiply %190, %188 : tensor<8x16x64xf32>
    %cst_45 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %192 = stablehlo.reduce(%188 init: %cst_45) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_46 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %193 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %194 = stablehlo.divide %192, %193 : tensor<8x16xf32>
    %cst_47 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %195 = stablehlo.reduce(%189 init: %cst_47) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_48 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %196 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %197 = stablehlo.divide %195, %196 : tensor<8x16xf32>
    %198 = chlo.square %194 : tensor<8x16xf32> -> tensor<8x16xf32>
    %cst_49 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %199 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %200 = stablehlo.multiply %199, %194 : tensor<8x16xf32>
    %201 = stablehlo.subtract %197, %198 : tensor<8x16xf32>
    %cst_50 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %202 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %203 = stablehlo.maximum %202, %201 : tensor<8x16xf32>
    %cst_51 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %204 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %205 = stablehlo.compare GT, %201, %204, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_52 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %206 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %207 = stablehlo.compare EQ, %201, %206, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_53 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %208 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_54 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %209 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_55 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %210 = stablehlo.broadcast_in_dim %cst_55, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %211 = stablehlo.select %207, %210, %209 : tensor<8x16xi1>, tensor<8x16xf32>
    %212 = stablehlo.select %205, %208, %211 : tensor<8x16xi1>, tensor<8x16xf32>
    %213 = stablehlo.broadcast_in_dim %194, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %214 = stablehlo.broadcast_in_dim %203, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %215 = stablehlo.broadcast_in_dim %213, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %216 = stablehlo.subtract %188, %215 : tensor<8x16x64xf32>
    %cst_56 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %217 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %218 = stablehlo.add %214, %217 : tensor<8x16x1xf32>
    %219 = stablehlo.rsqrt %218 : tensor<8x16x1xf32>
    %220 = stablehlo.divide %219, %218 : tensor<8x16x1xf32>
    %cst_57 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %221 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %222 = stablehlo.multiply %221, %220 : tensor<8x16x1xf32>
    %223 = stablehlo.reshape %arg17 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %224 = stablehlo.broadcast_in_dim %219, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %225 = stablehlo.broadcast_in_dim %223, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %226 = stablehlo.multiply %224, %225 : tensor<8x16x64xf32>
    %227 = stablehlo.multiply %216, %226 : tensor<8x16x64xf32>
    %228 = stablehlo.reshape %arg16 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %229 = stablehlo.broadcast_in_dim %228, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %230 = stablehlo.add %227, %229 : tensor<8x16x64xf32>
    %231 = stablehlo.iota dim = 0 : tensor<16xi32>
    %232 = stablehlo.broadcast_in_dim %231, dims = [1] : (tensor<16xi32>) -> tensor<1x16xi32>
    %233 = stablehlo.broadcast_in_dim %232, dims = [0, 1] : (tensor<1x16xi32>) -> tensor<1x16x1xi32>
    %234 = stablehlo.broadcast_in_dim %232, dims = [0, 2] : (tensor<1x16xi32>) -> tensor<1x1x16xi32>
    %235 = stablehlo.broadcast_in_dim %233, dims = [0, 1, 2] : (tensor<1x16x1xi32>) -> tensor<1x16x16xi32>
    %236 = stablehlo.broadcast_in_dim %234, dims = [0, 1, 2] : (tensor<1x1x16xi32>) -> tensor<1x16x16xi32>
    %237 = stablehlo.compare GE, %235, %236, SIGNED : (tensor<1x16x16xi32>, tensor<1x16x16xi32>) -> tensor<1x16x16xi1>
    %238 = stablehlo.broadcast_in_dim %237, dims = [0, 2, 3] : (tensor<1x16x16xi1>) -> tensor<1x1x16x16xi1>
    %239 = stablehlo.transpose %arg13, dims = [1, 0] : (tensor<192x64xf32>) -> tensor<64x192xf32>
    %240 = stablehlo.dot_general %230, %239, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x192xf32>) -> tensor<8x16x192xf32>
    %241 = stablehlo.broadcast_in_dim %arg12, dims = [2] : (tensor<192xf32>) -> tensor<1x1x192xf32>
    %242 = stablehlo.broadcast_in_dim %241, dims = [0, 1, 2] : (tensor<1x1x192xf32>) -> tensor<8x16x192xf32>
    %243 = stablehlo.add %240, %242 : tensor<8x16x192xf32>
    %244 = stablehlo.slice %243 [0:8, 0:16, 0:64] : (tensor<8x16x192xf32>) -> tensor<8x16x64xf32>
    %245 = stablehlo.slice %243 [0:8, 0:16, 64:128] : (tensor<8x16x192xf32>) -> tensor<8x16x64xf32>
    %246 = stablehlo.slice %243 [0:8, 0:16, 128:192] : (tensor<8x16x192xf32>) -> tensor<8x16x64xf32>
    %247 = stablehlo.reshape %244 : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %248 = stablehlo.reshape %245 : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %249 = stablehlo.reshape %246 : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %250 = stablehlo.broadcast_in_dim %238, dims = [0, 1, 2, 3] : (tensor<1x1x16x16xi1>) -> tensor<8x1x16x16xi1>
    %251 = stablehlo.broadcast_in_dim %4, dims = [0, 3] : (tensor<8x16xi32>) -> tensor<8x1x1x16xi32>
    %252 = stablehlo.broadcast_in_dim %251, dims = [0, 1, 2, 3] : (tensor<8x1x1x16xi32>) -> tensor<8x1x16x16xi32>
    %253 = stablehlo.convert %250 : (tensor<8x1x16x16xi1>) -> tensor<8x1x16x16xi32>
    %c_58 = stablehlo.constant dense<0> : tensor<i32>
    %254 = stablehlo.broadcast_in_dim %c_58, dims = [] : (tensor<i32>) -> tensor<8x1x16x16xi32>
    %255 = stablehlo.compare NE, %252, %254, SIGNED : (tensor<8x1x16x16xi32>, tensor<8x1x16x16xi32>) -> tensor<8x1x16x16xi1>
    %c_59 = stablehlo.constant dense<0> : tensor<i32>
    %256 = stablehlo.broadcast_in_dim %c_59, dims = [] : (tensor<i32>) -> tensor<8x1x16x16xi32>
    %257 = stablehlo.compare NE, %253, %256, SIGNED : (tensor<8x1x16x16xi32>, tensor<8x1x16x16xi32>) -> tensor<8x1x16x16xi1>
    %258 = stablehlo.and %255, %257 : tensor<8x1x16x16xi1>
    %259 = stablehlo.convert %258 : (tensor<8x1x16x16xi1>) -> tensor<8x1x16x16xf32>
    %cst_60 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %260 = stablehlo.broadcast_in_dim %cst_60, dims = [] : (tensor<f32>) -> tensor<8x1x16x16xf32>
    %261 = stablehlo.compare GT, %259, %260, FLOAT : (tensor<8x1x16x16xf32>, tensor<8x1x16x16xf32>) -> tensor<8x1x16x16xi1>
    %cst_61 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %262 = stablehlo.broadcast_in_dim %cst_61, dims = [] : (tensor<f32>) -> tensor<8x1x16x16xf32>
    %263 = stablehlo.convert %262 : tensor<8x1x16x16xf32>
    %cst_62 = stablehlo.constant dense<-3.40282347E+38> : tensor<f32>
    %264 = stablehlo.broadcast_in_dim %cst_62, dims = [] : (tensor<f32>) -> tensor<8x1x16x16xf32>
    %265 = stablehlo.select %261, %263, %264 : tensor<8x1x16x16xi1>, tensor<8x1x16x16xf32>
    %cst_63 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %266 = stablehlo.sqrt %cst_63 : tensor<f32>
    %267 = stablehlo.convert %266 : tensor<f32>
    %268 = stablehlo.broadcast_in_dim %267, dims = [] : (tensor<f32>) -> tensor<8x16x4x16xf32>
    %269 = stablehlo.divide %247, %268 : tensor<8x16x4x16xf32>
    %270 = stablehlo.dot_general %269, %248, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %271 = stablehlo.broadcast_in_dim %265, dims = [0, 1, 2, 3] : (tensor<8x1x16x16xf32>) -> tensor<8x4x16x16xf32>
    %272 = stablehlo.add %270, %271 : tensor<8x4x16x16xf32>
    %cst_64 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %273 = stablehlo.reduce(%272 init: %cst_64) applies stablehlo.maximum across dimensions = [3] : (tensor<8x4x16x16xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %cst_65 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %274 = stablehlo.broadcast_in_dim %cst_65, dims = [] : (tensor<f32>) -> tensor<8x4x16xf32>
    %275 = stablehlo.maximum %274, %273 : tensor<8x4x16xf32>
    %276 = stablehlo.broadcast_in_dim %275, dims = [0, 1, 2] : (tensor<8x4x16xf32>) -> tensor<8x4x16x1xf32>
    %277 = stablehlo.broadcast_in_dim %276, dims = [0, 1, 2, 3] : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %278 = stablehlo.subtract %272, %277 : tensor<8x4x16x16xf32>
    %279 = stablehlo.exponential %278 : tensor<8x4x16x16xf32>
    %cst_66 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %280 = stablehlo.reduce(%279 init: %cst_66) applies stablehlo.add across dimensions = [3] : (tensor<8x4x16x16xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %281 = stablehlo.broadcast_in_dim %280, dims = [0, 1, 2] : (tensor<8x4x16xf32>) -> tensor<8x4x16x1xf32>
    %282 = stablehlo.broadcast_in_dim %281, dims = [0, 1, 2, 3] : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %283 = stablehlo.divide %279, %282 : tensor<8x4x16x16xf32>
    %284 = stablehlo.multiply %281, %281 : tensor<8x4x16x1xf32>
    %cst_67 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %285 = stablehlo.broadcast_in_dim %cst_67, dims = [] : (tensor<f32>) -> tensor<8x4x16x1xf32>
    %286 = stablehlo.divide %285, %284 : tensor<8x4x16x1xf32>
    %287 = stablehlo.dot_general %249, %283, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %288 = stablehlo.transpose %287, dims = [0, 3, 1, 2] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %289 = stablehlo.reshape %288 : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
    %290 = stablehlo.transpose %arg15, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %291 = stablehlo.dot_general %289, %290, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %292 = stablehlo.broadcast_in_dim %arg14, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %293 = stablehlo.broadcast_in_dim %292, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %294 = stablehlo.add %291, %293 : tensor<8x16x64xf32>
    %295 = stablehlo.add %294, %188 : tensor<8x16x64xf32>
    %296 = chlo.square %295 : tensor<8x16x64xf32> -> tensor<8x16x64xf32>
    %cst_68 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %297 = stablehlo.broadcast_in_dim %cst_68, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %298 = stablehlo.multiply %297, %295 : tensor<8x16x64xf32>
    %cst_69 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %299 = stablehlo.reduce(%295 init: %cst_69) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_70 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %300 = stablehlo.broadcast_in_dim %cst_70, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %301 = stablehlo.divide %299, %300 : tensor<8x16xf32>
    %cst_71 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %302 = stablehlo.reduce(%296 init: %cst_71) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_72 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %303 = stablehlo.broadcast_in_dim %cst_72, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %304 = stablehlo.divide %302, %303 : tensor<8x16xf32>
    %305 = chlo.square %301 : tensor<8x16xf32> -> tensor<8x16xf32>
    %cst_73 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %306 = stablehlo.broadcast_in_dim %cst_73, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %307 = stablehlo.multiply %306, %301 : tensor<8x16xf32>
    %308 = stablehlo.subtract %304, %305 : tensor<8x16xf32>
    %cst_74 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %309 = stablehlo.broadcast_in_dim %cst_74, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %310 = stablehlo.maximum %309, %308 : tensor<8x16xf32>
    %cst_75 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %311 = stablehlo.broadcast_in_dim %cst_75, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %312 = stablehlo.compare GT, %308, %311, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_76 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %313 = stablehlo.broadcast_in_dim %cst_76, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %314 = stablehlo.compare EQ, %308, %313, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_77 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %315 = stablehlo.broadcast_in_dim %cst_77, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_78 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %316 = stablehlo.broadcast_in_dim %cst_78, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_79 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %317 = stablehlo.broadcast_in_dim %cst_79, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %318 = stablehlo.select %314, %317, %316 : tensor<8x16xi1>, tensor<8x16xf32>
    %319 = stablehlo.select %312, %315, %318 : tensor<8x16xi1>, tensor<8x16xf32>
    %320 = stablehlo.broadcast_in_dim %301, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %321 = stablehlo.broadcast_in_dim %310, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %322 = stablehlo.broadcast_in_dim %320, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %323 = stablehlo.subtract %295, %322 : tensor<8x16x64xf32>
    %cst_80 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %324 = stablehlo.broadcast_in_dim %cst_80, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %325 = stablehlo.add %321, %324 : tensor<8x16x1xf32>
    %326 = stablehlo.rsqrt %325 : tensor<8x16x1xf32>
    %327 = stablehlo.divide %326, %325 : tensor<8x16x1xf32>
    %cst_81 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %328 = stablehlo.broadcast_in_dim %cst_81, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %329 = stablehlo.multiply %328, %327 : tensor<8x16x1xf32>
    %330 = stablehlo.reshape %arg19 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %331 = stablehlo.broadcast_in_dim %326, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %332 = stablehlo.broadcast_in_dim %330, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %333 = stablehlo.multiply %331, %332 : tensor<8x16x64xf32>
    %334 = stablehlo.multiply %323, %333 : tensor<8x16x64xf32>
    %335 = stablehlo.reshape %arg18 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %336 = stablehlo.broadcast_in_dim %335, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %337 = stablehlo.add %334, %336 : tensor<8x16x64xf32>
    %338 = stablehlo.transpose %arg21, dims = [1, 0] : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %339 = stablehlo.dot_general %337, %338, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x256xf32>) -> tensor<8x16x256xf32>
    %340 = stablehlo.broadcast_in_dim %arg20, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %341 = stablehlo.broadcast_in_dim %340, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<8x16x256xf32>
    %342 = stablehlo.add %339, %341 : tensor<8x16x256xf32>
    %343 = stablehlo.multiply %342, %342 : tensor<8x16x256xf32>
    %344 = stablehlo.multiply %343, %342 : tensor<8x16x256xf32>
    %345 = stablehlo.multiply %342, %342 : tensor<8x16x256xf32>
    %cst_82 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %346 = stablehlo.broadcast_in_dim %cst_82, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %347 = stablehlo.multiply %346, %345 : tensor<8x16x256xf32>
    %cst_83 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %348 = stablehlo.broadcast_in_dim %cst_83, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %349 = stablehlo.multiply %348, %344 : tensor<8x16x256xf32>
    %350 = stablehlo.add %342, %349 : tensor<8x16x256xf32>
    %cst_84 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %351 = stablehlo.broadcast_in_dim %cst_84, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %352 = stablehlo.multiply %351, %350 : tensor<8x16x256xf32>
    %353 = stablehlo.tanh %352 : tensor<8x16x256xf32>
    %cst_85 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %354 = stablehlo.broadcast_in_dim %cst_85, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %355 = stablehlo.add %354, %353 : tensor<8x16x256xf32>
    %cst_86 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %356 = stablehlo.broadcast_in_dim %cst_86, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %357 = stablehlo.subtract %356, %353 : tensor<8x16x256xf32>
    %358 = stablehlo.multiply %355, %357 : tensor<8x16x256xf32>
    %cst_87 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %359 = stablehlo.broadcast_in_dim %cst_87, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %360 = stablehlo.add %359, %353 : tensor<8x16x256xf32>
    %cst_88 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %361 = stablehlo.broadcast_in_dim %cst_88, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %362 = stablehlo.multiply %361, %360 : tensor<8x16x256xf32>
    %363 = stablehlo.multiply %342, %362 : tensor<8x16x256xf32>
    %364 = stablehlo.transpose %arg23, dims = [1, 0] : (tensor<64x256xf32>) -> tensor<256x64xf32>
    %365 = stablehlo.dot_general %363, %364, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x256xf32>, tensor<256x64xf32>) -> tensor<8x16x64xf32>
    %366 = stablehlo.broadcast_in_dim %arg22, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %367 = stablehlo.broadcast_in_dim %366, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %368 = stablehlo.add %365, %367 : tensor<8x16x64xf32>
    %369 = stablehlo.add %295, %368 : tensor<8x16x64xf32>
    %370 = chlo.square %369 : tensor<8x16x64xf32> -> tensor<8x16x64xf32>
    %cst_89 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %371 = stablehlo.broadcast_in_dim %cst_89, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %372 = stablehlo.multiply %371, %369 : tensor<8x16x64xf32>
    %cst_90 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %373 = stablehlo.reduce(%369 init: %cst_90) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_91 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %374 = stablehlo.broadcast_in_dim %cst_91, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %375 = stablehlo.divide %373, %374 : tensor<8x16xf32>
    %cst_92 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %376 = stablehlo.reduce(%370 init: %cst_92) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_93 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %377 = stablehlo.broadcast_in_dim %cst_93, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %378 = stablehlo.divide %376, %377 : tensor<8x16xf32>
    %379 = chlo.square %375 : tensor<8x16xf32> -> tensor<8x16xf32>
    %cst_94 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %380 = stablehlo.broadcast_in_dim %cst_94, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %381 = stablehlo.multiply %380, %375 : tensor<8x16xf32>
    %382 = stablehlo.subtract %378, %379 : tensor<8x16xf32>
    %cst_95 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %383 = stablehlo.broadcast_in_dim %cst_95, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %384 = stablehlo.maximum %383, %382 : tensor<8x16xf32>
    %cst_96 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %385 = stablehlo.broadcast_in_dim %cst_96, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %386 = stablehlo.compare GT, %382, %385, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_97 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %387 = stablehlo.broadcast_in_dim %cst_97, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %388 = stablehlo.compare EQ, %382, %387, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_98 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %389 = stablehlo.broadcast_in_dim %cst_98, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_99 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %390 = stablehlo.broadcast_in_dim %cst_99, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_100 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %391 = stablehlo.broadcast_in_dim %cst_100, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %392 = stablehlo.select %388, %391, %390 : tensor<8x16xi1>, tensor<8x16xf32>
    %393 = stablehlo.select %386, %389, %392 : tensor<8x16xi1>, tensor<8x16xf32>
    %394 = stablehlo.broadcast_in_dim %375, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %395 = stablehlo.broadcast_in_dim %384, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %396 = stablehlo.broadcast_in_dim %394, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %397 = stablehlo.subtract %369, %396 : tensor<8x16x64xf32>
    %cst_101 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %398 = stablehlo.broadcast_in_dim %cst_101, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %399 = stablehlo.add %395, %398 : tensor<8x16x1xf32>
    %400 = stablehlo.rsqrt %399 : tensor<8x16x1xf32>
    %401 = stablehlo.divide %400, %399 : tensor<8x16x1xf32>
    %cst_102 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %402 = stablehlo.broadcast_in_dim %cst_102, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %403 = stablehlo.multiply %402, %401 : tensor<8x16x1xf32>
    %404 = stablehlo.reshape %arg25 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %405 = stablehlo.broadcast_in_dim %400, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %406 = stablehlo.broadcast_in_dim %404, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %407 = stablehlo.multiply %405, %406 : tensor<8x16x64xf32>
    %408 = stablehlo.multiply %397, %407 : tensor<8x16x64xf32>
    %409 = stablehlo.reshape %arg24 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %410 = stablehlo.broadcast_in_dim %409, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %411 = stablehlo.add %408, %410 : tensor<8x16x64xf32>
    %412 = stablehlo.transpose %arg27, dims = [1, 0] : (tensor<512x64xf32>) -> tensor<64x512xf32>
    %413 = stablehlo.dot_general %411, %412, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x512xf32>) -> tensor<8x16x512xf32>
    %414 = call @_roll_static(%arg28) : (tensor<8x16xi32>) -> tensor<8x16xi32>
    %415:3 = call @log_softmax(%413) : (tensor<8x16x512xf32>) -> (tensor<8x16x512xf32>, tensor<8x16x512xf32>, tensor<8x16x1xf32>)
    %416 = stablehlo.broadcast_in_dim %414, dims = [0, 1] : (tensor<8x16xi32>) -> tensor<8x16x1xi32>
    %417:2 = call @take_along_axis(%415#0, %416) : (tensor<8x16x512xf32>, tensor<8x16x1xi32>) -> (tensor<8x16x1xf32>, tensor<8x16x1x1xi32>)
    %cst_103 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %418 = stablehlo.reduce(%417#0 init: %cst_103) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<f32>
    %cst_104 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %419 = stablehlo.divide %418, %cst_104 : tensor<f32>
    %420 = stablehlo.negate %419 : tensor<f32>
    %cst_105 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %421 = stablehlo.negate %cst_105 : tensor<f32>
    %cst_106 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %422 = stablehlo.divide %421, %cst_106 : tensor<f32>
    %423 = stablehlo.broadcast_in_dim %422, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %424 = call @take_along_axis_1(%417#1, %423) : (tensor<8x16x1x1xi32>, tensor<8x16x1xf32>) -> tensor<8x16x512xf32>
    %425 = call @log_softmax_2(%415#1, %415#2, %424) : (tensor<8x16x512xf32>, tensor<8x16x1xf32>, tensor<8x16x512xf32>) -> tensor<8x16x512xf32>
    %426 = stablehlo.dot_general %425, %411, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x512xf32>, tensor<8x16x64xf32>) -> tensor<512x64xf32>
    %427 = stablehlo.transpose %426, dims = [1, 0] : (tensor<512x64xf32>) -> tensor<64x512xf32>
    %428 = stablehlo.dot_general %425, %412, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x512xf32>, tensor<64x512xf32>) -> tensor<8x16x64xf32>
    %429 = stablehlo.transpose %427, dims = [1, 0] : (tensor<64x512xf32>) -> tensor<512x64xf32>
    %cst_107 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %430 = stablehlo.reduce(%428 init: %cst_107) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %431 = stablehlo.reshape %430 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %432 = stablehlo.reshape %431 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %433 = stablehlo.multiply %397, %428 : tensor<8x16x64xf32>
    %434 = stablehlo.multiply %428, %407 : tensor<8x16x64xf32>
    %435 = stablehlo.broadcast_in_dim %400, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %436 = stablehlo.multiply %435, %433 : tensor<8x16x64xf32>
    %cst_108 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %437 = stablehlo.reduce(%436 init: %cst_108) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %438 = stablehlo.reshape %437 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %439 = stablehlo.broadcast_in_dim %404, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %440 = stablehlo.multiply %433, %439 : tensor<8x16x64xf32>
    %cst_109 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %441 = stablehlo.reduce(%440 init: %cst_109) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %442 = stablehlo.reshape %441 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %443 = stablehlo.reshape %438 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %444 = stablehlo.multiply %442, %403 : tensor<8x16x1xf32>
    %445 = stablehlo.negate %434 : tensor<8x16x64xf32>
    %cst_110 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %446 = stablehlo.reduce(%445 init: %cst_110) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %447 = stablehlo.reshape %446 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %cst_111 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %448 = stablehlo.reduce(%444 init: %cst_111) applies stablehlo.add across dimensions = [2] : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_112 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %449 = stablehlo.reduce(%447 init: %cst_112) applies stablehlo.add across dimensions = [2] : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %450 = stablehlo.multiply %448, %393 : tensor<8x16xf32>
    %451 = stablehlo.negate %450 : tensor<8x16xf32>
    %452 = stablehlo.multiply %451, %381 : tensor<8x16xf32>
    %453 = stablehlo.add %449, %452 : tensor<8x16xf32>
    %cst_113 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %454 = stablehlo.broadcast_in_dim %cst_113, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %455 = stablehlo.divide %450, %454 : tensor<8x16xf32>
    %456 = stablehlo.broadcast_in_dim %455, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %cst_114 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %457 = stablehlo.broadcast_in_dim %cst_114, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %458 = stablehlo.divide %453, %457 : tensor<8x16xf32>
    %459 = stablehlo.broadcast_in_dim %458, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %460 = stablehlo.add %434, %459 : tensor<8x16x64xf32>
    %461 = stablehlo.multiply %456, %372 : tensor<8x16x64xf32>
    %462 = stablehlo.add %460, %461 : tensor<8x16x64xf32>
    %cst_115 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %463 = stablehlo.reduce(%462 init: %cst_115) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %464 = stablehlo.reshape %463 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %cst_116 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %465 = stablehlo.reduce(%464 init: %cst_116) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %466 = stablehlo.dot_general %462, %363, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<8x16x256xf32>) -> tensor<64x256xf32>
    %467 = stablehlo.transpose %466, dims = [1, 0] : (tensor<64x256xf32>) -> tensor<256x64xf32>
    %468 = stablehlo.dot_general %462, %364, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<256x64xf32>) -> tensor<8x16x256xf32>
    %469 = stablehlo.transpose %467, dims = [1, 0] : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %470 = stablehlo.multiply %342, %468 : tensor<8x16x256xf32>
    %471 = stablehlo.multiply %468, %362 : tensor<8x16x256xf32>
    %cst_117 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %472 = stablehlo.broadcast_in_dim %cst_117, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %473 = stablehlo.multiply %472, %470 : tensor<8x16x256xf32>
    %474 = stablehlo.multiply %473, %358 : tensor<8x16x256xf32>
    %cst_118 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %475 = stablehlo.broadcast_in_dim %cst_118, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %476 = stablehlo.multiply %475, %474 : tensor<8x16x256xf32>
    %477 = stablehlo.add %471, %476 : tensor<8x16x256xf32>
    %cst_119 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %478 = stablehlo.broadcast_in_dim %cst_119, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %479 = stablehlo.multiply %478, %476 : tensor<8x16x256xf32>
    %480 = stablehlo.multiply %479, %347 : tensor<8x16x256xf32>
    %481 = stablehlo.add %477, %480 : tensor<8x16x256xf32>
    %cst_120 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %482 = stablehlo.reduce(%481 init: %cst_120) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x256xf32>, tensor<f32>) -> tensor<256xf32>
    %483 = stablehlo.reshape %482 : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %cst_121 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %484 = stablehlo.reduce(%483 init: %cst_121) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x256xf32>, tensor<f32>) -> tensor<256xf32>
    %485 = stablehlo.dot_general %481, %337, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x256xf32>, tensor<8x16x64xf32>) -> tensor<256x64xf32>
    %486 = stablehlo.transpose %485, dims = [1, 0] : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %487 = stablehlo.dot_general %481, %338, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x256xf32>, tensor<64x256xf32>) -> tensor<8x16x64xf32>
    %488 = stablehlo.transpose %486, dims = [1, 0] : (tensor<64x256xf32>) -> tensor<256x64xf32>
    %cst_122 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %489 = stablehlo.reduce(%487 init: %cst_122) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %490 = stablehlo.reshape %489 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %491 = stablehlo.reshape %490 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %492 = stablehlo.multiply %323, %487 : tensor<8x16x64xf32>
    %493 = stablehlo.multiply %487, %333 : tensor<8x16x64xf32>
    %494 = stablehlo.broadcast_in_dim %326, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %495 = stablehlo.multiply %494, %492 : tensor<8x16x64xf32>
    %cst_123 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %496 = stablehlo.reduce(%495 init: %cst_123) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %497 = stablehlo.reshape %496 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %498 = stablehlo.broadcast_in_dim %330, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %499 = stablehlo.multiply %492, %498 : tensor<8x16x64xf32>
    %cst_124 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %500 = stablehlo.reduce(%499 init: %cst_124) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %501 = stablehlo.reshape %500 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %502 = stablehlo.reshape %497 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %503 = stablehlo.multiply %501, %329 : tensor<8x16x1xf32>
    %504 = stablehlo.negate %493 : tensor<8x16x64xf32>
    %cst_125 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %505 = stablehlo.reduce(%504 init: %cst_125) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %506 = stablehlo.reshape %505 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %507 = stablehlo.add %462, %493 : tensor<8x16x64xf32>
    %cst_126 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %508 = stablehlo.reduce(%503 init: %cst_126) applies stablehlo.add across dimensions = [2] : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_127 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %509 = stablehlo.reduce(%506 init: %cst_127) applies stablehlo.add across dimensions = [2] : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %510 = stablehlo.multiply %508, %319 : tensor<8x16xf32>
    %511 = stablehlo.negate %510 : tensor<8x16xf32>
    %512 = stablehlo.multiply %511, %307 : tensor<8x16xf32>
    %513 = stablehlo.add %509, %512 : tensor<8x16xf32>
    %cst_128 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %514 = stablehlo.broadcast_in_dim %cst_128, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %515 = stablehlo.divide %510, %514 : tensor<8x16xf32>
    %516 = stablehlo.broadcast_in_dim %515, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %cst_129 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %517 = stablehlo.broadcast_in_dim %cst_129, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %518 = stablehlo.divide %513, %517 : tensor<8x16xf32>
    %519 = stablehlo.broadcast_in_dim %518, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %520 = stablehlo.add %507, %519 : tensor<8x16x64xf32>
    %521 = stablehlo.multiply %516, %298 : tensor<8x16x64xf32>
    %522 = stablehlo.add %520, %521 : tensor<8x16x64xf32>
    %cst_130 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %523 = stablehlo.reduce(%522 init: %cst_130) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %524 = stablehlo.reshape %523 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %cst_131 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %525 = stablehlo.reduce(%524 init: %cst_131) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %526 = stablehlo.dot_general %522, %289, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<64x64xf32>
    %527 = stablehlo.transpose %526, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %528 = stablehlo.dot_general %522, %290, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %529 = stablehlo.transpose %527, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %530 = stablehlo.reshape %528 : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %531 = stablehlo.transpose %530, dims = [0, 2, 3, 1] : (tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %532 = stablehlo.dot_general %531, %249, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %533 = stablehlo.dot_general %531, %283, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %534 = stablehlo.transpose %533, dims = [0, 3, 1, 2] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %535 = stablehlo.broadcast_in_dim %286, dims = [0, 1, 2, 3] : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %536 = stablehlo.multiply %532, %535 : tensor<8x4x16x16xf32>
    %537 = stablehlo.multiply %536, %279 : tensor<8x4x16x16xf32>
    %cst_132 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %538 = stablehlo.reduce(%537 init: %cst_132) applies stablehlo.add across dimensions = [3] : (tensor<8x4x16x16xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %539 = stablehlo.reshape %538 : (tensor<8x4x16xf32>) -> tensor<8x4x16x1xf32>
    %540 = stablehlo.negate %539 : tensor<8x4x16x1xf32>
    %541 = stablehlo.broadcast_in_dim %281, dims = [0, 1, 2, 3] : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %542 = stablehlo.divide %532, %541 : tensor<8x4x16x16xf32>
    %cst_133 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %543 = stablehlo.reduce(%540 init: %cst_133) applies stablehlo.add across dimensions = [3] : (tensor<8x4x16x1xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %544 = stablehlo.broadcast_in_dim %543, dims = [0, 1, 2] : (tensor<8x4x16xf32>) -> tensor<8x4x16x16xf32>
    %545 = stablehlo.add %542, %544 : tensor<8x4x16x16xf32>
    %546 = stablehlo.multiply %545, %279 : tensor<8x4x16x16xf32>
    %547 = stablehlo.dot_general %546, %269, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %548 = stablehlo.transpose %547, dims = [0, 2, 1, 3] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %549 = stablehlo.dot_general %546, %248, batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %550 = stablehlo.transpose %549, dims = [0, 2, 1, 3] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %551 = stablehlo.broadcast_in_dim %267, dims = [] : (tensor<f32>) -> tensor<8x16x4x16xf32>
    %552 = stablehlo.divide %550, %551 : tensor<8x16x4x16xf32>
    %553 = stablehlo.reshape %534 : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
    %554 = stablehlo.reshape %548 : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
    %555 = stablehlo.reshape %552 : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
    %556 = stablehlo.concatenate %555, %554, %553, dim = 2 : (tensor<8x16x64xf32>, tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x192xf32>
    %cst_134 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %557 = stablehlo.reduce(%556 init: %cst_134) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x192xf32>, tensor<f32>) -> tensor<192xf32>
    %558 = stablehlo.reshape %557 : (tensor<192xf32>) -> tensor<1x1x192xf32>
    %cst_135 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %559 = stablehlo.reduce(%558 init: %cst_135) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x192xf32>, tensor<f32>) -> tensor<192xf32>
    %560 = stablehlo.dot_general %556, %230, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x192xf32>, tensor<8x16x64xf32>) -> tensor<192x64xf32>
    %561 = stablehlo.transpose %560, dims = [1, 0] : (tensor<192x64xf32>) -> tensor<64x192xf32>
    %562 = stablehlo.dot_general %556, %239, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x192xf32>, tensor<64x192xf32>) -> tensor<8x16x64xf32>
    %563 = stablehlo.transpose %561, dims = [1, 0] : (tensor<64x192xf32>) -> tensor<192x64xf32>
    %cst_136 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %564 = stablehlo.reduce(%562 init: %cst_136) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %565 = stablehlo.reshape %564 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %566 = stablehlo.reshape %565 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %567 = stablehlo.multiply %216, %562 : tensor<8x16x64xf32>
    %568 = stablehlo.multiply %562, %226 : tensor<8x16x64xf32>
    %569 = stablehlo.broadcast_in_dim %219, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %570 = stablehlo.multiply %569, %567 : tensor<8x16x64xf32>
    %cst_137 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %571 = stablehlo.reduce(%570 init: %cst_137) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %572 = stablehlo.reshape %571 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %573 = stablehlo.broadcast_in_dim %223, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %574 = stablehlo.multiply %567, %573 : tensor<8x16x64xf32>
    %cst_138 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %575 = stablehlo.reduce(%574 init: %cst_138) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %576 = stablehlo.reshape %575 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %577 = stablehlo.reshape %572 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %578 = stablehlo.multiply %576, %222 : tensor<8x16x1xf32>
    %579 = stablehlo.negate %568 : tensor<8x16x64xf32>
    %cst_139 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %580 = stablehlo.reduce(%579 init: %cst_139) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %581 = stablehlo.reshape %580 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %582 = stablehlo.add %522, %568 : tensor<8x16x64xf32>
    %cst_140 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %583 = stablehlo.reduce(%578 init: %cst_140) applies stablehlo.add across dimensions = [2] : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_141 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %584 = stablehlo.reduce(%581 init: %cst_141) applies stablehlo.add across dimensions = [2] : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %585 = stablehlo.multiply %583, %212 : tensor<8x16xf32>
    %586 = stablehlo.negate %585 : tensor<8x16xf32>
    %587 = stablehlo.multiply %586, %200 : tensor<8x16xf32>
    %588 = stablehlo.add %584, %587 : tensor<8x16xf32>
    %cst_142 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %589 = stablehlo.broadcast_in_dim %cst_142, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %590 = stablehlo.divide %585, %589 : tensor<8x16xf32>
    %591 = stablehlo.broadcast_in_dim %590, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %cst_143 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %592 = stablehlo.broadcast_in_dim %cst_143, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %593 = stablehlo.divide %588, %592 : tensor<8x16xf32>
    %594 = stablehlo.broadcast_in_dim %593, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %595 = stablehlo.add %582, %594 : tensor<8x16x64xf32>
    %596 = stablehlo.multiply %591, %191 : tensor<8x16x64xf32>
    %597 = stablehlo.add %595, %596 : tensor<8x16x64xf32>
    %cst_144 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %598 = stablehlo.reduce(%597 init: %cst_144) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %599 = stablehlo.reshape %598 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %cst_145 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %600 = stablehlo.reduce(%599 init: %cst_145) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %601 = stablehlo.dot_general %597, %182, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<8x16x256xf32>) -> tensor<64x256xf32>
    %602 = stablehlo.transpose %601, dims = [1, 0] : (tensor<64x256xf32>) -> tensor<256x64xf32>
    %603 = stablehlo.dot_general %597, %183, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<256x64xf32>) -> tensor<8x16x256xf32>
    %604 = stablehlo.transpose %602, dims = [1, 0] : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %605 = stablehlo.multiply %161, %603 : tensor<8x16x256xf32>
    %606 = stablehlo.multiply %603, %181 : tensor<8x16x256xf32>
    %cst_146 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %607 = stablehlo.broadcast_in_dim %cst_146, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %608 = stablehlo.multiply %607, %605 : tensor<8x16x256xf32>
    %609 = stablehlo.multiply %608, %177 : tensor<8x16x256xf32>
    %cst_147 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %610 = stablehlo.broadcast_in_dim %cst_147, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %611 = stablehlo.multiply %610, %609 : tensor<8x16x256xf32>
    %612 = stablehlo.add %606, %611 : tensor<8x16x256xf32>
    %cst_148 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %613 = stablehlo.broadcast_in_dim %cst_148, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %614 = stablehlo.multiply %613, %611 : tensor<8x16x256xf32>
    %615 = stablehlo.multiply %614, %166 : tensor<8x16x256xf32>
    %616 = stablehlo.add %612, %615 : tensor<8x16x256xf32>
    %cst_149 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %617 = stablehlo.reduce(%616 init: %cst_149) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x256xf32>, tensor<f32>) -> tensor<256xf32>
    %618 = stablehlo.reshape %617 : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %cst_150 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %619 = stablehlo.reduce(%618 init: %cst_150) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x256xf32>, tensor<f32>) -> tensor<256xf32>
    %620 = stablehlo.dot_general %616, %156, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x256xf32>, tensor<8x16x64xf32>) -> tensor<256x64xf32>
    %621 = stablehlo.transpose %620, dims = [1, 0] : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %622 = stablehlo.dot_general %616, %157, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x256xf32>, tensor<64x256xf32>) -> tensor<8x16x64xf32>
    %623 = stablehlo.transpose %621, dims = [1, 0] : (tensor<64x256xf32>) -> tensor<256x64xf32>
    %cst_151 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %624 = stablehlo.reduce(%622 init: %cst_151) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %625 = stablehlo.reshape %624 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %626 = stablehlo.reshape %625 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %627 = stablehlo.multiply %142, %622 : tensor<8x16x64xf32>
    %628 = stablehlo.multiply %622, %152 : tensor<8x16x64xf32>
    %629 = stablehlo.broadcast_in_dim %145, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %630 = stablehlo.multiply %629, %627 : tensor<8x16x64xf32>
    %cst_152 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %631 = stablehlo.reduce(%630 init: %cst_152) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %632 = stablehlo.reshape %631 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %633 = stablehlo.broadcast_in_dim %149, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %634 = stablehlo.multiply %627, %633 : tensor<8x16x64xf32>
    %cst_153 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %635 = stablehlo.reduce(%634 init: %cst_153) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %636 = stablehlo.reshape %635 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %637 = stablehlo.reshape %632 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %638 = stablehlo.multiply %636, %148 : tensor<8x16x1xf32>
    %639 = stablehlo.negate %628 : tensor<8x16x64xf32>
    %cst_154 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %640 = stablehlo.reduce(%639 init: %cst_154) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %641 = stablehlo.reshape %640 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %642 = stablehlo.add %597, %628 : tensor<8x16x64xf32>
    %cst_155 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %643 = stablehlo.reduce(%638 init: %cst_155) applies stablehlo.add across dimensions = [2] : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_156 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %644 = stablehlo.reduce(%641 init: %cst_156) applies stablehlo.add across dimensions = [2] : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %645 = stablehlo.multiply %643, %138 : tensor<8x16xf32>
    %646 = stablehlo.negate %645 : tensor<8x16xf32>
    %647 = stablehlo.multiply %646, %126 : tensor<8x16xf32>
    %648 = stablehlo.add %644, %647 : tensor<8x16xf32>
    %cst_157 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %649 = stablehlo.broadcast_in_dim %cst_157, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %650 = stablehlo.divide %645, %649 : tensor<8x16xf32>
    %651 = stablehlo.broadcast_in_dim %650, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %cst_158 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %652 = stablehlo.broadcast_in_dim %cst_158, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %653 = stablehlo.divide %648, %652 : tensor<8x16xf32>
    %654 = stablehlo.broadcast_in_dim %653, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %655 = stablehlo.add %642, %654 : tensor<8x16x64xf32>
    %656 = stablehlo.multiply %651, %117 : tensor<8x16x64xf32>
    %657 = stablehlo.add %655, %656 : tensor<8x16x64xf32>
    %cst_159 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %658 = stablehlo.reduce(%657 init: %cst_159) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %659 = stablehlo.reshape %658 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %cst_160 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %660 = stablehlo.reduce(%659 init: %cst_160) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %661 = stablehlo.dot_general %657, %108, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<64x64xf32>
    %662 = stablehlo.transpose %661, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %663 = stablehlo.dot_general %657, %109, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %664 = stablehlo.transpose %662, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %665 = stablehlo.reshape %663 : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %666 = stablehlo.transpose %665, dims = [0, 2, 3, 1] : (tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %667 = stablehlo.dot_general %666, %68, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %668 = stablehlo.dot_general %666, %102, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %669 = stablehlo.transpose %668, dims = [0, 3, 1, 2] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %670 = stablehlo.broadcast_in_dim %105, dims = [0, 1, 2, 3] : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %671 = stablehlo.multiply %667, %670 : tensor<8x4x16x16xf32>
    %672 = stablehlo.multiply %671, %98 : tensor<8x4x16x16xf32>
    %cst_161 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %673 = stablehlo.reduce(%672 init: %cst_161) applies stablehlo.add across dimensions = [3] : (tensor<8x4x16x16xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %674 = stablehlo.reshape %673 : (tensor<8x4x16xf32>) -> tensor<8x4x16x1xf32>
    %675 = stablehlo.negate %674 : tensor<8x4x16x1xf32>
    %676 = stablehlo.broadcast_in_dim %100, dims = [0, 1, 2, 3] : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %677 = stablehlo.divide %667, %676 : tensor<8x4x16x16xf32>
    %cst_162 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %678 = stablehlo.reduce(%675 init: %cst_162) applies stablehlo.add across dimensions = [3] : (tensor<8x4x16x1xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %679 = stablehlo.broadcast_in_dim %678, dims = [0, 1, 2] : (tensor<8x4x16xf32>) -> tensor<8x4x16x16xf32>
    %680 = stablehlo.add %677, %679 : tensor<8x4x16x16xf32>
    %681 = stablehlo.multiply %680, %98 : tensor<8x4x16x16xf32>
    %682 = stablehlo.dot_general %681, %88, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %683 = stablehlo.transpose %682, dims = [0, 2, 1, 3] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %684 = stablehlo.dot_general %681, %67, batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %685 = stablehlo.transpose %684, dims = [0, 2, 1, 3] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %686 = stablehlo.broadcast_in_dim %86, dims = [] : (tensor<f32>) -> tensor<8x16x4x16xf32>
    %687 = stablehlo.divide %685, %686 : tensor<8x16x4x16xf32>
    %688 = stablehlo.reshape %669 : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
    %689 = stablehlo.reshape %683 : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
    %690 = stablehlo.reshape %687 : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
    %691 = stablehlo.concatenate %690, %689, %688, dim = 2 : (tensor<8x16x64xf32>, tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x192xf32>
    %cst_163 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %692 = stablehlo.reduce(%691 init: %cst_163) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x192xf32>, tensor<f32>) -> tensor<192xf32>
    %693 = stablehlo.reshape %692 : (tensor<192xf32>) -> tensor<1x1x192xf32>
    %cst_164 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %694 = stablehlo.reduce(%693 init: %cst_164) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x192xf32>, tensor<f32>) -> tensor<192xf32>
    %695 = stablehlo.dot_general %691, %49, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x192xf32>, tensor<8x16x64xf32>) -> tensor<192x64xf32>
    %696 = stablehlo.transpose %695, dims = [1, 0] : (tensor<192x64xf32>) -> tensor<64x192xf32>
    %697 = stablehlo.dot_general %691, %58, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x192xf32>, tensor<64x192xf32>) -> tensor<8x16x64xf32>
    %698 = stablehlo.transpose %696, dims = [1, 0] : (tensor<64x192xf32>) -> tensor<192x64xf32>
    %cst_165 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %699 = stablehlo.reduce(%697 init: %cst_165) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %700 = stablehlo.reshape %699 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %701 = stablehlo.reshape %700 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %702 = stablehlo.multiply %35, %697 : tensor<8x16x64xf32>
    %703 = stablehlo.multiply %697, %45 : tensor<8x16x64xf32>
    %704 = stablehlo.broadcast_in_dim %38, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %705 = stablehlo.multiply %704, %702 : tensor<8x16x64xf32>
    %cst_166 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %706 = stablehlo.reduce(%705 init: %cst_166) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %707 = stablehlo.reshape %706 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %708 = stablehlo.broadcast_in_dim %42, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %709 = stablehlo.multiply %702, %708 : tensor<8x16x64xf32>
    %cst_167 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %710 = stablehlo.reduce(%709 init: %cst_167) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %711 = stablehlo.reshape %710 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %712 = stablehlo.reshape %707 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %713 = stablehlo.multiply %711, %41 : tensor<8x16x1xf32>
    %714 = stablehlo.negate %703 : tensor<8x16x64xf32>
    %cst_168 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %715 = stablehlo.reduce(%714 init: %cst_168) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %716 = stablehlo.reshape %715 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %717 = stablehlo.add %657, %703 : tensor<8x16x64xf32>
    %cst_169 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %718 = stablehlo.reduce(%713 init: %cst_169) applies stablehlo.add across dimensions = [2] : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_170 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %719 = stablehlo.reduce(%716 init: %cst_170) applies stablehlo.add across dimensions = [2] : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %720 = stablehlo.multiply %718, %31 : tensor<8x16xf32>
    %721 = stablehlo.negate %720 : tensor<8x16xf32>
    %722 = stablehlo.multiply %721, %19 : tensor<8x16xf32>
    %723 = stablehlo.add %719, %722 : tensor<8x16xf32>
    %cst_171 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %724 = stablehlo.broadcast_in_dim %cst_171, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %725 = stablehlo.divide %720, %724 : tensor<8x16xf32>
    %726 = stablehlo.broadcast_in_dim %725, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %cst_172 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %727 = stablehlo.broadcast_in_dim %cst_172, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %728 = stablehlo.divide %723, %727 : tensor<8x16xf32>
    %729 = stablehlo.broadcast_in_dim %728, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %730 = stablehlo.add %717, %729 : tensor<8x16x64xf32>
    %731 = stablehlo.multiply %726, %10 : tensor<8x16x64xf32>
    %732 = stablehlo.add %730, %731 : tensor<8x16x64xf32>
    %733 = call @_take_3(%6#1, %732) : (tensor<8x16x1xi32>, tensor<8x16x64xf32>) -> tensor<16x64xf32>
    %734 = call @_take_4(%5#1, %732) : (tensor<8x16x1xi32>, tensor<8x16x64xf32>) -> tensor<512x64xf32>
    %735 = stablehlo.add %429, %734 : tensor<512x64xf32>
    %cst_173 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %736 = stablehlo.broadcast_in_dim %cst_173, dims = [] : (tensor<f32>) -> tensor<192xf32>
    %737 = stablehlo.multiply %736, %694 : tensor<192xf32>
    %738 = stablehlo.subtract %arg0, %737 : tensor<192xf32>
    %cst_174 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %739 = stablehlo.broadcast_in_dim %cst_174, dims = [] : (tensor<f32>) -> tensor<192x64xf32>
    %740 = stablehlo.multiply %739, %698 : tensor<192x64xf32>
    %741 = stablehlo.subtract %arg1, %740 : tensor<192x64xf32>
    %cst_175 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %742 = stablehlo.broadcast_in_dim %cst_175, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %743 = stablehlo.multiply %742, %660 : tensor<64xf32>
    %744 = stablehlo.subtract %arg2, %743 : tensor<64xf32>
    %cst_176 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %745 = stablehlo.broadcast_in_dim %cst_176, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %746 = stablehlo.multiply %745, %664 : tensor<64x64xf32>
    %747 = stablehlo.subtract %arg3, %746 : tensor<64x64xf32>
    %cst_177 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %748 = stablehlo.broadcast_in_dim %cst_177, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %749 = stablehlo.multiply %748, %701 : tensor<64xf32>
    %750 = stablehlo.subtract %arg4, %749 : tensor<64xf32>
    %cst_178 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %751 = stablehlo.broadcast_in_dim %cst_178, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %752 = stablehlo.multiply %751, %712 : tensor<64xf32>
    %753 = stablehlo.subtract %arg5, %752 : tensor<64xf32>
    %cst_179 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %754 = stablehlo.broadcast_in_dim %cst_179, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %755 = stablehlo.multiply %754, %626 : tensor<64xf32>
    %756 = stablehlo.subtract %arg6, %755 : tensor<64xf32>
    %cst_180 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %757 = stablehlo.broadcast_in_dim %cst_180, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %758 = stablehlo.multiply %757, %637 : tensor<64xf32>
    %759 = stablehlo.subtract %arg7, %758 : tensor<64xf32>
    %cst_181 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %760 = stablehlo.broadcast_in_dim %cst_181, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %761 = stablehlo.multiply %760, %619 : tensor<256xf32>
    %762 = stablehlo.subtract %arg8, %761 : tensor<256xf32>
    %cst_182 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %763 = stablehlo.broadcast_in_dim %cst_182, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %764 = stablehlo.multiply %763, %623 : tensor<256x64xf32>
    %765 = stablehlo.subtract %arg9, %764 : tensor<256x64xf32>
    %cst_183 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %766 = stablehlo.broadcast_in_dim %cst_183, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %767 = stablehlo.multiply %766, %600 : tensor<64xf32>
    %768 = stablehlo.subtract %arg10, %767 : tensor<64xf32>
    %cst_184 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %769 = stablehlo.broadcast_in_dim %cst_184, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
    %770 = stablehlo.multiply %769, %604 : tensor<64x256xf32>
    %771 = stablehlo.subtract %arg11, %770 : tensor<64x256xf32>
    %cst_185 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %772 = stablehlo.broadcast_in_dim %cst_185, dims = [] : (tensor<f32>) -> tensor<192xf32>
    %773 = stablehlo.multiply %772, %559 : tensor<192xf32>
    %774 = stablehlo.subtract %arg12, %773 : tensor<192xf32>
    %cst_186 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %775 = stablehlo.broadcast_in_dim %cst_186, dims = [] : (tensor<f32>) -> tensor<192x64xf32>
    %776 = stablehlo.multiply %775, %563 : tensor<192x64xf32>
    %777 = stablehlo.subtract %arg13, %776 : tensor<192x64xf32>
    %cst_187 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %778 = stablehlo.broadcast_in_dim %cst_187, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %779 = stablehlo.multiply %778, %525 : tensor<64xf32>
    %780 = stablehlo.subtract %arg14, %779 : tensor<64xf32>
    %cst_188 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %781 = stablehlo.broadcast_in_dim %cst_188, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %782 = stablehlo.multiply %781, %529 : tensor<64x64xf32>
    %783 = stablehlo.subtract %arg15, %782 : tensor<64x64xf32>
    %cst_189 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %784 = stablehlo.broadcast_in_dim %cst_189, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %785 = stablehlo.multiply %784, %566 : tensor<64xf32>
    %786 = stablehlo.subtract %arg16, %785 : tensor<64xf32>
    %cst_190 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %787 = stablehlo.broadcast_in_dim %cst_190, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %788 = stablehlo.multiply %787, %577 : tensor<64xf32>
    %789 = stablehlo.subtract %arg17, %788 : tensor<64xf32>
    %cst_191 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %790 = stablehlo.broadcast_in_dim %cst_191, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %791 = stablehlo.multiply %790, %491 : tensor<64xf32>
    %792 = stablehlo.subtract %arg18, %791 : tensor<64xf32>
    %cst_192 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %793 = stablehlo.broadcast_in_dim %cst_192, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %794 = stablehlo.multiply %793, %502 : tensor<64xf32>
    %795 = stablehlo.subtract %arg19, %794 : tensor<64xf32>
    %cst_193 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %796 = stablehlo.broadcast_in_dim %cst_193, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %797 = stablehlo.multiply %796, %484 : tensor<256xf32>
    %798 = stablehlo.subtract %arg20, %797 : tensor<256xf32>
    %cst_194 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %799 = stablehlo.broadcast_in_dim %cst_194, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %800 = stablehlo.multiply %799, %488 : tensor<256x64xf32>
    %801 = stablehlo.subtract %arg21, %800 : tensor<256x64xf32>
    %cst_195 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %802 = stablehlo.broadcast_in_dim %cst_195, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %803 = stablehlo.multiply %802, %465 : tensor<64xf32>
    %804 = stablehlo.subtract %arg22, %803 : tensor<64xf32>
    %cst_196 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %805 = stablehlo.broadcast_in_dim %cst_196, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
    %806 = stablehlo.multiply %805, %469 : tensor<64x256xf32>
    %807 = stablehlo.subtract %arg23, %806 : tensor<64x256xf32>
    %cst_197 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %808 = stablehlo.broadcast_in_dim %cst_197, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %809 = stablehlo.multiply %808, %432 : tensor<64xf32>
    %810 = stablehlo.subtract %arg24, %809 : tensor<64xf32>
    %cst_198 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %811 = stablehlo.broadcast_in_dim %cst_198, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %812 = stablehlo.multiply %811, %443 : tensor<64xf32>
    %813 = stablehlo.subtract %arg25, %812 : tensor<64xf32>
    %cst_199 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %814 = stablehlo.broadcast_in_dim %cst_199, dims = [] : (tensor<f32>) -> tensor<16x64xf32>
    %815 = stablehlo.multiply %814, %733 : tensor<16x64xf32>
    %816 = stablehlo.subtract %arg26, %815 : tensor<16x64xf32>
    %cst_200 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %817 = stablehlo.broadcast_in_dim %cst_200, dims = [] : (tensor<f32>) -> tensor<512x64xf32>
    %818 = stablehlo.multiply %817, %735 : tensor<512x64xf32>
    %819 = stablehlo.subtract %arg27, %818 : tensor<512x64xf32>
    return %738, %741, %744, %747, %750, %753, %756, %759, %762, %765, %768, %771, %774, %777, %780, %783, %786, %789, %792, %795, %798, %801, %804, %807, %810, %813, %816, %819, %420 : tensor<192xf32>, tensor<192x64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<256xf32>, tensor<256x64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<192xf32>, tensor<192x64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<256xf32>, tensor<256x64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<16x64xf32>, tensor<512x64xf32>, tensor<f32>
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
  func.func private @take_along_axis_1(%arg0: tensor<8x16x1x1xi32>, %arg1: tensor<8x16x1xf32>) -> tensor<8x16x512xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16x512xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [2], input_batching_dims = [0, 1], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 3>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<8x16x512xf32>, tensor<8x16x1x1xi32>, tensor<8x16x1xf32>) -> tensor<8x16x512xf32>
    return %1 : tensor<8x16x512xf32>
  }
  func.func private @log_softmax_2(%arg0: tensor<8x16x512xf32>, %arg1: tensor<8x16x1xf32>, %arg2: tensor<8x16x512xf32>) -> tensor<8x16x512xf32> {
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
  func.func private @_take_3(%arg0: tensor<8x16x1xi32>, %arg1: tensor<8x16x64xf32>) -> tensor<16x64xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16x64xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<16x64xf32>, tensor<8x16x1xi32>, tensor<8x16x64xf32>) -> tensor<16x64xf32>
    return %1 : tensor<16x64xf32>
  }
  func.func private @_take_4(%arg0: tensor<8x16x1xi32>, %arg1: tensor<8x16x64xf32>) -> tensor<512x64xf32> {
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
