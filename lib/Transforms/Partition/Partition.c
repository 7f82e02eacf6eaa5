/*
 * Partition.c - gspmd-partition: per-op SPMD partitioning.
 *
 * Turns a completed global program (every tensor value and function
 * argument/result carries a gspmd.sharding) into the one program every
 * device runs. It walks each function in program order and keeps, for every
 * global value, the local value standing for it and that value's layout.
 * Each op is rewritten in place from the same factor rules as completion
 * (lib/Rules): the op's result sharding fixes its parallel factors, its
 * operands' shardings its reduction factors; operands are resharded to the
 * projection of those factors (reshard plans from lib/Sharding, emitted as
 * gspmd collectives and local slices); results get local types; a split
 * reduction leaves partial results that the plan to the annotated result
 * sharding combines (all_reduce, or reduce_scatter when the result splits
 * the same axis). Index-dependent code (linalg.index) gets the device's
 * offset from gspmd.axis_index: nothing is computed per device at compile
 * time, so the output is the same size for 2 devices or 65,536.
 *
 * Uneven splits are padded to the ceil shard size; padding is masked with
 * the combiner's identity before a split reduction reads it, and dropped or
 * re-padded by reshards. Window factors (convolution and pool spatial
 * dims, shifted stencil maps, pads, partial slices) stay split: each
 * windowed operand fetches the rows its window reaches with
 * gspmd.halo_exchange (widths from the rule's stride and reach and the two
 * shard sizes, evaluated at the first and last device since they are linear
 * in the position) and a slice at the device's window start, and the op is
 * rebased to read it from 0 (generic maps, pad/slice offsets, tosa padding);
 * operands reading one value along one dim share an exchange as wide as the
 * union of their halos. Where no halo form exists (insert_slice, average pools
 * over padding) or gathering moves fewer bytes, the dim is resharded unsplit
 * with a remark. Ops without a native local form keep their operands replicated
 * (with a remark) and their result is sliced to its sharding.
 *
 * Assumes: gspmd-complete ran (values without a sharding count as
 * replicated); shardings refer to gspmd.mesh ops of the module; static
 * shapes wherever a dim is split. Function signatures become local types and
 * each argument and result keeps gspmd.sharding and gspmd.global_type.
 * A function has one signature (completion gives each argument one
 * sharding); callers reshard to it.
 */
#include "partition.h"
#include "strategy.h"

#include "gspmd/build.h"
#include "gspmd/passes.h"
#include "gspmd/rules.h"
#include "gspmd/support.h"

#include "gspmd-c/Dialect.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Linalg.h"
#include "mlir-c/Dialect/Tensor.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef GspmdModuleMesh Mesh;

/* The local value standing for a global one. */
typedef struct Local {
  MlirValue value;
  MlirAttribute sharding; /* null: replicated */
  MlirType global;
} Local;

/* A function's global signature, read before any rewriting. */
typedef struct Signature {
  int num_args, num_results;
  MlirType *arg_types, *result_types;      /* global */
  MlirAttribute *arg_attrs, *result_attrs; /* shardings; null: replicated */
  bool has_body;
} Signature;

typedef struct Partitioner {
  MlirContext ctx;
  MlirOperation module;
  GspmdArena arena;
  GspmdArena scratch; /* the Plan of the op being partitioned; reset after */
  GspmdRuleContext rules;
  GspmdFuncTable funcs; /* callees of func.call */
  GspmdVec meshes;      /* Mesh */
  GspmdVec locals;      /* Local */
  GspmdVec sigs;        /* Signature */
  GspmdVec dead;        /* MlirOperation: erased at the end */
  GspmdVec rules_of_op; /* OpRules, built on global types before rewriting */
  GspmdPtrMap local_of, sig_of, op_rules;
  bool failed;
  bool explain;   /* remark the strategies weighed (Strategy.c) */
  bool first;     /* strategy=first: contractions keep chooseFactors' plan */
  int64_t budget; /* per-device bytes a contraction may hold; <= 0: none */
  GspmdReshardCache made; /* layouts already made of each value */
  MlirBlock block;        /* the block being partitioned, and the layouts */
  const Layout *block_targets; /* its terminator's operands get, or NULL */
  GspmdPtrMap unvisited; /* op of a block being partitioned -> 1 until done */
} Partitioner;

typedef struct OpRules {
  GspmdRuleStatus status;
  int num;
  GspmdOpRule *rules;
} OpRules;

#define MESH(p, i) (&GSPMD_VEC_AT(&(p)->meshes, Mesh, i))
#define LOCAL(p, i) (&GSPMD_VEC_AT(&(p)->locals, Local, i))
#define SIG(p, i) (&GSPMD_VEC_AT(&(p)->sigs, Signature, i))

