// The bandwidth-optimal ring all-reduce, by hand in a manual region: each
// device's 8 rows are n chunks of one row; n - 1 reduce-scatter steps pass
// one chunk to the right neighbour (collective_permute shift 1 wrap) and add
// the one that arrives into its slot (dynamic slices at (r - s) mod n), so
// device r ends with the whole sum of chunk (r + 1) mod n; n - 1 all-gather
// steps then pass the finished chunks around. Every device holds the sum of
// all devices' rows (replicated out_sharding). Checked against the
// simulated reference at 2, 4 and 8 ranks, and against @spec (the sum written
// globally) at 4 and 8.
// REQUIRES: mpi
// RUN: sed -e 's/"x"=8/"x"=2/' -e 's/64x6xf32/4x6xf32/g' -e 's/8x8x6xf32/2x2x6xf32/g' -e 's/\[8, 8, 6\]/[2, 2, 6]/' -e 's/8x6xf32/2x6xf32/g' -e 's/constant 8 : index/constant 2 : index/' -e 's/constant 7 : index/constant 1 : index/' %s > %t.2.mlir
// RUN: %mpirun -n 2 %gspmd-run %t.2.mlir --entry main --check | FileCheck %s
// RUN: sed -e 's/"x"=8/"x"=4/' -e 's/64x6xf32/16x6xf32/g' -e 's/8x8x6xf32/4x4x6xf32/g' -e 's/\[8, 8, 6\]/[4, 4, 6]/' -e 's/8x6xf32/4x6xf32/g' -e 's/constant 8 : index/constant 4 : index/' -e 's/constant 7 : index/constant 3 : index/' %s > %t.4.mlir
// RUN: %mpirun -n 4 %gspmd-run %t.4.mlir --entry main --check | FileCheck %s
// RUN: %mpirun -n 4 %gspmd-run %t.4.mlir --entry main --print | grep '^result' > %t.4.manual
// RUN: %mpirun -n 4 %gspmd-run %t.4.mlir --entry spec --print | grep '^result' > %t.4.spec
// RUN: diff %t.4.manual %t.4.spec
// RUN: %mpirun -n 8 %gspmd-run %s --entry main --check --report | FileCheck %s --check-prefixes=CHECK,REPORT
// RUN: %mpirun -n 8 %gspmd-run %s --entry main --print | grep '^result' > %t.manual
// RUN: %mpirun -n 8 %gspmd-run %s --entry spec --print | grep '^result' > %t.spec
// RUN: diff %t.manual %t.spec
// 2 (n - 1) permutes of one 24-byte row each.
// REPORT: total collective_permute: 2 ops, 14 calls, sent 336 B
// CHECK-NOT: FAIL
// CHECK: check: 1 of 1 result PASS

gspmd.mesh @mesh ["x"=8]

func.func @main(%x: tensor<64x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>})
    -> tensor<8x6xf32> {
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["x"]
      in_shardings = [#gspmd.tiled<@mesh, [["x"], []]>]
      out_shardings = [#gspmd.replicated] {
  ^bb0(%lx: tensor<8x6xf32>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 8 : index
    %steps = arith.constant 7 : index
    %me = gspmd.axis_index @mesh ["x"]
    %base = arith.addi %me, %n : index
    // Reduce-scatter: send chunk (r - s), add the arriving one into (r - s - 1).
    %rs = scf.for %s = %c0 to %steps step %c1 iter_args(%acc = %lx) -> (tensor<8x6xf32>) {
      %a = arith.subi %base, %s : index
      %send = arith.remui %a, %n : index
      %b = arith.addi %a, %n : index
      %b1 = arith.subi %b, %c1 : index
      %recv = arith.remui %b1, %n : index
      %chunk = tensor.extract_slice %acc[%send, 0] [1, 6] [1, 1] : tensor<8x6xf32> to tensor<1x6xf32>
      %got = gspmd.collective_permute %chunk on @mesh ["x"] shift = 1 wrap : tensor<1x6xf32>
      %mine = tensor.extract_slice %acc[%recv, 0] [1, 6] [1, 1] : tensor<8x6xf32> to tensor<1x6xf32>
      %sum = arith.addf %mine, %got : tensor<1x6xf32>
      %next = tensor.insert_slice %sum into %acc[%recv, 0] [1, 6] [1, 1] : tensor<1x6xf32> into tensor<8x6xf32>
      scf.yield %next : tensor<8x6xf32>
    }
    // All-gather: send chunk (r + 1 - s), store the arriving one at (r - s).
    %ag = scf.for %s = %c0 to %steps step %c1 iter_args(%acc = %rs) -> (tensor<8x6xf32>) {
      %a = arith.subi %base, %s : index
      %a1 = arith.addi %a, %c1 : index
      %send = arith.remui %a1, %n : index
      %recv = arith.remui %a, %n : index
      %chunk = tensor.extract_slice %acc[%send, 0] [1, 6] [1, 1] : tensor<8x6xf32> to tensor<1x6xf32>
      %got = gspmd.collective_permute %chunk on @mesh ["x"] shift = 1 wrap : tensor<1x6xf32>
      %next = tensor.insert_slice %got into %acc[%recv, 0] [1, 6] [1, 1] : tensor<1x6xf32> into tensor<8x6xf32>
      scf.yield %next : tensor<8x6xf32>
    }
    gspmd.manual_yield %ag : tensor<8x6xf32>
  } : (tensor<64x6xf32>) -> tensor<8x6xf32>
  return %r : tensor<8x6xf32>
}

// The sum of the devices' 8-row blocks, written for one device.
func.func @spec(%x: tensor<64x6xf32>) -> tensor<8x6xf32> {
  %z = arith.constant 0.0 : f32
  %blocks = tensor.expand_shape %x [[0, 1], [2]] output_shape [8, 8, 6]
      : tensor<64x6xf32> into tensor<8x8x6xf32>
  %e = tensor.empty() : tensor<8x6xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x6xf32>) -> tensor<8x6xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d, i, j) -> (d, i, j)>, affine_map<(d, i, j) -> (i, j)>],
                       iterator_types = ["reduction", "parallel", "parallel"]}
      ins(%blocks : tensor<8x8x6xf32>) outs(%f : tensor<8x6xf32>) {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    linalg.yield %t : f32
  } -> tensor<8x6xf32>
  return %s : tensor<8x6xf32>
}
