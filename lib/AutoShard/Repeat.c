/*
 * Repeat.c - repeated layers solved once: gspmd-auto-shard finds the
 * longest run of the entry block that repeats one segment of ops (an
 * L-layer model: L segments), ties each node of segments 1..L-1 to the node
 * at the same place in segment 0 (and each argument read there to the
 * argument read at the same place), and solves the folded problem: one
 * column per tied class instead of one per node.
 *
 * Folding is exact for the plans it allows. The tied nodes have the same
 * strategies (checked here, strategy by strategy), so a plan in which every
 * member of a class takes its class's strategy costs, in the full problem,
 * what the folded problem charges: a class's op bytes are its members'
 * sum, an edge between two classes sums its members' edges' costs (the same
 * product of the same columns), an edge inside one class (a layer's
 * output read by the next layer at the same place) costs its diagonal, and
 * each step's memory row keeps its terms, added up per column. So the
 * solution is optimal among the plans in which every segment takes the
 * same strategies, and the certificate says that, not more: a plan that
 * alternates between layers is not considered. What bounds those plans
 * too is a second folded problem, the layers averaged (asFoldAveraged,
 * below): a relaxation of the whole program of one layer's size.
 *
 * Assumes: the problem is formulated (Formulate.c); nodes are the
 * arguments, then the block's ops in order. Segments are found from ops
 * equal in name, operand and result types, attributes and strategies, of
 * two ops or more; one run is folded (the one tying the most nodes), not
 * several different ones. With four segments or more the first and last
 * stay free; the same run with every segment tied is found alongside
 * (Solve.c solves it first, as the start of the tied plan).
 */
#include "autoshard.h"

#include "mlir-c/Support.h"

#include <stdlib.h>
#include <string.h>

#define AS_FORBIDDEN ((int64_t)1 << 50)

/*===-- Equal nodes -------------------------------------------------------===*/

static bool sameTypes(MlirOperation a, MlirOperation b) {
  intptr_t no = mlirOperationGetNumOperands(a);
  intptr_t nr = mlirOperationGetNumResults(a);
  if (no != mlirOperationGetNumOperands(b) ||
      nr != mlirOperationGetNumResults(b))
    return false;
  for (intptr_t i = 0; i < no; ++i)
    if (!mlirTypeEqual(mlirValueGetType(mlirOperationGetOperand(a, i)),
                       mlirValueGetType(mlirOperationGetOperand(b, i))))
      return false;
  for (intptr_t i = 0; i < nr; ++i)
    if (!mlirTypeEqual(mlirValueGetType(mlirOperationGetResult(a, i)),
                       mlirValueGetType(mlirOperationGetResult(b, i))))
      return false;
  return true;
}

/* The same strategies, in the same order: what makes tying two nodes a
 * restriction the folded problem prices exactly. */
static bool sameStrategies(const AsNode *a, const AsNode *b) {
  if (a->kind != b->kind || a->num_strategies != b->num_strategies ||
      a->num_tensors != b->num_tensors)
    return false;
  for (int s = 0; s < a->num_strategies; ++s) {
    const AsStrategy *x = &a->strategies[s], *y = &b->strategies[s];
    if (x->op_bytes != y->op_bytes || x->op_cost != y->op_cost ||
        !asSameLayouts(x, y, a->num_tensors))
      return false;
  }
  return true;
}

static bool sameOp(const AsNode *a, const AsNode *b) {
  if (a->kind != b->kind ||
      !mlirIdentifierEqual(mlirOperationGetName(a->op),
                           mlirOperationGetName(b->op)) ||
      !mlirAttributeEqual(gspmdOpAttributes(a->op), gspmdOpAttributes(b->op)))
    return false;
  return sameTypes(a->op, b->op) && sameStrategies(a, b);
}

/* The ops' nodes in block order (no arguments, no return) into *ops;
 * their classes of equal ops into id[]. */
static int opClasses(const AsProblem *p, int *ops, int *id) {
  int m = 0, num_ids = 0;
  int *first = malloc(sizeof(int) * (p->nodes.size + 1));
  for (int n = 0; n < (int)p->nodes.size; ++n) {
    const AsNode *node = &GSPMD_VEC_AT(&p->nodes, AsNode, n);
    if (node->kind == AS_NODE_ARG ||
        gspmdStringRefEq(gspmdOpName(node->op), "func.return"))
      continue;
    int c = 0;
    while (c < num_ids &&
           !sameOp(&GSPMD_VEC_AT(&p->nodes, AsNode, first[c]), node))
      ++c;
    if (c == num_ids)
      first[num_ids++] = n;
    ops[m] = n, id[m++] = c;
  }
  free(first);
  return m;
}

/*===-- The repeated run --------------------------------------------------===*/

/* The period and run of ops[] that ties the most nodes: L segments of P
 * ops from `start`, where id[i] == id[i + P] all along. */
static void longestRun(const int *id, int m, AsRepeat *r) {
  int best = 0;
  /* One op repeated (q, k and v projections) is no layer. */
  for (int period = 2; period <= m / 2; ++period)
    for (int i = 0; i + period < m;) {
      int j = i;
      while (j + period < m && id[j] == id[j + period])
        ++j;
      int segments = (j + period - i) / period;
      if (j > i && segments >= 2 && (segments - 1) * period > best) {
        best = (segments - 1) * period;
        r->start = i, r->period = period, r->segments = segments;
      }
      i = j > i ? j : i + 1;
    }
}

/* The node consumer c reads as its operand number `k` (in the order of
 * its tensors), or -1. */
