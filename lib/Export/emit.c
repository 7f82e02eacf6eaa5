/*
 * emit.c - types of the exported program, one builder per StableHLO op, and
 * the text of regions (block headers, terminators, type lists).
 *
 * Every builder prints one op in MLIR's generic form on one line and returns
 * the id of its result; the types it prints are the ones the exporter
 * tracks, so the text is self-consistent and jaxlib's parser verifies it.
 * Assumes operands are valid ids (callers check exUse's result first).
 */
#include "internal.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int exError(Ex *e, MlirOperation op, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof(msg), fmt, ap);
  va_end(ap);
  if (!e->failed)
    mlirEmitError(mlirOperationGetLocation(op), msg);
  e->failed = true;
  return -1;
}

int exNewId(Ex *e, const ExType *t) {
  *(ExType *)gspmdVecPush(&e->types) = *t;
  ExAlias *a = gspmdVecPush(&e->alias);
  a->base = -1;
  return (int)e->types.size - 1;
}

const char *exName(Ex *e, int id, char *buf, size_t size) {
  ExAlias a = GSPMD_VEC_AT(&e->alias, ExAlias, id);
  if (a.base >= 0)
    snprintf(buf, size, "%%v%d#%d", a.base, a.index);
  else
    snprintf(buf, size, "%%v%d", id);
  return buf;
}

void exResultsBegin(Ex *e, int n, const ExType *types, int *ids) {
  for (int i = 0; i < n; ++i)
    ids[i] = exNewId(e, &types[i]);
  if (n > 1)
    for (int i = 0; i < n; ++i)
      GSPMD_VEC_AT(&e->alias, ExAlias, ids[i]) = (ExAlias){ids[0], i};
  if (n == 0)
    fprintf(e->out, "    ");
  else if (n == 1)
    fprintf(e->out, "    %%v%d = ", ids[0]);
  else
    fprintf(e->out, "    %%v%d:%d = ", ids[0], n);
}

const ExType *exTypeOf(Ex *e, int id) {
  return &GSPMD_VEC_AT(&e->types, ExType, id);
}

void exBind(Ex *e, MlirValue v, int id) { gspmdPtrMapPut(&e->ids, v.ptr, id); }

/*===-- types -------------------------------------------------------------===*/

static void appendToBuf(MlirStringRef s, void *user) {
  char *buf = user;
  size_t len = strlen(buf);
  if (len + s.length < 64) {
    memcpy(buf + len, s.data, s.length);
    buf[len + s.length] = 0;
  }
}

bool exElemFromMlir(MlirType t, char *elem) {
  if (mlirTypeIsAIndex(t)) {
    strcpy(elem, "i64");
    return true;
  }
  if (mlirTypeIsAInteger(t)) {
    if (!mlirIntegerTypeIsSignless(t))
      return false;
    unsigned w = mlirIntegerTypeGetWidth(t);
    if (w != 1 && w != 8 && w != 16 && w != 32 && w != 64)
      return false;
    snprintf(elem, 12, "i%u", w);
    return true;
  }
  if (mlirTypeIsAF32(t) || mlirTypeIsAF64(t) || mlirTypeIsAF16(t) ||
      mlirTypeIsABF16(t)) {
    char buf[64] = {0};
    mlirTypePrint(t, appendToBuf, buf);
    snprintf(elem, 12, "%s", buf);
    return true;
  }
  return false;
}

bool exTypeFromMlir(Ex *e, MlirType t, ExType *out) {
  memset(out, 0, sizeof(*out));
  if (mlirTypeIsARankedTensor(t)) {
    if (!mlirShapedTypeHasStaticShape(t) ||
        mlirShapedTypeGetRank(t) > EX_MAX_RANK)
      return false;
    out->rank = (int)mlirShapedTypeGetRank(t);
    for (int i = 0; i < out->rank; ++i)
      out->shape[i] = mlirShapedTypeGetDimSize(t, i);
    return exElemFromMlir(mlirShapedTypeGetElementType(t), out->elem);
  }
  if (!exElemFromMlir(t, out->elem))
    return false;
  if (e && e->body_shape) {
    char elem[12];
    memcpy(elem, out->elem, sizeof(elem));
    *out = *e->body_shape;
    memcpy(out->elem, elem, sizeof(elem));
  }
  return true;
}

