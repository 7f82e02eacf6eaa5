// gspmd-run compiles the partitioned program once: rank 0 lowers and
// compiles it, and the other ranks load its object code and link it
// themselves (tools/gspmd-run/compile.c, lib/CAPI/ObjectJit.cpp). The
// loaded code must call the runtime's collectives (the partial sums of the
// contraction over "y", the gather of the uneven 7-row result) and
// memrefCopy from MLIR's runner utils (the strided slice), and compute what
// the global program does. A module with global constructors, which a
// loaded object would not run, is compiled by every rank instead.
// REQUIRES: mpi
// RUN: %mpirun -n 4 %gspmd-run %s --check --time 1 | FileCheck %s
// RUN: %mpirun -n 4 %gspmd-run %S/Inputs/global-constructor.mlir --check --time 1 | FileCheck %s --check-prefix=CTOR
// CHECK: code: compiled by rank 0, loaded by 3 of 3 other ranks
// CHECK: check: 2 of 2 results PASS
// CTOR: code: compiled by rank 0 and by 3 of 3 other ranks (the lowered module has global constructors)
// CTOR: check: 1 of 1 result PASS

gspmd.mesh @mesh ["x"=2, "y"=2]

func.func @main(%a: tensor<7x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %b: tensor<12x10xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>})
    -> (tensor<7x10xf32>, tensor<3x5xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<7x10xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<7x10xf32>) -> tensor<7x10xf32>
  %m = linalg.matmul ins(%a, %b : tensor<7x12xf32>, tensor<12x10xf32>) outs(%f : tensor<7x10xf32>) -> tensor<7x10xf32>
  %s = tensor.extract_slice %m[1, 2] [3, 5] [2, 1] : tensor<7x10xf32> to tensor<3x5xf32>
  return %m, %s : tensor<7x10xf32>, tensor<3x5xf32>
}
