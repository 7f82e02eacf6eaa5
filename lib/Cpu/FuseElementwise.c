/*
 * FuseElementwise.c - gspmd-fuse-elementwise: chains of elementwise linalg
 * ops on tensors become one loop nest (one pass over memory instead of one
 * per op, and no intermediate buffers).
 *
 * A linalg.generic producer read by one consumer without reduction loops,
 * through a permutation of its loops (not a broadcast), is fused into it
 * (upstream's elementwise fusion patterns, with that control:
 * gspmdFuseElementwiseLinalg in lib/CAPI/CpuCodegen.cpp). Contractions
 * and reductions are never consumers, so their bodies stay what
 * gspmd-lower-contractions matches, and a value read twice is not computed
 * twice. Every element gets the same operations in the same order, so
 * results are bit for bit those of the unfused loops.
 *
 * Assumes tensors (run after convert-elementwise-to-linalg and
 * linalg-generalize-named-ops, before bufferization: the lowering to LLVM
 * of include/gspmd/passes.h).
 */
#include "gspmd/passes.h"
#include "gspmd/support.h"

#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/Linalg.h"

void gspmdFuseElementwisePassRun(MlirOperation module, MlirExternalPass pass,
                                 void *user) {
  (void)user;
  if (!gspmdFuseElementwiseLinalg(module))
    mlirExternalPassSignalFailure(pass);
}
