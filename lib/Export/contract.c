/*
 * contract.c - reduction generics that are one StableHLO op: contractions
 * (dot_general), convolutions and pooling windows (reduce_window).
 *
 * Each form is recognised from the generic's body and indexing maps alone;
 * a generic of none of them is expanded over its iteration space by
 * linalg.c instead, so a recogniser answers "not this form" (-1) rather than
 * an error. Assumes one output and inputs read through projected
 * permutations or (convolutions, windows) `s*o + d*k` spatial dims; no
 * padding (the input is sliced to the rows the output reads).
 */
#include "generic.h"

#include "gspmd-c/Dialect.h"

#include <string.h>

static bool projectedPermutation(MlirAffineMap m, int *loops) {
  for (intptr_t j = 0; j < mlirAffineMapGetNumResults(m); ++j) {
    MlirAffineExpr x = mlirAffineMapGetResult(m, j);
    if (!mlirAffineExprIsADim(x))
      return false;
    loops[j] = (int)mlirAffineDimExprGetPosition(x);
  }
  return true;
}

static MlirBlock bodyOf(Generic *g) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(g->op, 0));
}

static int numOps(MlirBlock body) {
  int count = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    ++count;
  return count;
}

/* The operand of the combiner that is not the accumulator (block arg 2). */
static MlirValue combinedValue(Generic *g, MlirOperation comb) {
  MlirValue acc = mlirBlockGetArgument(bodyOf(g), 2);
  MlirValue x = mlirOperationGetOperand(comb, 0);
  return mlirValueEqual(x, acc) ? mlirOperationGetOperand(comb, 1) : x;
}

/* True when the body is exactly `yield acc + a * b` (float or integer) over
 * the two inputs' block arguments. */
static bool isMulAddBody(Generic *g, MlirOperation comb) {
  if (g->num_ins != 2 || g->num_outs != 1)
    return false;
  MlirBlock body = bodyOf(g);
  MlirValue x = combinedValue(g, comb);
  if (!mlirValueIsAOpResult(x))
    return false;
  MlirOperation mul = mlirOpResultGetOwner(x);
  MlirStringRef cname = gspmdOpName(comb), mname = gspmdOpName(mul);
  if (!(gspmdStringRefEq(cname, "arith.addf") &&
        gspmdStringRefEq(mname, "arith.mulf")) &&
      !(gspmdStringRefEq(cname, "arith.addi") &&
        gspmdStringRefEq(mname, "arith.muli")))
    return false;
  if (numOps(body) != 3)
    return false;
  MlirValue m0 = mlirOperationGetOperand(mul, 0),
            m1 = mlirOperationGetOperand(mul, 1);
  MlirValue a0 = mlirBlockGetArgument(body, 0),
            a1 = mlirBlockGetArgument(body, 1);
  return (mlirValueEqual(m0, a0) && mlirValueEqual(m1, a1)) ||
         (mlirValueEqual(m0, a1) && mlirValueEqual(m1, a0));
}

/* Appends `, name = array<i64: v0, v1, ..>` (no comma first if k == 0). */
static size_t appendI64Array(char *buf, size_t size, size_t k, const char *name,
                             int n, const int64_t *v) {
  k += (size_t)snprintf(buf + k, size - k, "%s%s = array<i64: ", k ? ", " : "",
                        name);
  for (int i = 0; i < n; ++i)
    k += (size_t)snprintf(buf + k, size - k, "%s%lld", i ? ", " : "",
                          (long long)v[i]);
  return k + (size_t)snprintf(buf + k, size - k, ">");
}

/* Appends one dim label to a conv dimension list: a spatial index, or a
 * letter (b, f, i, o). */
static size_t appendConvDim(char *buf, size_t size, size_t k, int j,
                            int spatial, char letter) {
  if (spatial >= 0)
    return k +
           (size_t)snprintf(buf + k, size - k, "%s%d", j ? ", " : "", spatial);
  return k + (size_t)snprintf(buf + k, size - k, "%s%c", j ? ", " : "", letter);
}

/*===-- convolution -------------------------------------------------------===*/

