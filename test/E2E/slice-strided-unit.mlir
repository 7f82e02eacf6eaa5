// Slices a fuzzer found: a rank-reducing slice whose dropped dim has stride 2
// (crashed the lowering, in the partitioned program and, written by the
// user on a replicated dim, in the reference run too), the same with stride
// 1 and a 4x4 block (each cuts its columns before the halo exchange), and a
// pad that needs no neighbour rows but masks an uneven tail; even and uneven
// shardings, 1, 2 and 4 devices.
// REQUIRES: mpi
// RUN: sed 's/"a"=4/"a"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"a"=4/"a"=2/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: %mpirun -n 4 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @m ["a"=4]

func.func @main(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@m, [["a"], []]>},
                %y: tensor<7x9xf32> {gspmd.sharding = #gspmd.tiled<@m, [["a"], []]>},
                %z: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@m, [[], ["a"]]>})
    -> (tensor<4xf32>, tensor<4xf32>, tensor<4x4xf32>, tensor<3x5xf32>,
        tensor<8x4xf32> {gspmd.sharding = #gspmd.tiled<@m, [["a"], []]>},
        tensor<8xf32> {gspmd.sharding = #gspmd.tiled<@m, [["a"]]>}) {
  %r0 = tensor.extract_slice %x[0, 3] [4, 1] [2, 1] : tensor<8x16xf32> to tensor<4xf32>
  %r1 = tensor.extract_slice %x[0, 3] [4, 1] [1, 1] : tensor<8x16xf32> to tensor<4xf32>
  %r2 = tensor.extract_slice %x[2, 3] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x4xf32>
  %r3 = tensor.extract_slice %y[1, 2] [3, 5] [2, 1] : tensor<7x9xf32> to tensor<3x5xf32>
  %c = arith.constant 2.0 : f32
  %p = tensor.pad %y low[0, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<7x9xf32> to tensor<8x9xf32>
  %q = tensor.extract_slice %p[0, 1] [8, 4] [1, 2] : tensor<8x9xf32> to tensor<8x4xf32>
  %r4 = math.exp %q : tensor<8x4xf32>
  %r5 = tensor.extract_slice %z[3, 0] [1, 8] [3, 2] : tensor<8x16xf32> to tensor<8xf32>
  return %r0, %r1, %r2, %r3, %r4, %r5 : tensor<4xf32>, tensor<4xf32>, tensor<4x4xf32>, tensor<3x5xf32>, tensor<8x4xf32>, tensor<8xf32>
}
