/*
 * WriteBack.c - gspmd-auto-shard's choice as ordinary annotations, and what
 * it says about it.
 *
 * Every entry argument and result gets the gspmd.sharding of its chosen
 * strategy (the user's stay as written), every op node's results the
 * projection of its chosen factor axes (a gspmd.sharding array, as
 * gspmd-complete writes), so gspmd-complete fills in what is left (values
 * made from nothing, ops kept replicated) and gspmd-partition partitions
 * the choice. The certificate is a remark on the function: the optimum,
 * CBC's best bound, whether it is proven, the peak against the budget, the
 * size of the program and the solve time. explain=true adds a remark per
 * op: the chosen strategy, what it costs with its neighbours' choices (its
 * combine and the reshards into and out of it) and the runner-up, the next
 * cheapest strategy of the op with the neighbours kept.
 *
 * Assumes: asSolve found a choice (each node's `chosen`).
 */
#include "autoshard.h"

#include "../Transforms/Partition/strategy.h"

#include "gspmd-c/Dialect.h"
#include "gspmd/build.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Func.h"

#include <stdio.h>
#include <string.h>

static MlirAttribute shardingAttr(const AsProblem *p, const GspmdSharding *s) {
  return gspmdShardingToAttr(mlirOperationGetContext(p->module), p->mesh_name,
                             &p->mesh, s);
}

MlirValue asWriteConstraint(const AsProblem *p, MlirOperation before,
                            MlirValue v, const GspmdSharding *s) {
  GspmdBuilder b = gspmdBuilderBefore(before);
  return gspmdBuildShardingConstraint(&b, v, shardingAttr(p, s), false);
}

static void writeArg(const AsProblem *p, const AsNode *node) {
  intptr_t pos = mlirBlockArgumentGetArgNumber(node->arg);
  mlirFuncSetArgAttr(
      p->func, pos, gspmdShardingAttrName(),
      shardingAttr(p, &node->strategies[node->chosen].tensors[0]));
}

/* attrs[0..nr) replicated, one per result of op. */
static void replicatedResults(MlirOperation op, intptr_t nr,
                              MlirAttribute *attrs) {
  for (intptr_t i = 0; i < nr; ++i)
    attrs[i] = gspmdReplicatedAttrGet(mlirOperationGetContext(op));
}

/* op's gspmd.sharding: attrs[0..nr), one per result. */
static void setResults(MlirOperation op, intptr_t nr,
                       const MlirAttribute *attrs) {
  mlirOperationSetDiscardableAttributeByName(
      op, gspmdShardingAttrName(),
      mlirArrayAttrGet(mlirOperationGetContext(op), nr, attrs));
}

/* Result tensor t of an op node whose chosen strategy computes it in its
 * projection and then reshards it to the user's annotation on the op (as
 * Formulate.c's costStrategy counts it, partial sums aside): the op is
 * written in the projection and the user's layout becomes a constraint on
 * the result, which every reader reads. Left on the op, the annotation
 * made the partitioner compute the op in it and reshard the operands
 * there instead (test/AutoShard/op-annotations.mlir). False, writing
 * nothing, when the result is in its projection. */
static bool writeAnnotatedResult(const AsProblem *p, const AsNode *node, int t,
                                 MlirAttribute *attr) {
  const AsStrategy *st = &node->strategies[node->chosen];
  GspmdSharding proj;
  gspmdProjectFromFactors(node->rule, t, &p->mesh, st->axes, &proj);
  if (st->scatter || gspmdShardingEqual(&proj, &st->tensors[t]) ||
      gspmdPartialOf(node->rule, st->axes, GSPMD_REDUCTION_NONE).num_axes)
    return false;
  *attr = shardingAttr(p, &proj);
  MlirValue v =
      mlirOperationGetResult(node->op, node->rule->tensors[t].position);
  GspmdBuilder b = gspmdBuilderAfter(node->op);
  MlirValue c = gspmdBuildShardingConstraint(
      &b, v, shardingAttr(p, &st->tensors[t]), false);
  MlirOperation owner = mlirOpResultGetOwner(c);
  mlirValueReplaceAllUsesExcept(v, c, 1, &owner);
  return true;
}

