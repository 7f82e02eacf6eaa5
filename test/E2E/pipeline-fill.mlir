// A Megatron stage on stage x data x model 2x2x2 whose two matmuls
// accumulate into one fill of zeros (hidden = model = 16): the first is
// column-parallel (its result on "model", by a constraint), the second
// row-parallel (partial sums on "model", the stage's result wanted whole on
// "model"). The vectoriser makes the fill again over the stage dim for each
// matmul, so partitioning makes each where it is wanted, as it does outside
// a pipeline. Before, one broadcast of the fill served both matmuls and was
// gathered on "model" on every iteration (with the state and the
// activations it tied to "model": 4224 B per device in all). Now the only
// gathers on "model" are the second matmul's weight, once before the loop
// (it is the same on every iteration), and its input on each of the 5
// iterations, which the strategy weighs cheaper than 5 all_reduces of its
// partial result: 3456 B with the shift and the outputs' all_reduce on
// "stage" (3584 B when the weight's gather was counted on every
// iteration). The last RUN is uneven (3 micro-batches of 5 rows over
// data=2), where the partial sums are cheaper and nothing is gathered.
// REQUIRES: mpi
// RUN: %mpirun -n 8 %gspmd-run %s --check --report | FileCheck %s --check-prefixes=CHECK,N8
// RUN: sed 's/"data"=2/"data"=1/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check --report | FileCheck %s --check-prefixes=CHECK,N4
// RUN: sed 's/tensor<4x8x16xf32>/tensor<3x5x16xf32>/g; s/tensor<8x16xf32>/tensor<5x16xf32>/g' %s > %t.u.mlir && %mpirun -n 8 %gspmd-run %t.u.mlir --check --report | FileCheck %s --check-prefixes=CHECK,NOGATHER
// RUN: %if xla %{ %gspmd-xla-run %s --check | FileCheck %s %}
// N8: @main: all_gather on @mesh ["model"] group 2: in tensor<1x8x16xf32> 512 B, sent 512 B, received 512 B{{$}}
// N8-NEXT: @main: collective_permute on @mesh ["stage"] {{.*}} x5 (loop trip count)
// N8-NEXT: @main: all_gather on @mesh ["model"] group 2: in tensor<1x4x8xf32> {{.*}} x5 (loop trip count)
// N8-NEXT: @main: all_reduce on @mesh ["stage"]
// N8: {{^}}total: {{.*}} sent 3456 B,
// N4: @main: all_gather on @mesh ["model"] group 2: in tensor<1x8x16xf32> 512 B, sent 512 B, received 512 B{{$}}
// N4-NEXT: @main: collective_permute on @mesh ["stage"] {{.*}} x5 (loop trip count)
// N4-NEXT: @main: all_gather on @mesh ["model"] group 2: in tensor<1x8x8xf32> {{.*}} x5 (loop trip count)
// N4-NEXT: @main: all_reduce on @mesh ["stage"]
// N4: {{^}}total: {{.*}} sent 6400 B,
// NOGATHER-NOT: all_gather on
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["stage"=2, "data"=2, "model"=2]

func.func @main(%x: tensor<4x8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>},
                %w1: tensor<2x16x16xf32>, %w2: tensor<2x16x16xf32>)
    -> (tensor<4x8x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["data"], []]>}) {
  %y = gspmd.pipeline %x : tensor<4x8x16xf32> params(%w1, %w2 : tensor<2x16x16xf32>, tensor<2x16x16xf32>)
      on @mesh "stage" -> tensor<4x8x16xf32> {
  ^bb0(%a: tensor<8x16xf32>, %w1l: tensor<16x16xf32>, %w2l: tensor<16x16xf32>):
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<8x16xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
    %h1 = linalg.matmul ins(%a, %w1l : tensor<8x16xf32>, tensor<16x16xf32>) outs(%z : tensor<8x16xf32>) -> tensor<8x16xf32>
    %h1c = gspmd.sharding_constraint %h1, #gspmd.partially_tiled<@mesh, [["data"], ["model"]]> : tensor<8x16xf32>
    %r1 = math.tanh %h1c : tensor<8x16xf32>
    %h2 = linalg.matmul ins(%r1, %w2l : tensor<8x16xf32>, tensor<16x16xf32>) outs(%z : tensor<8x16xf32>) -> tensor<8x16xf32>
    %o = arith.addf %a, %h2 : tensor<8x16xf32>
    %out = gspmd.sharding_constraint %o, #gspmd.partially_tiled<@mesh, [["data"], []]> : tensor<8x16xf32>
    gspmd.yield %out : tensor<8x16xf32>
  }
  return %y : tensor<4x8x16xf32>
}
