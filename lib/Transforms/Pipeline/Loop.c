/*
 * Loop.c - the two forms gspmd-pipeline (Pipeline.c) rewrites a
 * gspmd.pipeline op into, built op by op at the op: the sequential meaning
 * (plain loops over micro-batches, repeats and stages) and the
 * stage-vectorised loop with its schedule (shift or rotation of the state,
 * injection, recirculation, parameter choice, collection). Pipeline.c's
 * opening comment says what each part computes and why.
 *
 * The stage is a function of its own (the op's body, vectorised or not):
 * its ops are moved to where the loop calls it, its arguments replaced by
 * the loop's values and the op's side inputs. Assumes a read Pipe (static
 * shapes) and a stage function that ends in one func.return.
 */
#include "pipeline.h"

#include "gspmd/support.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

/* arith.cmpi predicates. */
enum { CMP_EQ = 0, CMP_SLT = 2, CMP_SGE = 5 };

/*===-- Shared ------------------------------------------------------------===*/

/* (d0, ..., d{n-1}) -> (d{first}, ..., d{n-1}) with dim `skip` left out
 * (skip < 0: none). */
static MlirAffineMap projection(MlirContext ctx, int n, int first, int skip) {
  MlirAffineExpr exprs[GSPMD_MAX_RANK + 2];
  int k = 0;
  for (int i = first; i < n; ++i)
    if (i != skip)
      exprs[k++] = mlirAffineDimExprGet(ctx, i);
  return mlirAffineMapGet(ctx, n, 0, k, exprs);
}

static MlirValue result0(MlirOperation op) {
  return mlirOperationGetResult(op, 0);
}

static MlirValue arg(GspmdBuilder *body, int i) {
  return mlirBlockGetArgument(body->block, i);
}

/* Moves the stage function's body to `b` with its arguments `act`,
 * `params` and the op's side inputs; returns the value it returns. */
static MlirValue callStage(GspmdBuilder *b, const Pipe *p, MlirOperation stage,
                           MlirValue act, const MlirValue *params) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(stage, 0));
  mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(body, 0), act);
  for (int i = 0; i < p->num_params; ++i)
    mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(body, 1 + i), params[i]);
  for (int i = 0; i < p->num_side; ++i)
    mlirValueReplaceAllUsesOfWith(
        mlirBlockGetArgument(body, 1 + p->num_params + i),
        mlirOperationGetOperand(p->op, 1 + p->num_params + i));
  MlirOperation ret = mlirBlockGetTerminator(body);
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationEqual(op, ret);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    gspmdBuildMoveHere(b, op);
    op = next;
  }
  return mlirOperationGetOperand(ret, 0);
}

/* Offsets (0, ...) and sizes (1, act_shape...) of micro-batch rows of
 * [M, mb...], the first offset dynamic. */
static void rowSlice(const Pipe *p, MlirValue row, int64_t *offsets,
                     MlirValue *dyn, int64_t *sizes) {
  offsets[0] = 0;
  dyn[0] = row;
  sizes[0] = 1;
  for (int d = 0; d < p->act_rank; ++d) {
    offsets[d + 1] = 0;
    dyn[d + 1] = (MlirValue){NULL};
    sizes[d + 1] = p->act_shape[d];
  }
}

/*===-- Sequential meaning ------------------------------------------------===*/

/* W[r][l] (or W[l]) of each parameter, as `slices`. */
static void stageParams(GspmdBuilder *b, const Pipe *p, MlirValue r,
                        MlirValue l, const MlirType *slices, MlirValue *w) {
  int k = p->R > 1 ? 2 : 1;
  for (int i = 0; i < p->num_params; ++i) {
    MlirValue param = mlirOperationGetOperand(p->op, 1 + i);
    MlirType type = mlirValueGetType(param);
    int rank = (int)mlirShapedTypeGetRank(type);
    int64_t offsets[GSPMD_MAX_RANK] = {0}, sizes[GSPMD_MAX_RANK];
    MlirValue dyn[GSPMD_MAX_RANK] = {{NULL}};
    dyn[0] = k == 2 ? r : l;
    dyn[1] = k == 2 ? l : (MlirValue){NULL};
    for (int d = 0; d < rank; ++d)
      sizes[d] = d < k ? 1 : mlirShapedTypeGetDimSize(type, d);
    w[i] = gspmdBuildExtractSliceAs(b, slices[i], param, offsets, dyn, sizes);
  }
}

