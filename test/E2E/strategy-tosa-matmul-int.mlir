// tosa.matmul on integers (i8 with zero points, i32 result): a split
// contraction sums exact partials of (a - azp) * (b - bzp); padding cannot
// be masked (0 - azp times 0 - bzp is not zero), so an uneven split of C is
// gathered instead, with a remark. Both against the unpartitioned program at
// 4 and 8 ranks.
// REQUIRES: mpi
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition)' 2>&1 | FileCheck %s --check-prefix=EVEN
// RUN: %mpirun -n 4 %gspmd-run %s --check | FileCheck %s
// RUN: sed 's/"m"=4/"m"=8/' %s > %t.8.mlir && %mpirun -n 8 %gspmd-run %t.8.mlir --check | FileCheck %s
// RUN: sed -e 's/1x2x64/1x2x62/g' -e 's/1x64x2/1x62x2/g' %s > %t.u.mlir
// RUN: gspmd-opt %t.u.mlir --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition)' 2>&1 | FileCheck %s --check-prefix=UNEVEN
// RUN: %mpirun -n 4 %gspmd-run %t.u.mlir --check | FileCheck %s
// EVEN: tosa.matmul {{.*}} : (tensor<1x2x16xi8>, tensor<1x16x2xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2xi32>
// EVEN: gspmd.all_reduce {{.*}} reduce = sum : tensor<1x2x2xi32>
// UNEVEN: remark: gspmd-partition: 'tosa.matmul' splits a reduction unevenly whose padding cannot be masked; the reduced dims are gathered
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["m"=4]
func.func @main(%a: tensor<1x2x64xi8> {gspmd.sharding = #gspmd.tiled<@mesh, [[], [], ["m"]]>},
                %b: tensor<1x64x2xi8> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["m"], []]>})
    -> (tensor<1x2x2xi32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], [], []]>}) {
  %azp = "tosa.const"() <{values = dense<3> : tensor<1xi8>}> : () -> tensor<1xi8>
  %bzp = "tosa.const"() <{values = dense<-2> : tensor<1xi8>}> : () -> tensor<1xi8>
  %y = tosa.matmul %a, %b, %azp, %bzp : (tensor<1x2x64xi8>, tensor<1x64x2xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2xi32>
  return %y : tensor<1x2x2xi32>
}
