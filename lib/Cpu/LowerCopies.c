/*
 * LowerCopies.c - gspmd-lower-copies: a memref.copy into or out of a
 * strided view becomes linalg.copy, loops that LLVM vectorizes.
 *
 * finalize-memref-to-llvm lowers a copy between memrefs of identity layout
 * to memcpy, and any other to a call of MLIR's runtime `memrefCopy`, which
 * walks the elements one at a time through their index arithmetic. Such
 * copies are what bufferization makes of a pad (the source written into
 * the interior of the padded buffer: a convolution's input) and of an
 * insert_slice into a larger tensor. As linalg.copy they become a loop nest
 * (convert-linalg-to-loops) whose innermost loop is contiguous in both
 * views. Copies between identity layouts stay memcpy.
 *
 * Assumes buffers (runs in the lowering to LLVM, include/gspmd/passes.h,
 * after convert-bufferization-to-memref, whose clones are copies too, and
 * before convert-linalg-to-loops); copies of dynamic or rank-0 memrefs
 * stay.
 */
#include "gspmd/build.h"
#include "gspmd/containers.h"
#include "gspmd/passes.h"
#include "gspmd/support.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Linalg.h"

static bool stridedView(MlirType t) {
  return !mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(t));
}

static bool copiesElementwise(MlirOperation op) {
  if (!gspmdStringRefEq(gspmdOpName(op), "memref.copy"))
    return false;
  MlirType from = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirType to = mlirValueGetType(mlirOperationGetOperand(op, 1));
  if (!mlirTypeIsAMemRef(from) || !mlirTypeIsAMemRef(to) ||
      !mlirShapedTypeHasStaticShape(from) || mlirShapedTypeGetRank(from) == 0)
    return false;
  return stridedView(from) || stridedView(to);
}

static MlirWalkResult collect(MlirOperation op, void *user) {
  if (copiesElementwise(op))
    *(MlirOperation *)gspmdVecPush(user) = op;
  return MlirWalkResultAdvance;
}

/* linalg.copy ins(source) outs(target) in place of memref.copy `op`. */
static void lowerCopy(MlirOperation op) {
  GspmdBuilder b = gspmdBuilderBefore(op);
  MlirValue operands[2] = {mlirOperationGetOperand(op, 0),
                           mlirOperationGetOperand(op, 1)};
  int32_t segments[2] = {1, 1};
  MlirNamedAttribute sizes = gspmdNamedAttr(
      b.ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(b.ctx, 2, segments));
  MlirRegion body = mlirRegionCreate();
  MlirOperationState state =
      mlirOperationStateGet(gspmdStr("linalg.copy"), b.loc);
  mlirOperationStateAddOperands(&state, 2, operands);
  mlirOperationStateAddAttributes(&state, 1, &sizes);
  mlirOperationStateAddOwnedRegions(&state, 1, &body);
  mlirLinalgFillBuiltinNamedOpRegion(gspmdBuildInsert(&b, &state));
  mlirOperationDestroy(op);
}

void gspmdLowerCopiesPassRun(MlirOperation module, MlirExternalPass pass,
                             void *user) {
  (void)pass;
  (void)user;
  GspmdVec copies; /* MlirOperation: replaced after the walk */
  gspmdVecInit(&copies, sizeof(MlirOperation));
  mlirOperationWalk(module, collect, &copies, MlirWalkPostOrder);
  for (size_t i = 0; i < copies.size; ++i)
    lowerCopy(((MlirOperation *)copies.data)[i]);
  gspmdVecFree(&copies);
}
