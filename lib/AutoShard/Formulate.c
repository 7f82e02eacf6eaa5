/*
 * Formulate.c - the graph gspmd-auto-shard solves (autoshard.h).
 *
 * Nodes: each ranked-tensor argument of the entry function (its strategies
 * are every assignment of mesh axes to its dims, in mesh order, that
 * sizeSplits allows; one when the user annotated it) and each op of its block
 * with one rule of operands, gather reads and results (its strategies are every
 * assignment of each mesh axis to at most one factor, or none: parallel
 * factors always, reduction factors when gspmdOpReduction names their
 * combiner, window and replicated-only factors never, uneven splits as the
 * partitioner allows them (splitRealisable); each
 * fixes its tensors' shardings by gspmdProjectFromFactors, and a strategy
 * whose projection does not give its factors back is dropped; a result
 * the user annotated on the op keeps its annotation, and the strategy pays
 * the reshard from its projection there; what else its regions read from
 * the block it reads whole, as the partitioner does). Other ops are fixed
 * nodes: sharding constraints keep their sharding, ops without a rule (or
 * with regions of control flow) run replicated, as the partitioner runs
 * them, reading whole their operands and what their regions read from the
 * block. Ops made from nothing (tensor.empty,
 * fills of it, splats: gspmdOpFacts' remake) are no nodes: the partitioner
 * makes them again in any layout, so reading them costs nothing.
 *
 * Costs: a strategy's op bytes combine its partial results into its result
 * sharding (gspmdPlanReshard from partial); an edge between the producer
 * of a value and its consumer costs gspmdPlanReshard's bytes per pair of
 * groups of strategies (those giving the value, and the operand, one
 * sharding); an annotated function result is a consumer of the returned
 * value, and so is a result that replaces an argument (the argument's
 * gspmd.aliasing_output), in the sharding the argument's node chooses.
 * Each cost is kept in bytes (the prediction) and in the objective's units: the
 * same bytes, or with objective=time each reshard step's bytes weighted by the
 * slowest of its mesh axes (weighAxes). Memory: per op, the values live across
 * it (gspmdLiveBytesAcross, under their producers' strategies) and its operands
 * and results under its own strategy, as the partitioner's budget counts them.
 *
 * Assumes: one mesh (the module's first); the entry function has one block.
 */
#include "autoshard.h"

#include "../Transforms/Partition/partition.h"

#include "gspmd-c/Dialect.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A cost that forbids a pair (a reshard the planner cannot make). */
#define AS_FORBIDDEN ((int64_t)1 << 50)

static void fail(AsProblem *p, MlirOperation at, const char *msg) {
  char text[512];
  snprintf(text, sizeof(text), "gspmd-auto-shard: %s", msg);
  mlirEmitError(mlirOperationGetLocation(at), text);
  p->failed = true;
}

static void *alloc(AsProblem *p, size_t n) {
  void *x = gspmdArenaAlloc(&p->arena, n);
  memset(x, 0, n);
  return x;
}

/*===-- Sizes and reshards ------------------------------------------------===*/

int64_t asLocalBytes(const AsProblem *p, const AsSource *src,
                     const GspmdSharding *s) {
  int64_t local[GSPMD_MAX_RANK], n = src->element_bytes;
  gspmdLocalShape(&p->mesh, s, src->shape, local);
  for (int d = 0; d < src->rank; ++d)
    n *= local[d];
  return n;
}

const GspmdSharding *asSourceSharding(const AsProblem *p, const AsSource *src,
                                      int s) {
  const AsNode *n = &GSPMD_VEC_AT(&p->nodes, AsNode, src->node);
  return &n->strategies[s].tensors[src->tensor];
}

void asStepTerms(const AsProblem *p, int i, AsTermFn fn, void *user) {
  const AsStep *step = &GSPMD_VEC_AT(&p->steps, AsStep, i);
  const AsNode *self = &GSPMD_VEC_AT(&p->nodes, AsNode, step->node);
  for (int s = 0; s < self->num_strategies; ++s)
    fn(user, -1, step->node, s, self->strategies[s].held_bytes);
  for (int l = 0; l < step->num_live; ++l) {
    const AsSource *src = &GSPMD_VEC_AT(&p->sources, AsSource, step->live[l]);
    const AsNode *n = &GSPMD_VEC_AT(&p->nodes, AsNode, src->node);
    for (int s = 0; s < n->num_strategies; ++s)
      fn(user, step->live[l], src->node, s,
         asLocalBytes(p, src, asSourceSharding(p, src, s)));
  }
}

/* The cost of the plan in p->scratch in the objective's units: its bytes,
 * each step's weighted by the slowest of its axes (objective=time). Each
 * step's cost is rounded to a whole unit, so costs stay whole, as the
 * proofs need (Solve.c, provesCost). */
static int64_t planCost(const AsProblem *p) {
  if (p->seconds_per_unit <= 0)
    return p->scratch->bytes_sent;
  int64_t cost = 0;
  for (int i = 0; i < p->scratch->num_steps; ++i) {
    const GspmdReshardStep *step = &p->scratch->steps[i];
    double weight = 1;
    for (int k = 0; k < step->num_axes; ++k)
      if (p->axis_weight[step->axes[k]] > weight)
        weight = p->axis_weight[step->axes[k]];
    cost += llround((double)step->bytes_sent * weight);
  }
  return cost;
}

/* Bytes of a reshard of a value shaped as `src` from `from` (partial over
 * `partial`) to `to`, and into *cost the same in the objective's units. */
static int64_t reshardBytes(const AsProblem *p, const AsSource *src,
                            const GspmdSharding *from, const int *partial,
                            int num_partial, GspmdReduction reduce,
                            const GspmdSharding *to, int64_t *cost) {
  *cost = 0;
  if (!num_partial && gspmdShardingEqual(from, to))
    return 0;
  char err[200];
  if (!gspmdPlanReshard(&p->mesh, from, partial, num_partial, reduce, &p->mesh,
                        to, src->shape, src->element_bytes, p->scratch, err,
                        sizeof(err)))
    return *cost = AS_FORBIDDEN;
  *cost = planCost(p);
  return p->scratch->bytes_sent;
}

/* Shape and element size of value v into *src; false when v is not a
 * static ranked tensor. */
