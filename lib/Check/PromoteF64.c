/*
 * PromoteF64.c - gspmd-promote-f64: the same program computed in f64.
 *
 * Every float element type (f16, bf16, f32 and any other float but f64)
 * becomes f64: in the types of op results and block arguments (so tensors,
 * function signatures, loop-carried values and region arguments of linalg
 * bodies), in type attributes (func.func's function_type), and in float and
 * dense float attributes (constants: the value is kept, now as f64). A float
 * cast that has become f64 -> f64 (arith.extf, arith.truncf) is removed:
 * its uses take its operand. Nothing else changes, so the program computes
 * the same formula with (nearly) no rounding: gspmd-run's --check uses it as
 * the reference its verdict measures rounding against (lib/Check).
 *
 * Refused before anything changes (an error at the op, the pass fails):
 * bitcasts of floats (arith.bitcast,
 * tensor.bitcast: they read a float's bits, which depend on its width),
 * declarations of external functions with floats in their signature (a
 * library's, which cannot change) and
 * TOSA ops (TOSA has no f64; lower them to linalg first, as the LLVM
 * lowering pipelines do). The module is verified at the end; an op whose
 * own rules forbid f64 fails there, and the module, partly promoted, must
 * then be discarded.
 */
#include "gspmd/passes.h"
#include "gspmd/support.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*===-- Types -------------------------------------------------------------===*/

static bool isPromotedFloat(MlirType t) {
  return mlirTypeIsAFloat(t) && !mlirTypeIsAF64(t);
}

static MlirType promoteType(MlirType t);

static MlirType promoteShaped(MlirType t) {
  MlirType elem = mlirShapedTypeGetElementType(t);
  MlirType promoted = promoteType(elem);
  if (mlirTypeEqual(elem, promoted))
    return t;
  intptr_t rank = mlirShapedTypeHasRank(t) ? mlirShapedTypeGetRank(t) : 0;
  int64_t shape[64];
  if (rank > 64)
    return t;
  for (intptr_t d = 0; d < rank; ++d)
    shape[d] = mlirShapedTypeGetDimSize(t, d);
  if (mlirTypeIsARankedTensor(t))
    return mlirRankedTensorTypeGet(rank, shape, promoted,
                                   mlirRankedTensorTypeGetEncoding(t));
  if (mlirTypeIsAUnrankedTensor(t))
    return mlirUnrankedTensorTypeGet(promoted);
  if (mlirTypeIsAMemRef(t))
    return mlirMemRefTypeGet(promoted, rank, shape, mlirMemRefTypeGetLayout(t),
                             mlirMemRefTypeGetMemorySpace(t));
  if (mlirTypeIsAVector(t))
    return mlirVectorTypeGet(rank, shape, promoted);
  return t;
}

static MlirType promoteFunction(MlirType t) {
  intptr_t ni = mlirFunctionTypeGetNumInputs(t);
  intptr_t nr = mlirFunctionTypeGetNumResults(t);
  MlirType *types = malloc(sizeof(MlirType) * (size_t)(ni + nr + 1));
  for (intptr_t i = 0; i < ni; ++i)
    types[i] = promoteType(mlirFunctionTypeGetInput(t, i));
  for (intptr_t i = 0; i < nr; ++i)
    types[ni + i] = promoteType(mlirFunctionTypeGetResult(t, i));
  MlirType out =
      mlirFunctionTypeGet(mlirTypeGetContext(t), ni, types, nr, types + ni);
  free(types);
  return out;
}

/* `t` with every float element type but f64 replaced by f64. */
static MlirType promoteType(MlirType t) {
  if (isPromotedFloat(t))
    return mlirF64TypeGet(mlirTypeGetContext(t));
  if (mlirTypeIsAShaped(t))
    return promoteShaped(t);
  if (mlirTypeIsAFunction(t))
    return promoteFunction(t);
  if (mlirTypeIsAComplex(t)) {
    MlirType elem = mlirComplexTypeGetElementType(t);
    MlirType promoted = promoteType(elem);
    return mlirTypeEqual(elem, promoted) ? t : mlirComplexTypeGet(promoted);
  }
  return t;
}

/*===-- Attributes --------------------------------------------------------===*/

static double halfToDouble(uint16_t h) {
  _Float16 f;
  memcpy(&f, &h, sizeof(f));
  return (double)f;
}

static double bfloatToDouble(uint16_t h) {
  uint32_t bits = (uint32_t)h << 16;
  float f;
  memcpy(&f, &bits, sizeof(f));
  return (double)f;
}

/* Element i of a dense float attribute of element type `elem`, as a double
 * (exact); false for float types it cannot read. */
