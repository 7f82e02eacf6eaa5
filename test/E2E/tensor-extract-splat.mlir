// Scalars taken out of sharded tensors and spread back: tensor.extract of an
// element held by a device other than 0 (source gathered), tensor.splat and
// linalg.fill of that scalar onto split results, and tensor.from_elements of
// two extracted values.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %b: tensor<5x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>})
    -> (tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<5x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>},
        tensor<2xf32>) {
  %c6 = arith.constant 6 : index
  %c11 = arith.constant 11 : index
  %c4 = arith.constant 4 : index
  %c3 = arith.constant 3 : index
  %s = tensor.extract %a[%c6, %c11] : tensor<8x12xf32>
  %t = tensor.extract %b[%c4, %c3] : tensor<5x7xf32>
  %sp = tensor.splat %s : tensor<8x12xf32>
  %r0 = arith.addf %a, %sp : tensor<8x12xf32>
  %e = tensor.empty() : tensor<5x7xf32>
  %f = linalg.fill ins(%t : f32) outs(%e : tensor<5x7xf32>) -> tensor<5x7xf32>
  %r1 = arith.mulf %b, %f : tensor<5x7xf32>
  %fe = tensor.from_elements %s, %t : tensor<2xf32>
  return %r0, %r1, %fe : tensor<8x12xf32>, tensor<5x7xf32>, tensor<2xf32>
}