static MlirStringRef str(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

static bool isTensor(MlirType t) { return mlirTypeIsARankedTensor(t); }

static bool isStatic(MlirType t) {
  return isTensor(t) && mlirShapedTypeHasStaticShape(t);
}

static int rankOf(MlirType t) { return (int)mlirShapedTypeGetRank(t); }

static void shapeOf(MlirType t, int64_t *shape) {
  for (int d = 0; d < rankOf(t); ++d)
    shape[d] = mlirShapedTypeGetDimSize(t, d);
}

static void remarkOp(MlirOperation op, const char *what) {
  char msg[4400]; /* explain's list of plans (chooseStrategy) */
  MlirStringRef name = gspmdOpName(op);
  snprintf(msg, sizeof(msg), "gspmd-partition: '%.*s' %s", (int)name.length,
           name.data, what);
  gspmdEmitRemark(mlirOperationGetLocation(op), msg);
}

/*===-- Meshes and layouts ------------------------------------------------===*/

static int findMesh(Partitioner *p, MlirStringRef name) {
  return gspmdFindMesh(&p->meshes, name);
}

static Layout replicated(int rank) {
  Layout l;
  l.mesh = -1;
  l.s = gspmdShardingReplicated(rank);
  return l;
}

/* Reads a sharding attribute (null or #gspmd.replicated: replicated). */
static Layout layoutOf(Partitioner *p, MlirAttribute attr, int rank) {
  Layout l = replicated(rank);
  if (mlirAttributeIsNull(attr) || !gspmdAttributeIsASharding(attr) ||
      gspmdAttributeIsAReplicated(attr))
    return l;
  int mesh = findMesh(p, gspmdShardingGetMeshName(attr));
  if (mesh < 0 ||
      !gspmdShardingFromAttr(attr, &MESH(p, mesh)->mesh, rank, &l.s)) {
    l.s = gspmdShardingReplicated(rank);
    return l;
  }
  l.mesh = mesh;
  return l;
}

static bool hasAxes(const Layout *l) {
  if (l->mesh < 0)
    return false;
  for (int d = 0; d < l->s.rank; ++d)
    if (l->s.dim_num_axes[d] > 0)
      return true;
  return false;
}

static MlirAttribute layoutAttr(Partitioner *p, const Layout *l) {
  if (!hasAxes(l))
    return gspmdReplicatedAttrGet(p->ctx);
  const Mesh *m = MESH(p, l->mesh);
  return gspmdShardingToAttr(p->ctx, m->name, &m->mesh, &l->s);
}

/* The local type of global type `global` under layout l. */
static MlirType localType(Partitioner *p, MlirType global, const Layout *l) {
  if (!isStatic(global) || !hasAxes(l))
    return global;
  int64_t shape[GSPMD_MAX_RANK], local[GSPMD_MAX_RANK];
  shapeOf(global, shape);
  gspmdLocalShape(&MESH(p, l->mesh)->mesh, &l->s, shape, local);
  return gspmdTensorTypeLike(global, rankOf(global), local);
}

/*===-- Local values ------------------------------------------------------===*/

static void setLocal(Partitioner *p, MlirValue global_value, MlirValue local,
                     const Layout *l, MlirType global_type) {
  int i = gspmdPtrMapGet(&p->local_of, global_value.ptr);
  if (i < 0) {
    i = (int)p->locals.size;
    gspmdVecPush(&p->locals);
    gspmdPtrMapPut(&p->local_of, global_value.ptr, i);
  }
  Local *x = LOCAL(p, i);
  x->value = local;
  x->sharding = hasAxes(l) ? layoutAttr(p, l) : (MlirAttribute){NULL};
  x->global = global_type;
}

/* The local value of `v` and its layout; values never rewritten are global
 * and replicated. */
static MlirValue localOf(Partitioner *p, MlirValue v, Layout *layout,
                         MlirType *global) {
  int i = gspmdPtrMapGet(&p->local_of, v.ptr);
  MlirType type = mlirValueGetType(v);
  if (i < 0) {
    *global = type;
    *layout = replicated(isTensor(type) ? rankOf(type) : 0);
    return v;
  }
  Local *x = LOCAL(p, i);
  *global = x->global;
  *layout =
      layoutOf(p, x->sharding, isTensor(x->global) ? rankOf(x->global) : 0);
  return x->value;
}

/*===-- Resharding --------------------------------------------------------===*/

#define MAX_SOURCES 8

/* Emits the plan from `from` (with pending partial results over
 * partial_axes, combined by `reduce`) to `to` at the builder's point. With
 * `key` (the global value; may be null) and one mesh, the plan may start
 * from a layout of key already made in scope (ReshardCache.c), and the
 * layouts its steps reach are recorded for the later uses of key. */
static MlirValue reshard(Partitioner *p, GspmdBuilder *b, MlirValue key,
                         MlirValue value, const Layout *from,
                         const int *partial_axes, int num_partial,
                         GspmdReduction reduce, const Layout *to,
                         MlirType global) {
  if (!isTensor(global) || (!hasAxes(from) && !hasAxes(to) && !num_partial))
    return value;
  int from_mesh = from->mesh >= 0 ? from->mesh : to->mesh;
  int to_mesh = to->mesh >= 0 ? to->mesh : from_mesh;
  /* Nothing to move (most operands): skip planning, whose plan holds a
   * sharding per possible step. */
  if (from_mesh == to_mesh && !num_partial &&
      gspmdShardingEqual(&from->s, &to->s))
    return value;
  const Mesh *fm = MESH(p, from_mesh), *tm = MESH(p, to_mesh);
  int64_t shape[GSPMD_MAX_RANK];
  shapeOf(global, shape);
  int64_t element_bytes =
      gspmdElementBytes(mlirShapedTypeGetElementType(global));
  bool cached = !mlirValueIsNull(key) && from_mesh == to_mesh;
  GspmdSharding sources[MAX_SOURCES];
  Layout made[MAX_SOURCES];
  MlirValue locals[MAX_SOURCES];
  sources[0] = from->s;
  locals[0] = value;
  int num_sources = 1, source = 0;
  if (cached)
    num_sources += gspmdReshardCacheFind(&p->made, key, from_mesh, b->block,
                                         made + 1, locals + 1, MAX_SOURCES - 1);
  for (int i = 1; i < num_sources; ++i)
    sources[i] = made[i].s;
  GspmdReshardPlan plan;
  char err[256];
  bool planned =
      cached ? gspmdPlanReshardFromAny(&fm->mesh, sources, num_sources,
                                       partial_axes, num_partial, reduce,
                                       &to->s, shape, element_bytes, &plan,
                                       &source, err, sizeof(err))
             : gspmdPlanReshard(&fm->mesh, &from->s, partial_axes, num_partial,
                                reduce, &tm->mesh, &to->s, shape, element_bytes,
                                &plan, err, sizeof(err));
  if (!planned) {
    char msg[400];
    snprintf(msg, sizeof(msg), "gspmd-partition: %s", err);
    mlirEmitError(b->loc, msg);
    p->failed = true;
    return value;
  }
  value = locals[source];
  GspmdSharding before = sources[source];
  int pending = source == 0 ? num_partial : 0;
  bool record = cached && mlirBlockEqual(b->block, p->block);
  bool on_target = false;
  for (int i = 0; i < plan.num_steps; ++i) {
    const GspmdReshardStep *step = &plan.steps[i];
    /* Between meshes, the final SLICE is on the target mesh. */
    on_target |= from_mesh != to_mesh && step->kind == GSPMD_STEP_SLICE;
    const Mesh *m = on_target ? tm : fm;
    value = gspmdBuildReshardStep(b, m->name, &m->mesh, step, &before, value,
                                  shape);
    before = step->after;
    if (step->kind == GSPMD_STEP_ALL_REDUCE ||
        step->kind == GSPMD_STEP_REDUCE_SCATTER)
      pending -= step->num_axes;
    Layout reached = {from_mesh, step->after};
    if (record && pending <= 0)
      gspmdReshardCacheAdd(&p->made, key, &reached, value, b->block);
  }
  return value;
}

static Layout resultLayout(Partitioner *p, MlirOperation op, int i);
static Layout constraintTarget(Partitioner *p, MlirOperation op, int rank);
static bool isReturnLike(MlirOperation op);

/* The layout user `op` will want operand `index` in, when it is known
 * before the user is partitioned: sharding constraints, the terminator of
 * the block being partitioned, elementwise ops (their result's layout). */
static bool laterTarget(Partitioner *p, MlirOperation op, int index, int rank,
                        Layout *out) {
  if (gspmdStringRefEq(gspmdOpName(op), "gspmd.sharding_constraint")) {
    *out = constraintTarget(p, op, rank);
    return true;
  }
  if (p->block_targets && isReturnLike(op) &&
      mlirBlockEqual(mlirOperationGetBlock(op), p->block)) {
    *out = p->block_targets[index];
    return true;
  }
  if (gspmdOpIsElementwise(op) && mlirOperationGetNumResults(op) == 1 &&
      mlirTypeEqual(mlirValueGetType(mlirOperationGetResult(op, 0)),
                    mlirValueGetType(mlirOperationGetOperand(op, index)))) {
    *out = resultLayout(p, op, 0);
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
static int collectTargets(Partitioner *p, MlirValue key, MlirOperation except,
                          int mesh, const Layout *from,
                          GspmdSharding *targets) {
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
        (hasAxes(&t) && t.mesh != mesh) || t.s.rank != rank ||
        (from && hasAxes(from) && gspmdShardingEqual(&t.s, &from->s)))
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
    Layout t = resultLayout(p, twin, result);
    if (!hasAxes(&t) || t.mesh == mesh)
      n = addTarget(targets, n, &t.s);
  }
  return n;
}

/* reshard() of global value `key` (an operand of `user`, or its result
 * going to its annotation) with the value's other users in view: the
 * layouts they will want are planned with this one (gspmdPlanReshardShared)
 * and made here, in the order that moves the fewest bytes in all, each from
 * the cheapest layout made before it; this use and the later ones then
 * find theirs made. A layout a later user ends up not using is dead code
 * that canonicalize removes (collectives have no memory effects). */
static MlirValue reshardShared(Partitioner *p, GspmdBuilder *b, MlirValue key,
                               MlirOperation user, MlirValue value,
                               const Layout *from, const int *partial_axes,
                               int num_partial, GspmdReduction reduce,
                               const Layout *to, MlirType global) {
  int mesh = from->mesh >= 0 ? from->mesh : to->mesh;
  if (isStatic(global) && mesh >= 0 && (to->mesh < 0 || to->mesh == mesh) &&
      mlirBlockEqual(b->block, p->block)) {
    GspmdSharding targets[GSPMD_MAX_SHARED_TARGETS];
    targets[0] = to->s;
    int n = collectTargets(p, key, user, mesh, from, targets);
    int64_t shape[GSPMD_MAX_RANK], bytes;
    shapeOf(global, shape);
    int first = 0;
    if (n > 1 && gspmdPlanReshardShared(
                     &MESH(p, mesh)->mesh, &from->s, partial_axes, num_partial,
                     reduce, targets, n, shape,
                     gspmdElementBytes(mlirShapedTypeGetElementType(global)),
                     &bytes, &first, NULL, 0)) {
      /* The order gspmdPlanReshardShared costed: `first`, then the rest. */
      for (int k = -1; k < n; ++k) {
        if (k == first)
          continue;
        Layout t = {mesh, targets[k < 0 ? first : k]};
        reshard(p, b, key, value, from, partial_axes, num_partial, reduce, &t,
                global);
      }
    }
  }
  return reshard(p, b, key, value, from, partial_axes, num_partial, reduce, to,
                 global);
}

/* A value made from nothing (tensor.empty, a fill of one, a splat) is
 * cheaper to make again in the wanted layout than to move: returns the new
 * local value, or null when `local` is not such a value. */
static MlirValue rematerialize(Partitioner *p, GspmdBuilder *b, MlirValue local,
                               MlirType global, const Layout *want) {
  if (!mlirValueIsAOpResult(local) || !isStatic(global))
    return (MlirValue){NULL};
  MlirOperation def = mlirOpResultGetOwner(local);
  MlirStringRef name = gspmdOpName(def);
  MlirType type = localType(p, global, want);
  if (gspmdStringRefEq(name, "tensor.empty") &&
      mlirOperationGetNumOperands(def) == 0) {
    MlirOperationState st = mlirOperationStateGet(str("tensor.empty"), b->loc);
    mlirOperationStateAddResults(&st, 1, &type);
    return mlirOperationGetResult(gspmdBuildInsert(b, &st), 0);
  }
  if (gspmdStringRefEq(name, "linalg.fill") &&
      mlirOperationGetNumOperands(def) == 2) {
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
  if (gspmdStringRefEq(name, "arith.constant")) {
    MlirAttribute value = mlirOperationGetAttributeByName(def, str("value"));
    if (!mlirAttributeIsADenseElements(value) ||
        !mlirDenseElementsAttrIsSplat(value))
      return (MlirValue){NULL};
    return gspmdBuildConstant(
        b, mlirDenseElementsAttrSplatGet(
               type, mlirDenseElementsAttrGetSplatValue(value)));
  }
  return (MlirValue){NULL};
}

static bool sameLayout(const Layout *a, const Layout *b) {
  if (!hasAxes(a) || !hasAxes(b))
    return hasAxes(a) == hasAxes(b);
  return a->mesh == b->mesh && gspmdShardingEqual(&a->s, &b->s);
}

/* Sets operand `index` of op to the local value of its global operand laid
 * out as `want`, resharding before op. Returns the new local value. */
static MlirValue useOperandAs(Partitioner *p, MlirOperation op, int index,
                              const Layout *want) {
  MlirValue v = mlirOperationGetOperand(op, index);
  Layout cur;
  MlirType global;
  MlirValue local = localOf(p, v, &cur, &global);
  GspmdBuilder b = gspmdBuilderBefore(op);
  MlirValue remade = sameLayout(&cur, want)
                         ? (MlirValue){NULL}
                         : rematerialize(p, &b, local, global, want);
  if (!mlirValueIsNull(remade)) {
    mlirOperationSetOperand(op, index, remade);
    return remade;
  }
  local = reshardShared(p, &b, v, op, local, &cur, NULL, 0,
                        GSPMD_REDUCTION_NONE, want, global);
  mlirOperationSetOperand(op, index, local);
  return local;
}

/* Every tensor operand replicated, every other operand its local value. */
static void useOperandsReplicated(Partitioner *p, MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i));
    Layout r = replicated(isTensor(t) ? rankOf(t) : 0);
    useOperandAs(p, op, (int)i, &r);
  }
}

/* The annotated sharding of result i (replicated when absent). */
static Layout resultLayout(Partitioner *p, MlirOperation op, int i) {
  MlirValue r = mlirOperationGetResult(op, i);
  MlirType t = mlirValueGetType(r);
  MlirAttribute all =
      mlirOperationGetDiscardableAttributeByName(op, gspmdShardingAttrName());
  MlirAttribute attr = {NULL};
  if (!mlirAttributeIsNull(all) && mlirAttributeIsAArray(all) &&
      i < mlirArrayAttrGetNumElements(all))
    attr = mlirArrayAttrGetElement(all, i);
  return layoutOf(p, attr, isTensor(t) ? rankOf(t) : 0);
}

/* Result i is computed globally-typed under `have` (with pending partials);
 * its users get it resharded to the annotation. */
static void finishResult(Partitioner *p, MlirOperation op, int i,
                         const Layout *have, const int *partial,
                         int num_partial, GspmdReduction reduce,
                         MlirType global) {
  MlirValue r = mlirOperationGetResult(op, i);
  Layout want = resultLayout(p, op, i);
  if (!isTensor(global)) {
    setLocal(p, r, r, &want, global);
    return;
  }
  mlirValueSetType(r, localType(p, global, have));
  GspmdBuilder b = gspmdBuilderAfter(op);
  MlirValue final = reshardShared(p, &b, r, op, r, have, partial, num_partial,
                                  reduce, &want, global);
  setLocal(p, r, final, &want, global);
}

/* Tensors an op's regions read from above (not operands: tensor.extract of
 * a table in a linalg body, a pad value read from a tensor) index the
 * global tensor, so the region reads them whole: each is resharded to
 * replicated before the op. Values defined inside the op are not in the
 * local map, so only captures are touched. */
typedef struct Captures {
  Partitioner *p;
  MlirOperation op;
} Captures;

static MlirWalkResult localizeCapture(MlirOperation nested, void *user) {
  Captures *c = user;
  if (mlirOperationEqual(nested, c->op))
    return MlirWalkResultAdvance;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(nested); ++i) {
    MlirValue v = mlirOperationGetOperand(nested, i);
    if (!isTensor(mlirValueGetType(v)) ||
        gspmdPtrMapGet(&c->p->local_of, v.ptr) < 0)
      continue;
    Layout cur;
    MlirType global;
    MlirValue local = localOf(c->p, v, &cur, &global);
    Layout whole = replicated(rankOf(global));
    GspmdBuilder b = gspmdBuilderBefore(c->op);
    local = reshard(c->p, &b, v, local, &cur, NULL, 0, GSPMD_REDUCTION_NONE,
                    &whole, global);
    mlirOperationSetOperand(nested, i, local);
  }
  return MlirWalkResultAdvance;
}

static void localizeCaptures(Partitioner *p, MlirOperation op) {
  if (mlirOperationGetNumRegions(op) == 0)
    return;
  Captures c = {p, op};
  mlirOperationWalk(op, localizeCapture, &c, MlirWalkPreOrder);
}

/* The op stays global: operands replicated, results sliced afterwards. */
static void keepReplicated(Partitioner *p, MlirOperation op, const char *why) {
  bool any_split = false;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    Layout want = resultLayout(p, op, (int)i);
    any_split |= hasAxes(&want);
  }
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op) && !any_split; ++i) {
    Layout cur;
    MlirType g;
    localOf(p, mlirOperationGetOperand(op, i), &cur, &g);
    any_split |= hasAxes(&cur);
  }
  if (any_split && why)
    remarkOp(op, why);
  localizeCaptures(p, op);
  useOperandsReplicated(p, op);
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, i));
    Layout r = replicated(isTensor(t) ? rankOf(t) : 0);
    finishResult(p, op, (int)i, &r, NULL, 0, GSPMD_REDUCTION_NONE, t);
  }
}

/*===-- Blocks and regions ------------------------------------------------===*/

static void processOp(Partitioner *p, MlirOperation op);

