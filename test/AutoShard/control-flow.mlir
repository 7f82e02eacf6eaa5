// An op the pass runs replicated (control flow: several rules) is written
// replicated with every op in its regions, as the cost counts it: its
// operands resharded whole once, before it. Left to gspmd-complete, the
// loop below took x's column split into its body and gathered the sine
// back every iteration (216 B where 72 B were predicted).
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard)' %s -o %t.auto.mlir 2>%t.err
// RUN: cat %t.err | FileCheck %s --check-prefix=CERT
// RUN: FileCheck %s --check-prefix=IR < %t.auto.mlir
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' %t.auto.mlir -o /dev/null | FileCheck %s --check-prefix=REPORT
// RUN: %if mpi %{ %mpirun -n 2 %gspmd-run %t.auto.mlir --check | FileCheck %s --check-prefix=PASS %}
// RUN: %if xla %{ %gspmd-xla-run %t.auto.mlir --check | FileCheck %s --check-prefix=PASS %}
// What an scf.if's branches read from the block (Inputs/if-captures.mlir:
// %b in both, %a in one) is written resharded whole once before it, so the
// partitioner does not gather it again in each branch; %a, also read
// whole by the reduction deciding the branch, is gathered once for both,
// the reduction reading that copy instead of reducing its halves and
// all_reducing: 128 B, two gathers.
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard)' %S/Inputs/if-captures.mlir -o %t.if.mlir 2>%t.err
// RUN: FileCheck %s --check-prefix=IF-IR < %t.if.mlir
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' %t.if.mlir -o /dev/null > %t.out && cat %t.err %t.out | FileCheck %s --check-prefix=IF
// RUN: %if mpi %{ %mpirun -n 2 %gspmd-run %t.if.mlir --check | FileCheck %s --check-prefix=PASS %}
// RUN: %if xla %{ %gspmd-xla-run %t.if.mlir --check | FileCheck %s --check-prefix=PASS %}

// CERT: predicted [[B:72]] B per device

// IR: math.sin {{.*}}{gspmd.sharding = [#gspmd.replicated]}
// IR: attributes {gspmd.sharding = [#gspmd.replicated, #gspmd.replicated]}

// REPORT: all_gather on @mesh ["x"] group 2: in tensor<9x2xf32> 72 B, sent 72 B
// REPORT-NOT: per iteration
// REPORT: total: 1 op, 1 call, sent 72 B

// IF-IR: %[[A:.*]] = gspmd.sharding_constraint %arg0, #gspmd.replicated
// IF-IR: linalg.reduce ins(%[[A]] :
// IF-IR: %[[B:.*]] = gspmd.sharding_constraint %arg1, #gspmd.replicated
// IF-IR: %[[A2:.*]] = gspmd.sharding_constraint %arg0, #gspmd.replicated
// IF-IR: scf.if
// IF-IR: math.tanh %[[B]]
// IF-IR: arith.subf %[[B]], %[[A2]]

// IF: predicted [[B:128]] B per device
// IF: total: 2 ops, 2 calls, sent [[B]] B

// PASS-NOT: FAIL
// PASS: check: 1 of 1 result PASS

gspmd.mesh @mesh ["x"=2]
func.func @f(%x: tensor<9x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"]]>}) -> tensor<9x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r, %k = scf.while (%v = %x, %i = %c0) : (tensor<9x4xf32>, index) -> (tensor<9x4xf32>, index) {
    %go = arith.cmpi ult, %i, %c3 : index
    scf.condition(%go) %v, %i : tensor<9x4xf32>, index
  } do {
  ^bb0(%v: tensor<9x4xf32>, %i: index):
    %s = math.sin %v : tensor<9x4xf32>
    %i2 = arith.addi %i, %c1 : index
    scf.yield %s, %i2 : tensor<9x4xf32>, index
  }
  return %r : tensor<9x4xf32>
}
