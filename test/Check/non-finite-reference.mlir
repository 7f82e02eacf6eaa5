// A reference that is NaN where the inputs (k/256 in [-1, 1)) are negative:
// those elements pass only as the same NaN, so the check can see no error
// there, and says where that happens (ResNet's batch norm, fed a negative
// running variance, was NaN everywhere and PASSed everything).
// REQUIRES: mpi
// RUN: %mpirun -n 2 %gspmd-run %s --check | FileCheck %s
// RUN: %if xla %{ %gspmd-xla-run %s --check | FileCheck %s %}
// CHECK: check: the reference of tensor<64xf32> is NaN or infinite at {{[1-9][0-9]*}} of 64 elements; the check sees no error there
// CHECK-NOT: NaN or infinite
// CHECK: check: 2 of 2 results PASS

gspmd.mesh @mesh ["x"=2]

func.func @main(%a: tensor<64xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"]]>})
    -> (tensor<64xf32>, tensor<64xf32>) {
  %s = math.sqrt %a : tensor<64xf32>
  %e = math.exp %a : tensor<64xf32>
  return %s, %e : tensor<64xf32>, tensor<64xf32>
}
