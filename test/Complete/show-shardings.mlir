// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete,gspmd-show-shardings)' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --match-full-lines

// gspmd-show-shardings after gspmd-complete: one remark per argument and
// result of the entry, at the function, picturing the blocks and the devices
// holding each. Every expected device id below is worked out from the mesh
// (device = row-major position, or devices[position] when the mesh lists
// them) and the axes splitting each dim, major to minor.

gspmd.mesh @mesh ["data"=2, "model"=4]

// 2-D tiled: rows are the "data" blocks, columns the "model" blocks; the
// device at (data, model) is 4 * data + model. The result gets the same
// sharding from completion.
// CHECK:{{.*}}remark: %arg0 tensor<8x16xf32> #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>: per device 4x4 (8 blocks, 1 copy each)
// CHECK-NEXT:+-----+-----+-----+-----+
// CHECK-NEXT:|  0  |  1  |  2  |  3  |
// CHECK-NEXT:+-----+-----+-----+-----+
// CHECK-NEXT:|  4  |  5  |  6  |  7  |
// CHECK-NEXT:+-----+-----+-----+-----+
// CHECK:{{.*}}remark: result #0 tensor<8x16xf32> #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>: per device 4x4 (8 blocks, 1 copy each)
// CHECK-NEXT:+-----+-----+-----+-----+
// CHECK-NEXT:|  0  |  1  |  2  |  3  |
// CHECK-NEXT:+-----+-----+-----+-----+
// CHECK-NEXT:|  4  |  5  |  6  |  7  |
// CHECK-NEXT:+-----+-----+-----+-----+
func.func @tiled(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> tensor<8x16xf32> {
  %0 = math.exp %x : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Partially tiled: every block has replicas. Dim 1 split alone is one row;
// block m is held by the devices with model = m: m and 4 + m. Dim 0 split
// alone (rank 2) is a column; block d is held by 4d .. 4d + 3. A replicated
// value is one cell.
// CHECK:{{.*}}remark: %arg0 tensor<8x16xf32> #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"]]>: per device 8x4 (4 blocks, 2 copies each)
// CHECK-NEXT:+-------+-------+-------+-------+
// CHECK-NEXT:|  0,4  |  1,5  |  2,6  |  3,7  |
// CHECK-NEXT:+-------+-------+-------+-------+
// CHECK:{{.*}}remark: %arg1 tensor<8x16xf32> #gspmd.partially_tiled<@mesh, {{\[\[}}"data"], []]>: per device 4x16 (2 blocks, 4 copies each)
// CHECK-NEXT:+-----------+
// CHECK-NEXT:|  0,1,2,3  |
// CHECK-NEXT:+-----------+
// CHECK-NEXT:|  4,5,6,7  |
// CHECK-NEXT:+-----------+
// CHECK:{{.*}}remark: %arg2 tensor<16xf32> #gspmd.replicated: per device 16 (1 block, 8 copies)
// CHECK-NEXT:+-----------------+
// CHECK-NEXT:|  all 8 devices  |
// CHECK-NEXT:+-----------------+
// A value that is not a tensor is on every device; an unranked tensor is
// not drawn.
// CHECK:{{.*}}remark: %arg3 i32: not a tensor, every device holds it
// CHECK:{{.*}}remark: %arg4 tensor<*xf32>: unranked, no picture
func.func @replicas(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>},
                    %b: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
                    %c: tensor<16xf32> {gspmd.sharding = #gspmd.replicated},
                    %i: i32, %u: tensor<*xf32>) {
  return
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Uneven dims: 10 rows in 4 blocks of ceil(10 / 4) = 3 leave 1 for the
// last; 5 in 4 blocks of 2 leave nothing (2, 2, 1, 0); 7 over 2 gives 4 and
// 3, and 10 over 4 gives 3 and 1.
// CHECK:{{.*}}remark: %arg0 tensor<10x16xf32> #gspmd.partially_tiled<@mesh, {{\[\[}}"model"], []]>: per device 3x16, uneven dim 0: last block 1 (4 blocks, 2 copies each)
// CHECK-NEXT:+-------+
// CHECK-NEXT:|  0,4  |
// CHECK-NEXT:+-------+
// CHECK-NEXT:|  1,5  |
// CHECK-NEXT:+-------+
// CHECK-NEXT:|  2,6  |
// CHECK-NEXT:+-------+
// CHECK-NEXT:|  3,7  |
// CHECK-NEXT:+-------+
// CHECK:{{.*}}remark: %arg1 tensor<5xf32> #gspmd.partially_tiled<@mesh, {{\[\[}}"model"]]>: per device 2, uneven dim 0: last block 0 (4 blocks, 2 copies each)
// CHECK-NEXT:+-------+-------+-------+-------+
// CHECK-NEXT:|  0,4  |  1,5  |  2,6  |  3,7  |
// CHECK-NEXT:+-------+-------+-------+-------+
// CHECK:{{.*}}remark: %arg2 tensor<7x10xf32> #gspmd.tiled<@mesh, {{\[\[}}"data"], ["model"]]>: per device 4x3, uneven dim 0: last block 3, uneven dim 1: last block 1 (8 blocks, 1 copy each)
// CHECK-NEXT:+-----+-----+-----+-----+
// CHECK-NEXT:|  0  |  1  |  2  |  3  |
// CHECK-NEXT:+-----+-----+-----+-----+
// CHECK-NEXT:|  4  |  5  |  6  |  7  |
// CHECK-NEXT:+-----+-----+-----+-----+
func.func @uneven(%a: tensor<10x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"], []]>},
                  %b: tensor<5xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"]]>},
                  %c: tensor<7x10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) {
  return
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]
gspmd.mesh @cube ["a"=2, "b"=2, "c"=2]

// Above rank 2 a line says which dims the rows and columns are, and rows are
// labelled with their block indices. Dims 0 and 2 split: rows d0 = data,
// columns model. One split dim is one row. On @cube (device 4a + 2b + c)
// rows enumerate (dim 0, dim 1) blocks = (a, b), columns c.
// CHECK:{{.*}}remark: %arg0 tensor<4x6x16xf32> #gspmd.tiled<@mesh, {{\[\[}}"data"], [], ["model"]]>: per device 2x6x4 (8 blocks, 1 copy each)
// CHECK-NEXT:rows: blocks of dim 0; columns: blocks of dim 2
// CHECK-NEXT:{{     }}+-----+-----+-----+-----+
// CHECK-NEXT:d0=0 |  0  |  1  |  2  |  3  |
// CHECK-NEXT:{{     }}+-----+-----+-----+-----+
// CHECK-NEXT:d0=1 |  4  |  5  |  6  |  7  |
// CHECK-NEXT:{{     }}+-----+-----+-----+-----+
// CHECK:{{.*}}remark: %arg1 tensor<2x8x4xf32> #gspmd.partially_tiled<@mesh, {{\[\[}}], ["model"], []]>: per device 2x2x4 (4 blocks, 2 copies each)
// CHECK-NEXT:columns: blocks of dim 1
// CHECK-NEXT:+-------+-------+-------+-------+
// CHECK-NEXT:|  0,4  |  1,5  |  2,6  |  3,7  |
// CHECK-NEXT:+-------+-------+-------+-------+
// CHECK:{{.*}}remark: %arg2 tensor<2x4x8xf32> #gspmd.tiled<@cube, {{\[\[}}"a"], ["b"], ["c"]]>: per device 1x2x4 (8 blocks, 1 copy each)
// CHECK-NEXT:rows: blocks of dims 0, 1; columns: blocks of dim 2
// CHECK-NEXT:{{          }}+-----+-----+
// CHECK-NEXT:d0=0 d1=0 |  0  |  1  |
// CHECK-NEXT:{{          }}+-----+-----+
// CHECK-NEXT:d0=0 d1=1 |  2  |  3  |
// CHECK-NEXT:{{          }}+-----+-----+
// CHECK-NEXT:d0=1 d1=0 |  4  |  5  |
// CHECK-NEXT:{{          }}+-----+-----+
// CHECK-NEXT:d0=1 d1=1 |  6  |  7  |
// CHECK-NEXT:{{          }}+-----+-----+
func.func @rank3(%a: tensor<4x6x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], [], ["model"]]>},
                 %b: tensor<2x8x4xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"], []]>},
                 %c: tensor<2x4x8xf32> {gspmd.sharding = #gspmd.tiled<@cube, [["a"], ["b"], ["c"]]>}) {
  return
}

// -----

gspmd.mesh @perm ["x"=2, "y"=4] devices = [3, 1, 7, 5, 2, 0, 6, 4]

// A devices list: the device at mesh position (x, y) is devices[4x + y].
// Tiled: row x holds devices[4x .. 4x + 3]. Split by y on dim 0: block y is
// held by devices[y] and devices[4 + y] ({3, 2}, {1, 0}, {7, 6}, {5, 4}),
// listed in increasing order. Split by x on dim 1: block x is held by
// devices[4x .. 4x + 3].
// CHECK:{{.*}}remark: %arg0 tensor<8x16xf32> #gspmd.tiled<@perm, {{\[\[}}"x"], ["y"]]>: per device 4x4 (8 blocks, 1 copy each)
// CHECK-NEXT:+-----+-----+-----+-----+
// CHECK-NEXT:|  3  |  1  |  7  |  5  |
// CHECK-NEXT:+-----+-----+-----+-----+
// CHECK-NEXT:|  2  |  0  |  6  |  4  |
// CHECK-NEXT:+-----+-----+-----+-----+
// CHECK:{{.*}}remark: %arg1 tensor<8x16xf32> #gspmd.partially_tiled<@perm, {{\[\[}}"y"], []]>: per device 2x16 (4 blocks, 2 copies each)
// CHECK-NEXT:+-------+
// CHECK-NEXT:|  2,3  |
// CHECK-NEXT:+-------+
// CHECK-NEXT:|  0,1  |
// CHECK-NEXT:+-------+
// CHECK-NEXT:|  6,7  |
// CHECK-NEXT:+-------+
// CHECK-NEXT:|  4,5  |
// CHECK-NEXT:+-------+
// CHECK:{{.*}}remark: %arg2 tensor<8x16xf32> #gspmd.partially_tiled<@perm, {{\[\[}}], ["x"]]>: per device 8x8 (2 blocks, 4 copies each)
// CHECK-NEXT:+-----------+-----------+
// CHECK-NEXT:|  1,3,5,7  |  0,2,4,6  |
// CHECK-NEXT:+-----------+-----------+
func.func @permuted(%a: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@perm, [["x"], ["y"]]>},
                    %b: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@perm, [["y"], []]>},
                    %c: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@perm, [[], ["x"]]>}) {
  return
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Several axes on one dim, major to minor. ["data", "model"]: block
// 4 * data + model is device 4 * data + model. ["model", "data"]: block
// 2 * model + data is device 4 * data + model: 0, 4, 1, 5, 2, 6, 3, 7.
// CHECK:{{.*}}remark: %arg0 tensor<16x3xf32> #gspmd.tiled<@mesh, {{\[\[}}"data", "model"], []]>: per device 2x3 (8 blocks, 1 copy each)
// CHECK-NEXT:+-----+
// CHECK-NEXT:|  0  |
// CHECK-NEXT:+-----+
// CHECK-NEXT:|  1  |
// CHECK-NEXT:+-----+
// CHECK-NEXT:|  2  |
// CHECK-NEXT:+-----+
// CHECK-NEXT:|  3  |
// CHECK-NEXT:+-----+
// CHECK-NEXT:|  4  |
// CHECK-NEXT:+-----+
// CHECK-NEXT:|  5  |
// CHECK-NEXT:+-----+
// CHECK-NEXT:|  6  |
// CHECK-NEXT:+-----+
// CHECK-NEXT:|  7  |
// CHECK-NEXT:+-----+
// CHECK:{{.*}}remark: %arg1 tensor<16x3xf32> #gspmd.tiled<@mesh, {{\[\[}}"model", "data"], []]>: per device 2x3 (8 blocks, 1 copy each)
// CHECK-NEXT:+-----+
// CHECK-NEXT:|  0  |
// CHECK-NEXT:+-----+
// CHECK-NEXT:|  4  |
// CHECK-NEXT:+-----+
// CHECK-NEXT:|  1  |
// CHECK-NEXT:+-----+
// CHECK-NEXT:|  5  |
// CHECK-NEXT:+-----+
// CHECK-NEXT:|  2  |
// CHECK-NEXT:+-----+
// CHECK-NEXT:|  6  |
// CHECK-NEXT:+-----+
// CHECK-NEXT:|  3  |
// CHECK-NEXT:+-----+
// CHECK-NEXT:|  7  |
// CHECK-NEXT:+-----+
func.func @multi_axis(%a: tensor<16x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data", "model"], []]>},
                      %b: tensor<16x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["model", "data"], []]>}) {
  return
}

