// TOSA ops (add, mul, tanh, reduce_sum, transpose, reshape, matmul) on sharded
// values: elementwise ops, tosa.reshape (tosa-reshape-*.mlir) and tosa.matmul
// (its strategies: strategy-tosa-matmul.mlir) have local forms; the others
// are computed replicated (with remarks) and their results sliced to the
// wanted layouts; gspmd-run must lower TOSA (tosa-to-linalg and friends) to
// run them.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %b: tensor<8x12xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
                %m: tensor<1x12x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"], []]>})
    -> (tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<1x12xf32>, tensor<12x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>},
        tensor<1x8x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["x"], []]>}) {
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.add %a, %b : (tensor<8x12xf32>, tensor<8x12xf32>) -> tensor<8x12xf32>
  %1 = tosa.mul %0, %a, %shift : (tensor<8x12xf32>, tensor<8x12xf32>, tensor<1xi8>) -> tensor<8x12xf32>
  %2 = tosa.tanh %1 : (tensor<8x12xf32>) -> tensor<8x12xf32>
  %3 = tosa.reduce_sum %2 {axis = 0 : i32} : (tensor<8x12xf32>) -> tensor<1x12xf32>
  %4 = tosa.transpose %2 {perms = array<i32: 1, 0>} : (tensor<8x12xf32>) -> tensor<12x8xf32>
  %shape = tosa.const_shape {values = dense<[1, 8, 12]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %5 = tosa.reshape %2, %shape : (tensor<8x12xf32>, !tosa.shape<3>) -> tensor<1x8x12xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %6 = tosa.matmul %5, %m, %zp, %zp : (tensor<1x8x12xf32>, tensor<1x12x6xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x6xf32>
  return %2, %3, %4, %6 : tensor<8x12xf32>, tensor<1x12xf32>, tensor<12x8xf32>, tensor<1x8x6xf32>
}
