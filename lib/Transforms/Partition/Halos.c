/*
 * Halos.c - window factors that stay split (convolution and pool spatial
 * dims, shifted stencil maps, pads, partial slices): each windowed operand
 * fetches the rows its window reaches with gspmd.halo_exchange (widths from
 * the rule's stride and reach and the two shard sizes, evaluated at the
 * first and last device since they are linear in the position) and a slice
 * at the device's window start, and the op is rebased to read it from 0
 * (generic maps, pad/slice offsets, tosa padding); operands reading one
 * value along one dim share an exchange as wide as the union of their
 * halos. Where no halo form exists (insert_slice, average pools over
 * padding) or gathering moves fewer bytes, the dim is resharded unsplit
 * with a remark.
 *
 * A strided slice reads every stride-th row of its reach; when every shard
 * starts at the same phase of the stride (the dim divides evenly into
 * count * stride), each shard is first cut to the rows of that phase, so
 * that the exchange moves only rows the slice reads, and the slice then
 * reads the cut rows with stride 1 (a "subsampled" window).
 *
 * A window much narrower than its halo (a slice whose result is split finer
 * than its source: q, k and v cut from a fused projection) is fed by pieces
 * instead when they send fewer rows (gspmdWindowPiecesOf): per shift, each
 * device sends only the rows its receiver's window needs, cut at a position
 * linear in its index; the receiver joins them and slices its window out.
 *
 * Assumes the plan's factors are chosen (Factors.c) and the operand has
 * its planned layout when exchanged; uneven shards are padded to the ceil
 * size, their padding read as the window's fill.
 */
#include "partition.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <string.h>

/* A window dim of an operand whose factor is split: its halo (lib/Sharding)
 * and how the op reads it. */
typedef struct HaloPlan {
  bool on;
  GspmdWindow window;
  GspmdHalo halo;
  /* What is exchanged: halo.low/high widened to every window of the op
   * that reads the same operand value along the same dim (stencil taps),
   * so that those share one exchange. */
  int64_t low, high;
  MlirValue source;       /* the operand before partitioning rewrote it */
  MlirValue from, joined; /* set once exchanged: the shard and its result */
  /* A subsampled window (step > 1): the shard is cut to rows phase,
   * phase + step, ... before the exchange, which then covers a dim of
   * `extent` rows (the dim's size otherwise). */
  int64_t step, phase, extent;
  /* Set when pieces feed the window instead of a halo exchange. */
  const GspmdWindowPieces *pieces;
} HaloPlan;

/* Ops with no split window factor (most) have no halo array: every halo
 * reads as this one, off, and only planned halos are written. */
static const HaloPlan kOff;

static HaloPlan *haloAt(const Plan *pl, int t, int d) {
  return pl->halo ? &pl->halo[t * GSPMD_MAX_RANK + d] : (HaloPlan *)&kOff;
}

/* The value elements outside the tensor read as (GspmdWindowFill); null
 * for zero. */
static MlirValue windowFill(MlirOperation op, GspmdWindowFill fill) {
  GspmdBuilder b = gspmdBuilderBefore(op);
  MlirType elt = mlirShapedTypeGetElementType(
      mlirValueGetType(mlirOperationGetOperand(op, 0)));
  switch (fill) {
  case GSPMD_FILL_ZERO:
    break;
  case GSPMD_FILL_LOWEST:
    return gspmdBuildIdentity(&b, elt, GSPMD_REDUCTION_MAX);
  case GSPMD_FILL_PAD_REGION: {
    MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
    return mlirOperationGetOperand(mlirBlockGetTerminator(body), 0);
  }
  case GSPMD_FILL_PAD_OPERAND:
    return gspmdBuildConstant(&b, gspmdTosaPadValue(op));
  }
  return (MlirValue){NULL};
}

/* Plans a strided slice's window on the rows of its phase only (see the
 * file comment) when every shard holds whole strides and that exchanges
 * fewer rows than the plain window *hp; keeps *hp otherwise. */
