// tosa.matmul with its contraction split (both inputs split on C): each
// device multiplies its shards and the partial [1,2,2] results are summed by
// all_reduce (the cheapest plan: gathering either input sends more). C = 64
// (even) and 62 (uneven: the padding of both inputs masked with zero before
// the local tosa.matmul), at 4 and 8 ranks. Analytic bytes per device: the
// all_reduce of 1*2*2*4 = 16 B, 2*16*(n-1)/n: n=4: 24 B, n=8: 28 B.
// REQUIRES: mpi
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition)' 2>&1 | FileCheck %s --check-prefix=EVEN
// RUN: %mpirun -n 4 %gspmd-run %s --check --report | FileCheck %s --check-prefixes=CHECK,N4
// RUN: sed 's/"m"=4/"m"=8/' %s > %t.8.mlir && %mpirun -n 8 %gspmd-run %t.8.mlir --check --report | FileCheck %s --check-prefixes=CHECK,N8
// RUN: sed -e 's/1x2x64/1x2x62/g' -e 's/1x64x2/1x62x2/g' %s > %t.u.mlir
// RUN: gspmd-opt %t.u.mlir --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition)' 2>&1 | FileCheck %s --check-prefix=UNEVEN
// RUN: %mpirun -n 4 %gspmd-run %t.u.mlir --check --report | FileCheck %s --check-prefixes=CHECK,N4
// RUN: sed -e 's/"m"=4/"m"=8/' %t.u.mlir > %t.u8.mlir && %mpirun -n 8 %gspmd-run %t.u8.mlir --check --report | FileCheck %s --check-prefixes=CHECK,N8
// EVEN: tosa.matmul {{.*}} : (tensor<1x2x16xf32>, tensor<1x16x2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2xf32>
// EVEN: gspmd.all_reduce {{.*}} reduce = sum : tensor<1x2x2xf32>
// UNEVEN: linalg.generic
// UNEVEN: linalg.generic
// UNEVEN: tosa.matmul {{.*}} : (tensor<1x2x16xf32>, tensor<1x16x2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2xf32>
// UNEVEN: gspmd.all_reduce {{.*}} reduce = sum : tensor<1x2x2xf32>
// N4: {{^}}total: {{.*}} sent 24 B,
// N8: {{^}}total: {{.*}} sent 28 B,
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["m"=4]
func.func @main(%a: tensor<1x2x64xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], [], ["m"]]>},
                %b: tensor<1x64x2xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["m"], []]>})
    -> (tensor<1x2x2xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], [], []]>}) {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %y = tosa.matmul %a, %b, %zp, %zp : (tensor<1x2x64xf32>, tensor<1x64x2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2xf32>
  return %y : tensor<1x2x2xf32>
}
