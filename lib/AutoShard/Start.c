/*
 * Start.c - the plan CBC starts from: a plan made to fit the budget by
 * repair, then improved by local moves (docs/auto-shard.md, The solve).
 *
 * CBC prunes every subtree whose bound is not below its best plan, so the
 * nearer the start is to the optimum, the less it searches; and when it
 * stops at its time limit, the start is what the pass writes. The LP
 * relaxation's rounding (Solve.c) costs little but often holds more than
 * the budget: the LP mixed a plan over the budget with one under it. The
 * repair moves one node at a time to the strategy that frees the most
 * bytes over the budget per byte of communication it adds, until every op
 * fits. Local moves then lower the bytes sent while every op still fits.
 *
 * Both read the memory rows incrementally: each node keeps the rows it
 * appears in with its coefficient per strategy, so a move's effect on
 * every row is a walk over that node's rows, not over the program.
 *
 * Assumes: the problem is formulated (or folded) and asReduce has run; the
 * nodes' `chosen` hold the plan to repair or improve.
 */
#include "autoshard.h"

#include <stdlib.h>
#include <string.h>

/* A memory row a node appears in: its bytes there per strategy. */
typedef struct Occurrence {
  int step;
  int64_t *bytes; /* [num_strategies] */
} Occurrence;

typedef struct Rows {
  AsProblem *p;
  GspmdArena arena;
  int *num_occ;        /* [nodes] */
  Occurrence **occ;    /* [nodes][num_occ] */
  int64_t *step_bytes; /* [steps] under the nodes' choices */
} Rows;

static void rowsInit(Rows *r, AsProblem *p) {
  memset(r, 0, sizeof(*r));
  r->p = p;
  int nodes = (int)p->nodes.size, steps = (int)p->steps.size;
  int *first = asStrategyOffsets(p);
  int64_t *acc = calloc((size_t)first[nodes] + 1, sizeof(int64_t));
  bool *seen = calloc((size_t)nodes + 1, sizeof(bool));
  int *touched = malloc(sizeof(int) * ((size_t)nodes + 1));
  int *cap = calloc((size_t)nodes + 1, sizeof(int));
  r->num_occ = calloc((size_t)nodes + 1, sizeof(int));
  r->occ = calloc((size_t)nodes + 1, sizeof(Occurrence *));
  r->step_bytes = calloc((size_t)steps + 1, sizeof(int64_t));
  for (int i = 0; i < steps; ++i) {
    int k = asRowCoefficients(p, i, first, acc, seen, touched);
    for (int j = 0; j < k; ++j) {
      int n = touched[j], count = AS_NODE(p, n)->num_strategies;
      if (r->num_occ[n] == cap[n]) {
        cap[n] = 2 * cap[n] + 4;
        r->occ[n] = realloc(r->occ[n], sizeof(Occurrence) * (size_t)cap[n]);
      }
      int64_t *bytes =
          gspmdArenaAlloc(&r->arena, sizeof(int64_t) * (size_t)count);
      memcpy(bytes, acc + first[n], sizeof(int64_t) * (size_t)count);
      memset(acc + first[n], 0, sizeof(int64_t) * (size_t)count);
      seen[n] = false;
      r->occ[n][r->num_occ[n]++] = (Occurrence){i, bytes};
      r->step_bytes[i] += bytes[AS_NODE(p, n)->chosen];
    }
  }
  free(first), free(acc), free(seen), free(touched), free(cap);
}

static void rowsFree(Rows *r) {
  for (int n = 0; n < (int)r->p->nodes.size; ++n)
    free(r->occ[n]);
  free(r->occ), free(r->num_occ), free(r->step_bytes);
  gspmdArenaFree(&r->arena);
}

static int64_t over(const AsProblem *p, int64_t bytes) {
  return p->budget > 0 && bytes > p->budget ? bytes - p->budget : 0;
}

/* How the bytes over the budget, summed over the rows, change when node n
 * moves to strategy s. */
static int64_t overChange(const Rows *r, int n, int s) {
  int from = AS_NODE(r->p, n)->chosen;
  int64_t change = 0;
  for (int k = 0; k < r->num_occ[n]; ++k) {
    const Occurrence *o = &r->occ[n][k];
    int64_t now = r->step_bytes[o->step];
    int64_t then = now - o->bytes[from] + o->bytes[s];
    change += over(r->p, then) - over(r->p, now);
  }
  return change;
}

static void move(Rows *r, int n, int s) {
  AsNode *node = AS_NODE(r->p, n);
  for (int k = 0; k < r->num_occ[n]; ++k) {
    const Occurrence *o = &r->occ[n][k];
    r->step_bytes[o->step] += o->bytes[s] - o->bytes[node->chosen];
  }
  node->chosen = s;
}

static int64_t totalOver(const Rows *r) {
  int64_t sum = 0;
  for (int i = 0; i < (int)r->p->steps.size; ++i)
    sum += over(r->p, r->step_bytes[i]);
  return sum;
}

/* One repair move: the node and strategy freeing the most bytes over the
 * budget per byte of cost added (a move that also lowers the cost first);
 * false when no move frees any. */
