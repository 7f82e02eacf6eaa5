/*
 * arith.c - arith and math ops as StableHLO elementwise ops, compares,
 * selects, casts and constants.
 *
 * Every op is elementwise over tensors or scalars (0-d tensors; inside a
 * linalg body, tensors of the body's shape). StableHLO integers are signed
 * unless typed ui<N>, so the unsigned ops, compares and casts bitcast to
 * ui<N> and back; `index` is i64. Which arith op is which combiner of a
 * reduction, and how StableHLO spells each, is lib/Rules/combiner.c's.
 */
#include "internal.h"

#include "gspmd-c/Dialect.h"

#include <stdlib.h>
#include <string.h>

bool exEmitElementwise(Ex *e, MlirOperation op, const char *name) {
  int n = (int)mlirOperationGetNumOperands(op), ops[4];
  for (int i = 0; i < n; ++i)
    if ((ops[i] = exOperand(e, op, i)) < 0)
      return false;
  ExType t;
  if (!exResultType(e, op, 0, &t))
    return false;
  return exBindResult(e, op, 0, exOp(e, name, "", n, ops, &t));
}

/* Unsigned integer ops: StableHLO integers are signed unless typed ui<N>,
 * so the operands are reinterpreted as unsigned and the result back. */
bool exEmitUnsigned(Ex *e, MlirOperation op, const char *name) {
  int a = exOperand(e, op, 0), b = exOperand(e, op, 1);
  if (a < 0 || b < 0)
    return false;
  char elem[12], uelem[12];
  snprintf(elem, sizeof(elem), "%s", exTypeOf(e, a)->elem);
  if (!strcmp(elem, "i1"))
    return exEmitElementwise(e, op, name);
  snprintf(uelem, sizeof(uelem), "u%s", elem);
  int r = exBinary(e, name, exBitcast(e, a, uelem), exBitcast(e, b, uelem));
  return exBindResult(e, op, 0, exBitcast(e, r, elem));
}

/* Ops StableHLO has no single op for (maxnumf, minnumf: NaN-ignoring):
 * their combiner's expansion. */
bool exEmitCombinerOp(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int a = exOperand(e, op, 0), b = exOperand(e, op, 1);
  if (a < 0 || b < 0)
    return false;
  return exBindResult(e, op, 0,
                      exCombine(e, gspmdCombinerOfName(gspmdOpName(op)), a, b));
}

bool exEmitFma(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int a = exOperand(e, op, 0), b = exOperand(e, op, 1), c = exOperand(e, op, 2);
  if (a < 0 || b < 0 || c < 0)
    return false;
  int m = exBinary(e, "stablehlo.multiply", a, b);
  return exBindResult(e, op, 0, exBinary(e, "stablehlo.add", m, c));
}

/* arith.cmpf: StableHLO's FLOAT compares are ordered except NE, which is
 * true on NaN; the other unordered predicates negate their ordered
 * complement. */
bool exEmitCmpF(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int a = exOperand(e, op, 0), b = exOperand(e, op, 1);
  if (a < 0 || b < 0)
    return false;
  int64_t p = mlirIntegerAttrGetValueInt(exAttr(op, "predicate"));
  /* 0 false, 1 oeq, 2 ogt, 3 oge, 4 olt, 5 ole, 6 one, 7 ord, 8 ueq, 9 ugt,
   * 10 uge, 11 ult, 12 ule, 13 une, 14 uno, 15 true. */
  static const char *const kOrdered[] = {NULL, "EQ", "GT", "GE", "LT", "LE"};
  static const char *const kNegated[] = {"LE", "LT", "GE", "GT"}; /* 9..12 */
  int r;
  if (p >= 1 && p <= 5) {
    r = exCompare(e, a, b, kOrdered[p]);
  } else if (p >= 9 && p <= 12) {
    r = exUnary(e, "stablehlo.not", exCompare(e, a, b, kNegated[p - 9]));
  } else if (p == 13) {
    r = exCompare(e, a, b, "NE");
  } else if (p == 7 || p == 14 || p == 6 || p == 8) {
    int ord = exBinary(e, "stablehlo.and", exCompare(e, a, a, "EQ"),
                       exCompare(e, b, b, "EQ"));
    if (p == 7)
      r = ord;
    else if (p == 14)
      r = exUnary(e, "stablehlo.not", ord);
    else if (p == 6)
      r = exBinary(e, "stablehlo.and", ord, exCompare(e, a, b, "NE"));
    else
      r = exBinary(e, "stablehlo.or", exUnary(e, "stablehlo.not", ord),
                   exCompare(e, a, b, "EQ"));
  } else {
    ExType t;
    if (!exResultType(e, op, 0, &t))
      return false;
    r = exSplat(e, &t, p == 15 ? "true" : "false");
  }
  return exBindResult(e, op, 0, r);
}

