/*
 * loops.c - a linalg.generic's operand expanded to the iteration space: the
 * value the body reads at every point of the loops.
 *
 * Each result of the operand's indexing map is one source dim: a loop (kept),
 * a constant (sliced, then dropped), a strided or reversed linear expression
 * (a strided slice), a window like `2*d1 + d4` (one strided slice per kernel
 * position, stacked into new dims), a rotation `(d + c) mod n` (two slices
 * and a concatenate) or another floordiv / mod / ceildiv by a positive
 * constant (a gather of the expression evaluated on iotas). A loop on two
 * dims (a diagonal) is masked and summed; the dims are then sorted by loop
 * and broadcast over the loops the operand does not read.
 */
#include "generic.h"

#include "gspmd-c/Dialect.h"

#include <string.h>

bool exLinearOf(MlirAffineExpr x, int64_t scale, Linear *out) {
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
    return exLinearOf(mlirAffineBinaryOpExprGetLHS(x), scale, out) &&
           exLinearOf(mlirAffineBinaryOpExprGetRHS(x), scale, out);
  if (mlirAffineExprIsAMul(x)) {
    MlirAffineExpr l = mlirAffineBinaryOpExprGetLHS(x),
                   r = mlirAffineBinaryOpExprGetRHS(x);
    if (mlirAffineExprIsAConstant(r))
      return exLinearOf(l, scale * mlirAffineConstantExprGetValue(r), out);
    if (mlirAffineExprIsAConstant(l))
      return exLinearOf(r, scale * mlirAffineConstantExprGetValue(l), out);
  }
  return false;
}

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

/* An expansion in progress: the value so far, and the loop each of its
 * first `pos` dims stands for (-1: a constant index, dropped at the end).
 * The source dims from pos on are still to read. */
typedef struct Expansion {
  Generic *g;
  int cur;
  int pos;
  int label[EX_MAX_RANK];
} Expansion;

/* The bounds of a slice that keeps every element of t. */
static void wholeSlice(const ExType *t, int64_t *start, int64_t *limit,
                       int64_t *strides) {
  for (int i = 0; i < t->rank; ++i) {
    start[i] = 0;
    limit[i] = t->shape[i];
    strides[i] = 1;
  }
}

/* `(d + c) mod n` over a whole dim of n (a rotation, the circular
 * pipeline's shift): rows [c', n) then [0, c'), c' = c mod n. Slices and a
 * concatenate, which XLA partitions into a collective_permute. False (and
 * nothing emitted) for other mods, which take the gather. */
static bool expandRotation(Ex *e, Expansion *x, MlirAffineExpr expr) {
  MlirAffineExpr rhs = mlirAffineBinaryOpExprGetRHS(expr);
  const ExType *ct = exTypeOf(e, x->cur);
  int64_t n =
      mlirAffineExprIsAConstant(rhs) ? mlirAffineConstantExprGetValue(rhs) : -1;
  Linear lin = {0};
  if (!(n > 0 && ct->shape[x->pos] == n &&
        exLinearOf(mlirAffineBinaryOpExprGetLHS(expr), 1, &lin) &&
        lin.num_terms == 1 && lin.coef[0] == 1 &&
        x->g->loop_size[lin.loop[0]] == n))
    return false;
  int64_t c = ((lin.constant % n) + n) % n;
  int64_t start[EX_MAX_RANK], limit[EX_MAX_RANK], strides[EX_MAX_RANK];
  wholeSlice(ct, start, limit, strides);
  if (c != 0) {
    int pieces[2];
    start[x->pos] = c;
    pieces[0] = exSlice(e, x->cur, start, limit, strides);
    start[x->pos] = 0;
    limit[x->pos] = c;
    pieces[1] = exSlice(e, x->cur, start, limit, strides);
    x->cur = exConcat(e, 2, pieces, x->pos);
  }
  x->label[x->pos++] = lin.loop[0];
  return true;
}

/* A non-linear dim (floordiv, mod, ceildiv): a gather, one dim per loop
 * the expression reads. */
