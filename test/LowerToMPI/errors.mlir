// RUN: gspmd-opt %s -split-input-file --pass-pipeline='builtin.module(gspmd-lower-to-mpi)' -verify-diagnostics -o /dev/null

// What gspmd-lower-to-mpi refuses, each with an error at the op.

gspmd.mesh @mesh ["x"=2]

func.func @halo(%x: tensor<8xf32>) -> tensor<11xf32> {
  // expected-error @below {{gspmd.halo_exchange is not lowered here; run gspmd-halo-exchange first}}
  %h = gspmd.halo_exchange %x on @mesh ["x"] dim = 0 halo = [1, 2] size = 16 : tensor<8xf32> -> tensor<11xf32>
  return %h : tensor<11xf32>
}

// -----

gspmd.mesh @mesh ["x"=2]

func.func @i16(%x: tensor<8xi16>) -> tensor<8xi16> {
  // expected-error @below {{unsupported element type (supported: f32, f64, f16, bf16, i1, i8, i32, i64)}}
  %r = gspmd.all_reduce %x on @mesh ["x"] reduce = sum : tensor<8xi16>
  return %r : tensor<8xi16>
}

// -----

gspmd.mesh @mesh ["x"=2]

func.func @dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @below {{collectives need static tensor shapes}}
  %r = gspmd.all_reduce %x on @mesh ["x"] reduce = sum : tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

func.func @softmax_dynamic(%x: tensor<?x4xf32>, %o: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // expected-error @below {{linalg.softmax needs a static float tensor}}
  %s = linalg.softmax dimension(1) ins(%x : tensor<?x4xf32>) outs(%o : tensor<?x4xf32>) -> tensor<?x4xf32>
  return %s : tensor<?x4xf32>
}

// -----

gspmd.mesh @mesh ["x"=2]

func.func @manual(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @below {{gspmd.manual_computation is not lowered here; run gspmd-partition (the SPMD program) or gspmd-simulate-manual (its global meaning) first}}
  %r = gspmd.manual_computation(%x) on @mesh manual_axes = ["x"]
      in_shardings = [#gspmd.tiled<@mesh, [["x"]]>]
      out_shardings = [#gspmd.tiled<@mesh, [["x"]]>] {
  ^bb0(%l: tensor<4xf32>):
    %p = gspmd.collective_permute %l on @mesh ["x"] shift = 1 wrap : tensor<4xf32>
    gspmd.manual_yield %p : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}