// -----

gspmd.mesh @line ["x"=128]
gspmd.mesh @grid ["x"=8, "y"=16]
gspmd.mesh @wide ["a"=2, "b"=20]

// The caps: at most 16 columns and 64 cells ("..." after the last column
// and below the last row shown), at most 16 devices in a cell.
// CHECK:{{.*}}remark: %arg0 tensor<256xf32> #gspmd.tiled<@line, {{\[\[}}"x"]]>: per device 2 (128 blocks, 1 copy each)
// CHECK-NEXT:+------+------+------+------+------+------+------+------+------+------+------+------+------+------+------+------+
// CHECK-NEXT:|  0   |  1   |  2   |  3   |  4   |  5   |  6   |  7   |  8   |  9   |  10  |  11  |  12  |  13  |  14  |  15  | ...
// CHECK-NEXT:+------+------+------+------+------+------+------+------+------+------+------+------+------+------+------+------+
// CHECK:{{.*}}remark: %arg1 tensor<8x16xf32> #gspmd.tiled<@grid, {{\[\[}}"x"], ["y"]]>: per device 1x1 (128 blocks, 1 copy each)
// CHECK-NEXT:+------+------+------+------+------+------+------+------+------+------+------+------+------+------+------+------+
// CHECK-NEXT:|  0   |  1   |  2   |  3   |  4   |  5   |  6   |  7   |  8   |  9   |  10  |  11  |  12  |  13  |  14  |  15  |
// CHECK-NEXT:+------+------+------+------+------+------+------+------+------+------+------+------+------+------+------+------+
// CHECK-NEXT:|  16  |  17  |  18  |  19  |  20  |  21  |  22  |  23  |  24  |  25  |  26  |  27  |  28  |  29  |  30  |  31  |
// CHECK-NEXT:+------+------+------+------+------+------+------+------+------+------+------+------+------+------+------+------+
// CHECK-NEXT:|  32  |  33  |  34  |  35  |  36  |  37  |  38  |  39  |  40  |  41  |  42  |  43  |  44  |  45  |  46  |  47  |
// CHECK-NEXT:+------+------+------+------+------+------+------+------+------+------+------+------+------+------+------+------+
// CHECK-NEXT:|  48  |  49  |  50  |  51  |  52  |  53  |  54  |  55  |  56  |  57  |  58  |  59  |  60  |  61  |  62  |  63  |
// CHECK-NEXT:+------+------+------+------+------+------+------+------+------+------+------+------+------+------+------+------+
// CHECK-NEXT:...
// CHECK:{{.*}}remark: %arg2 tensor<4x4xf32> #gspmd.partially_tiled<@wide, {{\[\[}}"a"], []]>: per device 2x4 (2 blocks, 20 copies each)
// CHECK-NEXT:+-------------------------------------------------------+
// CHECK-NEXT:|       0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,...       |
// CHECK-NEXT:+-------------------------------------------------------+
// CHECK-NEXT:|  20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,...  |
// CHECK-NEXT:+-------------------------------------------------------+
func.func @caps(%a: tensor<256xf32> {gspmd.sharding = #gspmd.tiled<@line, [["x"]]>},
                %b: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@grid, [["x"], ["y"]]>},
                %c: tensor<4x4xf32> {gspmd.sharding = #gspmd.partially_tiled<@wide, [["a"], []]>}) {
  return
}
