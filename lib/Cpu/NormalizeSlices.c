/*
 * NormalizeSlices.c - gspmd-normalize-slices: unit dims of slices get
 * stride 1.
 *
 * A slice dim of size 1 reads (or writes) one element, so its stride means
 * nothing; but upstream's bufferization with identity layouts followed by
 * expand-strided-metadata crashes on a rank-reducing slice whose dropped
 * size-1 dim keeps a stride > 1 (memref::SubViewOp::getDroppedDims, LLVM
 * 22.1.8). This pass (and gspmdNormalizeUnitStrides, which gspmd-partition
 * calls on every slice it writes) rewrites those strides to 1, giving the
 * same program in a form the lowering takes. It runs first in
 * GSPMD_LOWER_TO_LLVM_PIPELINE, so gspmd-run's partitioned program and its
 * unpartitioned reference both take it.
 *
 * The pass also rewrites every rank-reducing tensor.extract_slice into the
 * unreduced slice and a tensor.collapse_shape: the lowering crashes on some
 * of those even with unit strides (9x1x1 -> 4x1, stride 2 on the kept dim;
 * found by fuzz/driver.py). The partitioner's own slices only get the
 * stride rewrite.
 *
 * Assumes: static strides (a dynamic stride on a unit dim is left as is).
 */
#include "gspmd-c/Dialect.h"
#include "gspmd/passes.h"
#include "gspmd/support.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Tensor.h"

bool gspmdNormalizeUnitStrides(MlirOperation op) {
  MlirStringRef name = gspmdOpName(op);
  if (!gspmdStringRefEq(name, "tensor.extract_slice") &&
      !gspmdStringRefEq(name, "tensor.insert_slice"))
    return false;
  MlirAttribute sizes =
      mlirOperationGetAttributeByName(op, gspmdStr("static_sizes"));
  MlirAttribute strides =
      mlirOperationGetAttributeByName(op, gspmdStr("static_strides"));
  if (mlirAttributeIsNull(sizes) || mlirAttributeIsNull(strides) ||
      !mlirAttributeIsADenseI64Array(sizes) ||
      !mlirAttributeIsADenseI64Array(strides))
    return false;
  intptr_t n = mlirDenseArrayGetNumElements(strides);
  if (n != mlirDenseArrayGetNumElements(sizes) || n > 64)
    return false;
  int64_t v[64];
  bool changed = false;
  for (intptr_t d = 0; d < n; ++d) {
    v[d] = mlirDenseI64ArrayGetElement(strides, d);
    /* Dynamic values are INT64_MIN: a static size 1 with a static stride. */
    if (mlirDenseI64ArrayGetElement(sizes, d) == 1 && v[d] != 1 &&
        v[d] != INT64_MIN) {
      v[d] = 1;
      changed = true;
    }
  }
  if (changed)
    mlirOperationSetAttributeByName(
        op, gspmdStr("static_strides"),
        mlirDenseI64ArrayGet(mlirOperationGetContext(op), n, v));
  return changed;
}

/* Which source dims of a rank-reducing slice survive (the MLIR rule: unit
 * dims are dropped greedily where the result has no matching dim); returns
 * false when sizes are not static enough to tell. */
static bool keptDims(MlirAttribute sizes, MlirType result, int n, bool *kept) {
  intptr_t m = mlirShapedTypeGetRank(result), j = 0;
  for (int d = 0; d < n; ++d) {
    int64_t size = mlirDenseI64ArrayGetElement(sizes, d);
    kept[d] = j < m && (size != 1 || mlirShapedTypeGetDimSize(result, j) == 1);
    if (kept[d])
      ++j;
    else if (size != 1)
      return false;
  }
  return j == m;
}

/* The reassociation of the collapse from the slice's unreduced shape to its
 * result: each dropped unit dim joins the group of the kept dim before it
 * (leading ones the first group). */
static MlirAttribute reassociation(MlirContext ctx, int n, const bool *kept,
                                   int m) {
  MlirAttribute groups[64], items[64];
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  int group_of[64], kept_before = 0;
  for (int d = 0; d < n; ++d) {
    group_of[d] =
        kept[d] ? kept_before : (kept_before > 0 ? kept_before - 1 : 0);
    kept_before += kept[d];
  }
  for (int g = 0; g < m; ++g) {
    int k = 0;
    for (int d = 0; d < n; ++d)
      if (group_of[d] == g)
        items[k++] = mlirIntegerAttrGet(i64, d);
    groups[g] = mlirArrayAttrGet(ctx, k, items);
  }
  return mlirArrayAttrGet(ctx, m, groups);
}

