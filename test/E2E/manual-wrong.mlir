// Wrong manual bodies fail the check.
// - @leaks_padding: 13 rows over 4 devices, and the body passes its rows
//   around the ring (wrap) without masking: the last device's padding lands
//   in the first device's valid rows (poison under gspmd-run, zeros in the
//   simulated reference): FAIL.
// - @claims_copies: yields the device's index under a replicated
//   out_sharding: the devices' copies disagree: FAIL.
// - @short_ring: a ring all-reduce that stops one step early: each device
//   holds a different partial sum under a replicated out_sharding: FAIL.
// - @max_ring: a ring that takes the maximum where a sum was meant. It is
//   consistent, and the reference runs the body as written, so the check
//   passes; its printed result differs from @spec, the sum written globally
//   (how the e2e tests check the algorithm itself, e.g.
//   manual-ring-allreduce.mlir).
// REQUIRES: mpi
// RUN: not %mpirun -n 4 %gspmd-run %s --entry leaks_padding --check | FileCheck %s --check-prefix=LEAK
// LEAK: result #0 tensor<13x5xf32>: {{.*}} FAIL
// LEAK: check: 1 of 1 result FAIL
// RUN: not %mpirun -n 4 %gspmd-run %s --entry claims_copies --check 2>&1 | FileCheck %s --check-prefix=COPIES
// COPIES: replicas disagree
// RUN: not %mpirun -n 4 %gspmd-run %s --entry short_ring --check 2>&1 | FileCheck %s --check-prefix=COPIES
// RUN: %mpirun -n 4 %gspmd-run %s --entry max_ring --check | FileCheck %s --check-prefix=SIM
// SIM: check: 1 of 1 result PASS
// RUN: %mpirun -n 4 %gspmd-run %s --entry max_ring --print | grep '^result' > %t.manual
// RUN: %mpirun -n 4 %gspmd-run %s --entry spec --print | grep '^result' > %t.spec
// RUN: not diff %t.manual %t.spec

gspmd.mesh @mesh ["x"=4]

func.func @leaks_padding(%x: tensor<13x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>})
    -> (tensor<13x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>}) {
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["x"]
      in_shardings = [#gspmd.tiled<@mesh, [["x"], []]>]
      out_shardings = [#gspmd.tiled<@mesh, [["x"], []]>] {
  ^bb0(%l: tensor<4x5xf32>):
    %p = gspmd.collective_permute %l on @mesh ["x"] shift = 1 wrap : tensor<4x5xf32>
    %t = arith.addf %l, %p : tensor<4x5xf32>
    gspmd.manual_yield %t : tensor<4x5xf32>
  } : (tensor<13x5xf32>) -> tensor<13x5xf32>
  return %r : tensor<13x5xf32>
}

func.func @claims_copies(%x: tensor<4x3xf32> {gspmd.sharding = #gspmd.replicated})
    -> tensor<4x3xf32> {
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["x"]
      in_shardings = [#gspmd.replicated] out_shardings = [#gspmd.replicated] {
  ^bb0(%l: tensor<4x3xf32>):
    %k = gspmd.axis_index @mesh ["x"]
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    %e = tensor.empty() : tensor<4x3xf32>
    %kt = linalg.fill ins(%kf : f32) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
    %t = arith.addf %l, %kt : tensor<4x3xf32>
    gspmd.manual_yield %t : tensor<4x3xf32>
  } : (tensor<4x3xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

func.func @short_ring(%x: tensor<4x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>})
    -> tensor<1x6xf32> {
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["x"]
      in_shardings = [#gspmd.tiled<@mesh, [["x"], []]>]
      out_shardings = [#gspmd.replicated] {
  ^bb0(%lx: tensor<1x6xf32>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %steps = arith.constant 2 : index  // should be 3 on 4 devices
    %acc:2 = scf.for %i = %c0 to %steps step %c1 iter_args(%sum = %lx, %buf = %lx)
        -> (tensor<1x6xf32>, tensor<1x6xf32>) {
      %next = gspmd.collective_permute %buf on @mesh ["x"] shift = 1 wrap : tensor<1x6xf32>
      %s = arith.addf %sum, %next : tensor<1x6xf32>
      scf.yield %s, %next : tensor<1x6xf32>, tensor<1x6xf32>
    }
    gspmd.manual_yield %acc#0 : tensor<1x6xf32>
  } : (tensor<4x6xf32>) -> tensor<1x6xf32>
  return %r : tensor<1x6xf32>
}

func.func @max_ring(%x: tensor<4x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>})
    -> tensor<1x6xf32> {
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["x"]
      in_shardings = [#gspmd.tiled<@mesh, [["x"], []]>]
      out_shardings = [#gspmd.replicated] {
  ^bb0(%lx: tensor<1x6xf32>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %steps = arith.constant 3 : index
    %acc:2 = scf.for %i = %c0 to %steps step %c1 iter_args(%sum = %lx, %buf = %lx)
        -> (tensor<1x6xf32>, tensor<1x6xf32>) {
      %next = gspmd.collective_permute %buf on @mesh ["x"] shift = 1 wrap : tensor<1x6xf32>
      %s = arith.maximumf %sum, %next : tensor<1x6xf32>
      scf.yield %s, %next : tensor<1x6xf32>, tensor<1x6xf32>
    }
    gspmd.manual_yield %acc#0 : tensor<1x6xf32>
  } : (tensor<4x6xf32>) -> tensor<1x6xf32>
  return %r : tensor<1x6xf32>
}

func.func @spec(%x: tensor<4x6xf32>) -> tensor<1x6xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x6xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x6xf32>) -> tensor<1x6xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (0, j)>],
                       iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<4x6xf32>) outs(%f : tensor<1x6xf32>) {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    linalg.yield %t : f32
  } -> tensor<1x6xf32>
  return %s : tensor<1x6xf32>
}
