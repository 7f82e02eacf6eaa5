// Scatter-adds as gspmd-import writes them (python-bindings/gspmd_import/
// _scatter.py): a loop over the updates whose body reads a data-dependent
// row (rank-reducing extract_slice / insert_slice) or element (tensor.extract
// / tensor.insert), skips out-of-range indices (the inputs' i32 are -8..8)
// and adds. The table is split on its rows (uneven: 10 rows on 4 devices)
// and columns. The dropped unit dim of the rank-reducing slices was mapped
// to nothing while the insert's result kept it as a free factor, so the
// partitioned insert_slice did not verify (result 3x6 into a 10x6 dest);
// and tensor.insert had no StableHLO mapping.
// REQUIRES: mpi
// RUN: %mpirun -n 8 %gspmd-run %s --check --inject-error=all | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=3/' %s > %t.3.mlir && %mpirun -n 3 %gspmd-run %t.3.mlir --check | FileCheck %s --check-prefix=PLAIN
// RUN: %if xla %{ %gspmd-xla-run %s --check --inject-error=all | FileCheck %s %}
// RUN: %if xla %{ %gspmd-xla-run %t.3.mlir --check | FileCheck %s --check-prefix=PLAIN %}
// CHECK-DAG: inject-error: 3 of 3 injected errors FAIL
// CHECK-DAG: check: [[N:[0-9]+]] of [[N]] results PASS
// PLAIN-NOT: FAIL
// PLAIN: check: [[N:[0-9]+]] of [[N]] results PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%table: tensor<10x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>},
                %idx: tensor<12xi32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"]]>},
                %upd: tensor<12x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>},
                %cells: tensor<3x10xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>})
    -> (tensor<10x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>},
        tensor<3x10xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c9 = arith.constant 9 : index
  %c12 = arith.constant 12 : index
  %rows = scf.for %i = %c0 to %c12 step %c1 iter_args(%t = %table) -> (tensor<10x6xf32>) {
    %x = tensor.extract %idx[%i] : tensor<12xi32>
    %r = arith.index_cast %x : i32 to index
    %lo = arith.cmpi sge, %r, %c0 : index
    %hi = arith.cmpi sle, %r, %c9 : index
    %in = arith.andi %lo, %hi : i1
    %n = scf.if %in -> (tensor<10x6xf32>) {
      %u = tensor.extract_slice %upd[%i, 0] [1, 6] [1, 1] : tensor<12x6xf32> to tensor<6xf32>
      %old = tensor.extract_slice %t[%r, 0] [1, 6] [1, 1] : tensor<10x6xf32> to tensor<6xf32>
      %s = arith.addf %old, %u : tensor<6xf32>
      %w = tensor.insert_slice %s into %t[%r, 0] [1, 6] [1, 1] : tensor<6xf32> into tensor<10x6xf32>
      scf.yield %w : tensor<10x6xf32>
    } else {
      scf.yield %t : tensor<10x6xf32>
    }
    scf.yield %n : tensor<10x6xf32>
  }
  %elems = scf.for %i = %c0 to %c12 step %c1 iter_args(%t = %cells) -> (tensor<3x10xf32>) {
    %x = tensor.extract %idx[%i] : tensor<12xi32>
    %r = arith.index_cast %x : i32 to index
    %lo = arith.cmpi sge, %r, %c0 : index
    %hi = arith.cmpi sle, %r, %c9 : index
    %in = arith.andi %lo, %hi : i1
    %row = arith.remui %i, %c3 : index
    %n = scf.if %in -> (tensor<3x10xf32>) {
      %u = tensor.extract %upd[%i, %c1] : tensor<12x6xf32>
      %old = tensor.extract %t[%row, %r] : tensor<3x10xf32>
      %s = arith.maximumf %old, %u : f32
      %w = tensor.insert %s into %t[%row, %r] : tensor<3x10xf32>
      scf.yield %w : tensor<3x10xf32>
    } else {
      scf.yield %t : tensor<3x10xf32>
    }
    scf.yield %n : tensor<3x10xf32>
  }
  return %rows, %elems : tensor<10x6xf32>, tensor<3x10xf32>
}
