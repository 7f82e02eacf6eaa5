// NaN semantics of split max/min reductions: one NaN is planted per row (by
// linalg.index) in a 4x16 tensor whose columns are split on y (and rows on x);
// arith.maximumf / minimumf must propagate it through the cross-device
// combination (NaN result), arith.maxnumf / minnumf must ignore it.
// REQUIRES: mpi
// The runtime's float max/min propagate NaN in the same way on every device
// (maxnumf partials carry no NaN, so one `max` kind serves both here); runtime
// kinds maxnum/minnum (4, 5) ignore NaN for a device whose partial is NaN.
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<4x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>})
    -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %e2 = tensor.empty() : tensor<4x16xf32>
  // a[i, 3 i + 1] = NaN: rows 0..3 put it in columns 1, 4, 7, 10
  %l = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x16xf32>) outs(%e2 : tensor<4x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c3 = arith.constant 3 : index
    %c1 = arith.constant 1 : index
    %i3 = arith.muli %i, %c3 : index
    %t = arith.addi %i3, %c1 : index
    %hit = arith.cmpi eq, %j, %t : index
    %nan = arith.constant 0x7FC00000 : f32
    %v = arith.select %hit, %nan, %x : f32
    linalg.yield %v : f32
  } -> tensor<4x16xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %pinf = arith.constant 0x7F800000 : f32
  %e = tensor.empty() : tensor<4xf32>
  %i = linalg.fill ins(%ninf : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %j = linalg.fill ins(%pinf : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %mx = linalg.reduce ins(%l : tensor<4x16xf32>) outs(%i : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %m = arith.maximumf %in, %acc : f32
      linalg.yield %m : f32
    }
  %mn = linalg.reduce ins(%l : tensor<4x16xf32>) outs(%j : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %m = arith.minimumf %in, %acc : f32
      linalg.yield %m : f32
    }
  %nm = linalg.reduce ins(%l : tensor<4x16xf32>) outs(%i : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %m = arith.maxnumf %in, %acc : f32
      linalg.yield %m : f32
    }
  %nn = linalg.reduce ins(%l : tensor<4x16xf32>) outs(%j : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %m = arith.minnumf %in, %acc : f32
      linalg.yield %m : f32
    }
  return %mx, %mn, %nm, %nn : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
