/*
 * OpsByRule.c - gspmd-partition of one op by its factor rule: the factors
 * are chosen (Factors.c), halos planned for split window factors
 * (Halos.c), and a contraction whose tensors all live on one mesh takes the
 * cheapest plan of Strategy.c (or runs as a windowed loop, WindowedLoop.c).
 * Then the op is rewritten in place: operands are resharded to the
 * projection of the factors, exchange their halos and, under a split
 * reduction, are masked or have their init fixed (Combiners.c, Masks.c);
 * results get local types and are resharded to their annotations, which
 * combines the partial results. Index-dependent code (linalg.index) gets
 * the device's offset from gspmd.axis_index: nothing is computed per device
 * at compile time, so the output is the same size for 2 devices or 65,536.
 * Static size attributes follow the local shapes.
 *
 * Assumes: the op has a local form (gspmdOpFacts) and static
 * shapes; its operands have local values.
 */
#include "partition.h"

#include "gspmd/passes.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <string.h>

/* True when op's body reads linalg.index (its loops' positions). */
static bool readsIndex(MlirOperation op) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (mlirBlockIsNull(body))
    return true;
  for (MlirOperation x = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(x); x = mlirOperationGetNextInBlock(x))
    if (gspmdIsLoopIndex(x, &(int){0}))
      return true;
  return false;
}

/*===-- The strategy's problem --------------------------------------------===*/

/* The layouts of global value v on mesh `mesh` already made where op runs
 * (ReshardCache.c), into made[GSPMD_MAX_MADE_LAYOUTS]; returns how many. */
static int madeLayouts(Partitioner *p, MlirOperation op, MlirValue v, int mesh,
                       GspmdSharding *made) {
  if (mesh < 0)
    return 0;
  MadeLayout found[GSPMD_MAX_MADE_LAYOUTS];
  int n = gspmdReshardCacheFind(&p->made, v, mesh, mlirOperationGetBlock(op),
                                found, GSPMD_MAX_MADE_LAYOUTS);
  for (int i = 0; i < n; ++i)
    made[i] = found[i].layout.s;
  return n;
}

/* What the strategy knows of each rule tensor of op, into ts[]; false when
 * it is not an op the strategy weighs (a dim of several factors, a tensor
 * neither operand nor result, one split on another mesh). */
static bool strategyTensors(Partitioner *p, MlirOperation op, const Plan *pl,
                            GspmdStrategyTensor *ts) {
  const GspmdOpRule *rule = pl->rule;
  for (int t = 0; t < rule->num_tensors; ++t) {
    const GspmdRuleTensor *x = &rule->tensors[t];
    for (int d = 0; d < x->rank; ++d)
      if (x->dim_num_factors[d] > 1)
        return false;
    Layout l;
    MlirType global;
    if (x->role == GSPMD_ROLE_OPERAND || x->role == GSPMD_ROLE_CAPTURE) {
      MlirValue local = partLocalOf(p, partRuleValue(op, rule, t), &l, &global);
      ts[t].free = gspmdValueRemakable(local);
      ts[t].hoisted_trips = partHoistedTrips(op, local);
      ts[t].pieces = x->role == GSPMD_ROLE_OPERAND && x->window &&
                     partPiecesMayFeed(op, partRuleValue(op, rule, t));
      ts[t].num_made =
          madeLayouts(p, op, partRuleValue(op, rule, t), pl->mesh, ts[t].made);
    } else if (x->role == GSPMD_ROLE_RESULT) {
      l = partResultLayout(p, op, x->position);
      global = mlirValueGetType(mlirOperationGetResult(op, x->position));
      ts[t].free = false;
      ts[t].hoisted_trips = 1;
      ts[t].pieces = false;
      ts[t].num_made = 0;
    } else {
      return false;
    }
    if (partHasAxes(&l) && l.mesh != pl->mesh)
      return false;
    ts[t].cur = partHasAxes(&l) ? l.s : gspmdShardingReplicated(x->rank);
    ts[t].element_bytes =
        gspmdElementBytes(mlirShapedTypeGetElementType(global));
    ts[t].num_also = 0;
    if (x->role == GSPMD_ROLE_RESULT) {
      GspmdSharding targets[GSPMD_MAX_SHARED_TARGETS];
      targets[0] = ts[t].cur;
      int n = partCollectTargets(p, mlirOperationGetResult(op, x->position), op,
                                 pl->mesh, NULL, targets);
      ts[t].num_also = n - 1;
      memcpy(ts[t].also, targets + 1, sizeof(GspmdSharding) * (size_t)(n - 1));
    }
  }
  return true;
}

