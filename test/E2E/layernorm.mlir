// Layernorm over a split feature dim (sequence/feature-parallel style): x is
// 8x24 tiled [["x"], ["y"]] and normalised over dim 1, which is split on y:
// the mean and the variance are split sums combined by all_reduce over y; also
// an uneven variant (5x13 with 13 over y) where the padding must not enter the
// sums, and an RMS norm (sum of squares through a generic).
// REQUIRES: mpi
// RUN: sed 's/"x"=2, "y"=4/"x"=1, "y"=1/' %s > %t.1.mlir && %mpirun -n 1 %gspmd-run %t.1.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=1/' %s > %t.2.mlir && %mpirun -n 2 %gspmd-run %t.2.mlir --check | FileCheck %s
// RUN: sed 's/"x"=2, "y"=4/"x"=2, "y"=2/' %s > %t.4.mlir && %mpirun -n 4 %gspmd-run %t.4.mlir --check | FileCheck %s
// RUN: %mpirun -n 8 %gspmd-run %s --check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: check: [[N:[0-9]+]] of [[N]] result{{s?}} PASS

gspmd.mesh @mesh ["x"=2, "y"=4]

#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#col = affine_map<(i, j) -> (j)>
func.func private @ln8(%x: tensor<8x24xf32>, %g: tensor<24xf32>) -> tensor<8x24xf32> {
  %z = arith.constant 0.0 : f32
  %invd = arith.constant 0.041666668 : f32
  %eps = arith.constant 0.1 : f32
  %er = tensor.empty() : tensor<8xf32>
  %i0 = linalg.fill ins(%z : f32) outs(%er : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.reduce ins(%x : tensor<8x24xf32>) outs(%i0 : tensor<8xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %e = tensor.empty() : tensor<8x24xf32>
  %xc = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum : tensor<8x24xf32>, tensor<8xf32>) outs(%e : tensor<8x24xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %m = arith.mulf %s, %invd : f32
    %c = arith.subf %a, %m : f32
    linalg.yield %c : f32
  } -> tensor<8x24xf32>
  %sq = arith.mulf %xc, %xc : tensor<8x24xf32>
  %i1 = linalg.fill ins(%z : f32) outs(%er : tensor<8xf32>) -> tensor<8xf32>
  %ss = linalg.reduce ins(%sq : tensor<8x24xf32>) outs(%i1 : tensor<8xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %y = linalg.generic {indexing_maps = [#id, #row, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%xc, %ss, %g : tensor<8x24xf32>, tensor<8xf32>, tensor<24xf32>) outs(%e : tensor<8x24xf32>) {
  ^bb0(%c: f32, %s: f32, %gg: f32, %o: f32):
    %v = arith.mulf %s, %invd : f32
    %ve = arith.addf %v, %eps : f32
    %r = math.rsqrt %ve : f32
    %n = arith.mulf %c, %r : f32
    %t = arith.mulf %n, %gg : f32
    linalg.yield %t : f32
  } -> tensor<8x24xf32>
  return %y : tensor<8x24xf32>
}
func.func @main(%x: tensor<8x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
                %g: tensor<24xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"]]>},
                %u: tensor<5x13xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>})
    -> (tensor<8x24xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<5x13xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>},
        tensor<5x13xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>}) {
  %y = call @ln8(%x, %g) : (tensor<8x24xf32>, tensor<24xf32>) -> tensor<8x24xf32>
  // uneven: mean/variance over 13 columns split on y
  %z = arith.constant 0.0 : f32
  %invd = arith.constant 0.07692308 : f32
  %eps = arith.constant 0.1 : f32
  %er = tensor.empty() : tensor<5xf32>
  %i0 = linalg.fill ins(%z : f32) outs(%er : tensor<5xf32>) -> tensor<5xf32>
  %sum = linalg.reduce ins(%u : tensor<5x13xf32>) outs(%i0 : tensor<5xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %e = tensor.empty() : tensor<5x13xf32>
  %uc = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%u, %sum : tensor<5x13xf32>, tensor<5xf32>) outs(%e : tensor<5x13xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %m = arith.mulf %s, %invd : f32
    %c = arith.subf %a, %m : f32
    linalg.yield %c : f32
  } -> tensor<5x13xf32>
  %i1 = linalg.fill ins(%z : f32) outs(%er : tensor<5xf32>) -> tensor<5xf32>
  %ss = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%uc : tensor<5x13xf32>) outs(%i1 : tensor<5xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %sq = arith.mulf %a, %a : f32
    %r = arith.addf %sq, %acc : f32
    linalg.yield %r : f32
  } -> tensor<5xf32>
  %un = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%uc, %ss : tensor<5x13xf32>, tensor<5xf32>) outs(%e : tensor<5x13xf32>) {
  ^bb0(%c: f32, %s: f32, %o: f32):
    %v = arith.mulf %s, %invd : f32
    %ve = arith.addf %v, %eps : f32
    %r = math.rsqrt %ve : f32
    %n = arith.mulf %c, %r : f32
    linalg.yield %n : f32
  } -> tensor<5x13xf32>
  // RMS norm of the raw input: x * rsqrt(mean(x^2) + 0.1)
  %i2 = linalg.fill ins(%z : f32) outs(%er : tensor<5xf32>) -> tensor<5xf32>
  %ms = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%u : tensor<5x13xf32>) outs(%i2 : tensor<5xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %sq = arith.mulf %a, %a : f32
    %r = arith.addf %acc, %sq : f32
    linalg.yield %r : f32
  } -> tensor<5xf32>
  %rms = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%u, %ms : tensor<5x13xf32>, tensor<5xf32>) outs(%e : tensor<5x13xf32>) {
  ^bb0(%c: f32, %s: f32, %o: f32):
    %v = arith.mulf %s, %invd : f32
    %ve = arith.addf %v, %eps : f32
    %r = math.rsqrt %ve : f32
    %n = arith.mulf %c, %r : f32
    linalg.yield %n : f32
  } -> tensor<5x13xf32>
  return %y, %un, %rms : tensor<8x24xf32>, tensor<5x13xf32>, tensor<5x13xf32>
}
