/*
 * RelaxReductions.c - gspmd-relax-reductions: the float sum or product a
 * linalg reduction accumulates may be reassociated (a strict
 * left-to-right sum is one add per element on the critical path, so LLVM
 * leaves the loop scalar; reassociated, it keeps vector partial sums).
 *
 * For every linalg.generic with a reduction loop, each yielded value that
 * is an arith.addf or arith.mulf of its own accumulator (the output's block
 * argument) gets fastmath<reassoc>. Nothing else changes: the order of a
 * sum is not part of a program's meaning here (the partitioned program
 * already sums in another order, in partial sums and all_reduce, and
 * gspmd-run --check allows for it); max, min and integer combiners are
 * exact in any order and need nothing. Ops that already carry fast-math
 * flags keep theirs.
 *
 * Assumes tensors (linalg ops with results; the lowering to LLVM of
 * include/gspmd/passes.h runs it after gspmd-fuse-elementwise, before
 * bufferization).
 */
#include "gspmd/combiner.h"
#include "gspmd/passes.h"
#include "gspmd/support.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Linalg.h"

#include <string.h>

static bool hasReductionLoop(MlirOperation op) {
  bool reduction[64];
  int n = gspmdLinalgLoops(op, reduction, 64);
  for (int i = 0; i < n; ++i)
    if (i >= 64 || reduction[i])
      return true; /* past 64 loops: assume one reduces */
  return false;
}

/* The float add or multiply output k of `body` accumulates with, or null. */
static MlirOperation floatAccumulation(MlirBlock body, int k) {
  MlirValue x;
  MlirOperation c = gspmdMatchCombine(body, k, &x);
  GspmdCombiner kind = gspmdCombinerOfOp(c);
  if ((kind != GSPMD_COMBINER_ADD && kind != GSPMD_COMBINER_MUL) ||
      !mlirTypeIsAFloat(mlirValueGetType(mlirOperationGetResult(c, 0))))
    return (MlirOperation){NULL};
  return c;
}

static void relax(MlirOperation generic) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(generic, 0));
  intptr_t results = mlirOperationGetNumResults(generic);
  intptr_t args = mlirBlockGetNumArguments(body);
  MlirContext ctx = mlirOperationGetContext(generic);
  for (intptr_t k = 0; k < results && k < args; ++k) {
    MlirOperation combiner = floatAccumulation(body, (int)k);
    if (mlirOperationIsNull(combiner))
      continue;
    MlirAttribute flags =
        mlirOperationGetAttributeByName(combiner, gspmdStr("fastmath"));
    if (!mlirAttributeIsNull(flags) &&
        !mlirAttributeEqual(flags, gspmdFastMathAttr(ctx, false)))
      continue;
    mlirOperationSetAttributeByName(combiner, gspmdStr("fastmath"),
                                    gspmdFastMathAttr(ctx, true));
  }
}

static MlirWalkResult visit(MlirOperation op, void *user) {
  (void)user;
  if (gspmdStringRefEq(gspmdOpName(op), "linalg.generic") &&
      mlirOperationGetNumResults(op) > 0 && hasReductionLoop(op))
    relax(op);
  return MlirWalkResultAdvance;
}

void gspmdRelaxReductionsPassRun(MlirOperation module, MlirExternalPass pass,
                                 void *user) {
  (void)pass;
  (void)user;
  mlirOperationWalk(module, visit, NULL, MlirWalkPreOrder);
}