/* The strategy's problem for op with tensors ts: how its reductions combine
 * (per operand masks into mask[]), whether it may run as a windowed loop,
 * the budget and the bytes live across it. */
static GspmdStrategyProblem strategyProblem(Partitioner *p, MlirOperation op,
                                            const Plan *pl,
                                            const GspmdStrategyTensor *ts,
                                            GspmdReduction *mask) {
  GspmdStrategyProblem pb = {.rule = pl->rule,
                             .mesh = &MESH(p, pl->mesh)->mesh,
                             .tensors = ts,
                             .reduce = GSPMD_REDUCTION_NONE,
                             .budget = p->budget,
                             .memo = p->strategy_memo};
  if (p->budget > 0)
    pb.live_bytes = gspmdLiveBytesAcross(op, partLocalBytes, p);
  int num_operands = (int)mlirOperationGetNumOperands(op);
  for (int i = 0; i < num_operands; ++i)
    mask[i] = GSPMD_REDUCTION_NONE;
  bool maskable = true;
  pb.reduce = gspmdOpReduction(op, mask, &maskable);
  pb.uneven_reductions = maskable;
  /* The loop accumulates through outs (linalg ops, convolutions too: their
   * window factors stay unsplit in a windowed plan, Strategy.c) or adds
   * each step's product (float tosa.matmul, whose padding zero masks
   * exactly). */
  bool linalg = gspmdOpIsLinalgStructured(op);
  pb.window_adds = !linalg;
  pb.windowable = (linalg ? !readsIndex(op) : maskable) &&
                  !partHasGatherReads(pl->rule) &&
                  !gspmdOpFacts(op).looks_up_rows &&
                  mlirOperationGetNumResults(op) == 1 && num_operands <= 16;
  return pb;
}

/* Contractions (and convolutions) whose tensors all live on the plan's
 * mesh get their factor axes from Strategy.c (the cheapest plan); other
 * ops keep partChooseFactors'. */
static void chooseStrategy(Partitioner *p, MlirOperation op, Plan *pl) {
  const GspmdOpRule *rule = pl->rule;
  if (p->first || pl->mesh < 0 || !partAllStatic(op))
    return;
  /* Window factors keep their axes and halos (partPlanHalos ran). */
  bool contraction = false;
  for (int f = 0; f < rule->num_factors; ++f)
    contraction |= rule->factor_kind[f] == GSPMD_FACTOR_REDUCTION;
  if (!contraction)
    return;
  GspmdStrategyTensor *ts = gspmdArenaAlloc(
      &p->scratch, sizeof(GspmdStrategyTensor) * (size_t)rule->num_tensors);
  if (!strategyTensors(p, op, pl, ts))
    return;
  GspmdReduction *mask = gspmdArenaAlloc(
      &p->scratch,
      sizeof(GspmdReduction) * (size_t)(mlirOperationGetNumOperands(op) + 1));
  GspmdStrategyProblem pb = strategyProblem(p, op, pl, ts, mask);
  /* A default plan partPlanReductions would undo (and say so) stays. */
  if (partAnyReductionSplit(pl) &&
      (pb.reduce == GSPMD_REDUCTION_NONE ||
       (!pb.uneven_reductions && partAnyUnevenReductionSplit(p, pl))))
    return;
  char explain[4096];
  GspmdFactorAxes *chosen = gspmdArenaAlloc(
      &p->scratch, sizeof(GspmdFactorAxes) * (size_t)(rule->num_factors + 1));
  int n = gspmdChooseStrategy(&pb, pl->axes, chosen, &pl->window,
                              p->explain ? explain : NULL, sizeof(explain));
  pl->window_mask = mask;
  /* A window factor the plan leaves unsplit reads its dims whole: its
   * halos are off, as when partPlanHalos finds no halo form. */
  for (int f = 0; f < rule->num_factors; ++f)
    if (pl->axes[f].num_axes > 0 && chosen[f].num_axes <= 0)
      partHalosOff(pl, f);
  memcpy(pl->axes, chosen, sizeof(GspmdFactorAxes) * (size_t)rule->num_factors);
  if (p->explain) {
    char msg[4200];
    snprintf(msg, sizeof(msg), "weighed %d plan%s (bytes sent per device): %s",
             n, n == 1 ? "" : "s", explain);
    partRemark(op, msg);
  }
}