static void planSubsampled(const Plan *pl, int f, int64_t count, int64_t size,
                           HaloPlan *hp) {
  const GspmdWindow *w = &hp->window;
  int64_t stride = w->stride;
  if (w->rebase != GSPMD_REBASE_SLICE || stride <= 1 || w->lo != w->hi ||
      w->lo < 0 || size % (count * stride) != 0)
    return;
  GspmdHalo sub;
  int64_t lo = w->lo / stride;
  if (!gspmdHaloOfWindow(size / stride, pl->rule->factor_size[f], count, 1, lo,
                         lo, &sub) ||
      sub.low + sub.high >= hp->halo.low + hp->halo.high)
    return;
  hp->halo = sub;
  hp->step = stride;
  hp->phase = w->lo % stride;
  hp->extent = size / stride;
}

/* True when op reads `value` once and every other reader of it slices it
 * (a window of op reading it may then be fed by pieces): halo exchanges of
 * one value by several ops share their whole-shard hops once lowered (CSE),
 * and taps of one op share one exchange, so pieces for one window could
 * cost more than its share of a halo that is exchanged anyway (a stencil, a
 * convolution). Slices of one value (q, k and v) take pieces each. */
bool partPiecesMayFeed(MlirOperation op, MlirValue value) {
  /* A value read by many ops keeps its halo: asking every reader of it
   * would make the partitioner quadratic in a value's readers. */
  enum { kMostReaders = 16 };
  int readers = 0, by_op = 0;
  for (MlirOpOperand u = mlirValueGetFirstUse(value); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    unsigned at = mlirOpOperandGetOperandNumber(u);
    if (++readers > kMostReaders)
      return false;
    if (mlirOperationEqual(user, op))
      ++by_op;
    else if (at >= 32 || !((gspmdOpFacts(user).sliced_operands >> at) & 1))
      return false;
  }
  return by_op == 1;
}

/* Plans pieces for a plain (not subsampled, not wrapped) window when they
 * send fewer rows than its halo. */
static void planPieces(Partitioner *p, MlirOperation op, MlirValue value,
                       int64_t count, int64_t size, HaloPlan *hp) {
  GspmdWindowPieces pieces;
  if (hp->step != 1 || hp->window.rebase == GSPMD_REBASE_PERIODIC_MAP ||
      !gspmdWindowPiecesOf(&hp->halo, size, count, hp->window.stride,
                           hp->window.lo, &pieces) ||
      !partPiecesMayFeed(op, value))
    return;
  GspmdWindowPieces *kept = gspmdArenaAlloc(&p->scratch, sizeof(pieces));
  *kept = pieces;
  hp->pieces = kept;
}

/* Fills *hp for window dim d of tensor t; false when no halo exchange can
 * feed it or gathering the dim moves fewer elements. */
static bool planHalo(Partitioner *p, MlirOperation op, const Plan *pl, int t,
                     int d, HaloPlan *hp) {
  const GspmdRuleTensor *x = &pl->rule->tensors[t];
  int f = x->dim_factors[d][0];
  int64_t count = partFactorShardCount(p, pl, f);
  hp->window = x->window ? x->window[d] : (GspmdWindow){0};
  hp->on = true;
  hp->pieces = NULL;
  hp->step = 1;
  hp->extent = x->shape[d];
  /* A wrapped window is fed from the cyclic neighbours only when no shard
   * holds padding. */
  if (hp->window.rebase == GSPMD_REBASE_PERIODIC_MAP &&
      x->shape[d] % count != 0)
    return false;
  if (x->role != GSPMD_ROLE_OPERAND ||
      !gspmdHaloOfWindow(x->shape[d], pl->rule->factor_size[f], count,
                         hp->window.stride, hp->window.lo, hp->window.hi,
                         &hp->halo))
    return false;
  planSubsampled(pl, f, count, x->shape[d], hp);
  planPieces(p, op, mlirOperationGetOperand(op, x->position), count,
             x->shape[d], hp);
  return true;
}

/* Operand tensors t and u read the same value along dim d through windows
 * of the same factor and fill (sources set by shareHalos). */
