/*
 * Reshard.c - how gspmd-partition moves a value from the layout it has to
 * the layout a user wants: the reshard plans of lib/Sharding, emitted as
 * gspmd collectives and local slices (Build.c), which also combine pending
 * partial results (all_reduce, or reduce_scatter when the target splits the
 * same axis). A plan may start from a layout of the value already made in
 * scope (ReshardCache.c), and the layouts the value's later users will want
 * are planned with the one wanted now, so that they share steps
 * (gspmdPlanReshardShared). A value made from nothing (tensor.empty, a fill
 * of one, a splat) is made again in the wanted layout instead of moved.
 *
 * Loop-invariant reshards are hoisted: a reshard of a value defined outside
 * an scf.for depends on nothing the loop changes, so it is emitted once
 * before the loop rather than on every iteration, when every device runs the
 * loop as often (constant bounds). Collectives before the loop are then run
 * by every device even when the loop runs zero times, which is harmless.
 *
 * Assumes the walk visits a block's ops in order and keeps p->block,
 * p->block_targets and p->unvisited for the block it is in; a value
 * without a local value is global and replicated.
 */
#include "partition.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"

#include <stdio.h>

#define MAX_SOURCES 8

static const GspmdPartial kNoPartial = {{0}, 0, GSPMD_REDUCTION_NONE};

/* One reshard being emitted: src to `to`. With a key and one mesh
 * (`cached`), the plan may start from a layout of the key already made in
 * scope (ReshardCache.c), and the layouts its steps reach are recorded for
 * the later uses of the key. */
typedef struct Move {
  const ReshardSource *src;
  const GspmdPartial *partial; /* never NULL */
  const Layout *to;
  int from_mesh, to_mesh;
  bool cached;
  bool record; /* record the layouts reached (made for the walk's block) */
  int64_t shape[GSPMD_MAX_RANK];
  /* The layouts it may start from: src's own first, then those made. */
  GspmdSharding sources[MAX_SOURCES];
  MlirValue locals[MAX_SOURCES];
  int num_sources;
} Move;

/* Plans m from the cheapest of its sources (*source); false after a
 * diagnostic when no plan exists. */
static bool planMove(Partitioner *p, GspmdBuilder *b, Move *m,
                     GspmdReshardPlan *plan, int *source) {
  const GspmdMesh *fm = &MESH(p, m->from_mesh)->mesh;
  const GspmdMesh *tm = &MESH(p, m->to_mesh)->mesh;
  const GspmdPartial *partial = m->partial;
  MadeLayout made[MAX_SOURCES];
  m->sources[0] = m->src->layout.s;
  m->locals[0] = m->src->local;
  m->num_sources = 1;
  if (m->cached)
    m->num_sources +=
        gspmdReshardCacheFind(&p->made, m->src->key, m->from_mesh, b->block,
                              made + 1, MAX_SOURCES - 1);
  for (int i = 1; i < m->num_sources; ++i) {
    m->sources[i] = made[i].layout.s;
    m->locals[i] = made[i].local;
  }
  int64_t element_bytes =
      gspmdElementBytes(mlirShapedTypeGetElementType(m->src->global));
  char err[256];
  bool planned =
      m->cached
          ? gspmdPlanReshardFromAny(
                fm, m->sources, m->num_sources, partial->axes,
                partial->num_axes, partial->reduce, &m->to->s, m->shape,
                element_bytes, plan, source, err, sizeof(err))
          : gspmdPlanReshard(fm, &m->src->layout.s, partial->axes,
                             partial->num_axes, partial->reduce, tm, &m->to->s,
                             m->shape, element_bytes, plan, err, sizeof(err));
  if (!planned) {
    char msg[400];
    snprintf(msg, sizeof(msg), "gspmd-partition: %s", err);
    mlirEmitError(b->loc, msg);
    p->failed = true;
  }
  return planned;
}