static bool isReturnLike(MlirOperation op) {
  MlirStringRef name = gspmdOpName(op);
  return gspmdStringRefEq(name, "func.return") ||
         gspmdStringRefEq(name, "scf.yield") ||
         gspmdStringRefEq(name, "scf.condition") ||
         gspmdStringRefEq(name, "gspmd.manual_yield");
}

/* Processes the ops of a block in order; the terminator's operands are
 * resharded to `targets` (one per operand; NULL: replicated). */
static void processBlock(Partitioner *p, MlirBlock block,
                         const Layout *targets) {
  MlirBlock outer = p->block;
  const Layout *outer_targets = p->block_targets;
  size_t mark = gspmdReshardCacheMark(&p->made);
  p->block = block;
  p->block_targets = targets;
  for (MlirOperation o = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    gspmdPtrMapPut(&p->unvisited, o.ptr, 1);
  MlirOperation op = mlirBlockGetFirstOperation(block);
  while (!mlirOperationIsNull(op)) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (mlirOperationIsNull(next) && mlirOperationGetNumResults(op) == 0 &&
        mlirOperationGetNumRegions(op) == 0) {
      /* Branches (cf) pass values to blocks whose arguments stay global. */
      bool to_targets = targets && isReturnLike(op);
      for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
        MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i));
        Layout r = replicated(isTensor(t) ? rankOf(t) : 0);
        useOperandAs(p, op, (int)i, to_targets ? &targets[i] : &r);
      }
    } else {
      processOp(p, op);
    }
    gspmdPtrMapPut(&p->unvisited, op.ptr, 0);
    op = next;
  }
  gspmdReshardCacheDropSince(&p->made, mark);
  p->block = outer;
  p->block_targets = outer_targets;
}

/* Block arguments that stay global and replicated. */
static void mapArgsReplicated(Partitioner *p, MlirBlock block) {
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(block); ++i) {
    MlirValue a = mlirBlockGetArgument(block, i);
    MlirType t = mlirValueGetType(a);
    Layout r = replicated(isTensor(t) ? rankOf(t) : 0);
    setLocal(p, a, a, &r, t);
  }
}

/* Any op with regions we do not know: everything replicated. */
static void processRegionOpReplicated(Partitioner *p, MlirOperation op) {
  useOperandsReplicated(p, op);
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r) {
    MlirRegion region = mlirOperationGetRegion(op, r);
    for (MlirBlock b = mlirRegionGetFirstBlock(region); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b)) {
      mapArgsReplicated(p, b);
      processBlock(p, b, NULL);
    }
  }
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, i));
    Layout r = replicated(isTensor(t) ? rankOf(t) : 0);
    finishResult(p, op, (int)i, &r, NULL, 0, GSPMD_REDUCTION_NONE, t);
  }
}

/* Layouts of the op's results, as yield targets for its regions (with
 * `lead` leading entries replicated, e.g. scf.condition's flag). */
static Layout *resultTargets(Partitioner *p, MlirOperation op, int lead) {
  int n = (int)mlirOperationGetNumResults(op);
  Layout *t = gspmdArenaAlloc(&p->arena, sizeof(Layout) * (size_t)(n + lead));
  for (int i = 0; i < lead; ++i)
    t[i] = replicated(0);
  for (int i = 0; i < n; ++i)
    t[lead + i] = resultLayout(p, op, i);
  return t;
}

static void finishResultsAs(Partitioner *p, MlirOperation op,
                            const Layout *targets) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, i));
    finishResult(p, op, (int)i, &targets[i], NULL, 0, GSPMD_REDUCTION_NONE, t);
  }
}

/* scf.for: loop-carried values keep their result's sharding throughout. */
static void processFor(Partitioner *p, MlirOperation op) {
  Layout *targets = resultTargets(p, op, 0);
  int n = (int)mlirOperationGetNumResults(op);
  for (int k = 0; k < 3; ++k) {
    Layout r = replicated(0);
    useOperandAs(p, op, k, &r);
  }
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  MlirValue iv = mlirBlockGetArgument(body, 0);
  Layout none = replicated(0);
  setLocal(p, iv, iv, &none, mlirValueGetType(iv));
  for (int i = 0; i < n; ++i) {
    useOperandAs(p, op, 3 + i, &targets[i]);
    MlirValue arg = mlirBlockGetArgument(body, 1 + i);
    MlirType global = mlirValueGetType(arg);
    mlirValueSetType(arg, localType(p, global, &targets[i]));
    setLocal(p, arg, arg, &targets[i], global);
  }
  processBlock(p, body, targets);
  finishResultsAs(p, op, targets);
}

/* scf.if: both branches yield the result's sharding. */
static void processIf(Partitioner *p, MlirOperation op) {
  Layout *targets = resultTargets(p, op, 0);
  Layout r = replicated(0);
  useOperandAs(p, op, 0, &r);
  for (intptr_t k = 0; k < mlirOperationGetNumRegions(op); ++k) {
    MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, k));
    if (!mlirBlockIsNull(b))
      processBlock(p, b, targets);
  }
  finishResultsAs(p, op, targets);
}

/*===-- Functions ---------------------------------------------------------===*/

static MlirAttribute argDictEntry(MlirAttribute arrays, int i,
                                  MlirStringRef name) {
  if (mlirAttributeIsNull(arrays) || i >= mlirArrayAttrGetNumElements(arrays))
    return (MlirAttribute){NULL};
  MlirAttribute dict = mlirArrayAttrGetElement(arrays, i);
  return mlirDictionaryAttrGetElementByName(dict, name);
}

static MlirType functionType(MlirOperation f) {
  return mlirTypeAttrGetValue(
      mlirOperationGetAttributeByName(f, str("function_type")));
}

/* A function that already has gspmd.global_type was partitioned: its
 * types are local, so partitioning it again would compute garbage. */
static bool isPartitioned(MlirOperation f) {
  MlirAttribute args = mlirOperationGetAttributeByName(f, str("arg_attrs"));
  MlirAttribute results = mlirOperationGetAttributeByName(f, str("res_attrs"));
  MlirAttribute lists[2] = {args, results};
  for (int k = 0; k < 2; ++k)
    for (intptr_t i = 0; !mlirAttributeIsNull(lists[k]) &&
                         i < mlirArrayAttrGetNumElements(lists[k]);
         ++i)
      if (!mlirAttributeIsNull(
              argDictEntry(lists[k], (int)i, str("gspmd.global_type"))))
        return true;
  return false;
}

static void readSignature(Partitioner *p, MlirOperation f) {
  MlirType type = functionType(f);
  Signature *s = gspmdVecPush(&p->sigs);
  gspmdPtrMapPut(&p->sig_of, f.ptr, (int)p->sigs.size - 1);
  s->num_args = (int)mlirFunctionTypeGetNumInputs(type);
  s->num_results = (int)mlirFunctionTypeGetNumResults(type);
  s->has_body =
      !mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0)));
  size_t na = (size_t)s->num_args + 1, nr = (size_t)s->num_results + 1;
  s->arg_types = gspmdArenaAlloc(&p->arena, sizeof(MlirType) * na);
  s->arg_attrs = gspmdArenaAlloc(&p->arena, sizeof(MlirAttribute) * na);
  s->result_types = gspmdArenaAlloc(&p->arena, sizeof(MlirType) * nr);
  s->result_attrs = gspmdArenaAlloc(&p->arena, sizeof(MlirAttribute) * nr);
  MlirAttribute args = mlirOperationGetAttributeByName(f, str("arg_attrs"));
  MlirAttribute results = mlirOperationGetAttributeByName(f, str("res_attrs"));
  for (int i = 0; i < s->num_args; ++i) {
    s->arg_types[i] = mlirFunctionTypeGetInput(type, i);
    s->arg_attrs[i] = argDictEntry(args, i, gspmdShardingAttrName());
  }
  for (int i = 0; i < s->num_results; ++i) {
    s->result_types[i] = mlirFunctionTypeGetResult(type, i);
    s->result_attrs[i] = argDictEntry(results, i, gspmdShardingAttrName());
  }
}

static Layout sigLayout(Partitioner *p, MlirType type, MlirAttribute attr) {
  return layoutOf(p, attr, isTensor(type) ? rankOf(type) : 0);
}

/* func.call: operands resharded to the callee's signature. */
static void processCall(Partitioner *p, MlirOperation op) {
  MlirOperation f = gspmdFuncTableCallee(&p->funcs, op);
  int index = mlirOperationIsNull(f) ? -1 : gspmdPtrMapGet(&p->sig_of, f.ptr);
  if (index < 0 || !SIG(p, index)->has_body) {
    keepReplicated(p, op, "calls a function without a body; kept replicated");
    return;
  }
  const Signature *s = SIG(p, index);
  for (int i = 0; i < s->num_args; ++i) {
    Layout want = sigLayout(p, s->arg_types[i], s->arg_attrs[i]);
    useOperandAs(p, op, i, &want);
  }
  for (int i = 0; i < s->num_results; ++i) {
    MlirValue r = mlirOperationGetResult(op, i);
    Layout have = sigLayout(p, s->result_types[i], s->result_attrs[i]);
    finishResult(p, op, i, &have, NULL, 0, GSPMD_REDUCTION_NONE,
                 s->result_types[i]);
    (void)r;
  }
}

static MlirAttribute withGlobalType(Partitioner *p, MlirAttribute old,
                                    MlirType global) {
  return gspmdDictionarySet(p->ctx, old, str("gspmd.global_type"),
                            mlirTypeAttrGet(global));
}

/* Writes arg_attrs or res_attrs with the global types, in one step. */
static void writeBoundaryAttrs(Partitioner *p, MlirOperation f, bool results,
                               int count, const MlirType *globals) {
  const char *attr_name = results ? "res_attrs" : "arg_attrs";
  MlirAttribute old = mlirOperationGetAttributeByName(f, str(attr_name));
  MlirAttribute *dicts = malloc(sizeof(MlirAttribute) * (size_t)(count + 1));
  for (int i = 0; i < count; ++i) {
    MlirAttribute dict = mlirAttributeIsNull(old)
                             ? mlirAttributeGetNull()
                             : mlirArrayAttrGetElement(old, i);
    dicts[i] = isTensor(globals[i]) ? withGlobalType(p, dict, globals[i])
               : mlirAttributeIsNull(dict)
                   ? mlirDictionaryAttrGet(p->ctx, 0, NULL)
                   : dict;
  }
  mlirOperationSetAttributeByName(f, str(attr_name),
                                  mlirArrayAttrGet(p->ctx, count, dicts));
  free(dicts);
}

static void processFunction(Partitioner *p, MlirOperation f) {
  int index = gspmdPtrMapGet(&p->sig_of, f.ptr);
  const Signature *s = SIG(p, index);
  if (!s->has_body)
    return;
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0));
  MlirType *locals_in =
      gspmdArenaAlloc(&p->arena, sizeof(MlirType) * (size_t)(s->num_args + 1));
  MlirType *locals_out = gspmdArenaAlloc(
      &p->arena, sizeof(MlirType) * (size_t)(s->num_results + 1));
  for (int i = 0; i < s->num_args; ++i) {
    Layout l = sigLayout(p, s->arg_types[i], s->arg_attrs[i]);
    MlirValue arg = mlirBlockGetArgument(entry, i);
    locals_in[i] = localType(p, s->arg_types[i], &l);
    mlirValueSetType(arg, locals_in[i]);
    setLocal(p, arg, arg, &l, s->arg_types[i]);
  }
  Layout *targets =
      gspmdArenaAlloc(&p->arena, sizeof(Layout) * (size_t)(s->num_results + 1));
  for (int i = 0; i < s->num_results; ++i) {
    targets[i] = sigLayout(p, s->result_types[i], s->result_attrs[i]);
    locals_out[i] = localType(p, s->result_types[i], &targets[i]);
  }
  /* A function body may hold several blocks (cf); all share the results. */
  for (MlirBlock b = entry; !mlirBlockIsNull(b);
       b = mlirBlockGetNextInRegion(b)) {
    if (!mlirBlockEqual(b, entry))
      mapArgsReplicated(p, b);
    processBlock(p, b, targets);
  }
  MlirType type = mlirFunctionTypeGet(p->ctx, s->num_args, locals_in,
                                      s->num_results, locals_out);
  mlirOperationSetAttributeByName(f, str("function_type"),
                                  mlirTypeAttrGet(type));
  writeBoundaryAttrs(p, f, false, s->num_args, s->arg_types);
  writeBoundaryAttrs(p, f, true, s->num_results, s->result_types);
}

