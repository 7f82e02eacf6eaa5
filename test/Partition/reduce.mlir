// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-spmd)' -verify-diagnostics | FileCheck %s

// Reductions over a split dim (linalg.reduce, and generics with a reduction
// loop): each device reduces its shard into a partial result, and the
// reshard to the result's sharding combines the partials with the
// combiner's collective (all_reduce sum/max, or reduce_scatter). Uneven
// dims leave padding in the tail shard, whose contents are arbitrary: before
// the local reduction the input is masked with the combiner's identity (0
// for add, -inf for max) past valid = clamp(D - k * s, 0, s), with a
// linalg.generic comparing linalg.index against it (cmpi slt, select). An
// init that is not the identity is kept on coordinate 0 only. A combiner
// the partitioner does not recognise (or bitwise or/and beyond i1) cannot be
// split: a remark, and the reduced dim is gathered first. A fused body (the
// combiner reads f(input), not the input) splits when the split is even and
// is gathered, with a remark, when padding would reach it.

gspmd.mesh @mesh ["data"=2, "model"=4]

// 8x16 over [[data], [model]], sum over dim 1 (4 per device): local reduce
// of 4x4, all_reduce over model; rows stay over data. The fill is the
// identity: no select.
// CHECK-LABEL: func.func @sum_even(
// CHECK-SAME:    %arg0: tensor<4x4xf32>
// CHECK-SAME:    -> (tensor<4xf32> {gspmd.global_type = tensor<8xf32>, gspmd.sharding = #gspmd.partially_tiled<@mesh, {{\[\[}}"data"]]>})
// CHECK-NOT:     arith.select
// CHECK:         %[[INIT:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %[[RED:.*]] = linalg.reduce ins(%arg0 : tensor<4x4xf32>) outs(%[[INIT]] : tensor<4xf32>) dimensions = [1]
// CHECK:           arith.addf
// CHECK:         %[[R:.*]] = gspmd.all_reduce %[[RED]] on @mesh ["model"] reduce = sum : tensor<4xf32>
// CHECK-NEXT:    return %[[R]]
func.func @sum_even(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> (tensor<8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"]]>}) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %0 = linalg.reduce ins(%x : tensor<8x16xf32>) outs(%acc : tensor<8xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<8xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// 10 over model: 3, 3, 3, 1 (+2 padding). Mask dim 1 with 0.0 beyond
// clamp(10 - m * 3, 0, 3), then reduce and all_reduce.
// CHECK-LABEL: func.func @sum_uneven(
// CHECK-SAME:    %arg0: tensor<4x3xf32> {gspmd.global_type = tensor<8x10xf32>
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C10:.*]] = arith.constant 10 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[INIT:.*]] = linalg.fill
// CHECK-NEXT:    %[[M:.*]] = gspmd.axis_index @mesh ["model"]
// CHECK-NEXT:    %[[OFF:.*]] = arith.muli %[[M]], %[[C3]] : index
// CHECK-NEXT:    %[[LEFT:.*]] = arith.subi %[[C10]], %[[OFF]] : index
// CHECK-NEXT:    %[[MIN:.*]] = arith.minsi %[[LEFT]], %[[C3]] : index
// CHECK-NEXT:    %[[VALID:.*]] = arith.maxsi %[[MIN]], %[[C0]] : index
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<4x3xf32>
// CHECK-NEXT:    %[[MASKED:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]{{.*}} ins(%arg0 : tensor<4x3xf32>) outs(%[[E]] : tensor<4x3xf32>) {
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[I:.*]] = linalg.index 1 : index
// CHECK-NEXT:      %[[KEEP:.*]] = arith.cmpi slt, %[[I]], %[[VALID]] : index
// CHECK-NEXT:      %[[V:.*]] = arith.select %[[KEEP]], %[[IN]], %[[ZERO]] : f32
// CHECK-NEXT:      linalg.yield %[[V]] : f32
// CHECK-NEXT:    } -> tensor<4x3xf32>
// CHECK-NEXT:    %[[RED:.*]] = linalg.reduce ins(%[[MASKED]] : tensor<4x3xf32>) outs(%[[INIT]] : tensor<4xf32>) dimensions = [1]
// CHECK:         %[[R:.*]] = gspmd.all_reduce %[[RED]] on @mesh ["model"] reduce = sum : tensor<4xf32>
// CHECK-NEXT:    return %[[R]]
func.func @sum_uneven(%x: tensor<8x10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> (tensor<8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"]]>}) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %0 = linalg.reduce ins(%x : tensor<8x10xf32>) outs(%acc : tensor<8xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<8xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Max over the same uneven dim: the mask value is -inf (0xFF800000), the
// init fill of -inf is the identity (no select), all_reduce max.
// CHECK-LABEL: func.func @max_uneven(
// CHECK-SAME:    %arg0: tensor<4x3xf32>
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C10:.*]] = arith.constant 10 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK-NOT:     arith.select {{.*}} : tensor
// CHECK:         %[[INIT:.*]] = linalg.fill ins(%[[NINF]] : f32)
// CHECK-NEXT:    %[[M:.*]] = gspmd.axis_index @mesh ["model"]
// CHECK-NEXT:    %[[OFF:.*]] = arith.muli %[[M]], %[[C3]] : index
// CHECK-NEXT:    %[[LEFT:.*]] = arith.subi %[[C10]], %[[OFF]] : index
// CHECK-NEXT:    %[[MIN:.*]] = arith.minsi %[[LEFT]], %[[C3]] : index
// CHECK-NEXT:    %[[VALID:.*]] = arith.maxsi %[[MIN]], %[[C0]] : index
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<4x3xf32>
// CHECK-NEXT:    %[[MASKED:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<4x3xf32>) outs(%[[E]] : tensor<4x3xf32>) {
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[I:.*]] = linalg.index 1 : index
// CHECK-NEXT:      %[[KEEP:.*]] = arith.cmpi slt, %[[I]], %[[VALID]] : index
// CHECK-NEXT:      %[[V:.*]] = arith.select %[[KEEP]], %[[IN]], %[[NINF]] : f32
// CHECK-NEXT:      linalg.yield %[[V]] : f32
// CHECK-NEXT:    } -> tensor<4x3xf32>
// CHECK-NEXT:    %[[RED:.*]] = linalg.reduce ins(%[[MASKED]] : tensor<4x3xf32>) outs(%[[INIT]] : tensor<4xf32>) dimensions = [1]
// CHECK:           arith.maximumf
// CHECK:         %[[R:.*]] = gspmd.all_reduce %[[RED]] on @mesh ["model"] reduce = max : tensor<4xf32>
// CHECK-NEXT:    return %[[R]]
func.func @max_uneven(%x: tensor<8x10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> (tensor<8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"]]>}) {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<8xf32>
  %acc = linalg.fill ins(%ninf : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %0 = linalg.reduce ins(%x : tensor<8x10xf32>) outs(%acc : tensor<8xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %s = arith.maximumf %in, %init : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<8xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Max from an init of 0.0 (not the identity of max): model coordinate 0
// starts from the init, the others from -inf, so max(0, x...) comes out
// once, whatever the split.
// CHECK-LABEL: func.func @max_init(
// CHECK-DAG:     %[[NINFS:.*]] = arith.constant dense<0xFF800000> : tensor<4xf32>
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[INIT:.*]] = linalg.fill
// CHECK-NEXT:    %[[M:.*]] = gspmd.axis_index @mesh ["model"]
// CHECK-NEXT:    %[[FIRST:.*]] = arith.cmpi eq, %[[M]], %[[C0]] : index
// CHECK-NEXT:    %[[SEL:.*]] = arith.select %[[FIRST]], %[[INIT]], %[[NINFS]] : tensor<4xf32>
// CHECK-NEXT:    %[[RED:.*]] = linalg.reduce ins(%arg0 : tensor<4x4xf32>) outs(%[[SEL]] : tensor<4xf32>) dimensions = [1]
// CHECK:         gspmd.all_reduce %[[RED]] on @mesh ["model"] reduce = max : tensor<4xf32>
func.func @max_init(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> (tensor<8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"]]>}) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %0 = linalg.reduce ins(%x : tensor<8x16xf32>) outs(%acc : tensor<8xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %s = arith.maximumf %in, %init : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<8xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Two axes on the reduced dim, model major: 13 over 8 is 2 (shard 6 has 1
// valid, shard 7 none); the coordinate for the mask and the all_reduce group
// are both [model, data].
// CHECK-LABEL: func.func @sum_uneven_two_axes(
// CHECK-SAME:    %arg0: tensor<4x2xf32> {gspmd.global_type = tensor<4x13xf32>
// CHECK-DAG:     %[[C13:.*]] = arith.constant 13 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK:         %[[K:.*]] = gspmd.axis_index @mesh ["model", "data"]
// CHECK-NEXT:    %[[OFF:.*]] = arith.muli %[[K]], %[[C2]] : index
// CHECK-NEXT:    %[[LEFT:.*]] = arith.subi %[[C13]], %[[OFF]] : index
// CHECK-NEXT:    %[[MIN:.*]] = arith.minsi %[[LEFT]], %[[C2]] : index
// CHECK-NEXT:    %[[VALID:.*]] = arith.maxsi %[[MIN]], %{{.*}} : index
// CHECK:           %[[I:.*]] = linalg.index 1 : index
// CHECK-NEXT:      arith.cmpi slt, %[[I]], %[[VALID]] : index
// CHECK:         %[[RED:.*]] = linalg.reduce
// CHECK:         gspmd.all_reduce %[[RED]] on @mesh ["model", "data"] reduce = sum : tensor<4xf32>
func.func @sum_uneven_two_axes(%x: tensor<4x13xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [[], ["model", "data"]]>})
    -> (tensor<4xf32> {gspmd.sharding = #gspmd.replicated}) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %0 = linalg.reduce ins(%x : tensor<4x13xf32>) outs(%acc : tensor<4xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<4xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// The result splits the surviving dim by the same axis the reduced dim was
// split by: each device sums its 4 columns for all 16 rows, reduce_scatter
// keeps rows [4m, +4).
// CHECK-LABEL: func.func @sum_reduce_scatter(
// CHECK-SAME:    %arg0: tensor<16x4xf32>
// CHECK-SAME:    -> (tensor<4xf32> {gspmd.global_type = tensor<16xf32>
// CHECK:         %[[RED:.*]] = linalg.reduce ins(%arg0 : tensor<16x4xf32>) outs(%{{.*}} : tensor<16xf32>) dimensions = [1]
// CHECK:         %[[R:.*]] = gspmd.reduce_scatter %[[RED]] on @mesh ["model"] reduce = sum scatter_dim = 0 : tensor<16xf32> -> tensor<4xf32>
// CHECK-NEXT:    return %[[R]]
func.func @sum_reduce_scatter(%x: tensor<16x16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>})
    -> (tensor<16xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["model"]]>}) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %0 = linalg.reduce ins(%x : tensor<16x16xf32>) outs(%acc : tensor<16xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<16xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// out = out - in is not an associative combiner with a collective: the
// reduced dim is gathered (all_gather over model on dim 1) and reduced
// whole; rows stay over data.
// CHECK-LABEL: func.func @unknown_combiner(
// CHECK-SAME:    %arg0: tensor<4x4xf32>
// CHECK:         %[[G:.*]] = gspmd.all_gather %arg0 on @mesh ["model"] gather_dim = 1 : tensor<4x4xf32> -> tensor<4x16xf32>
// CHECK-NEXT:    %[[RED:.*]] = linalg.generic {{.*}} ins(%[[G]] : tensor<4x16xf32>) outs(%{{.*}} : tensor<4xf32>)
// CHECK:           arith.subf
// CHECK-NOT:     gspmd.all_reduce
// CHECK:         return %[[RED]]
func.func @unknown_combiner(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> (tensor<8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"]]>}) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  // expected-remark@+1 {{gspmd-partition: 'linalg.generic' splits a reduction whose combiner is not recognised; the reduced dims are gathered}}
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                       iterator_types = ["parallel", "reduction"]}
    ins(%x : tensor<8x16xf32>) outs(%acc : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %s = arith.subf %out, %in : f32
      linalg.yield %s : f32
    } -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// A fused body (sum of exp) over an even split: no padding, so nothing to
// mask; the local generic keeps its body and the partials are all_reduced.
// CHECK-LABEL: func.func @fused_body_even(
// CHECK-SAME:    %arg0: tensor<4x4xf32>
// CHECK:         %[[RED:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<4x4xf32>) outs(%{{.*}} : tensor<4xf32>)
// CHECK:           math.exp
// CHECK:           arith.addf
// CHECK:         %[[R:.*]] = gspmd.all_reduce %[[RED]] on @mesh ["model"] reduce = sum : tensor<4xf32>
// CHECK-NEXT:    return %[[R]]
func.func @fused_body_even(%x: tensor<8x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> (tensor<8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"]]>}) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                       iterator_types = ["parallel", "reduction"]}
    ins(%x : tensor<8x16xf32>) outs(%acc : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %ex = math.exp %in : f32
      %s = arith.addf %ex, %out : f32
      linalg.yield %s : f32
    } -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// The same over 10 cols (3, 3, 3, 1 + padding): exp(padding) would reach
// the sum and 0 is not a neutral input of exp, so the input cannot be masked:
// a remark, and the cols are gathered (all 12, padding dropped) before the
// reduction.
// CHECK-LABEL: func.func @fused_body_uneven(
// CHECK-SAME:    %arg0: tensor<4x3xf32>
// CHECK:         %[[G:.*]] = gspmd.all_gather %arg0 on @mesh ["model"] gather_dim = 1 : tensor<4x3xf32> -> tensor<4x12xf32>
// CHECK-NEXT:    %[[U:.*]] = tensor.extract_slice %[[G]][0, 0] [4, 10] [1, 1] : tensor<4x12xf32> to tensor<4x10xf32>
// CHECK-NEXT:    %[[RED:.*]] = linalg.generic {{.*}} ins(%[[U]] : tensor<4x10xf32>) outs(%{{.*}} : tensor<4xf32>)
// CHECK-NOT:     gspmd.all_reduce
// CHECK:         return %[[RED]]
func.func @fused_body_uneven(%x: tensor<8x10xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> (tensor<8xf32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"]]>}) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  // expected-remark@+1 {{gspmd-partition: 'linalg.generic' splits a reduction unevenly whose padding cannot be masked; the reduced dims are gathered}}
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                       iterator_types = ["parallel", "reduction"]}
    ins(%x : tensor<8x10xf32>) outs(%acc : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %ex = math.exp %in : f32
      %s = arith.addf %ex, %out : f32
      linalg.yield %s : f32
    } -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

gspmd.mesh @mesh ["data"=2, "model"=4]

// Bitwise or/and are sum/prod (the runtime's or/and) only on i1. On i1 the
// padding is masked with false (the identity of or) and the partials
// combined with reduce = sum; on i32 there is no collective for a bitwise
// or: a remark, and the reduced dim is gathered.
// CHECK-LABEL: func.func @or_i1(
// CHECK-SAME:    %arg0: tensor<4x3xi1>
// CHECK-DAG:     %[[FALSE:.*]] = arith.constant false
// CHECK:           %[[I:.*]] = linalg.index 1 : index
// CHECK-NEXT:      %[[KEEP:.*]] = arith.cmpi slt, %[[I]], %{{.*}} : index
// CHECK-NEXT:      arith.select %[[KEEP]], %{{.*}}, %[[FALSE]] : i1
// CHECK:         %[[RED:.*]] = linalg.reduce
// CHECK:           arith.ori
// CHECK:         gspmd.all_reduce %[[RED]] on @mesh ["model"] reduce = sum : tensor<4xi1>
// CHECK-LABEL: func.func @or_i32(
// CHECK-SAME:    %arg0: tensor<4x4xi32>
// CHECK:         %[[G:.*]] = gspmd.all_gather %arg0 on @mesh ["model"] gather_dim = 1 : tensor<4x4xi32> -> tensor<4x16xi32>
// CHECK-NEXT:    %[[RED:.*]] = linalg.reduce ins(%[[G]] : tensor<4x16xi32>)
// CHECK-NOT:     gspmd.all_reduce
// CHECK:         return %[[RED]]
func.func @or_i1(%x: tensor<8x10xi1> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> (tensor<8xi1> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"]]>}) {
  %f = arith.constant false
  %e = tensor.empty() : tensor<8xi1>
  %acc = linalg.fill ins(%f : i1) outs(%e : tensor<8xi1>) -> tensor<8xi1>
  %0 = linalg.reduce ins(%x : tensor<8x10xi1>) outs(%acc : tensor<8xi1>) dimensions = [1]
    (%in: i1, %init: i1) {
      %s = arith.ori %in, %init : i1
      linalg.yield %s : i1
    }
  return %0 : tensor<8xi1>
}
func.func @or_i32(%x: tensor<8x16xi32> {gspmd.sharding = #gspmd.tiled<@mesh, [["data"], ["model"]]>})
    -> (tensor<8xi32> {gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"]]>}) {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<8xi32>
  %acc = linalg.fill ins(%zero : i32) outs(%e : tensor<8xi32>) -> tensor<8xi32>
  // expected-remark@+1 {{gspmd-partition: 'linalg.reduce' splits a reduction whose combiner is not recognised; the reduced dims are gathered}}
  %0 = linalg.reduce ins(%x : tensor<8x16xi32>) outs(%acc : tensor<8xi32>) dimensions = [1]
    (%in: i32, %init: i32) {
      %s = arith.ori %in, %init : i32
      linalg.yield %s : i32
    }
  return %0 : tensor<8xi32>
}
