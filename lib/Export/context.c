/*
 * context.c - what every emitter reads and writes through the context: the
 * ids of an op's operands, its attributes and result types, the binding of
 * its results, and the dispatch of ops and blocks.
 *
 * The dispatch goes through Ex.export_op (the op table's, installed by the
 * entry), so that the op families, which export the ops of their regions,
 * need not know the table that names them. Inside a linalg body a scalar
 * from outside stands for a tensor of the body's shape (exUse broadcasts it).
 */
#include "internal.h"

#include "gspmd-c/Dialect.h"

#include <string.h>

MlirAttribute exAttr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op,
                                         mlirStringRefCreateFromCString(name));
}

bool exOpIs(MlirOperation op, const char *name) {
  return gspmdStringRefEq(gspmdOpName(op), name);
}

int exUse(Ex *e, MlirOperation user, MlirValue v) {
  int id = gspmdPtrMapGet(&e->ids, v.ptr);
  if (id < 0)
    return exError(e, user,
                   "stablehlo export: an operand of this op has no "
                   "exported value (an unsupported pattern, e.g. a "
                   "reduction body reading its accumulator outside "
                   "the combiner)");
  if (e->body_shape && exTypeOf(e, id)->rank == 0 && e->body_shape->rank > 0) {
    ExType t = exTypeWithElem(e->body_shape, exTypeOf(e, id)->elem);
    return exBroadcast(e, id, &t, NULL);
  }
  return id;
}

int exOperand(Ex *e, MlirOperation op, int i) {
  return exUse(e, op, mlirOperationGetOperand(op, i));
}

int *exOperandIds(Ex *e, MlirOperation op, int first, int n) {
  int *ids = gspmdArenaAlloc(&e->arena, sizeof(int) * (size_t)(n ? n : 1));
  for (int i = 0; i < n; ++i)
    if ((ids[i] = exOperand(e, op, first + i)) < 0)
      return NULL;
  return ids;
}

bool exResultType(Ex *e, MlirOperation op, int i, ExType *t) {
  MlirType mt = mlirValueGetType(mlirOperationGetResult(op, i));
  if (!exTypeFromMlir(e, mt, t)) {
    exError(e, op,
            "stablehlo export: result type has no StableHLO form "
            "(dynamic shape or unsupported element type)");
    return false;
  }
  return true;
}

bool exBindResult(Ex *e, MlirOperation op, int i, int id) {
  if (id < 0)
    return false;
  exBind(e, mlirOperationGetResult(op, i), id);
  return true;
}

bool exExportOp(Ex *e, MlirOperation op) { return e->export_op(e, op); }

bool exExportBlockBody(Ex *e, MlirBlock block) {
  MlirOperation term = mlirBlockGetTerminator(block);
  for (MlirOperation o = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
    if (!mlirOperationIsNull(term) && mlirOperationEqual(o, term))
      break;
    if (!exExportOp(e, o))
      return false;
  }
  return true;
}