static void writeOp(const AsProblem *p, const AsNode *node) {
  intptr_t nr = mlirOperationGetNumResults(node->op);
  MlirAttribute attrs[64];
  if (nr > 64)
    return;
  replicatedResults(node->op, nr, attrs);
  const GspmdOpRule *r = node->rule;
  for (int t = 0; t < r->num_tensors; ++t) {
    if (r->tensors[t].role != GSPMD_ROLE_RESULT)
      continue;
    MlirAttribute *a = &attrs[r->tensors[t].position];
    if (!writeAnnotatedResult(p, node, t, a))
      *a = shardingAttr(p, &node->strategies[node->chosen].tensors[t]);
  }
  setResults(node->op, nr, attrs);
}

/* Op's results written replicated, unless it has a gspmd.sharding of its
 * own (the user's, or a constraint's). */
static MlirWalkResult writeReplicated(MlirOperation op, void *user) {
  (void)user;
  intptr_t nr = mlirOperationGetNumResults(op);
  MlirAttribute attrs[64];
  if (nr == 0 || nr > 64 ||
      gspmdStringRefEq(gspmdOpName(op), "gspmd.sharding_constraint") ||
      !mlirAttributeIsNull(mlirOperationGetDiscardableAttributeByName(
          op, gspmdShardingAttrName())))
    return MlirWalkResultAdvance;
  replicatedResults(op, nr, attrs);
  setResults(op, nr, attrs);
  return MlirWalkResultAdvance;
}

typedef struct NestedUse {
  MlirValue from, to;
} NestedUse;

static void replaceNestedUse(MlirOperation user, intptr_t i, void *data) {
  const NestedUse *u = data;
  if (mlirValueEqual(mlirOperationGetOperand(user, i), u->from))
    mlirOperationSetOperand(user, i, u->to);
}

/* Whether the partitioner takes fixed op `op`'s operands in the layouts
 * of its node only when they are written: a pipeline is rewritten into a
 * loop before completion, which would carry an operand's split into it
 * (and gather each micro-batch there); a loop or branch may take it into
 * its body. Not so a manual region (its in_shardings) or an op without
 * regions (its operands are resharded to its own layout). */
static bool writesOperands(MlirOperation op) {
  return mlirOperationGetNumRegions(op) > 0 &&
         !gspmdStringRefEq(gspmdOpName(op), "gspmd.manual_computation");
}

/* The boundary of the fixed nodes with regions, where it moves bytes,
 * written as the cost counts it and as Inner.c measured the op: what
 * their regions read from the block (their captures) resharded whole
 * once before each node, its regions reading the copy (the partitioner,
 * partitioning each region apart, gathered a capture again in every
 * branch of an scf.if that read it), and their operands resharded to the
 * node's layouts (writesOperands). One pass over the edges: a capture is
 * the tail of its node's tensors. */
static void writeBoundaries(const AsProblem *p) {
  for (int i = 0; i < (int)p->edges.size; ++i) {
    const AsEdge *e = AS_EDGE((AsProblem *)p, i);
    const AsNode *node = AS_NODE((AsProblem *)p, e->to);
    int first = node->num_tensors - node->num_captures;
    if (node->kind != AS_NODE_FIXED || !writesOperands(node->op) ||
        asEdgeBytes(e, AS_NODE((AsProblem *)p, e->from)->chosen,
                    node->chosen) <= 0)
      continue;
    const GspmdSharding *want = &node->strategies[0].tensors[e->to_tensor];
    if (e->to_tensor < (int)mlirOperationGetNumOperands(node->op)) {
      MlirValue v = mlirOperationGetOperand(node->op, e->to_tensor);
      mlirOperationSetOperand(node->op, e->to_tensor,
                              asWriteConstraint(p, node->op, v, want));
    } else if (e->to_tensor >= first) {
      NestedUse u = {node->captures[e->to_tensor - first], {NULL}};
      u.to = asWriteConstraint(p, node->op, u.from, want);
      gspmdForEachNestedOperand(node->op, replaceNestedUse, &u);
    }
  }
}

