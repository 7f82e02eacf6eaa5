// The check on bf16: bf16 operands of a 1,024-long contraction accumulated
// in f32 (as bf16 training does), split over the contraction dim (f32
// partial sums all-reduced), rounded to bf16, then a bf16 softmax over rows
// split on the same axis (bf16 max and sum all-reduced). Results differ from
// the unpartitioned ones by bf16 roundings; the f64 reference tells that from
// a wrong result.
// REQUIRES: mpi
// RUN: %mpirun -n 4 %gspmd-run %s --check --inject-error=all | FileCheck %s
// CHECK: result #0 tensor<8x32xbf16>: {{.*}} PASS
// CHECK: result #1 tensor<8x32xbf16>: {{.*}} PASS
// The planted element and padding errors are within 10x of their bf16
// allowance: the partitioned program promoted to f64, with the same errors
// planted, shows them far outside its allowance (docs/testing.md, The
// confirmation in f64).
// CHECK: inject-error: element
// CHECK-NEXT: result #0 tensor<8x32xbf16>: {{.*}} FAIL (within 10x: to be confirmed in f64)
// CHECK-NEXT: result #0 tensor<8x32xbf16> in f64 {{.*}} ratio={{[0-9.]+}}e+{{[0-9]+}} FAIL
// CHECK-NEXT: inject-error: padding
// CHECK-NEXT: result #0 tensor<8x32xbf16>: {{.*}} FAIL (within 10x: to be confirmed in f64)
// CHECK-NEXT: result #0 tensor<8x32xbf16> in f64 {{.*}} ratio={{[0-9.]+}}e+{{[0-9]+}} FAIL
// CHECK: inject-error: 3 of 3 injected errors FAIL
// CHECK: check: 2 of 2 results PASS

gspmd.mesh @mesh ["k"=4]
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @main(%a: tensor<8x1024xbf16> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["k"]]>},
                %b: tensor<1024x32xbf16> {gspmd.sharding = #gspmd.tiled<@mesh, [["k"], []]>})
    -> (tensor<8x32xbf16> {gspmd.sharding = #gspmd.replicated},
        tensor<8x32xbf16> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["k"]]>}) {
  %zero = arith.constant 0.0 : bf16
  %zf = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x32xbf16>
  %ef = tensor.empty() : tensor<8x32xf32>
  %init = linalg.fill ins(%zf : f32) outs(%ef : tensor<8x32xf32>) -> tensor<8x32xf32>
  %cf = linalg.matmul ins(%a, %b : tensor<8x1024xbf16>, tensor<1024x32xbf16>) outs(%init : tensor<8x32xf32>) -> tensor<8x32xf32>
  %c = arith.truncf %cf : tensor<8x32xf32> to tensor<8x32xbf16>
  %cs = gspmd.sharding_constraint %c, #gspmd.tiled<@mesh, [[], ["k"]]> : tensor<8x32xbf16>
  %ninf = arith.constant 0xFF80 : bf16
  %er = tensor.empty() : tensor<8xbf16>
  %lo = linalg.fill ins(%ninf : bf16) outs(%er : tensor<8xbf16>) -> tensor<8xbf16>
  %max = linalg.reduce ins(%cs : tensor<8x32xbf16>) outs(%lo : tensor<8xbf16>) dimensions = [1]
    (%in: bf16, %acc: bf16) {
      %m = arith.maximumf %in, %acc : bf16
      linalg.yield %m : bf16
    }
  %ex = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%cs, %max : tensor<8x32xbf16>, tensor<8xbf16>) outs(%e : tensor<8x32xbf16>) {
  ^bb0(%x: bf16, %m: bf16, %o: bf16):
    %d = arith.subf %x, %m : bf16
    %x2 = math.exp %d : bf16
    linalg.yield %x2 : bf16
  } -> tensor<8x32xbf16>
  %z = linalg.fill ins(%zero : bf16) outs(%er : tensor<8xbf16>) -> tensor<8xbf16>
  %sum = linalg.reduce ins(%ex : tensor<8x32xbf16>) outs(%z : tensor<8xbf16>) dimensions = [1]
    (%in: bf16, %acc: bf16) {
      %s = arith.addf %in, %acc : bf16
      linalg.yield %s : bf16
    }
  %sm = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sum : tensor<8x32xbf16>, tensor<8xbf16>) outs(%e : tensor<8x32xbf16>) {
  ^bb0(%x: bf16, %s: bf16, %o: bf16):
    %q = arith.divf %x, %s : bf16
    linalg.yield %q : bf16
  } -> tensor<8x32xbf16>
  return %c, %sm : tensor<8x32xbf16>, tensor<8x32xbf16>
}