/* for m < M: x <- x[m]; for r < R, l < L: x <- stage(x, W[r][l]). */
MlirValue gspmdPipeBuildSequential(GspmdBuilder *b, const Pipe *p,
                                   MlirOperation stage,
                                   const MlirType *slices) {
  MlirValue c0 = gspmdBuildIndex(b, 0), c1 = gspmdBuildIndex(b, 1);
  MlirValue cM = gspmdBuildIndex(b, p->M), cR = gspmdBuildIndex(b, p->R);
  MlirValue cL = gspmdBuildIndex(b, p->L);
  MlirValue x = mlirOperationGetOperand(p->op, 0);
  GspmdBuilder mb, rb, lb;
  MlirOperation loop_m = gspmdBuildFor(b, c0, cM, c1, 1, &x, &mb);
  int64_t offsets[GSPMD_MAX_RANK], sizes[GSPMD_MAX_RANK];
  MlirValue dyn[GSPMD_MAX_RANK];
  rowSlice(p, arg(&mb, 0), offsets, dyn, sizes);
  MlirValue xm =
      gspmdBuildExtractSliceAs(&mb, p->act, arg(&mb, 1), offsets, dyn, sizes);
  MlirOperation loop_r = gspmdBuildFor(&mb, c0, cR, c1, 1, &xm, &rb);
  MlirValue a0 = arg(&rb, 1);
  MlirOperation loop_l = gspmdBuildFor(&rb, c0, cL, c1, 1, &a0, &lb);
  MlirValue *w = malloc(sizeof(MlirValue) * (size_t)(p->num_params + 1));
  stageParams(&lb, p, arg(&rb, 0), arg(&lb, 0), slices, w);
  MlirValue y = callStage(&lb, p, stage, arg(&lb, 1), w);
  free(w);
  gspmdBuildTerminator(&lb, "scf.yield", 1, &y);
  MlirValue z = result0(loop_l);
  gspmdBuildTerminator(&rb, "scf.yield", 1, &z);
  MlirValue acc2 = gspmdBuildInsertSliceSized(&mb, result0(loop_r), arg(&mb, 1),
                                              offsets, dyn, sizes);
  gspmdBuildTerminator(&mb, "scf.yield", 1, &acc2);
  return result0(loop_m);
}

/*===-- The stage-vectorised loop -----------------------------------------===*/

/* What the loop and its parts read: constants, types, the loop's values. */
typedef struct Loop {
  const Pipe *p;
  bool circular;
  MlirType S, O; /* state [L, mb...], buffers [L, M, mb...] */
  MlirValue c0, c1, cT, cLast, cMLast, cDone, cMp, cL, cRLast, cNeg, zero;
  MlirValue *q;            /* the parameters, pinned on the stage dim */
  MlirValue t, st, ob, cb; /* iteration, state, output buffer, circ buffer */
  MlirValue cr, fresh;     /* recirculated rows, and whether t < M' */
} Loop;

/* Circular schedule (R > 1): micro-batch slots per repeat, M' = max(M, L)
 * (M < L: L - M bubble slots, so that a micro-batch leaving the last stage
 * is back at stage 0 no earlier than it is needed), and the trip count: the
 * last micro-batch's last repeat leaves the last stage at step
 * M' + M - 1, iteration M' + M + L - 2. R = 1: M + L - 1. */
static int64_t slotsPerRepeat(const Pipe *p) {
  return p->R > 1 && p->M < p->L ? p->L : p->M;
}

