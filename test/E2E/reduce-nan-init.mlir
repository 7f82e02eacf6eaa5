// maxnumf / minnumf reductions with a NaN init (the form linalg.softmax
// decomposes to) over a dim split on y where the first shard (columns 0..3) is
// all NaN: the device keeping the init computes a NaN partial, which the
// cross-device combination must ignore (maxnum semantics), as the
// unpartitioned reduction does.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<4x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>})
    -> (tensor<4xf32>, tensor<4xf32>) {
  %e2 = tensor.empty() : tensor<4x16xf32>
  %l = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x16xf32>) outs(%e2 : tensor<4x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %j = linalg.index 1 : index
    %c4 = arith.constant 4 : index
    %hit = arith.cmpi ult, %j, %c4 : index
    %nan = arith.constant 0x7FC00000 : f32
    %v = arith.select %hit, %nan, %x : f32
    linalg.yield %v : f32
  } -> tensor<4x16xf32>
  %nan = arith.constant 0x7FC00000 : f32
  %e = tensor.empty() : tensor<4xf32>
  %i = linalg.fill ins(%nan : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %nm = linalg.reduce ins(%l : tensor<4x16xf32>) outs(%i : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %m = arith.maxnumf %in, %acc : f32
      linalg.yield %m : f32
    }
  %nn = linalg.reduce ins(%l : tensor<4x16xf32>) outs(%i : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %m = arith.minnumf %in, %acc : f32
      linalg.yield %m : f32
    }
  return %nm, %nn : tensor<4xf32>, tensor<4xf32>
}
