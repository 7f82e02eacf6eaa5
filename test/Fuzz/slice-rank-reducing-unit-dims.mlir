// Fuzz finding (fuzz/gen.py seed 1001 index 63, shrunk by fuzz/driver.py):
// a rank-reducing slice 9x1x1 -> 4x1 with stride 2 on the kept dim crashed
// the upstream lowering (memref::SubViewOp::getDroppedDims) in the
// unpartitioned reference and the partitioned program alike, unit strides
// or not. gspmd-normalize-slices now gives the lowering the unreduced slice
// and a collapse_shape.
// REQUIRES: mpi
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-spmd)' -o /dev/null
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// RUN: sed 's/"a"=4, "b"=2/"a"=1, "b"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @m ["a"=4, "b"=2]
func.func @main(%v4: tensor<9x1x1xf32>,
                %y: tensor<9x1x6xf32> {gspmd.sharding = #gspmd.tiled<@m, [["a"], [], ["b"]]>})
    -> (tensor<4x1xf32>, tensor<f32>, tensor<3x6xf32> {gspmd.sharding = #gspmd.tiled<@m, [["a"], ["b"]]>}) {
  %v5 = tensor.extract_slice %v4[0, 0, 0] [4, 1, 1] [2, 1, 2] : tensor<9x1x1xf32> to tensor<4x1xf32>
  %s = tensor.extract_slice %v4[5, 0, 0] [1, 1, 1] [1, 1, 1] : tensor<9x1x1xf32> to tensor<f32>
  %t = tensor.extract_slice %y[1, 0, 0] [3, 1, 6] [3, 1, 1] : tensor<9x1x6xf32> to tensor<3x6xf32>
  return %v5, %s, %t : tensor<4x1xf32>, tensor<f32>, tensor<3x6xf32>
}