const char *exTypeStr(const ExType *t, char *buf, size_t size) {
  size_t n = (size_t)snprintf(buf, size, "tensor<");
  for (int i = 0; i < t->rank && n < size; ++i)
    n += (size_t)snprintf(buf + n, size - n, "%lldx", (long long)t->shape[i]);
  if (n < size)
    snprintf(buf + n, size - n, "%s>", t->elem);
  return buf;
}

ExType exTypeWithElem(const ExType *t, const char *elem) {
  ExType r = *t;
  snprintf(r.elem, sizeof(r.elem), "%s", elem);
  return r;
}

ExType exScalarType(const char *elem) {
  ExType r;
  memset(&r, 0, sizeof(r));
  snprintf(r.elem, sizeof(r.elem), "%s", elem);
  return r;
}

bool exElemIsFloat(const char *elem) {
  return elem[0] == 'f' || elem[0] == 'b';
}
bool exElemIsUnsigned(const char *elem) { return elem[0] == 'u'; }
int exElemBits(const char *elem) {
  if (!strcmp(elem, "bf16"))
    return 16;
  return atoi(elem + (elem[0] == 'u' ? 2 : 1));
}

/*===-- builders ----------------------------------------------------------===*/

static void printOperands(Ex *e, int n, const int *ops) {
  char buf[32];
  fputc('(', e->out);
  for (int i = 0; i < n; ++i)
    fprintf(e->out, "%s%s", i ? ", " : "", exName(e, ops[i], buf, sizeof(buf)));
  fputc(')', e->out);
}

static void printSignature(Ex *e, int n, const int *ops, const ExType *rt) {
  char buf[256];
  fputs(" : (", e->out);
  for (int i = 0; i < n; ++i)
    fprintf(e->out, "%s%s", i ? ", " : "",
            exTypeStr(exTypeOf(e, ops[i]), buf, sizeof(buf)));
  fprintf(e->out, ") -> %s\n", exTypeStr(rt, buf, sizeof(buf)));
}

int exOp(Ex *e, const char *name, const char *attrs, int n, const int *ops,
         const ExType *rt) {
  int id;
  exResultsBegin(e, 1, rt, &id);
  fprintf(e->out, "\"%s\"", name);
  printOperands(e, n, ops);
  if (attrs && *attrs)
    fprintf(e->out, " {%s}", attrs);
  printSignature(e, n, ops, rt);
  return id;
}

int exUnary(Ex *e, const char *name, int a) {
  ExType t = *exTypeOf(e, a);
  return exOp(e, name, "", 1, &a, &t);
}

int exBinary(Ex *e, const char *name, int a, int b) {
  int ops[2] = {a, b};
  ExType t = *exTypeOf(e, a);
  return exOp(e, name, "", 2, ops, &t);
}

int exSplat(Ex *e, const ExType *t, const char *value) {
  char attrs[512], buf[256];
  ExType s = exScalarType(t->elem);
  snprintf(attrs, sizeof(attrs), "value = dense<%s> : %s", value,
           exTypeStr(&s, buf, sizeof(buf)));
  int c = exOp(e, "stablehlo.constant", attrs, 0, NULL, &s);
  if (t->rank == 0)
    return c;
  return exBroadcast(e, c, t, NULL);
}

static void printI64Array(char *buf, size_t size, const char *name, int n,
                          const int64_t *v) {
  size_t k =
      (size_t)snprintf(buf, size, "%s = array<i64%s", name, n ? ": " : "");
  for (int i = 0; i < n && k < size; ++i)
    k += (size_t)snprintf(buf + k, size - k, "%s%lld", i ? ", " : "",
                          (long long)v[i]);
  if (k < size)
    snprintf(buf + k, size - k, ">");
}

