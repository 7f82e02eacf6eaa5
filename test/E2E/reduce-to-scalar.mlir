// Reductions to scalar-like tensors: a full sum of a 1-D tensor<20> split over
// d (uneven over 8) into tensor<f32>, a full max of a 2-D 6x9 tensor (dim 1
// split) into tensor<1xf32> through a generic with a constant (0) output map,
// and a sum of exp to tensor<f32> then used elementwise (broadcast of a 0-d
// value).
// REQUIRES: mpi
// RUN: sed 's/"d"=8/"d"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"d"=8/"d"=2/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"d"=8/"d"=4/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["d"=8]

func.func @main(%a: tensor<20xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["d"]]>},
                %b: tensor<6x9xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["d"]]>})
    -> (tensor<f32>, tensor<1xf32>, tensor<6x9xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["d"]]>}) {
  %z = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e0 = tensor.empty() : tensor<f32>
  %i0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %sum = linalg.reduce ins(%a : tensor<20xf32>) outs(%i0 : tensor<f32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %e1 = tensor.empty() : tensor<1xf32>
  %i1 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<1xf32>) -> tensor<1xf32>
  %max = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (0)>],
                         iterator_types = ["reduction", "reduction"]}
      ins(%b : tensor<6x9xf32>) outs(%i1 : tensor<1xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %m = arith.maximumf %x, %acc : f32
    linalg.yield %m : f32
  } -> tensor<1xf32>
  %ex = math.exp %b : tensor<6x9xf32>
  %i2 = linalg.fill ins(%z : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %tot = linalg.reduce ins(%ex : tensor<6x9xf32>) outs(%i2 : tensor<f32>) dimensions = [0, 1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %e2 = tensor.empty() : tensor<6x9xf32>
  %bt = linalg.broadcast ins(%tot : tensor<f32>) outs(%e2 : tensor<6x9xf32>) dimensions = [0, 1]
  %n = arith.divf %ex, %bt : tensor<6x9xf32>
  return %sum, %max, %n : tensor<f32>, tensor<1xf32>, tensor<6x9xf32>
}
