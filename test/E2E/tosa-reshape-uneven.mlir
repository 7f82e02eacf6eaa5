// tosa.reshape, as reshape-uneven.mlir's tensor reshapes, whose split fits
// only for some mesh sizes: 12 split on y reshaped to 3x4, 6x2 and 2x6 (12
// over 4 rows of 3: whole rows only in some shapes), 5x6 with rows split on
// y (uneven: 5 over 4) reshaped to 30, and 6x10 with the minor dim split on
// x reshaped to 60 (the split cannot follow into the merged dim). The local
// reshape's shape operand is a tosa.const_shape of the local shape.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<12xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"]]>},
                %b: tensor<5x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>},
                %c: tensor<6x10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>})
    -> (tensor<3x4xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>},
        tensor<6x2xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>},
        tensor<2x6xf32>, tensor<30xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"]]>},
        tensor<60xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"]]>}) {
  %t = math.tanh %a : tensor<12xf32>
  %shape1 = tosa.const_shape {values = dense<[3, 4]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r0 = tosa.reshape %t, %shape1 : (tensor<12xf32>, !tosa.shape<2>) -> tensor<3x4xf32>
  %shape2 = tosa.const_shape {values = dense<[6, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r1 = tosa.reshape %t, %shape2 : (tensor<12xf32>, !tosa.shape<2>) -> tensor<6x2xf32>
  %shape3 = tosa.const_shape {values = dense<[2, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r2 = tosa.reshape %t, %shape3 : (tensor<12xf32>, !tosa.shape<2>) -> tensor<2x6xf32>
  %e = math.exp %b : tensor<5x6xf32>
  %shape4 = tosa.const_shape {values = dense<[30]> : tensor<1xindex>} : () -> !tosa.shape<1>
  %r3 = tosa.reshape %e, %shape4 : (tensor<5x6xf32>, !tosa.shape<1>) -> tensor<30xf32>
  %u = math.tanh %c : tensor<6x10xf32>
  %shape5 = tosa.const_shape {values = dense<[60]> : tensor<1xindex>} : () -> !tosa.shape<1>
  %r4 = tosa.reshape %u, %shape5 : (tensor<6x10xf32>, !tosa.shape<1>) -> tensor<60xf32>
  return %r0, %r1, %r2, %r3, %r4 : tensor<3x4xf32>, tensor<6x2xf32>, tensor<2x6xf32>, tensor<30xf32>, tensor<60xf32>
}
