// gspmd-xla-run: our partitioning run by XLA on 8 host devices, and XLA's
// own partitioning of the global form (Shardy or HLO shardings), all checked against gspmd-run's
// reference; --report prints XLA's compile time and the collectives of its
// compiled program. Bad inputs are clear errors.
// REQUIRES: xla
// RUN: %gspmd-xla-run %s --check --report | FileCheck %s --check-prefix=SPMD
// RUN: %gspmd-xla-run %s --form global --check --report | FileCheck %s --check-prefix=GLOBAL
// RUN: %gspmd-xla-run %s --form global --shardings hlo --check | FileCheck %s --check-prefix=HLO
// RUN: not %gspmd-xla-run %s --devices 4 2>&1 | FileCheck %s --check-prefix=DEVICES
// RUN: sed "s/math.tanh/math.copysign %%0,/" %s > %t.bad.mlir
// RUN: not %gspmd-xla-run %t.bad.mlir 2>&1 | FileCheck %s --check-prefix=BAD

// SPMD: xla: compiled for 8 cpu devices
// XLA may rewrite our collectives (an all-reduce into reduce-scatter and
// all-gather); its groups are over the partition ids we exported: %r1's
// partial sums over "y" are all-reduced within each row of the mesh.
// SPMD: xla collective: {{.*}} replica_groups={{[{][{]}}0,1,2,3},{4,5,6,7}}
// SPMD: xla collectives: {{[1-9]}}
// SPMD: check: 2 of 2 results PASS
// GLOBAL: xla: compiled for 8 cpu devices
// GLOBAL: xla collective:
// GLOBAL: xla collectives: {{[1-9]}}
// GLOBAL: check: 2 of 2 results PASS
// HLO: check: 2 of 2 results PASS
// DEVICES: --devices 4 but the program's mesh has 8 devices
// BAD: export failed
// BAD: error: stablehlo export: op 'math.copysign' has no StableHLO mapping

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<8x32xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["x", "y"]]>},
                %b: tensor<32x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"], []]>},
                %c: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %d: tensor<16x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>})
    -> (tensor<8x6xf32> {gspmd.sharding = #gspmd.replicated},
        tensor<8x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>}) {
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<8x6xf32>
  %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<8x6xf32>) -> tensor<8x6xf32>
  %r0 = linalg.matmul ins(%a, %b : tensor<8x32xf32>, tensor<32x6xf32>)
                      outs(%f0 : tensor<8x6xf32>) -> tensor<8x6xf32>
  %r1 = linalg.matmul ins(%c, %d : tensor<8x16xf32>, tensor<16x6xf32>)
                      outs(%f0 : tensor<8x6xf32>) -> tensor<8x6xf32>
  %0 = arith.addf %r0, %r0 : tensor<8x6xf32>
  %1 = math.tanh %r1 : tensor<8x6xf32>
  return %0, %1 : tensor<8x6xf32>, tensor<8x6xf32>
}
