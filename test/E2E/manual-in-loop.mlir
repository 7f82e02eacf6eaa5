// A manual region inside scf.for: each iteration shifts the rows one device
// along a ring by hand, scales them and adds the device's index (from
// axis_index); outside the region, automatic code (sin) runs on the same
// sharding. Checked against the simulated reference at 2, 4 and 8 ranks.
// REQUIRES: mpi
// RUN: sed -e 's/"x"=8/"x"=2/' -e 's/8x4xf32/2x4xf32/g' %s > %t.2.mlir
// RUN: %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed -e 's/"x"=8/"x"=4/' -e 's/8x4xf32/4x4xf32/g' %s > %t.4.mlir
// RUN: %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check --report | FileCheck %s --check-prefixes=CHECK,REPORT
// REPORT: collective_permute {{.*}}@mesh ["x"]
// CHECK-NOT: FAIL
// CHECK: check: 1 of 1 result PASS

gspmd.mesh @mesh ["x"=8]

func.func @main(%x: tensor<8x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>})
    -> (tensor<8x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%s = %x) -> (tensor<8x4xf32>) {
    %m = gspmd.manual_computation(%s) on @mesh manual_axes = ["x"]
        in_shardings = [#gspmd.tiled<@mesh, [["x"], []]>]
        out_shardings = [#gspmd.tiled<@mesh, [["x"], []]>] {
    ^bb0(%l: tensor<1x4xf32>):
      %half = arith.constant dense<0.5> : tensor<1x4xf32>
      %p = gspmd.collective_permute %l on @mesh ["x"] shift = 1 wrap : tensor<1x4xf32>
      %k = gspmd.axis_index @mesh ["x"]
      %ki = arith.index_cast %k : index to i32
      %kf = arith.sitofp %ki : i32 to f32
      %e = tensor.empty() : tensor<1x4xf32>
      %kt = linalg.fill ins(%kf : f32) outs(%e : tensor<1x4xf32>) -> tensor<1x4xf32>
      %q = arith.mulf %p, %half : tensor<1x4xf32>
      %t = arith.addf %q, %kt : tensor<1x4xf32>
      gspmd.manual_yield %t : tensor<1x4xf32>
    } : (tensor<8x4xf32>) -> tensor<8x4xf32>
    %n = math.sin %m : tensor<8x4xf32>
    scf.yield %n : tensor<8x4xf32>
  }
  return %r : tensor<8x4xf32>
}
