// Tensors captured from above inside op regions (not operands): a tensor.pad
// whose padding value is read from a split tensor at the padded index, a
// linalg.map that adds a captured split bias by linalg.index, and a
// tensor.generate that reverses a split vector. A captured tensor read at the
// loops' positions in a linalg body is read locally, at the device's own
// position (a gather read); the others are read whole, not as the local
// shard.
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

func.func @main(%a: tensor<8x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %p: tensor<11xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"]]>},
                %bias: tensor<6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"]]>},
                %v: tensor<9xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["y", "x"]]>})
    -> (tensor<11x6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>},
        tensor<8x6xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<9xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x", "y"]]>}) {
  // rows 0 and 9..10 are padding whose value is p[row]
  %padded = tensor.pad %a low[1, 0] high[2, 0] {
  ^bb0(%i: index, %j: index):
    %x = tensor.extract %p[%i] : tensor<11xf32>
    tensor.yield %x : f32
  } : tensor<8x6xf32> to tensor<11x6xf32>
  %e = tensor.empty() : tensor<8x6xf32>
  %m = linalg.map ins(%a : tensor<8x6xf32>) outs(%e : tensor<8x6xf32>)
    (%x: f32, %o: f32) {
      %j = linalg.index 1 : index
      %b = tensor.extract %bias[%j] : tensor<6xf32>
      %s = arith.addf %x, %b : f32
      linalg.yield %s : f32
    }
  %c8 = arith.constant 8 : index
  %g = tensor.generate {
  ^bb0(%i: index):
    %j = arith.subi %c8, %i : index
    %x = tensor.extract %v[%j] : tensor<9xf32>
    tensor.yield %x : f32
  } : tensor<9xf32>
  return %padded, %m, %g : tensor<11x6xf32>, tensor<8x6xf32>, tensor<9xf32>
}
