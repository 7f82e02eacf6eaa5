// An entry with no arguments whose results are constants laid out split: a
// splat constant (made locally in the shard shape, uneven 3x5), a dense i32
// constant sliced per device, and an iota over a 7-vector split over 8 shards.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main() -> (tensor<3x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                      tensor<2x3xi32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>},
                      tensor<7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"]]>}) {
  %a = arith.constant dense<1.5> : tensor<3x5xf32>
  %b = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %e = tensor.empty() : tensor<7xf32>
  %c = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]} outs(%e : tensor<7xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %i64 = arith.index_cast %i : index to i64
    %f = arith.sitofp %i64 : i64 to f32
    linalg.yield %f : f32
  } -> tensor<7xf32>
  return %a, %b, %c : tensor<3x5xf32>, tensor<2x3xi32>, tensor<7xf32>
}
