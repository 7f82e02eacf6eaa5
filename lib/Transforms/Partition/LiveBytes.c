/*
 * LiveBytes.c - what else a device holds while one op runs, for the memory
 * budget of gspmd-partition's strategies (Strategy.c) and gspmd-auto-shard's
 * memory rows: the bytes of the values live across the op. A function's
 * arguments always count: the caller owns them, so a weight is held for the
 * whole call (as gspmd-simulate and gspmd-run count it), not freed after its
 * last use. Any other value counts when it is defined before the op (or
 * before an op enclosing it: a result of an earlier op of the same block, or
 * an argument of that block) and is used after it (by a later op of that
 * block or one nested in it, or inside an enclosing op other than the op
 * itself, e.g. later in a loop body). Neither counts when the op reads it,
 * as an operand or in its regions (the strategy counts those under each
 * plan). Its size is
 * what the caller says (the partitioner: the local value standing for it); the
 * caller returns a negative size for values it does not track.
 *
 * Assumes: the IR above the op is structured (regions with one block, as
 * the partitioner requires). It does not see buffers the later lowering
 * may reuse or free early, nor the temporaries of other ops: it is the
 * program's live tensors at the op, in program order. Costs O(ops before
 * the op) per call; the partitioner calls it for contractions only, and
 * only under a budget.
 */
#include "partition.h"

/* op reads v: as an operand, or in its regions (a gather's table, a
 * loop's captured weight), which the strategy counts among its tensors. */
static bool readBy(MlirValue v, MlirOperation op) {
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u))
    for (MlirOperation o = mlirOpOperandGetOwner(u); !mlirOperationIsNull(o);
         o = mlirOperationGetParentOperation(o))
      if (mlirOperationEqual(o, op))
        return true;
  return false;
}

/* v (defined in `block` before `at`) is read after `at`, or inside `at`
 * when `at` encloses the op. */
static bool usedAfter(MlirValue v, MlirBlock block, MlirOperation at,
                      MlirOperation op) {
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation owner = mlirOpOperandGetOwner(u);
    if (mlirOperationEqual(owner, op))
      continue;
    MlirOperation a = gspmdAncestorIn(owner, block);
    if (mlirOperationIsNull(a))
      continue;
    if (mlirOperationEqual(a, at) ? !mlirOperationEqual(at, op)
                                  : mlirOperationIsBeforeInBlock(at, a))
      return true;
  }
  return false;
}

/* A function's arguments are held for the whole call: the caller owns
 * them (a weight is not freed after its last use). */
static bool isFunctionArgument(MlirValue v, MlirBlock block) {
  if (!mlirValueIsABlockArgument(v))
    return false;
  MlirOperation parent = mlirBlockGetParentOperation(block);
  return !mlirOperationIsNull(parent) &&
         gspmdStringRefEq(gspmdOpName(parent), "func.func");
}

static int64_t countValue(MlirValue v, MlirBlock block, MlirOperation at,
                          MlirOperation op, GspmdLocalBytesFn bytes_of,
                          void *user) {
  if (readBy(v, op) ||
      (!isFunctionArgument(v, block) && !usedAfter(v, block, at, op)))
    return 0;
  int64_t n = bytes_of(user, v);
  return n > 0 ? n : 0;
}

int64_t gspmdLiveBytesAcross(MlirOperation op, GspmdLocalBytesFn bytes_of,
                             void *user) {
  int64_t total = 0;
  for (MlirOperation at = op; !mlirOperationIsNull(at);) {
    MlirBlock block = mlirOperationGetBlock(at);
    if (mlirBlockIsNull(block))
      break;
    for (intptr_t i = 0; i < mlirBlockGetNumArguments(block); ++i)
      total += countValue(mlirBlockGetArgument(block, i), block, at, op,
                          bytes_of, user);
    for (MlirOperation x = mlirBlockGetFirstOperation(block);
         !mlirOperationIsNull(x) && !mlirOperationEqual(x, at);
         x = mlirOperationGetNextInBlock(x))
      for (intptr_t i = 0; i < mlirOperationGetNumResults(x); ++i)
        total += countValue(mlirOperationGetResult(x, i), block, at, op,
                            bytes_of, user);
    at = mlirBlockGetParentOperation(block);
  }
  return total;
}