int exBroadcast(Ex *e, int a, const ExType *rt, const int *dims) {
  const ExType *at = exTypeOf(e, a);
  int64_t d[EX_MAX_RANK];
  for (int i = 0; i < at->rank; ++i)
    d[i] = dims ? dims[i] : i + (rt->rank - at->rank);
  char attrs[512];
  printI64Array(attrs, sizeof(attrs), "broadcast_dimensions", at->rank, d);
  ExType t = exTypeWithElem(rt, at->elem);
  return exOp(e, "stablehlo.broadcast_in_dim", attrs, 1, &a, &t);
}

int exPad(Ex *e, int a, int value, const int64_t *lo, const int64_t *hi,
          const ExType *rt) {
  int rank = exTypeOf(e, a)->rank;
  int64_t interior[EX_MAX_RANK] = {0};
  char attrs[1024];
  size_t k = 0;
  const char *names[3] = {"edge_padding_low", "edge_padding_high",
                          "interior_padding"};
  const int64_t *amounts[3] = {lo, hi, interior};
  for (int w = 0; w < 3 && k < sizeof(attrs); ++w) {
    k += (size_t)snprintf(attrs + k, sizeof(attrs) - k, "%s", w ? ", " : "");
    printI64Array(attrs + k, sizeof(attrs) - k, names[w], rank, amounts[w]);
    k += strlen(attrs + k);
  }
  int ops[2] = {a, value};
  ExType t = exTypeWithElem(rt, exTypeOf(e, a)->elem);
  return exOp(e, "stablehlo.pad", attrs, 2, ops, &t);
}

int exTranspose(Ex *e, int a, const int *perm) {
  const ExType *at = exTypeOf(e, a);
  bool identity = true;
  int64_t p[EX_MAX_RANK];
  ExType t = *at;
  for (int i = 0; i < at->rank; ++i) {
    p[i] = perm[i];
    t.shape[i] = at->shape[perm[i]];
    identity &= perm[i] == i;
  }
  if (identity)
    return a;
  char attrs[512];
  printI64Array(attrs, sizeof(attrs), "permutation", at->rank, p);
  return exOp(e, "stablehlo.transpose", attrs, 1, &a, &t);
}

int exReshape(Ex *e, int a, const ExType *rt) {
  const ExType *at = exTypeOf(e, a);
  if (at->rank == rt->rank &&
      !memcmp(at->shape, rt->shape, sizeof(int64_t) * (size_t)rt->rank))
    return a;
  ExType t = exTypeWithElem(rt, at->elem);
  return exOp(e, "stablehlo.reshape", "", 1, &a, &t);
}

int exSlice(Ex *e, int a, const int64_t *start, const int64_t *limit,
            const int64_t *strides) {
  const ExType *at = exTypeOf(e, a);
  ExType t = *at;
  bool whole = true;
  for (int i = 0; i < at->rank; ++i) {
    t.shape[i] = (limit[i] - start[i] + strides[i] - 1) / strides[i];
    whole &= start[i] == 0 && limit[i] == at->shape[i] && strides[i] == 1;
  }
  if (whole)
    return a;
  char attrs[1536];
  size_t k = 0;
  printI64Array(attrs, sizeof(attrs), "start_indices", at->rank, start);
  k = strlen(attrs);
  k += (size_t)snprintf(attrs + k, sizeof(attrs) - k, ", ");
  printI64Array(attrs + k, sizeof(attrs) - k, "limit_indices", at->rank, limit);
  k = strlen(attrs);
  k += (size_t)snprintf(attrs + k, sizeof(attrs) - k, ", ");
  printI64Array(attrs + k, sizeof(attrs) - k, "strides", at->rank, strides);
  return exOp(e, "stablehlo.slice", attrs, 1, &a, &t);
}

int exConcat(Ex *e, int n, const int *ids, int dim) {
  if (n == 1)
    return ids[0];
  ExType t = *exTypeOf(e, ids[0]);
  t.shape[dim] = 0;
  for (int i = 0; i < n; ++i)
    t.shape[dim] += exTypeOf(e, ids[i])->shape[dim];
  char attrs[64];
  snprintf(attrs, sizeof(attrs), "dimension = %d : i64", dim);
  return exOp(e, "stablehlo.concatenate", attrs, n, ids, &t);
}

