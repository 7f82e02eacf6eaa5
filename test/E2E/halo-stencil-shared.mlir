// Stencil taps that read one value share one halo exchange (the union of
// their halos; each tap slices its own window from it), with partial,
// multi-axis, even and uneven shardings, checked against the global program.
//   #0 a[i+1] + 2*a[i+2] + a[i+3] (taps on one side), a split on x only
//      (partially tiled, y replicated), uneven 13 -> 10
//   #1 2-D 5-point stencil, rows split on y only (x replicated), 19x11 ->
//      16x8 (one exchange per dim, both dims' taps read one value)
//   #2 a[i+2] * b[i+1] - a[i+1] + b[i+2]: a's two taps share one exchange,
//      b's two share another, split on ["y", "x"], uneven 12 -> 10
// REQUIRES: mpi
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition)' %s | FileCheck %s --check-prefix=IR
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: 3 of 3 results PASS

// One exchange per value (a: 7-element shards reaching 5 outputs' windows
// from 5i + 1, so [1, 1]; the 2-D stencil's rows: [2, 2]; a2 and b2 each
// [0, 2]).
// IR-LABEL: func.func @main(
// IR:         gspmd.halo_exchange %arg0 on @mesh ["x"] dim = 0 halo = [1, 1] size = 13
// IR-NOT:     gspmd.halo_exchange %arg0
// IR:         gspmd.halo_exchange %arg1 on @mesh ["y"] dim = 0 halo = [2, 2] size = 19
// IR-NOT:     gspmd.halo_exchange %arg1
// IR:         gspmd.halo_exchange %arg2 on @mesh ["y", "x"] dim = 0 halo = [0, 2] size = 12
// IR-NOT:     gspmd.halo_exchange %arg2
// IR:         gspmd.halo_exchange %arg3 on @mesh ["y", "x"] dim = 0 halo = [0, 2] size = 12
// IR-NOT:     gspmd.halo_exchange
// IR:         return

gspmd.mesh @mesh ["x"=2, "y"=4]

#id1 = affine_map<(d0) -> (d0)>
#s1 = affine_map<(d0) -> (d0 + 1)>
#s2 = affine_map<(d0) -> (d0 + 2)>
#s3 = affine_map<(d0) -> (d0 + 3)>
#pn = affine_map<(d0, d1) -> (d0 + 1, d1 + 2)>
#pw = affine_map<(d0, d1) -> (d0 + 2, d1 + 1)>
#ps = affine_map<(d0, d1) -> (d0 + 3, d1 + 2)>
#pe = affine_map<(d0, d1) -> (d0 + 2, d1 + 3)>
#pc = affine_map<(d0, d1) -> (d0 + 2, d1 + 2)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>

func.func @main(
    %a0: tensor<13xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"]]>},
    %m1: tensor<19x11xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>},
    %a2: tensor<12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y", "x"]]>},
    %b2: tensor<12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y", "x"]]>})
    -> (tensor<10xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"]]>},
        tensor<16x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>},
        tensor<10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y", "x"]]>}) {
  %two = arith.constant 2.0 : f32
  %four = arith.constant 4.0 : f32

  %e0 = tensor.empty() : tensor<10xf32>
  %r0 = linalg.generic {indexing_maps = [#s1, #s2, #s3, #id1], iterator_types = ["parallel"]}
      ins(%a0, %a0, %a0 : tensor<13xf32>, tensor<13xf32>, tensor<13xf32>) outs(%e0 : tensor<10xf32>) {
  ^bb0(%l: f32, %c: f32, %r: f32, %o: f32):
    %t = arith.mulf %c, %two : f32
    %u = arith.addf %l, %t : f32
    %v = arith.addf %u, %r : f32
    linalg.yield %v : f32
  } -> tensor<10xf32>

  %e1 = tensor.empty() : tensor<16x8xf32>
  %r1 = linalg.generic {indexing_maps = [#pn, #pw, #ps, #pe, #pc, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%m1, %m1, %m1, %m1, %m1 : tensor<19x11xf32>, tensor<19x11xf32>, tensor<19x11xf32>, tensor<19x11xf32>, tensor<19x11xf32>)
      outs(%e1 : tensor<16x8xf32>) {
  ^bb0(%n: f32, %w: f32, %s: f32, %e: f32, %c: f32, %o: f32):
    %t0 = arith.addf %n, %w : f32
    %t1 = arith.addf %t0, %s : f32
    %t2 = arith.addf %t1, %e : f32
    %c4 = arith.mulf %c, %four : f32
    %t3 = arith.subf %t2, %c4 : f32
    linalg.yield %t3 : f32
  } -> tensor<16x8xf32>

  %e2 = tensor.empty() : tensor<10xf32>
  %r2 = linalg.generic {indexing_maps = [#s2, #s1, #s1, #s2, #id1], iterator_types = ["parallel"]}
      ins(%a2, %b2, %a2, %b2 : tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>) outs(%e2 : tensor<10xf32>) {
  ^bb0(%x: f32, %y: f32, %w: f32, %z: f32, %o: f32):
    %t = arith.mulf %x, %y : f32
    %u = arith.subf %t, %w : f32
    %v = arith.addf %u, %z : f32
    linalg.yield %v : f32
  } -> tensor<10xf32>
  return %r0, %r1, %r2 : tensor<10xf32>, tensor<16x8xf32>, tensor<10xf32>
}