/*===-- Ops with factor rules ---------------------------------------------===*/

/* What the rule-driven rewrite decided for one op. */
typedef struct Plan {
  const GspmdOpRule *rule;
  int mesh;
  GspmdFactorAxes *axes; /* per factor */
  int partial[GSPMD_MAX_MESH_AXES], num_partial;
  GspmdReduction reduce;
  GspmdReduction *mask;  /* per operand: identity to mask uneven padding */
  struct HaloPlan *halo; /* [num_tensors * GSPMD_MAX_RANK] */
  /* Strategy.c's windowed loop (tensor -1: none) and the masks it uses. */
  GspmdStrategyWindow window;
  GspmdReduction *window_mask;
} Plan;

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
} HaloPlan;

static bool axisTaken(const Plan *pl, int axis) {
  for (int f = 0; f < pl->rule->num_factors; ++f)
    for (int k = 0; k < pl->axes[f].num_axes; ++k)
      if (pl->axes[f].axes[k] == axis)
        return true;
  return false;
}

/* Gives factor f the axes of `fa` unless one is already used. */
static void offerAxes(Plan *pl, int f, const GspmdFactorAxes *fa) {
  if (fa->num_axes <= 0 || pl->axes[f].num_axes > 0)
    return;
  for (int k = 0; k < fa->num_axes; ++k)
    if (axisTaken(pl, fa->axes[k]))
      return;
  pl->axes[f] = *fa;
}

/* Projects tensor t's layout onto factors and offers the factors for which
 * `want_reduction` matches. */
static void offerTensor(Partitioner *p, Plan *pl, int t, const Layout *l,
                        bool want_reduction) {
  if (!hasAxes(l))
    return;
  if (pl->mesh < 0)
    pl->mesh = l->mesh;
  if (l->mesh != pl->mesh)
    return;
  const GspmdOpRule *rule = pl->rule;
  GspmdFactorAxes *fa = gspmdArenaAlloc(
      &p->scratch, sizeof(GspmdFactorAxes) * (size_t)rule->num_factors);
  gspmdProjectToFactors(rule, t, &MESH(p, l->mesh)->mesh, &l->s, fa);
  for (int f = 0; f < rule->num_factors; ++f)
    if ((rule->factor_kind[f] == GSPMD_FACTOR_REDUCTION) == want_reduction)
      offerAxes(pl, f, &fa[f]);
}

static Layout tensorLayoutOf(Partitioner *p, const Plan *pl, int t) {
  Layout l = replicated(pl->rule->tensors[t].rank);
  if (pl->mesh < 0)
    return l;
  l.mesh = pl->mesh;
  gspmdProjectFromFactors(pl->rule, t, &MESH(p, pl->mesh)->mesh, pl->axes,
                          &l.s);
  return l;
}

static int64_t factorShardCount(Partitioner *p, const Plan *pl, int f) {
  return gspmdMeshAxesSize(&MESH(p, pl->mesh)->mesh, pl->axes[f].axes,
                           pl->axes[f].num_axes);
}

/* Shard size of factor f (ceil), from the algebra. */
static int64_t factorShardSize(Partitioner *p, const Plan *pl, int f) {
  GspmdSharding s = gspmdShardingReplicated(1);
  s.dim_num_axes[0] = pl->axes[f].num_axes;
  memcpy(s.dim_axes[0], pl->axes[f].axes,
         sizeof(int) * (size_t)pl->axes[f].num_axes);
  return gspmdShardSize(&MESH(p, pl->mesh)->mesh, &s, 0,
                        pl->rule->factor_size[f]);
}

/*--- Combiners of linalg reductions ---*/

static GspmdReduction combinerKind(MlirOperation op) {
  static const struct {
    const char *name;
    GspmdReduction kind;
  } table[] = {
      {"arith.addf", GSPMD_REDUCTION_SUM},
      {"arith.addi", GSPMD_REDUCTION_SUM},
      {"arith.ori", GSPMD_REDUCTION_SUM},
      {"arith.mulf", GSPMD_REDUCTION_PROD},
      {"arith.muli", GSPMD_REDUCTION_PROD},
      {"arith.andi", GSPMD_REDUCTION_PROD},
      {"arith.maximumf", GSPMD_REDUCTION_MAX},
      {"arith.maxnumf", GSPMD_REDUCTION_MAXNUM},
      {"arith.maxsi", GSPMD_REDUCTION_MAX},
      {"arith.minimumf", GSPMD_REDUCTION_MIN},
      {"arith.minnumf", GSPMD_REDUCTION_MINNUM},
      {"arith.minsi", GSPMD_REDUCTION_MIN},
  };
  if (mlirOperationIsNull(op) || mlirOperationGetNumResults(op) != 1)
    return GSPMD_REDUCTION_NONE;
  MlirStringRef name = gspmdOpName(op);
  /* or/and are sum/prod only on i1; on wider integers they are bitwise
   * reductions the collectives do not have. */
  if (gspmdStringRefEq(name, "arith.ori") ||
      gspmdStringRefEq(name, "arith.andi")) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
    if (!mlirTypeIsAInteger(t) || mlirIntegerTypeGetWidth(t) != 1)
      return GSPMD_REDUCTION_NONE;
  }
  for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); ++i)
    if (gspmdStringRefEq(name, table[i].name))
      return table[i].kind;
  return GSPMD_REDUCTION_NONE;
}

/* True when v (inside a linalg body) is computed from an output block
 * argument (an accumulator): then the body is not a plain combiner. */
static bool readsAccumulator(MlirValue v, MlirBlock body, int num_inputs,
                             int depth) {
  if (mlirValueIsABlockArgument(v))
    return mlirBlockEqual(mlirBlockArgumentGetOwner(v), body) &&
           (int)mlirBlockArgumentGetArgNumber(v) >= num_inputs;
  if (depth > 64)
    return true; /* too deep to prove: assume the worst */
  MlirOperation def = mlirOpResultGetOwner(v);
  if (!mlirBlockEqual(mlirOperationGetBlock(def), body))
    return false; /* defined outside the body */
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i)
    if (readsAccumulator(mlirOperationGetOperand(def, i), body, num_inputs,
                         depth + 1))
      return true;
  return false;
}

/* Block argument number of v in `body`, or -1. */
static int argNumber(MlirValue v, MlirBlock body) {
  if (!mlirValueIsABlockArgument(v) ||
      !mlirBlockEqual(mlirBlockArgumentGetOwner(v), body))
    return -1;
  return (int)mlirBlockArgumentGetArgNumber(v);
}

/* Records in `mask` which inputs feed the combiner directly (or through one
 * product for a sum), so that masking them with the identity makes padding
 * contribute nothing. */
static bool markMaskedInputs(MlirValue x, MlirBlock body, int num_inputs,
                             GspmdReduction kind, GspmdReduction *mask) {
  int j = argNumber(x, body);
  if (j >= 0 && j < num_inputs) {
    mask[j] = kind;
    return true;
  }
  if (kind != GSPMD_REDUCTION_SUM || !mlirValueIsAOpResult(x))
    return false;
  MlirOperation prod = mlirOpResultGetOwner(x);
  if (combinerKind(prod) != GSPMD_REDUCTION_PROD ||
      gspmdStringRefEq(gspmdOpName(prod), "arith.andi"))
    return false;
  for (int k = 0; k < 2; ++k) {
    int a = argNumber(mlirOperationGetOperand(prod, k), body);
    if (a < 0 || a >= num_inputs)
      return false;
    mask[a] = GSPMD_REDUCTION_SUM; /* 0 * 0 = 0, even against poison */
  }
  return true;
}

/* The combiner of a linalg op's reductions: every output must be
 * `combine(acc, x)` with the same kind and x not reading any accumulator.
 * Fills `mask` (per operand) for uneven splits; *maskable is false when x is
 * not an input (or a product of two): then only even splits are exact. */
static GspmdReduction analyzeCombiner(MlirOperation op, GspmdReduction *mask,
                                      bool *maskable) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (mlirBlockIsNull(body))
    return GSPMD_REDUCTION_NONE;
  MlirOperation yield = mlirBlockGetTerminator(body);
  int num_outputs = (int)mlirOperationGetNumOperands(yield);
  int num_inputs = (int)mlirBlockGetNumArguments(body) - num_outputs;
  GspmdReduction kind = GSPMD_REDUCTION_NONE;
  for (int i = 0; i < num_outputs; ++i) {
    MlirValue y = mlirOperationGetOperand(yield, i);
    if (!mlirValueIsAOpResult(y))
      return GSPMD_REDUCTION_NONE;
    MlirOperation c = mlirOpResultGetOwner(y);
    GspmdReduction k = combinerKind(c);
    if (k == GSPMD_REDUCTION_NONE ||
        (kind != GSPMD_REDUCTION_NONE && k != kind))
      return GSPMD_REDUCTION_NONE;
    kind = k;
    int acc = num_inputs + i;
    MlirValue a = mlirOperationGetOperand(c, 0),
              b = mlirOperationGetOperand(c, 1);
    MlirValue x = argNumber(a, body) == acc   ? b
                  : argNumber(b, body) == acc ? a
                                              : (MlirValue){NULL};
    if (mlirValueIsNull(x) || readsAccumulator(x, body, num_inputs, 0))
      return GSPMD_REDUCTION_NONE;
    if (!markMaskedInputs(x, body, num_inputs, kind, mask))
      *maskable = false;
  }
  return kind;
}

/* How op's split reductions combine (NONE: they cannot be split), and per
 * operand the identity that masks uneven padding. linalg ops: their
 * combiner. tosa.matmul: a sum of products of its two inputs, both masked
 * with zero; integer ones subtract zero points, so that 0 * 0 is not what
 * padding contributes: only even splits (*maskable false). */
static GspmdReduction reductionOf(MlirOperation op, GspmdReduction *mask,
                                  bool *maskable) {
  if (gspmdOpIsLinalgStructured(op))
    return analyzeCombiner(op, mask, maskable);
  if (!gspmdStringRefEq(gspmdOpName(op), "tosa.matmul"))
    return GSPMD_REDUCTION_NONE;
  mask[0] = mask[1] = GSPMD_REDUCTION_SUM;
  *maskable = mlirTypeIsAFloat(mlirShapedTypeGetElementType(
      mlirValueGetType(mlirOperationGetOperand(op, 0))));
  return GSPMD_REDUCTION_SUM;
}

/* Decides the factor axes: reduction factors from operands (their split is
 * kept and summed afterwards), the rest from the results' annotations. */