int exConvert(Ex *e, int a, const char *elem) {
  if (!strcmp(exTypeOf(e, a)->elem, elem))
    return a;
  ExType t = exTypeWithElem(exTypeOf(e, a), elem);
  return exOp(e, "stablehlo.convert", "", 1, &a, &t);
}

int exBitcast(Ex *e, int a, const char *elem) {
  if (!strcmp(exTypeOf(e, a)->elem, elem))
    return a;
  ExType t = exTypeWithElem(exTypeOf(e, a), elem);
  return exOp(e, "stablehlo.bitcast_convert", "", 1, &a, &t);
}

int exIota(Ex *e, const ExType *t, int dim) {
  char attrs[64];
  snprintf(attrs, sizeof(attrs), "iota_dimension = %d : i64", dim);
  return exOp(e, "stablehlo.iota", attrs, 0, NULL, t);
}

int exCompare(Ex *e, int a, int b, const char *dir) {
  const char *elem = exTypeOf(e, a)->elem;
  const char *kind = exElemIsFloat(elem) ? "FLOAT"
                     : exElemIsUnsigned(elem) || !strcmp(elem, "i1")
                         ? "UNSIGNED"
                         : "SIGNED";
  char attrs[160];
  snprintf(attrs, sizeof(attrs),
           "comparison_direction = #stablehlo<comparison_direction %s>, "
           "compare_type = #stablehlo<comparison_type %s>",
           dir, kind);
  int ops[2] = {a, b};
  ExType t = exTypeWithElem(exTypeOf(e, a), "i1");
  return exOp(e, "stablehlo.compare", attrs, 2, ops, &t);
}

int exSelect(Ex *e, int pred, int a, int b) {
  ExType t = *exTypeOf(e, a);
  if (exTypeOf(e, pred)->rank != t.rank)
    pred = exBroadcast(e, pred, &t, NULL);
  int ops[3] = {pred, a, b};
  return exOp(e, "stablehlo.select", "", 3, ops, &t);
}

int exToI32Scalar(Ex *e, int a) { return exConvert(e, a, "i32"); }

int exConstI32(Ex *e, int64_t v) {
  char text[32];
  snprintf(text, sizeof(text), "%lld", (long long)v);
  ExType t = exScalarType("i32");
  return exSplat(e, &t, text);
}

/*===-- combiners ---------------------------------------------------------===*/

/* NaN-ignoring max/min (arith.maxnumf/minnumf): the other operand when one
 * is NaN. */
static int combineNum(Ex *e, const char *op, int a, int b) {
  int m = exBinary(e, op, a, b);
  int a_nan = exCompare(e, a, a, "NE");
  int b_nan = exCompare(e, b, b, "NE");
  return exSelect(e, a_nan, b, exSelect(e, b_nan, a, m));
}

int exCombine(Ex *e, GspmdCombiner c, int a, int b) {
  char elem[12]; /* the type table may grow below */
  snprintf(elem, sizeof(elem), "%s", exTypeOf(e, a)->elem);
  bool ignores_nan, is_unsigned;
  const char *op = gspmdCombinerStablehloName(
      c, exElemIsFloat(elem), exElemBits(elem), &ignores_nan, &is_unsigned);
  if (!op)
    return -1;
  if (ignores_nan)
    return combineNum(e, op, a, b);
  if (!is_unsigned)
    return exBinary(e, op, a, b);
  char u[12];
  snprintf(u, sizeof(u), "u%s", elem);
  return exBitcast(e, exBinary(e, op, exBitcast(e, a, u), exBitcast(e, b, u)),
                   elem);
}

/* -inf / +inf as hex bit patterns of the float element's width. */
static const char *infinityBits(const char *elem, bool negative) {
  if (!strcmp(elem, "f32"))
    return negative ? "0xFF800000" : "0x7F800000";
  if (!strcmp(elem, "f64"))
    return negative ? "0xFFF0000000000000" : "0x7FF0000000000000";
  if (!strcmp(elem, "f16"))
    return negative ? "0xFC00" : "0x7C00";
  return negative ? "0xFF80" : "0x7F80";
}