static int operandSource(const AsProblem *p, int c, int k) {
  const AsNode *node = &GSPMD_VEC_AT(&p->nodes, AsNode, c);
  MlirValue v = {NULL};
  if (node->kind == AS_NODE_OP) {
    for (int t = 0, seen = 0; t < node->rule->num_tensors; ++t)
      if (node->rule->tensors[t].role == GSPMD_ROLE_OPERAND && seen++ == k)
        v = node->rule->ids[t].value;
  } else if (k < mlirOperationGetNumOperands(node->op)) {
    v = mlirOperationGetOperand(node->op, k);
  }
  int si = mlirValueIsNull(v) ? -1 : gspmdPtrMapGet(&p->source_of, v.ptr);
  return si < 0 ? -1 : GSPMD_VEC_AT(&p->sources, AsSource, si).node;
}

static int numOperands(const AsNode *node) {
  return (int)mlirOperationGetNumOperands(node->op);
}

/* Arguments read at the same place of segment k as of segment 0 (each
 * layer's own weights) join that argument's class. An argument read by
 * several segments (a shared weight) stays alone. */
static void tieArguments(const AsProblem *p, const int *ops, AsRepeat *r,
                         bool *leads) {
  for (int k = 1; k < r->segments; ++k)
    for (int j = 0; j < r->period; ++j) {
      int n0 = ops[r->start + j], n = ops[r->start + k * r->period + j];
      int count = numOperands(&GSPMD_VEC_AT(&p->nodes, AsNode, n0));
      for (int o = 0; o < count; ++o) {
        int u0 = operandSource(p, n0, o), u = operandSource(p, n, o);
        if (u0 < 0 || u < 0 || u == u0 || leads[u] || r->class_of[u] != u ||
            r->class_of[u0] != u0)
          continue;
        const AsNode *a = &GSPMD_VEC_AT(&p->nodes, AsNode, u0);
        const AsNode *b = &GSPMD_VEC_AT(&p->nodes, AsNode, u);
        if (a->kind != AS_NODE_ARG || b->kind != AS_NODE_ARG ||
            !mlirTypeEqual(mlirValueGetType(a->arg),
                           mlirValueGetType(b->arg)) ||
            !sameStrategies(a, b))
          continue;
        r->class_of[u] = u0, leads[u0] = true;
        r->segment_of[u] = k, r->segment_of[u0] = 0;
        ++r->tied_args;
      }
    }
}

/* Ties r's segments (start, period and segments set) to its first one:
 * their ops, then the arguments they read at the same places. */
static void tieRun(AsProblem *p, const int *ops, AsRepeat *r) {
  int n = (int)p->nodes.size;
  r->class_of = gspmdArenaAlloc(&p->arena, sizeof(int) * (size_t)n);
  r->segment_of = gspmdArenaAlloc(&p->arena, sizeof(int) * (size_t)n);
  for (int i = 0; i < n; ++i)
    r->class_of[i] = i, r->segment_of[i] = -1;
  if (r->segments < 2)
    return;
  bool *leads = calloc((size_t)n + 1, sizeof(bool));
  for (int k = 0; k < r->segments; ++k)
    for (int j = 0; j < r->period; ++j) {
      int member = ops[r->start + k * r->period + j];
      r->class_of[member] = ops[r->start + j], r->segment_of[member] = k;
    }
  tieArguments(p, ops, r, leads);
  free(leads);
}

bool asFindRepeats(AsProblem *p, AsRepeat *r, AsRepeat *all) {
  int n = (int)p->nodes.size;
  memset(r, 0, sizeof(*r));
  int *ops = malloc(sizeof(int) * (size_t)(n + 1));
  int *id = malloc(sizeof(int) * (size_t)(n + 1));
  int m = opClasses(p, ops, id);
  longestRun(id, m, r);
  if (all) {
    *all = *r;
    tieRun(p, ops, all);
  }
  /* With four segments or more, the first and last stay free: they meet
   * the rest of the program (its input, its output), where the best plans
   * of L-layer MLPs differ from the middle layers'. Tied too (`all`), they
   * give a program of one layer's size (every layer alike). */
  if (r->segments >= 4)
    r->start += r->period, r->segments -= 2;
  tieRun(p, ops, r);
  free(ops);
  free(id);
  return r->segments >= 2;
}

/*===-- The folded problem ------------------------------------------------===*/

/* Folded node `f` gets the strategies of its class leader, whose op bytes
 * and costs then add up its members' (held bytes stay one member's: a
 * memory row counts one op). */
static void foldNodes(const AsProblem *p, const AsRepeat *r, AsProblem *f,
                      int *index) {
  for (int n = 0; n < (int)p->nodes.size; ++n) {
    const AsNode *node = &GSPMD_VEC_AT(&p->nodes, AsNode, n);
    if (r->class_of[n] != n)
      continue;
    index[n] = (int)f->nodes.size;
    AsNode *copy = gspmdVecPush(&f->nodes);
    *copy = *node;
    copy->strategies = gspmdArenaAlloc(
        &f->arena, sizeof(AsStrategy) * (size_t)node->num_strategies);
    memcpy(copy->strategies, node->strategies,
           sizeof(AsStrategy) * (size_t)node->num_strategies);
    for (int s = 0; s < node->num_strategies; ++s)
      copy->strategies[s].op_bytes = copy->strategies[s].op_cost = 0;
  }
  for (int n = 0; n < (int)p->nodes.size; ++n) {
    const AsNode *node = &GSPMD_VEC_AT(&p->nodes, AsNode, n);
    AsNode *c = AS_NODE(f, index[r->class_of[n]]);
    index[n] = index[r->class_of[n]];
    for (int s = 0; s < node->num_strategies; ++s) {
      c->strategies[s].op_bytes += node->strategies[s].op_bytes;
      c->strategies[s].op_cost += node->strategies[s].op_cost;
    }
  }
}