static void chooseFactors(Partitioner *p, MlirOperation op, Plan *pl) {
  const GspmdOpRule *rule = pl->rule;
  for (int t = 0; t < rule->num_tensors; ++t) {
    const GspmdRuleTensor *x = &rule->tensors[t];
    if (x->role != GSPMD_ROLE_OPERAND)
      continue;
    Layout cur;
    MlirType g;
    localOf(p, mlirOperationGetOperand(op, x->position), &cur, &g);
    offerTensor(p, pl, t, &cur, true);
  }
  for (int t = 0; t < rule->num_tensors; ++t) {
    const GspmdRuleTensor *x = &rule->tensors[t];
    if (x->role != GSPMD_ROLE_RESULT)
      continue;
    Layout want = resultLayout(p, op, x->position);
    offerTensor(p, pl, t, &want, false);
  }
  /* Window factors stay split when a halo exchange can feed them
   * (planHalos); replicated-only ones never split. */
  for (int f = 0; f < rule->num_factors; ++f)
    if (rule->factor_kind[f] == GSPMD_FACTOR_REPLICATED &&
        pl->axes[f].num_axes > 0) {
      pl->axes[f].num_axes = 0;
      remarkOp(op, "reads a split dim whole (a factor that cannot be split); "
                   "resharded unsplit along it");
    }
}

/* Local size of factor f: ceil(size / shards), from the algebra. */
static int64_t factorLocalSize(Partitioner *p, const Plan *pl, int f) {
  if (pl->axes[f].num_axes <= 0)
    return pl->rule->factor_size[f];
  return factorShardSize(p, pl, f);
}

/* A dim made of several factors (reshapes) is only consistent when its
 * local size under the projected sharding is the product of its factors'
 * local sizes in every tensor; otherwise the factors of that dim stay
 * unsplit. Returns true when it dropped something. */
static bool dropInconsistentDims(Partitioner *p, Plan *pl) {
  const GspmdOpRule *rule = pl->rule;
  bool dropped = false;
  for (int t = 0; t < rule->num_tensors; ++t) {
    const GspmdRuleTensor *x = &rule->tensors[t];
    Layout l = tensorLayoutOf(p, pl, t);
    for (int d = 0; d < x->rank; ++d) {
      int n = x->dim_num_factors[d];
      if (n < 2)
        continue;
      int64_t implied = 1, sizes[GSPMD_MAX_DIM_FACTORS],
              counts[GSPMD_MAX_DIM_FACTORS];
      for (int k = 0; k < n; ++k) {
        int f = x->dim_factors[d][k];
        implied *= factorLocalSize(p, pl, f);
        sizes[k] = pl->rule->factor_size[f];
        counts[k] = pl->axes[f].num_axes > 0 ? factorShardCount(p, pl, f) : 1;
      }
      int64_t actual = hasAxes(&l) ? gspmdShardSize(&MESH(p, l.mesh)->mesh,
                                                    &l.s, d, x->shape[d])
                                   : x->shape[d];
      /* Equal sizes are not enough: 12 = 4x3 over 4x2 shards holds 2
       * elements per device either way, but not the same ones; and the
       * projection stops at a factor its axes overfill (4 = 2x2 as
       * [["a"=4], ["b"]] projects to [["a"]]), leaving later factors' axes
       * out of the dim. */
      int64_t all = 1;
      for (int k = 0; k < n; ++k)
        all *= counts[k];
      int64_t dim_count =
          hasAxes(&l) ? gspmdMeshAxesSize(&MESH(p, l.mesh)->mesh,
                                          l.s.dim_axes[d], l.s.dim_num_axes[d])
                      : 1;
      if (implied == actual && all == dim_count &&
          gspmdFactorsComposeDim(n, sizes, counts))
        continue;
      for (int k = 0; k < n; ++k) {
        dropped |= pl->axes[x->dim_factors[d][k]].num_axes > 0;
        pl->axes[x->dim_factors[d][k]].num_axes = 0;
      }
    }
  }
  return dropped;
}

static bool anyReductionSplit(const Plan *pl) {
  for (int f = 0; f < pl->rule->num_factors; ++f)
    if (pl->rule->factor_kind[f] == GSPMD_FACTOR_REDUCTION &&
        pl->axes[f].num_axes > 0)
      return true;
  return false;
}

static void dropReductionSplits(Plan *pl) {
  for (int f = 0; f < pl->rule->num_factors; ++f)
    if (pl->rule->factor_kind[f] == GSPMD_FACTOR_REDUCTION)
      pl->axes[f].num_axes = 0;
}

static bool anyUnevenReductionSplit(Partitioner *p, const Plan *pl) {
  for (int f = 0; f < pl->rule->num_factors; ++f)
    if (pl->rule->factor_kind[f] == GSPMD_FACTOR_REDUCTION &&
        pl->axes[f].num_axes > 0 &&
        pl->rule->factor_size[f] % factorShardCount(p, pl, f) != 0)
      return true;
  return false;
}

/* Split reductions need a known combiner (linalg bodies); otherwise the
 * reduced dims are gathered. Collects the partial axes. */
static void planReductions(Partitioner *p, MlirOperation op, Plan *pl) {
  int num_operands = (int)mlirOperationGetNumOperands(op);
  pl->mask = gspmdArenaAlloc(&p->scratch, sizeof(GspmdReduction) *
                                              (size_t)(num_operands + 1));
  for (int i = 0; i < num_operands; ++i)
    pl->mask[i] = GSPMD_REDUCTION_NONE;
  pl->num_partial = 0;
  pl->reduce = GSPMD_REDUCTION_NONE;
  if (!anyReductionSplit(pl))
    return;
  bool maskable = true;
  pl->reduce = reductionOf(op, pl->mask, &maskable);
  if (pl->reduce == GSPMD_REDUCTION_NONE) {
    remarkOp(op, "splits a reduction whose combiner is not recognised; the "
                 "reduced dims are gathered");
    dropReductionSplits(pl);
    return;
  }
  if (!maskable && anyUnevenReductionSplit(p, pl)) {
    remarkOp(op, "splits a reduction unevenly whose padding cannot be "
                 "masked; the reduced dims are gathered");
    dropReductionSplits(pl);
    return;
  }
  for (int f = 0; f < pl->rule->num_factors; ++f)
    if (pl->rule->factor_kind[f] == GSPMD_FACTOR_REDUCTION)
      for (int k = 0; k < pl->axes[f].num_axes; ++k)
        pl->partial[pl->num_partial++] = pl->axes[f].axes[k];
}

/*--- Halo exchange for window dims ---*/