static bool repairOnce(Rows *r) {
  AsProblem *p = r->p;
  int best_n = -1, best_s = -1;
  double best = 0;
  for (int n = 0; n < (int)p->nodes.size; ++n) {
    const AsNode *node = AS_NODE(p, n);
    int64_t base = -1;
    for (int s = 0; s < node->num_strategies; ++s) {
      if (s == node->chosen || !asAlive(p, n, s))
        continue;
      int64_t freed = -overChange(r, n, s);
      if (freed <= 0)
        continue;
      if (base < 0)
        base = asLocalCost(p, n, node->chosen);
      double added = (double)(asLocalCost(p, n, s) - base);
      double score = added / (double)freed;
      if (best_n < 0 || score < best)
        best = score, best_n = n, best_s = s;
    }
  }
  if (best_n < 0)
    return false;
  move(r, best_n, best_s);
  return true;
}

bool asRepairPlan(AsProblem *p) {
  if (p->budget <= 0)
    return true;
  Rows r;
  rowsInit(&r, p);
  while (totalOver(&r) > 0 && repairOnce(&r))
    ;
  bool fits = totalOver(&r) == 0;
  rowsFree(&r);
  return fits;
}

/* One round of local moves: each node in turn takes the strategy that
 * costs least given its neighbours' choices, if every row still fits.
 * Returns whether a node moved. */
static bool improveOnce(Rows *r) {
  AsProblem *p = r->p;
  bool moved = false;
  for (int n = 0; n < (int)p->nodes.size; ++n) {
    AsNode *node = AS_NODE(p, n);
    int best = node->chosen;
    int64_t cost = asLocalCost(p, n, best);
    for (int s = 0; s < node->num_strategies; ++s) {
      if (s == best || !asAlive(p, n, s))
        continue;
      int64_t c = asLocalCost(p, n, s);
      if (c < cost && overChange(r, n, s) <= 0)
        best = s, cost = c;
    }
    if (best != node->chosen)
      move(r, n, best), moved = true;
  }
  return moved;
}

void asImprovePlan(AsProblem *p) {
  Rows r;
  rowsInit(&r, p);
  for (int round = 0; round < 8 && improveOnce(&r); ++round)
    ;
  rowsFree(&r);
}

/* Node n's largest bytes over its rows under strategy s. */
static int64_t largestRow(const Rows *r, int n, int s) {
  int from = AS_NODE(r->p, n)->chosen;
  int64_t most = 0;
  for (int k = 0; k < r->num_occ[n]; ++k) {
    const Occurrence *o = &r->occ[n][k];
    int64_t then = r->step_bytes[o->step] - o->bytes[from] + o->bytes[s];
    most = then > most ? then : most;
  }
  return most;
}

int64_t asSmallPeakPlan(AsProblem *p) {
  Rows r;
  rowsInit(&r, p);
  for (int n = 0; n < (int)p->nodes.size; ++n) {
    const AsNode *node = AS_NODE(p, n);
    int best = -1;
    int64_t least = 0;
    for (int s = 0; s < node->num_strategies; ++s) {
      if (!asAlive(p, n, s))
        continue;
      int64_t sum = 0;
      for (int k = 0; k < r.num_occ[n]; ++k)
        sum += r.occ[n][k].bytes[s];
      if (best < 0 || sum < least)
        best = s, least = sum;
    }
    if (best >= 0)
      move(&r, n, best);
  }
  /* Rounds of moves that lower the largest row a node is in. */
  bool moved = true;
  for (int round = 0; moved && round < 8; ++round) {
    moved = false;
    for (int n = 0; n < (int)p->nodes.size; ++n) {
      int best = AS_NODE(p, n)->chosen;
      int64_t most = largestRow(&r, n, best);
      for (int s = 0; s < AS_NODE(p, n)->num_strategies; ++s)
        if (asAlive(p, n, s) && largestRow(&r, n, s) < most)
          best = s, most = largestRow(&r, n, s);
      if (best != AS_NODE(p, n)->chosen)
        move(&r, n, best), moved = true;
    }
  }
  int64_t peak = 0;
  for (int i = 0; i < (int)p->steps.size; ++i)
    peak = r.step_bytes[i] > peak ? r.step_bytes[i] : peak;
  rowsFree(&r);
  return peak;
}

/* Strategy of node n in p with the tensors of `want` (from another
 * formulation of the same program), or -1. */
static int sameStrategy(const AsProblem *p, int n, const AsStrategy *want,
                        int num_tensors) {
  const AsNode *node = AS_NODE((AsProblem *)p, n);
  if (node->num_tensors != num_tensors)
    return -1;
  for (int s = 0; s < node->num_strategies; ++s)
    if (asSameLayouts(&node->strategies[s], want, num_tensors))
      return s;
  return -1;
}

bool asHintFrom(AsProblem *p, const AsProblem *from) {
  int nodes = (int)p->nodes.size;
  if ((int)from->nodes.size != nodes)
    return false;
  int *hint = gspmdArenaAlloc(&p->arena, sizeof(int) * ((size_t)nodes + 1));
  for (int n = 0; n < nodes; ++n) {
    const AsNode *f = &GSPMD_VEC_AT(&from->nodes, AsNode, n);
    hint[n] = sameStrategy(p, n, &f->strategies[f->chosen], f->num_tensors);
    if (hint[n] < 0)
      return false;
  }
  p->hint = hint;
  return true;
}
