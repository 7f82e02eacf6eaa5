// --save-reference DIR runs the unpartitioned program alone (one process,
// whatever the mesh) and writes DIR/manifest.json with refI.npy (as written)
// and ref64_I.npy (promoted to f64); --save-results DIR writes the assembled
// results of a partitioned run. Another runner judges its results with the
// same checker: here test/Check/Inputs/judge.py reads the files and calls
// gspmd.check_floats / check_ints.
// REQUIRES: mpi
// RUN: rm -rf %t && %gspmd-run %s --save-reference %t/ref --seed 5 | FileCheck %s --check-prefix=SAVED
// RUN: cat %t/ref/manifest.json | FileCheck %s --check-prefix=MANIFEST
// RUN: %mpirun -n 4 %gspmd-run %s --seed 5 --check --save-results %t/got | FileCheck %s --check-prefix=RUNS
// RUN: %preload %python %S/Inputs/judge.py %t/ref %t/got | FileCheck %s --check-prefix=JUDGE
// RUN: %mpirun -n 4 %gspmd-run %s --seed 6 --save-results %t/other
// RUN: %preload %python %S/Inputs/judge.py %t/ref %t/other | FileCheck %s --check-prefix=WRONG
// RUN: not %gspmd-run %s --save-reference %t/x --check 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not %mpirun -n 2 %gspmd-run %s --save-reference %t/y 2>&1 | FileCheck %s --check-prefix=ERR2
// SAVED: saved the reference of @main (seed 5) in {{.*}}ref
// MANIFEST: {"entry": "main", "seed": 5,
// MANIFEST-NEXT: "args": [{"type": "tensor<16x64xf32>"}, {"type": "tensor<64x8xf32>"}, {"type": "tensor<16xi32>"}],
// MANIFEST-NEXT: "results": [{"type": "tensor<16x8xf32>", "ref": "ref0.npy", "ref64": "ref64_0.npy"},
// MANIFEST-NEXT: {"type": "tensor<16xi32>", "ref": "ref1.npy", "ref64": "ref64_1.npy"}]}
// RUNS-NOT: FAIL
// RUNS: check: 2 of 2 results PASS
// JUDGE: result0 (16, 8) <f8 PASS
// JUDGE: result1 (16,) <i8 PASS
// WRONG: result0 (16, 8) <f8 FAIL
// WRONG: result1 (16,) <i8 FAIL
// ERR: --save-reference runs only the unpartitioned program
// ERR2: --save-reference runs as one process

gspmd.mesh @mesh ["x"=2, "y"=2]
func.func @main(%a: tensor<16x64xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %b: tensor<64x8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>},
                %n: tensor<16xi32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"]]>})
    -> (tensor<16x8xf32>, tensor<16xi32>) {
  %t = math.tanh %a : tensor<16x64xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<16x8xf32>) -> tensor<16x8xf32>
  %c = linalg.matmul ins(%t, %b : tensor<16x64xf32>, tensor<64x8xf32>) outs(%init : tensor<16x8xf32>) -> tensor<16x8xf32>
  %m = arith.muli %n, %n : tensor<16xi32>
  return %c, %m : tensor<16x8xf32>, tensor<16xi32>
}
