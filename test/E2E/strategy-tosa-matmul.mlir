// Tosa.matmul takes the strategies of linalg contractions: it has
// a local form (a tosa.matmul on the shards; a split C sums partials, both
// inputs' padding masked with zero), so the same plans are weighed. Megatron
// annotations that disagree: a [2,16,32] arrives split on its contraction
// dim C, b [2,32,24] on its output columns W, and y [2,16,24] is wanted
// split on W. Analytic bytes sent per device (f32, n devices on m):
//   gather a along C (keep b):  2*16*(32/n)*4 * (n-1)  n=4: 3072, n=8: 3584
//   split C (b all_to_all W->C, y reduce_scatter):
//     2*32*(24/n)*4*(n-1)/n + 2*16*24*4*(n-1)/n      n=4: 3456, n=8: 3360
// The minimum is the gather at n=4 and the split at n=8; the default plan
// (the first operand's C split) sends 3456 B at both.
// Uneven (C = 30: shards of 8 and 4, padded): gather a along C, 2*16*8*4*3
// = 3072 B at n=4 and 2*16*4*4*7 = 3584 B at n=8. The split sends 3360 B at
// n=8: b's reshard into the uneven C split is one all_to_all of padded
// shards (2x30x3 padded to 2x32x3: 768*7/8 = 672 B) and y's reduce_scatter
// 2688 B, so the analytic minimum is reached at both counts.
// REQUIRES: mpi
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition{explain=true})' 2>&1 | FileCheck %s --check-prefix=PLAN4
// RUN: %mpirun -n 4 %gspmd-run %s --check --report | FileCheck %s --check-prefixes=CHECK,N4
// RUN: sed 's/"m"=4/"m"=8/' %s > %t.8.mlir
// RUN: gspmd-opt %t.8.mlir --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition{explain=true})' 2>&1 | FileCheck %s --check-prefix=PLAN8
// RUN: %mpirun -n 8 %gspmd-run %t.8.mlir --check --report | FileCheck %s --check-prefixes=CHECK,N8
// RUN: sed -e 's/2x16x32/2x16x30/g' -e 's/2x32x24/2x30x24/g' %s > %t.u4.mlir && %mpirun -n 4 %gspmd-run %t.u4.mlir --check --report | FileCheck %s --check-prefixes=CHECK,U4
// RUN: sed -e 's/"m"=4/"m"=8/' -e 's/2x16x32/2x16x30/g' -e 's/2x32x24/2x30x24/g' %s > %t.u8.mlir && %mpirun -n 8 %gspmd-run %t.u8.mlir --check --report | FileCheck %s --check-prefixes=CHECK,U8
// PLAN4: remark: gspmd-partition: 'tosa.matmul' weighed {{.*}}{l=m} 3456 B, {{.*}} (default);{{.*}}{k=m} 3072 B, {{.*}} <- chosen
// PLAN4: gspmd.all_gather
// PLAN4: tosa.matmul {{.*}} : (tensor<2x16x32xf32>, tensor<2x32x6xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x16x6xf32>
// PLAN8: remark: gspmd-partition: 'tosa.matmul' weighed {{.*}}{l=m} 3360 B, {{.*}} (default) <- chosen
// PLAN8: tosa.matmul {{.*}} : (tensor<2x16x4xf32>, tensor<2x4x24xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x16x24xf32>
// PLAN8: gspmd.reduce_scatter
// N4: {{^}}total: {{.*}} sent 3072 B,
// N8: {{^}}total: {{.*}} sent 3360 B,
// U4: {{^}}total: {{.*}} sent 3072 B,
// U8: {{^}}total: {{.*}} sent 3360 B,
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["m"=4]

func.func @main(%a: tensor<2x16x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], [], ["m"]]>},
                %b: tensor<2x32x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], [], ["m"]]>})
    -> (tensor<2x16x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], [], ["m"]]>}) {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %y = tosa.matmul %a, %b, %zp, %zp {gspmd.sharding = [#gspmd.tiled<@mesh, [[], [], ["m"]]>]}
      : (tensor<2x16x32xf32>, tensor<2x32x24xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x16x24xf32>
  return %y : tensor<2x16x24xf32>
}
