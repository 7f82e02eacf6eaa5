/*
 * ops.c - THE op table of the StableHLO export: one row per source op (name,
 * emitter, argument), in the spirit of lib/Rules. This is the only place that
 * knows how an op of ours (arith, math, tensor, linalg, scf, func, gspmd)
 * becomes StableHLO; an op without a row is an error at that op.
 *
 * Assumes the module was normalised first (export.c): TOSA lowered to
 * linalg/arith/tensor, named linalg ops generalised, unstructured control
 * flow lifted to scf. Linalg generics are exported over their iteration
 * space: each operand is sliced (window maps like `2*d1 + d4` become one
 * strided slice per kernel position), transposed and broadcast to the loop
 * shape, the body's scalar ops run on those tensors, reductions become
 * stablehlo.reduce over the reduction loops with the combiner read from the
 * body (`yield comb(acc, x)`), and the result is transposed to the output
 * map. Contractions (`acc + a * b`) become dot_general instead.
 */
#include "internal.h"

#include "gspmd-c/Dialect.h"

#include <stdlib.h>
#include <string.h>

typedef bool (*ExEmitFn)(Ex *e, MlirOperation op, const char *arg);

typedef struct ExOpRow {
  const char *name;
  ExEmitFn emit;
  const char *arg; /* the StableHLO op or a variant the emitter reads */
} ExOpRow;

/*===-- helpers
 * ------------------------------------------------------------===*/

static int operand(Ex *e, MlirOperation op, int i) {
  return exUse(e, op, mlirOperationGetOperand(op, i));
}

static bool resultType(Ex *e, MlirOperation op, int i, ExType *t) {
  MlirType mt = mlirValueGetType(mlirOperationGetResult(op, i));
  if (!exTypeFromMlir(e, mt, t)) {
    exError(e, op,
            "stablehlo export: result type has no StableHLO form "
            "(dynamic shape or unsupported element type)");
    return false;
  }
  return true;
}

static bool bindResult(Ex *e, MlirOperation op, int i, int id) {
  if (id < 0)
    return false;
  exBind(e, mlirOperationGetResult(op, i), id);
  return true;
}

static int64_t i64Elem(MlirAttribute a, int i) {
  return mlirDenseI64ArrayGetElement(a, i);
}

static bool isDynamic(int64_t v) { return v == INT64_MIN; }

static ExCombiner combinerOfName(MlirStringRef name) {
  static const struct {
    const char *name;
    ExCombiner c;
  } kCombiners[] = {
      {"arith.addf", EX_ADD},       {"arith.addi", EX_ADD},
      {"arith.mulf", EX_MUL},       {"arith.muli", EX_MUL},
      {"arith.maximumf", EX_MAX},   {"arith.maxsi", EX_MAX},
      {"arith.minimumf", EX_MIN},   {"arith.minsi", EX_MIN},
      {"arith.maxnumf", EX_MAXNUM}, {"arith.minnumf", EX_MINNUM},
      {"arith.ori", EX_OR},         {"arith.andi", EX_AND},
      {"arith.xori", EX_XOR},       {"arith.maxui", EX_UMAX},
      {"arith.minui", EX_UMIN},
  };
  for (size_t i = 0; i < sizeof(kCombiners) / sizeof(kCombiners[0]); ++i)
    if (gspmdStringRefEq(name, kCombiners[i].name))
      return kCombiners[i].c;
  return EX_NONE;
}

/*===-- arith and math ----------------------------------------------------===*/

static bool emitElementwise(Ex *e, MlirOperation op, const char *name) {
  int n = (int)mlirOperationGetNumOperands(op), ops[4];
  for (int i = 0; i < n; ++i)
    if ((ops[i] = operand(e, op, i)) < 0)
      return false;
  ExType t;
  if (!resultType(e, op, 0, &t))
    return false;
  return bindResult(e, op, 0, exOp(e, name, "", n, ops, &t));
}

/* Unsigned integer ops: StableHLO integers are signed unless typed ui<N>,
 * so the operands are reinterpreted as unsigned and the result back. */
static bool emitUnsigned(Ex *e, MlirOperation op, const char *name) {
  int a = operand(e, op, 0), b = operand(e, op, 1);
  if (a < 0 || b < 0)
    return false;
  char elem[12], uelem[12];
  snprintf(elem, sizeof(elem), "%s", exTypeOf(e, a)->elem);
  if (!strcmp(elem, "i1"))
    return emitElementwise(e, op, name);
  snprintf(uelem, sizeof(uelem), "u%s", elem);
  int r = exBinary(e, name, exBitcast(e, a, uelem), exBitcast(e, b, uelem));
  return bindResult(e, op, 0, exBitcast(e, r, elem));
}

static bool emitCombinerOp(Ex *e, MlirOperation op, const char *arg) {
  int a = operand(e, op, 0), b = operand(e, op, 1);
  if (a < 0 || b < 0)
    return false;
  return bindResult(e, op, 0, exCombine(e, (ExCombiner)atoi(arg), a, b));
}

static bool emitFma(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int a = operand(e, op, 0), b = operand(e, op, 1), c = operand(e, op, 2);
  if (a < 0 || b < 0 || c < 0)
    return false;
  int m = exBinary(e, "stablehlo.multiply", a, b);
  return bindResult(e, op, 0, exBinary(e, "stablehlo.add", m, c));
}

/* arith.cmpf: StableHLO's FLOAT compares are ordered except NE, which is
 * true on NaN; the other unordered predicates negate their ordered
 * complement. */
static bool emitCmpF(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int a = operand(e, op, 0), b = operand(e, op, 1);
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
    if (!resultType(e, op, 0, &t))
      return false;
    r = exSplat(e, &t, p == 15 ? "true" : "false");
  }
  return bindResult(e, op, 0, r);
}

static bool emitCmpI(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int a = operand(e, op, 0), b = operand(e, op, 1);
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
    return bindResult(e, op, 0, exCompare(e, a, b, kRev[p - 2]));
  }
  return bindResult(e, op, 0, exCompare(e, a, b, kDir[p]));
}

static bool emitSelect(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int p = operand(e, op, 0), a = operand(e, op, 1), b = operand(e, op, 2);
  if (p < 0 || a < 0 || b < 0)
    return false;
  return bindResult(e, op, 0, exSelect(e, p, a, b));
}

/* Casts. arg: "convert", "signed" (extsi: i1 true is -1), "from-unsigned"
 * (uitofp, extui, index_castui), "to-unsigned" (fptoui), "bitcast". */
static bool emitCast(Ex *e, MlirOperation op, const char *arg) {
  int a = operand(e, op, 0);
  ExType t;
  if (a < 0 || !resultType(e, op, 0, &t))
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
  return bindResult(e, op, 0, r);
}

/* Text of an attribute into an arena string. */
static void appendText(MlirStringRef s, void *user) {
  GspmdVec *v = user;
  for (size_t i = 0; i < s.length; ++i)
    *(char *)gspmdVecPush(v) = s.data[i];
}

static char *attrText(Ex *e, MlirAttribute a) {
  GspmdVec v;
  gspmdVecInit(&v, 1);
  mlirAttributePrint(a, appendText, &v);
  char *s = gspmdArenaStrndup(&e->arena, v.data ? v.data : "", v.size);
  gspmdVecFree(&v);
  return s;
}

static bool emitConstant(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  MlirAttribute value = exAttr(op, "value");
  ExType t;
  if (!resultType(e, op, 0, &t))
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
    return bindResult(e, op, 0, exSplat(e, &rt, text));
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
    return bindResult(e, op, 0,
                      exOp(e, "stablehlo.constant", full, 0, NULL, &ct));
  }
  if (mlirAttributeIsAFloat(value) || mlirAttributeIsAInteger(value) ||
      mlirAttributeIsABool(value)) {
    char *text = attrText(e, value);
    char *colon = strstr(text, " : ");
    if (colon)
      *colon = 0;
    return bindResult(e, op, 0, exSplat(e, &t, text));
  }
  return exError(e, op,
                 "stablehlo export: constant kind has no mapping (only dense "
                 "and scalar constants)") >= 0;
}

/*===-- tensor ------------------------------------------------------------===*/

static bool emitEmpty(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  ExType t;
  if (!resultType(e, op, 0, &t))
    return false;
  return bindResult(e, op, 0,
                    exSplat(e, &t,
                            exElemIsFloat(t.elem)   ? "0.0"
                            : !strcmp(t.elem, "i1") ? "false"
                                                    : "0"));
}

static bool emitSplatOp(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int a = operand(e, op, 0);
  ExType t;
  if (a < 0 || !resultType(e, op, 0, &t))
    return false;
  return bindResult(e, op, 0, exBroadcast(e, a, &t, NULL));
}

static bool emitReshapeOp(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int a = operand(e, op, 0);
  ExType t;
  if (a < 0 || !resultType(e, op, 0, &t))
    return false;
  return bindResult(e, op, 0, exReshape(e, a, &t));
}

/* Reads static offsets/sizes/strides; dynamic offsets become i32 scalars
 * (ids) from the op's operands starting at `first_dynamic`. */
typedef struct SliceParams {
  int rank;
  int64_t offsets[EX_MAX_RANK], sizes[EX_MAX_RANK], strides[EX_MAX_RANK];
  int dyn_offsets[EX_MAX_RANK]; /* id or -1 */
  bool any_dynamic_offset;
} SliceParams;

static bool readSliceParams(Ex *e, MlirOperation op, int first_dynamic,
                            SliceParams *p) {
  MlirAttribute off = exAttr(op, "static_offsets"),
                sz = exAttr(op, "static_sizes"),
                st = exAttr(op, "static_strides");
  p->rank = (int)mlirDenseArrayGetNumElements(off);
  p->any_dynamic_offset = false;
  int next = first_dynamic;
  for (int i = 0; i < p->rank; ++i) {
    p->offsets[i] = i64Elem(off, i);
    p->dyn_offsets[i] = -1;
    if (isDynamic(p->offsets[i])) {
      int id = operand(e, op, next++);
      if (id < 0)
        return false;
      p->dyn_offsets[i] = exToI32Scalar(e, id);
      p->any_dynamic_offset = true;
      p->offsets[i] = 0;
    }
  }
  for (int i = 0; i < p->rank; ++i) {
    p->sizes[i] = i64Elem(sz, i);
    p->strides[i] = i64Elem(st, i);
    if (isDynamic(p->sizes[i]) || isDynamic(p->strides[i]))
      return exError(e, op,
                     "stablehlo export: dynamic slice sizes or strides "
                     "have no mapping") >= 0 &&
             false;
  }
  return true;
}

static bool emitExtractSlice(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int src = operand(e, op, 0);
  SliceParams p;
  ExType rt;
  if (src < 0 || !readSliceParams(e, op, 1, &p) || !resultType(e, op, 0, &rt))
    return false;
  int64_t start[EX_MAX_RANK], limit[EX_MAX_RANK], one[EX_MAX_RANK];
  int cur = src;
  if (p.any_dynamic_offset) {
    /* dynamic_slice of the span, then a strided static slice. */
    int ops[1 + EX_MAX_RANK];
    ops[0] = src;
    ExType t = *exTypeOf(e, src);
    int64_t span[EX_MAX_RANK];
    for (int i = 0; i < p.rank; ++i) {
      span[i] = p.strides[i] * (p.sizes[i] - 1) + 1;
      ops[1 + i] = p.dyn_offsets[i] >= 0 ? p.dyn_offsets[i]
                                         : exConstI32(e, p.offsets[i]);
      t.shape[i] = span[i];
      p.offsets[i] = 0;
    }
    char attrs[512];
    size_t k =
        (size_t)snprintf(attrs, sizeof(attrs), "slice_sizes = array<i64: ");
    for (int i = 0; i < p.rank; ++i)
      k += (size_t)snprintf(attrs + k, sizeof(attrs) - k, "%s%lld",
                            i ? ", " : "", (long long)span[i]);
    snprintf(attrs + k, sizeof(attrs) - k, ">");
    cur = exOp(e, "stablehlo.dynamic_slice", attrs, 1 + p.rank, ops, &t);
  }
  for (int i = 0; i < p.rank; ++i) {
    start[i] = p.offsets[i];
    limit[i] = p.offsets[i] + p.strides[i] * (p.sizes[i] - 1) + 1;
    one[i] = p.strides[i];
  }
  cur = exSlice(e, cur, start, limit, one);
  return bindResult(e, op, 0, exReshape(e, cur, &rt));
}

static bool emitInsertSlice(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int src = operand(e, op, 0), dst = operand(e, op, 1);
  SliceParams p;
  if (src < 0 || dst < 0 || !readSliceParams(e, op, 2, &p))
    return false;
  ExType st = *exTypeOf(e, src);
  st.rank = p.rank;
  for (int i = 0; i < p.rank; ++i) {
    if (p.strides[i] != 1)
      return exError(e, op,
                     "stablehlo export: strided insert_slice has no "
                     "mapping") >= 0;
    st.shape[i] = p.sizes[i];
  }
  src = exReshape(e, src, &st); /* rank-reduced sources get their unit dims */
  int ops[2 + EX_MAX_RANK];
  ops[0] = dst;
  ops[1] = src;
  for (int i = 0; i < p.rank; ++i)
    ops[2 + i] =
        p.dyn_offsets[i] >= 0 ? p.dyn_offsets[i] : exConstI32(e, p.offsets[i]);
  ExType t = *exTypeOf(e, dst);
  return bindResult(
      e, op, 0,
      exOp(e, "stablehlo.dynamic_update_slice", "", 2 + p.rank, ops, &t));
}

/* tensor.extract inside a linalg body reads one element per iteration at
 * indices computed per iteration: a gather of 1-element slices. */
static int gatherScalars(Ex *e, int src, int rank, const int *idx) {
  ExType it = *exTypeOf(e, idx[0]);
  ExType one = it;
  one.shape[one.rank++] = 1;
  int cols[EX_MAX_RANK];
  for (int i = 0; i < rank; ++i)
    cols[i] = exReshape(e, idx[i], &one);
  int indices = exConcat(e, rank, cols, it.rank);
  char attrs[512], dims[128];
  size_t k = 0;
  for (int i = 0; i < rank; ++i)
    k += (size_t)snprintf(dims + k, sizeof(dims) - k, "%s%d", i ? ", " : "", i);
  k = (size_t)snprintf(
      attrs, sizeof(attrs),
      "dimension_numbers = #stablehlo.gather<collapsed_slice_dims = "
      "[%s], start_index_map = [%s], index_vector_dim = %d>, "
      "slice_sizes = array<i64: ",
      dims, dims, it.rank);
  for (int i = 0; i < rank; ++i)
    k += (size_t)snprintf(attrs + k, sizeof(attrs) - k, "%s1", i ? ", " : "");
  snprintf(attrs + k, sizeof(attrs) - k, ">");
  int ops[2] = {src, indices};
  ExType rt = exTypeWithElem(&it, exTypeOf(e, src)->elem);
  return exOp(e, "stablehlo.gather", attrs, 2, ops, &rt);
}

