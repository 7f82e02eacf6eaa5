// An embedding lookup (linalg.generic body reading a captured table with
// tensor.extract) inside an scf.for whose carried value is the table itself,
// tiled over x and y and updated every iteration: the captured value is the
// loop-carried local, which must be read whole at each iteration.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%ids: tensor<6xi32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"]]>},
                %table: tensor<16x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>})
    -> (tensor<6x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<16x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %e = tensor.empty() : tensor<6x8xf32>
  %r:2 = scf.for %k = %c0 to %c3 step %c1 iter_args(%t = %table, %acc = %e) -> (tensor<16x8xf32>, tensor<6x8xf32>) {
    %g = linalg.generic {indexing_maps = [affine_map<(i, d) -> (i)>, affine_map<(i, d) -> (i, d)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%ids : tensor<6xi32>) outs(%acc : tensor<6x8xf32>) {
    ^bb0(%id: i32, %o: f32):
      %c16 = arith.constant 16 : i32
      %m = arith.remui %id, %c16 : i32
      %row = arith.index_cast %m : i32 to index
      %d = linalg.index 1 : index
      %v = tensor.extract %t[%row, %d] : tensor<16x8xf32>
      linalg.yield %v : f32
    } -> tensor<6x8xf32>
    %t2 = math.tanh %t : tensor<16x8xf32>
    %t3 = arith.addf %t2, %table : tensor<16x8xf32>
    scf.yield %t3, %g : tensor<16x8xf32>, tensor<6x8xf32>
  }
  return %r#1, %r#0 : tensor<6x8xf32>, tensor<16x8xf32>
}