static bool denseFloatAt(MlirAttribute attr, MlirType elem, intptr_t i,
                         double *out) {
  if (mlirTypeIsAF32(elem)) {
    *out = mlirDenseElementsAttrGetFloatValue(attr, i);
    return true;
  }
  if (mlirTypeIsAF16(elem) || mlirTypeIsABF16(elem)) {
    uint16_t h;
    memcpy(&h, (const char *)mlirDenseElementsAttrGetRawData(attr) + 2 * i, 2);
    *out = mlirTypeIsAF16(elem) ? halfToDouble(h) : bfloatToDouble(h);
    return true;
  }
  return false;
}

/* A dense float attribute rebuilt with f64 elements, or null when its
 * float type cannot be read. */
static MlirAttribute promoteDense(MlirAttribute attr) {
  MlirType type = mlirAttributeGetType(attr);
  MlirType elem = mlirShapedTypeGetElementType(type);
  if (!isPromotedFloat(elem))
    return attr;
  MlirType promoted = promoteShaped(type);
  if (mlirDenseElementsAttrIsSplat(attr)) {
    double v =
        mlirFloatAttrGetValueDouble(mlirDenseElementsAttrGetSplatValue(attr));
    return mlirDenseElementsAttrSplatGet(
        promoted, mlirFloatAttrDoubleGet(
                      mlirAttributeGetContext(attr),
                      mlirF64TypeGet(mlirAttributeGetContext(attr)), v));
  }
  intptr_t n = mlirElementsAttrGetNumElements(attr);
  double *values = malloc(sizeof(double) * (size_t)(n ? n : 1));
  bool ok = true;
  for (intptr_t i = 0; i < n && ok; ++i)
    ok = denseFloatAt(attr, elem, i, &values[i]);
  MlirAttribute out = ok ? mlirDenseElementsAttrDoubleGet(promoted, n, values)
                         : mlirAttributeGetNull();
  free(values);
  return out;
}

static MlirAttribute promoteAttr(MlirAttribute attr);

/* An array or dictionary attribute with its elements promoted: null when
 * one cannot be, `attr` itself when none changes. */
static MlirAttribute promoteElements(MlirAttribute attr, bool is_dict) {
  intptr_t n = is_dict ? mlirDictionaryAttrGetNumElements(attr)
                       : mlirArrayAttrGetNumElements(attr);
  size_t count = (size_t)(n ? n : 1);
  MlirNamedAttribute *named = malloc(sizeof(MlirNamedAttribute) * count);
  MlirAttribute *items = malloc(sizeof(MlirAttribute) * count);
  bool changed = false, ok = true;
  for (intptr_t i = 0; i < n && ok; ++i) {
    if (is_dict)
      named[i] = mlirDictionaryAttrGetElement(attr, i);
    else
      named[i].attribute = mlirArrayAttrGetElement(attr, i);
    items[i] = promoteAttr(named[i].attribute);
    ok = !mlirAttributeIsNull(items[i]);
    changed |= ok && !mlirAttributeEqual(items[i], named[i].attribute);
    named[i].attribute = items[i];
  }
  MlirContext ctx = mlirAttributeGetContext(attr);
  MlirAttribute out = !ok        ? mlirAttributeGetNull()
                      : !changed ? attr
                      : is_dict  ? mlirDictionaryAttrGet(ctx, n, named)
                                 : mlirArrayAttrGet(ctx, n, items);
  free(named);
  free(items);
  return out;
}

/* `attr` with its float types and values promoted; null when it holds
 * floats this pass cannot rewrite. Attributes of other kinds are kept. */
static MlirAttribute promoteAttr(MlirAttribute attr) {
  if (mlirAttributeIsAType(attr)) {
    MlirType t = mlirTypeAttrGetValue(attr);
    MlirType p = promoteType(t);
    return mlirTypeEqual(t, p) ? attr : mlirTypeAttrGet(p);
  }
  if (mlirAttributeIsAFloat(attr) &&
      isPromotedFloat(mlirAttributeGetType(attr))) {
    MlirContext ctx = mlirAttributeGetContext(attr);
    return mlirFloatAttrDoubleGet(ctx, mlirF64TypeGet(ctx),
                                  mlirFloatAttrGetValueDouble(attr));
  }
  if (mlirAttributeIsADenseFPElements(attr))
    return promoteDense(attr);
  if (mlirAttributeIsAArray(attr))
    return promoteElements(attr, false);
  if (mlirAttributeIsADictionary(attr))
    return promoteElements(attr, true);
  return attr;
}

/*===-- Ops ---------------------------------------------------------------===*/

typedef struct Promotion {
  bool failed;
  GspmdVec casts; /* MlirOperation: float casts to check afterwards */
} Promotion;

