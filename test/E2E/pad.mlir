// tensor.pad with a constant: padding a dim that is split (a window dim:
// gathered with a remark, must still be exact), padding only an unsplit dim
// while the other dim stays split (local pad, no collective), and an uneven
// 7x5 pad with low and high on both dims, followed by exp so the pad value
// matters.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<16x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %b: tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>})
    -> (tensor<19x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<16x11xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
        tensor<10x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>}) {
  %cst = arith.constant 0.5 : f32
  %neg = arith.constant -2.0 : f32
  %p0 = tensor.pad %a low[1, 0] high[2, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<16x8xf32> to tensor<19x8xf32>
  %r0 = math.exp %p0 : tensor<19x8xf32>
  %p1 = tensor.pad %a low[0, 2] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %neg : f32
  } : tensor<16x8xf32> to tensor<16x11xf32>
  %p2 = tensor.pad %b low[1, 2] high[2, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<7x5xf32> to tensor<10x8xf32>
  %r2 = math.tanh %p2 : tensor<10x8xf32>
  return %r0, %p1, %r2 : tensor<19x8xf32>, tensor<16x11xf32>, tensor<10x8xf32>
}