/* Emits the steps of m's plan from source `source`; returns the result. */
static MlirValue emitMove(Partitioner *p, GspmdBuilder *b, const Move *m,
                          const GspmdReshardPlan *plan, int source) {
  const Mesh *fm = MESH(p, m->from_mesh), *tm = MESH(p, m->to_mesh);
  MlirValue value = m->locals[source];
  int pending = source == 0 ? m->partial->num_axes : 0;
  bool record = m->record;
  bool on_target = false;
  for (int i = 0; i < plan->num_steps; ++i) {
    const GspmdReshardStep *step = &plan->steps[i];
    /* Between meshes, the final SLICE is on the target mesh. */
    on_target |= m->from_mesh != m->to_mesh && step->kind == GSPMD_STEP_SLICE;
    const Mesh *mesh = on_target ? tm : fm;
    value = gspmdBuildReshardStep(b, mesh->name, &mesh->mesh, step, value);
    if (step->kind == GSPMD_STEP_ALL_REDUCE ||
        step->kind == GSPMD_STEP_REDUCE_SCATTER)
      pending -= step->num_axes;
    Layout reached = {m->from_mesh, step->after};
    if (record && pending <= 0)
      gspmdReshardCacheAdd(&p->made, m->src->key, &reached, value, b->block);
  }
  return value;
}

/* True when v is defined in op's regions. */
/* True when every device runs the scf.for equally often: its bounds and
 * step are constants. Only then may collectives leave it: a device that
 * ran the loop fewer times would otherwise join collectives its group
 * never runs. */
static bool sameTripsEverywhere(MlirOperation loop) {
  for (int k = 0; k < 3; ++k) {
    MlirValue v = mlirOperationGetOperand(loop, k);
    if (!mlirValueIsAOpResult(v) ||
        !gspmdOpFacts(mlirOpResultGetOwner(v)).constant)
      return false;
  }
  return true;
}

/* The trips of a loop sameTripsEverywhere accepts (at least 1: a loop of
 * none runs its hoisted reshard once all the same). */
static int64_t tripCount(MlirOperation loop) {
  int64_t trips = gspmdForTripCount(loop);
  return trips > 0 ? trips : 1;
}

/* Where a reshard of `local` goes: before the outermost of the scf.for
 * loops around b's point that do not define `local` and run as often on
 * every device (its result is the same on every iteration), else at b.
 * *trips: the product of those loops' trips (1: none). */
static GspmdBuilder hoistOutOfLoops(const GspmdBuilder *b, MlirValue local,
                                    int64_t *trips) {
  GspmdBuilder at = *b;
  *trips = 1;
  for (;;) {
    MlirOperation loop = mlirBlockGetParentOperation(at.block);
    if (mlirOperationIsNull(loop) || partOpKind(loop) != PART_OP_FOR ||
        !sameTripsEverywhere(loop) || gspmdDefinedInside(local, loop))
      return at;
    *trips *= tripCount(loop);
    at = gspmdBuilderBefore(loop);
    at.loc = b->loc;
  }
}

int64_t partHoistedTrips(MlirOperation op, MlirValue local) {
  GspmdBuilder b = gspmdBuilderBefore(op);
  int64_t trips;
  hoistOutOfLoops(&b, local, &trips);
  return trips;
}

MlirValue partReshard(Partitioner *p, GspmdBuilder *b, const ReshardSource *src,
                      const Layout *to) {
  const Layout *from = &src->layout;
  /* Set field by field: an initializer would zero `sources` (kilobytes)
   * on every call, most of which plan nothing. */
  Move m;
  m.src = src;
  m.partial = src->partial ? src->partial : &kNoPartial;
  m.to = to;
  m.num_sources = 0;
  if (!isTensor(src->global) ||
      (!partHasAxes(from) && !partHasAxes(to) && !m.partial->num_axes))
    return src->local;
  m.from_mesh = from->mesh >= 0 ? from->mesh : to->mesh;
  m.to_mesh = to->mesh >= 0 ? to->mesh : m.from_mesh;
  /* Nothing to move (most operands): skip planning, whose plan holds a
   * sharding per possible step. */
  if (m.from_mesh == m.to_mesh && !m.partial->num_axes &&
      gspmdShardingEqual(&from->s, &to->s))
    return src->local;
  shapeOf(src->global, m.shape);
  m.cached = !mlirValueIsNull(src->key) && m.from_mesh == m.to_mesh;
  m.record = m.cached && mlirBlockEqual(b->block, p->block);
  int64_t trips;
  GspmdBuilder at = hoistOutOfLoops(b, src->local, &trips);
  GspmdReshardPlan plan;
  int source = 0;
  if (!planMove(p, &at, &m, &plan, &source))
    return src->local;
  return emitMove(p, &at, &m, &plan, source);
}

