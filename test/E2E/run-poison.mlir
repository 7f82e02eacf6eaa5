// Padding is poisoned: a hand-written partitioned function (gspmd.global_type
// on its signature) gets a 5-element tensor split over 2 devices as shards
// of 3, the tail shard padded with NaN. Returning the shard gives back the
// global tensor (assembled from the valid regions only), while a sum that
// reads the padding is NaN. Replicas that disagree are a FAIL.
// REQUIRES: mpi
// RUN: %mpirun -n 2 %gspmd-run %s --spmd --entry main --print | FileCheck %s
// RUN: not %mpirun -n 2 %gspmd-run %s --spmd --entry disagree | FileCheck %s --check-prefix=REPLICAS
// CHECK: result #0 tensor<5xf32> = [{{[-0-9.e, ]*}}]
// CHECK-NEXT: result #1 tensor<1xf32> = [{{-?nan}}]
// REPLICAS: result #0 tensor<2xi32>: replicas disagree: element [0] is 0 on device 0 and 1 on device 1 FAIL

gspmd.mesh @m ["x"=2]

func.func @main(%x: tensor<3xf32> {gspmd.sharding = #gspmd.tiled<@m, [["x"]]>, gspmd.global_type = tensor<5xf32>})
    -> (tensor<3xf32> {gspmd.sharding = #gspmd.tiled<@m, [["x"]]>, gspmd.global_type = tensor<5xf32>},
        tensor<1xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1xf32>) -> tensor<1xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (0)>], iterator_types = ["reduction"]}
      ins(%x : tensor<3xf32>) outs(%z : tensor<1xf32>) {
    ^bb0(%in: f32, %acc: f32):
      %a = arith.addf %in, %acc : f32
      linalg.yield %a : f32
  } -> tensor<1xf32>
  %t = gspmd.all_reduce %s on @m ["x"] reduce = sum : tensor<1xf32>
  return %x, %t : tensor<3xf32>, tensor<1xf32>
}

func.func @disagree() -> tensor<2xi32> {
  %k = gspmd.axis_index @m ["x"]
  %k32 = arith.index_cast %k : index to i32
  %t = tensor.splat %k32 : tensor<2xi32>
  return %t : tensor<2xi32>
}