static int64_t addCost(int64_t a, int64_t b) {
  return a >= AS_FORBIDDEN || b >= AS_FORBIDDEN ? AS_FORBIDDEN : a + b;
}

static bool sameGroups(const AsEdge *x, const AsEdge *y, int na, int nb) {
  return x->num_from == y->num_from && x->num_to == y->num_to &&
         !memcmp(x->from_class, y->from_class, sizeof(int) * (size_t)na) &&
         !memcmp(x->to_class, y->to_class, sizeof(int) * (size_t)nb);
}

/* Edges between the same two classes with the same groups of strategies
 * (and, with shares, the same folded share) add up (one set of columns);
 * an edge inside a class costs its diagonal (both ends take the class's
 * strategy). share_into[] (NULL: shares dropped) maps p's shares to f's;
 * into_of[i] gets edge i's folded edge, -1 for a diagonal. */
static void foldEdges(const AsProblem *p, const int *index,
                      const int *share_into, int *into_of, AsProblem *f) {
  for (int i = 0; i < (int)p->edges.size; ++i) {
    const AsEdge *e = &GSPMD_VEC_AT(&p->edges, AsEdge, i);
    int a = index[e->from], b = index[e->to];
    AsNode *to = AS_NODE(f, b);
    int nb = to->num_strategies, na = AS_NODE(f, a)->num_strategies;
    into_of[i] = -1;
    if (a == b) {
      for (int s = 0; s < nb; ++s) {
        AsStrategy *st = &to->strategies[s];
        st->op_bytes = addCost(st->op_bytes, asEdgeBytes(e, s, s));
        st->op_cost = addCost(st->op_cost, asEdgeCost(e, s, s));
      }
      continue;
    }
    int share = share_into && e->share >= 0 ? share_into[e->share] : -1;
    AsEdge *into = NULL;
    for (int k = 0; k < (int)f->edges.size && !into; ++k)
      if (AS_EDGE(f, k)->from == a && AS_EDGE(f, k)->to == b &&
          AS_EDGE(f, k)->share == share && sameGroups(AS_EDGE(f, k), e, na, nb))
        into = AS_EDGE(f, k), into_of[i] = k;
    size_t pairs = (size_t)e->num_from * (size_t)e->num_to;
    if (!into) {
      into_of[i] = (int)f->edges.size;
      into = gspmdVecPush(&f->edges);
      *into = *e;
      into->from = a, into->to = b;
      /* Without shares folded edges sum their members' bytes, each use its
       * own: the tied plan is only a start (Share.c shares the whole
       * program's). */
      into->share = share, into->target = share >= 0 ? e->target : NULL;
      into->bytes = gspmdArenaAlloc(&f->arena, sizeof(int64_t) * pairs);
      into->cost = gspmdArenaAlloc(&f->arena, sizeof(int64_t) * pairs);
      memset(into->bytes, 0, sizeof(int64_t) * pairs);
      memset(into->cost, 0, sizeof(int64_t) * pairs);
    }
    for (size_t k = 0; k < pairs; ++k) {
      into->bytes[k] = addCost(into->bytes[k], e->bytes[k]);
      into->cost[k] = addCost(into->cost[k], e->cost[k]);
    }
  }
}

/* p's shares folded as its edges are: one per class of producer and
 * tensor, costing its members' sum; into share_into[]. Their edges come
 * after the edges (foldShareEdges). */
static void foldShares(const AsProblem *p, const int *index, int *share_into,
                       AsProblem *f) {
  GspmdKeyMap folded = {0};
  for (int i = 0; i < (int)p->shares.size; ++i) {
    const AsShare *sh = &GSPMD_VEC_AT(&p->shares, AsShare, i);
    uint64_t key[2] = {
        (uint64_t)index[sh->from],
        (uint64_t)GSPMD_VEC_AT(&p->sources, AsSource, sh->source).tensor};
    share_into[i] = gspmdKeyMapGet(&folded, key, 2);
    size_t pairs = (size_t)sh->num_from * (size_t)sh->num_targets;
    if (share_into[i] < 0) {
      share_into[i] = (int)f->shares.size;
      gspmdKeyMapPut(&folded, key, 2, share_into[i]);
      AsShare *into = gspmdVecPush(&f->shares);
      *into = *sh;
      into->from = index[sh->from], into->num_edges = 0;
      into->bytes = gspmdArenaAlloc(&f->arena, sizeof(int64_t) * pairs);
      into->cost = gspmdArenaAlloc(&f->arena, sizeof(int64_t) * pairs);
      memset(into->bytes, 0, sizeof(int64_t) * pairs);
      memset(into->cost, 0, sizeof(int64_t) * pairs);
    }
    AsShare *into = AS_SHARE(f, share_into[i]);
    into->num_edges += sh->num_edges; /* at most: its edges come next */
    for (size_t k = 0; k < pairs; ++k) {
      into->bytes[k] = addCost(into->bytes[k], sh->bytes[k]);
      into->cost[k] = addCost(into->cost[k], sh->cost[k]);
    }
  }
  gspmdKeyMapFree(&folded);
}

