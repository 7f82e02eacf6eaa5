// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/round.machine entry=main})' -o /dev/null | FileCheck %s

// Control flow on round.machine: an add of 256 f32 reads 2 x 1024 B and
// writes 1024 B: 3072 B / 1e12 = 3.072e-09 s (256 FLOP / 1e11 is less).
// scf.if costs its longer branch (the else: two adds, 6.144e-09 s), a call
// its callee (one add), a loop of unknown trip count one iteration (one
// add, with a note): 6.144e-09 + 3.072e-09 + 3.072e-09 = 1.2288e-08 s.
// CHECK: step time: 1.2288e-08 s
// CHECK-NEXT: compute: 1.2288e-08 s (1024 FLOP, 12288 B per device)
// Memory: the scf.if's result (1024 B) while its else branch holds two
// buffers of its own (2048 B): 3072 B; the call's result and the loop's
// (written into the call's buffer) never add up to more.
// CHECK: memory per device: arguments 1024 B, constants 0 B, temporaries peak 3072 B
// CHECK-NEXT: note: loops of unknown trip count are counted once

func.func private @callee(%x: tensor<256xf32>) -> tensor<256xf32> {
  %y = arith.addf %x, %x : tensor<256xf32>
  return %y : tensor<256xf32>
}

func.func @main(%c: i1, %n: index, %x: tensor<256xf32>) -> tensor<256xf32> {
  %b = scf.if %c -> tensor<256xf32> {
    %t = arith.addf %x, %x : tensor<256xf32>
    scf.yield %t : tensor<256xf32>
  } else {
    %e1 = arith.addf %x, %x : tensor<256xf32>
    %e2 = arith.mulf %e1, %x : tensor<256xf32>
    scf.yield %e2 : tensor<256xf32>
  }
  %k = func.call @callee(%b) : (tensor<256xf32>) -> tensor<256xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %k) -> tensor<256xf32> {
    %s = arith.subf %a, %x : tensor<256xf32>
    scf.yield %s : tensor<256xf32>
  }
  return %r : tensor<256xf32>
}

// RUN: gspmd-opt %s --pass-pipeline='builtin.module(gspmd-simulate{machine=%S/Inputs/round.machine entry=rec})' -o /dev/null | FileCheck %s --check-prefix=REC
// A recursive call costs nothing (the call inside @rec), with a note: one
// add, 3.072e-09 s.
// REC: step time: 3.072e-09 s
// REC: note: recursive calls (or calls nested deeper than 32) count 0 s
func.func @rec(%c: i1, %x: tensor<256xf32>) -> tensor<256xf32> {
  %y = arith.addf %x, %x : tensor<256xf32>
  %r = scf.if %c -> tensor<256xf32> {
    %z = func.call @rec(%c, %y) : (i1, tensor<256xf32>) -> tensor<256xf32>
    scf.yield %z : tensor<256xf32>
  } else {
    scf.yield %y : tensor<256xf32>
  }
  return %r : tensor<256xf32>
}