static bool valueShape(MlirValue v, AsSource *src) {
  MlirType t = mlirValueGetType(v);
  if (!mlirTypeIsARankedTensor(t) || !mlirShapedTypeHasStaticShape(t))
    return false;
  src->rank = (int)mlirShapedTypeGetRank(t);
  int64_t elements = 1;
  for (int d = 0; d < src->rank; ++d)
    elements *= src->shape[d] = mlirShapedTypeGetDimSize(t, d);
  int64_t bytes = gspmdTensorTypeBytes(t);
  src->element_bytes = elements > 0 ? bytes / elements : 4;
  if (src->element_bytes <= 0)
    src->element_bytes = 1;
  return src->rank <= GSPMD_MAX_RANK;
}

static void addSource(AsProblem *p, MlirValue v, int node, int tensor) {
  AsSource src = {node, tensor, 0, 0, {0}, v};
  if (!valueShape(v, &src))
    return;
  *(AsSource *)gspmdVecPush(&p->sources) = src;
  gspmdPtrMapPut(&p->source_of, v.ptr, (int)p->sources.size - 1);
}

static int sourceOf(const AsProblem *p, MlirValue v) {
  return gspmdPtrMapGet(&p->source_of, v.ptr);
}

/*===-- Annotations -------------------------------------------------------===*/

/* Reads a user sharding of rank `rank`; false after a diagnostic. */
static bool readSharding(AsProblem *p, MlirAttribute a, int rank,
                         MlirOperation at, GspmdSharding *out) {
  if (gspmdShardingFromAttr(a, &p->mesh, rank, out))
    return true;
  fail(p, at,
       "an annotation does not fit the mesh or the tensor's rank "
       "(only the module's first mesh is supported)");
  return false;
}

MlirAttribute asFuncSharding(MlirOperation f, const char *list, int i) {
  MlirAttribute array = mlirOperationGetAttributeByName(f, gspmdStr(list));
  if (mlirAttributeIsNull(array) || i >= mlirArrayAttrGetNumElements(array))
    return (MlirAttribute){NULL};
  return mlirDictionaryAttrGetElementByName(mlirArrayAttrGetElement(array, i),
                                            gspmdShardingAttrName());
}

/*===-- Argument nodes ----------------------------------------------------===*/

/* Whether `size` elements may split n ways: evenly, or unevenly when the
 * padding is less than the elements (the partitioner pads the last
 * shards, and the reshard planner and gspmdLocalShape count the padding:
 * 7 over 8 and 13 over 8 are offered, 4 over 8 is not, where half the
 * shards would be empty). */
static bool sizeSplits(const AsProblem *p, int64_t size, int64_t n) {
  if (n <= 1 || size % n == 0)
    return true;
  return p->uneven && n * ((size + n - 1) / n) < 2 * size;
}

static bool splitsAllowed(const AsProblem *p, const AsSource *src,
                          const GspmdSharding *s) {
  for (int d = 0; d < src->rank; ++d)
    if (!sizeSplits(p, src->shape[d], gspmdShardCount(&p->mesh, s, d)))
      return false;
  return true;
}

/* Every sharding of `src` with each mesh axis (size > 1) on one dim or
 * none, axes in mesh order, splitsAllowed; into out[0..max), returns how many.
 */
static int allShardings(const AsProblem *p, const AsSource *src,
                        GspmdSharding *out, int max) {
  int k = p->mesh.num_axes, n = 0;
  int64_t total = 1;
  for (int a = 0; a < k; ++a)
    total *= src->rank + 1;
  for (int64_t code = 0; code < total && n < max; ++code) {
    GspmdSharding s = gspmdShardingReplicated(src->rank);
    int64_t c = code;
    bool unit = false;
    for (int a = 0; a < k; ++a, c /= src->rank + 1) {
      int d = (int)(c % (src->rank + 1)) - 1;
      unit |= d >= 0 && p->mesh.axis_sizes[a] == 1;
      if (d >= 0)
        s.dim_axes[d][s.dim_num_axes[d]++] = a;
    }
    if (!unit && splitsAllowed(p, src, &s))
      out[n++] = s;
  }
  return n;
}

#define AS_MAX_STRATEGIES 512

static void argNode(AsProblem *p, MlirValue arg, MlirAttribute annotation) {
  AsSource src = {0, 0, 0, 0, {0}, {NULL}};
  if (!valueShape(arg, &src))
    return;
  GspmdSharding *all = malloc(sizeof(GspmdSharding) * AS_MAX_STRATEGIES);
  int n = 1;
  if (!mlirAttributeIsNull(annotation)) {
    if (!readSharding(p, annotation, src.rank, p->func, &all[0])) {
      free(all);
      return;
    }
  } else {
    n = allShardings(p, &src, all, AS_MAX_STRATEGIES);
  }
  AsNode *node = gspmdVecPush(&p->nodes);
  memset(node, 0, sizeof(*node));
  node->kind = AS_NODE_ARG;
  node->arg = arg;
  node->num_tensors = 1;
  node->num_strategies = n;
  node->strategies = alloc(p, sizeof(AsStrategy) * (size_t)n);
  for (int s = 0; s < n; ++s) {
    node->strategies[s].tensors = alloc(p, sizeof(GspmdSharding));
    node->strategies[s].tensors[0] = all[s];
  }
  free(all);
  addSource(p, arg, (int)p->nodes.size - 1, 0);
}

/* Argument i's gspmd.aliasing_output (autoshard.h). */
int64_t asAliasingOutput(const AsProblem *p, int i) {
  MlirAttribute array =
      mlirOperationGetAttributeByName(p->func, gspmdStr("arg_attrs"));
  if (mlirAttributeIsNull(array) || i >= mlirArrayAttrGetNumElements(array))
    return -1;
  MlirAttribute a = mlirDictionaryAttrGetElementByName(
      mlirArrayAttrGetElement(array, i), gspmdStr("gspmd.aliasing_output"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a))
    return -1;
  return mlirIntegerAttrGetValueInt(a);
}

/* p->arg_of_result from the arguments' gspmd.aliasing_output, which the
 * dialect verified (an argument's type, one argument per result). */
static void readCarried(AsProblem *p, MlirBlock entry) {
  MlirType ftype = mlirTypeAttrGetValue(
      mlirOperationGetAttributeByName(p->func, gspmdStr("function_type")));
  p->num_results = (int)mlirFunctionTypeGetNumResults(ftype);
  p->arg_of_result = alloc(p, sizeof(int) * (size_t)(p->num_results + 1));
  for (int r = 0; r < p->num_results; ++r)
    p->arg_of_result[r] = -1;
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(entry); ++i) {
    int64_t r = asAliasingOutput(p, (int)i);
    if (r >= 0 && r < p->num_results)
      p->arg_of_result[r] = (int)i;
  }
}