/* Each folded share's edges: its members' edges' folded ones, once. */
static void foldShareEdges(const AsProblem *p, const int *into_of,
                           AsProblem *f) {
  for (int i = 0; i < (int)f->shares.size; ++i) {
    AsShare *sh = AS_SHARE(f, i);
    sh->edges =
        gspmdArenaAlloc(&f->arena, sizeof(int) * ((size_t)sh->num_edges + 1));
    sh->num_edges = 0;
  }
  for (int i = 0; i < (int)p->edges.size; ++i) {
    int k = into_of[i];
    if (k < 0 || AS_EDGE(f, k)->share < 0)
      continue;
    AsShare *sh = AS_SHARE(f, AS_EDGE(f, k)->share);
    bool seen = false;
    for (int j = 0; j < sh->num_edges && !seen; ++j)
      seen = sh->edges[j] == k;
    if (!seen)
      sh->edges[sh->num_edges++] = k;
  }
}

/* asFold; with `shares`, p's shares are folded too (else dropped). */
static void fold(const AsProblem *p, AsRepeat *r, AsProblem *f, bool shares) {
  memset(f, 0, sizeof(*f));
  f->module = p->module, f->func = p->func;
  f->mesh_name = p->mesh_name, f->mesh = p->mesh;
  f->budget = p->budget, f->keep_dominated = p->keep_dominated;
  f->deadline = p->deadline, f->start_only = p->start_only;
  memcpy(f->axis_weight, p->axis_weight, sizeof(p->axis_weight));
  f->seconds_per_unit = p->seconds_per_unit;
  gspmdVecInit(&f->nodes, sizeof(AsNode));
  gspmdVecInit(&f->edges, sizeof(AsEdge));
  gspmdVecInit(&f->shares, sizeof(AsShare));
  gspmdVecInit(&f->sources, sizeof(AsSource));
  gspmdVecInit(&f->steps, sizeof(AsStep));
  int *index = malloc(sizeof(int) * (p->nodes.size + 1));
  int *share_into = malloc(sizeof(int) * (p->shares.size + 1));
  int *into_of = malloc(sizeof(int) * (p->edges.size + 1));
  foldNodes(p, r, f, index);
  if (shares)
    foldShares(p, index, share_into, f);
  foldEdges(p, index, shares ? share_into : NULL, into_of, f);
  if (shares)
    foldShareEdges(p, into_of, f);
  free(share_into);
  free(into_of);
  /* The same sources and steps, read through the classes: each memory row
   * keeps its terms (Solve.c adds up those on one column). */
  for (int i = 0; i < (int)p->sources.size; ++i) {
    AsSource *src = gspmdVecPush(&f->sources);
    *src = GSPMD_VEC_AT(&p->sources, AsSource, i);
    src->node = index[src->node];
  }
  for (int i = 0; i < (int)p->steps.size; ++i) {
    AsStep *step = gspmdVecPush(&f->steps);
    *step = GSPMD_VEC_AT(&p->steps, AsStep, i);
    step->node = index[step->node];
  }
  for (int n = 0; n < (int)f->nodes.size; ++n)
    if (AS_NODE(f, n)->kind == AS_NODE_ARG)
      gspmdPtrMapPut(&f->source_of, AS_NODE(f, n)->arg.ptr,
                     gspmdPtrMapGet(&p->source_of, AS_NODE(f, n)->arg.ptr));
  r->folded_index = index;
}

void asFold(const AsProblem *p, AsRepeat *r, AsProblem *f) {
  fold(p, r, f, false);
}

void asUnfold(AsProblem *p, const AsRepeat *r, const AsProblem *f) {
  for (int n = 0; n < (int)p->nodes.size; ++n)
    AS_NODE(p, n)->chosen =
        GSPMD_VEC_AT(&f->nodes, AsNode, r->folded_index[n]).chosen;
}

void asFoldFree(AsProblem *f, AsRepeat *r) {
  gspmdVecFree(&f->nodes);
  gspmdVecFree(&f->edges);
  gspmdVecFree(&f->shares);
  gspmdVecFree(&f->sources);
  gspmdVecFree(&f->steps);
  gspmdPtrMapFree(&f->source_of);
  gspmdArenaFree(&f->arena);
  free(r->folded_index);
  r->folded_index = NULL;
}

/*===-- The layers averaged ----------------------------------------------===*/

/* Why a bound from the folded problem needs its own problem: the tied plan
 * is optimal among tied plans only, and the folded LP is no bound on the
 * others, since p's segments differ: a layer reads the layer before it,
 * and a memory row in layer k holds what layer k-1 left live. Instead,
 * take any solution of p's LP and average each class over its members
 * (the L tied segments). The average satisfies the folded problem built
 * here (asFoldAveraged), so its LP optimum is at most p's LP bound:
 * - an edge every segment has alike keeps its marginal rows (the average
 *   of the members' rows);
 * - another edge (into the next layer, or between segments and a free
 *   node) is averaged: e~ = (1/L) sum of its members' e, whose pairs sum
 *   to members / L and whose marginals are at most the classes' averaged
 *   x, or sum to it over a role (setSides), at L times a member's cost;
 * - a memory row keeps the terms every layer's row at its place has, and
 *   drops the others (what the layer before left live), which relaxes it:
 *   terms are nonnegative;
 * - a shared reshard within a layer, alike in every layer, folds as an
 *   edge does; one across layers charges each use 1/n (edgeCosts).
 * Its size is one layer's. */

/* The words naming edge e by its ends' classes and tensors, and `last`
 * (a segment, or the segments between its ends). */
