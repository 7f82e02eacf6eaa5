// A hand-written SPMD program (--spmd: run as is, no gspmd-spmd) that calls
// every collective through gspmd-lower-to-mpi and the runtime, on values
// made from each device's mesh coordinates, then gathers them so that every
// device returns the same (replicated) tensors. The printed values are what
// DESIGN's semantics say; only partition_id tells the permuted mesh apart.
// REQUIRES: mpi
// RUN: %mpirun -n 4 %gspmd-run %s --spmd --print | FileCheck %s --check-prefixes=CHECK,IDENTITY
// RUN: sed 's/\["x"=2, "y"=2\]/["x"=2, "y"=2] devices = [0, 2, 1, 3]/' %s > %t.perm.mlir
// RUN: %mpirun -n 4 %gspmd-run %t.perm.mlir --spmd --print | FileCheck %s --check-prefixes=CHECK,PERM
// RUN: %mpirun -n 4 %gspmd-run %s --spmd --report | FileCheck %s --check-prefix=REPORT

// all_gather of each device's coordinate k over (x, y)
// CHECK: result #0 tensor<4x2xi32> = {{\[}}[0, 0], [1, 1], [2, 2], [3, 3]]
// all_reduce sum: 0 + 1 + 2 + 3
// CHECK-NEXT: result #1 tensor<1x2xi32> = {{\[}}[6, 6]]
// shift by 1 with wrap: k receives k - 1
// CHECK-NEXT: result #2 tensor<4x2xi32> = {{\[}}[3, 3], [0, 0], [1, 1], [2, 2]]
// device k holds rows 10 r + k; all_to_all (split 0, concat 1) gives device j
// row j of every device k, in device order: M[j][k] = 10 j + k
// CHECK-NEXT: result #3 tensor<4x4xi32> = {{\[}}[0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23], [30, 31, 32, 33]]
// permute ["x", "y"] to ["y", "x"]: device (x, y) receives 2y + x
// CHECK-NEXT: result #4 tensor<4x2xi32> = {{\[}}[0, 0], [2, 2], [1, 1], [3, 3]]
// reduce_scatter sum of [10 r + k]_r: device r keeps 40 r + 6
// CHECK-NEXT: result #5 tensor<4xi32> = [6, 46, 86, 126]
// all_reduce max of 1.5 k in f32; all_reduce min in f64 of -k
// CHECK-NEXT: result #6 tensor<2xf32> = [4.5, 4.5]
// CHECK-NEXT: result #7 tensor<2xf64> = [-3, -3]
// partition_id gathered in mesh order
// IDENTITY-NEXT: result #8 tensor<4xi64> = [0, 1, 2, 3]
// PERM-NEXT: result #8 tensor<4xi64> = [0, 2, 1, 3]
// axis_index over ["y", "x"] of device (x, y) is 2y + x
// CHECK-NEXT: result #9 tensor<4xi32> = [0, 2, 1, 3]
// i1 sum (or) of k == 2, i8 sum of k, f16 all_gather of k / 2
// CHECK-NEXT: result #10 tensor<3xi1> = [1, 1, 1]
// CHECK-NEXT: result #11 tensor<3xi8> = [6, 6, 6]
// CHECK-NEXT: result #12 tensor<4xf16> = [0, 0.5, 1, 1.5]

// REPORT: gspmd-comm-report: bytes per device
// REPORT: runtime traffic of the run
// REPORT-NEXT: all_reduce calls 5,
// REPORT-NEXT: all_gather calls 8,
// REPORT-NEXT: reduce_scatter calls 1,
// REPORT-NEXT: all_to_all calls 1,
// REPORT-NEXT: collective_permute calls 2,

gspmd.mesh @m ["x"=2, "y"=2]