static bool sameWindowSource(const Plan *pl, int t, int u, int d) {
  const GspmdRuleTensor *x = &pl->rule->tensors[t];
  const GspmdRuleTensor *y = &pl->rule->tensors[u];
  const HaloPlan *a = haloAt(pl, t, d), *b = haloAt(pl, u, d);
  return d < y->rank && y->dim_window[d] &&
         y->dim_factors[d][0] == x->dim_factors[d][0] && a->on && b->on &&
         a->window.fill == b->window.fill && a->step == b->step &&
         a->phase == b->phase && !mlirValueIsNull(a->source) &&
         mlirValueEqual(a->source, b->source);
}

/* Widens the exchange of factor f's windows to the union of the halos of
 * windows reading the same value (one exchange per value and dim). */
static void shareHalos(MlirOperation op, Plan *pl, int f) {
  const GspmdOpRule *rule = pl->rule;
  for (int t = 0; t < rule->num_tensors; ++t)
    for (int d = 0; d < rule->tensors[t].rank; ++d) {
      HaloPlan *hp = haloAt(pl, t, d);
      if (!hp->on || rule->tensors[t].dim_factors[d][0] != f)
        continue;
      if (rule->tensors[t].role == GSPMD_ROLE_OPERAND)
        hp->source = mlirOperationGetOperand(op, rule->tensors[t].position);
      hp->low = hp->halo.low;
      hp->high = hp->halo.high;
    }
  for (int t = 0; t < rule->num_tensors; ++t)
    for (int d = 0; d < rule->tensors[t].rank; ++d) {
      HaloPlan *hp = haloAt(pl, t, d);
      if (!hp->on || rule->tensors[t].dim_factors[d][0] != f)
        continue;
      for (int u = 0; u < rule->num_tensors; ++u)
        if (u != t && sameWindowSource(pl, t, u, d)) {
          const GspmdHalo *other = &haloAt(pl, u, d)->halo;
          hp->low = other->low > hp->low ? other->low : hp->low;
          hp->high = other->high > hp->high ? other->high : hp->high;
        }
    }
}

void partHalosOff(const Plan *pl, int f) {
  const GspmdOpRule *rule = pl->rule;
  if (!pl->halo)
    return;
  for (int t = 0; t < rule->num_tensors; ++t)
    for (int d = 0; d < rule->tensors[t].rank; ++d)
      if (rule->tensors[t].dim_window[d] &&
          rule->tensors[t].dim_factors[d][0] == f)
        haloAt(pl, t, d)->on = false;
}

/* Plans the halo of every window dim whose factor is split; a factor some
 * window of which cannot be fed is unsplit (gathered) with a remark. */
void partPlanHalos(Partitioner *p, MlirOperation op, Plan *pl) {
  const GspmdOpRule *rule = pl->rule;
  pl->halo = NULL;
  if (pl->mesh < 0)
    return;
  for (int f = 0; f < rule->num_factors; ++f) {
    if (pl->axes[f].num_axes == 0 || !gspmdRuleFactorIsWindowed(rule, f))
      continue;
    /* Arena memory is zeroed: every halo starts off. */
    if (!pl->halo)
      pl->halo =
          gspmdArenaAlloc(&p->scratch, sizeof(HaloPlan) * GSPMD_MAX_RANK *
                                           (size_t)(rule->num_tensors + 1));
    bool fed = true;
    for (int t = 0; t < rule->num_tensors && fed; ++t) {
      const GspmdRuleTensor *x = &rule->tensors[t];
      for (int d = 0; d < x->rank && fed; ++d)
        if (x->dim_window[d] && x->dim_factors[d][0] == f)
          fed = planHalo(p, op, pl, t, d, haloAt(pl, t, d));
    }
    if (fed) {
      shareHalos(op, pl, f);
      continue;
    }
    partHalosOff(pl, f);
    pl->axes[f].num_axes = 0;
    partRemark(op,
               "reads a split dim through a window no halo exchange can "
               "feed (or gathering is cheaper); resharded unsplit along it");
  }
}

/* A window that needs no rows of other devices (halo [0, 0]) exchanges
 * nothing; only the padded tail of an uneven shard must read as the fill,
 * as the halo exchange's edge masking would make it. */