static int64_t tripCount(const Pipe *p) {
  return (p->R - 1) * slotsPerRepeat(p) + p->M + p->L - 1;
}

static void buildConstants(GspmdBuilder *b, Loop *l) {
  const Pipe *p = l->p;
  l->c0 = gspmdBuildIndex(b, 0);
  l->c1 = gspmdBuildIndex(b, 1);
  l->cT = gspmdBuildIndex(b, tripCount(p));
  l->cLast = gspmdBuildIndex(b, p->L - 1);
  l->cMLast = gspmdBuildIndex(b, p->M - 1);
  /* Micro-batch m's final output leaves the last stage at step
   * M' + m, iteration cDone + m. */
  l->cDone = gspmdBuildIndex(b, (p->R - 1) * slotsPerRepeat(p) + p->L - 1);
  if (l->circular) {
    l->cMp = gspmdBuildIndex(b, slotsPerRepeat(p));
    l->cL = gspmdBuildIndex(b, p->L);
    l->cRLast = gspmdBuildIndex(b, p->R - 1);
    l->cNeg = gspmdBuildIndex(b, -1);
  }
  l->zero = gspmdBuildIdentity(b, p->elt, GSPMD_REDUCTION_SUM); /* 0 */
}

/* The sharding of a rank-`rank` value with the stage axis on dim `dim`. */
static MlirAttribute stageSharding(const Pipe *p, int rank, int dim) {
  GspmdSharding s = gspmdShardingReplicated(rank);
  s.dim_num_axes[dim] = 1;
  s.dim_axes[dim][0] = p->stage_axis;
  return gspmdShardingToAttr(p->ctx, p->mesh_name, &p->mesh, &s);
}

/* Zeros of `type` (tensor.empty + linalg.fill), pinned on the stage dim by
 * an open constraint. */
static MlirValue stageZeros(GspmdBuilder *b, const Loop *l, MlirType type) {
  MlirValue z = gspmdBuildFill(b, l->zero, gspmdBuildEmpty(b, type));
  return gspmdBuildShardingConstraint(
      b, z, stageSharding(l->p, (int)mlirShapedTypeGetRank(type), 0), true);
}

/* The state rotated by one stage, row s <- row (s - 1) mod L: a generic
 * reading `(d0 - 1) mod L`, whose periodic window partitions into one
 * collective_permute with wrap on a split stage dim. */
static MlirValue rotate(GspmdBuilder *b, const Loop *l) {
  MlirContext ctx = b->ctx;
  int n = l->p->act_rank + 1;
  MlirAffineExpr exprs[GSPMD_MAX_RANK + 1];
  exprs[0] = mlirAffineModExprGet(
      mlirAffineAddExprGet(mlirAffineDimExprGet(ctx, 0),
                           mlirAffineConstantExprGet(ctx, -1)),
      mlirAffineConstantExprGet(ctx, l->p->L));
  for (int i = 1; i < n; ++i)
    exprs[i] = mlirAffineDimExprGet(ctx, i);
  MlirAffineMap maps[2] = {mlirAffineMapGet(ctx, n, 0, n, exprs),
                           projection(ctx, n, 0, -1)};
  char iters[GSPMD_MAX_RANK + 2] = "";
  memset(iters, 'p', (size_t)n);
  GspmdBuilder in;
  MlirOperation g = gspmdBuildGeneric(b, 1, &l->st, gspmdBuildEmpty(b, l->S),
                                      maps, iters, &in);
  MlirValue v = arg(&in, 0);
  gspmdBuildTerminator(&in, "linalg.yield", 1, &v);
  return result0(g);
}

/* A generic over [L, M, ...] that writes `in` [L, ...] into the cell
 * (stage `stage`, micro-batch `mb`) of `buf` and keeps every other cell: a
 * select on linalg.index, never a masked product, so inf/NaN in bubble
 * rows stay out. */