static bool expandGather(Ex *e, Expansion *x, MlirAffineExpr expr) {
  int loops[EX_MAX_RANK], k;
  x->cur = gatherDim(e, x->g, x->cur, x->pos, expr, loops, &k);
  if (x->cur < 0)
    return false;
  for (int i = 0; i < k; ++i)
    x->label[x->pos++] = loops[i];
  return true;
}

/* Several loops read this dim (a window): one slice along the first term
 * per combination of the others, stacked into new dims. */
static bool expandWindow(Ex *e, Expansion *x, const Linear *lin,
                         const int64_t *start, const int64_t *limit,
                         const int64_t *strides) {
  Generic *g = x->g;
  int nt = lin->num_terms, pos = x->pos;
  int64_t combos = 1;
  for (int i = 1; i < nt; ++i)
    combos *= g->loop_size[lin->loop[i]];
  if (combos > 4096)
    return exError(e, g->op,
                   "stablehlo export: window of %lld positions is "
                   "too large to expand",
                   (long long)combos) >= 0 &&
           false;
  int *pieces = gspmdArenaAlloc(&e->arena, sizeof(int) * (size_t)combos);
  for (int64_t c = 0; c < combos; ++c) {
    int64_t rem = c, offset = lin->constant;
    for (int i = nt - 1; i >= 1; --i) {
      int64_t n = g->loop_size[lin->loop[i]];
      offset += lin->coef[i] * (rem % n);
      rem /= n;
    }
    int64_t s2[EX_MAX_RANK], l2[EX_MAX_RANK], st2[EX_MAX_RANK];
    memcpy(s2, start, sizeof(s2));
    memcpy(l2, limit, sizeof(l2));
    memcpy(st2, strides, sizeof(st2));
    s2[pos] = offset;
    l2[pos] = offset + lin->coef[0] * (g->loop_size[lin->loop[0]] - 1) + 1;
    st2[pos] = lin->coef[0];
    int piece = exSlice(e, x->cur, s2, l2, st2);
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
    r.shape[r.rank++] = g->loop_size[lin->loop[i]];
  for (int i = pos + 1; i < nt_type.rank; ++i)
    r.shape[r.rank++] = nt_type.shape[i];
  if (r.rank > EX_MAX_RANK)
    return exError(e, g->op, "stablehlo export: too many dims") >= 0 && false;
  x->cur = exReshape(e, stacked, &r);
  for (int i = 1; i < nt; ++i)
    x->label[x->pos++] = lin->loop[i];
  x->label[x->pos++] = lin->loop[0];
  return true;
}

/* A dim read at a linear expression of the loops: a constant index, a
 * strided slice (read backwards: a reverse), or a window. */
static bool expandLinear(Ex *e, Expansion *x, Linear lin) {
  Generic *g = x->g;
  int nt = 0, pos = x->pos;
  for (int i = 0; i < lin.num_terms; ++i) /* drop zero coefficients */
    if (lin.coef[i] != 0) {
      lin.loop[nt] = lin.loop[i];
      lin.coef[nt++] = lin.coef[i];
    }
  lin.num_terms = nt;
  int64_t start[EX_MAX_RANK], limit[EX_MAX_RANK], strides[EX_MAX_RANK];
  wholeSlice(exTypeOf(e, x->cur), start, limit, strides);
  if (nt == 0) {
    start[pos] = lin.constant;
    limit[pos] = lin.constant + 1;
    x->cur = exSlice(e, x->cur, start, limit, strides);
    x->label[x->pos++] = -1;
    return true;
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
                     "the start of an operand") >= 0 &&
             false;
    int cur = exSlice(e, x->cur, start, limit, strides);
    char attrs[64];
    snprintf(attrs, sizeof(attrs), "dimensions = array<i64: %d>", pos);
    ExType rt = *exTypeOf(e, cur);
    x->cur = exOp(e, "stablehlo.reverse", attrs, 1, &cur, &rt);
    x->label[x->pos++] = lin.loop[0];
    return true;
  }
  for (int i = 0; i < nt; ++i)
    if (lin.coef[i] < 0)
      return exError(e, g->op,
                     "stablehlo export: negative coefficient in an "
                     "indexing map has no mapping") >= 0 &&
             false;
  if (nt > 1)
    return expandWindow(e, x, &lin, start, limit, strides);
  start[pos] = lin.constant;
  limit[pos] = lin.constant + lin.coef[0] * (g->loop_size[lin.loop[0]] - 1) + 1;
  strides[pos] = lin.coef[0];
  x->cur = exSlice(e, x->cur, start, limit, strides);
  x->label[x->pos++] = lin.loop[0];
  return true;
}

