# REQUIRES: xla
# RUN: %xla-python %s | FileCheck %s --strict-whitespace --match-full-lines
# gspmd_import.visualize: gspmd-complete then gspmd-show-shardings, the
# pictures only (not completion's own remarks, such as the one on the
# tensor.generate below, which has no sharding rule). The device at
# (data, model) is 4 * data + model.

import gspmd_import

MODULE = """
gspmd.mesh @mesh ["data"=2, "model"=4]
func.func @main(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> tensor<8x16xf32> {
  %g = tensor.generate {
  ^bb0(%i: index, %j: index):
    %z = arith.constant 0.0 : f32
    tensor.yield %z : f32
  } : tensor<8x16xf32>
  %0 = arith.addf %a, %g : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
func.func private @other(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>}) {
  return
}
"""

print(gspmd_import.visualize(MODULE))
# CHECK:%arg0 tensor<8x16xf32> #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>: per device 4x4 (8 blocks, 1 copy each)
# CHECK-NEXT:+-----+-----+-----+-----+
# CHECK-NEXT:|  0  |  1  |  2  |  3  |
# CHECK-NEXT:+-----+-----+-----+-----+
# CHECK-NEXT:|  4  |  5  |  6  |  7  |
# CHECK-NEXT:+-----+-----+-----+-----+
# CHECK-NEXT:result #0 tensor<8x16xf32> #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>: per device 4x4 (8 blocks, 1 copy each)
# CHECK-NEXT:+-----+-----+-----+-----+
# CHECK-NEXT:|  0  |  1  |  2  |  3  |
# CHECK-NEXT:+-----+-----+-----+-----+
# CHECK-NEXT:|  4  |  5  |  6  |  7  |
# CHECK-NEXT:+-----+-----+-----+-----+

print("--")
# CHECK-NEXT:--
# Column m of dim 1 is held by the devices with model = m: m and 4 + m.
print(gspmd_import.visualize(MODULE, entry="other"))
# CHECK-NEXT:%arg0 tensor<8x16xf32> #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>: per device 8x4 (4 blocks, 2 copies each)
# CHECK-NEXT:+-------+-------+-------+-------+
# CHECK-NEXT:|  0,4  |  1,5  |  2,6  |  3,7  |
# CHECK-NEXT:+-------+-------+-------+-------+
