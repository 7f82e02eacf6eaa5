// math.exp through gspmd-approximate-math (f32 polynomial; bf16 and f16 via
// f32) against the f64 reference (libm): ordinary values from the
// generator over [-10, 10] (result #0, where --inject-error must FAIL: over
// [-80, 80] neighbours 60 decades apart make the checker's scale too coarse
// for a planted error at a small element to show) and over [-80, 80], and
// the special ones: -inf -> 0,
// +inf -> inf, NaN -> NaN, overflow (89, 100) -> inf, underflow (-104,
// -200) -> 0, denormal results (-100; flushed to 0, within the
// checker's absolute allowance), +-0 -> 1. Each special value is c + x*0
// so that nothing folds at compile time. Two of the inputs sharded over 2
// devices.
// REQUIRES: mpi
// RUN: %mpirun -n 2 %gspmd-run %s --check | FileCheck %s
// RUN: not %mpirun -n 2 %gspmd-run %s --check --inject-error | FileCheck %s --check-prefix=WRONG
// CHECK: result #0 tensor<1000xf32>: {{.*}} PASS
// CHECK: result #1 tensor<1000xf32>: {{.*}} PASS
// CHECK: result #2 tensor<12xf32>: {{.*}} PASS
// CHECK: result #3 tensor<1000xbf16>: {{.*}} PASS
// CHECK: result #4 tensor<1000xf16>: {{.*}} PASS
// CHECK: check: 5 of 5 results PASS
// CHECK-NOT: FAIL
// WRONG: result #0 {{.*}} FAIL

gspmd.mesh @mesh ["x"=2]

func.func @main(%x: tensor<1000xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"]]>},
                %s: tensor<12xf32>,
                %b: tensor<1000xbf16> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"]]>},
                %h: tensor<1000xf16>)
    -> (tensor<1000xf32>, tensor<1000xf32>, tensor<12xf32>, tensor<1000xbf16>, tensor<1000xf16>) {
  %k10 = arith.constant dense<10.0> : tensor<1000xf32>
  %narrow = arith.mulf %x, %k10 : tensor<1000xf32>
  %en = math.exp %narrow : tensor<1000xf32>
  %k = arith.constant dense<80.0> : tensor<1000xf32>
  %wide = arith.mulf %x, %k : tensor<1000xf32>
  %e = math.exp %wide : tensor<1000xf32>
  %zero = arith.constant dense<0.0> : tensor<12xf32>
  %z = arith.mulf %s, %zero : tensor<12xf32>
  %c = arith.constant dense<[0xFF800000, 0x7F800000, 0x7FC00000, 89.0, 100.0, -104.0, -200.0, -100.0, 0.0, -0.0, 88.5, -87.0]> : tensor<12xf32>
  %special = arith.addf %c, %z : tensor<12xf32>
  %es = math.exp %special : tensor<12xf32>
  %kb = arith.constant dense<8.0> : tensor<1000xbf16>
  %wb = arith.mulf %b, %kb : tensor<1000xbf16>
  %eb = math.exp %wb : tensor<1000xbf16>
  %kh = arith.constant dense<8.0> : tensor<1000xf16>
  %wh = arith.mulf %h, %kh : tensor<1000xf16>
  %eh = math.exp %wh : tensor<1000xf16>
  return %en, %e, %es, %eb, %eh : tensor<1000xf32>, tensor<1000xf32>, tensor<12xf32>, tensor<1000xbf16>, tensor<1000xf16>
}
