// REQUIRES: mpi
// A rank-reducing slice whose dropped size-1 dim keeps stride 2
// crashed the upstream lowering (expand-strided-metadata) once partitioned;
// slices now cut what they read locally before moving it (8 B and 32 B per
// device instead of 192 B and 128 B).
// RUN: %mpirun -n 4 %gspmd-run %s --entry strided --check --report | FileCheck %s --check-prefix=REPORT
// RUN: %mpirun -n 4 %gspmd-run %s --entry column --check | FileCheck %s
// RUN: %mpirun -n 4 %gspmd-run %s --entry block --check | FileCheck %s
// An annotated rank-reducing slice (gspmd-auto-shard writes such
// annotations): the lowering's unreduced slice must not keep the reduced
// result's sharding (test/Partition/normalize-slices.mlir).
// RUN: %mpirun -n 4 %gspmd-run %s --entry annotated --check | FileCheck %s
// RUN: %if xla %{ %gspmd-xla-run %s --entry annotated --check | FileCheck %s %}
// The report covers the module: @strided moves nothing, @column one element
// per device at each of two shifts (the element its receiver reads, not the
// sender's 2 rows), @block its 4x4 corner (16 B + 16 B).
// REPORT-NOT: @strided:
// REPORT: @column: collective_permute on @m ["a"] group 4: in tensor<1x1xf32> 4 B, sent 4 B
// REPORT: @column: collective_permute on @m ["a"] group 4: in tensor<1x1xf32> 4 B, sent 4 B
// REPORT: @block: collective_permute on @m ["a"] group 4: in tensor<1x4xf32> 16 B, sent 16 B
// REPORT: @block: collective_permute on @m ["a"] group 4: in tensor<1x4xf32> 16 B, sent 16 B
// REPORT-NOT: halo_exchange
// REPORT: check: 1 of 1 result PASS
// CHECK: check: 1 of 1 result PASS
gspmd.mesh @m ["a"=4]
func.func @strided(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@m, [["a"], []]>}) -> tensor<4xf32> {
  %s = tensor.extract_slice %x[0, 3] [4, 1] [2, 1] : tensor<8x16xf32> to tensor<4xf32>
  return %s : tensor<4xf32>
}
func.func @column(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@m, [["a"], []]>}) -> tensor<4xf32> {
  %s = tensor.extract_slice %x[0, 3] [4, 1] [1, 1] : tensor<8x16xf32> to tensor<4xf32>
  return %s : tensor<4xf32>
}
func.func @block(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@m, [["a"], []]>}) -> tensor<4x4xf32> {
  %s = tensor.extract_slice %x[2, 3] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x4xf32>
  return %s : tensor<4x4xf32>
}
func.func @annotated(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@m, [["a"], []]>}) -> tensor<16xf32> {
  %s = tensor.extract_slice %x[5, 0] [1, 16] [1, 1] {gspmd.sharding = [#gspmd.tiled<@m, [["a"]]>]} : tensor<8x16xf32> to tensor<16xf32>
  return %s : tensor<16xf32>
}
