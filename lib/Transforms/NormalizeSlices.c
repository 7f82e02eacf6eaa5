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
 * Assumes: static strides (a dynamic stride on a unit dim is left as is).
 */
#include "gspmd/passes.h"
#include "gspmd/support.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Dialect/Tensor.h"

static MlirStringRef str(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

bool gspmdNormalizeUnitStrides(MlirOperation op) {
  MlirStringRef name = gspmdOpName(op);
  if (!gspmdStringRefEq(name, "tensor.extract_slice") &&
      !gspmdStringRefEq(name, "tensor.insert_slice"))
    return false;
  MlirAttribute sizes =
      mlirOperationGetAttributeByName(op, str("static_sizes"));
  MlirAttribute strides =
      mlirOperationGetAttributeByName(op, str("static_strides"));
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
        op, str("static_strides"),
        mlirDenseI64ArrayGet(mlirOperationGetContext(op), n, v));
  return changed;
}

static MlirWalkResult normalize(MlirOperation op, void *user) {
  (void)user;
  gspmdNormalizeUnitStrides(op);
  return MlirWalkResultAdvance;
}

static void runNormalizeSlices(MlirOperation module, MlirExternalPass pass,
                               void *user) {
  (void)pass;
  (void)user;
  mlirOperationWalk(module, normalize, NULL, MlirWalkPreOrder);
}

MlirPass gspmdCreateNormalizeSlicesPass(int num_options,
                                        const GspmdPassOption *options,
                                        char *err, size_t err_size) {
  static MlirTypeID type_id;
  return gspmdCreateStatelessPass(
      &type_id, "GSPMDNormalizeSlices", "gspmd-normalize-slices",
      "Give the size-1 dims of tensor slices stride 1 (the lowering crashes "
      "on rank-reducing slices that keep a larger one)",
      0, NULL, runNormalizeSlices, num_options, options, err, err_size);
}