static MlirValue storeCell(GspmdBuilder *b, const Loop *l, MlirValue in,
                           MlirValue buf, MlirValue stage, MlirValue mb) {
  int n = l->p->act_rank + 2;
  MlirAffineMap maps[2] = {projection(b->ctx, n, 0, 1),
                           projection(b->ctx, n, 0, -1)};
  char iters[GSPMD_MAX_RANK + 3] = "";
  memset(iters, 'p', (size_t)n);
  GspmdBuilder body;
  MlirOperation g = gspmdBuildGeneric(b, 1, &in, buf, maps, iters, &body);
  MlirValue s = gspmdBuildLinalgIndex(&body, 0);
  MlirValue m = gspmdBuildLinalgIndex(&body, 1);
  MlirValue at_stage = gspmdBuildCmpI(&body, CMP_EQ, s, stage);
  MlirValue mine = gspmdBuildCmpI(&body, CMP_EQ, m, mb);
  MlirValue keep = gspmdBuildBinary(&body, "arith.andi", at_stage, mine);
  MlirValue pick = gspmdBuildSelect(&body, keep, arg(&body, 0), arg(&body, 1));
  gspmdBuildTerminator(&body, "linalg.yield", 1, &pick);
  return result0(g);
}

/* After the rotation, row 0 holds the last stage's output of step t - L
 * (micro-batch slot (t - L) mod M'): kept in the circ buffer [L, M, mb...]
 * at row 0 (the device of stage 0) until stage 0 takes it for the next
 * repeat, at step t - L + M' >= t; l->cr [L, mb...] is what step t takes
 * from it. The store comes first: for M' = L the slot is taken in the same
 * iteration. Returns the new circ buffer. */
static MlirValue recirculate(GspmdBuilder *b, Loop *l, MlirValue shifted) {
  const Pipe *p = l->p;
  MlirValue ks = gspmdBuildBinary(b, "arith.subi", l->t, l->cL);
  MlirValue ks_ok = gspmdBuildCmpI(b, CMP_SGE, ks, l->c0);
  MlirValue ks_m = gspmdBuildBinary(b, "arith.remsi", ks, l->cMp);
  MlirValue ms = gspmdBuildSelect(b, ks_ok, ks_m, l->cNeg);
  MlirValue circ = storeCell(b, l, shifted, l->cb, l->c0, ms);
  MlirValue tmod = gspmdBuildBinary(b, "arith.remsi", l->t, l->cMp);
  MlirValue tslot = gspmdBuildBinary(b, "arith.minsi", tmod, l->cMLast);
  int64_t offsets[GSPMD_MAX_RANK + 2] = {0}, sizes[GSPMD_MAX_RANK + 2];
  MlirValue dyn[GSPMD_MAX_RANK + 2] = {{NULL}};
  dyn[1] = tslot;
  sizes[0] = p->L;
  sizes[1] = 1;
  for (int d = 0; d < p->act_rank; ++d)
    sizes[d + 2] = p->act_shape[d];
  l->cr = gspmdBuildExtractSliceAs(b, l->S, circ, offsets, dyn, sizes);
  l->fresh = gspmdBuildCmpI(b, CMP_SLT, l->t, l->cMp);
  return circ;
}

/* Shift by one stage: rows [0, L-1) move to [1, L), row 0 is zero (on a
 * split stage dim, one halo exchange of one row). */
static MlirValue shift(GspmdBuilder *b, const Loop *l) {
  const Pipe *p = l->p;
  if (p->L == 1)
    return gspmdBuildTensorCast(b, l->st, l->S);
  int r = p->act_rank;
  int64_t zeros[GSPMD_MAX_RANK + 1] = {0}, sizes[GSPMD_MAX_RANK + 1];
  sizes[0] = p->L - 1;
  for (int d = 0; d < r; ++d)
    sizes[d + 1] = p->act_shape[d];
  MlirValue head = gspmdBuildExtractSlice(b, l->st, zeros, NULL, sizes);
  int64_t low[GSPMD_MAX_RANK + 1] = {1};
  return gspmdBuildPad(b, head, low, zeros, l->zero);
}