bool exEmitCmpI(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int a = exOperand(e, op, 0), b = exOperand(e, op, 1);
  if (a < 0 || b < 0)
    return false;
  /* 0 eq, 1 ne, 2 slt, 3 sle, 4 sgt, 5 sge, 6 ult, 7 ule, 8 ugt, 9 uge. */
  static const char *const kDir[] = {"EQ", "NE", "LT", "LE", "GT",
                                     "GE", "LT", "LE", "GT", "GE"};
  int64_t p = mlirIntegerAttrGetValueInt(exAttr(op, "predicate"));
  if (p < 0 || p > 9)
    return exError(e, op, "stablehlo export: unknown cmpi predicate") >= 0;
  const char *elem = exTypeOf(e, a)->elem;
  if (p >= 6 && strcmp(elem, "i1")) {
    char uelem[12];
    snprintf(uelem, sizeof(uelem), "u%s", elem);
    a = exBitcast(e, a, uelem);
    b = exBitcast(e, b, uelem);
  } else if (p >= 2 && p <= 5 && !strcmp(elem, "i1")) {
    /* Signed i1: true is -1, so the order is reversed. */
    static const char *const kRev[] = {"GT", "GE", "LT", "LE"};
    return exBindResult(e, op, 0, exCompare(e, a, b, kRev[p - 2]));
  }
  return exBindResult(e, op, 0, exCompare(e, a, b, kDir[p]));
}

bool exEmitSelect(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int p = exOperand(e, op, 0), a = exOperand(e, op, 1), b = exOperand(e, op, 2);
  if (p < 0 || a < 0 || b < 0)
    return false;
  return exBindResult(e, op, 0, exSelect(e, p, a, b));
}

/* Casts. arg: "convert", "signed" (extsi: i1 true is -1), "from-unsigned"
 * (uitofp, extui, index_castui), "to-unsigned" (fptoui), "bitcast". */
bool exEmitCast(Ex *e, MlirOperation op, const char *arg) {
  int a = exOperand(e, op, 0);
  ExType t;
  if (a < 0 || !exResultType(e, op, 0, &t))
    return false;
  const char *from = exTypeOf(e, a)->elem;
  int r;
  if (!strcmp(arg, "bitcast")) {
    r = exBitcast(e, a, t.elem);
  } else if (!strcmp(arg, "from-unsigned") && strcmp(from, "i1") &&
             !exElemIsFloat(from)) {
    char u[12];
    snprintf(u, sizeof(u), "u%s", from);
    r = exConvert(e, exBitcast(e, a, u), t.elem);
  } else if (!strcmp(arg, "to-unsigned") && strcmp(t.elem, "i1")) {
    char u[12];
    snprintf(u, sizeof(u), "u%s", t.elem);
    r = exBitcast(e, exConvert(e, a, u), t.elem);
  } else if (!strcmp(arg, "signed") && !strcmp(from, "i1")) {
    r = exUnary(e, "stablehlo.negate", exConvert(e, a, t.elem));
  } else {
    r = exConvert(e, a, t.elem);
  }
  return exBindResult(e, op, 0, r);
}

/* Text of an attribute into an arena string. */
static char *attrText(Ex *e, MlirAttribute a) {
  GspmdVec v;
  gspmdVecInit(&v, 1);
  mlirAttributePrint(a, exAppendToVec, &v);
  char *s = gspmdArenaStrndup(&e->arena, v.data ? v.data : "", v.size);
  gspmdVecFree(&v);
  return s;
}

bool exEmitConstant(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  MlirAttribute value = exAttr(op, "value");
  ExType t;
  if (!exResultType(e, op, 0, &t))
    return false;
  if (mlirAttributeIsADenseElements(value) &&
      mlirDenseElementsAttrIsSplat(value)) {
    MlirAttribute s = mlirDenseElementsAttrGetSplatValue(value);
    char *text = attrText(e, s);
    char *colon = strstr(text, " : ");
    if (colon)
      *colon = 0;
    ExType rt = t;
    if (e->body_shape) /* a scalar splat in a body: the body's shape */
      rt = t;
    return exBindResult(e, op, 0, exSplat(e, &rt, text));
  }
  if (mlirAttributeIsADenseElements(value)) {
    /* Print `dense<...> : tensor<..xT>` with index written as i64. */
    char *text = attrText(e, value), *colon = strrchr(text, ':');
    if (!colon)
      return exError(e, op, "stablehlo export: unreadable constant") >= 0;
    *colon = 0;
    char attrs[64], buf[256];
    ExType ct = t;
    if (e->body_shape)
      return exError(e, op, "stablehlo export: dense constant inside a body") >=
             0;
    snprintf(attrs, sizeof(attrs), "%s", ": ");
    size_t len = strlen(text) + 300;
    char *full = gspmdArenaAlloc(&e->arena, len);
    snprintf(full, len, "value = %s: %s", text,
             exTypeStr(&ct, buf, sizeof(buf)));
    (void)attrs;
    return exBindResult(e, op, 0,
                        exOp(e, "stablehlo.constant", full, 0, NULL, &ct));
  }
  if (mlirAttributeIsAFloat(value) || mlirAttributeIsAInteger(value) ||
      mlirAttributeIsABool(value)) {
    char *text = attrText(e, value);
    char *colon = strstr(text, " : ");
    if (colon)
      *colon = 0;
    return exBindResult(e, op, 0, exSplat(e, &t, text));
  }
  return exError(e, op,
                 "stablehlo export: constant kind has no mapping (only dense "
                 "and scalar constants)") >= 0;
}
