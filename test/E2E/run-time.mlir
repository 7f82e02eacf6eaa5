// gspmd-run --time R: the median time of R more runs and the peak memory of
// one rank, its local inputs counted exactly (a 16x12 f32 split in two along
// rows: 8x12x4 = 384 B, plus a replicated 12x10: 480 B) and the buffers the
// program allocates counted through its malloc (nonzero: the result).
// REQUIRES: mpi
// RUN: %mpirun -n 2 %gspmd-run %s --check --time 3 | FileCheck %s
// RUN: not %mpirun -n 2 %gspmd-run %s --time 0 2>&1 | FileCheck %s --check-prefix=BAD
// CHECK: time: median {{[0-9.]+}} s over 3 runs (max over ranks)
// CHECK: peak memory: max {{[0-9]+}} bytes per rank (buffers {{[1-9][0-9]*}} + inputs 864)
// CHECK: check: 1 of 1 result PASS
// BAD: bad argument '--time'

gspmd.mesh @mesh ["x"=2]

func.func @main(%a: tensor<16x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>},
                %b: tensor<12x10xf32> {gspmd.sharding = #gspmd.replicated})
    -> (tensor<16x10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x10xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<16x10xf32>) -> tensor<16x10xf32>
  %m = linalg.matmul ins(%a, %b : tensor<16x12xf32>, tensor<12x10xf32>) outs(%f : tensor<16x10xf32>) -> tensor<16x10xf32>
  return %m : tensor<16x10xf32>
}