/* The argument's annotation; an unannotated argument carried to an
 * annotated result takes the result's. */
static MlirAttribute argAnnotation(AsProblem *p, int i) {
  MlirAttribute a = asFuncSharding(p->func, "arg_attrs", i);
  int64_t r = asAliasingOutput(p, i);
  if (mlirAttributeIsNull(a) && r >= 0)
    a = asFuncSharding(p->func, "res_attrs", (int)r);
  return a;
}

static void argNodes(AsProblem *p) {
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(p->func, 0));
  readCarried(p, entry);
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(entry) && !p->failed; ++i)
    argNode(p, mlirBlockGetArgument(entry, i), argAnnotation(p, (int)i));
}

/*===-- Op nodes ----------------------------------------------------------===*/

/* What enumerating one op's strategies needs. */
typedef struct Enum {
  AsProblem *p;
  const GspmdOpRule *rule;
  GspmdReduction reduce;
  bool maskable; /* an uneven reduction split's padding can be masked */
  MlirAttribute fixed_results; /* the op's own gspmd.sharding, or null */
  GspmdFactorAxes *cur;        /* [num_factors] */
  GspmdVec *out;               /* AsStrategy */
  bool annotated; /* cur is an annotation's split (offerAnnotated): uneven
                     splits the partitioner makes are realisable */
} Enum;

static bool factorAllowed(const Enum *e, int f) {
  const GspmdOpRule *r = e->rule;
  if (gspmdRuleFactorIsWindowed(r, f) ||
      r->factor_kind[f] == GSPMD_FACTOR_REPLICATED ||
      r->factor_kind[f] == GSPMD_FACTOR_WINDOW)
    return false;
  return r->factor_kind[f] != GSPMD_FACTOR_REDUCTION ||
         e->reduce != GSPMD_REDUCTION_NONE;
}

/* Whether factor f is alone in every dim it is in: an uneven split of a
 * factor sharing its dim (a reshape's) is not the split of the dim the
 * partitioner makes (partitioner's dropInconsistentDims), so it is not
 * offered. */
static bool factorAlone(const GspmdOpRule *r, int f) {
  for (int t = 0; t < r->num_tensors; ++t)
    for (int d = 0; d < r->tensors[t].rank; ++d)
      for (int k = 0; k < r->tensors[t].dim_num_factors[d]; ++k)
        if (r->tensors[t].dim_factors[d][k] == f &&
            r->tensors[t].dim_num_factors[d] > 1)
          return false;
  return true;
}

/* Whether factor f may be split n ways, as the partitioner splits it
 * (Strategy.c's splitAllowed): evenly, or unevenly (the last shards
 * padded) when f sits alone in its dims, sizeSplits allows it and, for a
 * reduction factor, the op's padding can be masked. */
static bool splitRealisable(const Enum *e, int f, int64_t n) {
  const GspmdOpRule *r = e->rule;
  if (n <= 1)
    return true;
  if (r->factor_size[f] < 0)
    return false;
  if (r->factor_size[f] % n == 0)
    return true;
  return (e->annotated || sizeSplits(e->p, r->factor_size[f], n)) &&
         factorAlone(r, f) &&
         (r->factor_kind[f] != GSPMD_FACTOR_REDUCTION || e->maskable);
}

/* Splits are realisable and give their factors back through every
 * tensor. */
static bool realisable(const Enum *e, const GspmdSharding *tensors) {
  const GspmdOpRule *r = e->rule;
  for (int f = 0; f < r->num_factors; ++f) {
    int64_t n =
        gspmdMeshAxesSize(&e->p->mesh, e->cur[f].axes, e->cur[f].num_axes);
    if (!splitRealisable(e, f, n))
      return false;
  }
  GspmdFactorAxes back[64];
  for (int t = 0; t < r->num_tensors; ++t) {
    gspmdProjectToFactors(r, t, &e->p->mesh, &tensors[t], back);
    for (int f = 0; f < r->num_factors; ++f) {
      if (back[f].num_axes < 0)
        continue;
      int na = e->cur[f].num_axes;
      if (back[f].num_axes != na ||
          memcmp(back[f].axes, e->cur[f].axes, sizeof(int) * (size_t)na))
        return false;
    }
  }
  return true;
}

/* The op's own annotation of result tensor t into *want, when it has one
 * that reads on the mesh. */
static bool fixedResult(const Enum *e, int t, GspmdSharding *want) {
  const GspmdOpRule *r = e->rule;
  if (mlirAttributeIsNull(e->fixed_results) ||
      r->tensors[t].role != GSPMD_ROLE_RESULT ||
      r->tensors[t].position >= mlirArrayAttrGetNumElements(e->fixed_results))
    return false;
  MlirAttribute a =
      mlirArrayAttrGetElement(e->fixed_results, r->tensors[t].position);
  return gspmdShardingFromAttr(a, &e->p->mesh, r->tensors[t].rank, want);
}

static AsSource tensorShape(const Enum *e, int t) {
  AsSource src = {0, 0, 0, 0, {0}, {NULL}};
  valueShape(e->rule->ids[t].value, &src);
  return src;
}

/* The bytes combining the results' partials into their projection, or
 * into the op's own annotation where it has one (the partitioner reshards
 * its result there: a reduce_scatter, or an all_to_all after a plan that
 * keeps an operand's split; the result then has the annotation), and what
 * the op holds. */
static void costStrategy(const Enum *e, AsStrategy *st,
                         const GspmdSharding *scatter) {
  const GspmdOpRule *r = e->rule;
  GspmdPartial partial = gspmdPartialOf(r, e->cur, e->reduce);
  for (int t = 0; t < r->num_tensors; ++t) {
    AsSource src = tensorShape(e, t);
    st->held_bytes += asLocalBytes(e->p, &src, &st->tensors[t]);
    GspmdSharding want = st->tensors[t];
    bool fixed = fixedResult(e, t, &want);
    if (scatter && r->tensors[t].role == GSPMD_ROLE_RESULT)
      want = *scatter, fixed = true;
    if (r->tensors[t].role == GSPMD_ROLE_RESULT &&
        (partial.num_axes || fixed)) {
      int64_t cost;
      st->op_bytes += reshardBytes(e->p, &src, &st->tensors[t], partial.axes,
                                   partial.num_axes, e->reduce, &want, &cost);
      st->op_cost += cost;
    }
    st->tensors[t] = want;
  }
}

