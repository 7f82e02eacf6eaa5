// Gather reads (a linalg body reading a tensor with tensor.extract, not as
// an operand) take part in the op's rule: the dims read at a loop's position
// share its factor, a looked-up dim is a reduction factor of its own.
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-complete{print-rules})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=RULE
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-spmd)' | FileCheck %s

gspmd.mesh @mesh ["x"=2, "y"=4]

#id = affine_map<(d0, d1) -> (d0, d1)>

// The table split on its rows: each device looks up the rows it holds
// (index minus its offset, when below its valid rows), yields zero for the
// others, and the partial lookups are summed over "y".
// RULE: rule ([i, j], [i], [k, j])->([i, j]) {i=6, j=64, k=1000} reduction={k}
// CHECK-LABEL: func.func @rows_split
// CHECK-SAME: tensor<250x64xf32>
// CHECK: %[[Y:.*]] = gspmd.axis_index @mesh ["y"]
// CHECK: %[[OFF:.*]] = arith.muli %[[Y]], %c250
// CHECK: linalg.generic
// CHECK: %[[ROW:.*]] = arith.minsi
// CHECK: %[[LOCAL:.*]] = arith.subi %[[ROW]], %[[OFF]]
// CHECK: %[[HELD:.*]] = arith.cmpi ult, %[[LOCAL]]
// CHECK: %[[SAFE:.*]] = arith.select %[[HELD]], %[[LOCAL]], %c0
// CHECK: %[[V:.*]] = tensor.extract %arg0[%[[SAFE]], %{{.*}}] : tensor<250x64xf32>
// CHECK: %[[M:.*]] = arith.select %[[HELD]], %[[V]], %cst
// CHECK: linalg.yield %[[M]]
// CHECK-NOT: all_gather
// CHECK: gspmd.all_reduce %{{.*}} on @mesh ["y"] reduce = sum
func.func @rows_split(%table: tensor<1000x64xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>},
                      %ids: tensor<6xi32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"]]>})
    -> (tensor<6x64xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>}) {
  %c0 = arith.constant 0 : index
  %c999 = arith.constant 999 : index
  %e = tensor.empty() : tensor<6x64xf32>
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<6x64xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %id = tensor.extract %ids[%i] : tensor<6xi32>
    %k = arith.index_cast %id : i32 to index
    %k0 = arith.maxsi %k, %c0 : index
    %row = arith.minsi %k0, %c999 : index
    %v = tensor.extract %table[%row, %j] : tensor<1000x64xf32>
    linalg.yield %v : f32
  } -> tensor<6x64xf32>
  return %r : tensor<6x64xf32>
}

// Split on the dim read at a loop's position, the table is read locally
// (the position minus the shard's offset) and nothing moves.
// CHECK-LABEL: func.func @columns_split
// CHECK-SAME: tensor<1000x16xf32>
// CHECK-NOT: gspmd.all
// CHECK: linalg.generic
// CHECK: tensor.extract %arg0[{{.*}}] : tensor<1000x16xf32>
// CHECK-NOT: gspmd.all
// CHECK: return
func.func @columns_split(%table: tensor<1000x64xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["y"]]>},
                         %ids: tensor<6xi32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"]]>})
    -> (tensor<6x64xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], ["y"]]>}) {
  %c0 = arith.constant 0 : index
  %c999 = arith.constant 999 : index
  %e = tensor.empty() : tensor<6x64xf32>
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<6x64xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %id = tensor.extract %ids[%i] : tensor<6xi32>
    %k = arith.index_cast %id : i32 to index
    %k0 = arith.maxsi %k, %c0 : index
    %row = arith.minsi %k0, %c999 : index
    %v = tensor.extract %table[%row, %j] : tensor<1000x64xf32>
    linalg.yield %v : f32
  } -> tensor<6x64xf32>
  return %r : tensor<6x64xf32>
}

// A table read twice in the body is not a gather read: it is read whole
// (the ids, read once, still are one).
// RULE: rule ([i, j], [i])->([i, j]) {i=6, j=64}
// CHECK-LABEL: func.func @read_twice
// CHECK: %[[T:.*]] = gspmd.all_gather %arg0 on @mesh ["y"] gather_dim = 0
// CHECK: tensor.extract %arg1
// CHECK: tensor.extract %[[T]]
// CHECK: tensor.extract %[[T]]
func.func @read_twice(%table: tensor<1000x64xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>},
                      %ids: tensor<6xi32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"]]>})
    -> (tensor<6x64xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"], []]>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c999 = arith.constant 999 : index
  %e = tensor.empty() : tensor<6x64xf32>
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<6x64xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %id = tensor.extract %ids[%i] : tensor<6xi32>
    %k = arith.index_cast %id : i32 to index
    %k0 = arith.maxsi %k, %c0 : index
    %row = arith.minsi %k0, %c999 : index
    %v = tensor.extract %table[%row, %j] : tensor<1000x64xf32>
    %w = tensor.extract %table[%c1, %j] : tensor<1000x64xf32>
    %s = arith.addf %v, %w : f32
    linalg.yield %s : f32
  } -> tensor<6x64xf32>
  return %r : tensor<6x64xf32>
}

// A reduction body accumulates what it reads: its reads are not gathers
// (masking the yield would drop the accumulator), the table is read whole.
// RULE: rule ([j], [i])->([i]) {i=6, j=64} reduction={j}
// CHECK-LABEL: func.func @summed_rows
// CHECK: %[[IDS:.*]] = gspmd.all_gather %arg1 on @mesh ["x"] gather_dim = 0
// CHECK: %[[T:.*]] = gspmd.all_gather %arg0 on @mesh ["y"] gather_dim = 0
// CHECK: tensor.extract %[[IDS]]
// CHECK: tensor.extract %[[T]]
func.func @summed_rows(%table: tensor<1000x64xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["y"], []]>},
                       %ids: tensor<6xi32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"]]>},
                       %weights: tensor<64xf32>)
    -> (tensor<6xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["x"]]>}) {
  %c0 = arith.constant 0 : index
  %c999 = arith.constant 999 : index
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%weights : tensor<64xf32>) outs(%z : tensor<6xf32>) {
  ^bb0(%wj: f32, %out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %id = tensor.extract %ids[%i] : tensor<6xi32>
    %k = arith.index_cast %id : i32 to index
    %k0 = arith.maxsi %k, %c0 : index
    %row = arith.minsi %k0, %c999 : index
    %v = tensor.extract %table[%row, %j] : tensor<1000x64xf32>
    %p = arith.mulf %v, %wj : f32
    %s = arith.addf %out, %p : f32
    linalg.yield %s : f32
  } -> tensor<6xf32>
  return %r : tensor<6xf32>
}
