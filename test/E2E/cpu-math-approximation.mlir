// math.exp and math.tanh through gspmd-approximate-math (f32 polynomials;
// bf16 and f16 via f32) against the f64 reference (libm). exp: ordinary values from the
// generator over [-10, 10] (result #0, where --inject-error must FAIL: over
// [-80, 80] neighbours 60 decades apart make the checker's scale too coarse
// for a planted error at a small element to show) and over [-80, 80], and
// the special ones: -inf -> 0,
// +inf -> inf, NaN -> NaN, overflow (89, 100) -> inf, underflow (-104,
// -200) -> 0, denormal results (-100; flushed to 0, within the
// checker's absolute allowance), +-0 -> 1. tanh (results #5-#7): values over
// [-10, 10], and -inf -> -1, +inf -> 1, NaN, +-89 and -100 (saturated), tiny
// values (1e-8, -1e-30: tanh(x) = x), +-0, 7.9 and 8.5 (around upstream's
// clamp), -0.5; bf16 over [-4, 4]. Each special value is c + x*0
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
// CHECK: result #5 tensor<1000xf32>: {{.*}} PASS
// CHECK: result #6 tensor<12xf32>: {{.*}} PASS
// CHECK: result #7 tensor<1000xbf16>: {{.*}} PASS
// CHECK: check: 8 of 8 results PASS
// CHECK-NOT: FAIL
// WRONG: result #0 {{.*}} FAIL

gspmd.mesh @mesh ["x"=2]

func.func @main(%x: tensor<1000xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"]]>},
                %s: tensor<12xf32>,
                %b: tensor<1000xbf16> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"]]>},
                %h: tensor<1000xf16>)
    -> (tensor<1000xf32>, tensor<1000xf32>, tensor<12xf32>, tensor<1000xbf16>, tensor<1000xf16>,
        tensor<1000xf32>, tensor<12xf32>, tensor<1000xbf16>) {
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
  %tn = math.tanh %narrow : tensor<1000xf32>
  %ct = arith.constant dense<[0xFF800000, 0x7F800000, 0x7FC00000, 89.0, -100.0, 1.0e-8, -1.0e-30, 0.0, -0.0, 7.9, 8.5, -0.5]> : tensor<12xf32>
  %st = arith.addf %ct, %z : tensor<12xf32>
  %ts = math.tanh %st : tensor<12xf32>
  %k4 = arith.constant dense<4.0> : tensor<1000xbf16>
  %w4 = arith.mulf %b, %k4 : tensor<1000xbf16>
  %tb = math.tanh %w4 : tensor<1000xbf16>
  return %en, %e, %es, %eb, %eh, %tn, %ts, %tb : tensor<1000xf32>, tensor<1000xf32>, tensor<12xf32>, tensor<1000xbf16>, tensor<1000xf16>, tensor<1000xf32>, tensor<12xf32>, tensor<1000xbf16>
}
