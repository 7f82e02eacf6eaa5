// The windowed loop of tosa.matmul (lib/Transforms/Partition/WindowedLoop.c):
// tosa.matmul has no outs, so the accumulator starts at zero and each
// step's product is added to it (a reduction factor) or inserted as its
// slice (a parallel factor); the zero points are read whole.
// @main, FSDP's ring along the contraction: x [1,48,K] split by rows on d,
// w [1,K,256] split on d along K, y wanted by rows. Gathering w is over the
// budget; splitting K instead reduce-scatters y (more bytes). Analytic
// minimum bytes sent per device (the gather of w's shards, or their ring),
// c = ceil(K/n): (n-1) * c*256*4    K=32 n=4: 24576, n=8: 28672;
// K=30 n=8: 28672 (chunks of 4, the last two holding 2 and 0, masked).
// Held (explain): n=4 gather 46592 B, ring 42880 B (budget 45000: one more
// local result than linalg's ring, the step's product apart from the
// accumulator); n=8 gather 39680 (K=30: 37584), ring 21344 (26256), budget
// 30000.
// @parallel, the ring along the output columns: w [1,32,N] split on d along
// N, y wanted by rows, all its columns: (n-1) * 32*c*4 with c = ceil(N/n):
// N=64 and N=62 at n=4: 6144 B (budget 12000: the gather holds 12800 B,
// the N split plan 11264 B, the ring 9472 B, each with x, an argument held
// throughout, 1536 B). In @main x adds 1536 B (n=4) and 768 B (n=8).
// REQUIRES: mpi
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition{explain=true},canonicalize,cse)' 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: %mpirun -n 4 %gspmd-run %s --entry main --check --report | FileCheck %s --check-prefixes=CHECK,N4
// RUN: sed -e 's/"d"=4/"d"=8/' -e 's/memory_budget = 45000/memory_budget = 30000/' %s > %t.8.mlir && %mpirun -n 8 %gspmd-run %t.8.mlir --entry main --check --report | FileCheck %s --check-prefixes=CHECK,N8
// RUN: sed -e 's/"d"=4/"d"=8/' -e 's/memory_budget = 45000/memory_budget = 30000/' -e 's/1x48x32/1x48x30/g' -e 's/1x32x256/1x30x256/g' -e 's/1x32x64/1x30x64/g' %s > %t.u8.mlir && %mpirun -n 8 %gspmd-run %t.u8.mlir --entry main --check --report | FileCheck %s --check-prefixes=CHECK,N8
// RUN: sed -e 's/memory_budget = 45000/memory_budget = 12000/' %s > %t.p.mlir && %mpirun -n 4 %gspmd-run %t.p.mlir --entry parallel --check --report | FileCheck %s --check-prefixes=CHECK,P4
// RUN: sed -e 's/memory_budget = 45000/memory_budget = 12000/' -e 's/x64xf32/x62xf32/g' %s > %t.pu.mlir && %mpirun -n 4 %gspmd-run %t.pu.mlir --entry parallel --check --report | FileCheck %s --check-prefixes=CHECK,P4
// PLAN-LABEL: func.func @main
// PLAN: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<1x12x256xf32>
// PLAN: scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]], %[[CHUNK:.*]] = %{{.*}})
// PLAN: %[[P:.*]] = tosa.matmul %{{.*}}, %[[CHUNK]], {{.*}} : (tensor<1x12x8xf32>, tensor<1x8x256xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x12x256xf32>
// PLAN: %[[S:.*]] = arith.addf %[[ACC]], %[[P]] : tensor<1x12x256xf32>
// PLAN: gspmd.collective_permute %[[CHUNK]] on @mesh ["d"] shift = 1 wrap : tensor<1x8x256xf32>
// PLAN: scf.yield %[[S]]
// PLAN: tosa.matmul
// PLAN: arith.addf
// PLAN-NOT: gspmd.all_gather
// PLAN-LABEL: func.func @parallel
// The static report covers both functions (its lines of the entry run are
// checked); the run's own traffic is the minimum above.
// N4-NOT: @main: all_gather
// N4: @main: collective_permute on @mesh ["d"] group 4: in tensor<1x8x256xf32> 8192 B, sent 8192 B, {{.*}} x3 (loop trip count)
// N4-NOT: @main:
// N4: {{^ *}}all {{ *}}calls 3, sent 24576 B
// N8-NOT: @main: all_gather
// N8: @main: collective_permute on @mesh ["d"] group 8: in tensor<1x4x256xf32> 4096 B, sent 4096 B, {{.*}} x7 (loop trip count)
// N8-NOT: @main:
// N8: {{^ *}}all {{ *}}calls 7, sent 28672 B
// P4-NOT: @parallel: all_gather
// P4: @parallel: collective_permute on @mesh ["d"] group 4: in tensor<1x32x16xf32> 2048 B, sent 2048 B, {{.*}} x3 (loop trip count)
// P4-NOT: @parallel:
// P4: {{^ *}}all {{ *}}calls 3, sent 6144 B
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

module attributes {gspmd.memory_budget = 45000 : i64} {
gspmd.mesh @mesh ["d"=4]

func.func @main(%x: tensor<1x48x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["d"], []]>},
                %w: tensor<1x32x256xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["d"], []]>})
    -> (tensor<1x48x256xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["d"], []]>}) {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %xt = math.tanh %x : tensor<1x48x32xf32>
  %y = tosa.matmul %xt, %w, %zp, %zp {gspmd.sharding = [#gspmd.tiled<@mesh, [[], ["d"], []]>]} : (tensor<1x48x32xf32>, tensor<1x32x256xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x48x256xf32>
  return %y : tensor<1x48x256xf32>
}

func.func @parallel(%x: tensor<1x48x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["d"], []]>},
                    %w: tensor<1x32x64xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], [], ["d"]]>})
    -> (tensor<1x48x64xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["d"], []]>}) {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %xt = math.tanh %x : tensor<1x48x32xf32>
  %y = tosa.matmul %xt, %w, %zp, %zp {gspmd.sharding = [#gspmd.tiled<@mesh, [[], ["d"], []]>]} : (tensor<1x48x32xf32>, tensor<1x32x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x48x64xf32>
  return %y : tensor<1x48x64xf32>
}
}