static void pushStrategy(Enum *e, const GspmdSharding *projected,
                         const GspmdSharding *scatter) {
  const GspmdOpRule *r = e->rule;
  if (e->out->size >= AS_MAX_STRATEGIES)
    return;
  AsStrategy *st = gspmdVecPush(e->out);
  memset(st, 0, sizeof(*st));
  st->tensors = alloc(e->p, sizeof(GspmdSharding) * (size_t)r->num_tensors);
  memcpy(st->tensors, projected,
         sizeof(GspmdSharding) * (size_t)r->num_tensors);
  st->axes = alloc(e->p, sizeof(GspmdFactorAxes) * (size_t)r->num_factors);
  memcpy(st->axes, e->cur, sizeof(GspmdFactorAxes) * (size_t)r->num_factors);
  st->scatter = scatter != NULL;
  costStrategy(e, st, scatter);
}

/* The one result tensor of the op when it is open (not annotated on the
 * op), or -1. */
static int openResult(const Enum *e) {
  int found = -1;
  for (int t = 0; t < e->rule->num_tensors; ++t) {
    GspmdSharding unused;
    if (e->rule->tensors[t].role != GSPMD_ROLE_RESULT)
      continue;
    if (found >= 0 || fixedResult(e, t, &unused))
      return -1;
    found = t;
  }
  return found;
}

/* Besides its projection, a result holding partial sums may take all
 * their axes on one of its dims (at the minor end): the combine is
 * then a reduce_scatter, as the partitioner makes it when the result is
 * annotated so. (Spreading them over several dims is not offered: it
 * multiplies the strategies for little.) */
static void pushScattered(Enum *e, const GspmdSharding *projected, int t,
                          const GspmdPartial *partial) {
  AsSource src = tensorShape(e, t);
  for (int d = 0; d < src.rank; ++d) {
    GspmdSharding s = projected[t];
    for (int k = 0; k < partial->num_axes; ++k)
      s.dim_axes[d][s.dim_num_axes[d]++] = partial->axes[k];
    if (splitsAllowed(e->p, &src, &s))
      pushStrategy(e, projected, &s);
  }
}

static void emitStrategy(Enum *e) {
  const GspmdOpRule *r = e->rule;
  GspmdSharding *tensors =
      alloc(e->p, sizeof(GspmdSharding) * (size_t)r->num_tensors);
  for (int t = 0; t < r->num_tensors; ++t)
    gspmdProjectFromFactors(r, t, &e->p->mesh, e->cur, &tensors[t]);
  if (!realisable(e, tensors))
    return;
  pushStrategy(e, tensors, NULL);
  GspmdPartial partial = gspmdPartialOf(r, e->cur, e->reduce);
  int t = openResult(e);
  if (partial.num_axes && t >= 0)
    pushScattered(e, tensors, t, &partial);
}

/* Mesh axis `a` and the ones after it: on no factor, or on one. */
static void enumerate(Enum *e, int a) {
  if (a == e->p->mesh.num_axes) {
    emitStrategy(e);
    return;
  }
  enumerate(e, a + 1);
  if (e->p->mesh.axis_sizes[a] == 1)
    return;
  for (int f = 0; f < e->rule->num_factors; ++f) {
    if (!factorAllowed(e, f))
      continue;
    GspmdFactorAxes *fa = &e->cur[f];
    fa->axes[fa->num_axes++] = a;
    enumerate(e, a + 1);
    --fa->num_axes;
  }
}

/* The user's layout of result value v where the function returns it into
 * an annotated result (the first such). */
static bool returnedAnnotated(AsProblem *p, MlirValue v, int rank,
                              GspmdSharding *out) {
  for (MlirOpOperand use = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use)) {
    MlirOperation owner = mlirOpOperandGetOwner(use);
    if (!gspmdStringRefEq(gspmdOpName(owner), "func.return"))
      continue;
    MlirAttribute a = asFuncSharding(p->func, "res_attrs",
                                     (int)mlirOpOperandGetOperandNumber(use));
    if (!mlirAttributeIsNull(a) &&
        gspmdShardingFromAttr(a, &p->mesh, rank, out))
      return true;
  }
  return false;
}

/* The layout the user fixed for tensor t of the op: an operand read from
 * an annotated argument or a constraint (a node of one strategy), a
 * result annotated on the op or returned into an annotated result. */
static bool annotatedLayout(const Enum *e, int t, GspmdSharding *out) {
  const GspmdOpRule *r = e->rule;
  if (r->tensors[t].role == GSPMD_ROLE_RESULT)
    return fixedResult(e, t, out) ||
           returnedAnnotated(e->p, r->ids[t].value, r->tensors[t].rank, out);
  int si = sourceOf(e->p, r->ids[t].value);
  if (si < 0)
    return false;
  const AsSource *src = AS_SOURCE(e->p, si);
  const AsNode *n = AS_NODE(e->p, src->node);
  if (n->kind == AS_NODE_OP || n->num_strategies != 1)
    return false;
  *out = *asSourceSharding(e->p, src, 0);
  return true;
}

/* Whether the strategies so far split the factors as cur does. */
static bool offered(const Enum *e) {
  const GspmdOpRule *r = e->rule;
  for (size_t i = 0; i < e->out->size; ++i) {
    const AsStrategy *st = &GSPMD_VEC_AT(e->out, AsStrategy, i);
    if (gspmdFactorAxesEqual(st->axes, e->cur, r->num_factors))
      return true;
  }
  return false;
}

/* The split each annotated layout of the op (annotatedLayout) projects
 * onto its factors, as a strategy when enumerate did not offer it: an
 * uneven split (the default offers even ones only, uneven-splits=true
 * those padding less than they hold), or mesh axes out of mesh order. The
 * partitioner plans from those layouts (Strategy.c offers each tensor's
 * projection); without them it found plans the pass had not weighed, and
 * the comm report differed from the prediction (generated programs with
 * such annotations). */
