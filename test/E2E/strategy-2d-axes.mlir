// Operands split on different axes of a 2-D mesh: A's rows on x,
// B's columns on y, C wanted row-split on x only. The plan takes each axis
// group from the operand that has it (M on x, N on y: no operand moves) and
// gathers the result's columns over y, instead of gathering B whole over y
// (the default: the result's factors only). Analytic minimum, bytes sent
// per device (f32; A 16x64, B 64x32; x=2, y=ny):
//   all_gather C over y: (16/2)*(32/ny)*4 * (ny-1)
//   ny=2 (4 devices): 512        ny=4 (8 devices): 768
// (the default gathers B: 4096 and 6144). The last RUN splits M unevenly
// (14 rows over x=4).
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check --report | FileCheck %s --check-prefixes=CHECK,N4
// RUN: %mpirun -n 8 %gspmd-run %s --check --report | FileCheck %s --check-prefixes=CHECK,N8
// RUN: sed 's/16x/14x/g; s/"x"=2, "y"=4/"x"=4, "y"=2/' %s > %t.u.mlir && %mpirun -n 8 %gspmd-run %t.u.mlir --check | FileCheck %s
// N4-NOT: all_gather on @mesh ["y"] {{.*}} in tensor<64x
// N4: {{^}}total: {{.*}} sent 512 B,
// N8: {{^}}total: {{.*}} sent 768 B,
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<16x64xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
                %b: tensor<64x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>})
    -> (tensor<16x32xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<16x32xf32>) -> tensor<16x32xf32>
  %c = linalg.matmul {gspmd.sharding = [#gspmd.partially_tiled<@mesh, [["x"], []]>]}
      ins(%a, %b : tensor<16x64xf32>, tensor<64x32xf32>) outs(%f : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %c : tensor<16x32xf32>
}
