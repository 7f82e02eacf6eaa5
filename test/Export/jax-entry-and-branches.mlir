// Programs as jax and the importer write them: the entry spelled
// `func.func public @main` is the entry (it was "no public function"), and an
// scf.if inside a linalg body (stablehlo-legalize-to-linalg writes one for a
// concatenate, e.g. ViT's class token before its patches) has one predicate
// per element once the body is expanded over the iteration space: both
// branches and a select, never a stablehlo.if on a non-scalar predicate
// (jaxlib rejected that export: "expects different type than prior uses").
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-export-stablehlo)' %s -o /dev/null | FileCheck %s
// RUN: %if xla %{ %gspmd-xla-run %s --check | FileCheck %s --check-prefix=RESULT %}
// RUN: %mpirun -n 2 %gspmd-run %s --check | FileCheck %s --check-prefix=RESULT

#id = affine_map<(d0, d1) -> (d0, d1)>
gspmd.mesh @mesh ["x"=2]

// CHECK-LABEL: func.func public @main
// CHECK-NOT: stablehlo.if
// CHECK: stablehlo.compare
// CHECK-NOT: stablehlo.if
// CHECK: stablehlo.select
// CHECK-NOT: stablehlo.if
// RESULT: check: 1 of 1 result PASS
func.func public @main(%cls: tensor<4x1xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>},
                       %rest: tensor<4x3xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>})
    -> (tensor<4x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>}) {
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<4x4xf32>
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<4x4xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %first = arith.cmpi ult, %j, %c1 : index
    %v = scf.if %first -> (f32) {
      %a = tensor.extract %cls[%i, %j] : tensor<4x1xf32>
      scf.yield %a : f32
    } else {
      %k = arith.subi %j, %c1 : index
      %b = tensor.extract %rest[%i, %k] : tensor<4x3xf32>
      scf.yield %b : f32
    }
    linalg.yield %v : f32
  } -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}
