// Collectives on every element type the runtime supports: reshards
// (all_gather, all_to_all, slices) of f16, bf16, i8, i64, i1 and f64 tensors
// between [["x"], ["y"]] and [["y", "x"], []] (uneven 7x5), and split
// reductions (all_reduce) in f16 (sum), bf16 (max), i8 (max), i64 (sum) and
// f64 (sum) over a dim split on y.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%h: tensor<7x5xf16> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %b: tensor<7x5xbf16> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %c: tensor<7x5xi8> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %l: tensor<7x5xi64> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %p: tensor<7x5xi1> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %d: tensor<7x5xf64> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>})
    -> (tensor<7x5xf16> {gspmd.sharding = #gspmd.tiled<@mesh, [["y", "x"], []]>},
        tensor<7x5xbf16> {gspmd.sharding = #gspmd.tiled<@mesh, [["y", "x"], []]>},
        tensor<7x5xi8> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["y", "x"]]>},
        tensor<7x5xi64> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>},
        tensor<7x5xi1> {gspmd.sharding = #gspmd.tiled<@mesh, [["y", "x"], []]>},
        tensor<7x5xf64> {gspmd.sharding = #gspmd.tiled<@mesh, [["y"], ["x"]]>},
        tensor<7xf16>, tensor<7xbf16>, tensor<7xi8>, tensor<7xi64>, tensor<7xf64>) {
  %zh = arith.constant 0.0 : f16
  %nb = arith.constant -3.0e38 : bf16
  %nc = arith.constant -128 : i8
  %zl = arith.constant 0 : i64
  %zd = arith.constant 0.0 : f64
  %eh = tensor.empty() : tensor<7xf16>
  %ih = linalg.fill ins(%zh : f16) outs(%eh : tensor<7xf16>) -> tensor<7xf16>
  %sh = linalg.reduce ins(%h : tensor<7x5xf16>) outs(%ih : tensor<7xf16>) dimensions = [1]
    (%in: f16, %acc: f16) {
      %s = arith.addf %in, %acc : f16
      linalg.yield %s : f16
    }
  %eb = tensor.empty() : tensor<7xbf16>
  %ib = linalg.fill ins(%nb : bf16) outs(%eb : tensor<7xbf16>) -> tensor<7xbf16>
  %mb = linalg.reduce ins(%b : tensor<7x5xbf16>) outs(%ib : tensor<7xbf16>) dimensions = [1]
    (%in: bf16, %acc: bf16) {
      %s = arith.maximumf %in, %acc : bf16
      linalg.yield %s : bf16
    }
  %ec = tensor.empty() : tensor<7xi8>
  %ic = linalg.fill ins(%nc : i8) outs(%ec : tensor<7xi8>) -> tensor<7xi8>
  %mc = linalg.reduce ins(%c : tensor<7x5xi8>) outs(%ic : tensor<7xi8>) dimensions = [1]
    (%in: i8, %acc: i8) {
      %s = arith.maxsi %in, %acc : i8
      linalg.yield %s : i8
    }
  %el = tensor.empty() : tensor<7xi64>
  %il = linalg.fill ins(%zl : i64) outs(%el : tensor<7xi64>) -> tensor<7xi64>
  %sl = linalg.reduce ins(%l : tensor<7x5xi64>) outs(%il : tensor<7xi64>) dimensions = [1]
    (%in: i64, %acc: i64) {
      %s = arith.addi %in, %acc : i64
      linalg.yield %s : i64
    }
  %ed = tensor.empty() : tensor<7xf64>
  %id = linalg.fill ins(%zd : f64) outs(%ed : tensor<7xf64>) -> tensor<7xf64>
  %sd = linalg.reduce ins(%d : tensor<7x5xf64>) outs(%id : tensor<7xf64>) dimensions = [1]
    (%in: f64, %acc: f64) {
      %s = arith.addf %in, %acc : f64
      linalg.yield %s : f64
    }
  return %h, %b, %c, %l, %p, %d, %sh, %mb, %mc, %sl, %sd
    : tensor<7x5xf16>, tensor<7x5xbf16>, tensor<7x5xi8>, tensor<7x5xi64>, tensor<7x5xi1>, tensor<7x5xf64>,
      tensor<7xf16>, tensor<7xbf16>, tensor<7xi8>, tensor<7xi64>, tensor<7xf64>
}