static MlirValue maskPaddedTail(Partitioner *p, MlirOperation op,
                                const Plan *pl, int t, int d, MlirValue local) {
  const GspmdRuleTensor *x = &pl->rule->tensors[t];
  const GspmdFactorAxes *fa = &pl->axes[x->dim_factors[d][0]];
  const Mesh *m = MESH(p, pl->mesh);
  int64_t shard = mlirShapedTypeGetDimSize(mlirValueGetType(local), d);
  int64_t extent = haloAt(pl, t, d)->extent;
  if (shard * gspmdMeshAxesSize(&m->mesh, fa->axes, fa->num_axes) == extent)
    return local;
  GspmdBuilder b = gspmdBuilderBefore(op);
  MlirValue fill = windowFill(op, haloAt(pl, t, d)->window.fill);
  if (mlirValueIsNull(fill))
    fill = gspmdBuildIdentity(
        &b, mlirShapedTypeGetElementType(mlirValueGetType(local)),
        GSPMD_REDUCTION_SUM);
  MlirValue offset = gspmdBuildShardOffset(&b, m->name, &m->mesh, fa->axes,
                                           fa->num_axes, shard);
  MlirValue valid = gspmdBuildShardValidSize(&b, offset, extent, shard);
  return gspmdBuildMaskTail(&b, local, d, valid, fill);
}

/* An extract_slice that exchanges halos first cuts the dims it reads
 * locally (unsplit, partly read), so that only what it keeps crosses
 * devices; the op then reads those dims from 0 with stride 1. */
MlirValue partCutLocalDims(MlirOperation op, const Plan *pl, int t,
                           const Layout *want, MlirValue local) {
  const GspmdRuleTensor *x = &pl->rule->tensors[t];
  if (x->role != GSPMD_ROLE_OPERAND || x->position >= 32 ||
      !((gspmdOpFacts(op).sliced_operands >> x->position) & 1))
    return local;
  int64_t offsets[GSPMD_MAX_RANK], sizes[GSPMD_MAX_RANK],
      strides[GSPMD_MAX_RANK], cut_offsets[GSPMD_MAX_RANK],
      cut_sizes[GSPMD_MAX_RANK], cut_strides[GSPMD_MAX_RANK];
  const char *names[3] = {"static_offsets", "static_sizes", "static_strides"};
  int64_t *arrays[3] = {offsets, sizes, strides};
  for (int k = 0; k < 3; ++k) {
    MlirAttribute a = mlirOperationGetAttributeByName(op, gspmdStr(names[k]));
    if (mlirDenseArrayGetNumElements(a) != x->rank)
      return local;
    for (int d = 0; d < x->rank; ++d)
      arrays[k][d] = mlirDenseI64ArrayGetElement(a, d);
  }
  bool exchanges = false; /* nothing to save otherwise */
  for (int d = 0; d < x->rank; ++d)
    exchanges = exchanges || haloAt(pl, t, d)->on;
  if (!exchanges)
    return local;
  shapeOf(mlirValueGetType(local), cut_sizes);
  bool any = false;
  for (int d = 0; d < x->rank; ++d) {
    cut_offsets[d] = 0;
    cut_strides[d] = 1;
    bool split = partHasAxes(want) && want->s.dim_num_axes[d] > 0;
    bool dynamic = offsets[d] == INT64_MIN || sizes[d] == INT64_MIN ||
                   strides[d] == INT64_MIN;
    if (haloAt(pl, t, d)->on || split || dynamic ||
        (offsets[d] == 0 && strides[d] == 1 && sizes[d] == x->shape[d]))
      continue;
    cut_offsets[d] = offsets[d];
    cut_sizes[d] = sizes[d];
    cut_strides[d] = sizes[d] == 1 ? 1 : strides[d];
    offsets[d] = 0;
    strides[d] = 1;
    any = true;
  }
  if (!any)
    return local;
  GspmdBuilder b = gspmdBuilderBefore(op);
  MlirValue cut =
      gspmdBuildStridedSlice(&b, local, cut_offsets, cut_sizes, cut_strides);
  MlirContext ctx = mlirOperationGetContext(op);
  mlirOperationSetAttributeByName(op, gspmdStr("static_offsets"),
                                  mlirDenseI64ArrayGet(ctx, x->rank, offsets));
  mlirOperationSetAttributeByName(op, gspmdStr("static_strides"),
                                  mlirDenseI64ArrayGet(ctx, x->rank, strides));
  return cut;
}