/* The layout user `op` will want operand `index` in, when it is known
 * before the user is partitioned: sharding constraints, the terminator of
 * the block being partitioned, elementwise ops (their result's layout). */
static bool laterTarget(Partitioner *p, MlirOperation op, int index, int rank,
                        Layout *out) {
  if (partOpKind(op) == PART_OP_CONSTRAINT) {
    *out = partConstraintTarget(p, op, rank);
    return true;
  }
  if (p->block_targets && partIsReturnLike(op) &&
      mlirBlockEqual(mlirOperationGetBlock(op), p->block)) {
    *out = p->block_targets[index];
    return true;
  }
  if (gspmdOpIsElementwise(op) && mlirOperationGetNumResults(op) == 1 &&
      mlirTypeEqual(mlirValueGetType(mlirOperationGetResult(op, 0)),
                    mlirValueGetType(mlirOperationGetOperand(op, index)))) {
    *out = partResultLayout(p, op, 0);
    return true;
  }
  return false;
}

/* Appends t to targets[0..n) unless it is there; returns the new count. */
static int addTarget(GspmdSharding *targets, int n, const GspmdSharding *t) {
  for (int k = 0; k < n; ++k)
    if (gspmdShardingEqual(&targets[k], t))
      return n;
  targets[n] = *t;
  return n + 1;
}

/* True when `user` is an op of the block being partitioned still to be
 * visited (its operands are still global), other than `except`. */
static bool isLaterOp(Partitioner *p, MlirOperation user,
                      MlirOperation except) {
  return !mlirOperationEqual(user, except) &&
         gspmdPtrMapGet(&p->unvisited, user.ptr) == 1;
}

/* Ops computing what op computes, later in the block (CSE merges them
 * after partitioning, so a plan they share is paid once): found among the
 * first users of op's first operand. Both searches look at a bounded
 * number of uses, so a value with many users costs no more per reshard. */
#define MAX_TWIN_SEARCH 16
#define MAX_USE_SEARCH 32

/* targets[0] is where `key` goes now; appends the distinct layouts on mesh
 * `mesh` that its users later in the block being partitioned (ops of the
 * global program not yet visited, other than `except`, the op being
 * partitioned) will want, and, when key is a result of `except`, the
 * layouts of that result of except's later twins. `from` (may be NULL) is
 * the layout key is in: not a target. Returns the number of targets. */
int partCollectTargets(Partitioner *p, MlirValue key, MlirOperation except,
                       int mesh, const Layout *from, GspmdSharding *targets) {
  int n = 1, rank = targets[0].rank, scanned = 0;
  for (MlirOpOperand use = mlirValueGetFirstUse(key);
       !mlirOpOperandIsNull(use) && n < GSPMD_MAX_SHARED_TARGETS &&
       scanned++ < MAX_USE_SEARCH;
       use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    Layout t;
    if (!isLaterOp(p, user, except) ||
        !laterTarget(p, user, (int)mlirOpOperandGetOperandNumber(use), rank,
                     &t) ||
        (partHasAxes(&t) && t.mesh != mesh) || t.s.rank != rank ||
        (from && partHasAxes(from) && gspmdShardingEqual(&t.s, &from->s)))
      continue;
    n = addTarget(targets, n, &t.s);
  }
  if (!mlirValueIsAOpResult(key) ||
      !mlirOperationEqual(mlirOpResultGetOwner(key), except) ||
      mlirOperationGetNumOperands(except) == 0)
    return n;
  int result = (int)mlirOpResultGetResultNumber(key), searched = 0;
  for (MlirOpOperand use =
           mlirValueGetFirstUse(mlirOperationGetOperand(except, 0));
       !mlirOpOperandIsNull(use) && n < GSPMD_MAX_SHARED_TARGETS &&
       searched++ < MAX_TWIN_SEARCH;
       use = mlirOpOperandGetNextUse(use)) {
    MlirOperation twin = mlirOpOperandGetOwner(use);
    if (!isLaterOp(p, twin, except) || !gspmdOpsAreTwins(except, twin))
      continue;
    Layout t = partResultLayout(p, twin, result);
    if (!partHasAxes(&t) || t.mesh == mesh)
      n = addTarget(targets, n, &t.s);
  }
  return n;
}