static bool emitExtract(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int src = operand(e, op, 0);
  if (src < 0)
    return false;
  const ExType *stp = exTypeOf(e, src);
  int rank = stp->rank;
  int ops[1 + EX_MAX_RANK];
  ops[0] = src;
  for (int i = 0; i < rank; ++i) {
    int id = operand(e, op, 1 + i);
    if (id < 0)
      return false;
    ops[1 + i] = exToI32Scalar(e, id);
  }
  if (rank && exTypeOf(e, ops[1])->rank > 0)
    return bindResult(e, op, 0, gatherScalars(e, src, rank, ops + 1));
  ExType t = *exTypeOf(e, src);
  char attrs[256];
  size_t k = (size_t)snprintf(attrs, sizeof(attrs), "slice_sizes = array<i64%s",
                              rank ? ": " : "");
  for (int i = 0; i < rank; ++i) {
    t.shape[i] = 1;
    k += (size_t)snprintf(attrs + k, sizeof(attrs) - k, "%s1", i ? ", " : "");
  }
  snprintf(attrs + k, sizeof(attrs) - k, ">");
  int s =
      rank ? exOp(e, "stablehlo.dynamic_slice", attrs, 1 + rank, ops, &t) : src;
  ExType r = exScalarType(t.elem);
  return bindResult(e, op, 0, exReshape(e, s, &r));
}

/* tensor.insert writes one element at scalar indices (a scatter loop's
 * body): a dynamic_update_slice of a 1x...x1 update. */
static bool emitInsert(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int scalar = operand(e, op, 0), dst = operand(e, op, 1);
  if (scalar < 0 || dst < 0)
    return false;
  ExType t = *exTypeOf(e, dst);
  ExType one = t;
  int ops[2 + EX_MAX_RANK];
  ops[0] = dst;
  for (int i = 0; i < t.rank; ++i) {
    int id = operand(e, op, 2 + i);
    if (id < 0)
      return false;
    if (exTypeOf(e, id)->rank > 0)
      return exError(e, op,
                     "stablehlo export: tensor.insert at per-element "
                     "indices has no mapping") >= 0;
    ops[2 + i] = exToI32Scalar(e, id);
    one.shape[i] = 1;
  }
  ops[1] = exReshape(e, scalar, &one);
  return bindResult(
      e, op, 0,
      exOp(e, "stablehlo.dynamic_update_slice", "", 2 + t.rank, ops, &t));
}

static bool emitFromElements(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int n = (int)mlirOperationGetNumOperands(op);
  ExType rt;
  if (!resultType(e, op, 0, &rt))
    return false;
  int *ids = gspmdArenaAlloc(&e->arena, sizeof(int) * (size_t)(n ? n : 1));
  for (int i = 0; i < n; ++i) {
    int a = operand(e, op, i);
    if (a < 0)
      return false;
    ExType one = exScalarType(rt.elem);
    one.rank = 1;
    one.shape[0] = 1;
    ids[i] = exReshape(e, a, &one);
  }
  return bindResult(e, op, 0, exReshape(e, exConcat(e, n, ids, 0), &rt));
}

static bool emitConcat(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int n = (int)mlirOperationGetNumOperands(op);
  int *ids = gspmdArenaAlloc(&e->arena, sizeof(int) * (size_t)n);
  for (int i = 0; i < n; ++i)
    if ((ids[i] = operand(e, op, i)) < 0)
      return false;
  int dim = (int)mlirIntegerAttrGetValueInt(exAttr(op, "dim"));
  return bindResult(e, op, 0, exConcat(e, n, ids, dim));
}

/* tensor.generate: its body over the result's shape, the index arguments as
 * iotas (static shapes only). */
static bool emitGenerate(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  ExType rt;
  if (!resultType(e, op, 0, &rt))
    return false;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  ExType it = exTypeWithElem(&rt, "i64");
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(body); ++i)
    exBind(e, mlirBlockGetArgument(body, i), exIota(e, &it, (int)i));
  const ExType *saved = e->body_shape;
  e->body_shape = &rt;
  bool ok = exExportBlockBody(e, body);
  MlirOperation yield = mlirBlockGetTerminator(body);
  int value = ok ? exUse(e, yield, mlirOperationGetOperand(yield, 0)) : -1;
  e->body_shape = saved;
  return bindResult(e, op, 0, value);
}

/* tensor.pad whose value is computed from the indices: the region runs over
 * the result's shape (its index arguments are iotas), and the padded source
 * is selected where the index falls inside it. */
static bool emitPadByIndex(Ex *e, MlirOperation op, int src, MlirBlock body,
                           const ExType *rt, const int64_t *lo) {
  ExType shape = *rt;
  ExType it = exTypeWithElem(&shape, "i64");
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(body); ++i)
    exBind(e, mlirBlockGetArgument(body, i), exIota(e, &it, (int)i));
  const ExType *saved = e->body_shape;
  e->body_shape = &shape;
  bool ok = exExportBlockBody(e, body);
  MlirOperation yield = mlirBlockGetTerminator(body);
  int value = ok ? exUse(e, yield, mlirOperationGetOperand(yield, 0)) : -1;
  e->body_shape = saved;
  if (value < 0)
    return false;
  ExType st = *exTypeOf(e, src);
  ExType zt = exScalarType(st.elem);
  int zero = exIdentity(e, EX_ADD, &zt);
  char attrs[1024];
  size_t k = 0;
  const char *names[3] = {"edge_padding_low", "edge_padding_high",
                          "interior_padding"};
  for (int w = 0; w < 3; ++w) {
    k += (size_t)snprintf(attrs + k, sizeof(attrs) - k,
                          "%s%s = array<i64: ", w ? ", " : "", names[w]);
    for (int i = 0; i < st.rank; ++i)
      k += (size_t)snprintf(
          attrs + k, sizeof(attrs) - k, "%s%lld", i ? ", " : "",
          (long long)(w == 0   ? lo[i]
                      : w == 1 ? rt->shape[i] - st.shape[i] - lo[i]
                               : 0));
    k += (size_t)snprintf(attrs + k, sizeof(attrs) - k, ">");
  }
  int ops[2] = {src, zero};
  ExType pt = exTypeWithElem(rt, st.elem);
  int padded = exOp(e, "stablehlo.pad", attrs, 2, ops, &pt);
  int inside = -1;
  for (int d = 0; d < st.rank; ++d) {
    char v[32];
    int idx = exIota(e, &it, d);
    snprintf(v, sizeof(v), "%lld", (long long)lo[d]);
    int ge = exCompare(e, idx, exSplat(e, &it, v), "GE");
    snprintf(v, sizeof(v), "%lld", (long long)(lo[d] + st.shape[d]));
    int lt = exCompare(e, idx, exSplat(e, &it, v), "LT");
    int in_d = exBinary(e, "stablehlo.and", ge, lt);
    inside = inside < 0 ? in_d : exBinary(e, "stablehlo.and", inside, in_d);
  }
  int r = inside < 0 ? padded : exSelect(e, inside, padded, value);
  return bindResult(e, op, 0, r);
}

/* tensor.pad: the padding value is the region's yield; it may be computed in
 * the region from constants or values of the enclosing code, not from the
 * indices. */
/* The value of an integer or index arith.constant; false for anything
 * else. */
static bool constantInt(MlirValue v, int64_t *out) {
  if (!mlirValueIsAOpResult(v))
    return false;
  MlirOperation def = mlirOpResultGetOwner(v);
  if (!exOpIs(def, "arith.constant"))
    return false;
  MlirAttribute a = exAttr(def, "value");
  if (!mlirAttributeIsAInteger(a))
    return false;
  *out = mlirIntegerAttrGetValueInt(a);
  return true;
}

/* tensor.pad's amounts, static or constant (tosa.pad's const_shape lowers to
 * SSA constants that canonicalize leaves as operands): lo / hi get them. */
static bool padAmounts(Ex *e, MlirOperation op, int rank, int64_t *lo,
                       int64_t *hi) {
  MlirAttribute slo = exAttr(op, "static_low"), shi = exAttr(op, "static_high");
  int next = 1;
  for (int w = 0; w < 2; ++w)
    for (int i = 0; i < rank; ++i) {
      int64_t *dst = w ? &hi[i] : &lo[i];
      *dst = i64Elem(w ? shi : slo, i);
      if (isDynamic(*dst) &&
          !constantInt(mlirOperationGetOperand(op, next++), dst))
        return exError(e, op,
                       "stablehlo export: tensor.pad with dynamic "
                       "padding has no mapping") >= 0 &&
               false;
    }
  return true;
}

static bool emitPad(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int src = operand(e, op, 0);
  if (src < 0)
    return false;
  int rank = (int)mlirDenseArrayGetNumElements(exAttr(op, "static_low"));
  int64_t lo[EX_MAX_RANK], hi[EX_MAX_RANK];
  if (rank > EX_MAX_RANK || !padAmounts(e, op, rank, lo, hi))
    return false;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  bool by_index = false;
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(body); ++i)
    by_index |= !mlirOpOperandIsNull(
        mlirValueGetFirstUse(mlirBlockGetArgument(body, i)));
  ExType rt;
  if (!resultType(e, op, 0, &rt))
    return false;
  if (by_index)
    return emitPadByIndex(e, op, src, body, &rt, lo);
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(body); ++i)
    exBind(e, mlirBlockGetArgument(body, i), -1);
  if (!exExportBlockBody(e, body))
    return false;
  MlirOperation yield = mlirBlockGetTerminator(body);
  int value = exUse(e, yield, mlirOperationGetOperand(yield, 0));
  if (value < 0)
    return false;
  char attrs[1024];
  size_t k = 0;
  const char *names[3] = {"edge_padding_low", "edge_padding_high",
                          "interior_padding"};
  for (int w = 0; w < 3; ++w) {
    k += (size_t)snprintf(attrs + k, sizeof(attrs) - k, "%s%s = array<i64%s",
                          w ? ", " : "", names[w], rank ? ": " : "");
    for (int i = 0; i < rank; ++i)
      k += (size_t)snprintf(attrs + k, sizeof(attrs) - k, "%s%lld",
                            i ? ", " : "",
                            (long long)(w == 0   ? lo[i]
                                        : w == 1 ? hi[i]
                                                 : 0));
    k += (size_t)snprintf(attrs + k, sizeof(attrs) - k, ">");
  }
  int ops[2] = {src, value};
  return bindResult(e, op, 0, exOp(e, "stablehlo.pad", attrs, 2, ops, &rt));
}

/*===-- linalg ------------------------------------------------------------===*/

/* A linear affine expression: sum of coef * d_loop, plus constant. */
typedef struct Linear {
  int num_terms;
  int loop[EX_MAX_RANK];
  int64_t coef[EX_MAX_RANK];
  int64_t constant;
} Linear;

static bool linearOf(MlirAffineExpr x, int64_t scale, Linear *out) {
  if (mlirAffineExprIsADim(x)) {
    int d = (int)mlirAffineDimExprGetPosition(x);
    for (int i = 0; i < out->num_terms; ++i)
      if (out->loop[i] == d) {
        out->coef[i] += scale;
        return true;
      }
    if (out->num_terms == EX_MAX_RANK)
      return false;
    out->loop[out->num_terms] = d;
    out->coef[out->num_terms++] = scale;
    return true;
  }
  if (mlirAffineExprIsAConstant(x)) {
    out->constant += scale * mlirAffineConstantExprGetValue(x);
    return true;
  }
  if (mlirAffineExprIsAAdd(x))
    return linearOf(mlirAffineBinaryOpExprGetLHS(x), scale, out) &&
           linearOf(mlirAffineBinaryOpExprGetRHS(x), scale, out);
  if (mlirAffineExprIsAMul(x)) {
    MlirAffineExpr l = mlirAffineBinaryOpExprGetLHS(x),
                   r = mlirAffineBinaryOpExprGetRHS(x);
    if (mlirAffineExprIsAConstant(r))
      return linearOf(l, scale * mlirAffineConstantExprGetValue(r), out);
    if (mlirAffineExprIsAConstant(l))
      return linearOf(r, scale * mlirAffineConstantExprGetValue(l), out);
  }
  return false;
}

typedef struct Generic {
  MlirOperation op;
  int num_loops, num_ins, num_outs;
  int64_t loop_size[EX_MAX_RANK];
  bool reduction[EX_MAX_RANK];
  MlirAffineMap maps[16];
  ExType iter; /* loop shape (element type set per use) */
} Generic;

/* Loops an affine expression reads, in first-use order; false on symbols or
 * too many. */
static bool exprLoops(MlirAffineExpr x, int *loops, int *n) {
  if (mlirAffineExprIsADim(x)) {
    int d = (int)mlirAffineDimExprGetPosition(x);
    for (int i = 0; i < *n; ++i)
      if (loops[i] == d)
        return true;
    if (*n == EX_MAX_RANK)
      return false;
    loops[(*n)++] = d;
    return true;
  }
  if (mlirAffineExprIsAConstant(x))
    return true;
  if (mlirAffineExprIsASymbol(x))
    return false;
  return exprLoops(mlirAffineBinaryOpExprGetLHS(x), loops, n) &&
         exprLoops(mlirAffineBinaryOpExprGetRHS(x), loops, n);
}

/* Floor division and modulo of i64 tensors (StableHLO's divide and
 * remainder truncate toward zero; affine floordiv / mod round toward minus
 * infinity, and the divisor is a positive constant). */
static int floorDivMod(Ex *e, int a, int b, bool mod) {
  ExType t = *exTypeOf(e, a);
  int zero = exSplat(e, &t, "0");
  int q = exBinary(e, "stablehlo.divide", a, b);
  int r = exBinary(e, "stablehlo.remainder", a, b);
  int fix = exBinary(e, "stablehlo.and", exCompare(e, r, zero, "NE"),
                     exCompare(e, r, zero, "LT"));
  if (mod)
    return exSelect(e, fix, exBinary(e, "stablehlo.add", r, b), r);
  return exSelect(e, fix,
                  exBinary(e, "stablehlo.subtract", q, exSplat(e, &t, "1")), q);
}

/* The value of a (semi-)affine expression at every point of the loops
 * `loops` (shape t, i64): iotas, arithmetic, floordiv / ceildiv / mod by
 * constants. -1 after an error. */
static int evalExpr(Ex *e, Generic *g, MlirAffineExpr x, const int *loops,
                    int n, const ExType *t) {
  if (mlirAffineExprIsADim(x)) {
    int d = (int)mlirAffineDimExprGetPosition(x);
    for (int i = 0; i < n; ++i)
      if (loops[i] == d)
        return exIota(e, t, i);
    return -1;
  }
  if (mlirAffineExprIsAConstant(x)) {
    char v[32];
    snprintf(v, sizeof(v), "%lld",
             (long long)mlirAffineConstantExprGetValue(x));
    return exSplat(e, t, v);
  }
  MlirAffineExpr l = mlirAffineBinaryOpExprGetLHS(x),
                 r = mlirAffineBinaryOpExprGetRHS(x);
  bool div = mlirAffineExprIsAFloorDiv(x) || mlirAffineExprIsACeilDiv(x) ||
             mlirAffineExprIsAMod(x);
  if (div &&
      (!mlirAffineExprIsAConstant(r) || mlirAffineConstantExprGetValue(r) <= 0))
    return exError(e, g->op,
                   "stablehlo export: indexing map divides by a "
                   "non-constant or non-positive value (no mapping)");
  int a = evalExpr(e, g, l, loops, n, t), b = evalExpr(e, g, r, loops, n, t);
  if (a < 0 || b < 0)
    return -1;
  if (mlirAffineExprIsAAdd(x))
    return exBinary(e, "stablehlo.add", a, b);
  if (mlirAffineExprIsAMul(x))
    return exBinary(e, "stablehlo.multiply", a, b);
  if (mlirAffineExprIsAFloorDiv(x))
    return floorDivMod(e, a, b, false);
  if (mlirAffineExprIsAMod(x))
    return floorDivMod(e, a, b, true);
  /* ceildiv(a, b) = -floordiv(-a, b) */
  return exUnary(e, "stablehlo.negate",
                 floorDivMod(e, exUnary(e, "stablehlo.negate", a), b, false));
}

