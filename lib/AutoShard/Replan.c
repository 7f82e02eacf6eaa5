/*
 * Replan.c - keeping the partitioner on the plan gspmd-auto-shard chose
 * for a contraction.
 *
 * The pass writes an op's result layout, not its factor axes. For a
 * contraction (an op with a reduction factor) gspmd-partition weighs plans
 * again (Strategy.c, gspmdChooseStrategy) from the layouts its operands
 * have and its result is wanted in: its own default, the splits the
 * tensors' layouts project onto the factors and their merges. The pass's
 * strategy need not be among them (test/AutoShard/replan.mlir: a split of
 * only part of an operand's axes), and the partitioner then makes another
 * plan, which can send more than predicted. Where that would happen, the
 * operands the strategy reshards are written resharded, as
 * sharding_constraints before the op: the partitioner's default plan is
 * then the pass's.
 *
 * The question is put to the partitioner's own chooser, twice, on the
 * layouts the partitioner will see: once with the pass's strategy as the
 * default (which wins ties): a choice other than it is a plan the
 * partitioner finds from those layouts and costs strictly less (a windowed
 * loop, a layout sliced from another), and the operands are left as they
 * are, unless the pass had a budget: the partitioner weighs plans without
 * it, and one sending less than the pass's optimum within the budget holds
 * more than the budget, so the operands are written resharded then too; once
 * with no split as the default: when that choice is not the pass's strategy
 * either, the strategy is not among the plans the partitioner makes by itself,
 * or ties with one, and the operands are written resharded (on a tie that sends
 * as many bytes).
 *
 * Assumes: the choice is written back (WriteBack.c, Share.c's copies); the
 * problem's edges and strategies are those of the choice. The chooser is
 * asked without the partitioner's memory budget (gspmd.memory_budget) and
 * its reshard cache: where those decide, the partitioner may still make
 * another plan.
 */
#include "autoshard.h"

#include "gspmd-c/Dialect.h"
#include "gspmd/build.h"

#include "../Transforms/Partition/strategy.h"

#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

static bool hasReductionFactor(const GspmdOpRule *r) {
  for (int f = 0; f < r->num_factors; ++f)
    if (r->factor_kind[f] == GSPMD_FACTOR_REDUCTION)
      return true;
  return false;
}

static bool isWindowFactor(const GspmdOpRule *r, int f) {
  return r->factor_kind[f] == GSPMD_FACTOR_WINDOW ||
         gspmdRuleFactorIsWindowed(r, f);
}

/* The partitioner weighs plans only for rules whose dims hold one factor
 * each, of operands, gather reads and results (OpsByRule.c). A
 * convolution's plans pin its window factors as the partitioner's default
 * has them and feed windows by pieces (Halos.c), which the chooser asked
 * here does not see: it is asked only when the chosen strategy splits no
 * window factor, and then none of the plans it weighs does (a window
 * factor the default leaves unsplit is never split). */
static bool weighedByPartitioner(const AsNode *node) {
  const GspmdOpRule *r = node->rule;
  if (!hasReductionFactor(r))
    return false;
  const GspmdFactorAxes *mine = node->strategies[node->chosen].axes;
  for (int f = 0; f < r->num_factors; ++f)
    if (isWindowFactor(r, f) && mine[f].num_axes > 0)
      return false;
  for (int t = 0; t < r->num_tensors; ++t) {
    if (r->tensors[t].role == GSPMD_ROLE_OTHER)
      return false;
    for (int d = 0; d < r->tensors[t].rank; ++d)
      if (r->tensors[t].dim_num_factors[d] > 1)
        return false;
  }
  return true;
}

/* The edges into each tensor of each node: edge_into[first[n] + t], -1
 * for none (an operand made from nothing). */
typedef struct Into {
  int *first; /* [nodes + 1] */
  int *edge;  /* [first[nodes]] */
} Into;

static Into intoOf(const AsProblem *p) {
  int nodes = (int)p->nodes.size;
  Into in = {malloc(sizeof(int) * ((size_t)nodes + 1)), NULL};
  in.first[0] = 0;
  for (int n = 0; n < nodes; ++n)
    in.first[n + 1] = in.first[n] + AS_NODE((AsProblem *)p, n)->num_tensors;
  in.edge = malloc(sizeof(int) * ((size_t)in.first[nodes] + 1));
  for (int k = 0; k < in.first[nodes]; ++k)
    in.edge[k] = -1;
  for (int i = 0; i < (int)p->edges.size; ++i) {
    const AsEdge *e = AS_EDGE((AsProblem *)p, i);
    in.edge[in.first[e->to] + e->to_tensor] = i;
  }
  return in;
}

/* The layout the partitioner sees on tensor t of node n: a result's
 * written annotation; an operand's producer layout, or the copy's it now
 * reads (Share.c). */