static void offerAnnotated(Enum *e) {
  const GspmdOpRule *r = e->rule;
  GspmdFactorAxes back[64];
  for (int t = 0; t < r->num_tensors; ++t) {
    GspmdSharding layout;
    if (!annotatedLayout(e, t, &layout))
      continue;
    gspmdProjectToFactors(r, t, &e->p->mesh, &layout, back);
    bool allowed = true;
    for (int f = 0; f < r->num_factors; ++f) {
      e->cur[f].num_axes = back[f].num_axes > 0 ? back[f].num_axes : 0;
      memcpy(e->cur[f].axes, back[f].axes,
             sizeof(int) * (size_t)e->cur[f].num_axes);
      allowed &= e->cur[f].num_axes == 0 || factorAllowed(e, f);
    }
    if (allowed && !offered(e)) {
      e->annotated = true;
      emitStrategy(e);
      e->annotated = false;
    }
  }
  for (int f = 0; f < r->num_factors; ++f)
    e->cur[f].num_axes = 0;
}

/* The entry-block values an op's regions read without taking them as
 * operands (a table read by tensor.extract, a loop's captured weights),
 * each once, in the order first read. The partitioner reshards them whole
 * before the op (Reshard.c partLocalizeCaptures), so an op node reads them
 * replicated under every strategy; a fixed op reads its gather reads whole
 * too (the pass models it as replicated). */
typedef struct CaptureList {
  const AsProblem *p;
  const GspmdOpRule *rule; /* an op node's: its gather reads are its own */
  GspmdVec values;         /* MlirValue */
} CaptureList;

static void addCapture(MlirOperation user, intptr_t i, void *data) {
  CaptureList *c = data;
  MlirValue v = mlirOperationGetOperand(user, i);
  if (sourceOf(c->p, v) < 0 || gspmdRuleHasGatherRead(c->rule, v))
    return; /* defined inside the op, untracked, or read by the rule */
  for (size_t k = 0; k < c->values.size; ++k)
    if (mlirValueEqual(GSPMD_VEC_AT(&c->values, MlirValue, k), v))
      return;
  *(MlirValue *)gspmdVecPush(&c->values) = v;
}

/* Fills c (free with gspmdVecFree(&c->values)); `rule` is an op node's
 * (NULL for a fixed node). */
static void capturesOf(const AsProblem *p, MlirOperation op,
                       const GspmdOpRule *rule, CaptureList *c) {
  c->p = p;
  c->rule = rule;
  gspmdVecInit(&c->values, sizeof(MlirValue));
  if (mlirOperationGetNumRegions(op) > 0)
    gspmdForEachNestedOperand(op, addCapture, c);
}

/* One rule of operands, gather reads (lib/Rules/gather.c: a looked-up
 * dim's factor is a reduction, its split a masked lookup whose partial
 * results are summed, as Gathers.c partitions it) and results of static
 * tensors, at most 64 factors. */
static bool ruleFits(const GspmdOpRule *r) {
  if (r->num_factors > 64)
    return false;
  for (int t = 0; t < r->num_tensors; ++t) {
    AsSource src = {0, 0, 0, 0, {0}, {NULL}};
    if ((!gspmdRoleIsRead(r->tensors[t].role) &&
         r->tensors[t].role != GSPMD_ROLE_RESULT) ||
        mlirValueIsNull(r->ids[t].value) || !valueShape(r->ids[t].value, &src))
      return false;
  }
  return true;
}

/* Node n (just pushed) keeps its captures, its last tensors. */
static void keepCaptures(AsProblem *p, AsNode *n, const CaptureList *c) {
  n->num_captures = (int)c->values.size;
  MlirValue *kept = alloc(p, sizeof(MlirValue) * (c->values.size + 1));
  if (c->values.size)
    memcpy(kept, c->values.data, sizeof(MlirValue) * c->values.size);
  n->captures = kept;
}

/* Strategy st of an op of `first` rule tensors also reads `captures`
 * whole: tensors first.. are theirs, replicated, held during the op. */
static void readWhole(AsProblem *p, AsStrategy *st, int first,
                      const CaptureList *captures) {
  int n = first + (int)captures->values.size;
  GspmdSharding *tensors = alloc(p, sizeof(GspmdSharding) * (size_t)n);
  memcpy(tensors, st->tensors, sizeof(GspmdSharding) * (size_t)first);
  for (int k = 0; first + k < n; ++k) {
    AsSource src = {0, 0, 0, 0, {0}, {NULL}};
    valueShape(GSPMD_VEC_AT(&captures->values, MlirValue, (size_t)k), &src);
    tensors[first + k] = gspmdShardingReplicated(src.rank);
    st->held_bytes += asLocalBytes(p, &src, &tensors[first + k]);
  }
  st->tensors = tensors;
}

static void opNode(AsProblem *p, MlirOperation op, const GspmdOpRule *rule) {
  GspmdReduction mask[64];
  bool maskable = true;
  Enum e = {p, rule, GSPMD_REDUCTION_NONE, false, {NULL}, NULL, NULL, false};
  if (mlirOperationGetNumOperands(op) <= 64)
    e.reduce = gspmdOpReduction(op, mask, &maskable);
  e.maskable = maskable;
  e.fixed_results =
      mlirOperationGetDiscardableAttributeByName(op, gspmdShardingAttrName());
  if (!mlirAttributeIsNull(e.fixed_results) &&
      !mlirAttributeIsAArray(e.fixed_results))
    e.fixed_results = (MlirAttribute){NULL};
  GspmdVec out;
  gspmdVecInit(&out, sizeof(AsStrategy));
  e.out = &out;
  e.cur = alloc(p, sizeof(GspmdFactorAxes) * (size_t)rule->num_factors);
  enumerate(&e, 0);
  offerAnnotated(&e);
  if (!out.size) {
    gspmdVecFree(&out);
    fail(p, op, "no strategy of this op can be realised on the mesh");
    return;
  }
  CaptureList captures;
  capturesOf(p, op, rule, &captures);
  int ncap = (int)captures.values.size;
  AsNode *node = gspmdVecPush(&p->nodes);
  memset(node, 0, sizeof(*node));
  *node = (AsNode){AS_NODE_OP,    op,   {NULL}, rule, rule->num_tensors + ncap,
                   (int)out.size, NULL, 0,      0,    0,
                   NULL};
  node->strategies = alloc(p, sizeof(AsStrategy) * out.size);
  if (out.size)
    memcpy(node->strategies, out.data, sizeof(AsStrategy) * out.size);
  gspmdVecFree(&out);
  for (int s = 0; ncap && s < node->num_strategies; ++s)
    readWhole(p, &node->strategies[s], rule->num_tensors, &captures);
  keepCaptures(p, node, &captures);
  gspmdVecFree(&captures.values);
  for (int t = 0; t < rule->num_tensors; ++t)
    if (rule->tensors[t].role == GSPMD_ROLE_RESULT)
      addSource(p, rule->ids[t].value, (int)p->nodes.size - 1, t);
}