/* Reads dim `pos` of `cur` at the indices a non-linear map result (a
 * floordiv, mod or ceildiv) takes over its loops: a stablehlo.gather whose
 * index tensor is the expression evaluated on iotas. Dim pos becomes one
 * dim per loop read (in *loops, count *n). */
static int gatherDim(Ex *e, Generic *g, int cur, int pos, MlirAffineExpr x,
                     int *loops, int *n) {
  *n = 0;
  if (!exprLoops(x, loops, n))
    return exError(e, g->op,
                   "stablehlo export: indexing map with symbols has no "
                   "mapping");
  const ExType cur_type = *exTypeOf(e, cur); /* ids below may move it */
  const ExType *ct = &cur_type;
  int r = ct->rank, k = *n;
  if (r - 1 + k > EX_MAX_RANK)
    return exError(e, g->op, "stablehlo export: too many dims");
  ExType it;
  memset(&it, 0, sizeof(it));
  strcpy(it.elem, "i64");
  it.rank = k;
  for (int i = 0; i < k; ++i)
    it.shape[i] = g->loop_size[loops[i]];
  int idx = evalExpr(e, g, x, loops, k, &it);
  if (idx < 0)
    return -1;
  ExType it1 = it;
  it1.shape[it1.rank++] = 1;
  idx = exReshape(e, idx, &it1);
  ExType rt;
  memset(&rt, 0, sizeof(rt));
  memcpy(rt.elem, ct->elem, sizeof(rt.elem));
  char offs[256], sizes[256];
  size_t ko = 0, ks = 0;
  offs[0] = 0;
  for (int d = 0; d < r; ++d) {
    ks += (size_t)snprintf(sizes + ks, sizeof(sizes) - ks, "%s%lld",
                           d ? ", " : "",
                           (long long)(d == pos ? 1 : ct->shape[d]));
    if (d == pos) {
      for (int i = 0; i < k; ++i)
        rt.shape[rt.rank++] = it.shape[i];
      continue;
    }
    ko += (size_t)snprintf(offs + ko, sizeof(offs) - ko, "%s%d", ko ? ", " : "",
                           rt.rank);
    rt.shape[rt.rank++] = ct->shape[d];
  }
  char attrs[768];
  snprintf(attrs, sizeof(attrs),
           "dimension_numbers = #stablehlo.gather<offset_dims = [%s], "
           "collapsed_slice_dims = [%d], start_index_map = [%d], "
           "index_vector_dim = %d>, slice_sizes = array<i64: %s>",
           offs, pos, pos, k, sizes);
  int ops[2] = {cur, idx};
  return exOp(e, "stablehlo.gather", attrs, 2, ops, &rt);
}

/* Expands operand value `id` read through `map` to the iteration space. */
static int expandToLoops(Ex *e, Generic *g, int id, MlirAffineMap map) {
  int label[EX_MAX_RANK]; /* loop of each current dim, -1 = to drop */
  int cur = id;
  int nres = (int)mlirAffineMapGetNumResults(map);
  ExType t = *exTypeOf(e, id);
  int rank = t.rank, pos = 0; /* pos: current dim of the source dim j */
  (void)rank;
  for (int j = 0; j < nres; ++j) {
    Linear lin = {0};
    MlirAffineExpr x = mlirAffineMapGetResult(map, j);
    if (mlirAffineExprIsAMod(x)) {
      /* `(d + c) mod n` over a whole dim of n (a rotation, the circular
       * pipeline's shift): rows [c', n) then [0, c'), c' = c mod n. Slices
       * and a concatenate, which XLA partitions into a collective_permute;
       * other mods take the gather below. */
      MlirAffineExpr rhs = mlirAffineBinaryOpExprGetRHS(x);
      const ExType *ct = exTypeOf(e, cur);
      int64_t n = mlirAffineExprIsAConstant(rhs)
                      ? mlirAffineConstantExprGetValue(rhs)
                      : -1;
      if (n > 0 && ct->shape[pos] == n &&
          linearOf(mlirAffineBinaryOpExprGetLHS(x), 1, &lin) &&
          lin.num_terms == 1 && lin.coef[0] == 1 &&
          g->loop_size[lin.loop[0]] == n) {
        int64_t c = ((lin.constant % n) + n) % n;
        int64_t start[EX_MAX_RANK], limit[EX_MAX_RANK], strides[EX_MAX_RANK];
        for (int i = 0; i < ct->rank; ++i) {
          start[i] = 0;
          limit[i] = ct->shape[i];
          strides[i] = 1;
        }
        if (c != 0) {
          int pieces[2];
          start[pos] = c;
          pieces[0] = exSlice(e, cur, start, limit, strides);
          start[pos] = 0;
          limit[pos] = c;
          pieces[1] = exSlice(e, cur, start, limit, strides);
          cur = exConcat(e, 2, pieces, pos);
        }
        label[pos++] = lin.loop[0];
        continue;
      }
      lin = (Linear){0};
    }
    if (!linearOf(x, 1, &lin)) {
      int loops[EX_MAX_RANK], k;
      cur = gatherDim(e, g, cur, pos, x, loops, &k);
      if (cur < 0)
        return -1;
      for (int i = 0; i < k; ++i)
        label[pos++] = loops[i];
      continue;
    }
    /* Drop zero coefficients. */
    int nt = 0;
    for (int i = 0; i < lin.num_terms; ++i)
      if (lin.coef[i] != 0) {
        lin.loop[nt] = lin.loop[i];
        lin.coef[nt++] = lin.coef[i];
      }
    lin.num_terms = nt;
    const ExType *ct = exTypeOf(e, cur);
    int64_t start[EX_MAX_RANK], limit[EX_MAX_RANK], strides[EX_MAX_RANK];
    for (int i = 0; i < ct->rank; ++i) {
      start[i] = 0;
      limit[i] = ct->shape[i];
      strides[i] = 1;
    }
    if (nt == 0) {
      start[pos] = lin.constant;
      limit[pos] = lin.constant + 1;
      cur = exSlice(e, cur, start, limit, strides);
      label[pos++] = -1;
      continue;
    }
    if (nt == 1 && lin.coef[0] < 0) {
      /* k - c*d: a strided slice read backwards (stablehlo.reverse). */
      int64_t c = -lin.coef[0], n = g->loop_size[lin.loop[0]];
      start[pos] = lin.constant - c * (n - 1);
      limit[pos] = lin.constant + 1;
      strides[pos] = c;
      if (start[pos] < 0)
        return exError(e, g->op,
                       "stablehlo export: indexing map reads before "
                       "the start of an operand");
      cur = exSlice(e, cur, start, limit, strides);
      char attrs[64];
      snprintf(attrs, sizeof(attrs), "dimensions = array<i64: %d>", pos);
      ExType rt = *exTypeOf(e, cur);
      cur = exOp(e, "stablehlo.reverse", attrs, 1, &cur, &rt);
      label[pos++] = lin.loop[0];
      continue;
    }
    for (int i = 0; i < nt; ++i)
      if (lin.coef[i] < 0)
        return exError(e, g->op,
                       "stablehlo export: negative coefficient in an "
                       "indexing map has no mapping");
    if (nt == 1) {
      start[pos] = lin.constant;
      limit[pos] =
          lin.constant + lin.coef[0] * (g->loop_size[lin.loop[0]] - 1) + 1;
      strides[pos] = lin.coef[0];
      cur = exSlice(e, cur, start, limit, strides);
      label[pos++] = lin.loop[0];
      continue;
    }
    /* Several loops read this dim (a window): one slice along the first
     * term per combination of the others, stacked into new dims. */
    int64_t combos = 1;
    for (int i = 1; i < nt; ++i)
      combos *= g->loop_size[lin.loop[i]];
    if (combos > 4096)
      return exError(e, g->op,
                     "stablehlo export: window of %lld positions is "
                     "too large to expand",
                     (long long)combos);
    int *pieces = gspmdArenaAlloc(&e->arena, sizeof(int) * (size_t)combos);
    for (int64_t c = 0; c < combos; ++c) {
      int64_t rem = c, offset = lin.constant;
      for (int i = nt - 1; i >= 1; --i) {
        int64_t n = g->loop_size[lin.loop[i]];
        offset += lin.coef[i] * (rem % n);
        rem /= n;
      }
      int64_t s2[EX_MAX_RANK], l2[EX_MAX_RANK], st2[EX_MAX_RANK];
      memcpy(s2, start, sizeof(s2));
      memcpy(l2, limit, sizeof(l2));
      memcpy(st2, strides, sizeof(st2));
      s2[pos] = offset;
      l2[pos] = offset + lin.coef[0] * (g->loop_size[lin.loop[0]] - 1) + 1;
      st2[pos] = lin.coef[0];
      int piece = exSlice(e, cur, s2, l2, st2);
      ExType pt = *exTypeOf(e, piece);
      for (int i = pt.rank; i > pos; --i)
        pt.shape[i] = pt.shape[i - 1];
      pt.shape[pos] = 1;
      pt.rank++;
      pieces[c] = exReshape(e, piece, &pt);
    }
    int stacked = exConcat(e, (int)combos, pieces, pos);
    ExType nt_type = *exTypeOf(e, stacked);
    /* [.., combos, n0, ..] -> [.., n1, .., n_{k-1}, n0, ..] */
    ExType r;
    memset(&r, 0, sizeof(r));
    memcpy(r.elem, nt_type.elem, sizeof(r.elem));
    for (int i = 0; i < pos; ++i)
      r.shape[r.rank++] = nt_type.shape[i];
    for (int i = 1; i < nt; ++i)
      r.shape[r.rank++] = g->loop_size[lin.loop[i]];
    for (int i = pos + 1; i < nt_type.rank; ++i)
      r.shape[r.rank++] = nt_type.shape[i];
    if (r.rank > EX_MAX_RANK)
      return exError(e, g->op, "stablehlo export: too many dims");
    cur = exReshape(e, stacked, &r);
    for (int i = 1; i < nt; ++i)
      label[pos++] = lin.loop[i];
    label[pos++] = lin.loop[0];
  }
  /* Drop constant-indexed dims; reject a loop on two dims (diagonals). */
  ExType kept;
  memset(&kept, 0, sizeof(kept));
  const ExType *ct = exTypeOf(e, cur);
  memcpy(kept.elem, ct->elem, sizeof(kept.elem));
  int kept_label[EX_MAX_RANK];
  for (int i = 0; i < pos; ++i) {
    if (label[i] < 0)
      continue;
    kept_label[kept.rank] = label[i];
    kept.shape[kept.rank++] = ct->shape[i];
  }
  cur = exReshape(e, cur, &kept);
  /* A loop on two dims (a diagonal): keep the elements whose two indices
   * agree (iota mask, zero elsewhere) and sum the second dim away. */
  for (int i = 0; i < kept.rank; ++i)
    for (int k = i + 1; k < kept.rank; ++k) {
      if (kept_label[k] != kept_label[i])
        continue;
      ExType t = *exTypeOf(e, cur);
      ExType it = exTypeWithElem(&t, "i64");
      int eq = exCompare(e, exIota(e, &it, i), exIota(e, &it, k), "EQ");
      ExType zt = t;
      int zero = exIdentity(e, EX_ADD, &zt);
      cur = exReduce(e, exSelect(e, eq, cur, zero), 1, &k, EX_ADD);
      for (int q = k; q + 1 < kept.rank; ++q) {
        kept_label[q] = kept_label[q + 1];
        kept.shape[q] = kept.shape[q + 1];
      }
      kept.rank--;
      --k;
    }
  /* Sort dims by loop, then broadcast to the loop shape. */
  int perm[EX_MAX_RANK], sorted[EX_MAX_RANK];
  for (int i = 0; i < kept.rank; ++i)
    perm[i] = i;
  for (int i = 1; i < kept.rank; ++i)
    for (int k = i; k > 0 && kept_label[perm[k - 1]] > kept_label[perm[k]];
         --k) {
      int tmp = perm[k];
      perm[k] = perm[k - 1];
      perm[k - 1] = tmp;
    }
  for (int i = 0; i < kept.rank; ++i)
    sorted[i] = kept_label[perm[i]];
  cur = exTranspose(e, cur, perm);
  if (kept.rank == g->num_loops)
    return cur;
  ExType full = exTypeWithElem(&g->iter, kept.elem);
  return exBroadcast(e, cur, &full, sorted);
}

static bool readGeneric(Ex *e, MlirOperation op, Generic *g) {
  memset(g, 0, sizeof(*g));
  g->op = op;
  MlirAttribute seg = exAttr(op, "operandSegmentSizes");
  g->num_ins = mlirDenseI32ArrayGetElement(seg, 0);
  g->num_outs = mlirDenseI32ArrayGetElement(seg, 1);
  g->num_loops = gspmdLinalgNumLoops(op);
  MlirAttribute maps = exAttr(op, "indexing_maps");
  int n = g->num_ins + g->num_outs;
  if (n > 16 || g->num_loops > EX_MAX_RANK)
    return exError(e, op, "stablehlo export: too many operands or loops") >= 0;
  for (int l = 0; l < g->num_loops; ++l) {
    g->loop_size[l] = -1;
    g->reduction[l] = gspmdLinalgLoopIsReduction(op, l);
  }
  for (int i = 0; i < n; ++i) {
    g->maps[i] = mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, i));
    MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i));
    if (!mlirTypeIsARankedTensor(t)) {
      if (mlirAffineMapGetNumResults(g->maps[i]) == 0)
        continue; /* a scalar operand */
      return exError(e, op,
                     "stablehlo export: linalg on buffers has no mapping") >= 0;
    }
    for (intptr_t j = 0; j < mlirAffineMapGetNumResults(g->maps[i]); ++j) {
      MlirAffineExpr x = mlirAffineMapGetResult(g->maps[i], j);
      if (mlirAffineExprIsADim(x))
        g->loop_size[mlirAffineDimExprGetPosition(x)] =
            mlirShapedTypeGetDimSize(t, j);
    }
  }
  g->iter.rank = g->num_loops;
  for (int l = 0; l < g->num_loops; ++l) {
    if (g->loop_size[l] < 0)
      return exError(e, op,
                     "stablehlo export: the size of loop d%d is not the "
                     "size of any operand dim (no mapping)",
                     l) >= 0;
    g->iter.shape[l] = g->loop_size[l];
  }
  return true;
}

/* The contraction `out = init + sum(a * b)` with a, b inputs read through
 * projected permutations: dot_general over the shared reduction loops. */
static bool projectedPermutation(MlirAffineMap m, int *loops) {
  for (intptr_t j = 0; j < mlirAffineMapGetNumResults(m); ++j) {
    MlirAffineExpr x = mlirAffineMapGetResult(m, j);
    if (!mlirAffineExprIsADim(x))
      return false;
    loops[j] = (int)mlirAffineDimExprGetPosition(x);
  }
  return true;
}

/* True when the body is exactly `yield acc + a * b` (float or integer) over
 * the two inputs' block arguments. */
