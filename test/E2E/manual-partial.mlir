// A partially manual region: manual over "data", automatic over "model".
// The body is written for one data shard (3 of the 6 rows of x) and is an
// ordinary global program over "model": its matmul is split over model on
// N = 6 (uneven over 4) by the partitioner, and its all_reduce over "data"
// is the user's and keeps the model split. z is split over data and model
// together, unevenly (10 rows: data shards of 5, 8 shards of 2), so the
// body's view (model shards of its 5 rows) is not the whole sharding's
// layout: it goes through the data-only layout. Checked against the
// simulated reference on 2x1, 2x2 and 2x4 meshes.
// REQUIRES: mpi
// RUN: sed 's/"model"=4/"model"=1/' %s > %t.2.mlir
// RUN: %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"model"=4/"model"=2/' %s > %t.4.mlir
// RUN: %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check --report | FileCheck %s --check-prefixes=CHECK,REPORT
// The user's all_reduce runs on model shards of its 1x6 row (no gather).
// REPORT: all_reduce {{.*}}@mesh ["data"]
// CHECK-NOT: FAIL
// CHECK: check: 3 of 3 results PASS

gspmd.mesh @mesh ["data"=2, "model"=4]

func.func @main(%x: tensor<6x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
                %w: tensor<8x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>},
                %z: tensor<10x4xf32>)
    -> (tensor<6x6xf32>, tensor<1x6xf32>, tensor<10x4xf32>) {
  %r:3 = gspmd.manual_computation(%x, %w, %z) on @mesh manual_axes = ["data"]
      in_shardings = [#gspmd.partially_tiled<@mesh, [["data"], []]>,
                      #gspmd.partially_tiled<@mesh, [[], ["model"]]>,
                      #gspmd.tiled<@mesh, [["data", "model"], []]>]
      out_shardings = [#gspmd.tiled<@mesh, [["data"], ["model"]]>,
                       #gspmd.partially_tiled<@mesh, [[], ["model"]]>,
                       #gspmd.tiled<@mesh, [["data", "model"], []]>] {
  ^bb0(%lx: tensor<3x8xf32>, %lw: tensor<8x6xf32>, %lz: tensor<5x4xf32>):
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<3x6xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<3x6xf32>) -> tensor<3x6xf32>
    %h = linalg.matmul ins(%lx, %lw : tensor<3x8xf32>, tensor<8x6xf32>)
        outs(%f : tensor<3x6xf32>) -> tensor<3x6xf32>
    %a = math.tanh %h : tensor<3x6xf32>
    %e1 = tensor.empty() : tensor<1x6xf32>
    %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x6xf32>) -> tensor<1x6xf32>
    %cs = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (0, j)>],
                          iterator_types = ["reduction", "parallel"]}
        ins(%a : tensor<3x6xf32>) outs(%f1 : tensor<1x6xf32>) {
    ^bb0(%p: f32, %q: f32):
      %t = arith.addf %p, %q : f32
      linalg.yield %t : f32
    } -> tensor<1x6xf32>
    %g = gspmd.all_reduce %cs on @mesh ["data"] reduce = sum : tensor<1x6xf32>
    %z2 = arith.addf %lz, %lz : tensor<5x4xf32>
    %z3 = math.exp %z2 : tensor<5x4xf32>
    gspmd.manual_yield %a, %g, %z3 : tensor<3x6xf32>, tensor<1x6xf32>, tensor<5x4xf32>
  } : (tensor<6x8xf32>, tensor<8x6xf32>, tensor<10x4xf32>) -> (tensor<6x6xf32>, tensor<1x6xf32>, tensor<10x4xf32>)
  return %r#0, %r#1, %r#2 : tensor<6x6xf32>, tensor<1x6xf32>, tensor<10x4xf32>
}
