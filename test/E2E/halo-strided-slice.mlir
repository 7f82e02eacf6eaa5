// Strided slices along a split dim read every stride-th row of their reach.
// When every shard starts at the same phase of the stride (the dim divides
// into count * stride), each shard is cut to the rows of that phase before
// the halo exchange, so only rows the slice reads cross devices:
//   #0 4x16x8 on [[], ["a"], []], rows 3, 5, ..., 13 of the middle dim:
//      1 row of 4x8 from the next device (128 B at 4 ranks; 256 B before,
//      rows 4i+4 and 4i+5 where only 4i+5 is read)
//   #1 16x4 on [["a"], []], rows 5, 7, ..., 13 (uneven output, 5 rows over
//      4): 2 rows of 4 from the next device (32 B; 64 B before)
//   #2 24x3 on [["a"], []], stride 3, rows 4, 7, ..., 19
//   #3 14x3 on [["a"], []], stride 2 (14 does not divide into 4 x 2: the
//      plain window, unchanged)
// REQUIRES: mpi
// RUN: sed 's/"a"=4/"a"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"a"=4/"a"=2/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: %mpirun -n 4 %gspmd-run %s --check --report | FileCheck %s --check-prefixes=CHECK,N4
// RUN: %if xla %{ %gspmd-xla-run %s --check | FileCheck %s %}
// N4: collective_permute on @mesh ["a"] group 4: in tensor<4x1x8xf32> 128 B, sent 128 B
// N4-NOT: in tensor<4x2x8xf32>
// N4: collective_permute on @mesh ["a"] group 4: in tensor<2x4xf32> 32 B, sent 32 B
// CHECK-NOT: FAIL
// CHECK: check: 4 of 4 results PASS

gspmd.mesh @mesh ["a"=4]

func.func @main(
    %x: tensor<4x16x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["a"], []]>},
    %y: tensor<16x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a"], []]>},
    %z: tensor<24x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a"], []]>},
    %u: tensor<14x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a"], []]>})
    -> (tensor<4x6x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["a"], []]>},
        tensor<5x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a"], []]>},
        tensor<6x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a"], []]>},
        tensor<5x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["a"], []]>}) {
  %s0 = tensor.extract_slice %x[0, 3, 0] [4, 6, 8] [1, 2, 1] : tensor<4x16x8xf32> to tensor<4x6x8xf32>
  %r0 = math.exp %s0 : tensor<4x6x8xf32>
  %s1 = tensor.extract_slice %y[5, 0] [5, 4] [2, 1] : tensor<16x4xf32> to tensor<5x4xf32>
  %r1 = math.exp %s1 : tensor<5x4xf32>
  %s2 = tensor.extract_slice %z[4, 0] [6, 3] [3, 1] : tensor<24x3xf32> to tensor<6x3xf32>
  %r2 = math.exp %s2 : tensor<6x3xf32>
  %s3 = tensor.extract_slice %u[3, 0] [5, 3] [2, 1] : tensor<14x3xf32> to tensor<5x3xf32>
  %r3 = math.exp %s3 : tensor<5x3xf32>
  return %r0, %r1, %r2, %r3 : tensor<4x6x8xf32>, tensor<5x4xf32>, tensor<6x3xf32>, tensor<5x3xf32>
}
