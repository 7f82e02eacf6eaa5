// A call is a node the pass runs replicated: its operands resharded whole
// before it, its results whole. The callee's bare tensor arguments and
// results are written replicated to make it so (the user's annotation on
// %a stays): left bare, gspmd-complete would give %b the column split of
// the first call's operand, the callee would run split, and the second
// call would gather its result again, sending more than predicted.
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard)' %s -o %t.auto.mlir 2>%t.err
// RUN: FileCheck %s --check-prefix=IR < %t.auto.mlir
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' %t.auto.mlir -o /dev/null > %t.out && cat %t.err %t.out | FileCheck %s --check-prefix=BYTES
// RUN: %if mpi %{ %mpirun -n 2 %gspmd-run %t.auto.mlir --check | FileCheck %s --check-prefix=PASS %}
// RUN: %if xla %{ %gspmd-xla-run %t.auto.mlir --check | FileCheck %s --check-prefix=PASS %}

// A callee the user annotated keeps its signature, and the call's operands
// and results are costed in it (Inputs/annotated-callee.mlir): %x is chosen
// split as @g's argument is, and the result is gathered once for the
// replicated return, which a call costed as a replicated op would not
// count. What a callee sends inside is measured apart (none here;
// inner-bytes.mlir).
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard)' %S/Inputs/annotated-callee.mlir -o %t.ann.mlir 2>%t.ann.err
// RUN: FileCheck %s --check-prefix=ANN-IR < %t.ann.mlir
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' %t.ann.mlir -o /dev/null > %t.ann.out && cat %t.ann.err %t.ann.out | FileCheck %s --check-prefix=ANN
// RUN: %if mpi %{ %mpirun -n 2 %gspmd-run %t.ann.mlir --check | FileCheck %s --check-prefix=PASS %}
// RUN: %if xla %{ %gspmd-xla-run %t.ann.mlir --check | FileCheck %s --check-prefix=PASS %}

// ANN-IR: func.func @main(%arg0: tensor<8x4xf32> {gspmd.sharding = #gspmd.tiled<@m, {{\[\[}}"a"], []]>})
// ANN-IR: call @g(%arg0) {gspmd.sharding = [#gspmd.tiled<@m, {{\[\[}}"a"], []]>]}
// ANN: predicted [[A:64]] B per device
// ANN: total: 1 op, 1 call, sent [[A]] B

// IR: func.func private @f(%arg0: tensor<7x12xf32> {gspmd.sharding = #gspmd.replicated}, %arg1: tensor<7x12xf32> {gspmd.sharding = #gspmd.replicated}) -> (tensor<7x12xf32> {gspmd.sharding = #gspmd.replicated})

// Each split argument gathered once, for the first call (7 rows over 2:
// 4x12 padded, 192 B; 7x6, 168 B); the second call reads the first's whole
// result and the copy of %x.
// BYTES: predicted [[B:360]] B per device
// BYTES: all_gather on @m ["a"] group 2: in tensor<4x12xf32> 192 B, sent 192 B
// BYTES: all_gather on @m ["a"] group 2: in tensor<7x6xf32> 168 B, sent 168 B
// BYTES: total: 2 ops, 2 calls, sent [[B]] B

// PASS: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @m ["a"=2]
func.func private @f(%a: tensor<7x12xf32> {gspmd.sharding = #gspmd.replicated}, %b: tensor<7x12xf32>) -> tensor<7x12xf32> {
  %0 = arith.mulf %a, %b : tensor<7x12xf32>
  %1 = math.tanh %0 : tensor<7x12xf32>
  %2 = arith.addf %1, %a : tensor<7x12xf32>
  return %2 : tensor<7x12xf32>
}
func.func @main(%x: tensor<7x12xf32> {gspmd.sharding = #gspmd.tiled<@m, [["a"], []]>}, %y: tensor<7x12xf32> {gspmd.sharding = #gspmd.tiled<@m, [[], ["a"]]>})
    -> (tensor<7x12xf32> {gspmd.sharding = #gspmd.tiled<@m, [[], ["a"]]>}) {
  %0 = call @f(%x, %y) : (tensor<7x12xf32>, tensor<7x12xf32>) -> tensor<7x12xf32>
  %1 = call @f(%0, %x) : (tensor<7x12xf32>, tensor<7x12xf32>) -> tensor<7x12xf32>
  return %1 : tensor<7x12xf32>
}
