// An op whose rule splits it but that has no local form (tosa.reduce_sum,
// tosa.transpose) is computed whole by the partitioner, its operands
// gathered: the pass runs it replicated too, and writes it so. Costed by
// their rules, the tanh's rows would be moved to its columns for both (an
// all_to_all) and the partitioner would then gather the columns for them,
// sending more than predicted.
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard)' %s -o %t.auto.mlir 2>%t.err
// RUN: FileCheck %s --check-prefix=IR < %t.auto.mlir
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' %t.auto.mlir -o /dev/null > %t.out && cat %t.err %t.out | FileCheck %s --check-prefix=BYTES
// RUN: %if mpi %{ %mpirun -n 2 %gspmd-run %t.auto.mlir --check | FileCheck %s --check-prefix=PASS %}
// RUN: %if xla %{ %gspmd-xla-run %t.auto.mlir --check | FileCheck %s --check-prefix=PASS %}

// IR: tosa.reduce_sum {{.*}}gspmd.sharding = [#gspmd.replicated]
// IR: tosa.transpose {{.*}}gspmd.sharding = [#gspmd.replicated]

// The tanh's rows gathered once for both (4 of 8 rows of 12 f32: 192 B).
// BYTES: predicted [[B:192]] B per device
// BYTES: all_gather on @m ["a"] group 2: in tensor<4x12xf32> 192 B, sent 192 B
// BYTES: total: 1 op, 1 call, sent [[B]] B

// PASS: check: [[N:[0-9]+]] of [[N]] results PASS

gspmd.mesh @m ["a"=2]
func.func @main(%x: tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@m, [["a"], []]>})
    -> (tensor<1x12xf32>, tensor<12x8xf32>) {
  %t = tosa.tanh %x : (tensor<8x12xf32>) -> tensor<8x12xf32>
  %r = tosa.reduce_sum %t {axis = 0 : i32} : (tensor<8x12xf32>) -> tensor<1x12xf32>
  %p = tosa.transpose %t {perms = array<i32: 1, 0>} : (tensor<8x12xf32>) -> tensor<12x8xf32>
  return %r, %p : tensor<1x12xf32>, tensor<12x8xf32>
}