/* How StableHLO text spells an identity of element type `elem`. */
static void identityText(GspmdIdentity id, const char *elem, char *text,
                         size_t size) {
  bool fl = exElemIsFloat(elem), i1 = !strcmp(elem, "i1");
  int bits = exElemBits(elem);
  bool lowest = id == GSPMD_IDENTITY_LOWEST;
  if (fl && (lowest || id == GSPMD_IDENTITY_HIGHEST))
    snprintf(text, size, "%s", infinityBits(elem, lowest));
  else if (fl)
    snprintf(text, size, "%s", id == GSPMD_IDENTITY_ZERO ? "0.0" : "1.0");
  else if (i1)
    snprintf(text, size, "%s",
             id == GSPMD_IDENTITY_ZERO || lowest ? "false" : "true");
  else if (lowest)
    snprintf(text, size, "%lld",
             bits == 64 ? (long long)INT64_MIN : -(1LL << (bits - 1)));
  else if (id == GSPMD_IDENTITY_HIGHEST)
    snprintf(text, size, "%lld",
             bits == 64 ? (long long)INT64_MAX : (1LL << (bits - 1)) - 1);
  else
    snprintf(text, size, "%s",
             id == GSPMD_IDENTITY_ZERO       ? "0"
             : id == GSPMD_IDENTITY_ALL_ONES ? "-1"
                                             : "1");
}

int exIdentity(Ex *e, GspmdCombiner c, const ExType *t) {
  if (c == GSPMD_COMBINER_NONE)
    return -1;
  char text[48];
  identityText(gspmdCombinerIdentity(c), t->elem, text, sizeof(text));
  return exSplat(e, t, text);
}

void exPrintReducerRegion(Ex *e, GspmdCombiner c, const char *elem_in) {
  char elem[12]; /* elem_in may point into the type table, which grows */
  snprintf(elem, sizeof(elem), "%s", elem_in);
  ExType s = exScalarType(elem);
  int a = exNewId(e, &s), b = exNewId(e, &s);
  char buf[64];
  exTypeStr(&s, buf, sizeof(buf));
  fprintf(e->out, "({\n  ^bb0(%%v%d: %s, %%v%d: %s):\n", a, buf, b, buf);
  int r = exCombine(e, c, a, b);
  fprintf(e->out, "    \"stablehlo.return\"(%%v%d) : (%s) -> ()\n  })", r, buf);
}

/* NaN where some (flag_comb MAX) or every (MIN) reduced element of `at`
 * is NaN (`nan` marks them), else v. */
static int nanWhere(Ex *e, const ExType *at, int nan, int ndims,
                    const int *dims, GspmdCombiner flag_comb, int v) {
  ExType ft = exTypeWithElem(at, "f32");
  int flag = exSelect(e, nan, exSplat(e, &ft, "1.0"), exSplat(e, &ft, "0.0"));
  e->in_nan_reduce = true;
  int r = exReduce(e, flag, ndims, dims, flag_comb);
  e->in_nan_reduce = false;
  ExType rt = *exTypeOf(e, r);
  int is = exCompare(e, r, exSplat(e, &rt, "1.0"), "EQ");
  int nan_v = exConvert(e, exSplat(e, &rt, "0x7FC00000"), at->elem);
  return exSelect(e, is, nan_v, v);
}

