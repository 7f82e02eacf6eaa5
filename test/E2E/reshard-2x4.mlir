// Hand-written reshards on a 2x4 mesh (x=2, y=4), even 16x24: tiled <->
// replicated, replicated -> tiled, tiled -> partial -> tiled, [["x", "y"]] <->
// [["y", "x"]], axes moving between dims, partial on one dim -> partial on the
// other.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

// A chain of sharding_constraints (with cheap elementwise ops in between so
// every step is a real value) walks one tensor through many layouts; each
// intermediate is also returned in yet another layout.
func.func @main(%a: tensor<16x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>})
    -> (tensor<16x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>},
        tensor<16x24xf32> {gspmd.sharding = #gspmd.replicated},
        tensor<16x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
        tensor<16x24xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>},
        tensor<16x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["y", "x"]]>},
        tensor<16x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<16x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>}) {
  // tiled -> replicated
  %r = gspmd.sharding_constraint %a, #gspmd.replicated : tensor<16x24xf32>
  %r1 = math.tanh %r : tensor<16x24xf32>
  // replicated -> tiled (local slice, no communication)
  %t = gspmd.sharding_constraint %r1, #gspmd.tiled<@mesh, [["y"], ["x"]]> : tensor<16x24xf32>
  %t1 = math.exp %t : tensor<16x24xf32>
  // tiled -> partial (drop an axis: all_gather over y)
  %p = gspmd.sharding_constraint %t1, #gspmd.partially_tiled<@mesh, [[], ["x"]]> : tensor<16x24xf32>
  %p1 = math.tanh %p : tensor<16x24xf32>
  // partial -> tiled (add an axis: local slice)
  %q = gspmd.sharding_constraint %p1, #gspmd.tiled<@mesh, [["y"], ["x"]]> : tensor<16x24xf32>
  %q1 = arith.addf %q, %t1 : tensor<16x24xf32>
  // [["x", "y"]] <-> [["y", "x"]]
  %m = gspmd.sharding_constraint %q1, #gspmd.tiled<@mesh, [["x", "y"], []]> : tensor<16x24xf32>
  %m1 = math.tanh %m : tensor<16x24xf32>
  %n = gspmd.sharding_constraint %m1, #gspmd.tiled<@mesh, [["y", "x"], []]> : tensor<16x24xf32>
  %n1 = math.exp %n : tensor<16x24xf32>
  // both axes move from dim 0 to dim 1 (all_to_all)
  %o = gspmd.sharding_constraint %n1, #gspmd.tiled<@mesh, [[], ["y", "x"]]> : tensor<16x24xf32>
  %o1 = math.tanh %o : tensor<16x24xf32>
  // one axis moves between dims, the other stays
  %s = gspmd.sharding_constraint %o1, #gspmd.tiled<@mesh, [["x"], ["y"]]> : tensor<16x24xf32>
  %s1 = arith.mulf %s, %a : tensor<16x24xf32>
  %u = gspmd.sharding_constraint %s1, #gspmd.tiled<@mesh, [["x", "y"], []]> : tensor<16x24xf32>
  %u1 = math.tanh %u : tensor<16x24xf32>
  // partial on one dim -> partial on the other dim
  %v = gspmd.sharding_constraint %u1, #gspmd.partially_tiled<@mesh, [["y"], []]> : tensor<16x24xf32>
  %v1 = math.exp %v : tensor<16x24xf32>
  %w = gspmd.sharding_constraint %v1, #gspmd.partially_tiled<@mesh, [[], ["y"]]> : tensor<16x24xf32>
  %w1 = math.tanh %w : tensor<16x24xf32>
  // [["x", "y"]] -> [["y"], ["x"]]: both axes change dims
  %z = gspmd.sharding_constraint %u1, #gspmd.tiled<@mesh, [["y"], ["x"]]> : tensor<16x24xf32>
  %z1 = math.exp %z : tensor<16x24xf32>
  return %r1, %q1, %n1, %o1, %u1, %w1, %z1 : tensor<16x24xf32>, tensor<16x24xf32>, tensor<16x24xf32>, tensor<16x24xf32>, tensor<16x24xf32>, tensor<16x24xf32>, tensor<16x24xf32>
}
