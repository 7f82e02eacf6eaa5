// Batch against model: x is batch-split and W column-split on the
// same axis d, and y is wanted batch-split. An axis serves one factor, so
// one operand moves. Gathering the small activation, computing y
// column-split and moving y to a batch split by all_to_all is cheaper than
// gathering the weight (the default: result's factors first). Analytic
// minimum, bytes sent per device (f32, n devices; x 8x16, W 16x64):
//   all_gather x: (8/n)*16*4 * (n-1)  +  all_to_all y: 8*(64/n)*4 * (n-1)/n
//   n=4: 384 + 384 = 768        n=8: 448 + 224 = 672
// (the default gathers W: n=4: 3072, n=8: 3584).
// REQUIRES: mpi
// RUN: %mpirun -n 4 %gspmd-run %s --check --report | FileCheck %s --check-prefixes=CHECK,N4
// RUN: sed 's/"d"=4/"d"=8/' %s > %t.8.mlir && %mpirun -n 8 %gspmd-run %t.8.mlir --check --report | FileCheck %s --check-prefixes=CHECK,N8
// N4: {{^}}total: {{.*}} sent 768 B,
// N8: {{^}}total: {{.*}} sent 672 B,
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["d"=4]

func.func @main(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>},
                %w: tensor<16x64xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["d"]]>})
    -> (tensor<8x64xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x64xf32>) -> tensor<8x64xf32>
  %y = linalg.matmul {gspmd.sharding = [#gspmd.tiled<@mesh, [["d"], []]>]}
      ins(%x, %w : tensor<8x16xf32>, tensor<16x64xf32>) outs(%f : tensor<8x64xf32>) -> tensor<8x64xf32>
  return %y : tensor<8x64xf32>
}
