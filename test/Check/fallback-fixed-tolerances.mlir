// A program gspmd-promote-f64 cannot promote (a bitcast of a float): the check
// says why once and judges floats by the fixed tolerances of their type,
// which still FAIL a planted error; integers stay exact. --rtol/--atol force
// the fixed rule with their values.
// REQUIRES: mpi
// RUN: %mpirun -n 2 %gspmd-run %s --check | FileCheck %s
// RUN: not %mpirun -n 2 %gspmd-run %s --check --inject-error=partial | FileCheck %s --check-prefix=BAD
// RUN: %mpirun -n 2 %gspmd-run %s --check --rtol 0 --atol 0 | FileCheck %s --check-prefix=TOL
// CHECK: check: no f64 reference ({{.*}}fallback-fixed-tolerances.mlir":[[@LINE+13]]:{{.*}}cannot promote 'arith.bitcast' to f64{{.*}}); floats are judged by fixed tolerances: |got - ref| <= atol + rtol * |ref|
// CHECK-NEXT: result #0 tensor<8x4xf32>: {{.*}} PASS
// CHECK-NEXT: result #1 tensor<8x4xi32>: max_abs_err=0 {{.*}} PASS
// CHECK-NEXT: check: 2 of 2 results PASS
// BAD: result #0 tensor<8x4xf32>: {{.*}} FAIL
// BAD: check: 1 of 2 results FAIL
// TOL: check: fixed tolerances (--rtol/--atol): |got - ref| <= atol + rtol * |ref|
// TOL: check: 2 of 2 results PASS

gspmd.mesh @mesh ["x"=2]
func.func @main(%a: tensor<8x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>})
    -> (tensor<8x4xf32>, tensor<8x4xi32>) {
  %b = math.exp %a : tensor<8x4xf32>
  %i = arith.bitcast %b : tensor<8x4xf32> to tensor<8x4xi32>
  return %b, %i : tensor<8x4xf32>, tensor<8x4xi32>
}