/*===-- The rewrite -------------------------------------------------------===*/

/* linalg.index of a split loop: add the device's offset along it. */
static void offsetIndices(Partitioner *p, MlirOperation op, const Plan *pl) {
  if (mlirOperationGetNumRegions(op) == 0)
    return;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (mlirBlockIsNull(body))
    return;
  const Mesh *m = MESH(p, pl->mesh);
  for (MlirOperation x = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(x); x = mlirOperationGetNextInBlock(x)) {
    int f;
    if (!gspmdIsLoopIndex(x, &f) || f >= pl->rule->num_factors ||
        pl->axes[f].num_axes == 0)
      continue;
    GspmdBuilder outside = gspmdBuilderBefore(op);
    MlirValue offset = gspmdBuildShardOffset(
        &outside, m->name, &m->mesh, pl->axes[f].axes, pl->axes[f].num_axes,
        partFactorShardSize(p, pl, f));
    MlirValue index = mlirOperationGetResult(x, 0);
    GspmdBuilder after = gspmdBuilderAfter(x);
    MlirValue global = gspmdBuildBinary(&after, "arith.addi", index, offset);
    MlirOperation add = mlirOpResultGetOwner(global);
    mlirValueReplaceAllUsesExcept(index, global, 1, &add);
    x = add;
  }
}

/* A slice's sizes of its sliced tensor follow the local shapes of the
 * tensor's split dims. */
static void localizeSliceSizes(Partitioner *p, MlirOperation op, const Plan *pl,
                               const GspmdOpFacts *facts) {
  const GspmdOpRule *rule = pl->rule;
  int full = -1; /* the tensor whose dims the sizes describe */
  for (int t = 0; t < rule->num_tensors; ++t)
    if (rule->tensors[t].role == GSPMD_ROLE_OPERAND &&
        rule->tensors[t].position == facts->shape_operand)
      full = t;
  if (full < 0)
    return;
  const GspmdRuleTensor *x = &rule->tensors[full];
  Layout l = partTensorLayout(p, pl, full);
  MlirAttribute sizes =
      mlirOperationGetAttributeByName(op, gspmdStr(facts->shape_attr));
  int64_t v[GSPMD_MAX_RANK];
  for (int d = 0; d < x->rank; ++d) {
    v[d] = mlirDenseI64ArrayGetElement(sizes, d);
    /* A row looked up keeps its size: one. */
    bool lookup =
        x->dim_num_factors[d] == 1 &&
        rule->factor_kind[x->dim_factors[d][0]] == GSPMD_FACTOR_REDUCTION;
    if (partHasAxes(&l) && l.s.dim_num_axes[d] > 0 && !lookup)
      v[d] = gspmdShardSize(&MESH(p, l.mesh)->mesh, &l.s, d, x->shape[d]);
  }
  mlirOperationSetAttributeByName(op, gspmdStr(facts->shape_attr),
                                  mlirDenseI64ArrayGet(p->ctx, x->rank, v));
}

/* Sizes and shapes the op keeps in attributes or operands (slices,
 * expand_shape, tosa.slice) follow the local shapes of split dims. */
static void localizeSizeAttrs(Partitioner *p, MlirOperation op,
                              const Plan *pl) {
  GspmdOpFacts facts = gspmdOpFacts(op);
  if (facts.shape_holder == GSPMD_SHAPE_SLICE_SIZES)
    localizeSliceSizes(p, op, pl, &facts);
  if (facts.shape_holder != GSPMD_SHAPE_RESULT_OPERAND &&
      facts.shape_holder != GSPMD_SHAPE_RESULT_ATTR)
    return;
  MlirType result = mlirValueGetType(mlirOperationGetResult(op, 0));
  int64_t shape[GSPMD_MAX_RANK];
  shapeOf(result, shape);
  if (facts.shape_holder == GSPMD_SHAPE_RESULT_OPERAND)
    partSetConstShape(op, facts.shape_operand, rankOf(result), shape);
  else
    mlirOperationSetAttributeByName(
        op, gspmdStr(facts.shape_attr),
        mlirDenseI64ArrayGet(p->ctx, rankOf(result), shape));
}

