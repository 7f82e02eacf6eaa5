// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition{strategy=first},gspmd-halo-exchange,canonicalize,cse)' | FileCheck %s
// (strategy=first: these cases test the mechanism of the first operand's split;
// test/Partition/strategy.mlir tests the choice by cost.)

// Structured control flow. scf.for: a loop-carried value has one sharding
// (its result's) for the init, the region argument, the yield and the
// result, so the body runs on local shards and the loop carries local types;
// an init laid out otherwise is resharded once, before the loop. scf.if:
// each branch yields the if-result's sharding, resharding inside the branch
// that holds something else. scf.while is kept replicated (trip counts must
// agree on every device and its carried values are not partitioned yet):
// carried tensors are made whole before the loop and sliced after it.

gspmd.mesh @mesh ["data"=2, "model"=4]

// CHECK-LABEL: func.func @for_carried(
// CHECK-SAME:    %arg0: tensor<4x4xf32>
// CHECK-SAME:    -> (tensor<4x4xf32>
// CHECK:         %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %arg0) -> (tensor<4x4xf32>) {
// CHECK-NEXT:      %[[E:.*]] = math.exp %[[ACC]] : tensor<4x4xf32>
// CHECK-NEXT:      scf.yield %[[E]] : tensor<4x4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]
func.func @for_carried(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) -> tensor<8x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %0 = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (tensor<8x16xf32>) {
    %1 = math.exp %acc : tensor<8x16xf32>
    scf.yield %1 : tensor<8x16xf32>
  }
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A replicated init for a loop annotated [[data], [model]]: sliced once,
// before the loop (no communication), never inside it.
// CHECK-LABEL: func.func @for_init_resharded(
// CHECK-SAME:    %arg0: tensor<8x16xf32>
// CHECK-SAME:    -> (tensor<4x4xf32>
// CHECK:         %[[S:.*]] = tensor.extract_slice %arg0[%{{.*}}, %{{.*}}] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x4xf32>
// CHECK-NEXT:    %[[R:.*]] = scf.for %{{.*}} iter_args(%[[ACC:.*]] = %[[S]]) -> (tensor<4x4xf32>) {
// CHECK-NEXT:      %[[E:.*]] = math.exp %[[ACC]] : tensor<4x4xf32>
// CHECK-NEXT:      scf.yield %[[E]] : tensor<4x4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]
func.func @for_init_resharded(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.replicated})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %0 = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (tensor<8x16xf32>) {
    %1 = math.exp %acc : tensor<8x16xf32>
    scf.yield %1 : tensor<8x16xf32>
  } {gspmd.sharding = [#gspmd.tiled<@mesh, [["data"], ["model"]]>]}
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A row-parallel matmul carried through a loop: the carried value is
// [[], [model]] (its cols are the next iteration's contracting dim), so each
// iteration multiplies local blocks and reduce-scatters the partial sums
// back to [[], [model]]. The init (the carried value itself, not the
// identity) is gathered and kept on model coordinate 0 only.
// CHECK-LABEL: func.func @for_matmul(
// CHECK-SAME:    %arg0: tensor<8x4xf32>
// CHECK-SAME:    %arg1: tensor<4x16xf32>
// CHECK-SAME:    -> (tensor<8x4xf32>
// CHECK:         scf.for %{{.*}} iter_args(%[[ACC:.*]] = %arg0) -> (tensor<8x4xf32>) {
// CHECK-NEXT:      %[[G:.*]] = gspmd.all_gather %[[ACC]] on @mesh ["model"] gather_dim = 1 : tensor<8x4xf32> -> tensor<8x16xf32>
// CHECK-NEXT:      %[[M:.*]] = gspmd.axis_index @mesh ["model"]
// CHECK-NEXT:      %[[FIRST:.*]] = arith.cmpi eq, %[[M]], %{{.*}} : index
// CHECK-NEXT:      %[[INIT:.*]] = arith.select %[[FIRST]], %[[G]], %{{.*}} : tensor<8x16xf32>
// CHECK-NEXT:      %[[MM:.*]] = linalg.matmul ins(%[[ACC]], %arg1 : tensor<8x4xf32>, tensor<4x16xf32>) outs(%[[INIT]] : tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK-NEXT:      %[[RS:.*]] = gspmd.reduce_scatter %[[MM]] on @mesh ["model"] reduce = sum scatter_dim = 1 : tensor<8x16xf32> -> tensor<8x4xf32>
// CHECK-NEXT:      scf.yield %[[RS]] : tensor<8x4xf32>
// CHECK-NEXT:    }
func.func @for_matmul(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>},
                      %w: tensor<16x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"], []]>}) -> tensor<8x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %0 = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (tensor<8x16xf32>) {
    %1 = linalg.matmul ins(%acc, %w : tensor<8x16xf32>, tensor<16x16xf32>) outs(%acc : tensor<8x16xf32>) -> tensor<8x16xf32>
    scf.yield %1 : tensor<8x16xf32>
  }
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// The if-result is [[data], [model]]: the then-branch yields %x as it is,
// the else-branch computes on %y's layout ([[data], []]) and slices its
// cols at model * 4 before yielding. The condition is a scalar: untouched.
// CHECK-LABEL: func.func @if_yields_resharded(
// CHECK-SAME:    %arg0: i1
// CHECK-SAME:    %arg1: tensor<4x4xf32>
// CHECK-SAME:    %arg2: tensor<4x16xf32>
// CHECK-SAME:    -> (tensor<4x4xf32>
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK:         %[[R:.*]] = scf.if %arg0 -> (tensor<4x4xf32>) {
// CHECK-NEXT:      scf.yield %arg1 : tensor<4x4xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[M:.*]] = gspmd.axis_index @mesh ["model"]
// CHECK-NEXT:      %[[COL:.*]] = arith.muli %[[M]], %[[C4]] : index
// CHECK-NEXT:      %[[S:.*]] = tensor.extract_slice %arg2[0, %[[COL]]] [4, 4] [1, 1] : tensor<4x16xf32> to tensor<4x4xf32>
// CHECK-NEXT:      %[[E:.*]] = math.exp %[[S]] : tensor<4x4xf32>
// CHECK-NEXT:      scf.yield %[[E]] : tensor<4x4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]
func.func @if_yields_resharded(%c: i1,
                               %x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>},
                               %y: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) {
  %0 = scf.if %c -> tensor<8x16xf32> {
    scf.yield %x : tensor<8x16xf32>
  } else {
    %1 = math.exp %y : tensor<8x16xf32>
    scf.yield %1 : tensor<8x16xf32>
  }
  return %0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// scf.while stays global: %x is gathered (both dims) before the loop, the
// loop carries tensor<8x16xf32> and yields it whole, and the result is
// sliced back to [[data], [model]] after the loop.
// CHECK-LABEL: func.func @while_replicated(
// CHECK-SAME:    %arg0: tensor<4x4xf32>
// CHECK-SAME:    -> (tensor<4x4xf32>
// CHECK:         %[[G0:.*]] = gspmd.all_gather %arg0 on @mesh ["data"] gather_dim = 0 : tensor<4x4xf32> -> tensor<8x4xf32>
// CHECK-NEXT:    %[[G1:.*]] = gspmd.all_gather %[[G0]] on @mesh ["model"] gather_dim = 1 : tensor<8x4xf32> -> tensor<8x16xf32>
// CHECK-NEXT:    %[[W:.*]]:2 = scf.while (%{{.*}} = %[[G1]], %{{.*}} = %{{.*}}) : (tensor<8x16xf32>, index) -> (tensor<8x16xf32>, index) {
// CHECK:           scf.condition(%{{.*}}) %{{.*}}, %{{.*}} : tensor<8x16xf32>, index
// CHECK:         } do {
// CHECK:           scf.yield %{{.*}}, %{{.*}} : tensor<8x16xf32>, index
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[D:.*]] = gspmd.axis_index @mesh ["data"]
// CHECK-NEXT:    %[[ROW:.*]] = arith.muli %[[D]], %{{.*}} : index
// CHECK-NEXT:    %[[M:.*]] = gspmd.axis_index @mesh ["model"]
// CHECK-NEXT:    %[[COL:.*]] = arith.muli %[[M]], %{{.*}} : index
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %[[W]]#0[%[[ROW]], %[[COL]]] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x4xf32>
// CHECK-NEXT:    return %[[S]]
func.func @while_replicated(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) -> tensor<8x16xf32> {
  %c0 = arith.constant 0 : index
  %0:2 = scf.while (%a = %x, %i = %c0) : (tensor<8x16xf32>, index) -> (tensor<8x16xf32>, index) {
    %c3 = arith.constant 3 : index
    %cond = arith.cmpi ult, %i, %c3 : index
    scf.condition(%cond) %a, %i : tensor<8x16xf32>, index
  } do {
  ^bb0(%a: tensor<8x16xf32>, %i: index):
    %c1 = arith.constant 1 : index
    %n = arith.addi %i, %c1 : index
    %e = math.exp %a : tensor<8x16xf32>
    scf.yield %e, %n : tensor<8x16xf32>, index
  }
  return %0#0 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Unstructured control flow (cf.br to a block with arguments): block
// arguments other than the entry block's are kept replicated, so the branch
// operand is made whole (both gathers) and the ops of ^bb1 reshard from
// there (a local slice for sin); only func.return is resharded to the
// function's result sharding. (canonicalize then merges the two blocks.)
// CHECK-LABEL: func.func @cf_branch(
// CHECK-SAME:    %arg0: tensor<4x4xf32>
// CHECK-SAME:    -> (tensor<4x4xf32>
// CHECK:         %[[E:.*]] = math.exp %arg0 : tensor<4x4xf32>
// CHECK-NEXT:    %[[G0:.*]] = gspmd.all_gather %[[E]] on @mesh ["data"] gather_dim = 0 : tensor<4x4xf32> -> tensor<8x4xf32>
// CHECK-NEXT:    %[[G1:.*]] = gspmd.all_gather %[[G0]] on @mesh ["model"] gather_dim = 1 : tensor<8x4xf32> -> tensor<8x16xf32>
// CHECK:         %[[S:.*]] = tensor.extract_slice %[[G1]][%{{.*}}, %{{.*}}] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x4xf32>
// CHECK-NEXT:    %[[R:.*]] = math.sin %[[S]] : tensor<4x4xf32>
// CHECK-NEXT:    return %[[R]] : tensor<4x4xf32>
func.func @cf_branch(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>}) {
  %0 = math.exp %x : tensor<8x16xf32>
  cf.br ^bb1(%0 : tensor<8x16xf32>)
^bb1(%a: tensor<8x16xf32>):
  %1 = math.sin %a : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A reshard of a value defined before an scf.for with constant bounds
// (every device runs it as often) is loop-invariant: it is made once, before
// the outermost such loop, not on every iteration; the layout it makes also
// serves the next loop and the code after them. Loops whose bounds are not
// constants keep theirs inside (test/Partition/reshard-shared.mlir,
// @loop_scope); with zero trips the hoisted gather runs on every device, so
// it stays matched (test/E2E/loop-invariant-hoist.mlir).
// CHECK-LABEL: func.func @for_invariant_hoisted(
// CHECK-SAME:    %arg0: tensor<4x16xf32>
// CHECK:         %[[G:.*]] = gspmd.all_gather %arg0 on @mesh ["data"] gather_dim = 0 : tensor<4x16xf32> -> tensor<8x16xf32>
// CHECK-NEXT:    %[[L:.*]] = scf.for
// CHECK-NEXT:      scf.for
// CHECK-NEXT:        arith.addf %{{.*}}, %[[G]]
// CHECK:         %[[L2:.*]] = scf.for %{{.*}} iter_args(%{{.*}} = %[[L]])
// CHECK-NEXT:      arith.mulf %{{.*}}, %[[G]]
// CHECK:         arith.subf %[[L2]], %[[G]]
// CHECK-NOT:     gspmd.all_gather
// CHECK:         return
func.func @for_invariant_hoisted(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>},
                                 %acc0: tensor<8x16xf32> {gspmd.sharding = #gspmd.replicated})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.replicated}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %0 = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %acc0) -> (tensor<8x16xf32>) {
    %1 = scf.for %j = %c0 to %c3 step %c1 iter_args(%acc2 = %acc) -> (tensor<8x16xf32>) {
      %g = gspmd.sharding_constraint %x, #gspmd.replicated : tensor<8x16xf32>
      %2 = arith.addf %acc2, %g : tensor<8x16xf32>
      scf.yield %2 : tensor<8x16xf32>
    }
    scf.yield %1 : tensor<8x16xf32>
  }
  %3 = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %0) -> (tensor<8x16xf32>) {
    %g = gspmd.sharding_constraint %x, #gspmd.replicated : tensor<8x16xf32>
    %4 = arith.mulf %acc, %g : tensor<8x16xf32>
    scf.yield %4 : tensor<8x16xf32>
  }
  %w = gspmd.sharding_constraint %x, #gspmd.replicated : tensor<8x16xf32>
  %5 = arith.subf %3, %w : tensor<8x16xf32>
  return %5 : tensor<8x16xf32>
}