static void edgeKey(const AsProblem *p, const AsRepeat *r, const AsEdge *e,
                    int last, uint64_t *key) {
  key[0] = (uint64_t)r->class_of[e->from];
  key[1] = (uint64_t)r->class_of[e->to];
  key[2] = (uint64_t)e->to_tensor;
  key[3] = (uint64_t)GSPMD_VEC_AT(&p->sources, AsSource, e->source).tensor;
  key[4] = (uint64_t)last;
}

/* Edges of p every segment has alike, which fold with their marginal
 * rows: free to free, and those within one segment or between a segment
 * and a free node that every segment has (by classes and tensors). */
static bool *alikeEdges(const AsProblem *p, const AsRepeat *r) {
  int ne = (int)p->edges.size;
  bool *keep = calloc((size_t)ne + 1, sizeof(bool));
  GspmdKeyMap count = {0};
  uint64_t key[5];
  for (int pass = 0; pass < 2; ++pass)
    for (int i = 0; i < ne; ++i) {
      const AsEdge *e = &GSPMD_VEC_AT(&p->edges, AsEdge, i);
      int sf = r->segment_of[e->from], st = r->segment_of[e->to];
      keep[i] = sf < 0 || st < 0 || sf == st;
      if (!keep[i] || (sf < 0 && st < 0))
        continue;
      edgeKey(p, r, e, sf >= 0 ? sf : st, key);
      int seen = gspmdKeyMapGet(&count, key, 5);
      if (pass == 0) {
        gspmdKeyMapPut(&count, key, 5, seen < 0 ? 1 : seen + 1);
        continue;
      }
      for (int other = 0; other < r->segments && keep[i]; ++other) {
        key[4] = (uint64_t)other;
        keep[i] = gspmdKeyMapGet(&count, key, 5) == seen;
      }
    }
  gspmdKeyMapFree(&count);
  return keep;
}

/* Whether share sh lies within its producer's segment, every edge kept. */
static bool shareWithin(const AsProblem *p, const AsRepeat *r, const bool *keep,
                        const AsShare *sh) {
  int k = r->segment_of[sh->from];
  for (int i = 0; i < sh->num_edges && k >= 0; ++i)
    if (!keep[sh->edges[i]] ||
        r->segment_of[GSPMD_VEC_AT(&p->edges, AsEdge, sh->edges[i]).to] != k)
      return false;
  return k >= 0;
}

/* Which of p's shares fold: those within a segment, in every segment
 * alike. The others (reading across segments, or from a free node) are
 * charged per use (edgeCosts). */
static bool *alikeShares(const AsProblem *p, const AsRepeat *r,
                         const bool *keep) {
  GspmdKeyMap within = {0};
  uint64_t key[2];
  bool *kept = calloc(p->shares.size + 1, sizeof(bool));
  for (int pass = 0; pass < 2; ++pass)
    for (int i = 0; i < (int)p->shares.size; ++i) {
      const AsShare *sh = &GSPMD_VEC_AT(&p->shares, AsShare, i);
      key[0] = (uint64_t)r->class_of[sh->from];
      key[1] = (uint64_t)GSPMD_VEC_AT(&p->sources, AsSource, sh->source).tensor;
      int seen = gspmdKeyMapGet(&within, key, 2);
      if (pass == 0 && shareWithin(p, r, keep, sh))
        gspmdKeyMapPut(&within, key, 2, seen < 0 ? 1 : seen + 1);
      if (pass == 1)
        kept[i] = seen == r->segments && shareWithin(p, r, keep, sh);
    }
  gspmdKeyMapFree(&within);
  return kept;
}

/* Edge e's costs. A use of a share that does not fold pays 1/n of its reshard
 * into a layout several uses may read (n: the share's uses): the copies
 * into such layouts cost at least the dearest of those uses' reshards,
 * which is at least their mean. Arena-allocated when changed. */
static int64_t *edgeCosts(AsProblem *p, const AsEdge *e, const bool *kept) {
  if (e->share < 0 || kept[e->share])
    return e->cost;
  const AsShare *sh = AS_SHARE(p, e->share);
  size_t pairs = (size_t)e->num_from * (size_t)e->num_to;
  int64_t *cost = gspmdArenaAlloc(&p->arena, sizeof(int64_t) * (pairs + 1));
  for (int a = 0; a < e->num_from; ++a)
    for (int b = 0; b < e->num_to; ++b) {
      size_t k = (size_t)a * (size_t)e->num_to + (size_t)b;
      bool copied = sh->shared[e->target[b]] && e->cost[k] < AS_FORBIDDEN;
      cost[k] = copied ? e->cost[k] / sh->num_edges : e->cost[k];
    }
  return cost;
}

/* What a live term of a row stands for in every layer's row at its place:
 * its class whole (every member's value live in the row), or every member
 * but the row's own segment's (a layer's weights in the row of the op
 * reading one of them, which counts its operand as held), or one member
 * in the row's own segment, or a free value; -1 for a term that is not
 * (another segment's, its class not whole: what the layer before left
 * live). Averaged over the layers each is the class's averaged bytes
 * times L, L - 1 or 1, or the free value's. */
enum { TERM_CLASS, TERM_OTHERS, TERM_LOCAL, TERM_FREE };

/* Counts of live members per (class, tensor) in one row: slot[base[c] +
 * tensor]. */
typedef struct Present {
  int *base, *slot, *own; /* own: of the row's segment */
  int *size;              /* size[c]: the class's members */
} Present;

static int presentSlot(const AsProblem *p, const AsRepeat *r, const Present *pr,
                       int si) {
  const AsSource *src = &GSPMD_VEC_AT(&p->sources, AsSource, si);
  return pr->base[r->class_of[src->node]] + src->tensor;
}