/* An op the pass runs replicated (no rule, or control flow: Formulate.c's
 * fixed nodes) is written so, with every op in its regions: left to
 * gspmd-complete, a loop took its operands' layouts into its body and
 * resharded there every iteration, where the cost counted one reshard of
 * its operands to replicated. A manual region keeps its boundary shardings
 * (the node's layouts) and its body, the user's per-device program. */
void asWriteFixedOp(MlirOperation op) {
  if (!gspmdStringRefEq(gspmdOpName(op), "gspmd.manual_computation"))
    mlirOperationWalk(op, writeReplicated, NULL, MlirWalkPreOrder);
}

/* Whether the function's argument or result i (list: "arg_attrs" or
 * "res_attrs") has a gspmd.sharding of its own. */
static bool hasAnnotation(const AsProblem *p, const char *list, int i) {
  return !mlirAttributeIsNull(asFuncSharding(p->func, list, i));
}

/* A call's callee gets its bare tensor arguments and results written
 * replicated, as the cost counts them (Formulate.c's callSharding): left
 * bare, gspmd-complete gave them the layouts of a call's operands, the
 * callee ran split, and its results were gathered again where they were
 * read whole. The callee keeps its own annotations. */
void asWriteCallee(MlirOperation f) {
  MlirAttribute whole = gspmdReplicatedAttrGet(mlirOperationGetContext(f));
  MlirType type = mlirTypeAttrGetValue(
      mlirOperationGetAttributeByName(f, gspmdStr("function_type")));
  for (intptr_t i = 0; i < mlirFunctionTypeGetNumInputs(type); ++i)
    if (mlirTypeIsATensor(mlirFunctionTypeGetInput(type, i)) &&
        mlirAttributeIsNull(asFuncSharding(f, "arg_attrs", (int)i)))
      mlirFuncSetArgAttr(f, i, gspmdShardingAttrName(), whole);
  for (intptr_t i = 0; i < mlirFunctionTypeGetNumResults(type); ++i)
    if (mlirTypeIsATensor(mlirFunctionTypeGetResult(type, i)) &&
        mlirAttributeIsNull(asFuncSharding(f, "res_attrs", (int)i)))
      mlirFuncSetResultAttr(f, i, gspmdShardingAttrName(), whole);
}

/* Unannotated results take the returned value's sharding, or the
 * argument's they replace (gspmd.aliasing_output: Formulate.c). */
static void writeResults(const AsProblem *p, MlirOperation ret) {
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(p->func, 0));
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(ret); ++i) {
    MlirValue v = mlirOperationGetOperand(ret, i);
    if (i < p->num_results && p->arg_of_result[i] >= 0)
      v = mlirBlockGetArgument(entry, p->arg_of_result[i]);
    int si = gspmdPtrMapGet(&p->source_of, v.ptr);
    if (si < 0 || hasAnnotation(p, "res_attrs", (int)i))
      continue;
    const AsSource *src = &GSPMD_VEC_AT(&p->sources, AsSource, si);
    const AsNode *n = &GSPMD_VEC_AT(&p->nodes, AsNode, src->node);
    mlirFuncSetResultAttr(p->func, i, gspmdShardingAttrName(),
                          shardingAttr(p, asSourceSharding(p, src, n->chosen)));
  }
}

/* An argument the user did not annotate, even with one strategy: left
 * bare, gspmd-complete would give it the sharding of a use (a constraint
 * reading it), and what reads it whole would gather it. */
static bool writesArg(const AsProblem *p, const AsNode *node) {
  return !hasAnnotation(p, "arg_attrs",
                        (int)mlirBlockArgumentGetArgNumber(node->arg));
}

/* A call: its results in its callee's signature (Formulate.c's
 * callSharding), the bare parts of which are written replicated. */