static bool isMulAddBody(Generic *g, MlirOperation comb) {
  if (g->num_ins != 2 || g->num_outs != 1)
    return false;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(g->op, 0));
  MlirValue acc = mlirBlockGetArgument(body, 2);
  MlirValue x = mlirOperationGetOperand(comb, 0);
  if (mlirValueEqual(x, acc))
    x = mlirOperationGetOperand(comb, 1);
  if (!mlirValueIsAOpResult(x))
    return false;
  MlirOperation mul = mlirOpResultGetOwner(x);
  MlirStringRef cname = gspmdOpName(comb), mname = gspmdOpName(mul);
  if (!(gspmdStringRefEq(cname, "arith.addf") &&
        gspmdStringRefEq(mname, "arith.mulf")) &&
      !(gspmdStringRefEq(cname, "arith.addi") &&
        gspmdStringRefEq(mname, "arith.muli")))
    return false;
  int count = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    ++count;
  if (count != 3)
    return false;
  MlirValue m0 = mlirOperationGetOperand(mul, 0),
            m1 = mlirOperationGetOperand(mul, 1);
  MlirValue a0 = mlirBlockGetArgument(body, 0),
            a1 = mlirBlockGetArgument(body, 1);
  return (mlirValueEqual(m0, a0) && mlirValueEqual(m1, a1)) ||
         (mlirValueEqual(m0, a1) && mlirValueEqual(m1, a0));
}

/* The convolution `out[b, o.., f] += in[b, s*o + d*k.., c] * w[k.., c, f]`
 * (any dim order; or depthwise, one channel loop in all three and no c, f)
 * as stablehlo.convolution with strides s, kernel dilation d, no padding.
 * Returns -1 when the generic is not of that form (the caller expands it). */
static int tryConvolution(Ex *e, Generic *g, MlirOperation comb) {
  if (!isMulAddBody(g, comb))
    return -1;
  int lw[EX_MAX_RANK], lo[EX_MAX_RANK];
  if (!projectedPermutation(g->maps[1], lw) ||
      !projectedPermutation(g->maps[2], lo))
    return -1;
  int ri = (int)mlirAffineMapGetNumResults(g->maps[0]),
      rw = (int)mlirAffineMapGetNumResults(g->maps[1]),
      ro = (int)mlirAffineMapGetNumResults(g->maps[2]);
  bool in_w[EX_MAX_RANK] = {0}, in_o[EX_MAX_RANK] = {0};
  for (int j = 0; j < rw; ++j)
    in_w[lw[j]] = true;
  for (int j = 0; j < ro; ++j)
    in_o[lo[j]] = true;
  /* Input dims: 'b', 'c' (reduced feature), 'g' (group), or spatial. */
  char in_kind[EX_MAX_RANK];
  int in_loop[EX_MAX_RANK], nsp = 0, sp_dim[EX_MAX_RANK];
  int64_t stride[EX_MAX_RANK], dil[EX_MAX_RANK];
  int sp_par[EX_MAX_RANK], sp_red[EX_MAX_RANK];
  int nb = 0, nc = 0, ng = 0, batch = -1, feat = -1, group = -1;
  bool in_i[EX_MAX_RANK] = {0};
  for (int j = 0; j < ri; ++j) {
    Linear lin = {0};
    if (!linearOf(mlirAffineMapGetResult(g->maps[0], j), 1, &lin) ||
        lin.constant != 0)
      return -1;
    if (lin.num_terms == 1 && lin.coef[0] == 1) {
      int l = lin.loop[0];
      in_loop[j] = l;
      in_i[l] = true;
      if (!g->reduction[l] && in_o[l] && !in_w[l]) {
        in_kind[j] = 'b';
        batch = l;
        ++nb;
      } else if (g->reduction[l] && in_w[l] && !in_o[l]) {
        in_kind[j] = 'c';
        feat = l;
        ++nc;
      } else if (!g->reduction[l] && in_w[l] && in_o[l]) {
        in_kind[j] = 'g';
        group = l;
        ++ng;
      } else {
        return -1;
      }
      continue;
    }
    if (lin.num_terms != 2)
      return -1;
    int p = g->reduction[lin.loop[0]] ? 1 : 0, r = 1 - p;
    if (g->reduction[lin.loop[p]] || !g->reduction[lin.loop[r]] ||
        !in_o[lin.loop[p]] || !in_w[lin.loop[r]] || lin.coef[p] < 1 ||
        lin.coef[r] < 1)
      return -1;
    in_kind[j] = 's';
    in_i[lin.loop[p]] = in_i[lin.loop[r]] = true;
    sp_dim[nsp] = j;
    sp_par[nsp] = lin.loop[p];
    sp_red[nsp] = lin.loop[r];
    stride[nsp] = lin.coef[p];
    dil[nsp] = lin.coef[r];
    ++nsp;
  }
  /* Exactly one batch dim, and a feature pair or one group loop. */
  int out_feat = -1, nf = 0;
  for (int j = 0; j < rw; ++j)
    if (!g->reduction[lw[j]] && in_o[lw[j]] && !in_i[lw[j]]) {
      out_feat = lw[j];
      ++nf;
    }
  bool depthwise = ng == 1 && nc == 0 && nf == 0;
  if (nb != 1 || nsp == 0 || !(depthwise || (nc == 1 && nf == 1 && ng == 0)))
    return -1;
  if (ro != nsp + 2 || rw != nsp + (depthwise ? 1 : 2))
    return -1;
  int in = operand(e, g->op, 0), w = operand(e, g->op, 1),
      init = operand(e, g->op, 2);
  if (in < 0 || w < 0 || init < 0)
    return -2;
  ExType it = *exTypeOf(e, in), wt = *exTypeOf(e, w);
  if (strcmp(it.elem, wt.elem) || strcmp(it.elem, exTypeOf(e, init)->elem))
    return -1;
  /* Read only the rows the output needs (linalg may leave a tail). */
  int64_t start[EX_MAX_RANK] = {0}, limit[EX_MAX_RANK], one[EX_MAX_RANK];
  for (int j = 0; j < it.rank; ++j) {
    limit[j] = it.shape[j];
    one[j] = 1;
  }
  for (int i = 0; i < nsp; ++i)
    limit[sp_dim[i]] = stride[i] * (g->loop_size[sp_par[i]] - 1) +
                       dil[i] * (g->loop_size[sp_red[i]] - 1) + 1;
  in = exSlice(e, in, start, limit, one);
  /* Kernel layout: spatial index, 'i', 'o'; depthwise kernels get a unit
   * input-feature dim appended. */
  char lhs[256], rhs[256], out[256];
  size_t kl = 0, kr = 0, ko = 0;
  for (int j = 0; j < ri; ++j) {
    if (in_kind[j] == 's') {
      int i = 0;
      while (sp_dim[i] != j)
        ++i;
      kl += (size_t)snprintf(lhs + kl, sizeof(lhs) - kl, "%s%d", j ? ", " : "",
                             i);
    } else {
      kl += (size_t)snprintf(lhs + kl, sizeof(lhs) - kl, "%s%c", j ? ", " : "",
                             in_kind[j] == 'b' ? 'b' : 'f');
    }
  }
  for (int j = 0; j < rw; ++j) {
    int l = lw[j], i = -1;
    for (int q = 0; q < nsp; ++q)
      if (sp_red[q] == l)
        i = q;
    if (i >= 0)
      kr += (size_t)snprintf(rhs + kr, sizeof(rhs) - kr, "%s%d", j ? ", " : "",
                             i);
    else
      kr += (size_t)snprintf(rhs + kr, sizeof(rhs) - kr, "%s%c", j ? ", " : "",
                             l == feat ? 'i' : 'o');
  }
  if (depthwise) {
    ExType w2 = wt;
    w2.shape[w2.rank++] = 1;
    w = exReshape(e, w, &w2);
    kr += (size_t)snprintf(rhs + kr, sizeof(rhs) - kr, ", i");
  }
  ExType rt = exScalarType(it.elem);
  rt.rank = ro;
  for (int j = 0; j < ro; ++j) {
    int l = lo[j], i = -1;
    rt.shape[j] = g->loop_size[l];
    for (int q = 0; q < nsp; ++q)
      if (sp_par[q] == l)
        i = q;
    if (i >= 0)
      ko += (size_t)snprintf(out + ko, sizeof(out) - ko, "%s%d", j ? ", " : "",
                             i);
    else
      ko += (size_t)snprintf(out + ko, sizeof(out) - ko, "%s%c", j ? ", " : "",
                             l == batch ? 'b' : 'f');
  }
  (void)out_feat;
  char attrs[1024];
  size_t k = (size_t)snprintf(
      attrs, sizeof(attrs),
      "dimension_numbers = #stablehlo.conv<[%s]x[%s]->[%s]>, "
      "feature_group_count = %lld : i64, batch_group_count = 1 : i64, "
      "window_strides = array<i64: ",
      lhs, rhs, out, depthwise ? (long long)g->loop_size[group] : 1LL);
  for (int i = 0; i < nsp; ++i)
    k += (size_t)snprintf(attrs + k, sizeof(attrs) - k, "%s%lld", i ? ", " : "",
                          (long long)stride[i]);
  k += (size_t)snprintf(attrs + k, sizeof(attrs) - k,
                        ">, rhs_dilation = array<i64: ");
  for (int i = 0; i < nsp; ++i)
    k += (size_t)snprintf(attrs + k, sizeof(attrs) - k, "%s%lld", i ? ", " : "",
                          (long long)dil[i]);
  snprintf(attrs + k, sizeof(attrs) - k, ">");
  int ops[2] = {in, w};
  int conv = exOp(e, "stablehlo.convolution", attrs, 2, ops, &rt);
  return exCombine(e, EX_ADD, init, conv);
}

/* Pooling `out[.., o, ..] = comb(out, in[.., s*o + d*k, ..])` whose kernel
 * loops k come from a window-shape operand: stablehlo.reduce_window. Returns
 * -1 when the generic is not of that form. */
static int tryReduceWindow(Ex *e, Generic *g, MlirOperation comb,
                           ExCombiner kind) {
  if (g->num_ins != 2 || g->num_outs != 1)
    return -1;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(g->op, 0));
  MlirValue acc = mlirBlockGetArgument(body, 2);
  MlirValue x = mlirOperationGetOperand(comb, 0);
  if (mlirValueEqual(x, acc))
    x = mlirOperationGetOperand(comb, 1);
  if (!mlirValueEqual(x, mlirBlockGetArgument(body, 0)) ||
      !mlirOpOperandIsNull(mlirValueGetFirstUse(mlirBlockGetArgument(body, 1))))
    return -1;
  int count = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    ++count;
  if (count != 2)
    return -1;
  int lo[EX_MAX_RANK], lw[EX_MAX_RANK];
  if (!projectedPermutation(g->maps[2], lo) ||
      !projectedPermutation(g->maps[1], lw))
    return -1;
  int ri = (int)mlirAffineMapGetNumResults(g->maps[0]),
      ro = (int)mlirAffineMapGetNumResults(g->maps[2]);
  if (ri != ro)
    return -1;
  int64_t wdim[EX_MAX_RANK], wstr[EX_MAX_RANK], wdil[EX_MAX_RANK];
  int par_of_dim[EX_MAX_RANK];
  int in = operand(e, g->op, 0), init = operand(e, g->op, 2);
  if (in < 0 || init < 0)
    return -2;
  ExType it = *exTypeOf(e, in);
  int64_t start[EX_MAX_RANK] = {0}, limit[EX_MAX_RANK], one[EX_MAX_RANK];
  int nred = 0;
  for (int j = 0; j < ri; ++j) {
    Linear lin = {0};
    if (!linearOf(mlirAffineMapGetResult(g->maps[0], j), 1, &lin) ||
        lin.constant != 0)
      return -1;
    one[j] = 1;
    limit[j] = it.shape[j];
    if (lin.num_terms == 1 && lin.coef[0] == 1 && !g->reduction[lin.loop[0]]) {
      wdim[j] = wstr[j] = wdil[j] = 1;
      par_of_dim[j] = lin.loop[0];
      continue;
    }
    if (lin.num_terms != 2)
      return -1;
    int p = g->reduction[lin.loop[0]] ? 1 : 0, r = 1 - p;
    if (g->reduction[lin.loop[p]] || !g->reduction[lin.loop[r]] ||
        lin.coef[p] < 1 || lin.coef[r] < 1)
      return -1;
    par_of_dim[j] = lin.loop[p];
    wdim[j] = g->loop_size[lin.loop[r]];
    wstr[j] = lin.coef[p];
    wdil[j] = lin.coef[r];
    limit[j] =
        wstr[j] * (g->loop_size[lin.loop[p]] - 1) + wdil[j] * (wdim[j] - 1) + 1;
    ++nred;
  }
  int nred_loops = 0;
  for (int l = 0; l < g->num_loops; ++l)
    nred_loops += g->reduction[l];
  if (nred == 0 || nred != nred_loops)
    return -1;
  in = exSlice(e, in, start, limit, one);
  ExType rt = exScalarType(it.elem);
  rt.rank = ri;
  for (int j = 0; j < ri; ++j)
    rt.shape[j] = g->loop_size[par_of_dim[j]];
  ExType st = exScalarType(it.elem);
  int id_init = exIdentity(e, kind, &st);
  int id, ops[2] = {in, id_init};
  char buf[256], buf2[64], buf3[256];
  exResultsBegin(e, 1, &rt, &id);
  fputs("\"stablehlo.reduce_window\"", e->out);
  fprintf(e->out, "(%s, ", exName(e, ops[0], buf, sizeof(buf)));
  fprintf(e->out, "%s) ", exName(e, ops[1], buf, sizeof(buf)));
  exPrintReducerRegion(e, kind, it.elem);
  const char *names[3] = {"window_dimensions", "window_strides",
                          "window_dilations"};
  const int64_t *vals[3] = {wdim, wstr, wdil};
  fputs(" {", e->out);
  for (int w = 0; w < 3; ++w) {
    fprintf(e->out, "%s%s = array<i64: ", w ? ", " : "", names[w]);
    for (int j = 0; j < ri; ++j)
      fprintf(e->out, "%s%lld", j ? ", " : "", (long long)vals[w][j]);
    fputc('>', e->out);
  }
  fprintf(e->out, "} : (%s, %s) -> %s\n",
          exTypeStr(exTypeOf(e, in), buf, sizeof(buf)),
          exTypeStr(&st, buf2, sizeof(buf2)),
          exTypeStr(&rt, buf3, sizeof(buf3)));
  /* Result dims follow the input's; the output map orders them. */
  int perm[EX_MAX_RANK];
  for (int j = 0; j < ro; ++j) {
    perm[j] = -1;
    for (int q = 0; q < ri; ++q)
      if (par_of_dim[q] == lo[j])
        perm[j] = q;
    if (perm[j] < 0)
      return -1;
  }
  (void)lw;
  return exCombine(e, kind, init, exTranspose(e, id, perm));
}