/* A rank-reducing tensor.extract_slice becomes the same slice unreduced
 * and a tensor.collapse_shape: the upstream lowering of 22.1.8 crashes on
 * some rank-reducing slices even with unit strides (getDroppedDims, e.g.
 * 9x1x1 -> 4x1 with stride 2 on the kept dim; found by fuzz/). */
static bool unreduceSlice(MlirOperation op) {
  MlirValue res = mlirOperationGetResult(op, 0);
  MlirType rt = mlirValueGetType(res);
  MlirAttribute sizes =
      mlirOperationGetAttributeByName(op, gspmdStr("static_sizes"));
  if (mlirAttributeIsNull(sizes) || !mlirAttributeIsADenseI64Array(sizes))
    return false;
  intptr_t n = mlirDenseArrayGetNumElements(sizes);
  intptr_t m = mlirShapedTypeGetRank(rt);
  if (n == m || n > 64)
    return false;
  bool kept[64];
  if (!keptDims(sizes, rt, (int)n, kept))
    return false;
  int64_t shape[64];
  for (intptr_t d = 0; d < n; ++d)
    shape[d] = mlirDenseI64ArrayGetElement(sizes, d);
  MlirContext ctx = mlirOperationGetContext(op);
  MlirType full = mlirRankedTensorTypeGet(
      n, shape, mlirShapedTypeGetElementType(rt), mlirAttributeGetNull());
  MlirOperation slice = mlirOperationClone(op);
  mlirValueSetType(mlirOperationGetResult(slice, 0), full);
  MlirBlock block = mlirOperationGetBlock(op);
  mlirBlockInsertOwnedOperationBefore(block, op, slice);
  MlirOperationState st = mlirOperationStateGet(
      gspmdStr("tensor.collapse_shape"), mlirOperationGetLocation(op));
  MlirValue src = mlirOperationGetResult(slice, 0);
  mlirOperationStateAddOperands(&st, 1, &src);
  mlirOperationStateAddResults(&st, 1, &rt);
  MlirNamedAttribute attr =
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, gspmdStr("reassociation")),
                            reassociation(ctx, (int)n, kept, (int)m));
  mlirOperationStateAddAttributes(&st, 1, &attr);
  MlirOperation collapse = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(block, op, collapse);
  /* A sharding annotation reads the reduced result: it moves with that
   * type to the collapse_shape (on the unreduced slice its rank would not
   * verify). */
  MlirAttribute sharding = mlirOperationGetDiscardableAttributeByName(
      slice, gspmdShardingAttrName());
  if (!mlirAttributeIsNull(sharding)) {
    mlirOperationSetDiscardableAttributeByName(
        collapse, gspmdShardingAttrName(), sharding);
    mlirOperationRemoveDiscardableAttributeByName(slice,
                                                  gspmdShardingAttrName());
  }
  mlirValueReplaceAllUsesOfWith(res, mlirOperationGetResult(collapse, 0));
  return true;
}

static MlirWalkResult normalize(MlirOperation op, void *user) {
  gspmdNormalizeUnitStrides(op);
  if (gspmdStringRefEq(gspmdOpName(op), "tensor.extract_slice"))
    *(MlirOperation *)gspmdVecPush(user) = op;
  return MlirWalkResultAdvance;
}

void gspmdNormalizeSlicesPassRun(MlirOperation module, MlirExternalPass pass,
                                 void *user) {
  (void)pass;
  (void)user;
  GspmdVec slices; /* MlirOperation: rewritten after the walk */
  gspmdVecInit(&slices, sizeof(MlirOperation));
  mlirOperationWalk(module, normalize, &slices, MlirWalkPreOrder);
  for (size_t i = 0; i < slices.size; ++i) {
    MlirOperation op = ((MlirOperation *)slices.data)[i];
    if (unreduceSlice(op))
      mlirOperationDestroy(op);
  }
  gspmdVecFree(&slices);
}