static void writeCall(const AsProblem *p, const AsNode *node) {
  intptr_t nops = mlirOperationGetNumOperands(node->op);
  intptr_t nr = mlirOperationGetNumResults(node->op);
  MlirAttribute attrs[64];
  if (nr > 64)
    return;
  for (intptr_t r = 0; r < nr; ++r)
    attrs[r] = shardingAttr(p, &node->strategies[0].tensors[nops + r]);
  if (nr > 0)
    setResults(node->op, nr, attrs);
  MlirOperation f = gspmdFuncTableCallee(&p->funcs, node->op);
  if (!mlirOperationIsNull(f))
    asWriteCallee(f);
}

void asWriteBack(AsProblem *p) {
  for (int n = 0; n < (int)p->nodes.size; ++n) {
    AsNode *node = AS_NODE(p, n);
    if (node->kind == AS_NODE_ARG && writesArg(p, node))
      writeArg(p, node);
    else if (node->kind == AS_NODE_OP)
      writeOp(p, node);
    else if (node->kind == AS_NODE_FIXED &&
             gspmdStringRefEq(gspmdOpName(node->op), "func.return"))
      writeResults(p, node->op);
    else if (node->kind == AS_NODE_FIXED &&
             gspmdStringRefEq(gspmdOpName(node->op), "func.call"))
      writeCall(p, node);
    else if (node->kind == AS_NODE_FIXED)
      asWriteFixedOp(node->op);
  }
  writeBoundaries(p);
}

void asPrintStrategy(const AsProblem *p, int n, int s, char *buf, size_t size) {
  const AsNode *node = &GSPMD_VEC_AT(&p->nodes, AsNode, n);
  GspmdWriter w = {buf, size, 0};
  gspmdPut(&w, "{");
  bool first = true;
  for (int f = 0; f < node->rule->num_factors; ++f) {
    const GspmdFactorAxes *fa = &node->strategies[s].axes[f];
    if (fa->num_axes <= 0)
      continue;
    char name[8];
    snprintf(name, sizeof(name), f < 18 ? "%c" : "f%d", f < 18 ? 'i' + f : f);
    gspmdPut(&w, "%s%s=", first ? "" : ", ", name);
    for (int k = 0; k < fa->num_axes; ++k)
      gspmdPut(&w, "%s%s", k ? "*" : "", p->mesh.axis_names[fa->axes[k]]);
    first = false;
  }
  gspmdPut(&w, "}%s", node->strategies[s].scatter ? " reduce_scatter" : "");
}

void asPrintCost(const AsProblem *p, int64_t cost, char *buf, size_t size) {
  if (p->seconds_per_unit > 0)
    snprintf(buf, size, "%.4g s", (double)cost * p->seconds_per_unit);
  else
    snprintf(buf, size, "%lld B", (long long)cost);
}

/* The cheapest strategy of node n other than its choice, or -1. */
static int runnerUp(const AsProblem *p, int n, int64_t *cost) {
  const AsNode *node = &GSPMD_VEC_AT(&p->nodes, AsNode, n);
  int best = -1;
  for (int s = 0; s < node->num_strategies; ++s) {
    if (s == node->chosen)
      continue;
    int64_t c = asLocalCost(p, n, s);
    if (best < 0 || c < *cost)
      best = s, *cost = c;
  }
  return best;
}

void asExplain(const AsProblem *p) {
  for (int n = 0; n < (int)p->nodes.size; ++n) {
    const AsNode *node = &GSPMD_VEC_AT(&p->nodes, AsNode, n);
    if (node->kind != AS_NODE_OP)
      continue;
    char text[1024], plan[256], other[256] = "none";
    char cost[32], combine[32], other_text[32];
    int64_t other_cost = 0;
    asPrintStrategy(p, n, node->chosen, plan, sizeof(plan));
    int r = runnerUp(p, n, &other_cost);
    if (r >= 0)
      asPrintStrategy(p, n, r, other, sizeof(other));
    asPrintCost(p, asLocalCost(p, n, node->chosen), cost, sizeof(cost));
    asPrintCost(p, node->strategies[node->chosen].op_cost, combine,
                sizeof(combine));
    asPrintCost(p, other_cost, other_text, sizeof(other_text));
    snprintf(text, sizeof(text),
             "gspmd-auto-shard: %s %s (combine %s) of %d strategies; "
             "runner-up %s %s",
             plan, cost, combine, node->num_strategies, other, other_text);
    gspmdEmitRemark(mlirOperationGetLocation(node->op), text);
  }
}

