// A value's reshards sharing their steps, run and checked: uses that start
// from a layout an earlier use made (a gathered copy sliced, a copy made
// before a loop used inside it, one made inside not used after it), a value
// whose uses go through the layout they can all slice (its first use alone
// would take an all_to_all), identical matmuls whose partial sums one
// all_reduce combines for both results' layouts. Uneven 7x5 and 10x7 and
// even 8x8, on 2x4, 2x2, 2x1 and 1x1 meshes, multi-axis splits.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check --report | FileCheck %s --check-prefixes=CHECK,N8
// At 8 ranks: %t moves by one all_to_all and one all_gather for its three
// layouts; the matmul pair needs one all_reduce; %vt is gathered once,
// where it is made (the constraints after the loops want it replicated),
// and the first loop's body uses that copy; %u, made before two loops of
// constant bounds whose bodies want it whole, is gathered once before the
// first of them (a loop-invariant reshard, hoisted) and the second reuses
// that copy (before, each loop gathered it on every iteration).
// N8: all_to_all on @mesh ["y", "x"] group 8: in tensor<8x1xf32>
// N8-NEXT: all_gather on @mesh ["y", "x"] group 8: in tensor<1x5xf32>
// N8-NEXT: all_reduce on @mesh ["x", "y"] group 8: in tensor<10x7xf32>
// N8-NEXT: all_gather on @mesh ["x"] group 2: in tensor<4x2xf32> 32 B, sent 32 B, received 32 B{{$}}
// N8-NEXT: all_gather on @mesh ["y"] group 4: in tensor<8x2xf32> 64 B, sent 192 B, received 192 B{{$}}
// N8-NEXT: all_gather on @mesh ["x"] {{.*}}B{{$}}
// N8-NEXT: all_gather on @mesh ["y"] {{.*}}B{{$}}
// N8-NOT: all_gather
// N8: total all_reduce: 1 op
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["y", "x"]]>},
                %m: tensor<10x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"]]>},
                %k: tensor<16x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
                %v: tensor<8x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %b: tensor<8x8xf32> {gspmd.sharding = #gspmd.replicated})
    -> (tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y", "x"], []]>},
        tensor<7x5xf32> {gspmd.sharding = #gspmd.replicated},
        tensor<7x5xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
        tensor<10x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>},
        tensor<10x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["y", "x"]]>},
        tensor<8x8xf32> {gspmd.sharding = #gspmd.replicated},
        tensor<8x8xf32> {gspmd.sharding = #gspmd.replicated}) {
  // %t is wanted in three layouts: the cheapest way to the replicated one
  // passes through the constraint's (an all_to_all, then a gather of rows
  // instead of columns), and the partially tiled one is sliced from it.
  %t = math.tanh %a : tensor<7x5xf32>
  %c = gspmd.sharding_constraint %t, #gspmd.tiled<@mesh, [["y", "x"], []]> : tensor<7x5xf32>
  %e = math.exp %c : tensor<7x5xf32>
  // A later use slicing the copy the return's gather made.
  %p = gspmd.sharding_constraint %t, #gspmd.partially_tiled<@mesh, [["x"], []]> : tensor<7x5xf32>
  %q = math.sin %p : tensor<7x5xf32>
  // Identical matmuls, K split over both axes, results in two layouts.
  %z = arith.constant 0.0 : f32
  %i = tensor.empty() : tensor<10x7xf32>
  %f = linalg.fill ins(%z : f32) outs(%i : tensor<10x7xf32>) -> tensor<10x7xf32>
  %mt = math.tanh %m : tensor<10x16xf32>
  %r0 = linalg.matmul ins(%mt, %k : tensor<10x16xf32>, tensor<16x7xf32>) outs(%f : tensor<10x7xf32>) -> tensor<10x7xf32>
  %r1 = linalg.matmul ins(%mt, %k : tensor<10x16xf32>, tensor<16x7xf32>) outs(%f : tensor<10x7xf32>) -> tensor<10x7xf32>
  // Copies made inside a loop body stay there; one made before serves it.
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %vt = math.tanh %v : tensor<8x8xf32>
  %l = scf.for %j = %c0 to %c3 step %c1 iter_args(%acc = %b) -> (tensor<8x8xf32>) {
    %g = gspmd.sharding_constraint %vt, #gspmd.replicated : tensor<8x8xf32>
    %s = arith.addf %acc, %g : tensor<8x8xf32>
    %s2 = math.sin %s : tensor<8x8xf32>
    scf.yield %s2 : tensor<8x8xf32>
  }
  %w = gspmd.sharding_constraint %vt, #gspmd.replicated : tensor<8x8xf32>
  %o = arith.mulf %l, %w : tensor<8x8xf32>
  %w2 = gspmd.sharding_constraint %vt, #gspmd.replicated : tensor<8x8xf32>
  %l2 = scf.for %j = %c0 to %c3 step %c1 iter_args(%acc = %b) -> (tensor<8x8xf32>) {
    %g = gspmd.sharding_constraint %vt, #gspmd.replicated : tensor<8x8xf32>
    %s = arith.subf %acc, %g : tensor<8x8xf32>
    %s2 = math.cos %s : tensor<8x8xf32>
    scf.yield %s2 : tensor<8x8xf32>
  }
  %o2a = arith.addf %l2, %w2 : tensor<8x8xf32>
  %u = math.exp %v : tensor<8x8xf32>
  %l3 = scf.for %j = %c0 to %c3 step %c1 iter_args(%acc = %o2a) -> (tensor<8x8xf32>) {
    %g = gspmd.sharding_constraint %u, #gspmd.replicated : tensor<8x8xf32>
    %s = arith.mulf %acc, %g : tensor<8x8xf32>
    scf.yield %s : tensor<8x8xf32>
  }
  %l4 = scf.for %j = %c0 to %c1 step %c1 iter_args(%acc = %l3) -> (tensor<8x8xf32>) {
    %g = gspmd.sharding_constraint %u, #gspmd.replicated : tensor<8x8xf32>
    %s = arith.subf %acc, %g : tensor<8x8xf32>
    scf.yield %s : tensor<8x8xf32>
  }
  %o2 = math.tanh %l4 : tensor<8x8xf32>
  return %e, %t, %q, %r0, %r1, %o, %o2 : tensor<7x5xf32>, tensor<7x5xf32>, tensor<7x5xf32>, tensor<10x7xf32>, tensor<10x7xf32>, tensor<8x8xf32>, tensor<8x8xf32>
}