static int tryDotGeneral(Ex *e, Generic *g, MlirOperation comb, int out_index) {
  if (!isMulAddBody(g, comb))
    return -1;
  int la[EX_MAX_RANK], lb[EX_MAX_RANK], lo[EX_MAX_RANK];
  if (!projectedPermutation(g->maps[0], la) ||
      !projectedPermutation(g->maps[1], lb) ||
      !projectedPermutation(g->maps[2], lo))
    return -1;
  int ra = (int)mlirAffineMapGetNumResults(g->maps[0]),
      rb = (int)mlirAffineMapGetNumResults(g->maps[1]),
      ro = (int)mlirAffineMapGetNumResults(g->maps[2]);
  int a = operand(e, g->op, 0), b = operand(e, g->op, 1),
      init = operand(e, g->op, 2);
  if (a < 0 || b < 0 || init < 0)
    return -2;
  const ExType *at = exTypeOf(e, a), *bt = exTypeOf(e, b);
  if (strcmp(at->elem, bt->elem) || strcmp(at->elem, exTypeOf(e, init)->elem))
    return -1;
  int64_t lhs_batch[EX_MAX_RANK], rhs_batch[EX_MAX_RANK], lhs_c[EX_MAX_RANK],
      rhs_c[EX_MAX_RANK];
  int nb = 0, nc = 0;
  int res_loops[EX_MAX_RANK], nr = 0;
  bool in_a[EX_MAX_RANK] = {0}, in_b[EX_MAX_RANK] = {0},
       in_o[EX_MAX_RANK] = {0};
  for (int j = 0; j < ra; ++j)
    in_a[la[j]] = true;
  for (int j = 0; j < rb; ++j)
    in_b[lb[j]] = true;
  for (int j = 0; j < ro; ++j)
    in_o[lo[j]] = true;
  for (int l = 0; l < g->num_loops; ++l) {
    if (g->reduction[l] && !(in_a[l] && in_b[l]))
      return -1; /* a loop summed in one operand only */
    if (!g->reduction[l] && !in_o[l])
      return -1;
  }
  /* Batch: parallel loops in both; contracting: reduction loops. */
  for (int j = 0; j < ra; ++j) {
    int l = la[j];
    for (int k = 0; k < rb; ++k)
      if (lb[k] == l) {
        if (g->reduction[l]) {
          lhs_c[nc] = j;
          rhs_c[nc++] = k;
        } else {
          lhs_batch[nb] = j;
          rhs_batch[nb] = k;
          res_loops[nr++] = l;
          ++nb;
        }
      }
  }
  for (int j = 0; j < ra; ++j)
    if (!in_b[la[j]])
      res_loops[nr++] = la[j];
  for (int k = 0; k < rb; ++k)
    if (!in_a[lb[k]])
      res_loops[nr++] = lb[k];
  if (nr != ro)
    return -1;
  ExType rt = exScalarType(at->elem);
  rt.rank = nr;
  for (int i = 0; i < nr; ++i)
    rt.shape[i] = g->loop_size[res_loops[i]];
  char attrs[1024];
  size_t k = (size_t)snprintf(attrs, sizeof(attrs),
                              "dot_dimension_numbers = #stablehlo.dot<");
  const char *names[4] = {"lhs_batching_dimensions", "rhs_batching_dimensions",
                          "lhs_contracting_dimensions",
                          "rhs_contracting_dimensions"};
  const int64_t *lists[4] = {lhs_batch, rhs_batch, lhs_c, rhs_c};
  int counts[4] = {nb, nb, nc, nc};
  bool first = true;
  for (int w = 0; w < 4; ++w) {
    if (!counts[w])
      continue;
    k += (size_t)snprintf(attrs + k, sizeof(attrs) - k, "%s%s = [",
                          first ? "" : ", ", names[w]);
    first = false;
    for (int i = 0; i < counts[w]; ++i)
      k += (size_t)snprintf(attrs + k, sizeof(attrs) - k, "%s%lld",
                            i ? ", " : "", (long long)lists[w][i]);
    k += (size_t)snprintf(attrs + k, sizeof(attrs) - k, "]");
  }
  snprintf(attrs + k, sizeof(attrs) - k, ">");
  int ops[2] = {a, b};
  int dot = exOp(e, "stablehlo.dot_general", attrs, 2, ops, &rt);
  int perm[EX_MAX_RANK];
  for (int j = 0; j < ro; ++j)
    for (int i = 0; i < nr; ++i)
      if (res_loops[i] == lo[j])
        perm[j] = i;
  int r = exTranspose(e, dot, perm);
  (void)out_index;
  return exCombine(e, EX_ADD, init, r);
}

static bool emitGeneric(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  Generic g;
  if (!readGeneric(e, op, &g))
    return false;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  MlirOperation yield = mlirBlockGetTerminator(body);
  bool any_reduction = false;
  for (int l = 0; l < g.num_loops; ++l)
    any_reduction |= g.reduction[l];
  /* Per output: the combiner op (reductions) and its other operand. */
  MlirOperation comb[16];
  ExCombiner kind[16];
  for (int i = 0; i < g.num_outs; ++i) {
    comb[i] = (MlirOperation){NULL};
    kind[i] = EX_NONE;
    if (!any_reduction)
      continue;
    MlirValue y = mlirOperationGetOperand(yield, i);
    MlirValue acc = mlirBlockGetArgument(body, g.num_ins + i);
    if (mlirValueIsAOpResult(y)) {
      MlirOperation c = mlirOpResultGetOwner(y);
      ExCombiner k = combinerOfName(gspmdOpName(c));
      if (k != EX_NONE && mlirOperationGetNumOperands(c) == 2 &&
          mlirOperationGetBlock(c).ptr == body.ptr &&
          (mlirValueEqual(mlirOperationGetOperand(c, 0), acc) ||
           mlirValueEqual(mlirOperationGetOperand(c, 1), acc)) &&
          !(mlirValueEqual(mlirOperationGetOperand(c, 0), acc) &&
            mlirValueEqual(mlirOperationGetOperand(c, 1), acc))) {
        comb[i] = c;
        kind[i] = k;
      }
    }
    if (kind[i] == EX_NONE)
      return exError(e, op,
                     "stablehlo export: reduction body of output %d is "
                     "not `yield combiner(acc, x)` with a recognised "
                     "combiner (no mapping)",
                     i) >= 0;
  }
  if (any_reduction) {
    int r = tryDotGeneral(e, &g, comb[0], 0);
    if (r == -1)
      r = tryConvolution(e, &g, comb[0]);
    if (r == -1 && g.num_outs == 1)
      r = tryReduceWindow(e, &g, comb[0], kind[0]);
    if (r == -2)
      return false;
    if (r >= 0)
      return bindResult(e, op, 0, r);
  }
  /* Expand the operands the body reads. */
  for (int i = 0; i < g.num_ins + g.num_outs; ++i) {
    MlirValue arg_i = mlirBlockGetArgument(body, i);
    bool is_acc = i >= g.num_ins && any_reduction;
    if (mlirOpOperandIsNull(mlirValueGetFirstUse(arg_i)) || is_acc) {
      exBind(e, arg_i, -1);
      continue;
    }
    int id = operand(e, op, i);
    if (id < 0)
      return false;
    if (mlirAffineMapGetNumResults(g.maps[i]) == 0 &&
        exTypeOf(e, id)->rank == 0) {
      ExType full = exTypeWithElem(&g.iter, exTypeOf(e, id)->elem);
      id = exBroadcast(e, id, &full, NULL);
    } else {
      id = expandToLoops(e, &g, id, g.maps[i]);
    }
    if (id < 0)
      return false;
    exBind(e, arg_i, id);
  }
  /* The body over the iteration space. */
  const ExType *saved_shape = e->body_shape;
  MlirBlock saved_block = e->body_block;
  e->body_shape = &g.iter;
  e->body_block = body;
  for (MlirOperation o = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
    bool skip = mlirOperationEqual(o, yield);
    for (int i = 0; i < g.num_outs; ++i)
      skip |= !mlirOperationIsNull(comb[i]) && mlirOperationEqual(o, comb[i]);
    if (!skip && !exExportOp(e, o)) {
      e->body_shape = saved_shape;
      e->body_block = saved_block;
      return false;
    }
  }
  int yields[16];
  for (int i = 0; i < g.num_outs; ++i) {
    MlirValue y = mlirOperationGetOperand(yield, i);
    if (!mlirOperationIsNull(comb[i])) {
      MlirValue x = mlirOperationGetOperand(comb[i], 0);
      if (mlirValueEqual(x, mlirBlockGetArgument(body, g.num_ins + i)))
        x = mlirOperationGetOperand(comb[i], 1);
      y = x;
    }
    yields[i] = exUse(e, yield, y);
    if (yields[i] < 0) {
      e->body_shape = saved_shape;
      e->body_block = saved_block;
      return false;
    }
  }
  e->body_shape = saved_shape;
  e->body_block = saved_block;
  /* Reduce, transpose to the output map, combine with the init. */
  int red[EX_MAX_RANK], nred = 0, par[EX_MAX_RANK], npar = 0;
  for (int l = 0; l < g.num_loops; ++l) {
    if (g.reduction[l])
      red[nred++] = l;
    else
      par[npar++] = l;
  }
  for (int i = 0; i < g.num_outs; ++i) {
    int v = yields[i];
    if (exTypeOf(e, v)->rank != g.num_loops) {
      ExType full = exTypeWithElem(&g.iter, exTypeOf(e, v)->elem);
      v = exBroadcast(e, v, &full, NULL);
    }
    v = exReduce(e, v, nred, red, kind[i] == EX_NONE ? EX_ADD : kind[i]);
    MlirAffineMap m = g.maps[g.num_ins + i];
    int lo[EX_MAX_RANK], perm[EX_MAX_RANK];
    int ro = 0;
    /* Constant results (a size-1 dim read at 0) are unit dims added back by
     * the final reshape. */
    for (intptr_t j = 0; j < mlirAffineMapGetNumResults(m); ++j) {
      MlirAffineExpr x = mlirAffineMapGetResult(m, j);
      if (mlirAffineExprIsAConstant(x) &&
          mlirAffineConstantExprGetValue(x) == 0)
        continue;
      if (!mlirAffineExprIsADim(x))
        return exError(e, op,
                       "stablehlo export: output map %d is not a "
                       "permutation of the parallel loops (no mapping)",
                       i) >= 0;
      lo[ro++] = (int)mlirAffineDimExprGetPosition(x);
    }
    if (ro != npar)
      return exError(e, op,
                     "stablehlo export: output map %d is not a "
                     "permutation of the parallel loops (no mapping)",
                     i) >= 0;
    for (int j = 0; j < ro; ++j) {
      perm[j] = -1;
      for (int q = 0; q < npar; ++q)
        if (par[q] == lo[j])
          perm[j] = q;
      if (perm[j] < 0)
        return exError(e, op,
                       "stablehlo export: output map %d reads a "
                       "reduction loop (no mapping)",
                       i) >= 0;
    }
    v = exTranspose(e, v, perm);
    ExType out_t;
    if (!resultType(e, op, i, &out_t))
      return false;
    v = exReshape(e, v, &out_t);
    if (kind[i] != EX_NONE) {
      int init = operand(e, op, g.num_ins + i);
      if (init < 0)
        return false;
      v = exCombine(e, kind[i], init, v);
    }
    if (!bindResult(e, op, i, v))
      return false;
  }
  return true;
}

static bool emitLinalgIndex(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  if (!e->body_shape)
    return exError(e, op, "stablehlo export: linalg.index outside a body") >= 0;
  int d = (int)mlirIntegerAttrGetValueInt(exAttr(op, "dim"));
  ExType t = exTypeWithElem(e->body_shape, "i64");
  return bindResult(e, op, 0, exIota(e, &t, d));
}

/* linalg.softmax: exp(x - max) / sum(exp(x - max)) along `dimension`. */
static bool emitSoftmax(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int x = operand(e, op, 0);
  if (x < 0)
    return false;
  int d = (int)mlirIntegerAttrGetValueInt(exAttr(op, "dimension"));
  ExType t = *exTypeOf(e, x);
  int keep[EX_MAX_RANK];
  for (int i = 0, k = 0; i < t.rank; ++i)
    if (i != d)
      keep[k++] = i;
  int mx = exBroadcast(e, exReduce(e, x, 1, &d, EX_MAX), &t, keep);
  int ex = exUnary(e, "stablehlo.exponential",
                   exBinary(e, "stablehlo.subtract", x, mx));
  int sum = exBroadcast(e, exReduce(e, ex, 1, &d, EX_ADD), &t, keep);
  return bindResult(e, op, 0, exBinary(e, "stablehlo.divide", ex, sum));
}

/*===-- gspmd collectives and SPMD ops ------------------------------------===*/

/* Device groups of a collective over `axes` as a dense i64 [groups, size]
 * text; fills table (groups x size, device ids). */
static bool readCollective(Ex *e, MlirOperation op, const GspmdMesh **mesh,
                           int *axes, int *naxes) {
  if (e->form == EX_FORM_GLOBAL && e->manual_mesh < 0)
    return exError(e, op,
                   "stablehlo export: SPMD op in the global form "
                   "(export it with form=spmd)") >= 0 &&
           false;
  int m = exMeshIndex(e, exAttr(op, "mesh"));
  if (m < 0)
    return exError(e, op, "stablehlo export: unknown mesh") >= 0 && false;
  *mesh = &GSPMD_VEC_AT(&e->meshes, GspmdModuleMesh, m).mesh;
  *naxes = gspmdReadMeshAxes(exAttr(op, "axes"), *mesh, axes);
  if (*naxes < 0)
    return exError(e, op, "stablehlo export: unknown axes") >= 0 && false;
  if (gspmdMeshNumDevices(*mesh) != e->num_devices)
    return exError(e, op,
                   "stablehlo export: collective on a mesh of %lld "
                   "devices in a program of %lld partitions (meshes of "
                   "different sizes have no mapping)",
                   (long long)gspmdMeshNumDevices(*mesh),
                   (long long)e->num_devices) >= 0 &&
           false;
  return true;
}

static int64_t *groupTable(Ex *e, const GspmdMesh *mesh, const int *axes, int n,
                           int64_t *groups, int64_t *size) {
  *size = gspmdMeshAxesSize(mesh, axes, n);
  int64_t nd = gspmdMeshNumDevices(mesh);
  *groups = nd / *size;
  int64_t *t = gspmdArenaAlloc(&e->arena, sizeof(int64_t) * (size_t)nd);
  for (int64_t d = 0; d < nd; ++d) {
    int64_t g, r;
    gspmdMeshDeviceGroup(mesh, d, axes, n, &g, &r);
    t[g * *size + r] = d;
  }
  return t;
}

static char *denseI64(Ex *e, const int64_t *v, int64_t rows, int64_t cols) {
  size_t cap = (size_t)(rows * cols * 22 + rows * 4 + 64);
  char *s = gspmdArenaAlloc(&e->arena, cap);
  size_t k = (size_t)snprintf(s, cap, "dense<[");
  for (int64_t r = 0; r < rows; ++r) {
    k += (size_t)snprintf(s + k, cap - k, "%s[", r ? ", " : "");
    for (int64_t c = 0; c < cols; ++c)
      k += (size_t)snprintf(s + k, cap - k, "%s%lld", c ? ", " : "",
                            (long long)v[r * cols + c]);
    k += (size_t)snprintf(s + k, cap - k, "]");
  }
  snprintf(s + k, cap - k, "]> : tensor<%lldx%lldxi64>", (long long)rows,
           (long long)cols);
  return s;
}

static ExCombiner combinerOfReduction(int64_t kind) {
  static const ExCombiner k[] = {EX_ADD, EX_MAX,    EX_MIN,
                                 EX_MUL, EX_MAXNUM, EX_MINNUM};
  return kind >= 0 && kind < 6 ? k[kind] : EX_NONE;
}

/* all_reduce and reduce_scatter: an op with a reducer region. */
/* Prints one all_reduce / reduce_scatter of x with combiner c (one XLA:CPU
 * runs: add, multiply, maximum, minimum, and, or). */
