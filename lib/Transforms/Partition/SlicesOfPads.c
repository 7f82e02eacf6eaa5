/*
 * SlicesOfPads.c - before anything is partitioned, an extract_slice of a
 * tensor.pad becomes a tensor.pad of an extract_slice of the pad's source,
 * reading the same elements (gspmdSliceOfPad, lib/Rules/tensor.c, composes
 * the two: offsets into the padding become pad widths, strides stay on the
 * slice). Halos are planned op by op: in the first order the pad exchanges
 * whole padded rows along a split dim and the slice then exchanges its own
 * window of them; in the second the slice keeps only the elements it reads
 * (unsplit dims are cut locally, Halos.c) and the pad exchanges rows of
 * those, as many as its new widths and the shard sizes need.
 *
 * Assumes gspmd-complete ran: the new slice and pad have the shape of the
 * slice's result and take its sharding, so that the result is laid out as
 * completion chose. A pad is rewritten only when every user is such a
 * slice in its block, so that no value is padded twice nor once per loop
 * iteration, and is then erased. A rank-reducing slice drops its unit
 * dims in the new slice. Dynamic offsets, sizes or widths and pad values
 * computed from the position are left as they are.
 */
#include "partition.h"

#include "gspmd-c/Dialect.h"

#include "mlir-c/BuiltinAttributes.h"

#include <string.h>

/* The pads some slice reads as a pad of a slice, each once, in program
 * order of their first such slice. */
typedef struct Pads {
  GspmdVec list;
  GspmdPtrMap seen;
} Pads;

static MlirWalkResult collectPad(MlirOperation op, void *user) {
  Pads *pads = user;
  GspmdSliceOfPad s;
  if (gspmdSliceOfPad(op, &s) && gspmdPtrMapGet(&pads->seen, s.pad.ptr) < 0) {
    gspmdPtrMapPut(&pads->seen, s.pad.ptr, 1);
    *(MlirOperation *)gspmdVecPush(&pads->list) = s.pad;
  }
  return MlirWalkResultAdvance;
}

/* Every user of the pad's result is a slice that reads as a pad of a slice
 * (and there is one), in the pad's block: a slice inside a loop would pad
 * again on every iteration what the pad outside it padded once. */
static bool onlySlicesOfPad(MlirOperation pad) {
  MlirOpOperand use = mlirValueGetFirstUse(mlirOperationGetResult(pad, 0));
  if (mlirOpOperandIsNull(use))
    return false;
  for (; !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    GspmdSliceOfPad s;
    if (!mlirBlockEqual(mlirOperationGetBlock(user),
                        mlirOperationGetBlock(pad)) ||
        !gspmdSliceOfPad(user, &s))
      return false;
  }
  return true;
}

static void setSharding(MlirValue v, MlirAttribute sharding) {
  if (!mlirAttributeIsNull(sharding))
    mlirOperationSetDiscardableAttributeByName(
        mlirOpResultGetOwner(v), gspmdShardingAttrName(), sharding);
}

/* The slice of the pad's source that s reads, of type `type` (the slice
 * result's rank), or the source itself when it is read whole. */
static MlirValue sliceSource(GspmdBuilder *b, MlirValue source,
                             const GspmdSliceOfPad *s, MlirType type,
                             MlirAttribute sharding) {
  MlirType from = mlirValueGetType(source);
  bool whole = true;
  for (int d = 0; d < s->rank; ++d)
    whole = whole && !s->dropped[d] && s->offsets[d] == 0 &&
            s->strides[d] == 1 &&
            s->sizes[d] == mlirShapedTypeGetDimSize(from, d);
  if (whole)
    return source;
  MlirValue v =
      gspmdBuildExtractSliceAs(b, type, source, s->offsets, NULL, s->sizes);
  mlirOperationSetAttributeByName(
      mlirOpResultGetOwner(v), gspmdStr("static_strides"),
      mlirDenseI64ArrayGet(b->ctx, s->rank, s->strides));
  setSharding(v, sharding);
  return v;
}

