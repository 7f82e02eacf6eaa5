// Every collective a manual body can hold, on a 2x4 mesh with multi-axis
// groups and axis orders: all_gather over ["b", "a"], reduce_scatter over
// ["a", "b"], all_to_all over ["b"], collective_permute ... to ["b", "a"],
// all_reduce (max) over ["b"]. Each device first makes its input distinct
// (x + its index over ["a", "b"]); each result is stacked over all devices
// by its out_sharding, so every device's value is checked against the
// simulated reference (gspmd-simulate-manual), whose group order, rank order
// and axis order are written independently of the MPI runtime's.
// REQUIRES: mpi
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: 5 of 5 results PASS

gspmd.mesh @mesh ["a"=2, "b"=4]

func.func @main(%x: tensor<8x4xf32>)
    -> (tensor<64x32xf32>, tensor<8x4xf32>, tensor<16x16xf32>, tensor<64x4xf32>,
        tensor<64x4xf32>) {
  %r:5 = gspmd.manual_computation(%x) on @mesh manual_axes = ["a", "b"]
      in_shardings = [#gspmd.replicated]
      out_shardings = [#gspmd.tiled<@mesh, [["a", "b"], []]>,
                       #gspmd.tiled<@mesh, [["a", "b"], []]>,
                       #gspmd.tiled<@mesh, [["a", "b"], []]>,
                       #gspmd.tiled<@mesh, [["a", "b"], []]>,
                       #gspmd.tiled<@mesh, [["a", "b"], []]>] {
  ^bb0(%l: tensor<8x4xf32>):
    %k = gspmd.axis_index @mesh ["a", "b"]
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    %e = tensor.empty() : tensor<8x4xf32>
    %kt = linalg.fill ins(%kf : f32) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
    %v = arith.addf %l, %kt : tensor<8x4xf32>
    %g = gspmd.all_gather %v on @mesh ["b", "a"] gather_dim = 1 : tensor<8x4xf32> -> tensor<8x32xf32>
    %s = gspmd.reduce_scatter %v on @mesh ["a", "b"] reduce = sum scatter_dim = 0 : tensor<8x4xf32> -> tensor<1x4xf32>
    %t = gspmd.all_to_all %v on @mesh ["b"] split_dim = 0 concat_dim = 1 : tensor<8x4xf32> -> tensor<2x16xf32>
    %p = gspmd.collective_permute %v on @mesh ["a", "b"] to ["b", "a"] : tensor<8x4xf32>
    %m = gspmd.all_reduce %v on @mesh ["b"] reduce = max : tensor<8x4xf32>
    gspmd.manual_yield %g, %s, %t, %p, %m
        : tensor<8x32xf32>, tensor<1x4xf32>, tensor<2x16xf32>, tensor<8x4xf32>, tensor<8x4xf32>
  } : (tensor<8x4xf32>) -> (tensor<64x32xf32>, tensor<8x4xf32>, tensor<16x16xf32>, tensor<64x4xf32>, tensor<64x4xf32>)
  return %r#0, %r#1, %r#2, %r#3, %r#4
      : tensor<64x32xf32>, tensor<8x4xf32>, tensor<16x16xf32>, tensor<64x4xf32>, tensor<64x4xf32>
}