/* A convolution as read from the maps: per input dim its kind ('b' batch,
 * 'c' reduced feature, 'g' group, 's' spatial), and per spatial dim its
 * input dim, output (parallel) loop, kernel (reduction) loop, stride and
 * dilation. */
typedef struct Conv {
  int lw[EX_MAX_RANK], lo[EX_MAX_RANK];
  int ri, rw, ro;
  char in_kind[EX_MAX_RANK];
  int nsp, sp_dim[EX_MAX_RANK], sp_par[EX_MAX_RANK], sp_red[EX_MAX_RANK];
  int64_t stride[EX_MAX_RANK], dil[EX_MAX_RANK];
  int batch, feat, group;
  bool depthwise;
} Conv;

/* Input dim j of the convolution; counts[0..2]: batch, feature, group dims
 * seen. False if the dim fits none of the kinds. */
static bool readConvInputDim(Generic *g, Conv *c, int j, const bool *in_w,
                             const bool *in_o, bool *in_i, int *counts) {
  Linear lin = {0};
  if (!exLinearOf(mlirAffineMapGetResult(g->maps[0], j), 1, &lin) ||
      lin.constant != 0)
    return false;
  if (lin.num_terms == 1 && lin.coef[0] == 1) {
    int l = lin.loop[0];
    in_i[l] = true;
    if (!g->reduction[l] && in_o[l] && !in_w[l]) {
      c->in_kind[j] = 'b';
      c->batch = l;
      ++counts[0];
    } else if (g->reduction[l] && in_w[l] && !in_o[l]) {
      c->in_kind[j] = 'c';
      c->feat = l;
      ++counts[1];
    } else if (!g->reduction[l] && in_w[l] && in_o[l]) {
      c->in_kind[j] = 'g';
      c->group = l;
      ++counts[2];
    } else {
      return false;
    }
    return true;
  }
  if (lin.num_terms != 2)
    return false;
  int p = g->reduction[lin.loop[0]] ? 1 : 0, r = 1 - p;
  if (g->reduction[lin.loop[p]] || !g->reduction[lin.loop[r]] ||
      !in_o[lin.loop[p]] || !in_w[lin.loop[r]] || lin.coef[p] < 1 ||
      lin.coef[r] < 1)
    return false;
  c->in_kind[j] = 's';
  in_i[lin.loop[p]] = in_i[lin.loop[r]] = true;
  c->sp_dim[c->nsp] = j;
  c->sp_par[c->nsp] = lin.loop[p];
  c->sp_red[c->nsp] = lin.loop[r];
  c->stride[c->nsp] = lin.coef[p];
  c->dil[c->nsp] = lin.coef[r];
  ++c->nsp;
  return true;
}

/* The convolution `out[b, o.., f] += in[b, s*o + d*k.., c] * w[k.., c, f]`
 * (any dim order; or depthwise, one channel loop in all three and no c, f);
 * false when the generic is not of that form. */
static bool readConv(Generic *g, MlirOperation comb, Conv *c) {
  memset(c, 0, sizeof(*c));
  c->batch = c->feat = c->group = -1;
  if (!isMulAddBody(g, comb) || !projectedPermutation(g->maps[1], c->lw) ||
      !projectedPermutation(g->maps[2], c->lo))
    return false;
  c->ri = (int)mlirAffineMapGetNumResults(g->maps[0]);
  c->rw = (int)mlirAffineMapGetNumResults(g->maps[1]);
  c->ro = (int)mlirAffineMapGetNumResults(g->maps[2]);
  bool in_w[EX_MAX_RANK] = {0}, in_o[EX_MAX_RANK] = {0},
       in_i[EX_MAX_RANK] = {0};
  for (int j = 0; j < c->rw; ++j)
    in_w[c->lw[j]] = true;
  for (int j = 0; j < c->ro; ++j)
    in_o[c->lo[j]] = true;
  int counts[3] = {0}; /* batch, feature, group dims of the input */
  for (int j = 0; j < c->ri; ++j)
    if (!readConvInputDim(g, c, j, in_w, in_o, in_i, counts))
      return false;
  /* Exactly one batch dim, and a feature pair or one group loop. */
  int nf = 0;
  for (int j = 0; j < c->rw; ++j)
    nf += !g->reduction[c->lw[j]] && in_o[c->lw[j]] && !in_i[c->lw[j]];
  c->depthwise = counts[2] == 1 && counts[1] == 0 && nf == 0;
  if (counts[0] != 1 || c->nsp == 0 ||
      !(c->depthwise || (counts[1] == 1 && nf == 1 && counts[2] == 0)))
    return false;
  return c->ro == c->nsp + 2 && c->rw == c->nsp + (c->depthwise ? 1 : 2);
}

