// Ops whose results no live op reads are not planned: canonicalize, at the
// end of gspmd-spmd, erases them with the reshards the partitioner made for
// them (collectives have no memory effects). Here a matmul nothing reads,
// and an exp of it nothing reads either, of x and w split on their columns;
// the live op negates x into the annotated result. Charged, the matmul's
// reshards made the prediction exceed the comm report, which has none.
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard,gspmd-spmd,gspmd-comm-report)' %s -o /dev/null 2>%t.err >%t.out && cat %t.err %t.out | FileCheck %s
// RUN: gspmd-opt --pass-pipeline='builtin.module(gspmd-auto-shard)' %s -o %t.auto.mlir 2>/dev/null
// RUN: %if mpi %{ %mpirun -n 4 %gspmd-run %t.auto.mlir --check | FileCheck %s --check-prefix=PASS %}
// RUN: %if xla %{ %gspmd-xla-run %t.auto.mlir --check | FileCheck %s --check-prefix=PASS %}

// The arguments, the negation and the return: the dead ops are no nodes.
// CHECK: predicted 0 B per device {{.*}}; 4 nodes,
// CHECK: total: 0 ops, 0 calls, sent 0 B

// PASS-NOT: FAIL
// PASS: check: 1 of 1 result PASS

gspmd.mesh @mesh ["x"=4]
func.func @f(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"]]>},
             %w: tensor<16x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"]]>})
    -> (tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x"]]>}) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x12xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8x12xf32>) -> tensor<8x12xf32>
  %unused = linalg.matmul ins(%x, %w : tensor<8x16xf32>, tensor<16x12xf32>) outs(%acc : tensor<8x12xf32>) -> tensor<8x12xf32>
  %also_unused = math.exp %unused : tensor<8x12xf32>
  %y = arith.negf %x : tensor<8x16xf32>
  return %y : tensor<8x16xf32>
}
