// A hand-written ring all-reduce in a manual region over every axis: each
// device holds one row of x; n - 1 times it passes the buffer it last
// received to its right neighbour (collective_permute shift 1 wrap) and adds
// what arrives, so every device ends with the sum of all rows (out_sharding
// replicated: gspmd-run also checks that the copies agree). Checked against
// the simulated reference (gspmd-simulate-manual) at 2, 4 and 8 ranks, and
// against @spec, the same sum written for one device: an independent meaning
// that a wrong ring fails (manual-wrong.mlir). Sums of k/256 values are exact,
// so the printed results must be equal.
// REQUIRES: mpi
// RUN: sed -e 's/"x"=8/"x"=2/' -e 's/8x6xf32/2x6xf32/g' -e 's/constant 7 : index/constant 1 : index/' %s > %t.2.mlir
// RUN: %mpirun -n 2 %gspmd-run %t.2.mlir --entry main --check | FileCheck %s
// RUN: sed -e 's/"x"=8/"x"=4/' -e 's/8x6xf32/4x6xf32/g' -e 's/constant 7 : index/constant 3 : index/' %s > %t.4.mlir
// RUN: %mpirun -n 4 %gspmd-run %t.4.mlir --entry main --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --entry main --check --report | FileCheck %s --check-prefixes=CHECK,REPORT
// RUN: %mpirun -n 8 %gspmd-run %s --entry main --print | grep '^result' > %t.manual
// RUN: %mpirun -n 8 %gspmd-run %s --entry spec --print | grep '^result' > %t.spec
// RUN: diff %t.manual %t.spec
// REPORT: collective_permute
// CHECK-NOT: FAIL
// CHECK: check: 1 of 1 result PASS

gspmd.mesh @mesh ["x"=8]

func.func @main(%x: tensor<8x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>})
    -> tensor<1x6xf32> {
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["x"]
      in_shardings = [#gspmd.tiled<@mesh, [["x"], []]>]
      out_shardings = [#gspmd.replicated] {
  ^bb0(%lx: tensor<1x6xf32>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %steps = arith.constant 7 : index
    %acc:2 = scf.for %i = %c0 to %steps step %c1 iter_args(%sum = %lx, %buf = %lx)
        -> (tensor<1x6xf32>, tensor<1x6xf32>) {
      %next = gspmd.collective_permute %buf on @mesh ["x"] shift = 1 wrap : tensor<1x6xf32>
      %s = arith.addf %sum, %next : tensor<1x6xf32>
      scf.yield %s, %next : tensor<1x6xf32>, tensor<1x6xf32>
    }
    gspmd.manual_yield %acc#0 : tensor<1x6xf32>
  } : (tensor<8x6xf32>) -> tensor<1x6xf32>
  return %r : tensor<1x6xf32>
}

// The same sum written for one device.
func.func @spec(%x: tensor<8x6xf32>) -> tensor<1x6xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x6xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x6xf32>) -> tensor<1x6xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (0, j)>],
                       iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<8x6xf32>) outs(%f : tensor<1x6xf32>) {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    linalg.yield %t : f32
  } -> tensor<1x6xf32>
  return %s : tensor<1x6xf32>
}