static void countPresent(const AsProblem *p, const AsRepeat *r,
                         const AsStep *step, Present *pr, int sign) {
  int k = r->segment_of[step->node];
  for (int l = 0; l < step->num_live; ++l) {
    int slot = presentSlot(p, r, pr, step->live[l]);
    pr->slot[slot] += sign;
    const AsSource *src = &GSPMD_VEC_AT(&p->sources, AsSource, step->live[l]);
    if (k >= 0 && r->segment_of[src->node] == k)
      pr->own[slot] += sign;
  }
}

static int termKind(const AsProblem *p, const AsRepeat *r, const Present *pr,
                    const AsStep *step, int l) {
  const AsSource *src = &GSPMD_VEC_AT(&p->sources, AsSource, step->live[l]);
  int su = r->segment_of[src->node], c = r->class_of[src->node];
  int slot = presentSlot(p, r, pr, step->live[l]);
  if (su < 0)
    return TERM_FREE;
  if (pr->slot[slot] == pr->size[c])
    return TERM_CLASS;
  if (pr->size[c] == r->segments && pr->slot[slot] == r->segments - 1 &&
      r->segment_of[step->node] >= 0 && pr->own[slot] == 0)
    return TERM_OTHERS;
  return su == r->segment_of[step->node] ? TERM_LOCAL : -1;
}

/* The key of term l of a row: its kind, node (its class's) and tensor,
 * and the row's place in its segment (its node's class). */
static void termKey(const AsProblem *p, const AsRepeat *r, const AsStep *step,
                    int l, int kind, uint64_t *key) {
  const AsSource *src = &GSPMD_VEC_AT(&p->sources, AsSource, step->live[l]);
  key[0] = (uint64_t)kind, key[1] = (uint64_t)r->class_of[src->node];
  key[2] = (uint64_t)src->tensor, key[3] = (uint64_t)r->class_of[step->node];
}

static Present presentNew(const AsProblem *p, const AsRepeat *r) {
  int n = (int)p->nodes.size, total = 0;
  Present pr;
  pr.base = malloc(sizeof(int) * ((size_t)n + 1));
  pr.size = calloc((size_t)n + 1, sizeof(int));
  for (int i = 0; i < n; ++i) {
    pr.base[i] = total;
    total += GSPMD_VEC_AT(&p->nodes, AsNode, i).num_tensors + 1;
    ++pr.size[r->class_of[i]];
  }
  pr.slot = calloc((size_t)total + 1, sizeof(int));
  pr.own = calloc((size_t)total + 1, sizeof(int));
  return pr;
}

static void presentFree(Present *pr) {
  free(pr->base), free(pr->slot), free(pr->own), free(pr->size);
}

/* The memory rows kept: in a free op's row the free terms and whole
 * classes; in a tied op's row the terms every segment's row at that place
 * has (local ones by class). Live lists in p's arena. */
static GspmdVec averagedRows(AsProblem *p, const AsRepeat *r) {
  Present present = presentNew(p, r);
  GspmdKeyMap rows = {0};
  uint64_t key[4];
  for (int i = 0; i < (int)p->steps.size; ++i) { /* rows having each term */
    const AsStep *step = AS_STEP(p, i);
    if (r->segment_of[step->node] < 0)
      continue;
    countPresent(p, r, step, &present, 1);
    for (int l = 0; l < step->num_live; ++l) {
      const AsSource *src = AS_SOURCE(p, step->live[l]);
      int kind = termKind(p, r, &present, step, l);
      /* A class counted once, by its member in segment 0 (1 in segment
       * 0's row, which holds its others). */
      int by = kind == TERM_OTHERS && r->segment_of[step->node] == 0;
      if (kind < 0 || (kind <= TERM_OTHERS && r->segment_of[src->node] != by))
        continue;
      termKey(p, r, step, l, kind, key);
      int seen = gspmdKeyMapGet(&rows, key, 4);
      gspmdKeyMapPut(&rows, key, 4, seen < 0 ? 1 : seen + 1);
    }
    countPresent(p, r, step, &present, -1);
  }
  GspmdVec steps;
  gspmdVecInit(&steps, sizeof(AsStep));
  for (int i = 0; i < (int)p->steps.size; ++i) {
    const AsStep *step = AS_STEP(p, i);
    AsStep *kept = gspmdVecPush(&steps);
    kept->node = step->node, kept->num_live = 0;
    kept->live =
        gspmdArenaAlloc(&p->arena, sizeof(int) * ((size_t)step->num_live + 1));
    bool tied = r->segment_of[step->node] >= 0;
    countPresent(p, r, step, &present, 1);
    for (int l = 0; l < step->num_live; ++l) {
      int kind = termKind(p, r, &present, step, l);
      if (kind < 0)
        continue;
      termKey(p, r, step, l, kind, key);
      if (tied && gspmdKeyMapGet(&rows, key, 4) != r->segments)
        continue;
      kept->live[kept->num_live++] = step->live[l];
    }
    countPresent(p, r, step, &present, -1);
  }
  gspmdKeyMapFree(&rows);
  presentFree(&present);
  return steps;
}

/* An edge across segments, or between a free node and some segments
 * only: the members of one orbit (classes, offset, tensors) averaged
 * over all L segments, e~ = (1/L) sum of e_k, are pairs whose marginals
 * are at most the classes' averaged x and whose sum is members/L, at L
 * times the cheapest member's cost per pair. Key into *key. */
