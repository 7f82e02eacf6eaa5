// Element-type conversions and the rest of the elementwise math on a tiled
// uneven 9x7 tensor: extf/truncf (f32 <-> f64), fptosi/sitofp (via i32), f16
// and bf16 arithmetic (truncf/extf), cmpf + select, divf, remf, negf, absf,
// floor, minnumf/maxnumf, and math.log/sqrt/rsqrt/sin/cos/powf on
// positive-shifted inputs.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<9x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %b: tensor<9x7xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>})
    -> (tensor<9x7xf64> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<9x7xi32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>},
        tensor<9x7xf16> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<9x7xbf16> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>},
        tensor<9x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<9x7xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>}) {
  %one = arith.constant dense<1.5> : tensor<9x7xf32>
  %hundred = arith.constant dense<100.0> : tensor<9x7xf32>
  %d = arith.extf %a : tensor<9x7xf32> to tensor<9x7xf64>
  %d2 = arith.mulf %d, %d : tensor<9x7xf64>
  %i = arith.mulf %b, %hundred : tensor<9x7xf32>
  %ii = arith.fptosi %i : tensor<9x7xf32> to tensor<9x7xi32>
  %h = arith.truncf %a : tensor<9x7xf32> to tensor<9x7xf16>
  %hb = arith.truncf %b : tensor<9x7xf32> to tensor<9x7xf16>
  %h2 = arith.addf %h, %hb : tensor<9x7xf16>
  %bf = arith.truncf %b : tensor<9x7xf32> to tensor<9x7xbf16>
  %bf2 = arith.mulf %bf, %bf : tensor<9x7xbf16>
  %pos = arith.addf %a, %one : tensor<9x7xf32>
  %l = math.log %pos : tensor<9x7xf32>
  %s = math.sqrt %pos : tensor<9x7xf32>
  %r = math.rsqrt %pos : tensor<9x7xf32>
  %sn = math.sin %b : tensor<9x7xf32>
  %cs = math.cos %a : tensor<9x7xf32>
  %pw = math.powf %pos, %b : tensor<9x7xf32>
  %q = arith.divf %a, %pos : tensor<9x7xf32>
  %rm = arith.remf %hundred, %pos : tensor<9x7xf32>
  %ab = math.absf %b : tensor<9x7xf32>
  %fl = math.floor %i : tensor<9x7xf32>
  %n = arith.negf %fl : tensor<9x7xf32>
  %mn = arith.minnumf %l, %s : tensor<9x7xf32>
  %mx = arith.maxnumf %r, %sn : tensor<9x7xf32>
  %t0 = arith.addf %mn, %mx : tensor<9x7xf32>
  %t1 = arith.addf %t0, %cs : tensor<9x7xf32>
  %t2 = arith.addf %t1, %b : tensor<9x7xf32>
  %t3 = arith.addf %t2, %pw : tensor<9x7xf32>
  %t4 = arith.addf %t3, %q : tensor<9x7xf32>
  %t5 = arith.addf %t4, %rm : tensor<9x7xf32>
  %t6 = arith.addf %t5, %ab : tensor<9x7xf32>
  %back = arith.sitofp %ii : tensor<9x7xi32> to tensor<9x7xf32>
  %t7 = arith.addf %n, %back : tensor<9x7xf32>
  %c = arith.cmpf oge, %t6, %a : tensor<9x7xf32>
  %sel = arith.select %c, %t6, %t7 : tensor<9x7xi1>, tensor<9x7xf32>
  return %d2, %ii, %h2, %bf2, %t6, %sel : tensor<9x7xf64>, tensor<9x7xi32>, tensor<9x7xf16>, tensor<9x7xbf16>, tensor<9x7xf32>, tensor<9x7xf32>
}
