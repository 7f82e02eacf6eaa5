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

static bool encloses(MlirOperation op, MlirOperation o) {
  for (; !mlirOperationIsNull(o); o = mlirOperationGetParentOperation(o))
    if (mlirOperationEqual(o, op))
      return true;
  return false;
}

/* One walk of v's uses (v defined in `block` before `at`): whether op reads
 * it, as an operand or in its regions (a gather's table, a loop's captured
 * weight: the strategy counts those among its tensors), and whether it is
 * read after `at`, or inside `at` when `at` encloses the op. */
static void scanUses(MlirValue v, MlirBlock block, MlirOperation at,
                     MlirOperation op, bool *read_by_op, bool *after) {
  *read_by_op = *after = false;
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation owner = mlirOpOperandGetOwner(u);
    if (encloses(op, owner)) {
      *read_by_op = true;
      return;
    }
    MlirOperation a = gspmdAncestorIn(owner, block);
    if (!mlirOperationIsNull(a) &&
        (mlirOperationEqual(a, at) ? !mlirOperationEqual(at, op)
                                   : mlirOperationIsBeforeInBlock(at, a)))
      *after = true;
  }
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
  bool read_by_op, after;
  scanUses(v, block, at, op, &read_by_op, &after);
  if (read_by_op || (!after && !isFunctionArgument(v, block)))
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
