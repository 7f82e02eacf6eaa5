// The hyperbolic and inverse trigonometric math ops, and ctpop, on tensors
// split 2-D, one uneven: each was added as data alone (a row of the export
// table; rules, partitioning, batching and the CPU lowering take them as
// elementwise ops). Domains are kept inside each op's: acosh reads
// 1 + x * x, atanh x / 2 (the checker's inputs are in [-1, 1)).
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// RUN: %if xla %{ %gspmd-xla-run %s --check | FileCheck %s %}
// RUN: %if xla %{ %gspmd-xla-run %s --form global --check | FileCheck %s %}
// A wrong value in any result is told apart from rounding, under both runners:
// RUN: %mpirun -n 8 %gspmd-run %s --check --inject-error=all | FileCheck %s --check-prefix=INJ
// RUN: %if xla %{ %gspmd-xla-run %s --check --inject-error=all | FileCheck %s --check-prefix=INJ %}
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-spmd,gspmd-export-stablehlo)' -o /dev/null | FileCheck %s --check-prefix=HLO
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS
// INJ-DAG: check: 3 of 3 results PASS
// INJ-DAG: inject-error: 3 of 3 injected errors FAIL
// HLO-DAG: chlo.sinh
// HLO-DAG: chlo.cosh
// HLO-DAG: chlo.asin
// HLO-DAG: chlo.acos
// HLO-DAG: chlo.atan
// HLO-DAG: chlo.asinh
// HLO-DAG: chlo.acosh
// HLO-DAG: chlo.atanh
// HLO-DAG: stablehlo.popcnt

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%x: tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %u: tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>},
                %k: tensor<8x4xi32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>})
    -> (tensor<8x12xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<7x5xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>},
        tensor<8x4xi32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>}) {
  %one = arith.constant dense<1.0> : tensor<8x12xf32>
  %half = arith.constant dense<0.5> : tensor<7x5xf32>
  %a = math.sinh %x : tensor<8x12xf32>
  %b = math.cosh %x : tensor<8x12xf32>
  %c = math.asin %x : tensor<8x12xf32>
  %d = math.acos %x : tensor<8x12xf32>
  %sq = arith.mulf %x, %x : tensor<8x12xf32>
  %p = arith.addf %sq, %one : tensor<8x12xf32>
  %e = math.acosh %p : tensor<8x12xf32>
  %s1 = arith.addf %a, %b : tensor<8x12xf32>
  %s2 = arith.addf %c, %d : tensor<8x12xf32>
  %s3 = arith.addf %s1, %s2 : tensor<8x12xf32>
  %r0 = arith.addf %s3, %e : tensor<8x12xf32>
  %f = math.atan %u : tensor<7x5xf32>
  %g = math.asinh %u : tensor<7x5xf32>
  %hu = arith.mulf %u, %half : tensor<7x5xf32>
  %h = math.atanh %hu : tensor<7x5xf32>
  %t1 = arith.addf %f, %g : tensor<7x5xf32>
  %r1 = arith.addf %t1, %h : tensor<7x5xf32>
  %r2 = math.ctpop %k : tensor<8x4xi32>
  return %r0, %r1, %r2 : tensor<8x12xf32>, tensor<7x5xf32>, tensor<8x4xi32>
}
