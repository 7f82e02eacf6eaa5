// A hand-overlapped matmul (a collective matmul): y = x @ w with x split by
// rows and w split by its contraction rows over "x". Instead of gathering w,
// each device passes its chunk of w around the ring (collective_permute
// shift 1 wrap) and, while the next chunk travels, multiplies the chunk it
// holds (chunk (r - i) mod n at step i) by the matching columns of its rows
// of x. Checked against the simulated reference at 2, 4 and 8 ranks and
// against @spec, the plain matmul (products of k/256 values sum exactly).
// REQUIRES: mpi
// RUN: sed -e 's/"x"=8/"x"=2/' -e 's/16x16xf32/4x4xf32/g' -e 's/2x16xf32/2x4xf32/g' -e 's/16x4xf32/4x4xf32/g' -e 's/constant 8 : index/constant 2 : index/' %s > %t.2.mlir
// RUN: %mpirun -n 2 %gspmd-run %t.2.mlir --entry main --check | FileCheck %s
// RUN: sed -e 's/"x"=8/"x"=4/' -e 's/16x16xf32/8x8xf32/g' -e 's/2x16xf32/2x8xf32/g' -e 's/16x4xf32/8x4xf32/g' -e 's/constant 8 : index/constant 4 : index/' %s > %t.4.mlir
// RUN: %mpirun -n 4 %gspmd-run %t.4.mlir --entry main --check | FileCheck %s
// RUN: %mpirun -n 4 %gspmd-run %t.4.mlir --entry main --print | grep '^result' > %t.4.manual
// RUN: %mpirun -n 4 %gspmd-run %t.4.mlir --entry spec --print | grep '^result' > %t.4.spec
// RUN: diff %t.4.manual %t.4.spec
// RUN: %mpirun -n 8 %gspmd-run %s --entry main --check --report | FileCheck %s --check-prefixes=CHECK,REPORT
// RUN: %mpirun -n 8 %gspmd-run %s --entry main --print | grep '^result' > %t.manual
// RUN: %mpirun -n 8 %gspmd-run %s --entry spec --print | grep '^result' > %t.spec
// RUN: diff %t.manual %t.spec
// No all_gather of w: only the ring of permutes moves data.
// REPORT-NOT: all_gather {{.*}}@
// REPORT: total collective_permute: 1 op, 8 calls
// CHECK-NOT: FAIL
// CHECK: check: 1 of 1 result PASS

gspmd.mesh @mesh ["x"=8]

func.func @main(%x: tensor<16x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>},
                %w: tensor<16x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>})
    -> (tensor<16x4xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>}) {
  %y = gspmd.manual_computation(%x, %w) on @mesh manual_axes = ["x"]
      in_shardings = [#gspmd.tiled<@mesh, [["x"], []]>, #gspmd.tiled<@mesh, [["x"], []]>]
      out_shardings = [#gspmd.tiled<@mesh, [["x"], []]>] {
  ^bb0(%lx: tensor<2x16xf32>, %lw: tensor<2x4xf32>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %n = arith.constant 8 : index
    %zero = arith.constant 0.0 : f32
    %r = gspmd.axis_index @mesh ["x"]
    %e = tensor.empty() : tensor<2x4xf32>
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
    %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init, %buf = %lw)
        -> (tensor<2x4xf32>, tensor<2x4xf32>) {
      // Send the chunk on first, then compute with it.
      %next = gspmd.collective_permute %buf on @mesh ["x"] shift = 1 wrap : tensor<2x4xf32>
      %t = arith.subi %r, %i : index
      %tn = arith.addi %t, %n : index
      %j = arith.remui %tn, %n : index
      %off = arith.muli %j, %c2 : index
      %xs = tensor.extract_slice %lx[0, %off] [2, 2] [1, 1] : tensor<2x16xf32> to tensor<2x2xf32>
      %p = linalg.matmul ins(%xs, %buf : tensor<2x2xf32>, tensor<2x4xf32>)
          outs(%acc : tensor<2x4xf32>) -> tensor<2x4xf32>
      scf.yield %p, %next : tensor<2x4xf32>, tensor<2x4xf32>
    }
    gspmd.manual_yield %res#0 : tensor<2x4xf32>
  } : (tensor<16x16xf32>, tensor<16x4xf32>) -> tensor<16x4xf32>
  return %y : tensor<16x4xf32>
}

func.func @spec(%x: tensor<16x16xf32>, %w: tensor<16x4xf32>) -> tensor<16x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<16x4xf32>) -> tensor<16x4xf32>
  %y = linalg.matmul ins(%x, %w : tensor<16x16xf32>, tensor<16x4xf32>)
      outs(%init : tensor<16x4xf32>) -> tensor<16x4xf32>
  return %y : tensor<16x4xf32>
}
