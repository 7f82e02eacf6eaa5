// RUN: gspmd-opt %s --gspmd-pipeline | FileCheck %s
// RUN: gspmd-opt %s --gspmd-pipeline='sequential=true' | FileCheck %s
// RUN: %if mpi %{ %mpirun -n 4 %gspmd-run %s --check | FileCheck %s --check-prefix=PASS %}

// A gspmd.sharding on the pipeline op itself binds its result, as on any
// op: the rewrite puts a constraint on what replaces the result. Without
// it the annotation was dropped with the op, and completion carried the
// function result's "data" split back into the loop's collection
// (gspmd-auto-shard writes a pipeline's result whole and costs it so).

// CHECK-LABEL: func.func @main
// CHECK: %[[Y:.*]] = gspmd.sharding_constraint %{{.*}}, #gspmd.replicated : tensor<3x5x16xf32>
// CHECK-NEXT: return %[[Y]]
// PASS: check: 1 of 1 result PASS

gspmd.mesh @mesh ["stage"=2, "data"=2]
func.func @main(%x: tensor<3x5x16xf32>, %w: tensor<2x16x16xf32>)
    -> (tensor<3x5x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>}) {
  %y = gspmd.pipeline %x : tensor<3x5x16xf32> params(%w : tensor<2x16x16xf32>) on @mesh "stage" -> tensor<3x5x16xf32> attributes {gspmd.sharding = [#gspmd.replicated]} {
  ^bb0(%a: tensor<5x16xf32>, %wl: tensor<16x16xf32>):
    %e = tensor.empty() : tensor<5x16xf32>
    %z = arith.constant 0.0 : f32
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<5x16xf32>) -> tensor<5x16xf32>
    %m = linalg.matmul ins(%a, %wl : tensor<5x16xf32>, tensor<16x16xf32>) outs(%f : tensor<5x16xf32>) -> tensor<5x16xf32>
    %t = math.tanh %m : tensor<5x16xf32>
    gspmd.yield %t : tensor<5x16xf32>
  }
  return %y : tensor<3x5x16xf32>
}