/*===-- Fixed nodes -------------------------------------------------------===*/

static bool isOp(MlirOperation op, const char *name) {
  return gspmdStringRefEq(gspmdOpName(op), name);
}

/* The sharding a fixed op gives every tensor: a constraint's own, else
 * replicated. */
static bool fixedSharding(AsProblem *p, MlirOperation op, MlirValue v,
                          GspmdSharding *out) {
  AsSource src = {0, 0, 0, 0, {0}, {NULL}};
  bool shaped = valueShape(v, &src);
  *out = gspmdShardingReplicated(shaped ? src.rank : 0);
  if (!shaped || !isOp(op, "gspmd.sharding_constraint"))
    return true;
  MlirAttribute a = mlirOperationGetAttributeByName(op, gspmdStr("sharding"));
  return readSharding(p, a, src.rank, op, out);
}

/* A call's operand or result t (of nops operands), given callee f: the
 * sharding f's signature annotates, which the partitioner reshards the
 * call's operands to and its results come in; else the replicated one in
 * *out (WriteBack.c writes f's bare signature so). */
static void callSharding(AsProblem *p, MlirOperation call, MlirOperation f,
                         int t, int nops, GspmdSharding *out) {
  MlirAttribute a = asFuncSharding(f, t < nops ? "arg_attrs" : "res_attrs",
                                   t < nops ? t : t - nops);
  if (!mlirAttributeIsNull(a))
    readSharding(p, a, out->rank, call, out);
}

/* A manual region's operand or result t (of nops operands): its in or
 * out sharding, which the partitioner reshards operands to and results
 * come in. */
static void manualSharding(AsProblem *p, MlirOperation op, int t, int nops,
                           GspmdSharding *out) {
  MlirAttribute list = mlirOperationGetAttributeByName(
      op, gspmdStr(t < nops ? "in_shardings" : "out_shardings"));
  int i = t < nops ? t : t - nops;
  if (!mlirAttributeIsNull(list) && mlirAttributeIsAArray(list) &&
      i < mlirArrayAttrGetNumElements(list))
    readSharding(p, mlirArrayAttrGetElement(list, i), out->rank, op, out);
}

/* A node of one strategy: operands, then results, then captures. */
static void fixedNode(AsProblem *p, MlirOperation op) {
  CaptureList captures;
  capturesOf(p, op, NULL, &captures);
  int nops = (int)mlirOperationGetNumOperands(op);
  int nres = (int)mlirOperationGetNumResults(op);
  int n = nops + nres + (int)captures.values.size;
  MlirOperation callee = isOp(op, "func.call")
                             ? gspmdFuncTableCallee(&p->funcs, op)
                             : (MlirOperation){NULL};
  AsNode *node = gspmdVecPush(&p->nodes);
  int index = (int)p->nodes.size - 1;
  *node = (AsNode){AS_NODE_FIXED, op, {NULL}, NULL, n, 1, NULL, 0, 0, 0, NULL};
  node->strategies = alloc(p, sizeof(AsStrategy));
  GspmdSharding *tensors = alloc(p, sizeof(GspmdSharding) * (size_t)(n + 1));
  node->strategies[0].tensors = tensors;
  for (int t = 0; t < n && !p->failed; ++t) {
    MlirValue v = t < nops          ? mlirOperationGetOperand(op, t)
                  : t < nops + nres ? mlirOperationGetResult(op, t - nops)
                                    : GSPMD_VEC_AT(&captures.values, MlirValue,
                                                   (size_t)(t - nops - nres));
    fixedSharding(p, op, v, &tensors[t]);
    if (!mlirOperationIsNull(callee) && t < nops + nres)
      callSharding(p, op, callee, t, nops, &tensors[t]);
    if (isOp(op, "gspmd.manual_computation") && t < nops + nres)
      manualSharding(p, op, t, nops, &tensors[t]);
    AsSource src = {0, 0, 0, 0, {0}, {NULL}};
    if (valueShape(v, &src))
      node->strategies[0].held_bytes += asLocalBytes(p, &src, &tensors[t]);
    if (t >= nops && t < nops + nres)
      addSource(p, v, index, t);
  }
  keepCaptures(p, node, &captures);
  gspmdVecFree(&captures.values);
}

/* The return: a fixed node whose tensors are the function's results,
 * annotated or (unannotated: no edge) replicated. */
static void returnNode(AsProblem *p, MlirOperation ret) {
  int n = (int)mlirOperationGetNumOperands(ret);
  AsNode *node = gspmdVecPush(&p->nodes);
  *node = (AsNode){AS_NODE_FIXED, ret, {NULL}, NULL, n, 1, NULL, 0, 0, 0, NULL};
  node->strategies = alloc(p, sizeof(AsStrategy));
  GspmdSharding *tensors = alloc(p, sizeof(GspmdSharding) * (size_t)(n + 1));
  node->strategies[0].tensors = tensors;
  for (int i = 0; i < n && !p->failed; ++i) {
    AsSource src = {0, 0, 0, 0, {0}, {NULL}};
    bool shaped = valueShape(mlirOperationGetOperand(ret, i), &src);
    tensors[i] = gspmdShardingReplicated(shaped ? src.rank : 0);
    MlirAttribute a = asFuncSharding(p->func, "res_attrs", i);
    if (shaped && !mlirAttributeIsNull(a))
      readSharding(p, a, src.rank, p->func, &tensors[i]);
  }
}

/* Made from nothing: made again in any layout by the partitioner. */
static bool isFree(MlirOperation op) {
  return gspmdOpFacts(op).remake != GSPMD_REMAKE_NONE;
}

/* Whether some result of op is read by an op of `block` not in p->dead. */
static bool readByLiveOp(const AsProblem *p, MlirOperation op,
                         MlirBlock block) {
  for (intptr_t r = 0; r < mlirOperationGetNumResults(op); ++r)
    for (MlirOpOperand use =
             mlirValueGetFirstUse(mlirOperationGetResult(op, r));
         !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
      MlirOperation owner = gspmdAncestorIn(mlirOpOperandGetOwner(use), block);
      if (mlirOperationIsNull(owner) || gspmdPtrMapGet(&p->dead, owner.ptr) < 0)
        return true;
    }
  return false;
}

