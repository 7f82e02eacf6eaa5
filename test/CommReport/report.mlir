// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-comm-report)' -o /dev/null | FileCheck %s
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-comm-report)' | FileCheck %s --check-prefix=SAME

// One line per collective with its group and the bytes each device sends
// and receives by the ring model of lib/Sharding/cost.c (B = local input
// bytes, n = group size): all_reduce 2B(n-1)/n, all_gather B(n-1),
// reduce_scatter and all_to_all B(n-1)/n, permute B, halo = its halo rows.
// Loops with constant bounds multiply; others count once per iteration.

gspmd.mesh @mesh ["data"=2, "model"=4]

// CHECK: gspmd-comm-report: bytes per device (ring model, gspmdCollectiveBytesSent)
// 8x16xf32 = 512 B; 2 * 512 * 3 / 4 = 768
// CHECK-NEXT: @f: all_reduce on @mesh ["model"] group 4: in tensor<8x16xf32> 512 B, sent 768 B, received 768 B
// 512 * (2 - 1)
// CHECK-NEXT: @f: all_gather on @mesh ["data"] group 2: in tensor<8x16xf32> 512 B, sent 512 B, received 512 B
// 16x16xf32 = 1024 B; 1024 * 3 / 4
// CHECK-NEXT: @f: reduce_scatter on @mesh ["model"] group 4: in tensor<16x16xf32> 1024 B, sent 768 B, received 768 B
// CHECK-NEXT: @f: all_to_all on @mesh ["data"] group 2: in tensor<16x4xf32> 256 B, sent 128 B, received 128 B
// CHECK-NEXT: @f: collective_permute on @mesh ["model"] group 4: in tensor<8x16xf32> 512 B, sent 512 B, received 512 B
// CHECK-NEXT: @f: collective_permute on @mesh ["data", "model"] to ["model", "data"] group 8: in tensor<8x16xf32> 512 B, sent 512 B, received 512 B
// i1 counts one byte per element; a group of one device sends nothing.
// CHECK-NEXT: @f: all_reduce on @mesh [] group 1: in tensor<4xi1> 4 B, sent 0 B, received 0 B
// CHECK-NEXT: @loops: collective_permute on @mesh ["model"] group 4: in tensor<4xf32> 16 B, sent 16 B, received 16 B, x8 (loop trip count)
// CHECK-NEXT: @loops: all_reduce on @mesh ["data", "model"] group 8: in tensor<4xf32> 16 B, sent 28 B, received 28 B, per iteration (trip count unknown)
// CHECK-NEXT: @loops: all_gather on @mesh ["data"] group 2: in tensor<4xf32> 16 B, sent 16 B, received 16 B, x24 (loop trip count)
// 3 rows of 4 B
// CHECK-NEXT: @loops: halo_exchange on @mesh ["model"] group 4: in tensor<4xf32> 16 B, sent 12 B, received 12 B
// 768 + 0 + 28
// CHECK-NEXT: total all_reduce: 3 ops, 3 calls, sent 796 B, received 796 B
// 512 + 24 * 16
// CHECK-NEXT: total all_gather: 2 ops, 25 calls, sent 896 B, received 896 B
// CHECK-NEXT: total reduce_scatter: 1 op, 1 call, sent 768 B, received 768 B
// CHECK-NEXT: total all_to_all: 1 op, 1 call, sent 128 B, received 128 B
// 512 + 512 + 8 * 16
// CHECK-NEXT: total collective_permute: 3 ops, 10 calls, sent 1152 B, received 1152 B
// CHECK-NEXT: total halo_exchange: 1 op, 1 call, sent 12 B, received 12 B
// CHECK-NEXT: total: 11 ops, 41 calls, sent 3752 B, received 3752 B
// CHECK-NEXT: note: ops in loops of unknown trip count are counted once

// The module is printed unchanged after the report.
// SAME: total: 11 ops
// SAME: gspmd.mesh @mesh
// SAME: gspmd.all_reduce
func.func @f(%x: tensor<8x16xf32>, %b: tensor<4xi1>) -> tensor<8x8xf32> {
  %a = gspmd.all_reduce %x on @mesh ["model"] reduce = sum : tensor<8x16xf32>
  %g = gspmd.all_gather %a on @mesh ["data"] gather_dim = 0 : tensor<8x16xf32> -> tensor<16x16xf32>
  %c = gspmd.reduce_scatter %g on @mesh ["model"] reduce = max scatter_dim = 1 : tensor<16x16xf32> -> tensor<16x4xf32>
  %d = gspmd.all_to_all %c on @mesh ["data"] split_dim = 0 concat_dim = 1 : tensor<16x4xf32> -> tensor<8x8xf32>
  %e = gspmd.collective_permute %x on @mesh ["model"] shift = 1 : tensor<8x16xf32>
  %f = gspmd.collective_permute %e on @mesh ["data", "model"] to ["model", "data"] : tensor<8x16xf32>
  %o = gspmd.all_reduce %b on @mesh [] reduce = sum : tensor<4xi1>
  return %d : tensor<8x8xf32>
}

func.func @loops(%x: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %x) -> tensor<4xf32> {
    %b = gspmd.collective_permute %a on @mesh ["model"] shift = 1 wrap : tensor<4xf32>
    %r2 = scf.for %j = %c0 to %n step %c1 iter_args(%a2 = %b) -> tensor<4xf32> {
      %b2 = gspmd.all_reduce %a2 on @mesh ["data", "model"] reduce = max : tensor<4xf32>
      scf.yield %b2 : tensor<4xf32>
    }
    // 3 iterations inside 8: 24 calls
    %r3 = scf.for %j = %c0 to %c3 step %c1 iter_args(%a3 = %r2) -> tensor<4xf32> {
      %g = gspmd.all_gather %a3 on @mesh ["data"] gather_dim = 0 : tensor<4xf32> -> tensor<8xf32>
      %s = tensor.extract_slice %g[0] [4] [1] : tensor<8xf32> to tensor<4xf32>
      scf.yield %s : tensor<4xf32>
    }
    scf.yield %r3 : tensor<4xf32>
  }
  %h = gspmd.halo_exchange %r on @mesh ["model"] dim = 0 halo = [1, 2] size = 16 : tensor<4xf32> -> tensor<7xf32>
  return %r : tensor<4xf32>
}