/* Stage 0's input [L, mb...]: the shifted state with row 0 replaced by
 * micro-batch min(t, M-1) (circular: a fresh micro-batch in the first M'
 * steps, then the last stage's output of the previous repeat). */
static MlirValue inject(GspmdBuilder *b, const Loop *l, MlirValue shifted) {
  const Pipe *p = l->p;
  MlirValue tm = gspmdBuildBinary(b, "arith.minsi", l->t, l->cMLast);
  int64_t offsets[GSPMD_MAX_RANK + 1], sizes[GSPMD_MAX_RANK + 1];
  MlirValue dyn[GSPMD_MAX_RANK + 1];
  rowSlice(p, tm, offsets, dyn, sizes);
  MlirValue xt = gspmdBuildExtractSliceAs(
      b, p->act, mlirOperationGetOperand(p->op, 0), offsets, dyn, sizes);
  MlirValue empty = gspmdBuildEmpty(b, l->S);
  int n = p->act_rank + 1;
  MlirAffineMap id = projection(b->ctx, n, 0, -1);
  MlirAffineMap maps[4] = {id, projection(b->ctx, n, 1, -1), id, id};
  MlirValue inputs[3] = {shifted, xt, l->cr};
  int num_inputs = l->circular ? 3 : 2;
  char iters[GSPMD_MAX_RANK + 2] = "";
  memset(iters, 'p', (size_t)n);
  GspmdBuilder body;
  MlirOperation g =
      gspmdBuildGeneric(b, num_inputs, inputs, empty, maps, iters, &body);
  MlirValue s = gspmdBuildLinalgIndex(&body, 0);
  MlirValue first = gspmdBuildCmpI(&body, CMP_EQ, s, l->c0);
  MlirValue src = arg(&body, 1);
  if (l->circular)
    src = gspmdBuildSelect(&body, l->fresh, src, arg(&body, 2));
  MlirValue pick = gspmdBuildSelect(&body, first, src, arg(&body, 0));
  gspmdBuildTerminator(&body, "linalg.yield", 1, &pick);
  return result0(g);
}

/* The body of selectParams' reduction over R: keep the max of the
 * accumulator and W[r][l] if r is the repeat of stage l's step, else
 * `lowest`. */
static void selectParamBody(GspmdBuilder *body, const Loop *l, int n,
                            MlirValue lowest) {
  MlirValue stage = gspmdBuildLinalgIndex(body, 0);
  MlirValue rr = gspmdBuildLinalgIndex(body, n);
  MlirValue k = gspmdBuildBinary(body, "arith.subi", l->t, stage);
  MlirValue kr = gspmdBuildBinary(body, "arith.divsi", k, l->cMp);
  MlirValue kr0 = gspmdBuildBinary(body, "arith.maxsi", kr, l->c0);
  MlirValue rep = gspmdBuildBinary(body, "arith.minsi", kr0, l->cRLast);
  MlirValue mine = gspmdBuildCmpI(body, CMP_EQ, rr, rep);
  MlirValue pick = gspmdBuildSelect(body, mine, arg(body, 0), lowest);
  MlirType element = mlirValueGetType(lowest);
  GspmdCombiner kind =
      mlirTypeIsAFloat(element) ? GSPMD_COMBINER_MAX : GSPMD_COMBINER_UMAX;
  MlirValue max = gspmdBuildBinary(body, gspmdCombinerArithName(kind, element),
                                   arg(body, 1), pick);
  gspmdBuildTerminator(body, "linalg.yield", 1, &max);
}

/* w[i] [L, ...]: stage l's parameters for this iteration, W[r][l] with r
 * the repeat of its step t - l (clamped in bubbles), chosen over R as a
 * reduction loop: max(acc, select(r == rep, w, lowest)) from `lowest`
 * (-inf; 0 unsigned for integers), exact whatever W holds (the chosen NaN
 * stays NaN, unused repeats' inf/NaN never leak; never a product with a 0/1
 * mask), local on every device, and a reduction StableHLO maps. */