static int reducingCollective(Ex *e, MlirOperation op, const char *name, int x,
                              ExCombiner c, const ExType *result) {
  const GspmdMesh *mesh;
  int axes[GSPMD_MAX_MESH_AXES], n;
  if (!readCollective(e, op, &mesh, axes, &n))
    return -1;
  int64_t groups, size;
  int64_t *table = groupTable(e, mesh, axes, n, &groups, &size);
  ExType xt = *exTypeOf(e, x);
  ExType rt = exTypeWithElem(result, xt.elem);
  int id;
  char buf[32], tb[256], tb2[256];
  exResultsBegin(e, 1, &rt, &id);
  fprintf(e->out, "\"%s\"(%s) ", name, exName(e, x, buf, sizeof(buf)));
  exPrintReducerRegion(e, c, xt.elem);
  fprintf(
      e->out,
      " {replica_groups = %s, channel_handle = "
      "#stablehlo.channel_handle<handle = %d, type = 1>, use_global_device_ids",
      denseI64(e, table, groups, size), e->next_channel++);
  if (!strcmp(name, "stablehlo.reduce_scatter"))
    fprintf(e->out, ", scatter_dimension = %lld : i64",
            (long long)mlirIntegerAttrGetValueInt(exAttr(op, "scatter_dim")));
  fprintf(e->out, "} : (%s) -> %s\n", exTypeStr(&xt, tb, sizeof(tb)),
          exTypeStr(&rt, tb2, sizeof(tb2)));
  return id;
}

/* all_reduce and reduce_scatter. i1 sum and product are logical or and and
 * (as in the MPI runtime). Combiners XLA's collectives lack are rewritten:
 * NaN-ignoring max/min (maxnum, minnum) reduce with NaNs replaced by the
 * identity, and a second reduction says where every input was NaN. */
static bool emitReducingCollective(Ex *e, MlirOperation op, const char *name) {
  int x = operand(e, op, 0);
  ExType rt;
  if (x < 0 || !resultType(e, op, 0, &rt))
    return false;
  ExCombiner c =
      combinerOfReduction(mlirIntegerAttrGetValueInt(exAttr(op, "reduction")));
  ExType xt = *exTypeOf(e, x);
  bool i1 = !strcmp(xt.elem, "i1");
  int r;
  if (i1) {
    /* The runtime's i1 sum is logical or, its product logical and; XLA:CPU
     * has no collective over pred, so 0/1 in i32 take max (or) / min (and). */
    ExCombiner m = c == EX_ADD || c == EX_MAX || c == EX_OR ? EX_MAX : EX_MIN;
    int v = reducingCollective(e, op, name, exConvert(e, x, "i32"), m, &rt);
    if (v < 0)
      return false;
    r = exConvert(e, v, "i1");
  } else if ((c == EX_MAX || c == EX_MIN) && exElemIsFloat(xt.elem)) {
    /* XLA:CPU's collective max/min need not propagate NaN (arith.maximumf
     * does): a second reduction says where some input was NaN. */
    int v = reducingCollective(e, op, name, x, c, &rt);
    ExType ft = exTypeWithElem(&xt, "f32");
    int nan = exCompare(e, x, x, "NE");
    int any_nan = reducingCollective(
        e, op, name,
        exSelect(e, nan, exSplat(e, &ft, "1.0"), exSplat(e, &ft, "0.0")),
        EX_MAX, &rt);
    if (v < 0 || any_nan < 0)
      return false;
    ExType at = *exTypeOf(e, any_nan);
    int is_nan = exCompare(e, any_nan, exSplat(e, &at, "1.0"), "EQ");
    ExType vt = *exTypeOf(e, v);
    r = exSelect(e, is_nan,
                 exConvert(e, exSplat(e, &at, "0x7FC00000"), vt.elem), v);
  } else if (c == EX_MAXNUM || c == EX_MINNUM) {
    ExCombiner plain = c == EX_MAXNUM ? EX_MAX : EX_MIN;
    int nan = exCompare(e, x, x, "NE");
    int clean = exSelect(e, nan, exIdentity(e, plain, &xt), x);
    int v = reducingCollective(e, op, name, clean, plain, &rt);
    ExType ft = exTypeWithElem(&xt, "f32");
    int all_nan = reducingCollective(
        e, op, name,
        exSelect(e, nan, exSplat(e, &ft, "1.0"), exSplat(e, &ft, "0.0")),
        EX_MIN, &rt);
    if (v < 0 || all_nan < 0)
      return false;
    ExType at = *exTypeOf(e, all_nan);
    int is_all = exCompare(e, all_nan, exSplat(e, &at, "1.0"), "EQ");
    ExType vt = *exTypeOf(e, v);
    /* A NaN of the element type, converted from an f32 NaN. */
    r = exSelect(e, is_all,
                 exConvert(e, exSplat(e, &at, "0x7FC00000"), vt.elem), v);
  } else {
    r = reducingCollective(e, op, name, x, c, &rt);
  }
  return bindResult(e, op, 0, r);
}

static bool emitAllGather(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  const GspmdMesh *mesh;
  int axes[GSPMD_MAX_MESH_AXES], n;
  int x = operand(e, op, 0);
  ExType rt;
  if (x < 0 || !readCollective(e, op, &mesh, axes, &n) ||
      !resultType(e, op, 0, &rt))
    return false;
  int64_t groups, size;
  int64_t *table = groupTable(e, mesh, axes, n, &groups, &size);
  char *groups_text = denseI64(e, table, groups, size);
  size_t cap = strlen(groups_text) + 256;
  char *attrs = gspmdArenaAlloc(&e->arena, cap);
  snprintf(
      attrs, cap,
      "all_gather_dim = %lld : i64, replica_groups = %s, channel_handle = "
      "#stablehlo.channel_handle<handle = %d, type = 1>, use_global_device_ids",
      (long long)mlirIntegerAttrGetValueInt(exAttr(op, "gather_dim")),
      groups_text, e->next_channel++);
  return bindResult(e, op, 0,
                    exOp(e, "stablehlo.all_gather", attrs, 1, &x, &rt));
}

static bool emitAllToAll(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  const GspmdMesh *mesh;
  int axes[GSPMD_MAX_MESH_AXES], n;
  int x = operand(e, op, 0);
  ExType rt;
  if (x < 0 || !readCollective(e, op, &mesh, axes, &n) ||
      !resultType(e, op, 0, &rt))
    return false;
  int64_t groups, size;
  int64_t *table = groupTable(e, mesh, axes, n, &groups, &size);
  char *groups_text = denseI64(e, table, groups, size);
  size_t cap = strlen(groups_text) + 256;
  char *attrs = gspmdArenaAlloc(&e->arena, cap);
  snprintf(attrs, cap,
           "split_dimension = %lld : i64, concat_dimension = %lld : i64, "
           "split_count = %lld : i64, replica_groups = %s, channel_handle = "
           "#stablehlo.channel_handle<handle = %d, type = 1>",
           (long long)mlirIntegerAttrGetValueInt(exAttr(op, "split_dim")),
           (long long)mlirIntegerAttrGetValueInt(exAttr(op, "concat_dim")),
           (long long)size, groups_text, e->next_channel++);
  return bindResult(e, op, 0,
                    exOp(e, "stablehlo.all_to_all", attrs, 1, &x, &rt));
}

static bool emitCollectivePermute(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  const GspmdMesh *mesh;
  int axes[GSPMD_MAX_MESH_AXES], n;
  int x = operand(e, op, 0);
  ExType rt;
  if (x < 0 || !readCollective(e, op, &mesh, axes, &n) ||
      !resultType(e, op, 0, &rt))
    return false;
  int64_t groups, size, nd = gspmdMeshNumDevices(mesh);
  int64_t *table = groupTable(e, mesh, axes, n, &groups, &size);
  int64_t *target_table = table;
  MlirAttribute to = exAttr(op, "target_axes"),
                shift_attr = exAttr(op, "shift");
  bool wrap = !mlirAttributeIsNull(exAttr(op, "wrap"));
  int64_t shift = mlirAttributeIsNull(shift_attr)
                      ? 0
                      : mlirIntegerAttrGetValueInt(shift_attr);
  if (!mlirAttributeIsNull(to)) {
    int taxes[GSPMD_MAX_MESH_AXES];
    int tn = gspmdReadMeshAxes(to, mesh, taxes);
    if (tn != n)
      return exError(e, op, "stablehlo export: bad target axes") >= 0;
    int64_t g2, s2;
    target_table = groupTable(e, mesh, taxes, tn, &g2, &s2);
  }
  int64_t *pairs =
      gspmdArenaAlloc(&e->arena, sizeof(int64_t) * (size_t)(2 * nd));
  int64_t np = 0;
  for (int64_t d = 0; d < nd; ++d) {
    int64_t g, r;
    gspmdMeshDeviceGroup(mesh, d, axes, n, &g, &r);
    int64_t t = r;
    if (mlirAttributeIsNull(to)) {
      t = r + shift;
      if (wrap)
        t = ((t % size) + size) % size;
      else if (t < 0 || t >= size)
        continue;
    }
    pairs[2 * np] = d;
    pairs[2 * np + 1] = target_table[g * size + t];
    ++np;
  }
  if (np == 0) { /* nothing moves: every device receives zeros */
    return bindResult(e, op, 0,
                      exSplat(e, &rt,
                              exElemIsFloat(rt.elem)   ? "0.0"
                              : !strcmp(rt.elem, "i1") ? "false"
                                                       : "0"));
  }
  char *pairs_text = denseI64(e, pairs, np, 2);
  size_t cap = strlen(pairs_text) + 256;
  char *attrs = gspmdArenaAlloc(&e->arena, cap);
  snprintf(attrs, cap,
           "source_target_pairs = %s, channel_handle = "
           "#stablehlo.channel_handle<handle = %d, type = 1>",
           pairs_text, e->next_channel++);
  return bindResult(e, op, 0,
                    exOp(e, "stablehlo.collective_permute", attrs, 1, &x, &rt));
}

static int partitionId(Ex *e) {
  ExType u = exScalarType("ui32");
  return exConvert(e, exOp(e, "stablehlo.partition_id", "", 0, NULL, &u),
                   "i32");
}

/* This device's coordinate over `axes` of `mesh` (an i64 0-d tensor), read
 * from a table of every partition's coordinate indexed by partition_id. */
static int axisIndexValue(Ex *e, const GspmdMesh *mesh, const int *axes,
                          int n) {
  int64_t nd = e->num_devices;
  int64_t *coords = gspmdArenaAlloc(&e->arena, sizeof(int64_t) * (size_t)nd);
  for (int64_t d = 0; d < nd; ++d) {
    int64_t g;
    coords[d] = 0;
    if (d < gspmdMeshNumDevices(mesh))
      gspmdMeshDeviceGroup(mesh, d, axes, n, &g, &coords[d]);
  }
  char *text = denseI64(e, coords, 1, nd);
  /* dense<[[..]]> : tensor<1xNxi64> -> a rank-1 table. */
  char *inner = strstr(text, "[[");
  size_t cap = strlen(text) + 64;
  char *attrs = gspmdArenaAlloc(&e->arena, cap);
  char *end = strstr(inner, "]]");
  *end = 0;
  snprintf(attrs, cap, "value = dense<[%s]> : tensor<%lldxi64>", inner + 2,
           (long long)nd);
  ExType tt = exScalarType("i64");
  tt.rank = 1;
  tt.shape[0] = nd;
  int table = exOp(e, "stablehlo.constant", attrs, 0, NULL, &tt);
  int ops[2] = {table, partitionId(e)};
  ExType one = tt;
  one.shape[0] = 1;
  int s = exOp(e, "stablehlo.dynamic_slice", "slice_sizes = array<i64: 1>", 2,
               ops, &one);
  ExType r = exScalarType("i64");
  return exReshape(e, s, &r);
}

static void printManualAxes(Ex *e, const GspmdMesh *mesh, uint32_t mask);

/* axis_index: in the SPMD form and in fully manual bodies, axisIndexValue.
 * In a partially manual body partition_id is only meaningful where every
 * axis is manual, so the lookup runs in a nested sdy.manual_computation
 * over the free axes that returns the (replicated) coordinate, as jax's
 * shard_map lowers axis_index with auto axes. */
static bool emitAxisIndex(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  if (e->form == EX_FORM_GLOBAL && e->manual_mesh < 0)
    return exError(e, op,
                   "stablehlo export: SPMD op in the global form "
                   "(export it with form=spmd)") >= 0;
  int m = exMeshIndex(e, exAttr(op, "mesh"));
  if (m < 0)
    return exError(e, op, "stablehlo export: unknown mesh") >= 0;
  const GspmdMesh *mesh = &GSPMD_VEC_AT(&e->meshes, GspmdModuleMesh, m).mesh;
  int axes[GSPMD_MAX_MESH_AXES];
  int n = gspmdReadMeshAxes(exAttr(op, "axes"), mesh, axes);
  if (n < 0)
    return exError(e, op, "stablehlo export: unknown axes") >= 0;
  uint32_t free_mask = 0;
  if (e->form == EX_FORM_GLOBAL)
    for (int a = 0; a < mesh->num_axes; ++a)
      if (!(e->manual_mask & (1u << a)) && mesh->axis_sizes[a] > 1)
        free_mask |= 1u << a;
  if (!free_mask)
    return bindResult(e, op, 0, axisIndexValue(e, mesh, axes, n));
  ExType r = exScalarType("i64");
  int id;
  char buf[32];
  exResultsBegin(e, 1, &r, &id);
  fputs("\"sdy.manual_computation\"() ({\n  ^bb0():\n", e->out);
  int v = axisIndexValue(e, mesh, axes, n);
  fprintf(e->out, "    \"sdy.return\"(%s) : (tensor<i64>) -> ()\n",
          exName(e, v, buf, sizeof(buf)));
  GspmdModuleMesh *mm = &GSPMD_VEC_AT(&e->meshes, GspmdModuleMesh, m);
  fputs("  }) {in_shardings = #sdy.sharding_per_value<[]>, manual_axes = ",
        e->out);
  printManualAxes(e, mesh, free_mask);
  fprintf(e->out,
          ", out_shardings = #sdy.sharding_per_value<[<@%.*s, []>]>} : () -> "
          "tensor<i64>\n",
          (int)mm->name.length, mm->name.data);
  return bindResult(e, op, 0, id);
}

static bool emitPartitionId(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  if (e->form == EX_FORM_GLOBAL && e->manual_mesh < 0)
    return exError(e, op,
                   "stablehlo export: SPMD op in the global form "
                   "(export it with form=spmd)") >= 0;
  return bindResult(e, op, 0, exConvert(e, partitionId(e), "i64"));
}

/*===-- control flow and calls --------------------------------------------===*/

static void printTypeList(Ex *e, int n, const int *ids) {
  char buf[256];
  fputc('(', e->out);
  for (int i = 0; i < n; ++i)
    fprintf(e->out, "%s%s", i ? ", " : "",
            exTypeStr(exTypeOf(e, ids[i]), buf, sizeof(buf)));
  fputc(')', e->out);
}

static void printReturn(Ex *e, const char *name, int n, const int *ids) {
  char buf[32];
  fprintf(e->out, "    \"%s\"(", name);
  for (int i = 0; i < n; ++i)
    fprintf(e->out, "%s%s", i ? ", " : "", exName(e, ids[i], buf, sizeof(buf)));
  fputs(") : ", e->out);
  printTypeList(e, n, ids);
  fputs(" -> ()\n", e->out);
}

/* Prints "^bb0(%vA: T, ...):" with fresh ids of the given types. */
static void printBlockHeader(Ex *e, int n, const ExType *types, int *ids) {
  char buf[256];
  fputs("  ^bb0(", e->out);
  for (int i = 0; i < n; ++i) {
    ids[i] = exNewId(e, &types[i]);
    fprintf(e->out, "%s%%v%d: %s", i ? ", " : "", ids[i],
            exTypeStr(&types[i], buf, sizeof(buf)));
  }
  fputs("):\n", e->out);
}

