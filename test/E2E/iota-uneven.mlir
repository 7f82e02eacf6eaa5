// Iota via linalg.index on an uneven 7x5 result split over [["x", "y"]] along
// rows (7 over 8) and, for the i32 variant, along columns (5 over 8); plus a
// lower-triangular index mask. Shard offsets use the ceil shard size.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

#id = affine_map<(i, j) -> (i, j)>
// iota[i, j] = i * 5 + j as f32 (and as i32), built with linalg.index in a
// generic whose result is split: each device must add its shard offset.
func.func @main(%a: tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>})
    -> (tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
        tensor<7x5xi32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"]]>},
        tensor<7x5xf32> {gspmd.sharding = #gspmd.replicated}) {
  %e = tensor.empty() : tensor<7x5xf32>
  %iota = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<7x5xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %cols = arith.constant 5 : index
    %r = arith.muli %i, %cols : index
    %k = arith.addi %r, %j : index
    %k64 = arith.index_cast %k : index to i64
    %f = arith.sitofp %k64 : i64 to f32
    linalg.yield %f : f32
  } -> tensor<7x5xf32>
  %s = gspmd.sharding_constraint %iota, #gspmd.tiled<@mesh, [["x", "y"], []]> : tensor<7x5xf32>
  %scale = arith.constant dense<0.01> : tensor<7x5xf32>
  %t = arith.mulf %s, %scale : tensor<7x5xf32>
  %u = arith.addf %a, %t : tensor<7x5xf32>
  %ei = tensor.empty() : tensor<7x5xi32>
  %ii = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%ei : tensor<7x5xi32>) {
  ^bb0(%o: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %d = arith.subi %i, %j : index
    %d32 = arith.index_cast %d : index to i32
    linalg.yield %d32 : i32
  } -> tensor<7x5xi32>
  %si = gspmd.sharding_constraint %ii, #gspmd.tiled<@mesh, [[], ["x", "y"]]> : tensor<7x5xi32>
  // A lower-triangular mask from the index comparison (as in causal attention).
  %em = tensor.empty() : tensor<7x5xf32>
  %masked = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<7x5xf32>) outs(%em : tensor<7x5xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %le = arith.cmpi ule, %j, %i : index
    %z = arith.constant -5.0 : f32
    %v = arith.select %le, %x, %z : f32
    linalg.yield %v : f32
  } -> tensor<7x5xf32>
  return %u, %si, %masked : tensor<7x5xf32>, tensor<7x5xi32>, tensor<7x5xf32>
}