static size_t orbitKey(const AsProblem *p, const AsRepeat *r, const AsEdge *e,
                       uint64_t *key) {
  int sf = r->segment_of[e->from], st = r->segment_of[e->to];
  edgeKey(p, r, e, sf >= 0 && st >= 0 ? st - sf + r->segments : -1, key);
  return 5;
}

/* Which tied segments' members each averaged edge holds at each end. */
typedef struct Ends {
  int segments;
  bool *in;    /* [(edge * 2 + producer) * segments + segment] */
  int *size;   /* [edge * 2 + producer]: how many; 0 at a free end */
  int *source; /* [edge]: the tensor of its producer it reads */
} Ends;

static const bool *membersAt(const Ends *x, int k, int end) {
  return &x->in[((size_t)k * 2 + (size_t)end) * (size_t)x->segments];
}

static int *sideAt(AsEdge *e, int end) {
  return end ? &e->from_side : &e->to_side;
}

/* Whether averaged edges j and k meet one node at `end` (the producer's
 * same tensor, or the consumer's same operand). */
static bool sameEnd(AsProblem *f, const Ends *x, int j, int k, int end) {
  const AsEdge *a = AS_EDGE(f, j), *b = AS_EDGE(f, k);
  return end ? a->from == b->from && x->source[j] == x->source[k]
             : a->to == b->to && a->to_tensor == b->to_tensor;
}

/* Averaged edge k and, largest first, others at the same end whose
 * members are disjoint from those taken, into role `role` when they cover
 * every segment; false (and none taken) when they do not. */
static bool partition(AsProblem *f, const Ends *x, int first, int k, int end,
                      int role) {
  int L = x->segments, nf = (int)f->edges.size;
  bool *cover = malloc(sizeof(bool) * ((size_t)L + 1));
  memcpy(cover, membersAt(x, k, end), sizeof(bool) * (size_t)L);
  int covered = x->size[k * 2 + end];
  *sideAt(AS_EDGE(f, k), end) = role;
  for (int best = 0; covered < L && best >= 0;) {
    best = -1;
    for (int j = first; j < nf; ++j) {
      bool fits = *sideAt(AS_EDGE(f, j), end) == AS_SIDE_AT_MOST &&
                  sameEnd(f, x, j, k, end) &&
                  (best < 0 || x->size[j * 2 + end] > x->size[best * 2 + end]);
      for (int s = 0; fits && s < L; ++s)
        fits = !(membersAt(x, j, end)[s] && cover[s]);
      if (fits)
        best = j;
    }
    if (best < 0)
      break;
    *sideAt(AS_EDGE(f, best), end) = role;
    covered += x->size[best * 2 + end];
    for (int s = 0; s < L; ++s)
      cover[s] |= membersAt(x, best, end)[s];
  }
  free(cover);
  for (int j = first; covered < L && j < nf; ++j)
    if (*sideAt(AS_EDGE(f, j), end) == role)
      *sideAt(AS_EDGE(f, j), end) = AS_SIDE_AT_MOST;
  return covered == L;
}

/* Sides (AsEdge) of the averaged edges from `first` on. An end at a free
 * node: its marginals are mass times the node's x (every member meets that
 * node). An end at a class holds members of distinct segments; averaged
 * edges at that end whose members partition the segments form a role,
 * their marginals summing to the class's averaged x (a member's marginal
 * is its own x, whichever use reads it); the others are at most the
 * class's x. Into an operand every member has one producer, so those
 * edges partition it when none is missing; out of a value the uses differ
 * (the next layer's ops, the free layer's after the last). member_of[i]:
 * p's edge i's averaged edge, -1 for none. */
static void setSides(const AsProblem *p, const AsRepeat *r,
                     const int *member_of, int first, AsProblem *f) {
  int nf = (int)f->edges.size, L = r->segments, role = 1;
  Ends x = {L, calloc((size_t)nf * 2 * (size_t)L + 1, sizeof(bool)),
            calloc((size_t)nf * 2 + 1, sizeof(int)),
            calloc((size_t)nf + 1, sizeof(int))};
  for (int i = 0; i < (int)p->edges.size; ++i) {
    int k = member_of[i];
    const AsEdge *e = AS_EDGE(p, i);
    for (int end = 0; k >= 0 && end < 2; ++end) {
      int seg = r->segment_of[end ? e->from : e->to];
      bool *in = (bool *)membersAt(&x, k, end);
      if (seg >= 0 && !in[seg])
        in[seg] = true, ++x.size[k * 2 + end];
    }
    if (k >= 0)
      x.source[k] = GSPMD_VEC_AT(&p->sources, AsSource, e->source).tensor;
  }
  for (int k = first; k < nf; ++k)
    for (int end = 0; end < 2; ++end)
      *sideAt(AS_EDGE(f, k), end) =
          x.size[k * 2 + end] ? AS_SIDE_AT_MOST : AS_SIDE_SCALED;
  bool *tried = calloc((size_t)nf + 1, sizeof(bool));
  for (int end = 0; end < 2; ++end) {
    memset(tried, 0, sizeof(bool) * (size_t)nf);
    for (;;) { /* the largest untried edge still at most */
      int k = -1;
      for (int j = first; j < nf; ++j)
        if (!tried[j] && *sideAt(AS_EDGE(f, j), end) == AS_SIDE_AT_MOST &&
            (k < 0 || x.size[j * 2 + end] > x.size[k * 2 + end]))
          k = j;
      if (k < 0)
        break;
      tried[k] = true;
      role += partition(f, &x, first, k, end, role);
    }
  }
  free(tried);
  free(x.in), free(x.size), free(x.source);
}

