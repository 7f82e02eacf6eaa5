// Program 39 of fuzz/gen.py at seed 7, cut down: an argument with one
// strategy (2 rows over 3 devices: evenly, only whole) read whole by an
// expand_shape and by a constraint splitting it unevenly.
gspmd.mesh @m ["a"=3]
func.func @main(%x: tensor<2x8xf32>) -> (tensor<2x8xf32>, tensor<2x2x4xf32>) {
  %e = tensor.expand_shape %x [[0], [1, 2]] output_shape [2, 2, 4] : tensor<2x8xf32> into tensor<2x2x4xf32>
  %c = gspmd.sharding_constraint %x, #gspmd.tiled<@m, [["a"], []]> : tensor<2x8xf32>
  return %c, %e : tensor<2x8xf32>, tensor<2x2x4xf32>
}