/* The spatial index of loop l in list `loops` (sp_par or sp_red), or -1. */
static int spatialOf(const Conv *c, const int *loops, int l) {
  int i = -1;
  for (int q = 0; q < c->nsp; ++q)
    if (loops[q] == l)
      i = q;
  return i;
}

/* `#stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>` lists, in the input's,
 * kernel's and output's dim orders. */
static void convDims(Generic *g, const Conv *c, char *lhs, char *rhs, char *out,
                     size_t size) {
  size_t kl = 0, kr = 0, ko = 0;
  for (int j = 0; j < c->ri; ++j) {
    int i = -1;
    if (c->in_kind[j] == 's')
      while (c->sp_dim[++i] != j)
        ;
    kl = appendConvDim(lhs, size, kl, j, i, c->in_kind[j] == 'b' ? 'b' : 'f');
  }
  for (int j = 0; j < c->rw; ++j)
    kr = appendConvDim(rhs, size, kr, j, spatialOf(c, c->sp_red, c->lw[j]),
                       c->lw[j] == c->feat ? 'i' : 'o');
  if (c->depthwise) /* the kernel gets a unit input-feature dim */
    kr += (size_t)snprintf(rhs + kr, size - kr, ", i");
  for (int j = 0; j < c->ro; ++j)
    ko = appendConvDim(out, size, ko, j, spatialOf(c, c->sp_par, c->lo[j]),
                       c->lo[j] == c->batch ? 'b' : 'f');
  (void)g;
}

/* stablehlo.convolution with strides s, kernel dilation d, no padding,
 * added to the init. -1: not a convolution; -2: error. */
static int tryConvolution(Ex *e, Generic *g, MlirOperation comb) {
  Conv c;
  if (!readConv(g, comb, &c))
    return -1;
  int in = exOperand(e, g->op, 0), w = exOperand(e, g->op, 1),
      init = exOperand(e, g->op, 2);
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
  for (int i = 0; i < c.nsp; ++i)
    limit[c.sp_dim[i]] = c.stride[i] * (g->loop_size[c.sp_par[i]] - 1) +
                         c.dil[i] * (g->loop_size[c.sp_red[i]] - 1) + 1;
  in = exSlice(e, in, start, limit, one);
  char lhs[256], rhs[256], out[256];
  convDims(g, &c, lhs, rhs, out, sizeof(lhs));
  if (c.depthwise) {
    ExType w2 = wt;
    w2.shape[w2.rank++] = 1;
    w = exReshape(e, w, &w2);
  }
  ExType rt = exScalarType(it.elem);
  rt.rank = c.ro;
  for (int j = 0; j < c.ro; ++j)
    rt.shape[j] = g->loop_size[c.lo[j]];
  char attrs[1024];
  size_t k = (size_t)snprintf(
      attrs, sizeof(attrs),
      "dimension_numbers = #stablehlo.conv<[%s]x[%s]->[%s]>, "
      "feature_group_count = %lld : i64, batch_group_count = 1 : i64",
      lhs, rhs, out, c.depthwise ? (long long)g->loop_size[c.group] : 1LL);
  k = appendI64Array(attrs, sizeof(attrs), k, "window_strides", c.nsp,
                     c.stride);
  appendI64Array(attrs, sizeof(attrs), k, "rhs_dilation", c.nsp, c.dil);
  int ops[2] = {in, w};
  int conv = exOp(e, "stablehlo.convolution", attrs, 2, ops, &rt);
  return exCombine(e, GSPMD_COMBINER_ADD, init, conv);
}

/*===-- pooling windows ---------------------------------------------------===*/

/* A pooling window as read from the maps: per input dim its window size,
 * stride, dilation and output loop, and the input rows the output reads. */
