// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-complete,gspmd-partition,canonicalize,cse)' 2>&1 | FileCheck %s

// The windowed loop (lib/Transforms/Partition/WindowedLoop.c): FSDP's W is split on d
// along its contraction rows and gathering it whole is over the budget, so
// the matmul runs as a loop over the ring of d: step i multiplies the chunk
// held (chunk (r - i) mod 4, r = axis_index) by x's columns [8j, 8j + 8),
// accumulating through outs, then passes the chunk on (shift 1 wrap); three
// steps in the loop, the fourth after it without a permute.
// CHECK-LABEL: func.func @ring(
// CHECK-SAME:    %[[X:.*]]: tensor<16x32xf32> {{.*}}, %[[W:.*]]: tensor<8x32xf32>
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK:         %[[INIT:.*]] = linalg.fill
// CHECK:         %[[R:.*]] = gspmd.axis_index @mesh ["d"]
// CHECK:         %[[LOOP:.*]]:2 = scf.for %[[I:.*]] = %[[C0]] to %[[C3]] step %[[C1]] iter_args(%[[ACC:.*]] = %[[INIT]], %[[CHUNK:.*]] = %[[W]])
// CHECK:           %[[D:.*]] = arith.subi %[[R]], %[[I]] : index
// CHECK:           %[[E:.*]] = arith.addi %[[D]], %[[C4]] : index
// CHECK:           %[[J:.*]] = arith.remui %[[E]], %[[C4]] : index
// CHECK:           %[[OFF:.*]] = arith.muli %[[J]], %[[C8]] : index
// CHECK:           %[[XS:.*]] = tensor.extract_slice %[[X]][0, %[[OFF]]] [16, 8] [1, 1]
// CHECK:           %[[P:.*]] = linalg.matmul ins(%[[XS]], %[[CHUNK]] : tensor<16x8xf32>, tensor<8x32xf32>) outs(%[[ACC]] : tensor<16x32xf32>)
// CHECK:           %[[NEXT:.*]] = gspmd.collective_permute %[[CHUNK]] on @mesh ["d"] shift = 1 wrap : tensor<8x32xf32>
// CHECK:           scf.yield %[[P]], %[[NEXT]]
// CHECK:         }
// CHECK-NOT:     gspmd.collective_permute
// CHECK:         %[[Y:.*]] = linalg.matmul ins({{.*}}, %[[LOOP]]#1 : tensor<16x8xf32>, tensor<8x32xf32>) outs(%[[LOOP]]#0 : tensor<16x32xf32>)
// CHECK-NOT:     gspmd.all_gather
// CHECK:         return %[[Y]]
module attributes {gspmd.memory_budget = 9000 : i64} {
gspmd.mesh @mesh ["d"=4]
func.func @ring(%x: tensor<64x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>},
                %w: tensor<32x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>})
    -> (tensor<64x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x32xf32>) -> tensor<64x32xf32>
  %y = linalg.matmul ins(%x, %w : tensor<64x32xf32>, tensor<32x32xf32>) outs(%f : tensor<64x32xf32>) -> tensor<64x32xf32>
  return %y : tensor<64x32xf32>
}
}

// -----

// Uneven (K = 30 over 4: chunks of 8, the last holding 6; W 30x256 so that
// the ring holds less than the gather): x is padded to 32 columns once, and each step masks the chunk and x's slice past row 30
// (valid = clamp(30 - 8j, 0, 8)) with zero before multiplying.
// CHECK-LABEL: func.func @uneven(
// CHECK:         tensor.pad {{.*}} high[0, 2]
// CHECK:         scf.for
// CHECK:           tensor.extract_slice {{.*}} [16, 8] [1, 1] : tensor<16x32xf32> to tensor<16x8xf32>
// CHECK:           linalg.generic
// CHECK:           linalg.generic
// CHECK:           linalg.matmul ins({{.*}} : tensor<16x8xf32>, tensor<8x256xf32>)
// CHECK:           gspmd.collective_permute {{.*}} shift = 1 wrap : tensor<8x256xf32>
module attributes {gspmd.memory_budget = 64000 : i64} {
gspmd.mesh @mesh ["d"=4]
func.func @uneven(%x: tensor<64x30xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>},
                  %w: tensor<30x256xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>})
    -> (tensor<64x256xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x256xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x256xf32>) -> tensor<64x256xf32>
  %y = linalg.matmul ins(%x, %w : tensor<64x30xf32>, tensor<30x256xf32>) outs(%f : tensor<64x256xf32>) -> tensor<64x256xf32>
  return %y : tensor<64x256xf32>
}
}

// -----

// Along a parallel factor (W split by its output columns, y wanted with all
// of them): each step's outs are the result's columns j, inserted back.
// CHECK-LABEL: func.func @columns(
// CHECK:         scf.for
// CHECK:           %[[OFF:.*]] = arith.muli
// CHECK:           %[[OUT:.*]] = tensor.extract_slice %{{.*}}[0, %[[OFF]]] [16, 8] [1, 1] : tensor<16x32xf32> to tensor<16x8xf32>
// CHECK:           %[[P:.*]] = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<16x64xf32>, tensor<64x8xf32>) outs(%[[OUT]] : tensor<16x8xf32>)
// CHECK:           %[[ACC:.*]] = tensor.insert_slice %[[P]] into %{{.*}}[0, %[[OFF]]] [16, 8] [1, 1]
// CHECK:           gspmd.collective_permute {{.*}} shift = 1 wrap : tensor<64x8xf32>
// CHECK:           scf.yield %[[ACC]]
// CHECK:         tensor.insert_slice
// CHECK-NOT:     gspmd.all_gather
// CHECK:         return
module attributes {gspmd.memory_budget = 15300 : i64} {
gspmd.mesh @mesh ["d"=4]
func.func @columns(%x: tensor<64x64xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>},
                   %w: tensor<64x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["d"]]>})
    -> (tensor<64x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x32xf32>) -> tensor<64x32xf32>
  %y = linalg.matmul ins(%x, %w : tensor<64x64xf32>, tensor<64x32xf32>) outs(%f : tensor<64x32xf32>) -> tensor<64x32xf32>
  return %y : tensor<64x32xf32>
}
}

// -----

// A body reading linalg.index is never run as a loop (its positions would
// need the chunk's offset): no scf.for, whatever the budget.
// CHECK-LABEL: func.func @index(
// CHECK-NOT:     scf.for
// CHECK:         return
#x = affine_map<(m, n, k) -> (m, k)>
#w = affine_map<(m, n, k) -> (k, n)>
#y = affine_map<(m, n, k) -> (m, n)>
module attributes {gspmd.memory_budget = 9000 : i64} {
gspmd.mesh @mesh ["d"=4]
func.func @index(%x: tensor<64x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>},
                 %w: tensor<32x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>})
    -> (tensor<64x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"], []]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x32xf32>) -> tensor<64x32xf32>
  %y = linalg.generic {indexing_maps = [#x, #w, #y], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : tensor<64x32xf32>, tensor<32x32xf32>) outs(%f : tensor<64x32xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %k = linalg.index 2 : index
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    %p = arith.mulf %a, %b : f32
    %q = arith.mulf %p, %kf : f32
    %s = arith.addf %acc, %q : f32
    linalg.yield %s : f32
  } -> tensor<64x32xf32>
  return %y : tensor<64x32xf32>
}
}