/* partReshard() of src (an operand of `user`, or its result
 * going to its annotation) with the value's other users in view: the
 * layouts they will want are planned with this one (gspmdPlanReshardShared)
 * and made here, in the order that moves the fewest bytes in all, each from
 * the cheapest layout made before it; this use and the later ones then
 * find theirs made. A layout a later user ends up not using is dead code
 * that canonicalize removes (collectives have no memory effects). */
MlirValue partReshardShared(Partitioner *p, GspmdBuilder *b,
                            const ReshardSource *src, MlirOperation user,
                            const Layout *to) {
  const Layout *from = &src->layout;
  const GspmdPartial *partial = src->partial ? src->partial : &kNoPartial;
  MlirType global = src->global;
  int mesh = from->mesh >= 0 ? from->mesh : to->mesh;
  if (isStatic(global) && mesh >= 0 && (to->mesh < 0 || to->mesh == mesh) &&
      mlirBlockEqual(b->block, p->block)) {
    GspmdSharding targets[GSPMD_MAX_SHARED_TARGETS];
    targets[0] = to->s;
    int n = partCollectTargets(p, src->key, user, mesh, from, targets);
    int64_t shape[GSPMD_MAX_RANK], bytes;
    shapeOf(global, shape);
    int first = 0;
    if (n > 1 && gspmdPlanReshardShared(
                     &MESH(p, mesh)->mesh, &from->s, partial->axes,
                     partial->num_axes, partial->reduce, targets, n, shape,
                     gspmdElementBytes(mlirShapedTypeGetElementType(global)),
                     &bytes, &first, NULL, 0)) {
      /* The order gspmdPlanReshardShared costed: `first`, then the rest. */
      for (int k = -1; k < n; ++k) {
        if (k == first)
          continue;
        Layout t = {mesh, targets[k < 0 ? first : k]};
        partReshard(p, b, src, &t);
      }
    }
  }
  return partReshard(p, b, src, to);
}

/* A value made from nothing (tensor.empty, a fill of one, a splat) is
 * cheaper to make again in the wanted layout than to move: returns the new
 * local value, or null when `local` is not such a value. */
static MlirValue rematerialize(Partitioner *p, GspmdBuilder *b, MlirValue local,
                               MlirType global, const Layout *want) {
  if (!mlirValueIsAOpResult(local) || !isStatic(global))
    return (MlirValue){NULL};
  MlirOperation def = mlirOpResultGetOwner(local);
  MlirType type = partLocalType(p, global, want);
  GspmdRemake remake = gspmdOpFacts(def).remake;
  if (remake == GSPMD_REMAKE_EMPTY) {
    return gspmdBuildEmpty(b, type);
  }
  if (remake == GSPMD_REMAKE_FILL) {
    MlirValue init =
        rematerialize(p, b, mlirOperationGetOperand(def, 1), global, want);
    if (mlirValueIsNull(init))
      return init;
    MlirOperation fill = mlirOperationClone(def);
    mlirOperationSetOperand(fill, 1, init);
    mlirValueSetType(mlirOperationGetResult(fill, 0), type);
    if (mlirOperationIsNull(b->before))
      mlirBlockAppendOwnedOperation(b->block, fill);
    else
      mlirBlockInsertOwnedOperationBefore(b->block, b->before, fill);
    return mlirOperationGetResult(fill, 0);
  }
  if (remake == GSPMD_REMAKE_SPLAT) {
    MlirAttribute value =
        mlirOperationGetAttributeByName(def, gspmdStr("value"));
    return gspmdBuildConstant(
        b, mlirDenseElementsAttrSplatGet(
               type, mlirDenseElementsAttrGetSplatValue(value)));
  }
  return (MlirValue){NULL};
}

