// Two uses read an argument in one resharded layout
// (test/AutoShard/shared-reshards.mlir, shared-reshards=after): each
// broadcasts the rows-split 8x8 to an 8x8x4 its result wants split by
// columns, so both read the argument resharded to columns (an all_to_all
// of 48 B), not their four times larger results.
gspmd.mesh @mesh ["x"=4]
#in = affine_map<(i, j, k) -> (i, j)>
#out = affine_map<(i, j, k) -> (i, j, k)>
func.func @main(%a: tensor<8x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>})
    -> (tensor<8x8x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], []]>},
        tensor<8x8x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"], []]>}) {
  %e = tensor.empty() : tensor<8x8x4xf32>
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "parallel"]} ins(%a : tensor<8x8xf32>) outs(%e : tensor<8x8x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<8x8x4xf32>
  %s = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "parallel"]} ins(%a : tensor<8x8xf32>) outs(%e : tensor<8x8x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<8x8x4xf32>
  return %r, %s : tensor<8x8x4xf32>, tensor<8x8x4xf32>
}
