/*
 * tensor.c - tensor ops: reshapes, slices (static and dynamic offsets),
 * element reads and writes, concatenation, tensor.generate and tensor.pad.
 *
 * Assumes static sizes and strides; dynamic offsets become i32 start
 * indices of dynamic_slice / dynamic_update_slice. Inside a linalg body a
 * tensor.extract at per-element indices is a gather. Regions (generate, pad
 * by index) run over the result's shape with iotas for their indices.
 */
#include "internal.h"

#include "gspmd-c/Dialect.h"

#include <stdlib.h>
#include <string.h>

static int64_t i64Elem(MlirAttribute a, int i) {
  return mlirDenseI64ArrayGetElement(a, i);
}

static bool isDynamic(int64_t v) { return v == INT64_MIN; }

bool exEmitEmpty(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  ExType t;
  if (!exResultType(e, op, 0, &t))
    return false;
  return exBindResult(e, op, 0,
                      exSplat(e, &t,
                              exElemIsFloat(t.elem)   ? "0.0"
                              : !strcmp(t.elem, "i1") ? "false"
                                                      : "0"));
}

bool exEmitSplatOp(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int a = exOperand(e, op, 0);
  ExType t;
  if (a < 0 || !exResultType(e, op, 0, &t))
    return false;
  return exBindResult(e, op, 0, exBroadcast(e, a, &t, NULL));
}

bool exEmitReshapeOp(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int a = exOperand(e, op, 0);
  ExType t;
  if (a < 0 || !exResultType(e, op, 0, &t))
    return false;
  return exBindResult(e, op, 0, exReshape(e, a, &t));
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
      int id = exOperand(e, op, next++);
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

bool exEmitExtractSlice(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int src = exOperand(e, op, 0);
  SliceParams p;
  ExType rt;
  if (src < 0 || !readSliceParams(e, op, 1, &p) || !exResultType(e, op, 0, &rt))
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
  return exBindResult(e, op, 0, exReshape(e, cur, &rt));
}

bool exEmitInsertSlice(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int src = exOperand(e, op, 0), dst = exOperand(e, op, 1);
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
  return exBindResult(
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

bool exEmitExtract(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int src = exOperand(e, op, 0);
  if (src < 0)
    return false;
  const ExType *stp = exTypeOf(e, src);
  int rank = stp->rank;
  int ops[1 + EX_MAX_RANK];
  ops[0] = src;
  for (int i = 0; i < rank; ++i) {
    int id = exOperand(e, op, 1 + i);
    if (id < 0)
      return false;
    ops[1 + i] = exToI32Scalar(e, id);
  }
  if (rank && exTypeOf(e, ops[1])->rank > 0)
    return exBindResult(e, op, 0, gatherScalars(e, src, rank, ops + 1));
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
  return exBindResult(e, op, 0, exReshape(e, s, &r));
}

/* tensor.insert writes one element at scalar indices (a scatter loop's
 * body): a dynamic_update_slice of a 1x...x1 update. */
bool exEmitInsert(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int scalar = exOperand(e, op, 0), dst = exOperand(e, op, 1);
  if (scalar < 0 || dst < 0)
    return false;
  ExType t = *exTypeOf(e, dst);
  ExType one = t;
  int ops[2 + EX_MAX_RANK];
  ops[0] = dst;
  for (int i = 0; i < t.rank; ++i) {
    int id = exOperand(e, op, 2 + i);
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
  return exBindResult(
      e, op, 0,
      exOp(e, "stablehlo.dynamic_update_slice", "", 2 + t.rank, ops, &t));
}

bool exEmitFromElements(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int n = (int)mlirOperationGetNumOperands(op);
  ExType rt;
  if (!exResultType(e, op, 0, &rt))
    return false;
  int *ids = gspmdArenaAlloc(&e->arena, sizeof(int) * (size_t)(n ? n : 1));
  for (int i = 0; i < n; ++i) {
    int a = exOperand(e, op, i);
    if (a < 0)
      return false;
    ExType one = exScalarType(rt.elem);
    one.rank = 1;
    one.shape[0] = 1;
    ids[i] = exReshape(e, a, &one);
  }
  return exBindResult(e, op, 0, exReshape(e, exConcat(e, n, ids, 0), &rt));
}

bool exEmitConcat(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int n = (int)mlirOperationGetNumOperands(op);
  int *ids = gspmdArenaAlloc(&e->arena, sizeof(int) * (size_t)n);
  for (int i = 0; i < n; ++i)
    if ((ids[i] = exOperand(e, op, i)) < 0)
      return false;
  int dim = (int)mlirIntegerAttrGetValueInt(exAttr(op, "dim"));
  return exBindResult(e, op, 0, exConcat(e, n, ids, dim));
}

/* The value a region yields when it runs over every point of shape t, its
 * index arguments bound to iotas (static shapes only); -1 after an error. */
static int valueOverShape(Ex *e, MlirBlock body, const ExType *t) {
  ExType it = exTypeWithElem(t, "i64");
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(body); ++i)
    exBind(e, mlirBlockGetArgument(body, i), exIota(e, &it, (int)i));
  const ExType *saved = e->body_shape;
  e->body_shape = t;
  bool ok = exExportBlockBody(e, body);
  MlirOperation yield = mlirBlockGetTerminator(body);
  int value = ok ? exUse(e, yield, mlirOperationGetOperand(yield, 0)) : -1;
  e->body_shape = saved;
  return value;
}

/* tensor.generate: its body over the result's shape. */
bool exEmitGenerate(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  ExType rt;
  if (!exResultType(e, op, 0, &rt))
    return false;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  return exBindResult(e, op, 0, valueOverShape(e, body, &rt));
}

/* tensor.pad whose value is computed from the indices: the region runs over
 * the result's shape, and the padded source is selected where the index
 * falls inside it. */
static bool emitPadByIndex(Ex *e, MlirOperation op, int src, MlirBlock body,
                           const ExType *rt, const int64_t *lo) {
  int value = valueOverShape(e, body, rt);
  if (value < 0)
    return false;
  ExType st = *exTypeOf(e, src);
  ExType zt = exScalarType(st.elem);
  int zero = exIdentity(e, GSPMD_COMBINER_ADD, &zt);
  int64_t hi[EX_MAX_RANK];
  for (int i = 0; i < st.rank; ++i)
    hi[i] = rt->shape[i] - st.shape[i] - lo[i];
  int padded = exPad(e, src, zero, lo, hi, rt);
  ExType it = exTypeWithElem(rt, "i64");
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
  return exBindResult(e, op, 0, r);
}

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

/* tensor.pad: the padding value is the region's yield; it may be computed in
 * the region from constants or values of the enclosing code, or (by index)
 * from the indices. */
bool exEmitPad(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int src = exOperand(e, op, 0);
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
  if (!exResultType(e, op, 0, &rt))
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
  return exBindResult(e, op, 0, exPad(e, src, value, lo, hi, &rt));
}