int asNumStrategies(const AsProblem *p) {
  int total = 0;
  for (int n = 0; n < (int)p->nodes.size; ++n)
    total += GSPMD_VEC_AT(&p->nodes, AsNode, n).num_strategies;
  return total;
}

/* How the repeated segments were used, and what that proves. */
static void repeatNote(const AsProblem *p, const AsSolution *sol, char *buf,
                       size_t size) {
  buf[0] = 0;
  if (sol->repeat_segments < 2)
    return;
  GspmdWriter w = {buf, size, 0};
  char cost[32];
  asPrintCost(p, sol->tied_cost, cost, sizeof(cost));
  gspmdPut(&w,
           "; repeated: %d segments of %d ops (and %d arguments) tied, "
           "solved as one (%d nodes) in %.3f s: %s",
           sol->repeat_segments, sol->repeat_period, sol->repeat_args,
           sol->folded_nodes, sol->tied_seconds, cost);
  if (sol->alike_segments > 0) {
    asPrintCost(p, sol->alike_cost, cost, sizeof(cost));
    gspmdPut(&w,
             ", started from every layer alike (%d segments, %d nodes): %s "
             "in %.3f s",
             sol->alike_segments, sol->alike_nodes, cost, sol->alike_seconds);
  }
  asPrintCost(p, sol->cost, cost, sizeof(cost));
  if (sol->rounded)
    gspmdPut(&w, "; the whole program's LP solution, rounded: %s", cost);
  const char *fewer = p->shares_dropped
                          ? "costs less, each use charged its own reshard"
                      : p->seconds_per_unit > 0 ? "costs less"
                                                : "sends fewer bytes";
  char lp[96]; /* the whole program's bounds, when there is an LP's */
  int k = snprintf(lp, sizeof(lp), "LP bound %.3f", sol->whole_bound);
  if (sol->averaged_bound >= 0)
    snprintf(lp + k, sizeof(lp) - (size_t)k, ", its layers averaged %.3f",
             sol->averaged_bound);
  if (sol->whole_bound < 0 && sol->repeat_proven)
    gspmdPut(&w,
             "; no plan of the whole program %s (the bound of its layers "
             "averaged, %.3f)",
             fewer, sol->averaged_bound);
  else if (sol->whole_bound < 0 && sol->averaged_bound >= 0)
    gspmdPut(&w,
             "; the whole program's LP did not finish within half the "
             "time left; the bound of its layers averaged: %.3f",
             sol->averaged_bound);
  else if (sol->whole_bound < 0)
    gspmdPut(&w, "; the whole program's LP did not finish within half the "
                 "time left: not proven");
  else if (sol->repeat_proven)
    gspmdPut(&w, "; no plan of the whole program %s (its %s)", fewer, lp);
  else if (sol->whole_solved)
    gspmdPut(&w,
             "; above the whole program's %s: the whole program was solved "
             "from the best of them",
             lp);
  else if (sol->whole_timed_out)
    gspmdPut(&w,
             "; above the whole program's %s, the whole program not "
             "searched (time limit)",
             lp);
  else if (p->start_only)
    gspmdPut(&w,
             "; above the whole program's %s (search=start: neither "
             "searched)",
             lp);
  else
    gspmdPut(&w,
             "; above the whole program's %s, not improved by solving the "
             "whole program",
             lp);
}

/* What the objective counts, for the certificate. */
static void objectiveNote(const AsProblem *p, const AsSolution *sol, char *buf,
                          size_t size) {
  if (p->seconds_per_unit <= 0) {
    snprintf(buf, size, "bytes");
    return;
  }
  char cost[32];
  asPrintCost(p, sol->cost, cost, sizeof(cost));
  snprintf(buf, size,
           "time: %s of communication, in bytes at the fastest axis's %.4g "
           "B/s",
           cost, 1 / p->seconds_per_unit);
}