/* The rows of phase hp->phase of every hp->step along d: what a
 * subsampled window exchanges. */
static MlirValue subsample(MlirOperation op, const HaloPlan *hp, int d,
                           MlirValue local) {
  if (hp->step <= 1)
    return local;
  int rank = rankOf(mlirValueGetType(local));
  int64_t offsets[GSPMD_MAX_RANK] = {0}, sizes[GSPMD_MAX_RANK],
          strides[GSPMD_MAX_RANK];
  shapeOf(mlirValueGetType(local), sizes);
  for (int e = 0; e < rank; ++e)
    strides[e] = 1;
  offsets[d] = hp->phase;
  sizes[d] /= hp->step;
  strides[d] = sizes[d] == 1 ? 1 : hp->step;
  GspmdBuilder b = gspmdBuilderBefore(op);
  return gspmdBuildStridedSlice(&b, local, offsets, sizes, strides);
}

/* The operand's window along d: halo exchange, then the slice this device
 * reads (at a position-dependent offset for strided windows whose shards
 * do not line up). */
static MlirValue exchangeHalo(Partitioner *p, MlirOperation op, const Plan *pl,
                              int t, int d, MlirValue local) {
  HaloPlan *hp = haloAt(pl, t, d);
  const GspmdHalo *h = &hp->halo;
  const GspmdRuleTensor *x = &pl->rule->tensors[t];
  const GspmdFactorAxes *fa = &pl->axes[x->dim_factors[d][0]];
  const Mesh *m = MESH(p, pl->mesh);
  GspmdBuilder b = gspmdBuilderBefore(op);
  /* A tap of the same value exchanged already? (shareHalos gave every tap
   * of a value the same widths.) */
  MlirValue joined = {NULL};
  for (int u = 0; u < t && mlirValueIsNull(joined); ++u) {
    const HaloPlan *other = haloAt(pl, u, d);
    if (!mlirValueIsNull(other->joined) && mlirValueEqual(other->from, local) &&
        sameWindowSource(pl, t, u, d))
      joined = other->joined;
  }
  MlirValue rows =
      mlirValueIsNull(joined) ? subsample(op, hp, d, local) : (MlirValue){NULL};
  if (mlirValueIsNull(joined) && hp->low == 0 && hp->high == 0)
    joined = maskPaddedTail(p, op, pl, t, d, rows);
  else if (mlirValueIsNull(joined))
    joined = hp->window.rebase == GSPMD_REBASE_PERIODIC_MAP
                 ? gspmdBuildPeriodicHaloExchange(
                       &b, m->name, &m->mesh, fa->axes, fa->num_axes, rows, d,
                       hp->low, hp->high, hp->extent)
                 : gspmdBuildHaloExchange(&b, m->name, &m->mesh, fa->axes,
                                          fa->num_axes, rows, d, hp->low,
                                          hp->high, hp->extent,
                                          windowFill(op, hp->window.fill));
  hp->from = local;
  hp->joined = joined;
  int64_t offsets[GSPMD_MAX_RANK] = {0}, sizes[GSPMD_MAX_RANK];
  MlirValue dyn[GSPMD_MAX_RANK] = {{NULL}};
  shapeOf(mlirValueGetType(joined), sizes);
  /* The window starts h->low - hp->low later in a widened exchange. */
  int64_t offset = h->offset + (hp->low - h->low);
  if (h->offset_step == 0 && offset == 0 && h->width == sizes[d])
    return joined;
  sizes[d] = h->width;
  offsets[d] = offset;
  if (h->offset_step != 0) {
    MlirValue i =
        gspmdBuildAxisIndex(&b, m->name, &m->mesh, fa->axes, fa->num_axes);
    MlirValue step = gspmdBuildBinary(&b, "arith.muli", i,
                                      gspmdBuildIndex(&b, h->offset_step));
    dyn[d] =
        gspmdBuildBinary(&b, "arith.addi", step, gspmdBuildIndex(&b, offset));
  }
  return gspmdBuildExtractSlice(&b, joined, offsets, dyn, sizes);
}