static HaloPlan *haloAt(const Plan *pl, int t, int d) {
  return &pl->halo[t * GSPMD_MAX_RANK + d];
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

/* Fills *hp for window dim d of tensor t; false when no halo exchange can
 * feed it or gathering the dim moves fewer elements. */
static bool planHalo(Partitioner *p, const Plan *pl, int t, int d,
                     HaloPlan *hp) {
  const GspmdRuleTensor *x = &pl->rule->tensors[t];
  int f = x->dim_factors[d][0];
  hp->window = x->window ? x->window[d] : (GspmdWindow){0};
  hp->on = true;
  /* A wrapped window is fed from the cyclic neighbours only when no shard
   * holds padding. */
  if (hp->window.rebase == GSPMD_REBASE_PERIODIC_MAP &&
      x->shape[d] % factorShardCount(p, pl, f) != 0)
    return false;
  return x->role == GSPMD_ROLE_OPERAND &&
         gspmdHaloOfWindow(x->shape[d], pl->rule->factor_size[f],
                           factorShardCount(p, pl, f), hp->window.stride,
                           hp->window.lo, hp->window.hi, &hp->halo);
}

/* Operand tensors t and u read the same value along dim d through windows
 * of the same factor and fill (sources set by shareHalos). */
static bool sameWindowSource(const Plan *pl, int t, int u, int d) {
  const GspmdRuleTensor *x = &pl->rule->tensors[t];
  const GspmdRuleTensor *y = &pl->rule->tensors[u];
  const HaloPlan *a = haloAt(pl, t, d), *b = haloAt(pl, u, d);
  return d < y->rank && y->dim_window[d] &&
         y->dim_factors[d][0] == x->dim_factors[d][0] && a->on && b->on &&
         a->window.fill == b->window.fill && !mlirValueIsNull(a->source) &&
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

/* Plans the halo of every window dim whose factor is split; a factor some
 * window of which cannot be fed is unsplit (gathered) with a remark. */
static void planHalos(Partitioner *p, MlirOperation op, Plan *pl) {
  const GspmdOpRule *rule = pl->rule;
  pl->halo = gspmdArenaAlloc(&p->scratch, sizeof(HaloPlan) * GSPMD_MAX_RANK *
                                              (size_t)(rule->num_tensors + 1));
  memset(pl->halo, 0,
         sizeof(HaloPlan) * GSPMD_MAX_RANK * (size_t)(rule->num_tensors + 1));
  if (pl->mesh < 0)
    return;
  for (int f = 0; f < rule->num_factors; ++f) {
    if (pl->axes[f].num_axes == 0 || !gspmdRuleFactorIsWindowed(rule, f))
      continue;
    bool fed = true;
    for (int t = 0; t < rule->num_tensors && fed; ++t) {
      const GspmdRuleTensor *x = &rule->tensors[t];
      for (int d = 0; d < x->rank && fed; ++d)
        if (x->dim_window[d] && x->dim_factors[d][0] == f)
          fed = planHalo(p, pl, t, d, haloAt(pl, t, d));
    }
    if (fed) {
      shareHalos(op, pl, f);
      continue;
    }
    for (int t = 0; t < rule->num_tensors; ++t)
      for (int d = 0; d < rule->tensors[t].rank; ++d)
        if (rule->tensors[t].dim_window[d] &&
            rule->tensors[t].dim_factors[d][0] == f)
          haloAt(pl, t, d)->on = false;
    pl->axes[f].num_axes = 0;
    remarkOp(op, "reads a split dim through a window no halo exchange can "
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
  if (shard * gspmdMeshAxesSize(&m->mesh, fa->axes, fa->num_axes) ==
      x->shape[d])
    return local;
  GspmdBuilder b = gspmdBuilderBefore(op);
  MlirValue fill = windowFill(op, haloAt(pl, t, d)->window.fill);
  if (mlirValueIsNull(fill))
    fill = gspmdBuildIdentity(
        &b, mlirShapedTypeGetElementType(mlirValueGetType(local)),
        GSPMD_REDUCTION_SUM);
  MlirValue offset = gspmdBuildShardOffset(&b, m->name, &m->mesh, fa->axes,
                                           fa->num_axes, shard);
  MlirValue valid = gspmdBuildShardValidSize(&b, offset, x->shape[d], shard);
  return gspmdBuildMaskTail(&b, local, d, valid, fill);
}

/* An extract_slice that exchanges halos first cuts the dims it reads
 * locally (unsplit, partly read), so that only what it keeps crosses
 * devices; the op then reads those dims from 0 with stride 1. */
static MlirValue cutLocalDims(MlirOperation op, const Plan *pl, int t,
                              const Layout *want, MlirValue local) {
  const GspmdRuleTensor *x = &pl->rule->tensors[t];
  if (!gspmdStringRefEq(gspmdOpName(op), "tensor.extract_slice") ||
      x->role != GSPMD_ROLE_OPERAND || x->position != 0)
    return local;
  int64_t offsets[GSPMD_MAX_RANK], sizes[GSPMD_MAX_RANK],
      strides[GSPMD_MAX_RANK], cut_offsets[GSPMD_MAX_RANK],
      cut_sizes[GSPMD_MAX_RANK], cut_strides[GSPMD_MAX_RANK];
  const char *names[3] = {"static_offsets", "static_sizes", "static_strides"};
  int64_t *arrays[3] = {offsets, sizes, strides};
  for (int k = 0; k < 3; ++k) {
    MlirAttribute a = mlirOperationGetAttributeByName(op, str(names[k]));
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
    bool split = hasAxes(want) && want->s.dim_num_axes[d] > 0;
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
  mlirOperationSetAttributeByName(op, str("static_offsets"),
                                  mlirDenseI64ArrayGet(ctx, x->rank, offsets));
  mlirOperationSetAttributeByName(op, str("static_strides"),
                                  mlirDenseI64ArrayGet(ctx, x->rank, strides));
  return cut;
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
  if (mlirValueIsNull(joined) && hp->low == 0 && hp->high == 0)
    joined = maskPaddedTail(p, op, pl, t, d, local);
  else if (mlirValueIsNull(joined))
    joined = hp->window.rebase == GSPMD_REBASE_PERIODIC_MAP
                 ? gspmdBuildPeriodicHaloExchange(
                       &b, m->name, &m->mesh, fa->axes, fa->num_axes, local, d,
                       hp->low, hp->high, x->shape[d])
                 : gspmdBuildHaloExchange(&b, m->name, &m->mesh, fa->axes,
                                          fa->num_axes, local, d, hp->low,
                                          hp->high, x->shape[d],
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

/* Halo-exchanges operand tensor t's window dims; returns the value the op
 * reads. */
static MlirValue exchangeHalos(Partitioner *p, MlirOperation op, const Plan *pl,
                               int t, MlirValue local) {
  for (int d = 0; d < pl->rule->tensors[t].rank; ++d)
    if (haloAt(pl, t, d)->on)
      local = exchangeHalo(p, op, pl, t, d, local);
  return local;
}

static void setI64ArrayElement(MlirOperation op, const char *name, int index,
                               int64_t value) {
  MlirAttribute old = mlirOperationGetAttributeByName(op, str(name));
  int n = (int)mlirDenseArrayGetNumElements(old);
  int64_t v[16];
  for (int i = 0; i < n && i < 16; ++i)
    v[i] = mlirDenseI64ArrayGetElement(old, i);
  v[index] = value;
  mlirOperationSetAttributeByName(
      op, str(name), mlirDenseI64ArrayGet(mlirOperationGetContext(op), n, v));
}

/* Replaces operand `operand` (a tosa.const_shape) by one with `values`. */
static void setConstShape(MlirOperation op, int operand, int n,
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
  char type_text[32];
  snprintf(type_text, sizeof(type_text), "!tosa.shape<%d>", n);
  MlirType type = mlirTypeParseGet(ctx, str(type_text));
  MlirOperationState st = mlirOperationStateGet(str("tosa.const_shape"),
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
  setConstShape(op, operand, n, v);
}

/* A generic's map for operand `operand`, result d, minus `shift`; a
 * periodic window's `e mod n` becomes e - shift (the exchanged window holds
 * the wrapped rows in place). */
static void shiftGenericMap(MlirOperation op, int operand, int d, int64_t shift,
                            bool periodic) {
  MlirAttribute maps =
      mlirOperationGetAttributeByName(op, str("indexing_maps"));
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
      op, str("indexing_maps"),
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

static void rebaseWindows(MlirOperation op, const Plan *pl) {
  for (int t = 0; t < pl->rule->num_tensors; ++t)
    for (int d = 0; d < pl->rule->tensors[t].rank; ++d)
      if (haloAt(pl, t, d)->on)
        rebaseWindow(op, &pl->rule->tensors[t], d, haloAt(pl, t, d));
}

/* Masks the padding of an operand along dims of unevenly split reduction
 * factors with the combiner's identity. */
static MlirValue maskOperand(Partitioner *p, MlirOperation op, const Plan *pl,
                             int t, MlirValue local) {
  const GspmdRuleTensor *x = &pl->rule->tensors[t];
  GspmdReduction kind = pl->mask[x->position];
  if (kind == GSPMD_REDUCTION_NONE)
    return local;
  const Mesh *m = MESH(p, pl->mesh);
  GspmdBuilder b = gspmdBuilderBefore(op);
  for (int d = 0; d < x->rank; ++d) {
    if (x->dim_num_factors[d] != 1)
      continue;
    int f = x->dim_factors[d][0];
    if (pl->rule->factor_kind[f] != GSPMD_FACTOR_REDUCTION ||
        pl->axes[f].num_axes == 0 ||
        pl->rule->factor_size[f] % factorShardCount(p, pl, f) == 0)
      continue;
    int64_t s = factorShardSize(p, pl, f);
    /* Padding sits past the valid extent. */
    MlirValue offset = gspmdBuildShardOffset(
        &b, m->name, &m->mesh, pl->axes[f].axes, pl->axes[f].num_axes, s);
    MlirValue valid =
        gspmdBuildShardValidSize(&b, offset, pl->rule->factor_size[f], s);
    MlirType elt = mlirShapedTypeGetElementType(mlirValueGetType(local));
    local = gspmdBuildMaskTail(&b, local, d, valid,
                               gspmdBuildIdentity(&b, elt, kind));
  }
  return local;
}

/* True when `init` is already the identity everywhere (a fill or splat of
 * the identity), so every device may keep it. */
static bool isIdentityInit(MlirValue init, GspmdReduction kind) {
  if (!mlirValueIsAOpResult(init))
    return false;
  MlirOperation def = mlirOpResultGetOwner(init);
  MlirAttribute value = {NULL};
  if (gspmdStringRefEq(gspmdOpName(def), "linalg.fill")) {
    MlirValue scalar = mlirOperationGetOperand(def, 0);
    if (!mlirValueIsAOpResult(scalar))
      return false;
    MlirOperation c = mlirOpResultGetOwner(scalar);
    if (!gspmdStringRefEq(gspmdOpName(c), "arith.constant"))
      return false;
    value = mlirOperationGetAttributeByName(c, str("value"));
  } else if (gspmdStringRefEq(gspmdOpName(def), "arith.constant")) {
    MlirAttribute dense = mlirOperationGetAttributeByName(def, str("value"));
    if (!mlirAttributeIsADenseElements(dense) ||
        !mlirDenseElementsAttrIsSplat(dense))
      return false;
    value = mlirDenseElementsAttrGetSplatValue(dense);
  } else {
    return false;
  }
  MlirType t = mlirAttributeGetType(value);
  kind = gspmdReductionOrdered(kind);
  if (mlirTypeIsAFloat(t)) {
    double v = mlirFloatAttrGetValueDouble(value);
    return kind == GSPMD_REDUCTION_SUM    ? v == 0.0
           : kind == GSPMD_REDUCTION_PROD ? v == 1.0
           : kind == GSPMD_REDUCTION_MAX  ? v < -1e308
                                          : v > 1e308;
  }
  if (mlirAttributeIsAInteger(value)) {
    int64_t v = mlirIntegerAttrGetValueInt(value);
    return (kind == GSPMD_REDUCTION_SUM && v == 0) ||
           (kind == GSPMD_REDUCTION_PROD && v == 1);
  }
  return false;
}

/* With split reductions every device adds its partial to the init; only
 * the first device of the group keeps the real init, the others start from
 * the identity. */
static MlirValue fixInit(Partitioner *p, MlirOperation op, const Plan *pl,
                         MlirValue local) {
  if (isIdentityInit(local, pl->reduce))
    return local;
  const Mesh *m = MESH(p, pl->mesh);
  GspmdBuilder b = gspmdBuilderBefore(op);
  MlirValue coord =
      gspmdBuildAxisIndex(&b, m->name, &m->mesh, pl->partial, pl->num_partial);
  MlirValue first = gspmdBuildCmpI(&b, /*eq=*/0, coord, gspmdBuildIndex(&b, 0));
  MlirValue identity =
      gspmdBuildIdentityTensor(&b, mlirValueGetType(local), pl->reduce);
  return gspmdBuildSelect(&b, first, local, identity);
}

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
    if (!gspmdStringRefEq(gspmdOpName(x), "linalg.index"))
      continue;
    MlirAttribute dim = mlirOperationGetAttributeByName(x, str("dim"));
    int f = (int)mlirIntegerAttrGetValueInt(dim);
    if (f >= pl->rule->num_factors || pl->axes[f].num_axes == 0)
      continue;
    GspmdBuilder outside = gspmdBuilderBefore(op);
    MlirValue offset =
        gspmdBuildShardOffset(&outside, m->name, &m->mesh, pl->axes[f].axes,
                              pl->axes[f].num_axes, factorShardSize(p, pl, f));
    MlirValue index = mlirOperationGetResult(x, 0);
    GspmdBuilder after = gspmdBuilderAfter(x);
    MlirValue global = gspmdBuildBinary(&after, "arith.addi", index, offset);
    MlirOperation add = mlirOpResultGetOwner(global);
    mlirValueReplaceAllUsesExcept(index, global, 1, &add);
    x = add;
  }
}

/* Static size attributes that name shapes (slices, expand_shape) follow the
 * local shapes of split dims. */
static void localizeSizeAttrs(Partitioner *p, MlirOperation op,
                              const Plan *pl) {
  MlirStringRef name = gspmdOpName(op);
  const GspmdOpRule *rule = pl->rule;
  int full = -1; /* the tensor whose dims static_sizes describe */
  for (int t = 0; t < rule->num_tensors; ++t) {
    const GspmdRuleTensor *x = &rule->tensors[t];
    if (gspmdStringRefEq(name, "tensor.extract_slice") &&
        x->role == GSPMD_ROLE_OPERAND && x->position == 0)
      full = t;
    if (gspmdStringRefEq(name, "tensor.insert_slice") &&
        x->role == GSPMD_ROLE_OPERAND && x->position == 1)
      full = t;
  }
  if (full >= 0) {
    const GspmdRuleTensor *x = &rule->tensors[full];
    Layout l = tensorLayoutOf(p, pl, full);
    MlirAttribute sizes =
        mlirOperationGetAttributeByName(op, str("static_sizes"));
    int64_t v[GSPMD_MAX_RANK];
    for (int d = 0; d < x->rank; ++d) {
      v[d] = mlirDenseI64ArrayGetElement(sizes, d);
      if (hasAxes(&l) && l.s.dim_num_axes[d] > 0)
        v[d] = gspmdShardSize(&MESH(p, l.mesh)->mesh, &l.s, d, x->shape[d]);
    }
    mlirOperationSetAttributeByName(op, str("static_sizes"),
                                    mlirDenseI64ArrayGet(p->ctx, x->rank, v));
  }
  if (gspmdStringRefEq(name, "tosa.slice")) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
    int64_t v[GSPMD_MAX_RANK];
    shapeOf(t, v);
    setConstShape(op, 2, rankOf(t), v);
  }
  if (gspmdStringRefEq(name, "tensor.expand_shape")) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
    int64_t v[GSPMD_MAX_RANK];
    shapeOf(t, v);
    mlirOperationSetAttributeByName(op, str("static_output_shape"),
                                    mlirDenseI64ArrayGet(p->ctx, rankOf(t), v));
  }
}

/* Ops whose local form is the op itself on local shapes. */
static bool hasNativeLocalForm(MlirOperation op) {
  static const char *const names[] = {
      "linalg.softmax", "tensor.empty", "tensor.extract_slice",
      "tensor.insert_slice", "tensor.pad", "tensor.concat",
      "tensor.collapse_shape", "tensor.expand_shape", "tensor.cast",
      "tosa.conv2d", "tosa.depthwise_conv2d", "tosa.max_pool2d",
      "tosa.avg_pool2d", "tosa.slice", "tosa.pad", "tosa.matmul",
      /* a manual region's own collectives */
      "gspmd.all_reduce", "gspmd.all_gather", "gspmd.reduce_scatter",
      "gspmd.all_to_all", "gspmd.collective_permute"};
  if (gspmdOpIsLinalgStructured(op) || gspmdOpIsElementwise(op) ||
      gspmdTosaIsElementwise(op))
    return true;
  MlirStringRef name = gspmdOpName(op);
  for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); ++i)
    if (gspmdStringRefEq(name, names[i]))
      return true;
  return false;
}

static bool allStatic(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i));
    if (isTensor(t) && !isStatic(t))
      return false;
  }
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, i));
    if (isTensor(t) && !isStatic(t))
      return false;
  }
  return true;
}

