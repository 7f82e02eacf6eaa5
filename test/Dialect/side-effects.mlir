// RUN: gspmd-opt %s -split-input-file -canonicalize | FileCheck %s --check-prefix=CANON
// RUN: gspmd-opt %s -split-input-file -cse | FileCheck %s --check-prefix=CSE
// RUN: gspmd-opt %s -split-input-file -loop-invariant-code-motion | FileCheck %s --check-prefix=LICM

// Collectives have value semantics and every device runs the same program:
// they have no memory effects, so CSE may merge identical ones and DCE may
// drop unused ones. They are not speculatable: hoisting one out of a loop
// whose trip count differs between devices would deadlock, so LICM keeps
// them in place. axis_index, partition_id and sharding_constraint are pure.

gspmd.mesh @mesh ["data"=2, "model"=4]

// Collectives with uses survive canonicalize and cse; unused ones are dead.
// CANON-LABEL: func.func @kept_with_uses
// CANON-NEXT:    %[[AR:.*]] = gspmd.all_reduce %arg0 on @mesh ["model"] reduce = sum
// CANON-NEXT:    %[[AG:.*]] = gspmd.all_gather %[[AR]] on @mesh ["data"] gather_dim = 0
// CANON-NEXT:    %[[RS:.*]] = gspmd.reduce_scatter %[[AG]] on @mesh ["model"] reduce = sum scatter_dim = 1
// CANON-NEXT:    %[[A2A:.*]] = gspmd.all_to_all %[[RS]] on @mesh ["data"] split_dim = 0 concat_dim = 1
// CANON-NEXT:    %[[CP:.*]] = gspmd.collective_permute %[[A2A]] on @mesh ["model"] shift = 1 wrap
// CANON-NEXT:    %[[HX:.*]] = gspmd.halo_exchange %[[CP]] on @mesh ["data"] dim = 0 halo = [1, 1] size = 16
// CANON-NEXT:    return %[[HX]]
// CSE-LABEL: func.func @kept_with_uses
// CSE-NEXT:    %[[AR:.*]] = gspmd.all_reduce %arg0
// CSE-NEXT:    %[[AG:.*]] = gspmd.all_gather %[[AR]]
// CSE-NEXT:    %[[RS:.*]] = gspmd.reduce_scatter %[[AG]]
// CSE-NEXT:    %[[A2A:.*]] = gspmd.all_to_all %[[RS]]
// CSE-NEXT:    %[[CP:.*]] = gspmd.collective_permute %[[A2A]]
// CSE-NEXT:    %[[HX:.*]] = gspmd.halo_exchange %[[CP]]
// CSE-NEXT:    return %[[HX]]
func.func @kept_with_uses(%arg0: tensor<8x16xf32>) -> tensor<10x8xf32> {
  %0 = gspmd.all_reduce %arg0 on @mesh ["model"] reduce = sum : tensor<8x16xf32>
  %1 = gspmd.all_gather %0 on @mesh ["data"] gather_dim = 0 : tensor<8x16xf32> -> tensor<16x16xf32>
  %2 = gspmd.reduce_scatter %1 on @mesh ["model"] reduce = sum scatter_dim = 1 : tensor<16x16xf32> -> tensor<16x4xf32>
  %3 = gspmd.all_to_all %2 on @mesh ["data"] split_dim = 0 concat_dim = 1 : tensor<16x4xf32> -> tensor<8x8xf32>
  %4 = gspmd.collective_permute %3 on @mesh ["model"] shift = 1 wrap : tensor<8x8xf32>
  %5 = gspmd.halo_exchange %4 on @mesh ["data"] dim = 0 halo = [1, 1] size = 16 : tensor<8x8xf32> -> tensor<10x8xf32>
  return %5 : tensor<10x8xf32>
}

// Unused collectives and SPMD ops are dead code.
// CANON-LABEL: func.func @unused_are_dead
// CANON-NOT:     gspmd.
// CANON:         return %arg0
func.func @unused_are_dead(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = gspmd.all_reduce %arg0 on @mesh ["model"] reduce = sum : tensor<8x16xf32>
  %1 = gspmd.all_gather %arg0 on @mesh ["data"] gather_dim = 0 : tensor<8x16xf32> -> tensor<16x16xf32>
  %2 = gspmd.collective_permute %arg0 on @mesh ["model"] shift = 1 : tensor<8x16xf32>
  %3 = gspmd.axis_index @mesh ["data"]
  %4 = gspmd.partition_id
  %5 = gspmd.sharding_constraint %arg0, #gspmd.tiled<@mesh, [["data"], ["model"]]> : tensor<8x16xf32>
  return %arg0 : tensor<8x16xf32>
}

