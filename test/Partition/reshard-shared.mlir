// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-spmd)' | FileCheck %s
// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' -o /dev/null | FileCheck %s --check-prefix=BYTES

// A value's reshards share their steps (lib/Sharding/shared.c,
// lib/Transforms/Partition/ReshardCache.c): a later use starts from the cheapest
// layout an earlier reshard of the value made, and a value wanted in several
// layouts makes first the one the others can slice, even when another use
// alone is cheaper by an all_to_all. Bytes per device by the ring model.

gspmd.mesh @line ["x"=2]

// Both layouts from one gather: the constraint's [["x"], []] alone is a
// padded all_to_all (48 B), but the replicated return needs the gather
// (84 B) anyway; 84 B in all, not 48 + 80.
// CHECK-LABEL: func.func @gather_first
// CHECK: gspmd.all_gather %{{.*}} on @line ["x"] gather_dim = 1 : tensor<7x3xf32> -> tensor<7x6xf32>
// CHECK-NOT: gspmd.all_to_all
// CHECK-NOT: gspmd.all_gather
// CHECK: return
// BYTES: total: 1 op, 1 call, sent 84 B
func.func @gather_first(%a: tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@line, [[], ["x"]]>})
    -> (tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@line, [["x"], []]>},
        tensor<7x5xf32> {gspmd.sharding = #gspmd.replicated}) {
  %t = math.tanh %a : tensor<7x5xf32>
  %c = gspmd.sharding_constraint %t, #gspmd.tiled<@line, [["x"], []]> : tensor<7x5xf32>
  %e = math.exp %c : tensor<7x5xf32>
  return %e, %t : tensor<7x5xf32>, tensor<7x5xf32>
}

// -----

gspmd.mesh @line ["x"=2]

// The gathered copy made for the first use is sliced for the second, which
// alone would move its shard by all_to_all.
// CHECK-LABEL: func.func @reuse_made
// CHECK: gspmd.all_gather
// CHECK-NOT: gspmd.all_to_all
// CHECK-NOT: gspmd.all_gather
// CHECK: return
// BYTES: total: 1 op, 1 call, sent 84 B
func.func @reuse_made(%a: tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@line, [[], ["x"]]>})
    -> (tensor<7x5xf32> {gspmd.sharding = #gspmd.replicated},
        tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@line, [["x"], []]>}) {
  %t = math.tanh %a : tensor<7x5xf32>
  %r = gspmd.sharding_constraint %t, #gspmd.replicated : tensor<7x5xf32>
  %e = math.exp %r : tensor<7x5xf32>
  %c = gspmd.sharding_constraint %t, #gspmd.tiled<@line, [["x"], []]> : tensor<7x5xf32>
  %f = math.sin %c : tensor<7x5xf32>
  return %e, %f : tensor<7x5xf32>, tensor<7x5xf32>
}

// -----

gspmd.mesh @mesh ["x"=2, "y"=4]

// Two identical matmuls (CSE merges them after partitioning) wanted in two
// layouts: the contraction split by both axes and one all_reduce (490 B)
// serves both by slicing, where {i=y, j=x} is cheaper for the first alone
// (464 B) but not for the pair.
// CHECK-LABEL: func.func @twins
// CHECK: linalg.matmul
// CHECK-NEXT: gspmd.all_reduce %{{.*}} on @mesh ["x", "y"] reduce = sum : tensor<10x7xf32>
// CHECK-NOT: gspmd.all_
// CHECK-NOT: linalg.matmul
// CHECK: return
// BYTES: total: 1 op, 1 call, sent 490 B
func.func @twins(%a: tensor<10x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"]]>},
                 %b: tensor<16x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>})
    -> (tensor<10x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>},
        tensor<10x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["y", "x"]]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<10x7xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<10x7xf32>) -> tensor<10x7xf32>
  %r0 = linalg.matmul ins(%a, %b : tensor<10x16xf32>, tensor<16x7xf32>) outs(%f : tensor<10x7xf32>) -> tensor<10x7xf32>
  %r1 = linalg.matmul ins(%a, %b : tensor<10x16xf32>, tensor<16x7xf32>) outs(%f : tensor<10x7xf32>) -> tensor<10x7xf32>
  return %r0, %r1 : tensor<10x7xf32>, tensor<10x7xf32>
}

// -----

gspmd.mesh @line ["x"=2]

// A layout made inside a loop body is not used outside it (it does not
// dominate the code after it): the second loop gathers again. One made
// before the loop (the constraint after it is a later user of %t that
// wants it replicated, so %t's copy is made where %t is) serves the body.
// CHECK-LABEL: func.func @loop_scope
// CHECK: scf.for
// CHECK-NEXT: gspmd.all_gather
// CHECK: scf.yield
// CHECK: scf.for
// CHECK-NEXT: gspmd.all_gather
// CHECK: scf.yield
// CHECK-LABEL: func.func @before_loop
// CHECK: math.tanh
// CHECK-NEXT: gspmd.all_gather
// CHECK-NEXT: scf.for
// CHECK-NOT: gspmd.all_gather
// CHECK: return
// BYTES: @loop_scope: all_gather on @line ["x"] {{.*}} per iteration
// BYTES-NEXT: @loop_scope: all_gather on @line ["x"] {{.*}} per iteration
// BYTES-NEXT: @before_loop: all_gather on @line ["x"] {{.*}} sent 96 B
// BYTES-NEXT: total all_gather: 3 ops
func.func @loop_scope(%a: tensor<8x6xf32> {gspmd.sharding = #gspmd.tiled<@line, [["x"], []]>},
                      %b: tensor<8x6xf32> {gspmd.sharding = #gspmd.replicated}, %n: index)
    -> (tensor<8x6xf32> {gspmd.sharding = #gspmd.replicated}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = math.tanh %a : tensor<8x6xf32>
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %b) -> (tensor<8x6xf32>) {
    %g = gspmd.sharding_constraint %t, #gspmd.replicated : tensor<8x6xf32>
    %s = arith.addf %acc, %g : tensor<8x6xf32>
    scf.yield %s : tensor<8x6xf32>
  }
  %l2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %l) -> (tensor<8x6xf32>) {
    %g = gspmd.sharding_constraint %t, #gspmd.replicated : tensor<8x6xf32>
    %s = arith.mulf %acc, %g : tensor<8x6xf32>
    scf.yield %s : tensor<8x6xf32>
  }
  return %l2 : tensor<8x6xf32>
}

func.func @before_loop(%a: tensor<8x6xf32> {gspmd.sharding = #gspmd.tiled<@line, [["x"], []]>},
                       %b: tensor<8x6xf32> {gspmd.sharding = #gspmd.replicated}, %n: index)
    -> (tensor<8x6xf32> {gspmd.sharding = #gspmd.replicated}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = math.tanh %a : tensor<8x6xf32>
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %b) -> (tensor<8x6xf32>) {
    %g = gspmd.sharding_constraint %t, #gspmd.replicated : tensor<8x6xf32>
    %s = arith.addf %acc, %g : tensor<8x6xf32>
    scf.yield %s : tensor<8x6xf32>
  }
  %w = gspmd.sharding_constraint %t, #gspmd.replicated : tensor<8x6xf32>
  %o = arith.addf %l, %w : tensor<8x6xf32>
  return %o : tensor<8x6xf32>
}