static int *operandIds(Ex *e, MlirOperation op, int first, int n) {
  int *ids = gspmdArenaAlloc(&e->arena, sizeof(int) * (size_t)(n ? n : 1));
  for (int i = 0; i < n; ++i)
    if ((ids[i] = operand(e, op, first + i)) < 0)
      return NULL;
  return ids;
}

/* scf.for: a stablehlo.while carrying (iv, iter_args...). */
static bool emitFor(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int n = (int)mlirOperationGetNumOperands(op) - 3;
  int lb = operand(e, op, 0), ub = operand(e, op, 1), step = operand(e, op, 2);
  int *inits = operandIds(e, op, 3, n);
  if (lb < 0 || ub < 0 || step < 0 || !inits)
    return false;
  int *carried = gspmdArenaAlloc(&e->arena, sizeof(int) * (size_t)(n + 1));
  ExType *types = gspmdArenaAlloc(&e->arena, sizeof(ExType) * (size_t)(n + 1));
  carried[0] = lb;
  for (int i = 0; i < n; ++i)
    carried[1 + i] = inits[i];
  for (int i = 0; i <= n; ++i)
    types[i] = *exTypeOf(e, carried[i]);
  int *res = gspmdArenaAlloc(&e->arena, sizeof(int) * (size_t)(n + 1));
  int *args = gspmdArenaAlloc(&e->arena, sizeof(int) * (size_t)(n + 1));
  char buf[32];
  exResultsBegin(e, n + 1, types, res);
  fputs("\"stablehlo.while\"(", e->out);
  for (int i = 0; i <= n; ++i)
    fprintf(e->out, "%s%s", i ? ", " : "",
            exName(e, carried[i], buf, sizeof(buf)));
  fputs(") ({\n", e->out);
  printBlockHeader(e, n + 1, types, args);
  int cond = exCompare(e, args[0], ub, "LT");
  printReturn(e, "stablehlo.return", 1, &cond);
  fputs("  }, {\n", e->out);
  printBlockHeader(e, n + 1, types, args);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  for (int i = 0; i <= n; ++i)
    exBind(e, mlirBlockGetArgument(body, i), args[i]);
  if (!exExportBlockBody(e, body))
    return false;
  MlirOperation yield = mlirBlockGetTerminator(body);
  int *next = gspmdArenaAlloc(&e->arena, sizeof(int) * (size_t)(n + 1));
  next[0] = exBinary(e, "stablehlo.add", args[0], step);
  for (int i = 0; i < n; ++i)
    if ((next[1 + i] = operand(e, yield, i)) < 0)
      return false;
  printReturn(e, "stablehlo.return", n + 1, next);
  fputs("  }) : ", e->out);
  printTypeList(e, n + 1, carried);
  fputs(" -> ", e->out);
  printTypeList(e, n + 1, carried);
  fputc('\n', e->out);
  for (int i = 0; i < n; ++i)
    exBind(e, mlirOperationGetResult(op, i), res[1 + i]);
  return true;
}

/* scf.while: the before region runs in the condition, again at the start of
 * the body (to forward its values to the after region) and once after the
 * loop (the op's results are the forwarded values of the last check). */
static bool exportBefore(Ex *e, MlirBlock before, const int *args, int *cond,
                         int **forwarded, int *nfwd) {
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(before); ++i)
    exBind(e, mlirBlockGetArgument(before, i), args[i]);
  if (!exExportBlockBody(e, before))
    return false;
  MlirOperation c = mlirBlockGetTerminator(before);
  *nfwd = (int)mlirOperationGetNumOperands(c) - 1;
  if ((*cond = operand(e, c, 0)) < 0)
    return false;
  *forwarded = operandIds(e, c, 1, *nfwd);
  return *forwarded != NULL;
}

static bool emitWhile(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int n = (int)mlirOperationGetNumOperands(op);
  int *inits = operandIds(e, op, 0, n);
  if (!inits)
    return false;
  ExType *types =
      gspmdArenaAlloc(&e->arena, sizeof(ExType) * (size_t)(n ? n : 1));
  for (int i = 0; i < n; ++i)
    types[i] = *exTypeOf(e, inits[i]);
  int *res = gspmdArenaAlloc(&e->arena, sizeof(int) * (size_t)(n ? n : 1));
  int *args = gspmdArenaAlloc(&e->arena, sizeof(int) * (size_t)(n ? n : 1));
  MlirBlock before = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  MlirBlock after = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 1));
  char buf[32];
  int cond, *fwd, nfwd;
  exResultsBegin(e, n, types, res);
  fputs("\"stablehlo.while\"(", e->out);
  for (int i = 0; i < n; ++i)
    fprintf(e->out, "%s%s", i ? ", " : "",
            exName(e, inits[i], buf, sizeof(buf)));
  fputs(") ({\n", e->out);
  printBlockHeader(e, n, types, args);
  if (!exportBefore(e, before, args, &cond, &fwd, &nfwd))
    return false;
  printReturn(e, "stablehlo.return", 1, &cond);
  fputs("  }, {\n", e->out);
  printBlockHeader(e, n, types, args);
  if (!exportBefore(e, before, args, &cond, &fwd, &nfwd))
    return false;
  for (int i = 0; i < nfwd; ++i)
    exBind(e, mlirBlockGetArgument(after, i), fwd[i]);
  if (!exExportBlockBody(e, after))
    return false;
  int *next = operandIds(e, mlirBlockGetTerminator(after), 0, n);
  if (!next)
    return false;
  printReturn(e, "stablehlo.return", n, next);
  fputs("  }) : ", e->out);
  printTypeList(e, n, inits);
  fputs(" -> ", e->out);
  printTypeList(e, n, inits);
  fputc('\n', e->out);
  if (!exportBefore(e, before, res, &cond, &fwd, &nfwd))
    return false;
  for (int i = 0; i < nfwd; ++i)
    exBind(e, mlirOperationGetResult(op, i), fwd[i]);
  return true;
}

static bool exportBranch(Ex *e, MlirOperation op, int region) {
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, region));
  if (mlirBlockIsNull(b)) {
    printReturn(e, "stablehlo.return", 0, NULL);
    return true;
  }
  if (!exExportBlockBody(e, b))
    return false;
  MlirOperation y = mlirBlockGetTerminator(b);
  int n = (int)mlirOperationGetNumOperands(y);
  int *ids = operandIds(e, y, 0, n);
  if (!ids)
    return false;
  printReturn(e, "stablehlo.return", n, ids);
  return true;
}

/* Both branches' values, then a select per result: an scf.if inside a
 * linalg body expanded over the iteration space has one predicate per
 * element, which stablehlo.if (a scalar predicate) cannot take. The branches
 * are pure tensor code there (reads clamp as gathers), so running both is
 * safe. */
static bool emitIfElementwise(Ex *e, MlirOperation op, int pred) {
  int n = (int)mlirOperationGetNumResults(op);
  int *vals[2];
  for (int r = 0; r < 2; ++r) {
    MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
    if (mlirBlockIsNull(b) || !exExportBlockBody(e, b))
      return false;
    vals[r] = operandIds(e, mlirBlockGetTerminator(b), 0, n);
    if (n && !vals[r])
      return false;
  }
  for (int i = 0; i < n; ++i)
    exBind(e, mlirOperationGetResult(op, i),
           exSelect(e, pred, vals[0][i], vals[1][i]));
  return true;
}

static bool emitIf(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int pred = operand(e, op, 0);
  if (pred < 0)
    return false;
  if (exTypeOf(e, pred)->rank > 0)
    return emitIfElementwise(e, op, pred);
  int n = (int)mlirOperationGetNumResults(op);
  ExType *types =
      gspmdArenaAlloc(&e->arena, sizeof(ExType) * (size_t)(n ? n : 1));
  for (int i = 0; i < n; ++i)
    if (!resultType(e, op, i, &types[i]))
      return false;
  int *res = gspmdArenaAlloc(&e->arena, sizeof(int) * (size_t)(n ? n : 1));
  char buf[32], tb[256];
  exResultsBegin(e, n, types, res);
  fprintf(e->out, "\"stablehlo.if\"(%s) ({\n",
          exName(e, pred, buf, sizeof(buf)));
  if (!exportBranch(e, op, 0))
    return false;
  fputs("  }, {\n", e->out);
  if (!exportBranch(e, op, 1))
    return false;
  fputs("  }) : (tensor<i1>) -> (", e->out);
  for (int i = 0; i < n; ++i)
    fprintf(e->out, "%s%s", i ? ", " : "",
            exTypeStr(&types[i], tb, sizeof(tb)));
  fputs(")\n", e->out);
  for (int i = 0; i < n; ++i)
    exBind(e, mlirOperationGetResult(op, i), res[i]);
  return true;
}

static bool emitCall(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int n = (int)mlirOperationGetNumOperands(op),
      nr = (int)mlirOperationGetNumResults(op);
  int *ids = operandIds(e, op, 0, n);
  if (!ids)
    return false;
  ExType *types =
      gspmdArenaAlloc(&e->arena, sizeof(ExType) * (size_t)(nr ? nr : 1));
  for (int i = 0; i < nr; ++i)
    if (!resultType(e, op, i, &types[i]))
      return false;
  int *res = gspmdArenaAlloc(&e->arena, sizeof(int) * (size_t)(nr ? nr : 1));
  char buf[32], tb[256];
  exResultsBegin(e, nr, types, res);
  fprintf(e->out, "\"func.call\"(");
  for (int i = 0; i < n; ++i)
    fprintf(e->out, "%s%s", i ? ", " : "", exName(e, ids[i], buf, sizeof(buf)));
  fputs(") {callee = ", e->out);
  exPrintFuncName(e, mlirFlatSymbolRefAttrGetValue(exAttr(op, "callee")));
  fputs("} : ", e->out);
  printTypeList(e, n, ids);
  fputs(" -> (", e->out);
  for (int i = 0; i < nr; ++i)
    fprintf(e->out, "%s%s", i ? ", " : "",
            exTypeStr(&types[i], tb, sizeof(tb)));
  fputs(")\n", e->out);
  for (int i = 0; i < nr; ++i)
    exBind(e, mlirOperationGetResult(op, i), res[i]);
  return true;
}

/*===-- manual regions (global form) --------------------------------------===*/

/* `#sdy<manual_axes{"a", "b"}>` of the axes in mask, in mesh order (sdy's
 * requirement). */
static void printManualAxes(Ex *e, const GspmdMesh *mesh, uint32_t mask) {
  fputs("#sdy<manual_axes{", e->out);
  bool first = true;
  for (int a = 0; a < mesh->num_axes; ++a)
    if (mask & (1u << a)) {
      fprintf(e->out, "%s\"%s\"", first ? "" : ", ", mesh->axis_names[a]);
      first = false;
    }
  fputs("}>", e->out);
}

/* The global type the region sees for a boundary value: each dim rounded up
 * to the manual shard count times the body's (ceil) shard size, since sdy
 * splits a dim over manual axes evenly. `count[d]` receives the count. */
static bool manualBoundary(Ex *e, MlirOperation op, MlirAttribute sharding,
                           const GspmdMesh *mesh, uint32_t mask,
                           const ExType *global, const ExType *local,
                           ExType *padded) {
  *padded = *global;
  if (global->rank != local->rank)
    return exError(e, op, "stablehlo export: manual region types disagree") >=
               0 &&
           false;
  for (int d = 0; d < global->rank; ++d) {
    int64_t count = 1;
    intptr_t n = gspmdAttributeIsAReplicated(sharding)
                     ? 0
                     : gspmdShardingGetDimNumAxes(sharding, d);
    for (intptr_t a = 0; a < n; ++a) {
      MlirStringRef name = gspmdShardingGetDimAxis(sharding, d, a);
      for (int k = 0; k < mesh->num_axes; ++k)
        if ((mask & (1u << k)) && strlen(mesh->axis_names[k]) == name.length &&
            !memcmp(mesh->axis_names[k], name.data, name.length))
          count *= mesh->axis_sizes[k];
    }
    padded->shape[d] = local->shape[d] * count;
    if (padded->shape[d] < global->shape[d])
      return exError(e, op, "stablehlo export: manual region types disagree") >=
                 0 &&
             false;
  }
  return true;
}

/* Poison for the padding of uneven manual shards (gspmd-run's: NaN, 0x5A
 * bytes, true): the body must keep it out of its valid results. */
static int poisonScalar(Ex *e, const char *elem) {
  ExType t = exScalarType(elem);
  if (exElemIsFloat(elem)) {
    ExType f = exScalarType("f32");
    return exConvert(e, exSplat(e, &f, "0x7FC00000"), elem);
  }
  if (!strcmp(elem, "i1"))
    return exSplat(e, &t, "true");
  int bits = exElemBits(elem);
  int64_t v = 0;
  for (int b = 0; b < bits; b += 8)
    v = (int64_t)(((uint64_t)v << 8) | 0x5A);
  char text[32];
  snprintf(text, sizeof(text), "%lld", (long long)v);
  return exSplat(e, &t, text);
}

static int padHigh(Ex *e, int id, const ExType *to) {
  const ExType id_type = *exTypeOf(e, id); /* new ids may move the table */
  const ExType *t = &id_type;
  bool same = true;
  for (int d = 0; d < t->rank; ++d)
    same &= t->shape[d] == to->shape[d];
  if (same)
    return id;
  char attrs[1024];
  size_t k = 0;
  const char *names[3] = {"edge_padding_low", "edge_padding_high",
                          "interior_padding"};
  for (int w = 0; w < 3; ++w) {
    k += (size_t)snprintf(attrs + k, sizeof(attrs) - k,
                          "%s%s = array<i64: ", w ? ", " : "", names[w]);
    for (int d = 0; d < t->rank; ++d)
      k += (size_t)snprintf(
          attrs + k, sizeof(attrs) - k, "%s%lld", d ? ", " : "",
          (long long)(w == 1 ? to->shape[d] - t->shape[d] : 0));
    k += (size_t)snprintf(attrs + k, sizeof(attrs) - k, ">");
  }
  int ops[2] = {id, poisonScalar(e, t->elem)};
  ExType rt = exTypeWithElem(to, t->elem);
  return exOp(e, "stablehlo.pad", attrs, 2, ops, &rt);
}

static void printShardingList(Ex *e, MlirAttribute list, const int *ids, int n,
                              int mesh_index) {
  fputs("#sdy.sharding_per_value<[", e->out);
  for (int i = 0; i < n; ++i) {
    char text[1200];
    exShardingText(e, mlirArrayAttrGetElement(list, i),
                   exTypeOf(e, ids[i])->rank, true, mesh_index, false, text,
                   sizeof(text));
    fprintf(e->out, "%s%s", i ? ", " : "", text);
  }
  fputs("]>", e->out);
}

/* A custom call `target` of x with an mhlo.sharding (quoted text) and
 * result type rt. */
static int shardingCall(Ex *e, const char *target, int x, const char *sharding,
                        const ExType *rt) {
  char attrs[1400];
  snprintf(attrs, sizeof(attrs),
           "call_target_name = \"%s\", mhlo.sharding = %s", target, sharding);
  return exOp(e, "stablehlo.custom_call", attrs, 1, &x, rt);
}

/* shardings=hlo: what GSPMD (and jax before Shardy) writes for a region
 * manual over every axis: each operand is constrained to its in_sharding
 * (@Sharding) and cut to the device's shard (@SPMDFullToShardShape,
 * `{manual}`), the body follows inline, and each yielded value goes back
 * (@Sharding `{manual}`, @SPMDShardToFullShape to the out_sharding). Uneven
 * dims padded and sliced as in the sdy form. Partially manual regions would
 * need subgroup-manual shardings on every op of the body: not mapped. */