static void refuse(MlirOperation op, const char *why) {
  char msg[512];
  MlirStringRef name = gspmdOpName(op);
  snprintf(msg, sizeof(msg),
           "gspmd-promote-f64: cannot promote '%.*s' to "
           "f64: %s",
           (int)name.length, name.data, why);
  mlirEmitError(mlirOperationGetLocation(op), msg);
}

static bool hasFloatOperandOrResult(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i));
    if (!mlirTypeEqual(t, promoteType(t)))
      return true;
  }
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, i));
    if (!mlirTypeEqual(t, promoteType(t)))
      return true;
  }
  return false;
}

/* A function declared but not defined here: its signature is someone
 * else's (a library's), so its float types must stay. */
static bool isFloatDeclaration(MlirOperation op) {
  if (!gspmdStringRefEq(gspmdOpName(op), "func.func") ||
      !mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0))))
    return false;
  MlirType t = mlirTypeAttrGetValue(mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("function_type")));
  return !mlirTypeEqual(t, promoteType(t));
}

/* Ops whose meaning depends on a float's width. */
static bool refused(MlirOperation op) {
  MlirStringRef name = gspmdOpName(op);
  if (isFloatDeclaration(op)) {
    refuse(op, "an external function's float signature cannot change");
    return true;
  }
  if (name.length > 5 && !strncmp(name.data, "tosa.", 5)) {
    refuse(op, "TOSA has no f64 (lower TOSA to linalg first)");
    return true;
  }
  if ((gspmdStringRefEq(name, "arith.bitcast") ||
       gspmdStringRefEq(name, "tensor.bitcast")) &&
      hasFloatOperandOrResult(op)) {
    refuse(op, "a bitcast reads a float's bits, which change with its width");
    return true;
  }
  return false;
}

static void promoteValue(MlirValue v) {
  MlirType t = mlirValueGetType(v);
  MlirType p = promoteType(t);
  if (!mlirTypeEqual(t, p))
    mlirValueSetType(v, p);
}

static bool promoteAttributes(MlirOperation op) {
  intptr_t n = mlirOperationGetNumAttributes(op);
  for (intptr_t i = 0; i < n; ++i) {
    MlirNamedAttribute a = mlirOperationGetAttribute(op, i);
    MlirAttribute p = promoteAttr(a.attribute);
    if (mlirAttributeIsNull(p)) {
      refuse(op, "it holds a float attribute of a type this pass cannot "
                 "read");
      return false;
    }
    if (!mlirAttributeEqual(p, a.attribute))
      mlirOperationSetAttributeByName(op, mlirIdentifierStr(a.name), p);
  }
  return true;
}

/* First walk, before anything changes: the ops this pass refuses. */
static MlirWalkResult findRefused(MlirOperation op, void *user) {
  if (!refused(op))
    return MlirWalkResultAdvance;
  *(bool *)user = true;
  return MlirWalkResultInterrupt;
}

static MlirWalkResult promoteOp(MlirOperation op, void *user) {
  Promotion *pr = user;
  if (!promoteAttributes(op)) {
    pr->failed = true;
    return MlirWalkResultInterrupt;
  }
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    promoteValue(mlirOperationGetResult(op, i));
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
         !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
      for (intptr_t i = 0; i < mlirBlockGetNumArguments(b); ++i)
        promoteValue(mlirBlockGetArgument(b, i));
  MlirStringRef name = gspmdOpName(op);
  if (gspmdStringRefEq(name, "arith.extf") ||
      gspmdStringRefEq(name, "arith.truncf"))
    *(MlirOperation *)gspmdVecPush(&pr->casts) = op;
  return MlirWalkResultAdvance;
}

/* Casts that have become f64 -> f64 go; their uses take the operand. */
static void eraseIdentityCasts(Promotion *pr) {
  MlirOperation *casts = pr->casts.data;
  for (size_t i = 0; i < pr->casts.size; ++i) {
    MlirValue in = mlirOperationGetOperand(casts[i], 0);
    MlirValue out = mlirOperationGetResult(casts[i], 0);
    if (!mlirTypeEqual(mlirValueGetType(in), mlirValueGetType(out)))
      continue;
    mlirValueReplaceAllUsesOfWith(out, in);
    mlirOperationDestroy(casts[i]);
  }
}

void gspmdPromoteF64PassRun(MlirOperation module, MlirExternalPass pass,
                            void *user) {
  (void)user;
  Promotion pr = {.failed = false};
  mlirOperationWalk(module, findRefused, &pr.failed, MlirWalkPreOrder);
  if (pr.failed) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  gspmdVecInit(&pr.casts, sizeof(MlirOperation));
  mlirOperationWalk(module, promoteOp, &pr, MlirWalkPreOrder);
  if (!pr.failed)
    eraseIdentityCasts(&pr);
  gspmdVecFree(&pr.casts);
  if (pr.failed || !mlirOperationVerify(module))
    mlirExternalPassSignalFailure(pass);
}