/* Splat constants become local splats; other constants stay global and are
 * sliced by their users' reshards. */
static void processConstant(Partitioner *p, MlirOperation op) {
  MlirValue r = mlirOperationGetResult(op, 0);
  MlirType global = mlirValueGetType(r);
  MlirAttribute value = mlirOperationGetAttributeByName(op, str("value"));
  Layout want = resultLayout(p, op, 0);
  if (!isStatic(global) || !mlirAttributeIsADenseElements(value) ||
      !mlirDenseElementsAttrIsSplat(value)) {
    Layout r0 = replicated(isTensor(global) ? rankOf(global) : 0);
    finishResult(p, op, 0, &r0, NULL, 0, GSPMD_REDUCTION_NONE, global);
    return;
  }
  MlirType local = localType(p, global, &want);
  mlirOperationSetAttributeByName(
      op, str("value"),
      mlirDenseElementsAttrSplatGet(local,
                                    mlirDenseElementsAttrGetSplatValue(value)));
  finishResult(p, op, 0, &want, NULL, 0, GSPMD_REDUCTION_NONE, global);
}

/* True when local value v is made from nothing (rematerialize remakes
 * it in any layout). */
static bool remakable(MlirValue v) {
  if (!mlirValueIsAOpResult(v))
    return false;
  MlirOperation def = mlirOpResultGetOwner(v);
  MlirStringRef name = gspmdOpName(def);
  if (gspmdStringRefEq(name, "tensor.empty"))
    return mlirOperationGetNumOperands(def) == 0;
  if (gspmdStringRefEq(name, "linalg.fill"))
    return mlirOperationGetNumOperands(def) == 2 &&
           remakable(mlirOperationGetOperand(def, 1));
  if (gspmdStringRefEq(name, "arith.constant")) {
    MlirAttribute value = mlirOperationGetAttributeByName(def, str("value"));
    return mlirAttributeIsADenseElements(value) &&
           mlirDenseElementsAttrIsSplat(value);
  }
  return false;
}

/* Bytes of the local value standing for global value v (LiveBytes.c);
 * -1 for values the partitioner has not made local. */
static int64_t localBytesOf(void *user, MlirValue v) {
  Partitioner *p = user;
  int i = gspmdPtrMapGet(&p->local_of, v.ptr);
  if (i < 0)
    return -1;
  MlirType t = mlirValueGetType(LOCAL(p, i)->value);
  if (!isStatic(t))
    return -1;
  int64_t n = gspmdElementBytes(mlirShapedTypeGetElementType(t));
  for (int d = 0; d < rankOf(t); ++d)
    n *= mlirShapedTypeGetDimSize(t, d);
  return n;
}

/* True when op's body reads linalg.index (its loops' positions). */
static bool readsIndex(MlirOperation op) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (mlirBlockIsNull(body))
    return true;
  for (MlirOperation x = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(x); x = mlirOperationGetNextInBlock(x))
    if (gspmdStringRefEq(gspmdOpName(x), "linalg.index"))
      return true;
  return false;
}

/* Contractions (and convolutions) whose tensors all live on the plan's
 * mesh get their factor axes from Strategy.c (the cheapest plan); other
 * ops keep chooseFactors'. */
static void chooseStrategy(Partitioner *p, MlirOperation op, Plan *pl) {
  const GspmdOpRule *rule = pl->rule;
  if (p->first || pl->mesh < 0 || !allStatic(op))
    return;
  /* Window factors keep their axes and halos (planHalos ran). */
  bool contraction = false;
  for (int f = 0; f < rule->num_factors; ++f)
    contraction |= rule->factor_kind[f] == GSPMD_FACTOR_REDUCTION;
  if (!contraction)
    return;
  GspmdStrategyTensor *ts = gspmdArenaAlloc(
      &p->scratch, sizeof(GspmdStrategyTensor) * (size_t)rule->num_tensors);
  for (int t = 0; t < rule->num_tensors; ++t) {
    const GspmdRuleTensor *x = &rule->tensors[t];
    for (int d = 0; d < x->rank; ++d)
      if (x->dim_num_factors[d] > 1)
        return;
    Layout l;
    MlirType global;
    if (x->role == GSPMD_ROLE_OPERAND) {
      MlirValue local =
          localOf(p, mlirOperationGetOperand(op, x->position), &l, &global);
      ts[t].free = remakable(local);
    } else if (x->role == GSPMD_ROLE_RESULT) {
      l = resultLayout(p, op, x->position);
      global = mlirValueGetType(mlirOperationGetResult(op, x->position));
      ts[t].free = false;
    } else {
      return;
    }
    if (hasAxes(&l) && l.mesh != pl->mesh)
      return;
    ts[t].cur = hasAxes(&l) ? l.s : gspmdShardingReplicated(x->rank);
    ts[t].element_bytes =
        gspmdElementBytes(mlirShapedTypeGetElementType(global));
    ts[t].num_also = 0;
    if (x->role == GSPMD_ROLE_RESULT) {
      GspmdSharding targets[GSPMD_MAX_SHARED_TARGETS];
      targets[0] = ts[t].cur;
      int n = collectTargets(p, mlirOperationGetResult(op, x->position), op,
                             pl->mesh, NULL, targets);
      ts[t].num_also = n - 1;
      memcpy(ts[t].also, targets + 1, sizeof(GspmdSharding) * (size_t)(n - 1));
    }
  }
  GspmdStrategyProblem pb = {rule,  &MESH(p, pl->mesh)->mesh,
                             ts,    GSPMD_REDUCTION_NONE,
                             false, p->budget,
                             0,     false,
                             false};
  if (p->budget > 0)
    pb.live_bytes = gspmdLiveBytesAcross(op, localBytesOf, p);
  int num_operands = (int)mlirOperationGetNumOperands(op);
  GspmdReduction *mask = gspmdArenaAlloc(
      &p->scratch, sizeof(GspmdReduction) * (size_t)(num_operands + 1));
  for (int i = 0; i < num_operands; ++i)
    mask[i] = GSPMD_REDUCTION_NONE;
  bool maskable = true;
  pb.reduce = reductionOf(op, mask, &maskable);
  pb.uneven_reductions = maskable;
  /* The loop accumulates through outs (linalg ops, convolutions too: their
   * window factors stay unsplit in a windowed plan, Strategy.c) or adds
   * each step's product (float tosa.matmul, whose padding zero masks
   * exactly). */
  bool linalg = gspmdOpIsLinalgStructured(op);
  pb.window_adds = !linalg;
  pb.windowable = (linalg ? !readsIndex(op) : maskable) &&
                  mlirOperationGetNumResults(op) == 1 && num_operands <= 16;
  /* A default plan planReductions would undo (and say so) stays as is. */
  if (anyReductionSplit(pl) &&
      (pb.reduce == GSPMD_REDUCTION_NONE ||
       (!pb.uneven_reductions && anyUnevenReductionSplit(p, pl))))
    return;
  char explain[4096];
  GspmdFactorAxes *chosen = gspmdArenaAlloc(
      &p->scratch, sizeof(GspmdFactorAxes) * (size_t)(rule->num_factors + 1));
  int n = gspmdChooseStrategy(&pb, pl->axes, chosen, &pl->window,
                              p->explain ? explain : NULL, sizeof(explain));
  pl->window_mask = mask;
  /* A window factor the plan leaves unsplit reads its dims whole: its
   * halos are off, as when planHalos finds no halo form. */
  for (int f = 0; f < rule->num_factors; ++f) {
    if (pl->axes[f].num_axes <= 0 || chosen[f].num_axes > 0)
      continue;
    for (int t = 0; t < rule->num_tensors; ++t)
      for (int d = 0; d < rule->tensors[t].rank; ++d)
        if (rule->tensors[t].dim_window[d] &&
            rule->tensors[t].dim_factors[d][0] == f)
          haloAt(pl, t, d)->on = false;
  }
  memcpy(pl->axes, chosen, sizeof(GspmdFactorAxes) * (size_t)rule->num_factors);
  if (p->explain) {
    char msg[4200];
    snprintf(msg, sizeof(msg), "weighed %d plan%s (bytes sent per device): %s",
             n, n == 1 ? "" : "s", explain);
    remarkOp(op, msg);
  }
}

static void processByRule(Partitioner *p, MlirOperation op,
                          const GspmdOpRule *rule) {
  localizeCaptures(p, op);
  Plan pl;
  memset(&pl, 0, sizeof(pl));
  pl.rule = rule;
  pl.mesh = -1;
  pl.window.tensor = -1;
  pl.axes = gspmdArenaAlloc(&p->scratch, sizeof(GspmdFactorAxes) *
                                             (size_t)(rule->num_factors + 1));
  chooseFactors(p, op, &pl);
  if (pl.mesh >= 0)
    while (dropInconsistentDims(p, &pl))
      ;
  planHalos(p, op, &pl);
  chooseStrategy(p, op, &pl);
  if (pl.window.tensor >= 0) {
    GspmdWindowedOp w = {rule, pl.mesh, pl.axes, &pl.window, pl.window_mask};
    gspmdPartitionWindowed(p, op, &w);
    gspmdArenaReset(&p->scratch);
    return;
  }
  planReductions(p, op, &pl);
  bool reduces = pl.num_partial > 0;
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
    Layout want = tensorLayoutOf(p, &pl, t);
    MlirValue local = useOperandAs(p, op, x->position, &want);
    MlirValue window =
        exchangeHalos(p, op, &pl, t, cutLocalDims(op, &pl, t, &want, local));
    if (!mlirValueEqual(window, local)) {
      local = window;
      mlirOperationSetOperand(op, x->position, local);
    }
    if (!reduces)
      continue;
    MlirValue fixed = x->position < num_inputs
                          ? maskOperand(p, op, &pl, t, local)
                          : fixInit(p, op, &pl, local);
    mlirOperationSetOperand(op, x->position, fixed);
  }
  /* Operands without a rule tensor (scalars, dynamic sizes) stay as are;
   * tosa.matmul's zero points are read whole. */
  bool zero_points = gspmdStringRefEq(gspmdOpName(op), "tosa.matmul");
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i));
    if (!isTensor(t) || (zero_points && i >= 2)) {
      Layout none = replicated(isTensor(t) ? rankOf(t) : 0);
      useOperandAs(p, op, (int)i, &none);
    }
  }
  if (pl.mesh >= 0)
    offsetIndices(p, op, &pl);
  for (int t = 0; t < rule->num_tensors; ++t) {
    const GspmdRuleTensor *x = &rule->tensors[t];
    if (x->role != GSPMD_ROLE_RESULT)
      continue;
    Layout have = tensorLayoutOf(p, &pl, t);
    MlirType global = mlirValueGetType(mlirOperationGetResult(op, x->position));
    finishResult(p, op, x->position, &have, pl.partial, pl.num_partial,
                 pl.reduce, global);
  }
  if (pl.mesh >= 0) {
    localizeSizeAttrs(p, op, &pl);
    rebaseWindows(op, &pl);
  }
  gspmdNormalizeUnitStrides(op); /* the form the lowering takes */
  gspmdArenaReset(&p->scratch);
}

/*===-- Dispatch ----------------------------------------------------------===*/

/* The layout a sharding constraint gives its value. An open constraint is
 * a floor: what completion made of it rules. */
static Layout constraintTarget(Partitioner *p, MlirOperation op, int rank) {
  bool open =
      !mlirAttributeIsNull(mlirOperationGetAttributeByName(op, str("open"))) &&
      !mlirAttributeIsNull(mlirOperationGetDiscardableAttributeByName(
          op, gspmdShardingAttrName()));
  return open
             ? resultLayout(p, op, 0)
             : layoutOf(p, mlirOperationGetAttributeByName(op, str("sharding")),
                        rank);
}

