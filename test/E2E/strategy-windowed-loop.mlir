// The windowed loop (GSPMD's windowed einsum, WindowedLoop.c):
// FSDP's weight W (32x32 f32) is stored split on d along its input dim and
// x (64x32) by batch rows. Gathering W sends the fewest bytes, but the
// module's memory budget forbids holding it whole, so the matmul runs as a
// loop over the ring of d: each device multiplies the chunk of W it holds
// by the matching columns of its rows of x, accumulating into y, while the
// chunk travels on by collective_permute (n-1 permutes, the last step after
// the loop sends nothing).
// Analytic minimum bytes sent per device (n devices, c = 32/n rows of W):
//   ring / gather of W: (n-1) * c*32*4          n=4: 3072, n=8: 3584
//   contract K instead: 16*32*4*(n-1)/n + 64*32*4*(n-1)/n (x all_to_all,
//                       y reduce_scatter)      n=4: 7680, n=8: 8064
// Held per device (x, W, the init of y and y under the plan; the ring holds
// two chunks of W and one chunk-wide slice of x instead of W):
//   n=4: gather 2048 + 4096 + 2*2048 = 10240 B (over the 9000 B budget);
//        ring   2048 + 2*1024 + 512 + 2*2048 = 8704 B
//   n=8: gather 1024 + 4096 + 2*1024 = 7168 B (over 5000 B);
//        ring   1024 + 2*512 + 128 + 2*1024 = 4224 B
// Without the budget the gather is taken (same bytes, fewer ops): the NB
// run line shows the all_gather the budget removes.
// REQUIRES: mpi
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition{explain=true})' 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: %mpirun -n 4 %gspmd-run %s --check --report | FileCheck %s --check-prefixes=CHECK,N4
// RUN: sed -e 's/"d"=4/"d"=8/' -e 's/memory_budget = 9000/memory_budget = 5000/' %s > %t.8.mlir && %mpirun -n 8 %gspmd-run %t.8.mlir --check --report | FileCheck %s --check-prefixes=CHECK,N8
// RUN: sed 's/memory_budget = 9000/memory_budget = 0/' %s > %t.nb.mlir && %mpirun -n 4 %gspmd-run %t.nb.mlir --check --report | FileCheck %s --check-prefixes=CHECK,NB
// PLAN: remark: gspmd-partition: 'linalg.matmul' weighed {{[0-9]+}} plans (bytes sent per device): {{.*}}{i=d} 3072 B, holds 10240 B (over budget);{{.*}}{i=d} ring k of operand 1 over d 3072 B, holds 8704 B <- chosen
// PLAN: scf.for
// PLAN: linalg.matmul ins({{.*}} : tensor<16x8xf32>, tensor<8x32xf32>) outs({{.*}} : tensor<16x32xf32>)
// PLAN: gspmd.collective_permute {{.*}} on @mesh ["d"] shift = 1 wrap : tensor<8x32xf32>
// PLAN: scf.yield
// PLAN: linalg.matmul ins({{.*}} : tensor<16x8xf32>, tensor<8x32xf32>) outs({{.*}} : tensor<16x32xf32>)
// N4-NOT: all_gather on
// N4: collective_permute on @mesh ["d"] group 4: in tensor<8x32xf32> 1024 B, {{.*}} x3 (loop trip count)
// N4-NOT: all_gather on
// N4: {{^}}total: {{.*}} sent 3072 B,
// N8-NOT: all_gather on
// N8: collective_permute on @mesh ["d"] group 8: in tensor<4x32xf32> 512 B, {{.*}} x7 (loop trip count)
// N8-NOT: all_gather on
// N8: {{^}}total: {{.*}} sent 3584 B,
// NB: all_gather on @mesh ["d"] group 4: in tensor<8x32xf32>
// NB-NOT: collective_permute on
// NB: {{^}}total: {{.*}} sent 3072 B,
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

module attributes {gspmd.memory_budget = 9000 : i64} {
gspmd.mesh @mesh ["d"=4]

func.func @main(%x: tensor<64x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>},
                %w: tensor<32x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>})
    -> (tensor<64x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x32xf32>) -> tensor<64x32xf32>
  %y = linalg.matmul {gspmd.sharding = [#gspmd.tiled<@mesh, [["d"], []]>]}
      ins(%x, %w : tensor<64x32xf32>, tensor<32x32xf32>) outs(%f : tensor<64x32xf32>) -> tensor<64x32xf32>
  return %y : tensor<64x32xf32>
}
}