/* step * i + start, in index arithmetic. */
static MlirValue linearIn(GspmdBuilder *b, MlirValue i, int64_t step,
                          int64_t start) {
  MlirValue scaled =
      gspmdBuildBinary(b, "arith.muli", i, gspmdBuildIndex(b, step));
  return gspmdBuildBinary(b, "arith.addi", scaled, gspmdBuildIndex(b, start));
}

/* max(lo, min(x, hi)) */
static MlirValue clampIndex(GspmdBuilder *b, MlirValue x, int64_t lo,
                            int64_t hi) {
  x = gspmdBuildBinary(b, "arith.maxsi", x, gspmdBuildIndex(b, lo));
  return gspmdBuildBinary(b, "arith.minsi", x, gspmdBuildIndex(b, hi));
}

/* The piece device i sends `shift` devices on along d: the rows of its
 * shard its receiver's window needs, cut where that window starts in the
 * shard (kept inside it), `rows` wide. */
static MlirValue cutPiece(GspmdBuilder *b, const GspmdWindowPieces *wp,
                          MlirValue i, int64_t shift, int64_t rows, int d,
                          MlirValue local) {
  int64_t offsets[GSPMD_MAX_RANK] = {0}, sizes[GSPMD_MAX_RANK];
  MlirValue dyn[GSPMD_MAX_RANK] = {{NULL}};
  shapeOf(mlirValueGetType(local), sizes);
  MlirValue start = linearIn(b, i, wp->start_step - wp->in_shard,
                             wp->start_step * shift + wp->start);
  dyn[d] = clampIndex(b, start, 0, wp->in_shard - rows);
  sizes[d] = rows;
  return gspmdBuildExtractSlice(b, local, offsets, dyn, sizes);
}

/* The operand's window along d fed by pieces (see the file comment): for
 * each shift, a piece of the local shard sent that far, the pieces joined
 * in the order of the shifts (owners ascending), and the window sliced
 * where the owner of its first row put its piece. */
static MlirValue exchangePieces(Partitioner *p, MlirOperation op,
                                const Plan *pl, int t, int d, MlirValue local) {
  const GspmdWindowPieces *wp = haloAt(pl, t, d)->pieces;
  const GspmdFactorAxes *fa = &pl->axes[pl->rule->tensors[t].dim_factors[d][0]];
  const Mesh *m = MESH(p, pl->mesh);
  GspmdBuilder b = gspmdBuilderBefore(op);
  int64_t s = wp->in_shard, before = 0;
  MlirValue i =
      gspmdBuildAxisIndex(&b, m->name, &m->mesh, fa->axes, fa->num_axes);
  /* The window's first row, its owner, the owner's shift and the row's
   * place q in the owner's shard. */
  MlirValue first = linearIn(&b, i, wp->start_step, wp->start);
  MlirValue owner =
      gspmdBuildBinary(&b, "arith.divsi", first, gspmdBuildIndex(&b, s));
  MlirValue top = gspmdBuildBinary(&b, "arith.subi", i, owner);
  MlirValue q = gspmdBuildBinary(
      &b, "arith.subi", first,
      gspmdBuildBinary(&b, "arith.muli", owner, gspmdBuildIndex(&b, s)));
  MlirValue at = gspmdBuildIndex(&b, 0);
  MlirValue pieces[GSPMD_MAX_WINDOW_PIECES];
  int n = 0;
  for (int k = 0; k < wp->num_shifts; ++k) {
    int64_t shift = wp->top_shift - k, rows = wp->rows[k];
    if (rows == 0)
      continue;
    MlirValue piece = cutPiece(&b, wp, i, shift, rows, d, local);
    pieces[n++] = shift == 0 ? piece
                             : gspmdBuildShift(&b, m->name, &m->mesh, fa->axes,
                                               fa->num_axes, piece, shift);
    /* Where the window starts when this shift brings its first row: its
     * piece ends at the shard's end unless it is the only one. */
    MlirValue into = gspmdBuildBinary(
        &b, "arith.maxsi",
        gspmdBuildBinary(&b, "arith.addi", q, gspmdBuildIndex(&b, rows - s)),
        gspmdBuildIndex(&b, 0));
    MlirValue here =
        gspmdBuildBinary(&b, "arith.addi", into, gspmdBuildIndex(&b, before));
    MlirValue mine =
        gspmdBuildCmpI(&b, 0 /* eq */, top, gspmdBuildIndex(&b, shift));
    at = gspmdBuildSelect(&b, mine, here, at);
    before += rows;
  }
  MlirValue joined = gspmdBuildConcat(&b, d, n, pieces);
  int64_t offsets[GSPMD_MAX_RANK] = {0}, sizes[GSPMD_MAX_RANK];
  MlirValue dyn[GSPMD_MAX_RANK] = {{NULL}};
  shapeOf(mlirValueGetType(joined), sizes);
  sizes[d] = wp->width;
  dyn[d] = at;
  return gspmdBuildExtractSlice(&b, joined, offsets, dyn, sizes);
}