typedef struct Window {
  int rank;
  int64_t dims[EX_MAX_RANK], strides[EX_MAX_RANK], dilations[EX_MAX_RANK];
  int par_of_dim[EX_MAX_RANK];
  int64_t limit[EX_MAX_RANK];
} Window;

/* True when the body is exactly `yield comb(acc, in)` and the window-shape
 * operand (input 1) is not read. */
static bool isWindowBody(Generic *g, MlirOperation comb) {
  if (g->num_ins != 2 || g->num_outs != 1)
    return false;
  MlirBlock body = bodyOf(g);
  if (!mlirValueEqual(combinedValue(g, comb), mlirBlockGetArgument(body, 0)) ||
      !mlirOpOperandIsNull(mlirValueGetFirstUse(mlirBlockGetArgument(body, 1))))
    return false;
  return numOps(body) == 2;
}

/* Input dim j read at a parallel loop or at `s*o + d*k` (k a reduction
 * loop); false otherwise. Returns in *windowed whether it is a window. */
static bool readWindowDim(Generic *g, Window *w, int j, const ExType *it,
                          bool *windowed) {
  Linear lin = {0};
  if (!exLinearOf(mlirAffineMapGetResult(g->maps[0], j), 1, &lin) ||
      lin.constant != 0)
    return false;
  w->limit[j] = it->shape[j];
  *windowed = false;
  if (lin.num_terms == 1 && lin.coef[0] == 1 && !g->reduction[lin.loop[0]]) {
    w->dims[j] = w->strides[j] = w->dilations[j] = 1;
    w->par_of_dim[j] = lin.loop[0];
    return true;
  }
  if (lin.num_terms != 2)
    return false;
  int p = g->reduction[lin.loop[0]] ? 1 : 0, r = 1 - p;
  if (g->reduction[lin.loop[p]] || !g->reduction[lin.loop[r]] ||
      lin.coef[p] < 1 || lin.coef[r] < 1)
    return false;
  w->par_of_dim[j] = lin.loop[p];
  w->dims[j] = g->loop_size[lin.loop[r]];
  w->strides[j] = lin.coef[p];
  w->dilations[j] = lin.coef[r];
  w->limit[j] = w->strides[j] * (g->loop_size[lin.loop[p]] - 1) +
                w->dilations[j] * (w->dims[j] - 1) + 1;
  *windowed = true;
  return true;
}

/* Every input dim, and every reduction loop a window's. */
static bool readWindow(Generic *g, const ExType *it, Window *w) {
  int nred = 0, nred_loops = 0;
  for (int j = 0; j < w->rank; ++j) {
    bool windowed;
    if (!readWindowDim(g, w, j, it, &windowed))
      return false;
    nred += windowed;
  }
  for (int l = 0; l < g->num_loops; ++l)
    nred_loops += g->reduction[l];
  return nred != 0 && nred == nred_loops;
}

/* Prints the reduce_window of `in` (init: the identity `init`) over w. */
static int printReduceWindow(Ex *e, const Window *w, int in, int init,
                             GspmdCombiner kind, const ExType *rt) {
  const char *elem = exTypeOf(e, in)->elem;
  ExType st = exScalarType(elem);
  int id;
  char buf[256], buf2[64], buf3[256];
  exResultsBegin(e, 1, rt, &id);
  fputs("\"stablehlo.reduce_window\"", e->out);
  fprintf(e->out, "(%s, ", exName(e, in, buf, sizeof(buf)));
  fprintf(e->out, "%s) ", exName(e, init, buf, sizeof(buf)));
  exPrintReducerRegion(e, kind, elem);
  const char *names[3] = {"window_dimensions", "window_strides",
                          "window_dilations"};
  const int64_t *vals[3] = {w->dims, w->strides, w->dilations};
  fputs(" {", e->out);
  for (int v = 0; v < 3; ++v) {
    fprintf(e->out, "%s%s = array<i64: ", v ? ", " : "", names[v]);
    for (int j = 0; j < w->rank; ++j)
      fprintf(e->out, "%s%lld", j ? ", " : "", (long long)vals[v][j]);
    fputc('>', e->out);
  }
  fprintf(e->out, "} : (%s, %s) -> %s\n",
          exTypeStr(exTypeOf(e, in), buf, sizeof(buf)),
          exTypeStr(&st, buf2, sizeof(buf2)),
          exTypeStr(rt, buf3, sizeof(buf3)));
  return id;
}