/* Sets operand `index` of op to the local value of its global operand laid
 * out as `want`, resharding before op. Returns the new local value. */
MlirValue partUseOperandAs(Partitioner *p, MlirOperation op, int index,
                           const Layout *want) {
  MlirValue v = mlirOperationGetOperand(op, index);
  Layout cur;
  MlirType global;
  MlirValue local = partLocalOf(p, v, &cur, &global);
  GspmdBuilder b = gspmdBuilderBefore(op);
  MlirValue remade = partSameLayout(&cur, want)
                         ? (MlirValue){NULL}
                         : rematerialize(p, &b, local, global, want);
  if (!mlirValueIsNull(remade)) {
    mlirOperationSetOperand(op, index, remade);
    return remade;
  }
  ReshardSource src = {v, local, cur, NULL, global};
  local = partReshardShared(p, &b, &src, op, want);
  mlirOperationSetOperand(op, index, local);
  return local;
}

/* Every tensor operand replicated, every other operand its local value. */
void partUseOperandsReplicated(Partitioner *p, MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i));
    Layout r = partReplicated(tensorRank(t));
    partUseOperandAs(p, op, (int)i, &r);
  }
}

/* Result i is computed globally-typed under `have` (with pending partials);
 * its users get it resharded to the annotation. */
void partFinishResult(Partitioner *p, MlirOperation op, int i,
                      const Layout *have, const GspmdPartial *partial,
                      MlirType global) {
  MlirValue r = mlirOperationGetResult(op, i);
  if (isTensor(global))
    mlirValueSetType(r, partLocalType(p, global, have));
  partFinishResultFrom(p, op, i, r, have, partial, global);
}

void partFinishResultFrom(Partitioner *p, MlirOperation op, int i,
                          MlirValue local, const Layout *have,
                          const GspmdPartial *partial, MlirType global) {
  MlirValue r = mlirOperationGetResult(op, i);
  Layout want = partResultLayout(p, op, i);
  if (!isTensor(global)) {
    partSetLocal(p, r, local, &want, global);
    return;
  }
  GspmdBuilder b = mlirValueEqual(local, r)
                       ? gspmdBuilderAfter(op)
                       : gspmdBuilderAfter(mlirOpResultGetOwner(local));
  ReshardSource src = {r, local, *have, partial, global};
  MlirValue final = partReshardShared(p, &b, &src, op, &want);
  partSetLocal(p, r, final, &want, global);
}

/* Tensors an op's regions read from above (not operands: tensor.extract of
 * a table in a linalg body, a pad value read from a tensor) index the
 * global tensor, so the region reads them whole: each is resharded to
 * replicated before the op. Values defined inside the op are not in the
 * local map, so only captures are touched. */
typedef struct Captures {
  Partitioner *p;
  MlirOperation op;
  const GspmdOpRule *rule; /* its gather reads are Gathers.c's; may be NULL */
} Captures;

static void localizeCapture(MlirOperation nested, intptr_t i, void *user) {
  Captures *c = user;
  MlirValue v = mlirOperationGetOperand(nested, i);
  if (!isTensor(mlirValueGetType(v)) ||
      gspmdPtrMapGet(&c->p->local_of, v.ptr) < 0 ||
      gspmdRuleHasGatherRead(c->rule, v))
    return;
  Layout cur;
  MlirType global;
  MlirValue local = partLocalOf(c->p, v, &cur, &global);
  Layout whole = partReplicated(rankOf(global));
  GspmdBuilder b = gspmdBuilderBefore(c->op);
  ReshardSource src = {v, local, cur, NULL, global};
  mlirOperationSetOperand(nested, i, partReshard(c->p, &b, &src, &whole));
}

void partLocalizeCaptures(Partitioner *p, MlirOperation op,
                          const GspmdOpRule *rule) {
  if (mlirOperationGetNumRegions(op) == 0)
    return;
  Captures c = {p, op, rule};
  gspmdForEachNestedOperand(op, localizeCapture, &c);
}
