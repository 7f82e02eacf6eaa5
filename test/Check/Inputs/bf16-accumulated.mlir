// Not a lit test (Inputs/): bench/check-margins.sh measures on it what the
// check cannot see. A 1,024-long contraction accumulated in bf16 (then a
// bf16 softmax): the unpartitioned program's own error is many bf16 ulps
// (stagnation of a long bf16 sum), so an error smaller than that noise, the
// injected ones included, passes; docs/testing.md, "The check".
gspmd.mesh @mesh ["k"=4]
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @main(%a: tensor<8x1024xbf16> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["k"]]>},
                %b: tensor<1024x32xbf16> {gspmd.sharding = #gspmd.tiled<@mesh, [["k"], []]>})
    -> (tensor<8x32xbf16> {gspmd.sharding = #gspmd.replicated},
        tensor<8x32xbf16> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["k"]]>}) {
  %zero = arith.constant 0.0 : bf16
  %e = tensor.empty() : tensor<8x32xbf16>
  %init = linalg.fill ins(%zero : bf16) outs(%e : tensor<8x32xbf16>) -> tensor<8x32xbf16>
  %c = linalg.matmul ins(%a, %b : tensor<8x1024xbf16>, tensor<1024x32xbf16>) outs(%init : tensor<8x32xbf16>) -> tensor<8x32xbf16>
  %cs = gspmd.sharding_constraint %c, #gspmd.tiled<@mesh, [[], ["k"]]> : tensor<8x32xbf16>
  %ninf = arith.constant 0xFF80 : bf16
  %er = tensor.empty() : tensor<8xbf16>
  %lo = linalg.fill ins(%ninf : bf16) outs(%er : tensor<8xbf16>) -> tensor<8xbf16>
  %max = linalg.reduce ins(%cs : tensor<8x32xbf16>) outs(%lo : tensor<8xbf16>) dimensions = [1]
    (%in: bf16, %acc: bf16) {
      %m = arith.maximumf %in, %acc : bf16
      linalg.yield %m : bf16
    }
  %ex = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%cs, %max : tensor<8x32xbf16>, tensor<8xbf16>) outs(%e : tensor<8x32xbf16>) {
  ^bb0(%x: bf16, %m: bf16, %o: bf16):
    %d = arith.subf %x, %m : bf16
    %x2 = math.exp %d : bf16
    linalg.yield %x2 : bf16
  } -> tensor<8x32xbf16>
  %z = linalg.fill ins(%zero : bf16) outs(%er : tensor<8xbf16>) -> tensor<8xbf16>
  %sum = linalg.reduce ins(%ex : tensor<8x32xbf16>) outs(%z : tensor<8xbf16>) dimensions = [1]
    (%in: bf16, %acc: bf16) {
      %s = arith.addf %in, %acc : bf16
      linalg.yield %s : bf16
    }
  %sm = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sum : tensor<8x32xbf16>, tensor<8xbf16>) outs(%e : tensor<8x32xbf16>) {
  ^bb0(%x: bf16, %s: bf16, %o: bf16):
    %q = arith.divf %x, %s : bf16
    linalg.yield %q : bf16
  } -> tensor<8x32xbf16>
  return %c, %sm : tensor<8x32xbf16>, tensor<8x32xbf16>
}
