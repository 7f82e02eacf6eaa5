// The windowed loop with an uneven split: W (30x256 f32) is split
// on d along its 30 input rows (n=4: chunks of c=8, the last holding 6;
// n=8: c=4, the last two holding 2 and 0). Each device's chunk is masked past
// row 30 before it is multiplied, x is padded to n*c columns and each of its
// chunk-wide slices masked likewise, so padding adds nothing to y.
// Analytic minimum bytes sent per device (the gather of W's padded shards,
// or the ring of them): (n-1) * c*256*4        n=4: 24576, n=8: 28672
// (contracting K instead reduce-scatters y: 64*256*4*(n-1)/n = 49152 B at
// n=4, more than the gather). Held per device:
//   n=4: gather 1920 (x) + 30720 (W) + 2*16384 (init, y) = 65408 B;
//        ring 1920 + 3*8192 (two chunks and the masked copy)
//             + 512*(2+4) (x's slice, its masked copy, x padded) + 32768
//             = 62336 B (budget 64000 B)
//   n=8: gather 960 + 30720 + 2*8192 = 48064 B; ring 960 + 3*4096
//        + 128*(2+8) + 16384 = 30912 B (budget 40000 B)
// REQUIRES: mpi
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition{explain=true})' 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: %mpirun -n 4 %gspmd-run %s --check --report | FileCheck %s --check-prefixes=CHECK,N4
// RUN: sed -e 's/"d"=4/"d"=8/' -e 's/memory_budget = 64000/memory_budget = 40000/' %s > %t.8.mlir && %mpirun -n 8 %gspmd-run %t.8.mlir --check --report | FileCheck %s --check-prefixes=CHECK,N8
// PLAN: {i=d} 24576 B, holds 65408 B (over budget);{{.*}}{i=d} ring k of operand 1 over d 24576 B, holds 62336 B <- chosen
// PLAN: tensor.pad
// PLAN: scf.for
// PLAN: linalg.matmul ins({{.*}} : tensor<16x8xf32>, tensor<8x256xf32>) outs({{.*}} : tensor<16x256xf32>)
// PLAN: gspmd.collective_permute {{.*}} on @mesh ["d"] shift = 1 wrap : tensor<8x256xf32>
// N4-NOT: all_gather on
// N4: collective_permute on @mesh ["d"] group 4: in tensor<8x256xf32> 8192 B, {{.*}} x3 (loop trip count)
// N4-NOT: all_gather on
// N4: {{^}}total: {{.*}} sent 24576 B,
// N8-NOT: all_gather on
// N8: collective_permute on @mesh ["d"] group 8: in tensor<4x256xf32> 4096 B, {{.*}} x7 (loop trip count)
// N8-NOT: all_gather on
// N8: {{^}}total: {{.*}} sent 28672 B,
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

module attributes {gspmd.memory_budget = 64000 : i64} {
gspmd.mesh @mesh ["d"=4]

func.func @main(%x: tensor<64x30xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>},
                %w: tensor<30x256xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>})
    -> (tensor<64x256xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x256xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x256xf32>) -> tensor<64x256xf32>
  %y = linalg.matmul {gspmd.sharding = [#gspmd.tiled<@mesh, [["d"], []]>]}
      ins(%x, %w : tensor<64x30xf32>, tensor<30x256xf32>) outs(%f : tensor<64x256xf32>) -> tensor<64x256xf32>
  return %y : tensor<64x256xf32>
}
}