/* The ops canonicalize erases after the partitioner (gspmd-spmd ends with
 * it): free of effects but their results, which no live op reads. The
 * reshards the partitioner makes for them go with them (collectives have
 * no memory effects), so they are not nodes and cost nothing: charged,
 * they made the prediction exceed the comm report. Backwards, so that an
 * op read only by dead ones is dead too. */
static void findDead(AsProblem *p, MlirBlock block) {
  GspmdVec ops;
  gspmdVecInit(&ops, sizeof(MlirOperation));
  for (MlirOperation op = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    *(MlirOperation *)gspmdVecPush(&ops) = op;
  for (size_t i = ops.size; i-- > 0;) {
    MlirOperation op = GSPMD_VEC_AT(&ops, MlirOperation, i);
    if (gspmdOpWouldBeDead(op) && !readByLiveOp(p, op, block))
      gspmdPtrMapPut(&p->dead, op.ptr, 1);
  }
  gspmdVecFree(&ops);
}

static void visitOp(AsProblem *p, MlirOperation op) {
  if (isOp(op, "func.return")) {
    returnNode(p, op);
    return;
  }
  if (isFree(op) || gspmdPtrMapGet(&p->dead, op.ptr) >= 0)
    return;
  GspmdOpRule *rules;
  int num_rules = 0;
  GspmdRuleStatus status =
      isOp(op, "gspmd.sharding_constraint")
          ? GSPMD_RULE_NONE
          : gspmdBuildOpRules(&p->rules, op, &rules, &num_rules);
  if (status == GSPMD_RULE_SKIP)
    return;
  /* An op without a local form the partitioner computes whole, whatever
   * its rule allows (Partition/Walk.c): so does the pass. */
  if (status == GSPMD_RULE_OK && num_rules == 1 && ruleFits(&rules[0]) &&
      gspmdOpFacts(op).local_form)
    opNode(p, op, &rules[0]);
  else
    fixedNode(p, op);
}

/*===-- Edges -------------------------------------------------------------===*/

/* Groups the n shardings sh(i) by equality: class[i], and each group's
 * first member into first[]; returns the number of groups. */
static int groupShardings(AsProblem *p, int n, const GspmdSharding **sh,
                          int *class, int *first) {
  int groups = 0;
  for (int i = 0; i < n; ++i) {
    int g = 0;
    while (g < groups && !gspmdShardingEqual(sh[first[g]], sh[i]))
      ++g;
    if (g == groups)
      first[groups++] = i;
    class[i] = g;
  }
  (void)p;
  return groups;
}

/* Consumer node c reads value v as its tensor t. */
static void addEdge(AsProblem *p, int c, int t, MlirValue v) {
  int si = sourceOf(p, v);
  if (si < 0)
    return;
  AsSource src = *AS_SOURCE(p, si);
  AsNode *from = AS_NODE(p, src.node), *to = AS_NODE(p, c);
  int na = from->num_strategies, nb = to->num_strategies;
  const GspmdSharding **sh =
      malloc(sizeof(GspmdSharding *) * (size_t)(na > nb ? na : nb));
  int *fa = malloc(sizeof(int) * (size_t)na),
      *fb = malloc(sizeof(int) * (size_t)nb);
  AsEdge e = {src.node,
              c,
              si,
              t,
              -1,
              NULL,
              0,
              0,
              alloc(p, sizeof(int) * (size_t)na),
              alloc(p, sizeof(int) * (size_t)nb),
              NULL,
              NULL,
              NULL,
              0,
              AS_SIDE_EXACT,
              AS_SIDE_EXACT};
  for (int a = 0; a < na; ++a)
    sh[a] = asSourceSharding(p, &src, a);
  e.num_from = groupShardings(p, na, sh, e.from_class, fa);
  for (int b = 0; b < nb; ++b)
    sh[b] = &to->strategies[b].tensors[t];
  e.num_to = groupShardings(p, nb, sh, e.to_class, fb);
  size_t pairs = (size_t)e.num_from * (size_t)e.num_to;
  e.bytes = alloc(p, sizeof(int64_t) * pairs);
  e.cost = alloc(p, sizeof(int64_t) * pairs);
  bool any = false;
  for (int a = 0; a < e.num_from; ++a)
    for (int b = 0; b < e.num_to; ++b) {
      size_t k = (size_t)a * (size_t)e.num_to + (size_t)b;
      e.bytes[k] = reshardBytes(p, &src, asSourceSharding(p, &src, fa[a]), NULL,
                                0, GSPMD_REDUCTION_SUM,
                                &to->strategies[fb[b]].tensors[t], &e.cost[k]);
      any |= e.bytes[k] > 0;
    }
  free(sh);
  free(fa);
  free(fb);
  if (any)
    *(AsEdge *)gspmdVecPush(&p->edges) = e;
}

/* Unannotated result i, when it replaces an argument: the argument's node
 * reads it, in the argument's sharding (the reshard at the return). */
static void carriedEdge(AsProblem *p, int i, MlirValue v) {
  if (i >= p->num_results || p->arg_of_result[i] < 0)
    return;
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(p->func, 0));
  int si = sourceOf(p, mlirBlockGetArgument(entry, p->arg_of_result[i]));
  int from = sourceOf(p, v);
  if (si >= 0 && from >= 0 &&
      AS_SOURCE(p, from)->node != AS_SOURCE(p, si)->node)
    addEdge(p, AS_SOURCE(p, si)->node, 0, v);
}

/* Node c's captures, its last tensors (fixedNode, opNode). */
static void captureEdges(AsProblem *p, int c) {
  int first = AS_NODE(p, c)->num_tensors - AS_NODE(p, c)->num_captures;
  for (int k = 0; k < AS_NODE(p, c)->num_captures; ++k)
    addEdge(p, c, first + k, AS_NODE(p, c)->captures[k]);
}