// CSE merges two identical all_reduce (and identical SPMD ops) but keeps
// ones that differ in axes or reduction.
// CSE-LABEL: func.func @cse_merges_identical
// CSE-NEXT:    %[[A:.*]] = gspmd.all_reduce %arg0 on @mesh ["model"] reduce = sum
// CSE-NEXT:    %[[B:.*]] = gspmd.all_reduce %arg0 on @mesh ["data"] reduce = sum
// CSE-NEXT:    %[[C:.*]] = gspmd.all_reduce %arg0 on @mesh ["model"] reduce = max
// CSE-NEXT:    %[[I:.*]] = gspmd.axis_index @mesh ["data"]
// CSE-NEXT:    %[[P:.*]] = gspmd.partition_id
// CSE-NEXT:    return %[[A]], %[[A]], %[[B]], %[[C]], %[[I]], %[[I]], %[[P]], %[[P]]
// CSE-NOT:     gspmd.
func.func @cse_merges_identical(%arg0: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, index, index, index, index) {
  %0 = gspmd.all_reduce %arg0 on @mesh ["model"] reduce = sum : tensor<8x16xf32>
  %1 = gspmd.all_reduce %arg0 on @mesh ["model"] reduce = sum : tensor<8x16xf32>
  %2 = gspmd.all_reduce %arg0 on @mesh ["data"] reduce = sum : tensor<8x16xf32>
  %3 = gspmd.all_reduce %arg0 on @mesh ["model"] reduce = max : tensor<8x16xf32>
  %4 = gspmd.axis_index @mesh ["data"]
  %5 = gspmd.axis_index @mesh ["data"]
  %6 = gspmd.partition_id
  %7 = gspmd.partition_id
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, index, index, index, index
}