static bool emitManualHlo(Ex *e, MlirOperation op, int m, const GspmdMesh *mesh,
                          uint32_t mask) {
  for (int a = 0; a < mesh->num_axes; ++a)
    if (!(mask & (1u << a)) && mesh->axis_sizes[a] > 1)
      return exError(e, op,
                     "stablehlo export: a partially manual region has no "
                     "mapping with shardings=hlo (use shardings=sdy)") >= 0;
  MlirAttribute ins = exAttr(op, "in_shardings"),
                outs = exAttr(op, "out_shardings");
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  MlirOperation yield = mlirBlockGetTerminator(body);
  int n = (int)mlirOperationGetNumOperands(op),
      nr = (int)mlirOperationGetNumResults(op);
  char text[1200];
  for (int i = 0; i < n; ++i) {
    int x = operand(e, op, i);
    ExType local, padded;
    MlirAttribute s = mlirArrayAttrGetElement(ins, i);
    if (x < 0 ||
        !exTypeFromMlir(NULL, mlirValueGetType(mlirBlockGetArgument(body, i)),
                        &local) ||
        !manualBoundary(e, op, s, mesh, mask, exTypeOf(e, x), &local, &padded))
      return exError(e, op, "stablehlo export: manual region operand %d", i) >=
             0;
    x = padHigh(e, x, &padded);
    exShardingText(e, s, padded.rank, false, m, false, text, sizeof(text));
    x = shardingCall(e, "Sharding", x, text, &padded);
    x = shardingCall(e, "SPMDFullToShardShape", x, "\"{manual}\"", &local);
    exBind(e, mlirBlockGetArgument(body, i), x);
  }
  e->manual_mesh = m;
  e->manual_mask = mask;
  bool ok = exExportBlockBody(e, body);
  int *yields = ok ? operandIds(e, yield, 0, nr) : NULL;
  e->manual_mesh = -1;
  e->manual_mask = 0;
  if (!yields)
    return false;
  for (int j = 0; j < nr; ++j) {
    ExType global, local = *exTypeOf(e, yields[j]), padded;
    MlirAttribute s = mlirArrayAttrGetElement(outs, j);
    if (!resultType(e, op, j, &global) ||
        !manualBoundary(e, op, s, mesh, mask, &global, &local, &padded))
      return false;
    int y = shardingCall(e, "Sharding", yields[j], "\"{manual}\"", &local);
    exShardingText(e, s, padded.rank, false, m, false, text, sizeof(text));
    y = shardingCall(e, "SPMDShardToFullShape", y, text, &padded);
    int64_t start[EX_MAX_RANK] = {0}, one[EX_MAX_RANK];
    bool same = true;
    for (int d = 0; d < global.rank; ++d) {
      one[d] = 1;
      same &= global.shape[d] == padded.shape[d];
    }
    if (!same)
      y = exSlice(e, y, start, global.shape, one);
    exBind(e, mlirOperationGetResult(op, j), y);
  }
  return true;
}

/* gspmd.manual_computation (global form, shardings=sdy) becomes
 * sdy.manual_computation with the same in / out shardings and manual axes;
 * its body is exported as written (collectives and axis_index as in the SPMD
 * form, on partition ids). Uneven manual dims: sdy splits evenly, so an
 * operand is padded at the end (with poison) to the manual shard count times
 * the body's ceil shard, which puts every shard where DESIGN's layout has it,
 * and a result is sliced back to its global type. */
static bool emitManual(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  if (e->form != EX_FORM_GLOBAL)
    return exError(e, op,
                   "stablehlo export: gspmd.manual_computation in the SPMD "
                   "form (gspmd-spmd inlines it; run it first)") >= 0;
  if (e->format == EX_NO_SHARDINGS)
    return exError(e, op,
                   "stablehlo export: gspmd.manual_computation needs its "
                   "mesh (shardings=none has one device)") >= 0;
  if (e->manual_mesh >= 0)
    return exError(e, op, "stablehlo export: nested manual regions") >= 0;
  int m = exMeshIndex(e, exAttr(op, "mesh"));
  if (m < 0)
    return exError(e, op, "stablehlo export: unknown mesh") >= 0;
  const GspmdMesh *mesh = &GSPMD_VEC_AT(&e->meshes, GspmdModuleMesh, m).mesh;
  int axes[GSPMD_MAX_MESH_AXES];
  int na = gspmdReadMeshAxes(exAttr(op, "manual_axes"), mesh, axes);
  if (na < 0)
    return exError(e, op, "stablehlo export: unknown manual axes") >= 0;
  uint32_t mask = 0;
  for (int i = 0; i < na; ++i)
    mask |= 1u << axes[i];
  if (e->format == EX_HLO)
    return emitManualHlo(e, op, m, mesh, mask);
  MlirAttribute ins = exAttr(op, "in_shardings"),
                outs = exAttr(op, "out_shardings");
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  MlirOperation yield = mlirBlockGetTerminator(body);
  int n = (int)mlirOperationGetNumOperands(op),
      nr = (int)mlirOperationGetNumResults(op);
  int *args = gspmdArenaAlloc(&e->arena, sizeof(int) * (size_t)(n ? n : 1));
  ExType *local =
      gspmdArenaAlloc(&e->arena, sizeof(ExType) * (size_t)(n ? n : 1));
  for (int i = 0; i < n; ++i) {
    int x = operand(e, op, i);
    if (x < 0 ||
        !exTypeFromMlir(NULL, mlirValueGetType(mlirBlockGetArgument(body, i)),
                        &local[i]))
      return exError(e, op, "stablehlo export: manual region operand %d", i) >=
             0;
    ExType padded;
    if (!manualBoundary(e, op, mlirArrayAttrGetElement(ins, i), mesh, mask,
                        exTypeOf(e, x), &local[i], &padded))
      return false;
    args[i] = padHigh(e, x, &padded);
  }
  ExType *rtypes =
      gspmdArenaAlloc(&e->arena, sizeof(ExType) * (size_t)(nr ? nr : 1));
  for (int j = 0; j < nr; ++j) {
    ExType global, loc;
    if (!resultType(e, op, j, &global) ||
        !exTypeFromMlir(
            NULL, mlirValueGetType(mlirOperationGetOperand(yield, j)), &loc) ||
        !manualBoundary(e, op, mlirArrayAttrGetElement(outs, j), mesh, mask,
                        &global, &loc, &rtypes[j]))
      return false;
  }
  int *res = gspmdArenaAlloc(&e->arena, sizeof(int) * (size_t)(nr ? nr : 1));
  int *bargs = gspmdArenaAlloc(&e->arena, sizeof(int) * (size_t)(n ? n : 1));
  char buf[32];
  exResultsBegin(e, nr, rtypes, res);
  fputs("\"sdy.manual_computation\"(", e->out);
  for (int i = 0; i < n; ++i)
    fprintf(e->out, "%s%s", i ? ", " : "",
            exName(e, args[i], buf, sizeof(buf)));
  fputs(") ({\n", e->out);
  printBlockHeader(e, n, local, bargs);
  for (int i = 0; i < n; ++i)
    exBind(e, mlirBlockGetArgument(body, i), bargs[i]);
  e->manual_mesh = m;
  e->manual_mask = mask;
  bool ok = exExportBlockBody(e, body);
  int *yields = ok ? operandIds(e, yield, 0, nr) : NULL;
  e->manual_mesh = -1;
  e->manual_mask = 0;
  if (!yields)
    return false;
  printReturn(e, "sdy.return", nr, yields);
  fputs("  }) {in_shardings = ", e->out);
  printShardingList(e, ins, args, n, m);
  fputs(", manual_axes = ", e->out);
  printManualAxes(e, mesh, mask);
  fputs(", out_shardings = ", e->out);
  printShardingList(e, outs, res, nr, m);
  fputs("} : ", e->out);
  printTypeList(e, n, args);
  fputs(" -> ", e->out);
  printTypeList(e, nr, res);
  fputc('\n', e->out);
  for (int j = 0; j < nr; ++j) {
    ExType global;
    resultType(e, op, j, &global);
    int r = res[j];
    bool same = true;
    for (int d = 0; d < global.rank; ++d)
      same &= global.shape[d] == rtypes[j].shape[d];
    if (!same) {
      int64_t start[EX_MAX_RANK] = {0}, one[EX_MAX_RANK];
      for (int d = 0; d < global.rank; ++d)
        one[d] = 1;
      r = exSlice(e, r, start, global.shape, one);
    }
    exBind(e, mlirOperationGetResult(op, j), r);
  }
  return true;
}

/*===-- the table ---------------------------------------------------------===*/

static const ExOpRow kOps[] = {
    /* arith: elementwise on tensors and scalars */
    {"arith.addf", emitElementwise, "stablehlo.add"},
    {"arith.addi", emitElementwise, "stablehlo.add"},
    {"arith.subf", emitElementwise, "stablehlo.subtract"},
    {"arith.subi", emitElementwise, "stablehlo.subtract"},
    {"arith.mulf", emitElementwise, "stablehlo.multiply"},
    {"arith.muli", emitElementwise, "stablehlo.multiply"},
    {"arith.divf", emitElementwise, "stablehlo.divide"},
    {"arith.divsi", emitElementwise, "stablehlo.divide"},
    {"arith.remf", emitElementwise, "stablehlo.remainder"},
    {"arith.remsi", emitElementwise, "stablehlo.remainder"},
    {"arith.divui", emitUnsigned, "stablehlo.divide"},
    {"arith.remui", emitUnsigned, "stablehlo.remainder"},
    {"arith.maxui", emitUnsigned, "stablehlo.maximum"},
    {"arith.minui", emitUnsigned, "stablehlo.minimum"},
    {"arith.maximumf", emitElementwise, "stablehlo.maximum"},
    {"arith.minimumf", emitElementwise, "stablehlo.minimum"},
    {"arith.maxsi", emitElementwise, "stablehlo.maximum"},
    {"arith.minsi", emitElementwise, "stablehlo.minimum"},
    {"arith.maxnumf", emitCombinerOp, "4"}, /* EX_MAXNUM */
    {"arith.minnumf", emitCombinerOp, "5"}, /* EX_MINNUM */
    {"arith.negf", emitElementwise, "stablehlo.negate"},
    {"arith.andi", emitElementwise, "stablehlo.and"},
    {"arith.ori", emitElementwise, "stablehlo.or"},
    {"arith.xori", emitElementwise, "stablehlo.xor"},
    {"arith.shli", emitElementwise, "stablehlo.shift_left"},
    {"arith.shrsi", emitElementwise, "stablehlo.shift_right_arithmetic"},
    {"arith.shrui", emitElementwise, "stablehlo.shift_right_logical"},
    {"arith.cmpf", emitCmpF, ""},
    {"arith.cmpi", emitCmpI, ""},
    {"arith.select", emitSelect, ""},
    {"arith.constant", emitConstant, ""},
    {"arith.sitofp", emitCast, "convert"},
    {"arith.uitofp", emitCast, "from-unsigned"},
    {"arith.fptosi", emitCast, "convert"},
    {"arith.fptoui", emitCast, "to-unsigned"},
    {"arith.extf", emitCast, "convert"},
    {"arith.truncf", emitCast, "convert"},
    {"arith.extsi", emitCast, "signed"},
    {"arith.extui", emitCast, "from-unsigned"},
    {"arith.trunci", emitCast, "convert"},
    {"arith.index_cast", emitCast, "signed"},
    {"arith.index_castui", emitCast, "from-unsigned"},
    {"arith.bitcast", emitCast, "bitcast"},
    /* math */
    {"math.exp", emitElementwise, "stablehlo.exponential"},
    {"math.expm1", emitElementwise, "stablehlo.exponential_minus_one"},
    {"math.log", emitElementwise, "stablehlo.log"},
    {"math.log1p", emitElementwise, "stablehlo.log_plus_one"},
    {"math.tanh", emitElementwise, "stablehlo.tanh"},
    {"math.tan", emitElementwise, "stablehlo.tan"},
    {"math.sqrt", emitElementwise, "stablehlo.sqrt"},
    {"math.rsqrt", emitElementwise, "stablehlo.rsqrt"},
    {"math.cbrt", emitElementwise, "stablehlo.cbrt"},
    {"math.absf", emitElementwise, "stablehlo.abs"},
    {"math.absi", emitElementwise, "stablehlo.abs"},
    {"math.sin", emitElementwise, "stablehlo.sine"},
    {"math.cos", emitElementwise, "stablehlo.cosine"},
    {"math.floor", emitElementwise, "stablehlo.floor"},
    {"math.ceil", emitElementwise, "stablehlo.ceil"},
    {"math.round", emitElementwise, "stablehlo.round_nearest_afz"},
    {"math.roundeven", emitElementwise, "stablehlo.round_nearest_even"},
    {"math.powf", emitElementwise, "stablehlo.power"},
    {"math.atan2", emitElementwise, "stablehlo.atan2"},
    {"math.erf", emitElementwise, "chlo.erf"},
    {"math.fma", emitFma, ""},
    /* tensor */
    {"tensor.empty", emitEmpty, ""},
    {"tensor.splat", emitSplatOp, ""},
    {"tensor.cast", emitReshapeOp, ""},
    {"tensor.bitcast", emitCast, "bitcast"},
    {"tensor.expand_shape", emitReshapeOp, ""},
    {"tensor.collapse_shape", emitReshapeOp, ""},
    {"tensor.reshape", emitReshapeOp, ""},
    {"tensor.extract_slice", emitExtractSlice, ""},
    {"tensor.insert_slice", emitInsertSlice, ""},
    {"tensor.extract", emitExtract, ""},
    {"tensor.insert", emitInsert, ""},
    {"tensor.from_elements", emitFromElements, ""},
    {"tensor.concat", emitConcat, ""},
    {"tensor.pad", emitPad, ""},
    {"tensor.generate", emitGenerate, ""},
    /* linalg (named ops are generalised before export) */
    {"linalg.generic", emitGeneric, ""},
    {"linalg.index", emitLinalgIndex, ""},
    {"linalg.softmax", emitSoftmax, ""},
    /* gspmd (the SPMD form; the global form has only constraints) */
    {"gspmd.all_reduce", emitReducingCollective, "stablehlo.all_reduce"},
    {"gspmd.reduce_scatter", emitReducingCollective,
     "stablehlo.reduce_scatter"},
    {"gspmd.all_gather", emitAllGather, ""},
    {"gspmd.all_to_all", emitAllToAll, ""},
    {"gspmd.collective_permute", emitCollectivePermute, ""},
    {"gspmd.axis_index", emitAxisIndex, ""},
    {"gspmd.partition_id", emitPartitionId, ""},
    {"gspmd.manual_computation", emitManual, ""},
    /* control flow and calls */
    {"scf.for", emitFor, ""},
    {"scf.while", emitWhile, ""},
    {"scf.if", emitIf, ""},
    {"func.call", emitCall, ""},
};

const ExOpRow *exLookupOp(MlirStringRef name) {
  for (size_t i = 0; i < sizeof(kOps) / sizeof(kOps[0]); ++i)
    if (gspmdStringRefEq(name, kOps[i].name))
      return &kOps[i];
  return NULL;
}

bool exExportOpWithTable(Ex *e, MlirOperation op) {
  MlirStringRef name = gspmdOpName(op);
  const ExOpRow *row = exLookupOp(name);
  if (!row) {
    exError(e, op, "stablehlo export: op '%.*s' has no StableHLO mapping",
            (int)name.length, name.data);
    return false;
  }
  return row->emit(e, op, row->arg) && !e->failed;
}