static void selectParams(GspmdBuilder *b, const Loop *l,
                         const MlirType *vparams, MlirValue *w) {
  MlirContext ctx = b->ctx;
  for (int i = 0; i < l->p->num_params; ++i) {
    int n = (int)mlirShapedTypeGetRank(vparams[i]); /* [L, ...] */
    MlirType elt = mlirShapedTypeGetElementType(vparams[i]);
    /* -inf, or 0: the identity of maximumf, or of maxui. */
    MlirValue lowest = gspmdBuildIdentity(
        b, elt,
        mlirTypeIsAFloat(elt) ? GSPMD_REDUCTION_MAX : GSPMD_REDUCTION_SUM);
    MlirValue init = gspmdBuildFill(b, lowest, gspmdBuildEmpty(b, vparams[i]));
    MlirAffineExpr exprs[GSPMD_MAX_RANK + 1];
    exprs[0] = mlirAffineDimExprGet(ctx, n);
    for (int d = 0; d < n; ++d)
      exprs[d + 1] = mlirAffineDimExprGet(ctx, d);
    MlirAffineMap maps[2] = {mlirAffineMapGet(ctx, n + 1, 0, n + 1, exprs),
                             projection(ctx, n + 1, 0, n)};
    char iters[GSPMD_MAX_RANK + 3] = "";
    memset(iters, 'p', (size_t)n);
    iters[n] = 'r';
    GspmdBuilder body;
    MlirOperation g =
        gspmdBuildGeneric(b, 1, &l->q[i], init, maps, iters, &body);
    selectParamBody(&body, l, n, lowest);
    w[i] = result0(g);
  }
}

/* One step: shift (or rotate and recirculate), inject, run the stage,
 * collect row L-1 (micro-batch t - cDone's final output). */
static void loopBody(GspmdBuilder *b, Loop *l, MlirOperation stage,
                     const MlirType *vparams) {
  const Pipe *p = l->p;
  MlirValue shifted = l->circular ? rotate(b, l) : shift(b, l);
  MlirValue circ = l->circular ? recirculate(b, l, shifted) : (MlirValue){0};
  MlirValue in = inject(b, l, shifted);
  MlirValue *w = l->q;
  if (l->circular) {
    w = malloc(sizeof(MlirValue) * (size_t)(p->num_params + 1));
    selectParams(b, l, vparams, w);
  }
  MlirValue y = callStage(b, p, stage, in, w);
  if (w != l->q)
    free(w);
  MlirValue mb = gspmdBuildBinary(b, "arith.subi", l->t, l->cDone);
  MlirValue out = storeCell(b, l, y, l->ob, l->cLast, mb);
  MlirValue yields[3] = {y, out, circ};
  gspmdBuildTerminator(b, "scf.yield", l->circular ? 3 : 2, yields);
}

/* The result [M, mb...] = row L-1 of the output buffer [L, M, mb...],
 * written as a sum over the stage dim of the rows selected by stage index
 * == L-1: on a split stage dim each device sums its own rows locally and
 * one all_reduce (or reduce_scatter) of [M, mb...] combines them, moving
 * only the last stage's rows, where a slice of row L-1 would first gather
 * the whole buffer. The select keeps other rows (never written, but
 * whatever they hold) out; -0.0 is the exact identity of addf, so the
 * result is bit for bit row L-1 (-0.0 included). */