/* Halo-exchanges operand tensor t's window dims; returns the value the op
 * reads. */
MlirValue partExchangeHalos(Partitioner *p, MlirOperation op, const Plan *pl,
                            int t, MlirValue local) {
  for (int d = 0; d < pl->rule->tensors[t].rank; ++d) {
    const HaloPlan *hp = haloAt(pl, t, d);
    if (hp->on && hp->pieces)
      local = exchangePieces(p, op, pl, t, d, local);
    else if (hp->on)
      local = exchangeHalo(p, op, pl, t, d, local);
  }
  return local;
}

/*===-- Window rebasing ---------------------------------------------------===*/

static void setI64ArrayElement(MlirOperation op, const char *name, int index,
                               int64_t value) {
  MlirAttribute old = mlirOperationGetAttributeByName(op, gspmdStr(name));
  int n = (int)mlirDenseArrayGetNumElements(old);
  int64_t v[16];
  for (int i = 0; i < n && i < 16; ++i)
    v[i] = mlirDenseI64ArrayGetElement(old, i);
  v[index] = value;
  mlirOperationSetAttributeByName(
      op, gspmdStr(name),
      mlirDenseI64ArrayGet(mlirOperationGetContext(op), n, v));
}

/* Replaces operand `operand` (a tosa.const_shape) by one with `values`. */
void partSetConstShape(MlirOperation op, int operand, int n,
                       const int64_t *values) {
  MlirContext ctx = mlirOperationGetContext(op);
  MlirAttribute items[2 * GSPMD_MAX_RANK];
  for (int i = 0; i < n; ++i)
    items[i] = mlirIntegerAttrGet(mlirIndexTypeGet(ctx), values[i]);
  int64_t shape[1] = {n};
  MlirType vector = mlirRankedTensorTypeGet(1, shape, mlirIndexTypeGet(ctx),
                                            mlirAttributeGetNull());
  MlirNamedAttribute attr =
      gspmdNamedAttr(ctx, "values", mlirDenseElementsAttrGet(vector, n, items));
  MlirType type = gspmdTosaShapeType(ctx, n);
  MlirOperationState st = mlirOperationStateGet(gspmdStr("tosa.const_shape"),
                                                mlirOperationGetLocation(op));
  mlirOperationStateAddResults(&st, 1, &type);
  mlirOperationStateAddAttributes(&st, 1, &attr);
  GspmdBuilder b = gspmdBuilderBefore(op);
  mlirOperationSetOperand(op, operand,
                          mlirOperationGetResult(gspmdBuildInsert(&b, &st), 0));
}

static void setConstShapeElement(MlirOperation op, int operand, int index,
                                 int64_t value) {
  int64_t v[2 * GSPMD_MAX_RANK];
  int n = gspmdTosaConstShape(op, operand, v, 2 * GSPMD_MAX_RANK);
  if (n <= index)
    return;
  v[index] = value;
  partSetConstShape(op, operand, n, v);
}

