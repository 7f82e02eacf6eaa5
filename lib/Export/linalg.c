/*
 * linalg.c - linalg ops: a linalg.generic over its iteration space,
 * linalg.index, linalg.softmax.
 *
 * Assumes named ops were generalised. A generic whose reduction is one
 * StableHLO op (a contraction, convolution or pooling window: contract.c)
 * becomes that op; any other is exported over its iteration space: each
 * operand the body reads is expanded to the loop shape (loops.c), the body's
 * scalar ops run on those tensors, reductions become stablehlo.reduce over
 * the reduction loops with the combiner read from the body
 * (`yield comb(acc, x)`), and the result is transposed to the output map
 * and combined with the init.
 */
#include "generic.h"

#include "gspmd-c/Dialect.h"

#include <string.h>

static bool readGeneric(Ex *e, MlirOperation op, Generic *g) {
  memset(g, 0, sizeof(*g));
  g->op = op;
  MlirAttribute seg = exAttr(op, "operandSegmentSizes");
  g->num_ins = mlirDenseI32ArrayGetElement(seg, 0);
  g->num_outs = mlirDenseI32ArrayGetElement(seg, 1);
  g->num_loops = gspmdLinalgLoops(op, g->reduction, EX_MAX_RANK);
  MlirAttribute maps = exAttr(op, "indexing_maps");
  int n = g->num_ins + g->num_outs;
  if (n > 16 || g->num_loops > EX_MAX_RANK)
    return exError(e, op, "stablehlo export: too many operands or loops") >= 0;
  for (int l = 0; l < g->num_loops; ++l)
    g->loop_size[l] = -1;
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

/* Per output of a generic: the combiner op of its reduction body
 * (`yield comb(acc, x)`) and its kind; null / GSPMD_COMBINER_NONE without
 * reductions. */
typedef struct Combiners {
  bool any_reduction;
  MlirOperation op[16];
  GspmdCombiner kind[16];
} Combiners;

/* The combiner of output i: `yield c(acc, x)` with c a combiner of this
 * body reading the accumulator once; GSPMD_COMBINER_NONE otherwise. */
static GspmdCombiner outputCombiner(MlirBlock body, int i,
                                    MlirOperation *comb) {
  MlirValue x;
  MlirOperation c = gspmdMatchCombine(body, i, &x);
  if (mlirOperationIsNull(c))
    return GSPMD_COMBINER_NONE;
  *comb = c;
  return gspmdCombinerOfOp(c);
}

static bool readCombiners(Ex *e, Generic *g, MlirBlock body, Combiners *c) {
  c->any_reduction = false;
  for (int l = 0; l < g->num_loops; ++l)
    c->any_reduction |= g->reduction[l];
  for (int i = 0; i < g->num_outs; ++i) {
    c->op[i] = (MlirOperation){NULL};
    c->kind[i] = GSPMD_COMBINER_NONE;
    if (!c->any_reduction)
      continue;
    c->kind[i] = outputCombiner(body, i, &c->op[i]);
    if (c->kind[i] == GSPMD_COMBINER_NONE)
      return exError(e, g->op,
                     "stablehlo export: reduction body of output %d is "
                     "not `yield combiner(acc, x)` with a recognised "
                     "combiner (no mapping)",
                     i) >= 0;
  }
  return true;
}

/* Binds every block argument the body reads (but accumulators of
 * reductions) to its operand expanded to the iteration space. */
static bool expandOperands(Ex *e, Generic *g, MlirBlock body,
                           bool any_reduction) {
  for (int i = 0; i < g->num_ins + g->num_outs; ++i) {
    MlirValue arg_i = mlirBlockGetArgument(body, i);
    bool is_acc = i >= g->num_ins && any_reduction;
    if (mlirOpOperandIsNull(mlirValueGetFirstUse(arg_i)) || is_acc) {
      exBind(e, arg_i, -1);
      continue;
    }
    int id = exOperand(e, g->op, i);
    if (id < 0)
      return false;
    if (mlirAffineMapGetNumResults(g->maps[i]) == 0 &&
        exTypeOf(e, id)->rank == 0) {
      ExType full = exTypeWithElem(&g->iter, exTypeOf(e, id)->elem);
      id = exBroadcast(e, id, &full, NULL);
    } else {
      id = exExpandToLoops(e, g, id, g->maps[i]);
    }
    if (id < 0)
      return false;
    exBind(e, arg_i, id);
  }
  return true;
}

/* The body's ops over the iteration space (but the yield and the
 * combiners); yields[i] gets the value output i reduces. */
static bool exportBodyOps(Ex *e, Generic *g, MlirBlock body, const Combiners *c,
                          int *yields) {
  MlirOperation yield = mlirBlockGetTerminator(body);
  for (MlirOperation o = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
    bool skip = mlirOperationEqual(o, yield);
    for (int i = 0; i < g->num_outs; ++i)
      skip |= !mlirOperationIsNull(c->op[i]) && mlirOperationEqual(o, c->op[i]);
    if (!skip && !exExportOp(e, o))
      return false;
  }
  for (int i = 0; i < g->num_outs; ++i) {
    MlirValue y = mlirOperationGetOperand(yield, i);
    if (!mlirOperationIsNull(c->op[i])) {
      MlirValue x = mlirOperationGetOperand(c->op[i], 0);
      if (mlirValueEqual(x, mlirBlockGetArgument(body, g->num_ins + i)))
        x = mlirOperationGetOperand(c->op[i], 1);
      y = x;
    }
    if ((yields[i] = exUse(e, yield, y)) < 0)
      return false;
  }
  return true;
}

/* The same with the context inside the body (scalars stand for tensors of
 * the loop shape). */
static bool exportBody(Ex *e, Generic *g, MlirBlock body, const Combiners *c,
                       int *yields) {
  const ExType *saved_shape = e->body_shape;
  MlirBlock saved_block = e->body_block;
  e->body_shape = &g->iter;
  e->body_block = body;
  bool ok = exportBodyOps(e, g, body, c, yields);
  e->body_shape = saved_shape;
  e->body_block = saved_block;
  return ok;
}

/* The permutation from the parallel loops (in loop order, `par`) to output
 * i's map; constant results (a size-1 dim read at 0) are unit dims added
 * back by the final reshape. */
static bool outputPerm(Ex *e, Generic *g, int i, const int *par, int npar,
                       int *perm) {
  MlirAffineMap m = g->maps[g->num_ins + i];
  int lo[EX_MAX_RANK], ro = 0;
  for (intptr_t j = 0; j < mlirAffineMapGetNumResults(m); ++j) {
    MlirAffineExpr x = mlirAffineMapGetResult(m, j);
    if (mlirAffineExprIsAConstant(x) && mlirAffineConstantExprGetValue(x) == 0)
      continue;
    if (!mlirAffineExprIsADim(x))
      return exError(e, g->op,
                     "stablehlo export: output map %d is not a "
                     "permutation of the parallel loops (no mapping)",
                     i) >= 0 &&
             false;
    lo[ro++] = (int)mlirAffineDimExprGetPosition(x);
  }
  if (ro != npar)
    return exError(e, g->op,
                   "stablehlo export: output map %d is not a "
                   "permutation of the parallel loops (no mapping)",
                   i) >= 0 &&
           false;
  for (int j = 0; j < ro; ++j) {
    perm[j] = -1;
    for (int q = 0; q < npar; ++q)
      if (par[q] == lo[j])
        perm[j] = q;
    if (perm[j] < 0)
      return exError(e, g->op,
                     "stablehlo export: output map %d reads a "
                     "reduction loop (no mapping)",
                     i) >= 0 &&
             false;
  }
  return true;
}

/* Output i from the value its body yields: reduced over the reduction
 * loops, transposed to the output map, combined with the init. */
static bool emitOutput(Ex *e, Generic *g, int i, int v, GspmdCombiner kind) {
  int red[EX_MAX_RANK], nred = 0, par[EX_MAX_RANK], npar = 0;
  for (int l = 0; l < g->num_loops; ++l) {
    if (g->reduction[l])
      red[nred++] = l;
    else
      par[npar++] = l;
  }
  if (exTypeOf(e, v)->rank != g->num_loops) {
    ExType full = exTypeWithElem(&g->iter, exTypeOf(e, v)->elem);
    v = exBroadcast(e, v, &full, NULL);
  }
  v = exReduce(e, v, nred, red,
               kind == GSPMD_COMBINER_NONE ? GSPMD_COMBINER_ADD : kind);
  int perm[EX_MAX_RANK];
  if (!outputPerm(e, g, i, par, npar, perm))
    return false;
  v = exTranspose(e, v, perm);
  ExType out_t;
  if (!exResultType(e, g->op, i, &out_t))
    return false;
  v = exReshape(e, v, &out_t);
  if (kind != GSPMD_COMBINER_NONE) {
    int init = exOperand(e, g->op, g->num_ins + i);
    if (init < 0)
      return false;
    v = exCombine(e, kind, init, v);
  }
  return exBindResult(e, g->op, i, v);
}

bool exEmitGeneric(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  Generic g;
  Combiners c;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (!readGeneric(e, op, &g) || !readCombiners(e, &g, body, &c))
    return false;
  if (c.any_reduction) {
    int r = exTryContraction(e, &g, c.op[0], c.kind[0]);
    if (r == -2)
      return false;
    if (r >= 0)
      return exBindResult(e, op, 0, r);
  }
  int yields[16];
  if (!expandOperands(e, &g, body, c.any_reduction) ||
      !exportBody(e, &g, body, &c, yields))
    return false;
  for (int i = 0; i < g.num_outs; ++i)
    if (!emitOutput(e, &g, i, yields[i], c.kind[i]))
      return false;
  return true;
}

bool exEmitLinalgIndex(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  if (!e->body_shape)
    return exError(e, op, "stablehlo export: linalg.index outside a body") >= 0;
  int d = (int)mlirIntegerAttrGetValueInt(exAttr(op, "dim"));
  ExType t = exTypeWithElem(e->body_shape, "i64");
  return exBindResult(e, op, 0, exIota(e, &t, d));
}

/* linalg.softmax: exp(x - max) / sum(exp(x - max)) along `dimension`. */
bool exEmitSoftmax(Ex *e, MlirOperation op, const char *arg) {
  (void)arg;
  int x = exOperand(e, op, 0);
  if (x < 0)
    return false;
  int d = (int)mlirIntegerAttrGetValueInt(exAttr(op, "dimension"));
  ExType t = *exTypeOf(e, x);
  int keep[EX_MAX_RANK];
  for (int i = 0, k = 0; i < t.rank; ++i)
    if (i != d)
      keep[k++] = i;
  int mx = exBroadcast(e, exReduce(e, x, 1, &d, GSPMD_COMBINER_MAX), &t, keep);
  int ex = exUnary(e, "stablehlo.exponential",
                   exBinary(e, "stablehlo.subtract", x, mx));
  int sum =
      exBroadcast(e, exReduce(e, ex, 1, &d, GSPMD_COMBINER_ADD), &t, keep);
  return exBindResult(e, op, 0, exBinary(e, "stablehlo.divide", ex, sum));
}
