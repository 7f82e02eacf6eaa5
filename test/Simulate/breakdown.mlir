// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/round.machine entry=step detail=true})' -o /dev/null | FileCheck %s --check-prefix=STEP
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/round.machine entry=overlap})' -o /dev/null | FileCheck %s --check-prefix=NONE
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/round.machine entry=overlap overlap=scheduled})' -o /dev/null | FileCheck %s --check-prefix=SCHED
// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/round.machine entry=loop})' -o /dev/null | FileCheck %s --check-prefix=LOOP

// Hand-written SPMD programs (what gspmd-spmd prints) on round.machine:
// contractions 1e12 FLOP/s, other ops 1e11 FLOP/s, memory 1e12 B/s, links
// 1e9 B/s through a switch, 1e-6 s per ring step. An op takes
// max(FLOPs / peak, bytes / 1e12); a collective steps * 1e-6 + sent / 1e9.

gspmd.mesh @mesh ["x"=4]

// fill:   writes 64x32xf32 = 8192 B (its init is not read): 8.192e-09 s.
// matmul: 2 * 64 * 32 * 128 = 524288 FLOP -> 5.24288e-07 s; reads A 32768,
//         B 16384, the accumulator 8192, writes 8192 = 65536 B (6.5536e-08
//         s): compute-bound.
// addf:   2048 FLOP / 1e11 = 2.048e-08 s; 3 * 8192 B = 2.4576e-08 s.
// all_reduce over 4: sends 2 * 8192 * 3/4 = 12288 B in 2 * 3 ring steps:
//         6e-6 + 12288 / 1e9 = 1.8288e-05 s.
// STEP: gspmd-simulate: ops of one device (seconds per run)
// STEP-NEXT:   linalg.fill: 0 FLOP, 8192 B, 8.192e-09 s (memory)
// STEP-NEXT:   linalg.matmul: 524288 FLOP, 65536 B, 5.24288e-07 s (compute)
// STEP-NEXT:   arith.addf: 2048 FLOP, 24576 B, 2.4576e-08 s (memory)
// STEP-NEXT:   all_reduce group 4: sent 12288 B, 1.8288e-05 s
// STEP-NEXT: gspmd-simulate: @step on round, 4 devices, overlap none
// compute 8.192e-09 + 5.24288e-07 + 2.4576e-08 = 5.57056e-07; step adds
// the all_reduce: 1.8845056e-05.
// STEP-NEXT: step time: 1.88451e-05 s
// STEP-NEXT:   compute: 5.57056e-07 s (526336 FLOP, 98304 B per device)
// STEP-NEXT:   all_reduce: 1.8288e-05 s (1 call, 12288 B sent)
// STEP-NEXT:   communication: 1.8288e-05 s, exposed 1.8288e-05 s, hidden 0 s
// No gspmd.model_flops: 526336 FLOP x 4 devices = 2105344, over
// 1.8845056e-05 s x 4 x 1e12 FLOP/s = 2.793%.
// STEP-NEXT: model FLOPs: 2.10534e+06 (per-device FLOPs x devices); utilisation 2.793% of 4 x 1e+12 FLOP/s
// Arguments 32768 + 16384. Buffers: the empty tensor, filled and
// accumulated into in place (8192 B, live until addf reads the matmul),
// addf's result (8192) and the all_reduce's (8192): two live at once.
// STEP-NEXT: memory per device: arguments 49152 B, constants 0 B, temporaries peak 16384 B, total 65536 B of 1e+06 B (fits)
func.func @step(%a: tensor<64x128xf32>, %b: tensor<128x32xf32>) -> tensor<64x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x32xf32>) -> tensor<64x32xf32>
  %m = linalg.matmul ins(%a, %b : tensor<64x128xf32>, tensor<128x32xf32>) outs(%f : tensor<64x32xf32>) -> tensor<64x32xf32>
  %r = arith.addf %m, %m : tensor<64x32xf32>
  %s = gspmd.all_reduce %r on @mesh ["x"] reduce = sum : tensor<64x32xf32>
  return %s : tensor<64x32xf32>
}

// The same ops, the all_reduce now of an argument, independent of the
// matmul. overlap=none: 1.8288e-05 + 8.192e-09 + 5.24288e-07 + 2.4576e-08
// = 1.8845056e-05, all of the communication exposed.
// NONE: step time: 1.88451e-05 s
// NONE: communication: 1.8288e-05 s, exposed 1.8288e-05 s, hidden 0 s
// overlap=scheduled: the fill and the matmul (5.3248e-07 s) run while the
// all_reduce does; addf waits for it: 1.8288e-05 + 2.4576e-08 =
// 1.8312576e-05. Exposed = step - compute = 1.775552e-05; hidden = the
// rest of the all_reduce, 5.3248e-07.
// SCHED: gspmd-simulate: @overlap on round, 4 devices, overlap scheduled
// SCHED-NEXT: step time: 1.83126e-05 s
// SCHED: communication: 1.8288e-05 s, exposed 1.77555e-05 s, hidden 5.3248e-07 s
func.func @overlap(%a: tensor<64x128xf32>, %b: tensor<128x32xf32>, %x: tensor<64x32xf32>) -> (tensor<64x32xf32>, tensor<64x32xf32>) {
  %s = gspmd.all_reduce %x on @mesh ["x"] reduce = sum : tensor<64x32xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x32xf32>) -> tensor<64x32xf32>
  %m = linalg.matmul ins(%a, %b : tensor<64x128xf32>, tensor<128x32xf32>) outs(%f : tensor<64x32xf32>) -> tensor<64x32xf32>
  %r = arith.addf %m, %s : tensor<64x32xf32>
  return %r, %m : tensor<64x32xf32>, tensor<64x32xf32>
}

// A loop of 8 trips: a permute of 1024 B (1 hop through the switch:
// 1e-6 + 1024 / 1e9 = 2.024e-06 s) and an add of 256 elements (3072 B:
// 3.072e-09 s) per trip: 8 * 2.027072e-06 = 1.6216576e-05.
// LOOP: step time: 1.62166e-05 s
// LOOP-NEXT: compute: 2.4576e-08 s (2048 FLOP, 24576 B per device)
// LOOP-NEXT: collective_permute: 1.6192e-05 s (8 calls, 8192 B sent)
// LOOP-NOT: note
func.func @loop(%x: tensor<256xf32>) -> tensor<256xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %x) -> tensor<256xf32> {
    %p = gspmd.collective_permute %a on @mesh ["x"] shift = 1 : tensor<256xf32>
    %q = arith.addf %p, %a : tensor<256xf32>
    scf.yield %q : tensor<256xf32>
  }
  return %r : tensor<256xf32>
}
