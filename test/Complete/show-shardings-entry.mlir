// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-complete,gspmd-show-shardings)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=MAIN --strict-whitespace --match-full-lines
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-complete,gspmd-show-shardings{entry=other})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=OTHER --strict-whitespace --match-full-lines
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-show-shardings{entry=bare})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE --strict-whitespace --match-full-lines
// RUN: not gspmd-opt %s --pass-pipeline='builtin.module(gspmd-show-shardings{entry=nope})' 2>&1 | FileCheck %s --check-prefix=NOPE
// RUN: not gspmd-opt %s --pass-pipeline='builtin.module(gspmd-show-shardings{foo=1})' 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// The entry: by default the only public function with a body (@main, whose
// result gets its sharding from completion); entry=NAME any function with a
// body. Only the entry is shown.

// MAIN:{{.*}}remark: %arg0 tensor<8x16xf32> #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>: per device 4x4 (8 blocks, 1 copy each)
// MAIN-NEXT:+-----+-----+-----+-----+
// MAIN-NEXT:|  0  |  1  |  2  |  3  |
// MAIN-NEXT:+-----+-----+-----+-----+
// MAIN-NEXT:|  4  |  5  |  6  |  7  |
// MAIN-NEXT:+-----+-----+-----+-----+
// MAIN:{{.*}}remark: result #0 tensor<8x16xf32> #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>: per device 4x4 (8 blocks, 1 copy each)
// MAIN-NOT:{{.*}}remark{{.*}}

// @other: dim 1 split by "data" is one row of 2 blocks; block d is held by
// the devices with data = d, 4d .. 4d + 3.
// OTHER:{{.*}}remark: %arg0 tensor<8x16xf32> #gspmd.partially_tiled<@mesh, {{\[\[}}], ["data"]]>: per device 8x8 (2 blocks, 4 copies each)
// OTHER-NEXT:+-----------+-----------+
// OTHER-NEXT:|  0,1,2,3  |  4,5,6,7  |
// OTHER-NEXT:+-----------+-----------+
// OTHER:{{.*}}remark: result #0 tensor<8x16xf32> #gspmd.partially_tiled<@mesh, {{\[\[}}], ["data"]]>: per device 8x8 (2 blocks, 4 copies each)
// OTHER-NOT:{{.*}}remark{{.*}}

// Without gspmd-complete first, a value without a sharding is shown as
// replicated, and the remark says it has none.
// BARE:{{.*}}remark: %arg0 tensor<8x16xf32> (no gspmd.sharding, taken as replicated): per device 8x16 (1 block, 8 copies)
// BARE-NEXT:+-----------------+
// BARE-NEXT:|  all 8 devices  |
// BARE-NEXT:+-----------------+
// BARE:{{.*}}remark: result #0 tensor<8x16xf32> (no gspmd.sharding, taken as replicated): per device 8x16 (1 block, 8 copies)

// NOPE: error: gspmd-show-shardings: no function @nope with a body (functions: @main, @other, @bare)
// UNKNOWN: gspmd-show-shardings: unknown option 'foo' (options: entry=NAME)

gspmd.mesh @mesh ["data"=2, "model"=4]

func.func @main(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> tensor<8x16xf32> {
  %0 = math.exp %x : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

func.func private @other(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"]]>})
    -> tensor<8x16xf32> {
  return %x : tensor<8x16xf32>
}

func.func private @bare(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  return %x : tensor<8x16xf32>
}