func.func @main() -> (tensor<4x2xi32>, tensor<1x2xi32>, tensor<4x2xi32>, tensor<4x4xi32>,
                      tensor<4x2xi32>, tensor<4xi32>, tensor<2xf32>, tensor<2xf64>,
                      tensor<4xi64>, tensor<4xi32>, tensor<3xi1>, tensor<3xi8>,
                      tensor<4xf16>) {
  %k = gspmd.axis_index @m ["x", "y"]
  %k32 = arith.index_cast %k : index to i32
  %t = tensor.splat %k32 : tensor<1x2xi32>
  %r0 = gspmd.all_gather %t on @m ["x", "y"] gather_dim = 0 : tensor<1x2xi32> -> tensor<4x2xi32>
  %r1 = gspmd.all_reduce %t on @m ["x", "y"] reduce = sum : tensor<1x2xi32>
  %p = gspmd.collective_permute %t on @m ["x", "y"] shift = 1 wrap : tensor<1x2xi32>
  %r2 = gspmd.all_gather %p on @m ["x", "y"] gather_dim = 0 : tensor<1x2xi32> -> tensor<4x2xi32>

  // rows 10 k + r
  %c10 = arith.constant 10 : i32
  %e41 = tensor.empty() : tensor<4x1xi32>
  %rows = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>], iterator_types = ["parallel", "parallel"]}
      outs(%e41 : tensor<4x1xi32>) {
    ^bb0(%o: i32):
      %r = linalg.index 0 : index
      %r32 = arith.index_cast %r : index to i32
      %tk = arith.muli %r32, %c10 : i32
      %v = arith.addi %tk, %k32 : i32
      linalg.yield %v : i32
  } -> tensor<4x1xi32>
  %a2a = gspmd.all_to_all %rows on @m ["x", "y"] split_dim = 0 concat_dim = 1 : tensor<4x1xi32> -> tensor<1x4xi32>
  %r3 = gspmd.all_gather %a2a on @m ["x", "y"] gather_dim = 0 : tensor<1x4xi32> -> tensor<4x4xi32>

  %q = gspmd.collective_permute %t on @m ["x", "y"] to ["y", "x"] : tensor<1x2xi32>
  %r4 = gspmd.all_gather %q on @m ["x", "y"] gather_dim = 0 : tensor<1x2xi32> -> tensor<4x2xi32>

  %flat = tensor.collapse_shape %rows [[0, 1]] : tensor<4x1xi32> into tensor<4xi32>
  %rs = gspmd.reduce_scatter %flat on @m ["x", "y"] reduce = sum scatter_dim = 0 : tensor<4xi32> -> tensor<1xi32>
  %r5 = gspmd.all_gather %rs on @m ["x", "y"] gather_dim = 0 : tensor<1xi32> -> tensor<4xi32>

  %kf = arith.sitofp %k32 : i32 to f32
  %c15 = arith.constant 1.5 : f32
  %f = arith.mulf %kf, %c15 : f32
  %ft = tensor.splat %f : tensor<2xf32>
  %r6 = gspmd.all_reduce %ft on @m ["x", "y"] reduce = max : tensor<2xf32>
  %kd = arith.sitofp %k32 : i32 to f64
  %zero = arith.constant 0.0 : f64
  %nkd = arith.subf %zero, %kd : f64
  %dt = tensor.splat %nkd : tensor<2xf64>
  %r7 = gspmd.all_reduce %dt on @m ["y", "x"] reduce = min : tensor<2xf64>

  %pid = gspmd.partition_id
  %pid64 = arith.index_cast %pid : index to i64
  %pt = tensor.splat %pid64 : tensor<1xi64>
  %r8 = gspmd.all_gather %pt on @m ["x", "y"] gather_dim = 0 : tensor<1xi64> -> tensor<4xi64>

  %yx = gspmd.axis_index @m ["y", "x"]
  %yx32 = arith.index_cast %yx : index to i32
  %yxt = tensor.splat %yx32 : tensor<1xi32>
  %r9 = gspmd.all_gather %yxt on @m ["x", "y"] gather_dim = 0 : tensor<1xi32> -> tensor<4xi32>

  %c2 = arith.constant 2 : index
  %is2 = arith.cmpi eq, %k, %c2 : index
  %bt = tensor.splat %is2 : tensor<3xi1>
  %r10 = gspmd.all_reduce %bt on @m ["x", "y"] reduce = sum : tensor<3xi1>
  %k8 = arith.index_cast %k : index to i8
  %ct = tensor.splat %k8 : tensor<3xi8>
  %r11 = gspmd.all_reduce %ct on @m ["x", "y"] reduce = sum : tensor<3xi8>
  %kh = arith.sitofp %k32 : i32 to f16
  %half = arith.constant 0.5 : f16
  %h = arith.mulf %kh, %half : f16
  %ht = tensor.splat %h : tensor<1xf16>
  %r12 = gspmd.all_gather %ht on @m ["x", "y"] gather_dim = 0 : tensor<1xf16> -> tensor<4xf16>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12
      : tensor<4x2xi32>, tensor<1x2xi32>, tensor<4x2xi32>, tensor<4x4xi32>,
        tensor<4x2xi32>, tensor<4xi32>, tensor<2xf32>, tensor<2xf64>,
        tensor<4xi64>, tensor<4xi32>, tensor<3xi1>, tensor<3xi8>, tensor<4xf16>
}
