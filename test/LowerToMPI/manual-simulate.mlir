// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-simulate-manual)' -verify-diagnostics | FileCheck %s

// gspmd-simulate-manual, the reference meaning of a manual region (first in
// the LLVM lowering): the body unrolled over the manual devices, collectives
// as tensor ops over the devices' copies, operands sliced and zero padded,
// results assembled from the devices' valid parts.

// Two devices over "x" ("y" is free): 3 rows are shards of 2 and 1 (+1 row of
// zero padding). The permute without wrap gives device 0 zeros and device 1
// device 0's rows; the gather concatenates both copies in group order.
// CHECK-LABEL: func.func @permute_gather
// CHECK-DAG: %[[D0:.*]] = tensor.extract_slice %arg0[0, 0] [2, 4] [1, 1]
// CHECK-DAG: %[[V1:.*]] = tensor.extract_slice %arg0[2, 0] [1, 4] [1, 1]
// CHECK: tensor.pad %[[V1]] low[0, 0] high[1, 0]
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<2x4xf32>
// CHECK: %[[G0:.*]] = tensor.concat dim(1) %[[Z]], %[[D0]]
// CHECK: %[[G1:.*]] = tensor.concat dim(1) %[[Z]], %[[D0]]
// CHECK: %[[R0:.*]] = tensor.insert_slice %[[G0]] into %{{.*}}[0, 0] [2, 8]
// CHECK: %[[T1:.*]] = tensor.extract_slice %[[G1]][0, 0] [1, 8]
// CHECK: tensor.insert_slice %[[T1]] into %[[R0]][2, 0] [1, 8]
// CHECK-NOT: gspmd.manual_computation
gspmd.mesh @mesh ["x"=2, "y"=2]

func.func @permute_gather(%a: tensor<3x4xf32>) -> tensor<3x8xf32> {
  %r = gspmd.manual_computation(%a) on @mesh manual_axes = ["x"]
      in_shardings = [#gspmd.partially_tiled<@mesh, [["x"], []]>]
      out_shardings = [#gspmd.partially_tiled<@mesh, [["x"], []]>] {
  ^bb0(%l: tensor<2x4xf32>):
    %p = gspmd.collective_permute %l on @mesh ["x"] shift = 1 : tensor<2x4xf32>
    %g = gspmd.all_gather %p on @mesh ["x"] gather_dim = 1 : tensor<2x4xf32> -> tensor<2x8xf32>
    gspmd.manual_yield %g : tensor<2x8xf32>
  } : (tensor<3x4xf32>) -> tensor<3x8xf32>
  return %r : tensor<3x8xf32>
}

// -----

// axis_index becomes each device's constant; the loop carries every device's
// copy; the all_reduce sums the copies in group order.
gspmd.mesh @mesh ["x"=2]

// CHECK-LABEL: func.func @loop
// CHECK: scf.for {{.*}} iter_args(%[[A0:.*]] = %{{.*}}, %[[A1:.*]] = %{{.*}}) -> (tensor<1x4xf32>, tensor<1x4xf32>)
// CHECK: %[[S0:.*]] = arith.addf %[[A0]], %[[A1]] : tensor<1x4xf32>
// CHECK: %[[S1:.*]] = arith.addf %[[A0]], %[[A1]] : tensor<1x4xf32>
// CHECK: scf.yield %[[S0]], %[[S1]]
func.func @loop(%a: tensor<2x4xf32>) -> tensor<1x4xf32> {
  %r = gspmd.manual_computation(%a) on @mesh manual_axes = ["x"]
      in_shardings = [#gspmd.tiled<@mesh, [["x"], []]>]
      out_shardings = [#gspmd.replicated] {
  ^bb0(%l: tensor<1x4xf32>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %s = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %l) -> (tensor<1x4xf32>) {
      %t = gspmd.all_reduce %acc on @mesh ["x"] reduce = sum : tensor<1x4xf32>
      scf.yield %t : tensor<1x4xf32>
    }
    gspmd.manual_yield %s : tensor<1x4xf32>
  } : (tensor<2x4xf32>) -> tensor<1x4xf32>
  return %r : tensor<1x4xf32>
}

// -----

gspmd.mesh @mesh ["x"=2]

func.func @device_bounds(%a: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %r = gspmd.manual_computation(%a) on @mesh manual_axes = ["x"]
      in_shardings = [#gspmd.tiled<@mesh, [["x"], []]>]
      out_shardings = [#gspmd.tiled<@mesh, [["x"], []]>] {
  ^bb0(%l: tensor<1x4xf32>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %k = gspmd.axis_index @mesh ["x"]
    // expected-error@+1 {{gspmd-simulate-manual: loop bounds depend on the device; cannot simulate}}
    %s = scf.for %i = %c0 to %k step %c1 iter_args(%acc = %l) -> (tensor<1x4xf32>) {
      %t = gspmd.collective_permute %acc on @mesh ["x"] shift = 1 wrap : tensor<1x4xf32>
      scf.yield %t : tensor<1x4xf32>
    }
    gspmd.manual_yield %s : tensor<1x4xf32>
  } : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