/* Drops the constant-indexed dims; `kept` gets the remaining type and
 * kept_label their loops. */
static void dropConstantDims(Ex *e, Expansion *x, ExType *kept,
                             int *kept_label) {
  memset(kept, 0, sizeof(*kept));
  const ExType *ct = exTypeOf(e, x->cur);
  memcpy(kept->elem, ct->elem, sizeof(kept->elem));
  for (int i = 0; i < x->pos; ++i) {
    if (x->label[i] < 0)
      continue;
    kept_label[kept->rank] = x->label[i];
    kept->shape[kept->rank++] = ct->shape[i];
  }
  x->cur = exReshape(e, x->cur, kept);
}

/* A loop on two dims (a diagonal): keep the elements whose two indices
 * agree (iota mask, zero elsewhere) and sum the second dim away. */
static void foldDiagonals(Ex *e, Expansion *x, ExType *kept, int *kept_label) {
  for (int i = 0; i < kept->rank; ++i)
    for (int k = i + 1; k < kept->rank; ++k) {
      if (kept_label[k] != kept_label[i])
        continue;
      ExType t = *exTypeOf(e, x->cur);
      ExType it = exTypeWithElem(&t, "i64");
      int eq = exCompare(e, exIota(e, &it, i), exIota(e, &it, k), "EQ");
      ExType zt = t;
      int zero = exIdentity(e, GSPMD_COMBINER_ADD, &zt);
      x->cur =
          exReduce(e, exSelect(e, eq, x->cur, zero), 1, &k, GSPMD_COMBINER_ADD);
      for (int q = k; q + 1 < kept->rank; ++q) {
        kept_label[q] = kept_label[q + 1];
        kept->shape[q] = kept->shape[q + 1];
      }
      kept->rank--;
      --k;
    }
}

/* Sorts the dims by loop, then broadcasts to the loop shape. */
static int toLoopOrder(Ex *e, Expansion *x, const ExType *kept,
                       const int *kept_label) {
  int perm[EX_MAX_RANK], sorted[EX_MAX_RANK];
  for (int i = 0; i < kept->rank; ++i)
    perm[i] = i;
  for (int i = 1; i < kept->rank; ++i)
    for (int k = i; k > 0 && kept_label[perm[k - 1]] > kept_label[perm[k]];
         --k) {
      int tmp = perm[k];
      perm[k] = perm[k - 1];
      perm[k - 1] = tmp;
    }
  for (int i = 0; i < kept->rank; ++i)
    sorted[i] = kept_label[perm[i]];
  int cur = exTranspose(e, x->cur, perm);
  if (kept->rank == x->g->num_loops)
    return cur;
  ExType full = exTypeWithElem(&x->g->iter, kept->elem);
  return exBroadcast(e, cur, &full, sorted);
}

int exExpandToLoops(Ex *e, Generic *g, int id, MlirAffineMap map) {
  Expansion x = {.g = g, .cur = id, .pos = 0};
  int nres = (int)mlirAffineMapGetNumResults(map);
  for (int j = 0; j < nres; ++j) {
    MlirAffineExpr expr = mlirAffineMapGetResult(map, j);
    if (mlirAffineExprIsAMod(expr) && expandRotation(e, &x, expr))
      continue;
    Linear lin = {0};
    bool ok = exLinearOf(expr, 1, &lin) ? expandLinear(e, &x, lin)
                                        : expandGather(e, &x, expr);
    if (!ok)
      return -1;
  }
  ExType kept;
  int kept_label[EX_MAX_RANK];
  dropConstantDims(e, &x, &kept, kept_label);
  foldDiagonals(e, &x, &kept, kept_label);
  return toLoopOrder(e, &x, &kept, kept_label);
}