int exReduce(Ex *e, int a, int ndims, const int *dims, GspmdCombiner c) {
  if (ndims == 0)
    return a;
  if ((c == GSPMD_COMBINER_MAX || c == GSPMD_COMBINER_MIN) &&
      exElemIsFloat(exTypeOf(e, a)->elem) && !e->in_nan_reduce) {
    /* arith.maximumf / minimumf propagate NaN; XLA:CPU's all-reduce of a
     * partitioned max need not, so a second reduction marks NaN rows. */
    ExType at = *exTypeOf(e, a);
    e->in_nan_reduce = true;
    int v = exReduce(e, a, ndims, dims, c);
    e->in_nan_reduce = false;
    int nan = exCompare(e, a, a, "NE");
    return nanWhere(e, &at, nan, ndims, dims, GSPMD_COMBINER_MAX, v);
  }
  if (c == GSPMD_COMBINER_MAXNUM || c == GSPMD_COMBINER_MINNUM) {
    /* NaN-ignoring max/min as plain ones over NaN-free data and a second
     * reduction that finds rows of NaNs only: XLA's partitioner turns a
     * split reduce into an all-reduce of its reducer, and XLA:CPU's
     * collectives take plain reducers only. */
    GspmdCombiner plain =
        c == GSPMD_COMBINER_MAXNUM ? GSPMD_COMBINER_MAX : GSPMD_COMBINER_MIN;
    ExType at = *exTypeOf(e, a);
    int nan = exCompare(e, a, a, "NE");
    int clean = exSelect(e, nan, exIdentity(e, plain, &at), a);
    e->in_nan_reduce = true; /* the data is NaN-free */
    int v = exReduce(e, clean, ndims, dims, plain);
    e->in_nan_reduce = false;
    return nanWhere(e, &at, nan, ndims, dims, GSPMD_COMBINER_MIN, v);
  }
  const ExType at_copy = *exTypeOf(e, a), *at = &at_copy;
  ExType s = exScalarType(at->elem);
  int init = exIdentity(e, c, &s);
  ExType rt = *at;
  rt.rank = 0;
  int64_t d[EX_MAX_RANK];
  for (int i = 0; i < at->rank; ++i) {
    bool reduced = false;
    for (int j = 0; j < ndims; ++j)
      reduced |= dims[j] == i;
    if (!reduced)
      rt.shape[rt.rank++] = at->shape[i];
  }
  for (int j = 0; j < ndims; ++j)
    d[j] = dims[j];
  int id, ops[2] = {a, init};
  char buf[256], buf2[64], attrs[512];
  exResultsBegin(e, 1, &rt, &id);
  fprintf(e->out, "\"stablehlo.reduce\"");
  printOperands(e, 2, ops);
  fputc(' ', e->out);
  exPrintReducerRegion(e, c, at->elem);
  printI64Array(attrs, sizeof(attrs), "dimensions", ndims, d);
  fprintf(e->out, " {%s} : (%s, %s) -> ", attrs,
          exTypeStr(at, buf, sizeof(buf)), exTypeStr(&s, buf2, sizeof(buf2)));
  fprintf(e->out, "%s\n", exTypeStr(&rt, buf, sizeof(buf)));
  return id;
}

void exAppendToVec(MlirStringRef s, void *user) {
  GspmdVec *v = user;
  for (size_t i = 0; i < s.length; ++i)
    *(char *)gspmdVecPush(v) = s.data[i];
}

/*===-- region text -------------------------------------------------------===*/

void exPrintTypeList(Ex *e, int n, const int *ids) {
  char buf[256];
  fputc('(', e->out);
  for (int i = 0; i < n; ++i)
    fprintf(e->out, "%s%s", i ? ", " : "",
            exTypeStr(exTypeOf(e, ids[i]), buf, sizeof(buf)));
  fputc(')', e->out);
}

void exPrintReturn(Ex *e, const char *name, int n, const int *ids) {
  char buf[32];
  fprintf(e->out, "    \"%s\"(", name);
  for (int i = 0; i < n; ++i)
    fprintf(e->out, "%s%s", i ? ", " : "", exName(e, ids[i], buf, sizeof(buf)));
  fputs(") : ", e->out);
  exPrintTypeList(e, n, ids);
  fputs(" -> ()\n", e->out);
}

void exPrintBlockHeader(Ex *e, int n, const ExType *types, int *ids) {
  char buf[256];
  fputs("  ^bb0(", e->out);
  for (int i = 0; i < n; ++i) {
    ids[i] = exNewId(e, &types[i]);
    fprintf(e->out, "%s%%v%d: %s", i ? ", " : "", ids[i],
            exTypeStr(&types[i], buf, sizeof(buf)));
  }
  fputs("):\n", e->out);
}

void exPrintFuncName(Ex *e, MlirStringRef name) {
  if (e->entry_name.length == name.length &&
      !memcmp(e->entry_name.data, name.data, name.length))
    fputs("@main", e->out);
  else if (gspmdStringRefEq(name, "main"))
    fputs("@main_0", e->out); /* the entry takes the name XLA runs */
  else
    fprintf(e->out, "@%.*s", (int)name.length, name.data);
}