void asCertificate(const AsProblem *p, const AsSolution *sol) {
  char text[2048], budget[64] = "no budget", repeat[512], objective[128];
  char search[160] = "", start[64];
  if (sol->start_cost >= 0) {
    asPrintCost(p, sol->start_cost, start, sizeof(start));
    snprintf(search, sizeof(search), ", started from a plan of %s%s", start,
             p->hint_taken ? " (the even splits' plan)" : "");
  } else if (p->hint_taken) {
    snprintf(search, sizeof(search), ", started from the even splits' plan");
  }
  repeatNote(p, sol, repeat, sizeof(repeat));
  objectiveNote(p, sol, objective, sizeof(objective));
  if (p->budget > 0)
    snprintf(budget, sizeof(budget), "budget %lld B", (long long)p->budget);
  const char *cost = p->seconds_per_unit > 0 ? "cost" : "bytes";
  char shares[256] = "each use its own reshard";
  if (p->shares_dropped) {
    char searched[32];
    asPrintCost(p, sol->searched_cost, searched, sizeof(searched));
    snprintf(shares, sizeof(shares),
             "each use its own reshard in the search: %s; the plan, %s so, "
             "costed and written with %d values resharded once per layout",
             p->shares_after ? "shared-reshards=after"
                             : "the shared reshards' LP ran out of time",
             searched, (int)p->shares.size);
  } else if (p->shares.size > 0)
    snprintf(shares, sizeof(shares),
             "%d values read by several uses, resharded once per layout",
             (int)p->shares.size);
  char hint[96] = "";
  if (p->hint_seconds > 0)
    snprintf(hint, sizeof(hint), " (of which %.3f s on even splits first)",
             p->hint_seconds);
  char inner[192] = "";
  if (p->num_inner > 0 || p->num_unmeasured > 0)
    snprintf(inner, sizeof(inner),
             " (%lld B of it inside %d op%s held fixed, measured by "
             "partitioning each alone%s)",
             (long long)p->inner_bytes, p->num_inner,
             p->num_inner == 1 ? "" : "s",
             p->num_unmeasured > 0 ? "; some could not be partitioned alone "
                                     "and count 0"
                                   : "");
  char bound[96];
  if (sol->bound >= 0 && sol->repeat_segments >= 2 &&
      sol->bound == sol->averaged_bound)
    snprintf(bound, sizeof(bound), "bound of the layers averaged %.3f",
             sol->bound);
  else if (sol->bound >= 0)
    snprintf(bound, sizeof(bound), "%s %.3f%s",
             p->start_only ? "LP bound" : "CBC best bound", sol->bound,
             p->shares_dropped ? " with each use its own reshard" : "");
  else
    snprintf(bound, sizeof(bound), "no bound within the time limit");
  char proven[96];
  snprintf(proven, sizeof(proven),
           "proven optimal in %s (the tie-break is not proven)", cost);
  snprintf(text, sizeof(text),
           "gspmd-auto-shard: predicted %lld B per device%s (objective %.3f: "
           "%s plus a tie-break below 1; %s), %s; peak "
           "%lld B per device, %s; %d nodes, %d strategies (%d dominated, %d "
           "unfit for the budget), %d edges (%s), %d columns (%d more "
           "pruned by reduced cost), %d rows, %d cover cuts%s; solved in "
           "%.3f s%s%s",
           (long long)sol->bytes, inner, sol->objective, objective, bound,
           p->shares_dropped && !sol->optimal
               ? "not proven optimal (shared reshards dropped)"
           : !sol->optimal && p->start_only
               ? "not proven optimal (search=start)"
           : !sol->optimal ? "not proven optimal (time limit)"
           : p->shares_dropped || sol->repeat_segments >= 2 ||
                   sol->bound < sol->objective - 1e-9
               ? proven
               : "proven optimal",
           (long long)sol->peak, budget, (int)p->nodes.size, asNumStrategies(p),
           p->num_dominated, p->num_unfit, (int)p->edges.size, shares,
           sol->num_vars, sol->num_pruned, sol->num_rows, sol->num_covers,
           search, sol->seconds + p->hint_seconds, hint, repeat);
  gspmdEmitRemark(mlirOperationGetLocation(p->func), text);
}
