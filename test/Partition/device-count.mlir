// RUN: sed -e 's/@N@/2/' -e 's/@ROWS@/8/g' %s \
// RUN:   | gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd)' | FileCheck %s
// RUN: sed -e 's/@N@/65536/' -e 's/@ROWS@/262144/g' %s \
// RUN:   | gspmd-opt --pass-pipeline='builtin.module(gspmd-spmd)' | FileCheck %s

// The partitioned program does not grow with the device count (DESIGN
// section 2: collectives name a mesh and axes, never device lists; offsets
// come from gspmd.axis_index at run time). The same program, 4 rows per
// device, on a 2-device mesh (8 rows) and on a 65,536-device mesh (262,144
// rows) must give the same IR line for line: only the mesh size and the
// global types differ (matched by regex below), every local type, index
// constant and collective is identical. Each CHECK-NEXT below holds for
// both RUN lines.

gspmd.mesh @mesh ["x"=@N@]

// A data-parallel step: a local matmul, a replicated bias sliced at x * 4,
// a position (linalg.index 0 + x * 4), and a sum over the batch
// (all_reduce over x).
// CHECK:       gspmd.mesh @mesh ["x"={{2|65536}}]
// CHECK-NEXT:  func.func @step(
// CHECK-SAME:    %arg0: tensor<4x16xf32> {gspmd.global_type = tensor<{{8|262144}}x16xf32>, gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"x"], []]>}
// CHECK-SAME:    %arg1: tensor<16x8xf32> {gspmd.global_type = tensor<16x8xf32>, gspmd.sharding = #gspmd.replicated}
// CHECK-SAME:    %arg2: tensor<[[ROWS:8|262144]]x8xf32> {gspmd.global_type = tensor<[[ROWS]]x8xf32>, gspmd.sharding = #gspmd.replicated}
// CHECK-SAME:    -> (tensor<4x8xf32> {gspmd.global_type = tensor<[[ROWS]]x8xf32>, gspmd.sharding = #gspmd.tiled<@mesh, {{\[\[}}"x"], []]>}
// CHECK-SAME:        tensor<8xf32> {gspmd.global_type = tensor<8xf32>, gspmd.sharding = #gspmd.replicated})
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK-NEXT:    %[[F:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E]] : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT:    %[[MM:.*]] = linalg.matmul ins(%arg0, %arg1 : tensor<4x16xf32>, tensor<16x8xf32>) outs(%[[F]] : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT:    %[[X:.*]] = gspmd.axis_index @mesh ["x"]
// CHECK-NEXT:    %[[OFF:.*]] = arith.muli %[[X]], %[[C4]] : index
// CHECK-NEXT:    %[[B:.*]] = tensor.extract_slice %arg2[%[[OFF]], 0] [4, 8] [1, 1] : tensor<[[ROWS]]x8xf32> to tensor<4x8xf32>
// CHECK-NEXT:    %[[H:.*]] = arith.addf %[[MM]], %[[B]] : tensor<4x8xf32>
// CHECK-NEXT:    %[[POS:.*]] = linalg.generic {{.*}} ins(%[[H]] : tensor<4x8xf32>) outs(%[[E]] : tensor<4x8xf32>) {
// CHECK-NEXT:    ^bb0(%{{.*}}: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[I:.*]] = linalg.index 0 : index
// CHECK-NEXT:      %[[GI:.*]] = arith.addi %[[I]], %[[OFF]] : index
// CHECK-NEXT:      arith.index_cast %[[GI]] : index to i64
// CHECK-NEXT:      arith.sitofp
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      linalg.yield
// CHECK-NEXT:    } -> tensor<4x8xf32>
// CHECK-NEXT:    %[[E8:.*]] = tensor.empty() : tensor<8xf32>
// CHECK-NEXT:    %[[F8:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E8]] : tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT:    %[[RED:.*]] = linalg.reduce ins(%[[POS]] : tensor<4x8xf32>) outs(%[[F8]] : tensor<8xf32>) dimensions = [0]
// CHECK-NEXT:      (%{{.*}}: f32, %{{.*}}: f32) {
// CHECK-NEXT:        arith.addf
// CHECK-NEXT:        linalg.yield
// CHECK-NEXT:      }
// CHECK-NEXT:    %[[SUM:.*]] = gspmd.all_reduce %[[RED]] on @mesh ["x"] reduce = sum : tensor<8xf32>
// CHECK-NEXT:    return %[[POS]], %[[SUM]] : tensor<4x8xf32>, tensor<8xf32>
// CHECK-NEXT:  }
func.func @step(%x: tensor<@ROWS@x16xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>},
                %w: tensor<16x8xf32> {gspmd.sharding = #gspmd.replicated},
                %b: tensor<@ROWS@x8xf32> {gspmd.sharding = #gspmd.replicated})
    -> (tensor<@ROWS@x8xf32> {gspmd.sharding = #gspmd.tiled<@mesh, [["x"], []]>},
        tensor<8xf32> {gspmd.sharding = #gspmd.replicated}) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<@ROWS@x8xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<@ROWS@x8xf32>) -> tensor<@ROWS@x8xf32>
  %h = linalg.matmul ins(%x, %w : tensor<@ROWS@x16xf32>, tensor<16x8xf32>)
                     outs(%acc : tensor<@ROWS@x8xf32>) -> tensor<@ROWS@x8xf32>
  %hb = arith.addf %h, %b : tensor<@ROWS@x8xf32>
  %pos = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
    ins(%hb : tensor<@ROWS@x8xf32>) outs(%e : tensor<@ROWS@x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %i = linalg.index 0 : index
      %v = arith.index_cast %i : index to i64
      %f = arith.sitofp %v : i64 to f32
      %s = arith.addf %in, %f : f32
      linalg.yield %s : f32
    } -> tensor<@ROWS@x8xf32>
  %e8 = tensor.empty() : tensor<8xf32>
  %acc8 = linalg.fill ins(%zero : f32) outs(%e8 : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.reduce ins(%pos : tensor<@ROWS@x8xf32>) outs(%acc8 : tensor<8xf32>) dimensions = [0]
    (%in: f32, %a: f32) {
      %t = arith.addf %in, %a : f32
      linalg.yield %t : f32
    }
  return %pos, %sum : tensor<@ROWS@x8xf32>, tensor<8xf32>
}
