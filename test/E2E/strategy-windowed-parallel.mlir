// The windowed loop along a parallel factor (GSPMD's all-gather
// windowed einsum on a non-contracting dim): W (64x32 f32) is stored split
// by its output columns N on d, x (64x64) by rows, and y = x W is wanted
// split by rows with all its columns. Gathering W along N sends the fewest
// bytes but is over the budget, so the matmul runs as a loop over the ring
// of d: at step i a device multiplies its rows of x by the W chunk it holds
// (columns [c*j, c*j + c), j = (r - i) mod n) and writes the result's
// columns j (a slice of outs, inserted back), while the chunk travels on.
// Uneven (N = 30): the result is padded to n*c columns during the loop and
// its padding dropped after it (no masks: padded columns are never summed).
// Analytic minimum bytes sent per device (the gather of W or its ring,
// c = ceil(N/n) columns of 64 rows):  (n-1) * 64*c*4
//   N = 32 and N = 30:   n=4: 6144, n=8: 7168
// Held (explain): n=4: gather 16384 B (N = 30: 15616), ring 13312 B (15104),
// budget 15300 B; n=8: gather 12288 B (11648), ring 6400 B (7296), budget
// 10000 B.
// REQUIRES: mpi
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition{explain=true},canonicalize,cse)' 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: %mpirun -n 4 %gspmd-run %s --check --report | FileCheck %s --check-prefixes=CHECK,N4
// RUN: sed -e 's/"d"=4/"d"=8/' -e 's/memory_budget = 15300/memory_budget = 10000/' %s > %t.8.mlir && %mpirun -n 8 %gspmd-run %t.8.mlir --check --report | FileCheck %s --check-prefixes=CHECK,N8
// RUN: sed -e 's/64x32/64x30/g' %s > %t.u.mlir && %mpirun -n 4 %gspmd-run %t.u.mlir --check --report | FileCheck %s --check-prefixes=CHECK,N4
// RUN: sed -e 's/64x32/64x30/g' -e 's/"d"=4/"d"=8/' -e 's/memory_budget = 15300/memory_budget = 10000/' %s > %t.u8.mlir && %mpirun -n 8 %gspmd-run %t.u8.mlir --check --report | FileCheck %s --check-prefixes=CHECK,N8
// PLAN: {i=d} 6144 B, holds 16384 B (over budget) (default);{{.*}}{i=d} ring j of operand 1 over d 6144 B, holds 13312 B <- chosen
// PLAN: scf.for
// PLAN: %[[OUT:.*]] = tensor.extract_slice %{{.*}}[0, %[[OFF:.*]]] [16, 8] [1, 1] : tensor<16x32xf32> to tensor<16x8xf32>
// PLAN: %[[P:.*]] = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<16x64xf32>, tensor<64x8xf32>) outs(%[[OUT]] : tensor<16x8xf32>)
// PLAN: tensor.insert_slice %[[P]] into %{{.*}}[0, %[[OFF]]] [16, 8] [1, 1] : tensor<16x8xf32> into tensor<16x32xf32>
// PLAN: gspmd.collective_permute {{.*}} shift = 1 wrap : tensor<64x8xf32>
// N4-NOT: all_gather on
// N4: collective_permute on @mesh ["d"] group 4: in tensor<64x8xf32> 2048 B, {{.*}} x3 (loop trip count)
// N4-NOT: all_gather on
// N4: {{^}}total: {{.*}} sent 6144 B,
// N8-NOT: all_gather on
// N8: collective_permute on @mesh ["d"] group 8: in tensor<64x4xf32> 1024 B, {{.*}} x7 (loop trip count)
// N8-NOT: all_gather on
// N8: {{^}}total: {{.*}} sent 7168 B,
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

module attributes {gspmd.memory_budget = 15300 : i64} {
gspmd.mesh @mesh ["d"=4]

func.func @main(%x: tensor<64x64xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>},
                %w: tensor<64x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["d"]]>})
    -> (tensor<64x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x32xf32>) -> tensor<64x32xf32>
  %y = linalg.matmul {gspmd.sharding = [#gspmd.tiled<@mesh, [["d"], []]>]}
      ins(%x, %w : tensor<64x64xf32>, tensor<64x32xf32>) outs(%f : tensor<64x32xf32>) -> tensor<64x32xf32>
  return %y : tensor<64x32xf32>
}
}