static void processConstraint(Partitioner *p, MlirOperation op) {
  MlirValue r = mlirOperationGetResult(op, 0);
  MlirType global = mlirValueGetType(r);
  Layout want = constraintTarget(p, op, rankOf(global));
  Layout cur;
  MlirType g;
  MlirValue v = mlirOperationGetOperand(op, 0);
  MlirValue local = localOf(p, v, &cur, &g);
  GspmdBuilder b = gspmdBuilderBefore(op);
  local = reshardShared(p, &b, v, op, local, &cur, NULL, 0,
                        GSPMD_REDUCTION_NONE, &want, global);
  setLocal(p, r, local, &want, global);
  MlirOperation *slot = gspmdVecPush(&p->dead);
  *slot = op;
}

static bool resultsHaveUnknownRank(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, i));
    if (mlirTypeIsATensor(t) && !isTensor(t))
      return true;
  }
  return false;
}

static void processOp(Partitioner *p, MlirOperation op) {
  MlirStringRef name = gspmdOpName(op);
  if (gspmdStringRefEq(name, "gspmd.sharding_constraint")) {
    processConstraint(p, op);
    return;
  }
  if (gspmdStringRefEq(name, "func.call"))
    processCall(p, op);
  else if (gspmdStringRefEq(name, "scf.for"))
    processFor(p, op);
  else if (gspmdStringRefEq(name, "scf.if"))
    processIf(p, op);
  else if (gspmdStringRefEq(name, "arith.constant"))
    processConstant(p, op);
  else if (gspmdStringRefEq(name, "gspmd.manual_computation"))
    gspmdPartitionManual(p, op);
  else if (mlirOperationGetNumRegions(op) > 0 &&
           !gspmdOpIsLinalgStructured(op) &&
           !gspmdStringRefEq(name, "tensor.pad"))
    processRegionOpReplicated(p, op);
  else {
    int i = gspmdPtrMapGet(&p->op_rules, op.ptr);
    const OpRules *r =
        i < 0 ? NULL : &GSPMD_VEC_AT(&p->rules_of_op, OpRules, i);
    if (r && r->status == GSPMD_RULE_OK && r->num == 1 &&
        hasNativeLocalForm(op) && allStatic(op) && !resultsHaveUnknownRank(op))
      processByRule(p, op, &r->rules[0]);
    else
      keepReplicated(p, op, "has no local form here; computed replicated");
  }
  mlirOperationRemoveDiscardableAttributeByName(op, gspmdShardingAttrName());
}

/*===-- For the files partitioning one kind of op (partition.h) ----------===*/

int gspmdPartitionFindMesh(Partitioner *p, MlirStringRef name) {
  return findMesh(p, name);
}

const GspmdMesh *gspmdPartitionMesh(Partitioner *p, int mesh) {
  return &MESH(p, mesh)->mesh;
}

MlirStringRef gspmdPartitionMeshName(Partitioner *p, int mesh) {
  return MESH(p, mesh)->name;
}

Layout gspmdPartitionLayoutOf(Partitioner *p, MlirAttribute sharding,
                              int rank) {
  return layoutOf(p, sharding, rank);
}

MlirValue gspmdPartitionLocalOf(Partitioner *p, MlirValue v, Layout *layout,
                                MlirType *global) {
  return localOf(p, v, layout, global);
}

void gspmdPartitionSetLocal(Partitioner *p, MlirValue global_value,
                            MlirValue local, const Layout *l,
                            MlirType global_type) {
  setLocal(p, global_value, local, l, global_type);
}

MlirValue gspmdPartitionUseOperandAs(Partitioner *p, MlirOperation op,
                                     int index, const Layout *want) {
  return useOperandAs(p, op, index, want);
}

MlirValue gspmdPartitionReshard(Partitioner *p, GspmdBuilder *b,
                                MlirValue value, const Layout *from,
                                const Layout *to, MlirType global) {
  return reshard(p, b, (MlirValue){NULL}, value, from, NULL, 0,
                 GSPMD_REDUCTION_NONE, to, global);
}

void gspmdPartitionBlock(Partitioner *p, MlirBlock block,
                         const Layout *targets) {
  processBlock(p, block, targets);
}

Layout gspmdPartitionResultLayout(Partitioner *p, MlirOperation op, int i) {
  return resultLayout(p, op, i);
}

void gspmdPartitionFail(Partitioner *p) { p->failed = true; }

void gspmdPartitionEraseLater(Partitioner *p, MlirOperation op) {
  *(MlirOperation *)gspmdVecPush(&p->dead) = op;
}

/*===-- The pass ----------------------------------------------------------===*/

/* Rules read global shapes, so all are built before anything is rewritten. */
static MlirWalkResult buildRules(MlirOperation op, void *user) {
  Partitioner *p = user;
  OpRules r;
  r.status = gspmdBuildOpRules(&p->rules, op, &r.rules, &r.num);
  if (r.status == GSPMD_RULE_OK) {
    gspmdPtrMapPut(&p->op_rules, op.ptr, (int)p->rules_of_op.size);
    *(OpRules *)gspmdVecPush(&p->rules_of_op) = r;
  }
  return MlirWalkResultAdvance;
}

/* Constraints are identities once their users read the resharded value;
 * later ones first, so that a chain of constraints unwinds. */
static void eraseDead(Partitioner *p) {
  for (size_t i = p->dead.size; i-- > 0;) {
    MlirOperation op = GSPMD_VEC_AT(&p->dead, MlirOperation, i);
    /* Manual regions were inlined: their results have no users left. */
    if (gspmdStringRefEq(gspmdOpName(op), "gspmd.sharding_constraint")) {
      MlirValue r = mlirOperationGetResult(op, 0);
      if (!mlirOpOperandIsNull(mlirValueGetFirstUse(r)))
        mlirValueReplaceAllUsesOfWith(r, mlirOperationGetOperand(op, 0));
    }
    mlirOperationDestroy(op);
  }
}

/* Options of the pass: explain=<bool> (remark the plans weighed),
 * strategy=cost|first (cost: contractions take the cheapest plan of
 * Strategy.c; first: the split of the first operand that has one, as
 * before, for tests of that mechanism), memory-budget=<bytes>. */
typedef struct PartitionOptions {
  bool explain, first;
  int64_t budget;
} PartitionOptions;

/* The budget: the option, else the module's gspmd.memory_budget (an
 * integer attribute, so that gspmd-run's fixed pipeline can get one). */
static int64_t memoryBudget(MlirOperation module,
                            const PartitionOptions *options) {
  if (options->budget > 0)
    return options->budget;
  MlirAttribute a = mlirOperationGetDiscardableAttributeByName(
      module, str("gspmd.memory_budget"));
  return !mlirAttributeIsNull(a) && mlirAttributeIsAInteger(a)
             ? mlirIntegerAttrGetValueInt(a)
             : 0;
}

static void runPartition(MlirOperation module, MlirExternalPass pass,
                         void *user) {
  const PartitionOptions *options = user;
  Partitioner p;
  memset(&p, 0, sizeof(p));
  p.explain = options->explain;
  p.first = options->first;
  p.budget = memoryBudget(module, options);
  p.ctx = mlirOperationGetContext(module);
  p.module = module;
  p.rules.arena = &p.arena;
  p.rules.module = module;
  gspmdFuncTableInit(&p.funcs, module);
  p.rules.funcs = &p.funcs;
  gspmdVecInit(&p.meshes, sizeof(Mesh));
  gspmdVecInit(&p.locals, sizeof(Local));
  gspmdVecInit(&p.sigs, sizeof(Signature));
  gspmdVecInit(&p.dead, sizeof(MlirOperation));
  gspmdVecInit(&p.rules_of_op, sizeof(OpRules));
  gspmdReshardCacheInit(&p.made);
  gspmdCollectMeshes(module, &p.arena, &p.meshes);
  mlirOperationWalk(module, buildRules, &p, MlirWalkPreOrder);
  for (size_t i = 0; i < p.funcs.funcs.size; ++i) {
    MlirOperation f = GSPMD_VEC_AT(&p.funcs.funcs, MlirOperation, i);
    if (isPartitioned(f)) {
      mlirEmitError(mlirOperationGetLocation(f),
                    "gspmd-partition: function is already partitioned (its "
                    "arguments or results carry gspmd.global_type)");
      p.failed = true;
    }
    readSignature(&p, f);
  }
  if (!p.failed) {
    for (size_t i = 0; i < p.funcs.funcs.size; ++i)
      processFunction(&p, GSPMD_VEC_AT(&p.funcs.funcs, MlirOperation, i));
    eraseDead(&p);
  }
  if (p.failed)
    mlirExternalPassSignalFailure(pass);
  gspmdReshardCacheFree(&p.made);
  gspmdPtrMapFree(&p.unvisited);
  gspmdPtrMapFree(&p.local_of);
  gspmdPtrMapFree(&p.sig_of);
  gspmdPtrMapFree(&p.op_rules);
  gspmdVecFree(&p.rules_of_op);
  gspmdVecFree(&p.meshes);
  gspmdVecFree(&p.locals);
  gspmdVecFree(&p.sigs);
  gspmdVecFree(&p.dead);
  gspmdFuncTableFree(&p.funcs);
  gspmdArenaFree(&p.arena);
  gspmdArenaFree(&p.scratch);
}

static bool parseOptions(int num_options, const GspmdPassOption *options,
                         PartitionOptions *out, char *err, size_t err_size) {
  for (int i = 0; i < num_options; ++i) {
    const char *key = options[i].key, *value = options[i].value;
    if (!strcmp(key, "explain")) {
      if (gspmdParseBoolOption(value, &out->explain))
        continue;
      snprintf(err, err_size,
               "gspmd-partition: option 'explain' expects a bool "
               "(true/false/1/0), got '%s'",
               value);
      return false;
    }
    if (!strcmp(key, "strategy")) {
      if (!strcmp(value, "cost") || !strcmp(value, "first")) {
        out->first = !strcmp(value, "first");
        continue;
      }
      snprintf(err, err_size,
               "gspmd-partition: option 'strategy' expects 'cost' or "
               "'first', got '%s'",
               value);
      return false;
    }
    if (!strcmp(key, "memory-budget")) {
      char *end = NULL;
      long long v = strtoll(value, &end, 10);
      if (end != value && *end == '\0' && v >= 0) {
        out->budget = v;
        continue;
      }
      snprintf(err, err_size,
               "gspmd-partition: option 'memory-budget' expects a number "
               "of bytes, got '%s'",
               value);
      return false;
    }
    snprintf(err, err_size,
             "gspmd-partition: unknown option '%s' (options: "
             "explain=<bool>, strategy=cost|first, memory-budget=<bytes>)",
             key);
    return false;
  }
  return true;
}

MlirPass gspmdCreatePartitionPass(int num_options,
                                  const GspmdPassOption *options, char *err,
                                  size_t err_size) {
  static MlirTypeID type_id;
  PartitionOptions parsed = {false, false, 0};
  if (!parseOptions(num_options, options, &parsed, err, err_size))
    return (MlirPass){NULL};
  /* The ops partitioning creates. */
  MlirDialectHandle dialects[4] = {
      mlirGetDialectHandle__gspmd__(), mlirGetDialectHandle__arith__(),
      mlirGetDialectHandle__tensor__(), mlirGetDialectHandle__linalg__()};
  return gspmdCreateOptionsPass(
      &type_id, "GSPMDPartition", "gspmd-partition",
      "SPMD partitioning: local shapes, collectives, reshards", 4, dialects,
      runPartition, &parsed, sizeof(parsed));
}
