// tensor.extract_slice and tensor.insert_slice: a partial slice of a split dim
// (window: gathered with a remark), a slice that keeps the whole split dim and
// cuts the other (local, no collective), a strided slice, a rank-reducing
// slice, and insert_slice of a block into a destination along a split dim and
// along an unsplit dim; uneven sizes throughout.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<16x10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %s: tensor<5x10xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>},
                %t: tensor<16x3xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>})
    -> (tensor<9x10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<16x4xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
        tensor<8x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<10xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"]]>},
        tensor<16x10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<16x10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>}) {
  %r0 = tensor.extract_slice %a[3, 0] [9, 10] [1, 1] : tensor<16x10xf32> to tensor<9x10xf32>
  %r1 = tensor.extract_slice %a[0, 5] [16, 4] [1, 1] : tensor<16x10xf32> to tensor<16x4xf32>
  %r2 = tensor.extract_slice %a[1, 0] [8, 5] [2, 2] : tensor<16x10xf32> to tensor<8x5xf32>
  %r3 = tensor.extract_slice %a[6, 0] [1, 10] [1, 1] : tensor<16x10xf32> to tensor<10xf32>
  %e = math.exp %a : tensor<16x10xf32>
  %r4 = tensor.insert_slice %s into %e[4, 0] [5, 10] [1, 1] : tensor<5x10xf32> into tensor<16x10xf32>
  %r5 = tensor.insert_slice %t into %a[0, 6] [16, 3] [1, 1] : tensor<16x3xf32> into tensor<16x10xf32>
  return %r0, %r1, %r2, %r3, %r4, %r5 : tensor<9x10xf32>, tensor<16x4xf32>, tensor<8x5xf32>, tensor<10xf32>, tensor<16x10xf32>, tensor<16x10xf32>
}