/* The pad's widths along the dims the slice keeps; false when all are 0. */
static bool keptWidths(const GspmdSliceOfPad *s, int64_t *low, int64_t *high,
                       int *rank) {
  bool any = false;
  *rank = 0;
  for (int d = 0; d < s->rank; ++d) {
    if (s->dropped[d])
      continue;
    low[*rank] = s->low[d];
    high[*rank] = s->high[d];
    any = any || s->low[d] != 0 || s->high[d] != 0;
    ++*rank;
  }
  return any;
}

/* The pad again around `sliced` with s's widths, of type `type`; `sliced`
 * when they are zero. Its body is cloned, so its value is the same; the
 * index arguments of dropped dims go (none is used). */
static MlirValue padAgain(MlirOperation slice, MlirValue sliced,
                          const GspmdSliceOfPad *s, MlirType type,
                          MlirAttribute sharding) {
  int64_t low[GSPMD_MAX_RANK], high[GSPMD_MAX_RANK];
  int rank;
  if (!keptWidths(s, low, high, &rank))
    return sliced;
  MlirContext ctx = mlirOperationGetContext(slice);
  MlirOperation pad = mlirOperationClone(s->pad);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(pad, 0));
  for (int d = s->rank; d-- > 0;)
    if (s->dropped[d])
      mlirBlockEraseArgument(body, (unsigned)d);
  mlirOperationSetOperand(pad, 0, sliced);
  mlirOperationSetAttributeByName(pad, gspmdStr("static_low"),
                                  mlirDenseI64ArrayGet(ctx, rank, low));
  mlirOperationSetAttributeByName(pad, gspmdStr("static_high"),
                                  mlirDenseI64ArrayGet(ctx, rank, high));
  MlirValue v = mlirOperationGetResult(pad, 0);
  mlirValueSetType(v, type);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(slice), slice, pad);
  mlirOperationRemoveDiscardableAttributeByName(pad, gspmdShardingAttrName());
  setSharding(v, sharding);
  return v;
}

/* The type of the new slice: the sizes of the dims the slice keeps. */
static MlirType keptType(const GspmdSliceOfPad *s, MlirType like) {
  int64_t sizes[GSPMD_MAX_RANK];
  int rank = 0;
  for (int d = 0; d < s->rank; ++d)
    if (!s->dropped[d])
      sizes[rank++] = s->sizes[d];
  return gspmdTensorTypeLike(like, rank, sizes);
}

static bool swapSliceOfPad(MlirOperation slice) {
  GspmdSliceOfPad s;
  if (!gspmdSliceOfPad(slice, &s))
    return false;
  MlirValue result = mlirOperationGetResult(slice, 0);
  MlirAttribute sharding = mlirOperationGetDiscardableAttributeByName(
      slice, gspmdShardingAttrName());
  MlirType type = mlirValueGetType(result);
  GspmdBuilder b = gspmdBuilderBefore(slice);
  MlirValue sliced = sliceSource(&b, mlirOperationGetOperand(s.pad, 0), &s,
                                 keptType(&s, type), sharding);
  mlirValueReplaceAllUsesOfWith(result,
                                padAgain(slice, sliced, &s, type, sharding));
  mlirOperationDestroy(slice);
  return true;
}

/* Pads are collected first, since rewriting their slices changes the ops
 * a walk would visit. A pad that only another pad reads is not collected,
 * nor is it once that pad's slices read it (one pass, no fixed point). */
void partSwapSlicesOfPads(MlirOperation module) {
  Pads pads;
  memset(&pads, 0, sizeof(pads));
  gspmdVecInit(&pads.list, sizeof(MlirOperation));
  mlirOperationWalk(module, collectPad, &pads, MlirWalkPostOrder);
  for (size_t i = 0; i < pads.list.size; ++i) {
    MlirOperation pad = GSPMD_VEC_AT(&pads.list, MlirOperation, i);
    if (!onlySlicesOfPad(pad))
      continue;
    MlirValue padded = mlirOperationGetResult(pad, 0);
    bool swapped = true;
    while (swapped && !mlirOpOperandIsNull(mlirValueGetFirstUse(padded)))
      swapped =
          swapSliceOfPad(mlirOpOperandGetOwner(mlirValueGetFirstUse(padded)));
    if (swapped)
      mlirOperationDestroy(pad);
  }
  gspmdVecFree(&pads.list);
  gspmdPtrMapFree(&pads.seen);
}