/* Pooling `out[.., o, ..] = comb(out, in[.., s*o + d*k, ..])` whose kernel
 * loops k come from a window-shape operand: stablehlo.reduce_window,
 * combined with the init. -1: not a window; -2: error. */
static int tryReduceWindow(Ex *e, Generic *g, MlirOperation comb,
                           GspmdCombiner kind) {
  int lo[EX_MAX_RANK], lw[EX_MAX_RANK];
  if (!isWindowBody(g, comb) || !projectedPermutation(g->maps[2], lo) ||
      !projectedPermutation(g->maps[1], lw))
    return -1;
  Window w;
  w.rank = (int)mlirAffineMapGetNumResults(g->maps[0]);
  int ro = (int)mlirAffineMapGetNumResults(g->maps[2]);
  if (w.rank != ro)
    return -1;
  int in = exOperand(e, g->op, 0), init = exOperand(e, g->op, 2);
  if (in < 0 || init < 0)
    return -2;
  ExType it = *exTypeOf(e, in);
  if (!readWindow(g, &it, &w))
    return -1;
  int64_t start[EX_MAX_RANK] = {0}, one[EX_MAX_RANK];
  for (int j = 0; j < w.rank; ++j)
    one[j] = 1;
  in = exSlice(e, in, start, w.limit, one);
  ExType rt = exScalarType(it.elem);
  rt.rank = w.rank;
  for (int j = 0; j < w.rank; ++j)
    rt.shape[j] = g->loop_size[w.par_of_dim[j]];
  ExType st = exScalarType(it.elem);
  int id = printReduceWindow(e, &w, in, exIdentity(e, kind, &st), kind, &rt);
  /* Result dims follow the input's; the output map orders them. */
  int perm[EX_MAX_RANK];
  for (int j = 0; j < ro; ++j) {
    perm[j] = -1;
    for (int q = 0; q < w.rank; ++q)
      if (w.par_of_dim[q] == lo[j])
        perm[j] = q;
    if (perm[j] < 0)
      return -1;
  }
  return exCombine(e, kind, init, exTranspose(e, id, perm));
}

/*===-- contractions ------------------------------------------------------===*/

/* A contraction as read from the maps: batch dims (parallel loops of both
 * operands) and contracting dims (reduction loops) of each operand, and
 * the loop of each dot_general result dim. */
typedef struct Dot {
  int64_t lhs_batch[EX_MAX_RANK], rhs_batch[EX_MAX_RANK], lhs_c[EX_MAX_RANK],
      rhs_c[EX_MAX_RANK];
  int nb, nc;
  int res_loops[EX_MAX_RANK], nr;
} Dot;

/* Reads the dims of `a(la) * b(lb) -> out(lo)`; false if a reduction loop
 * is in one operand only or a parallel loop is not in the output. */
static bool readDot(Generic *g, const int *la, int ra, const int *lb, int rb,
                    const int *lo, int ro, Dot *d) {
  bool in_a[EX_MAX_RANK] = {0}, in_b[EX_MAX_RANK] = {0},
       in_o[EX_MAX_RANK] = {0};
  for (int j = 0; j < ra; ++j)
    in_a[la[j]] = true;
  for (int j = 0; j < rb; ++j)
    in_b[lb[j]] = true;
  for (int j = 0; j < ro; ++j)
    in_o[lo[j]] = true;
  for (int l = 0; l < g->num_loops; ++l)
    if ((g->reduction[l] && !(in_a[l] && in_b[l])) ||
        (!g->reduction[l] && !in_o[l]))
      return false;
  d->nb = d->nc = d->nr = 0;
  for (int j = 0; j < ra; ++j)
    for (int k = 0; k < rb; ++k) {
      if (lb[k] != la[j])
        continue;
      if (g->reduction[la[j]]) {
        d->lhs_c[d->nc] = j;
        d->rhs_c[d->nc++] = k;
      } else {
        d->lhs_batch[d->nb] = j;
        d->rhs_batch[d->nb++] = k;
        d->res_loops[d->nr++] = la[j];
      }
    }
  for (int j = 0; j < ra; ++j)
    if (!in_b[la[j]])
      d->res_loops[d->nr++] = la[j];
  for (int k = 0; k < rb; ++k)
    if (!in_a[lb[k]])
      d->res_loops[d->nr++] = lb[k];
  return d->nr == ro;
}