static void seenTensor(const AsProblem *p, const Into *in, int n, int t,
                       GspmdStrategyTensor *out) {
  const AsNode *node = AS_NODE((AsProblem *)p, n);
  const GspmdRuleTensor *x = &node->rule->tensors[t];
  const GspmdSharding *mine = &node->strategies[node->chosen].tensors[t];
  MlirValue v = node->rule->ids[t].value;
  memset(out, 0, sizeof(*out));
  out->hoisted_trips = 1;
  out->element_bytes =
      gspmdElementBytes(mlirShapedTypeGetElementType(mlirValueGetType(v)));
  out->cur = *mine;
  if (x->role == GSPMD_ROLE_RESULT)
    return;
  int ei = in->edge[in->first[n] + t];
  const AsEdge *e = ei >= 0 ? AS_EDGE((AsProblem *)p, ei) : NULL;
  if (!e) { /* made from nothing: the partitioner makes it in any layout */
    out->free = true;
    out->cur = gspmdShardingReplicated(x->rank);
    return;
  }
  if (x->role == GSPMD_ROLE_OPERAND &&
      !mlirValueEqual(mlirOperationGetOperand(node->op, x->position),
                      AS_SOURCE((AsProblem *)p, e->source)->value))
    return; /* it reads a copy in its own layout */
  const AsNode *from = AS_NODE((AsProblem *)p, e->from);
  out->cur =
      *asSourceSharding(p, AS_SOURCE((AsProblem *)p, e->source), from->chosen);
}

/* Whether the partitioner, left to itself, makes another plan than node
 * n's chosen strategy that does not send strictly less (see the top). */
static bool wouldReplan(const AsProblem *p, const Into *in, int n) {
  const AsNode *node = AS_NODE((AsProblem *)p, n);
  const GspmdOpRule *r = node->rule;
  const GspmdFactorAxes *mine = node->strategies[node->chosen].axes;
  GspmdReduction mask[64];
  bool maskable = true;
  if (mlirOperationGetNumOperands(node->op) > 64)
    return false;
  GspmdStrategyTensor *ts =
      calloc((size_t)r->num_tensors + 1, sizeof(GspmdStrategyTensor));
  for (int t = 0; t < r->num_tensors; ++t)
    seenTensor(p, in, n, t, &ts[t]);
  GspmdStrategyProblem pb = {.rule = r, .mesh = &p->mesh, .tensors = ts};
  pb.reduce = gspmdOpReduction(node->op, mask, &maskable);
  pb.uneven_reductions = maskable;
  GspmdFactorAxes *out =
      calloc((size_t)r->num_factors + 1, sizeof(GspmdFactorAxes));
  GspmdFactorAxes *none =
      calloc((size_t)r->num_factors + 1, sizeof(GspmdFactorAxes));
  GspmdStrategyWindow window;
  gspmdChooseStrategy(&pb, mine, out, &window, NULL, 0);
  bool replan = p->budget > 0; /* a cheaper plan, over the budget */
  if (gspmdFactorAxesEqual(out, mine, r->num_factors)) {
    gspmdChooseStrategy(&pb, none, out, &window, NULL, 0);
    replan = !gspmdFactorAxesEqual(out, mine, r->num_factors);
  }
  free(ts);
  free(out);
  free(none);
  return replan;
}

/* Edge e's operand written resharded to what node `to` reads, when that
 * moves bytes. A slice (no bytes) is left to the partitioner: from the
 * unsliced layout it can find a plan the pass does not model, below the
 * pass's optimum (test/E2E/matmul-conflicts, bench/RESULTS.md). */
static void writeResharded(const AsProblem *p, const AsEdge *e) {
  const AsNode *to = AS_NODE((AsProblem *)p, e->to);
  const AsNode *from = AS_NODE((AsProblem *)p, e->from);
  const GspmdRuleTensor *x = &to->rule->tensors[e->to_tensor];
  MlirValue v = AS_SOURCE((AsProblem *)p, e->source)->value;
  if (x->role != GSPMD_ROLE_OPERAND ||
      asEdgeBytes(e, from->chosen, to->chosen) <= 0 ||
      !mlirValueEqual(mlirOperationGetOperand(to->op, x->position), v))
    return;
  mlirOperationSetOperand(
      to->op, x->position,
      asWriteConstraint(p, to->op, v,
                        &to->strategies[to->chosen].tensors[e->to_tensor]));
}

void asWriteReplanned(AsProblem *p) {
  int nodes = (int)p->nodes.size;
  bool *replan = calloc((size_t)nodes + 1, sizeof(bool));
  Into in = intoOf(p);
  for (int n = 0; n < nodes; ++n)
    replan[n] = AS_NODE(p, n)->kind == AS_NODE_OP &&
                weighedByPartitioner(AS_NODE(p, n)) && wouldReplan(p, &in, n);
  free(in.first);
  free(in.edge);
  for (int i = 0; i < (int)p->edges.size; ++i)
    if (replan[AS_EDGE(p, i)->to])
      writeResharded(p, AS_EDGE(p, i));
  free(replan);
}