static void addAveragedEdges(AsProblem *p, const AsRepeat *r, const bool *keep,
                             const bool *kept_shares, AsProblem *f) {
  GspmdKeyMap orbits = {0};
  uint64_t key[5];
  int first = (int)f->edges.size;
  int *member_of = malloc(sizeof(int) * (p->edges.size + 1));
  for (int i = 0; i < (int)p->edges.size; ++i) {
    const AsEdge *e = AS_EDGE(p, i);
    member_of[i] = -1;
    if (keep[i])
      continue;
    int a = r->folded_index[e->from], b = r->folded_index[e->to];
    size_t pairs = (size_t)e->num_from * (size_t)e->num_to;
    int64_t *cost = edgeCosts(p, e, kept_shares);
    int k = gspmdKeyMapGet(&orbits, key, orbitKey(p, r, e, key));
    AsEdge *into = k >= 0 ? AS_EDGE(f, k) : NULL;
    if (into && !sameGroups(into, e, AS_NODE(f, a)->num_strategies,
                            AS_NODE(f, b)->num_strategies))
      continue; /* dropped: charging it nothing relaxes */
    if (!into) {
      k = (int)f->edges.size;
      gspmdKeyMapPut(&orbits, key, 5, k);
      into = gspmdVecPush(&f->edges);
      *into = *e;
      into->from = a, into->to = b, into->share = -1, into->target = NULL;
      into->cost = gspmdArenaAlloc(&f->arena, sizeof(int64_t) * pairs);
      memcpy(into->cost, cost, sizeof(int64_t) * pairs);
      into->bytes = into->cost;
    }
    member_of[i] = k;
    into->mass += 1.0 / r->segments;
    for (size_t j = 0; j < pairs; ++j)
      into->cost[j] = cost[j] < into->cost[j] ? cost[j] : into->cost[j];
  }
  for (int k = first; k < (int)f->edges.size; ++k) { /* L times a member's */
    AsEdge *e = AS_EDGE(f, k);
    size_t pairs = (size_t)e->num_from * (size_t)e->num_to;
    for (size_t j = 0; j < pairs; ++j)
      e->cost[j] = addCost(0, e->cost[j] < AS_FORBIDDEN / r->segments
                                  ? e->cost[j] * r->segments
                                  : AS_FORBIDDEN);
  }
  setSides(p, r, member_of, first, f);
  free(member_of);
  gspmdKeyMapFree(&orbits);
}

/* A class's strategy is out of f when it is out of p for every member
 * (dominated or unfit there: no plan of p needs it), f's own reductions
 * being off: they would reason about the averaged rows, where a class strategy
 * that cannot fit taken by every member may fit taken by one. */
static void markOut(const AsProblem *p, const AsRepeat *r, AsProblem *f) {
  int nf = (int)f->nodes.size;
  f->unfit = gspmdArenaAlloc(&f->arena, sizeof(bool *) * ((size_t)nf + 1));
  for (int c = 0; c < nf; ++c) {
    size_t k = (size_t)AS_NODE(f, c)->num_strategies;
    f->unfit[c] = gspmdArenaAlloc(&f->arena, k + 1);
    memset(f->unfit[c], 1, k + 1);
  }
  for (int n = 0; n < (int)p->nodes.size; ++n) {
    int c = r->folded_index[n];
    for (int s = 0; s < AS_NODE(f, c)->num_strategies; ++s)
      f->unfit[c][s] &= !asAlive(p, n, s);
  }
  f->keep_dominated = true;
}

void asFoldAveraged(AsProblem *p, AsRepeat *r, AsProblem *f) {
  asReduce(p);
  asFit(p);
  AsProblem q = *p;
  bool *keep = alikeEdges(p, r);
  bool *kept_shares = alikeShares(p, r, keep);
  int *share_index = malloc(sizeof(int) * (p->shares.size + 1));
  gspmdVecInit(&q.shares, sizeof(AsShare));
  for (int i = 0; i < (int)p->shares.size; ++i) {
    share_index[i] = kept_shares[i] ? (int)q.shares.size : -1;
    if (kept_shares[i])
      *(AsShare *)gspmdVecPush(&q.shares) = *AS_SHARE(p, i);
  }
  int *edge_index = malloc(sizeof(int) * (p->edges.size + 1));
  gspmdVecInit(&q.edges, sizeof(AsEdge));
  for (int i = 0; i < (int)p->edges.size; ++i) {
    edge_index[i] = keep[i] ? (int)q.edges.size : -1;
    if (!keep[i])
      continue;
    AsEdge *e = gspmdVecPush(&q.edges);
    *e = *AS_EDGE(p, i);
    e->cost = edgeCosts(p, e, kept_shares);
    e->share = e->share >= 0 ? share_index[e->share] : -1;
    e->target = e->share >= 0 ? e->target : NULL;
  }
  for (int i = 0; i < (int)q.shares.size; ++i) { /* q's edge numbers */
    AsShare *sh = AS_SHARE(&q, i);
    int *edges =
        gspmdArenaAlloc(&p->arena, sizeof(int) * ((size_t)sh->num_edges + 1));
    for (int j = 0; j < sh->num_edges; ++j)
      edges[j] = edge_index[sh->edges[j]];
    sh->edges = edges;
  }
  q.steps = averagedRows(p, r);
  fold(&q, r, f, true);
  addAveragedEdges(p, r, keep, kept_shares, f);
  markOut(p, r, f);
  free(keep), free(kept_shares), free(share_index), free(edge_index);
  gspmdVecFree(&q.edges);
  gspmdVecFree(&q.shares);
  gspmdVecFree(&q.steps);
}