/* `dot_dimension_numbers = #stablehlo.dot<...>` (empty lists left out). */
static void dotAttrs(const Dot *d, char *attrs, size_t size) {
  size_t k =
      (size_t)snprintf(attrs, size, "dot_dimension_numbers = #stablehlo.dot<");
  const char *names[4] = {"lhs_batching_dimensions", "rhs_batching_dimensions",
                          "lhs_contracting_dimensions",
                          "rhs_contracting_dimensions"};
  const int64_t *lists[4] = {d->lhs_batch, d->rhs_batch, d->lhs_c, d->rhs_c};
  int counts[4] = {d->nb, d->nb, d->nc, d->nc};
  bool first = true;
  for (int w = 0; w < 4; ++w) {
    if (!counts[w])
      continue;
    k += (size_t)snprintf(attrs + k, size - k, "%s%s = [", first ? "" : ", ",
                          names[w]);
    first = false;
    for (int i = 0; i < counts[w]; ++i)
      k += (size_t)snprintf(attrs + k, size - k, "%s%lld", i ? ", " : "",
                            (long long)lists[w][i]);
    k += (size_t)snprintf(attrs + k, size - k, "]");
  }
  snprintf(attrs + k, size - k, ">");
}

/* The contraction `out = init + sum(a * b)` with a, b inputs read through
 * projected permutations: dot_general over the shared reduction loops,
 * transposed to the output map. -1: not a contraction; -2: error. */
static int tryDotGeneral(Ex *e, Generic *g, MlirOperation comb) {
  int la[EX_MAX_RANK], lb[EX_MAX_RANK], lo[EX_MAX_RANK];
  if (!isMulAddBody(g, comb) || !projectedPermutation(g->maps[0], la) ||
      !projectedPermutation(g->maps[1], lb) ||
      !projectedPermutation(g->maps[2], lo))
    return -1;
  int ra = (int)mlirAffineMapGetNumResults(g->maps[0]),
      rb = (int)mlirAffineMapGetNumResults(g->maps[1]),
      ro = (int)mlirAffineMapGetNumResults(g->maps[2]);
  int a = exOperand(e, g->op, 0), b = exOperand(e, g->op, 1),
      init = exOperand(e, g->op, 2);
  if (a < 0 || b < 0 || init < 0)
    return -2;
  const ExType *at = exTypeOf(e, a), *bt = exTypeOf(e, b);
  Dot d;
  if (strcmp(at->elem, bt->elem) || strcmp(at->elem, exTypeOf(e, init)->elem) ||
      !readDot(g, la, ra, lb, rb, lo, ro, &d))
    return -1;
  ExType rt = exScalarType(at->elem);
  rt.rank = d.nr;
  for (int i = 0; i < d.nr; ++i)
    rt.shape[i] = g->loop_size[d.res_loops[i]];
  char attrs[1024];
  dotAttrs(&d, attrs, sizeof(attrs));
  int ops[2] = {a, b};
  int dot = exOp(e, "stablehlo.dot_general", attrs, 2, ops, &rt);
  int perm[EX_MAX_RANK];
  for (int j = 0; j < ro; ++j)
    for (int i = 0; i < d.nr; ++i)
      if (d.res_loops[i] == lo[j])
        perm[j] = i;
  return exCombine(e, GSPMD_COMBINER_ADD, init, exTranspose(e, dot, perm));
}

int exTryContraction(Ex *e, Generic *g, MlirOperation comb,
                     GspmdCombiner kind) {
  int r = tryDotGeneral(e, g, comb);
  if (r == -1)
    r = tryConvolution(e, g, comb);
  if (r == -1 && g->num_outs == 1)
    r = tryReduceWindow(e, g, comb, kind);
  return r;
}