/* Every operand laid out by the plan: resharded, its halos exchanged and,
 * under a split reduction, its padding masked (inputs) or its init fixed
 * (outs); operands without a rule tensor (scalars, dynamic sizes) and
 * those read whole (tosa.matmul's zero points) get their local values. */
static void useOperands(Partitioner *p, MlirOperation op, const Plan *pl) {
  const GspmdOpRule *rule = pl->rule;
  bool reduces = pl->partial.num_axes > 0;
  /* Operands past the inputs are inits (linalg outs); tosa.matmul has
   * none. */
  int num_inputs = (int)mlirOperationGetNumOperands(op);
  if (reduces && gspmdOpIsLinalgStructured(op))
    num_inputs = (int)mlirBlockGetNumArguments(
                     mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0))) -
                 (int)mlirOperationGetNumResults(op);
  for (int t = 0; t < rule->num_tensors; ++t) {
    const GspmdRuleTensor *x = &rule->tensors[t];
    if (x->role != GSPMD_ROLE_OPERAND)
      continue;
    Layout want = partTensorLayout(p, pl, t);
    MlirValue local = partUseOperandAs(p, op, x->position, &want);
    MlirValue window = partExchangeHalos(
        p, op, pl, t, partCutLocalDims(op, pl, t, &want, local));
    if (!mlirValueEqual(window, local)) {
      local = window;
      mlirOperationSetOperand(op, x->position, local);
    }
    if (!reduces)
      continue;
    MlirValue fixed = x->position < num_inputs
                          ? partMaskOperand(p, op, pl, t, local)
                          : partFixInit(p, op, pl, x->position, local);
    mlirOperationSetOperand(op, x->position, fixed);
  }
  unsigned whole = gspmdOpFacts(op).whole_operands;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i));
    if (!isTensor(t) || (i < 32 && (whole >> i) & 1)) {
      Layout none = partReplicated(tensorRank(t));
      partUseOperandAs(p, op, (int)i, &none);
    }
  }
}

void partPartitionByRule(Partitioner *p, MlirOperation op,
                         const GspmdOpRule *rule) {
  partLocalizeCaptures(p, op, rule);
  Plan pl;
  memset(&pl, 0, sizeof(pl));
  pl.rule = rule;
  pl.mesh = -1;
  pl.window.tensor = -1;
  pl.axes = gspmdArenaAlloc(&p->scratch, sizeof(GspmdFactorAxes) *
                                             (size_t)(rule->num_factors + 1));
  partChooseFactors(p, op, &pl);
  partPlanHalos(p, op, &pl);
  chooseStrategy(p, op, &pl);
  if (pl.window.tensor >= 0) {
    partPartitionWindowed(p, op, &pl);
    gspmdArenaReset(&p->scratch);
    return;
  }
  partPlanReductions(p, op, &pl);
  useOperands(p, op, &pl);
  if (pl.mesh >= 0)
    offsetIndices(p, op, &pl);
  partUseGatherReads(p, op, &pl);
  for (int t = 0; t < rule->num_tensors; ++t) {
    const GspmdRuleTensor *x = &rule->tensors[t];
    if (x->role != GSPMD_ROLE_RESULT)
      continue;
    Layout have = partTensorLayout(p, &pl, t);
    MlirValue r = mlirOperationGetResult(op, x->position);
    MlirType global = mlirValueGetType(r);
    if (isTensor(global))
      mlirValueSetType(r, partLocalType(p, global, &have));
    MlirValue local =
        pl.partial.num_axes > 0 ? partMaskLookups(p, op, &pl, r) : r;
    partFinishResultFrom(p, op, x->position, local, &have, &pl.partial, global);
  }
  if (pl.mesh >= 0) {
    localizeSizeAttrs(p, op, &pl);
    partRebaseWindows(op, &pl);
  }
  gspmdNormalizeUnitStrides(op); /* the form the lowering takes */
  gspmdArenaReset(&p->scratch);
}
