// A result the user annotated on the op keeps that layout, but the op may
// be computed in another one (a strategy's projection) and its result
// resharded to it, which is how the pass costs it. The write-back says so:
// the op in the strategy's projection, the user's layout as a constraint on
// its result. Left on the op, the annotation made the partitioner compute
// the op in the annotated layout and reshard the operand there instead
// (here: an all_gather of the whole 8x12 input where the pass counted an
// all_to_all).
//
// A two-result linalg.generic annotated with two layouts, computed on rows
// split over x*y: the operand moved by an all_to_all, each result
// resharded to its annotation.
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard)' %s -o %t.auto.mlir 2>%t.err
// RUN: FileCheck %s --check-prefix=IR < %t.auto.mlir
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' %t.auto.mlir -o /dev/null > %t.out && cat %t.err %t.out | FileCheck %s --check-prefix=BYTES
// RUN: %if mpi %{ %mpirun -n 8 %gspmd-run %t.auto.mlir --check | FileCheck %s --check-prefix=PASS %}
// RUN: %if xla %{ %gspmd-xla-run %t.auto.mlir --check | FileCheck %s --check-prefix=PASS %}
// IR: %[[R:.*]]:2 = linalg.generic {{.*}} attrs =  {gspmd.sharding = [#gspmd.tiled<@mesh, {{\[\[}}"x", "y"], []]>, #gspmd.tiled<@mesh, {{\[\[}}"x", "y"], []]>]}
// IR-DAG: gspmd.sharding_constraint %[[R]]#0, #gspmd.tiled<@mesh, {{\[\[}}"x"], ["y"]]>
// IR-DAG: gspmd.sharding_constraint %[[R]]#1, #gspmd.partially_tiled<@mesh, {{\[\[}}], ["y"]]>
// BYTES: predicted [[B:176]] B per device
// BYTES-NOT: all_gather on @mesh ["x", "y"]
// BYTES: total: {{.*}} sent [[B]] B

// A chain of elementwise ops annotated on the op (Inputs/op-annotation-chain.mlir).
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard)' %S/Inputs/op-annotation-chain.mlir -o %t.chain.mlir 2>%t.chain.err
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd,gspmd-comm-report)' %t.chain.mlir -o /dev/null > %t.chain.out && cat %t.chain.err %t.chain.out | FileCheck %s --check-prefix=CHAIN
// RUN: %if mpi %{ %mpirun -n 8 %gspmd-run %t.chain.mlir --check | FileCheck %s --check-prefix=PASS %}
// RUN: %if xla %{ %gspmd-xla-run %t.chain.mlir --check | FileCheck %s --check-prefix=PASS %}
// CHAIN: predicted [[C:236]] B per device
// CHAIN: total: {{.*}} sent [[C]] B

// PASS: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]
func.func @main(%a: tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"]]>})
    -> (tensor<8x12xf32>, tensor<8x12xf32>) {
  %e = tensor.empty() : tensor<8x12xf32>
  %e2 = tensor.empty() : tensor<8x12xf32>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<8x12xf32>) outs(%e, %e2 : tensor<8x12xf32>, tensor<8x12xf32>)
      attrs = {gspmd.sharding = [#gspmd.tiled<@mesh, [["x"], ["y"]]>, #gspmd.partially_tiled<@mesh, [[], ["y"]]>]} {
  ^bb0(%x: f32, %o: f32, %p: f32):
    %t = math.tanh %x : f32
    %u = math.exp %x : f32
    linalg.yield %t, %u : f32, f32
  } -> (tensor<8x12xf32>, tensor<8x12xf32>)
  return %r#0, %r#1 : tensor<8x12xf32>, tensor<8x12xf32>
}