/* A generic's map for operand `operand`, result d, minus `shift`; a
 * periodic window's `e mod n` becomes e - shift (the exchanged window holds
 * the wrapped rows in place). */
static void shiftGenericMap(MlirOperation op, int operand, int d, int64_t shift,
                            bool periodic) {
  MlirAttribute maps =
      mlirOperationGetAttributeByName(op, gspmdStr("indexing_maps"));
  int n = (int)mlirArrayAttrGetNumElements(maps);
  MlirAttribute items[64];
  for (int i = 0; i < n && i < 64; ++i) {
    items[i] = mlirArrayAttrGetElement(maps, i);
    if (i != operand)
      continue;
    MlirAffineMap map = mlirAffineMapAttrGetValue(items[i]);
    int num = (int)mlirAffineMapGetNumResults(map);
    MlirAffineExpr exprs[GSPMD_MAX_RANK];
    for (int r = 0; r < num; ++r)
      exprs[r] = mlirAffineMapGetResult(map, r);
    MlirContext ctx = mlirOperationGetContext(op);
    if (periodic && mlirAffineExprIsAMod(exprs[d]))
      exprs[d] = mlirAffineBinaryOpExprGetLHS(exprs[d]);
    exprs[d] =
        mlirAffineAddExprGet(exprs[d], mlirAffineConstantExprGet(ctx, -shift));
    items[i] = mlirAffineMapAttrGet(
        mlirAffineMapGet(ctx, mlirAffineMapGetNumDims(map),
                         mlirAffineMapGetNumSymbols(map), num, exprs));
  }
  mlirOperationSetAttributeByName(
      op, gspmdStr("indexing_maps"),
      mlirArrayAttrGet(mlirOperationGetContext(op), n, items));
}

/* The op reads its exchanged window from index 0: index lo of the window's
 * reach moves to 0, as the rule's GspmdWindowRebase says. */
static void rebaseWindow(MlirOperation op, const GspmdRuleTensor *x, int d,
                         const HaloPlan *hp) {
  switch (hp->window.rebase) {
  case GSPMD_REBASE_MAP:
  case GSPMD_REBASE_PERIODIC_MAP:
    if (hp->window.lo != 0 || hp->window.rebase == GSPMD_REBASE_PERIODIC_MAP)
      shiftGenericMap(op, x->position, d, hp->window.lo,
                      hp->window.rebase == GSPMD_REBASE_PERIODIC_MAP);
    break;
  case GSPMD_REBASE_PAD:
    setI64ArrayElement(op, "static_low", d, 0);
    setI64ArrayElement(op, "static_high", d, 0);
    break;
  case GSPMD_REBASE_SLICE:
    setI64ArrayElement(op, "static_offsets", d, 0);
    setI64ArrayElement(op, "static_sizes", d, hp->halo.out_shard);
    if (hp->step > 1) /* the exchanged rows are the strided ones */
      setI64ArrayElement(op, "static_strides", d, 1);
    break;
  case GSPMD_REBASE_TOSA_PAD:
    /* NHWC: H and W are dims 1 and 2; pad is [top, bottom, left, right]. */
    setI64ArrayElement(op, "pad", 2 * (d - 1), 0);
    setI64ArrayElement(op, "pad", 2 * (d - 1) + 1, 0);
    break;
  case GSPMD_REBASE_TOSA_START:
    setConstShapeElement(op, 1, d, 0);
    break;
  case GSPMD_REBASE_TOSA_PADDING:
    setConstShapeElement(op, 1, 2 * d, 0);
    setConstShapeElement(op, 1, 2 * d + 1, 0);
    break;
  }
}

void partRebaseWindows(MlirOperation op, const Plan *pl) {
  for (int t = 0; t < pl->rule->num_tensors; ++t)
    for (int d = 0; d < pl->rule->tensors[t].rank; ++d)
      if (haloAt(pl, t, d)->on)
        rebaseWindow(op, &pl->rule->tensors[t], d, haloAt(pl, t, d));
}
