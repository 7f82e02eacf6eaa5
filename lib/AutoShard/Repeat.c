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
 * alternates between layers is not considered.
 *
 * Assumes: the problem is formulated (Formulate.c); nodes are the
 * arguments, then the block's ops in order. Segments are found from ops
 * equal in name, operand and result types, attributes and strategies, of
 * two ops or more; one run is folded (the one tying the most nodes), not
 * several different ones. With four segments or more the first and last
 * stay free.
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
        ++r->tied_args;
      }
    }
}

bool asFindRepeats(AsProblem *p, AsRepeat *r) {
  int n = (int)p->nodes.size;
  memset(r, 0, sizeof(*r));
  r->class_of = gspmdArenaAlloc(&p->arena, sizeof(int) * (size_t)n);
  for (int i = 0; i < n; ++i)
    r->class_of[i] = i;
  int *ops = malloc(sizeof(int) * (size_t)(n + 1));
  int *id = malloc(sizeof(int) * (size_t)(n + 1));
  int m = opClasses(p, ops, id);
  longestRun(id, m, r);
  /* With four segments or more, the first and last stay free: they meet
   * the rest of the program (its input, its output), where the best plans
   * of L-layer MLPs differ from the middle layers'. */
  if (r->segments >= 4)
    r->start += r->period, r->segments -= 2;
  if (r->segments >= 2) {
    bool *leads = calloc((size_t)n + 1, sizeof(bool));
    for (int k = 1; k < r->segments; ++k)
      for (int j = 0; j < r->period; ++j)
        r->class_of[ops[r->start + k * r->period + j]] = ops[r->start + j];
    tieArguments(p, ops, r, leads);
    free(leads);
  }
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
 * add up (one set of columns); an edge inside a class costs its diagonal
 * (both ends take the class's strategy). */
static void foldEdges(const AsProblem *p, const int *index, AsProblem *f) {
  for (int i = 0; i < (int)p->edges.size; ++i) {
    const AsEdge *e = &GSPMD_VEC_AT(&p->edges, AsEdge, i);
    int a = index[e->from], b = index[e->to];
    AsNode *to = AS_NODE(f, b);
    int nb = to->num_strategies, na = AS_NODE(f, a)->num_strategies;
    if (a == b) {
      for (int s = 0; s < nb; ++s) {
        AsStrategy *st = &to->strategies[s];
        st->op_bytes = addCost(st->op_bytes, asEdgeBytes(e, s, s));
        st->op_cost = addCost(st->op_cost, asEdgeCost(e, s, s));
      }
      continue;
    }
    AsEdge *into = NULL;
    for (int k = 0; k < (int)f->edges.size && !into; ++k)
      if (AS_EDGE(f, k)->from == a && AS_EDGE(f, k)->to == b &&
          sameGroups(AS_EDGE(f, k), e, na, nb))
        into = AS_EDGE(f, k);
    size_t pairs = (size_t)e->num_from * (size_t)e->num_to;
    if (!into) {
      into = gspmdVecPush(&f->edges);
      *into = *e;
      into->from = a, into->to = b;
      /* Folded edges sum their members' bytes, each use its own: the
       * folded problem only gives a start (Share.c shares the whole
       * program's). */
      into->share = -1, into->target = NULL;
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

void asFold(const AsProblem *p, AsRepeat *r, AsProblem *f) {
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
  foldNodes(p, r, f, index);
  foldEdges(p, index, f);
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