// CSE merges every kind of collective.
// CSE-LABEL: func.func @cse_every_collective
// CSE-COUNT-1: gspmd.all_gather
// CSE-NEXT:    gspmd.reduce_scatter
// CSE-NEXT:    gspmd.all_to_all
// CSE-NEXT:    gspmd.collective_permute
// CSE-NEXT:    gspmd.halo_exchange
// CSE-NEXT:    return
func.func @cse_every_collective(%arg0: tensor<8x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<10x16xf32>, tensor<10x16xf32>) {
  %0 = gspmd.all_gather %arg0 on @mesh ["data"] gather_dim = 0 : tensor<8x16xf32> -> tensor<16x16xf32>
  %1 = gspmd.all_gather %arg0 on @mesh ["data"] gather_dim = 0 : tensor<8x16xf32> -> tensor<16x16xf32>
  %2 = gspmd.reduce_scatter %arg0 on @mesh ["model"] reduce = sum scatter_dim = 1 : tensor<8x16xf32> -> tensor<8x4xf32>
  %3 = gspmd.reduce_scatter %arg0 on @mesh ["model"] reduce = sum scatter_dim = 1 : tensor<8x16xf32> -> tensor<8x4xf32>
  %4 = gspmd.all_to_all %arg0 on @mesh ["model"] split_dim = 1 concat_dim = 0 : tensor<8x16xf32> -> tensor<32x4xf32>
  %5 = gspmd.all_to_all %arg0 on @mesh ["model"] split_dim = 1 concat_dim = 0 : tensor<8x16xf32> -> tensor<32x4xf32>
  %6 = gspmd.collective_permute %arg0 on @mesh ["model"] shift = 1 wrap : tensor<8x16xf32>
  %7 = gspmd.collective_permute %arg0 on @mesh ["model"] shift = 1 wrap : tensor<8x16xf32>
  %8 = gspmd.halo_exchange %arg0 on @mesh ["data"] dim = 0 halo = [1, 1] size = 16 : tensor<8x16xf32> -> tensor<10x16xf32>
  %9 = gspmd.halo_exchange %arg0 on @mesh ["data"] dim = 0 halo = [1, 1] size = 16 : tensor<8x16xf32> -> tensor<10x16xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<16x16xf32>, tensor<16x16xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<10x16xf32>, tensor<10x16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// LICM hoists the pure loop-invariant ops (arith, axis_index, partition_id,
// sharding_constraint) but leaves every loop-invariant collective in the
// loop: the trip count may be zero on some devices.
// LICM-LABEL: func.func @licm
// LICM-DAG:     %[[ADD:.*]] = arith.addf %arg0, %arg0 : tensor<8x16xf32>
// LICM-DAG:     %[[IDX:.*]] = gspmd.axis_index @mesh ["data"]
// LICM-DAG:     %[[PID:.*]] = gspmd.partition_id
// LICM-DAG:     %[[SC:.*]] = gspmd.sharding_constraint %arg0, #gspmd.replicated
// LICM:         scf.for
// LICM-NOT:       arith.addf
// LICM-NOT:       gspmd.axis_index
// LICM-NOT:       gspmd.partition_id
// LICM-NOT:       gspmd.sharding_constraint
// LICM:           %[[AR:.*]] = gspmd.all_reduce %[[ADD]] on @mesh ["model"] reduce = sum
// LICM-NEXT:      %[[AG:.*]] = gspmd.all_gather %arg0 on @mesh ["data"] gather_dim = 0
// LICM-NEXT:      %[[RS:.*]] = gspmd.reduce_scatter %arg0 on @mesh ["model"] reduce = sum scatter_dim = 1
// LICM-NEXT:      %[[A2A:.*]] = gspmd.all_to_all %arg0 on @mesh ["model"] split_dim = 1 concat_dim = 0
// LICM-NEXT:      %[[CP:.*]] = gspmd.collective_permute %arg0 on @mesh ["model"] shift = 1
// LICM-NEXT:      %[[HX:.*]] = gspmd.halo_exchange %arg0 on @mesh ["data"] dim = 0 halo = [1, 1] size = 16
// LICM:           scf.yield
// LICM-NEXT:    }
func.func @licm(%arg0: tensor<8x16xf32>, %lb: index, %ub: index, %step: index) -> tensor<8x16xf32> {
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %arg0) -> (tensor<8x16xf32>) {
    %add = arith.addf %arg0, %arg0 : tensor<8x16xf32>
    %idx = gspmd.axis_index @mesh ["data"]
    %pid = gspmd.partition_id
    %sc = gspmd.sharding_constraint %arg0, #gspmd.replicated : tensor<8x16xf32>
    %ar = gspmd.all_reduce %add on @mesh ["model"] reduce = sum : tensor<8x16xf32>
    %ag = gspmd.all_gather %arg0 on @mesh ["data"] gather_dim = 0 : tensor<8x16xf32> -> tensor<16x16xf32>
    %rs = gspmd.reduce_scatter %arg0 on @mesh ["model"] reduce = sum scatter_dim = 1 : tensor<8x16xf32> -> tensor<8x4xf32>
    %a2a = gspmd.all_to_all %arg0 on @mesh ["model"] split_dim = 1 concat_dim = 0 : tensor<8x16xf32> -> tensor<32x4xf32>
    %cp = gspmd.collective_permute %arg0 on @mesh ["model"] shift = 1 : tensor<8x16xf32>
    %hx = gspmd.halo_exchange %arg0 on @mesh ["data"] dim = 0 halo = [1, 1] size = 16 : tensor<8x16xf32> -> tensor<10x16xf32>
    %s0 = arith.addf %acc, %ar : tensor<8x16xf32>
    %s1 = arith.addf %s0, %cp : tensor<8x16xf32>
    %s2 = arith.addf %s1, %sc : tensor<8x16xf32>
    %e0 = tensor.extract %ag[%idx, %pid] : tensor<16x16xf32>
    %e1 = tensor.extract %rs[%idx, %pid] : tensor<8x4xf32>
    %e2 = tensor.extract %a2a[%idx, %pid] : tensor<32x4xf32>
    %e3 = tensor.extract %hx[%idx, %pid] : tensor<10x16xf32>
    %s3 = tensor.insert %e0 into %s2[%idx, %pid] : tensor<8x16xf32>
    %s4 = tensor.insert %e1 into %s3[%pid, %idx] : tensor<8x16xf32>
    %s5 = tensor.insert %e2 into %s4[%idx, %idx] : tensor<8x16xf32>
    %s6 = tensor.insert %e3 into %s5[%pid, %pid] : tensor<8x16xf32>
    scf.yield %s6 : tensor<8x16xf32>
  }
  return %r : tensor<8x16xf32>
}

// An all_reduce inside scf.if stays there; a pure op is hoisted out of the
// loop but a collective in a nested region is not moved either.
// LICM-LABEL: func.func @licm_nested
// LICM:         %[[C:.*]] = arith.mulf %arg0, %arg0
// LICM:         scf.for
// LICM:           scf.if
// LICM-NEXT:        %[[AR:.*]] = gspmd.all_reduce %[[C]] on @mesh ["data"] reduce = max
// LICM-NEXT:        scf.yield %[[AR]]
func.func @licm_nested(%arg0: tensor<8x16xf32>, %n: index, %cond: i1) -> tensor<8x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %arg0) -> (tensor<8x16xf32>) {
    %m = arith.mulf %arg0, %arg0 : tensor<8x16xf32>
    %v = scf.if %cond -> (tensor<8x16xf32>) {
      %ar = gspmd.all_reduce %m on @mesh ["data"] reduce = max : tensor<8x16xf32>
      scf.yield %ar : tensor<8x16xf32>
    } else {
      scf.yield %acc : tensor<8x16xf32>
    }
    scf.yield %v : tensor<8x16xf32>
  }
  return %r : tensor<8x16xf32>
}