static void edgesInto(AsProblem *p, int c) {
  AsNode *node = AS_NODE(p, c);
  if (node->kind == AS_NODE_OP) {
    const GspmdOpRule *r = node->rule;
    for (int t = 0; t < r->num_tensors; ++t)
      if (gspmdRoleIsRead(r->tensors[t].role))
        addEdge(p, c, t, r->ids[t].value);
    captureEdges(p, c);
    return;
  }
  if (node->kind != AS_NODE_FIXED)
    return;
  bool ret = isOp(node->op, "func.return");
  int nops = (int)mlirOperationGetNumOperands(node->op);
  for (int i = 0; i < nops; ++i)
    if (!ret || !mlirAttributeIsNull(asFuncSharding(p->func, "res_attrs", i)))
      addEdge(p, c, i, mlirOperationGetOperand(node->op, i));
    else
      carriedEdge(p, i, mlirOperationGetOperand(node->op, i));
  if (!ret)
    captureEdges(p, c);
}

/*===-- Memory ------------------------------------------------------------===*/

typedef struct LiveCollect {
  AsProblem *p;
  GspmdVec *live;
} LiveCollect;

static int64_t collectLive(void *user, MlirValue v) {
  LiveCollect *lc = user;
  int si = sourceOf(lc->p, v);
  if (si >= 0)
    *(int *)gspmdVecPush(lc->live) = si;
  return 0;
}

static void addStep(AsProblem *p, int n) {
  GspmdVec live;
  gspmdVecInit(&live, sizeof(int));
  LiveCollect lc = {p, &live};
  gspmdLiveBytesAcross(AS_NODE(p, n)->op, collectLive, &lc);
  AsStep *step = gspmdVecPush(&p->steps);
  step->node = n;
  step->num_live = (int)live.size;
  step->live = alloc(p, sizeof(int) * (live.size + 1));
  if (live.size) /* an empty vector has no data to copy from */
    memcpy(step->live, live.data, sizeof(int) * live.size);
  gspmdVecFree(&live);
}

/*===-- The problem -------------------------------------------------------===*/

static bool findMesh(AsProblem *p) {
  GspmdVec meshes;
  gspmdVecInit(&meshes, sizeof(GspmdModuleMesh));
  gspmdCollectMeshes(p->module, &p->arena, &meshes);
  bool ok = meshes.size > 0 && GSPMD_VEC_AT(&meshes, GspmdModuleMesh, 0).valid;
  if (ok) {
    p->mesh = GSPMD_VEC_AT(&meshes, GspmdModuleMesh, 0).mesh;
    p->mesh_name = GSPMD_VEC_AT(&meshes, GspmdModuleMesh, 0).name;
  }
  gspmdVecFree(&meshes);
  if (!ok)
    fail(p, p->module, "the module has no (valid) gspmd.mesh to shard over");
  return ok;
}

static void problemInit(AsProblem *p, MlirOperation module,
                        MlirOperation func) {
  memset(p, 0, sizeof(*p));
  p->module = module;
  p->func = func;
  gspmdRuleContextInit(&p->rules, &p->arena, module, &p->funcs);
  gspmdVecInit(&p->nodes, sizeof(AsNode));
  gspmdVecInit(&p->edges, sizeof(AsEdge));
  gspmdVecInit(&p->shares, sizeof(AsShare));
  gspmdVecInit(&p->sources, sizeof(AsSource));
  gspmdVecInit(&p->steps, sizeof(AsStep));
  p->scratch = gspmdArenaAlloc(&p->arena, sizeof(GspmdReshardPlan));
}

/* The axes' weights (autoshard.h): every mesh axis needs a bandwidth, and
 * every bandwidth a mesh axis. */
static bool weighAxes(AsProblem *p, const AsObjective *o) {
  char text[256];
  for (int a = 0; a < p->mesh.num_axes; ++a)
    p->axis_weight[a] = 1;
  if (!o->time)
    return true;
  double bandwidth[GSPMD_MAX_MESH_AXES] = {0}, fastest = 0;
  for (int i = 0; i < o->num_axes; ++i) {
    int a = gspmdMeshFindAxis(&p->mesh, o->axes[i].name);
    if (a < 0) {
      snprintf(text, sizeof(text),
               "axes-bandwidth names '%s', which is no axis of mesh @%.*s",
               o->axes[i].name, (int)p->mesh_name.length, p->mesh_name.data);
      fail(p, p->func, text);
      return false;
    }
    bandwidth[a] = o->axes[i].bytes_per_second;
  }
  for (int a = 0; a < p->mesh.num_axes; ++a) {
    if (bandwidth[a] <= 0) {
      snprintf(text, sizeof(text),
               "objective=time needs the bandwidth of mesh axis '%s' "
               "(axes-bandwidth=AXIS:BYTES_PER_SECOND,...)",
               p->mesh.axis_names[a]);
      fail(p, p->func, text);
      return false;
    }
    fastest = bandwidth[a] > fastest ? bandwidth[a] : fastest;
  }
  for (int a = 0; a < p->mesh.num_axes; ++a)
    p->axis_weight[a] = fastest / bandwidth[a];
  p->seconds_per_unit = 1 / fastest;
  return true;
}

bool asFormulate(AsProblem *p, MlirOperation module, MlirOperation func,
                 const AsObjective *objective, bool uneven) {
  problemInit(p, module, func);
  p->uneven = uneven;
  if (!findMesh(p) || !weighAxes(p, objective))
    return false;
  MlirRegion body = mlirOperationGetRegion(func, 0);
  MlirBlock block = mlirRegionGetFirstBlock(body);
  if (mlirBlockIsNull(block) ||
      !mlirBlockIsNull(mlirBlockGetNextInRegion(block))) {
    fail(p, func, "the entry function must have one block");
    return false;
  }
  argNodes(p);
  findDead(p, block);
  for (MlirOperation op = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(op) && !p->failed;
       op = mlirOperationGetNextInBlock(op))
    visitOp(p, op);
  if (!p->failed)
    asMeasureInner(p);
  for (int n = 0; n < (int)p->nodes.size && !p->failed; ++n) {
    edgesInto(p, n);
    if (AS_NODE(p, n)->kind != AS_NODE_ARG &&
        !isOp(AS_NODE(p, n)->op, "func.return"))
      addStep(p, n);
  }
  asFindShares(p);
  return !p->failed;
}

void asProblemFree(AsProblem *p) {
  gspmdRuleContextFree(&p->rules, &p->funcs);
  gspmdVecFree(&p->nodes);
  gspmdVecFree(&p->edges);
  gspmdVecFree(&p->shares);
  gspmdVecFree(&p->sources);
  gspmdVecFree(&p->steps);
  gspmdPtrMapFree(&p->source_of);
  gspmdPtrMapFree(&p->dead);
  gspmdArenaFree(&p->arena);
}
