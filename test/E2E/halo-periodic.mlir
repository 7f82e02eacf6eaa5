// Periodic windows end to end: generics reading `(d0 + c) mod n` (rotations,
// the circular pipeline's shift) on split dims: even shards exchange halos
// with wrap (collective_permute ... wrap), over one axis and two, on two dims
// of one op, a reach of several rows (#3: 3 rows of a shard of 4); uneven
// shards (#2: 14 over 4) gather the dim instead. 2, 4 and 8 ranks.
// REQUIRES: mpi
// RUN: sed 's/"y"=2/"y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: %mpirun -n 4 %gspmd-run %s --check --report | FileCheck %s --check-prefixes=CHECK,REPORT
// RUN: sed 's/"x"=2/"x"=4/' %s > %t.8.mlir && %mpirun -n 8 %gspmd-run %t.8.mlir --check | FileCheck %s
// REPORT: collective_permute
// CHECK-NOT: FAIL
// CHECK: check: 4 of 4 results PASS

gspmd.mesh @mesh ["x"=2, "y"=2]
#id = affine_map<(d0, d1) -> (d0, d1)>

func.func @main(%a: tensor<16x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
                %b: tensor<16x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %c: tensor<14x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
                %d: tensor<8x5xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>})
    -> (tensor<16x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
        tensor<16x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<14x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
        tensor<8x5xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>}) {
  %ea = tensor.empty() : tensor<16x3xf32>
  %ra = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ((d0 - 1) mod 16, d1)>, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<16x3xf32>) outs(%ea : tensor<16x3xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<16x3xf32>
  %eb = tensor.empty() : tensor<16x6xf32>
  %rb = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ((d0 + 3) mod 16, (d1 - 2) mod 6)>, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%b, %b : tensor<16x6xf32>, tensor<16x6xf32>) outs(%eb : tensor<16x6xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %s = arith.subf %v, %w : f32
    linalg.yield %s : f32
  } -> tensor<16x6xf32>
  %ec = tensor.empty() : tensor<14x3xf32>
  %rc = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ((d0 - 1) mod 14, d1)>, #id], iterator_types = ["parallel", "parallel"]} ins(%c : tensor<14x3xf32>) outs(%ec : tensor<14x3xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<14x3xf32>
  %ed = tensor.empty() : tensor<8x5xf32>
  %rd = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ((d0 - 3) mod 8, d1)>, #id], iterator_types = ["parallel", "parallel"]} ins(%d : tensor<8x5xf32>) outs(%ed : tensor<8x5xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = math.exp %v : f32
    linalg.yield %m : f32
  } -> tensor<8x5xf32>
  return %ra, %rb, %rc, %rd : tensor<16x3xf32>, tensor<16x6xf32>, tensor<14x3xf32>, tensor<8x5xf32>
}