static MlirValue collectLast(GspmdBuilder *b, const Loop *l, MlirValue buf) {
  const Pipe *p = l->p;
  bool fp = mlirTypeIsAFloat(p->elt);
  MlirValue nzero =
      fp ? gspmdBuildConstant(b, mlirFloatAttrDoubleGet(b->ctx, p->elt, -0.0))
         : gspmdBuildIdentity(b, p->elt, GSPMD_REDUCTION_SUM);
  MlirValue init = gspmdBuildFill(b, nzero, gspmdBuildEmpty(b, p->x));
  int n = p->act_rank + 2;
  MlirAffineMap maps[2] = {projection(b->ctx, n, 0, -1),
                           projection(b->ctx, n, 1, -1)};
  char iters[GSPMD_MAX_RANK + 3] = "";
  memset(iters, 'p', (size_t)n);
  iters[0] = 'r';
  GspmdBuilder body;
  MlirOperation g = gspmdBuildGeneric(b, 1, &buf, init, maps, iters, &body);
  MlirValue s = gspmdBuildLinalgIndex(&body, 0);
  MlirValue last = gspmdBuildCmpI(&body, CMP_EQ, s, l->cLast);
  MlirValue pick = gspmdBuildSelect(&body, last, arg(&body, 0), nzero);
  MlirValue sum = gspmdBuildBinary(&body, fp ? "arith.addf" : "arith.addi",
                                   arg(&body, 1), pick);
  gspmdBuildTerminator(&body, "linalg.yield", 1, &sum);
  return result0(g);
}

/* Marks the loop for gspmd-simulate (docs/simulate.md): gspmd.pipeline_loop
 * = {bubble_iterations, microbatches, repeats, stages}. A device does model
 * work in M R of the loop's iterations, one per micro-batch and repeat; the
 * others (L - 1 when M >= L) are the bubble. The attribute is discardable
 * and means nothing to any other pass. */
static void markPipelineLoop(const Pipe *p, MlirOperation loop) {
  MlirContext ctx = p->ctx;
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  const char *names[4] = {"bubble_iterations", "microbatches", "repeats",
                          "stages"};
  int64_t values[4] = {tripCount(p) - p->M * p->R, p->M, p->R, p->L};
  MlirNamedAttribute entries[4];
  for (int i = 0; i < 4; ++i)
    entries[i] =
        mlirNamedAttributeGet(mlirIdentifierGet(ctx, gspmdStr(names[i])),
                              mlirIntegerAttrGet(i64, values[i]));
  mlirOperationSetDiscardableAttributeByName(
      loop, gspmdStr("gspmd.pipeline_loop"),
      mlirDictionaryAttrGet(ctx, 4, entries));
}

MlirValue gspmdPipeBuildVectorised(GspmdBuilder *b, const Pipe *p,
                                   MlirOperation stage, const MlirType *params,
                                   const MlirType *vparams) {
  Loop l;
  memset(&l, 0, sizeof(l));
  l.p = p;
  l.circular = p->R > 1;
  l.S = gspmdTensorTypePrepend(p->act, p->L);
  l.O = gspmdTensorTypePrepend(p->x, p->L);
  buildConstants(b, &l);
  l.q = malloc(sizeof(MlirValue) * (size_t)(p->num_params + 1));
  for (int i = 0; i < p->num_params; ++i)
    l.q[i] = gspmdBuildShardingConstraint(
        b, mlirOperationGetOperand(p->op, 1 + i),
        stageSharding(p, (int)mlirShapedTypeGetRank(params[i]),
                      l.circular ? 1 : 0),
        true);
  MlirValue inits[3] = {stageZeros(b, &l, l.S), stageZeros(b, &l, l.O)};
  if (l.circular)
    inits[2] = stageZeros(b, &l, l.O);
  GspmdBuilder body;
  MlirOperation loop =
      gspmdBuildFor(b, l.c0, l.cT, l.c1, l.circular ? 3 : 2, inits, &body);
  markPipelineLoop(p, loop);
  l.t = arg(&body, 0);
  l.st = arg(&body, 1);
  l.ob = arg(&body, 2);
  l.cb = l.circular ? arg(&body, 3) : (MlirValue){NULL};
  loopBody(&body, &l, stage, vparams);
  free(l.q);
  return collectLast(b, &l, mlirOperationGetResult(loop, 1));
}
