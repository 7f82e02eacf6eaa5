/*
 * Cover.c - cover cuts on the memory rows of gspmd-auto-shard's integer
 * program, handed to CBC while it searches (Cbc_addCutCallback).
 *
 * Under a budget the LP relaxation mixes plans: most of a plan over the
 * budget with a little of one under it, and its bound falls short of
 * every plan (one transformer layer: 0.92 of a plan keeping two weights
 * whole, 0.08 of one splitting them, bound 15652 B against an optimum of
 * 16896). CBC's own cuts close such a gap slowly: they do not know that
 * each node takes exactly one strategy. These cuts do.
 *
 * A memory row reads node n's strategy s at w[n][s]. With m[n] the node's
 * smallest, the row says the excesses e[n][s] = w[n][s] - m[n] of the
 * chosen strategies sum to at most the slack S = budget - sum of m. So
 * when nodes C, each with a threshold t[n] > 0, have sum of t[n] > S, no
 * plan within the budget takes in every node of C a strategy whose excess
 * reaches the node's threshold:
 *
 *   sum over n in C, over s with e[n][s] >= t[n], of x[n][s] <= |C| - 1.
 *
 * It holds for every plan within the budget, whatever the LP's point, so
 * CBC may keep it everywhere in its tree. Separation is greedy per row:
 * each node's candidate thresholds are the excesses of the strategies the
 * LP uses, the LP's share below a threshold (1 - the x at or above it) is
 * what taking it costs, and the cheapest share per byte of threshold goes
 * in first until the thresholds pass the slack. The cover is then made
 * minimal (nodes dropped while it still passes) and each threshold lowered
 * to the smallest excess that keeps it passing, which only strengthens it.
 *
 * Assumes: columns are numbered (first_var); asReduce and asFit have run
 * (a strategy fixed out is in no cut and is no row's smallest); CBC's
 * preprocessing is off, since the callback reads columns by the
 * program's own numbering (it does nothing when the count differs).
 */
#include "autoshard.h"

#include <coin/Cbc_C_Interface.h>

#include <stdlib.h>
#include <string.h>

/* A node of a row with an excess above its smallest coefficient. */
typedef struct CoverNode {
  int node;
  int64_t *excess; /* [num_strategies]; -1 for a strategy not alive */
} CoverNode;

typedef struct CoverRow {
  int num_nodes;
  CoverNode *nodes;
  int64_t slack;
} CoverRow;

/* A threshold a node may take in a cover: the strategies of excess at
 * least `threshold` hold the LP's `share` of the node. */
typedef struct Candidate {
  int at; /* index into the row's nodes */
  int64_t threshold;
  double share;
} Candidate;

/* A step up a node's hull: from its previous point to candidate `to`,
 * gaining `gain` bytes of threshold for `cost` of LP share. */
typedef struct Step {
  int to;
  double gain, cost;
} Step;

struct AsCovers {
  const AsProblem *p;
  GspmdArena arena;
  int num_rows;
  CoverRow *rows;
  int num_cols;
  int added;
  /* Scratch, sized for the widest row. */
  Candidate *candidates;
  Step *steps;
  int *chosen;          /* [nodes of a row]: index into candidates, or -1 */
  int *idx;             /* a cut's columns */
  double *coef;         /* its coefficients (all 1) */
  uint64_t *signatures; /* cuts added by this call, to skip repeats */
  int num_signatures, max_signatures;
};

/* Row i's nodes with some excess, and its slack; false when it has none
 * (no strategy of any node reaches past the row's floor). */
static bool coverRow(AsCovers *c, int i, const int *first, int64_t *acc,
                     bool *seen, int *touched, CoverRow *row) {
  const AsProblem *p = c->p;
  int k = asRowCoefficients(p, i, first, acc, seen, touched), kept = 0;
  int64_t floor = 0;
  row->nodes = gspmdArenaAlloc(&c->arena, sizeof(CoverNode) * ((size_t)k + 1));
  for (int j = 0; j < k; ++j) {
    int n = touched[j], count = AS_NODE((AsProblem *)p, n)->num_strategies;
    int64_t least = asSmallestCoefficient(p, n, first, acc);
    bool any = false;
    int64_t *excess =
        gspmdArenaAlloc(&c->arena, sizeof(int64_t) * (size_t)count);
    for (int s = 0; s < count; ++s) {
      excess[s] = asAlive(p, n, s) ? acc[first[n] + s] - least : -1;
      any |= excess[s] > 0;
      acc[first[n] + s] = 0;
    }
    seen[n] = false;
    floor += least == INT64_MAX ? 0 : least;
    if (any)
      row->nodes[kept++] = (CoverNode){n, excess};
  }
  row->num_nodes = kept;
  row->slack = p->budget - floor;
  return kept > 0 && row->slack >= 0;
}

AsCovers *asCoversNew(const AsProblem *p, int num_cols) {
  if (p->budget <= 0)
    return NULL;
  AsCovers *c = calloc(1, sizeof(AsCovers));
  c->p = p;
  int nodes = (int)p->nodes.size;
  int *first = asStrategyOffsets(p);
  int64_t *acc = calloc((size_t)first[nodes] + 1, sizeof(int64_t));
  bool *seen = calloc((size_t)nodes + 1, sizeof(bool));
  int *touched = malloc(sizeof(int) * ((size_t)nodes + 1));
  c->rows = calloc(p->steps.size + 1, sizeof(CoverRow));
  for (int i = 0; i < (int)p->steps.size; ++i)
    if (coverRow(c, i, first, acc, seen, touched, &c->rows[c->num_rows]))
      ++c->num_rows;
  c->num_cols = num_cols;
  c->candidates = malloc(sizeof(Candidate) * ((size_t)first[nodes] + 1));
  c->steps = malloc(sizeof(Step) * ((size_t)first[nodes] + 1));
  c->chosen = malloc(sizeof(int) * ((size_t)nodes + 1));
  c->idx = malloc(sizeof(int) * ((size_t)first[nodes] + 1));
  c->coef = malloc(sizeof(double) * ((size_t)first[nodes] + 1));
  free(first), free(acc), free(seen), free(touched);
  return c;
}

void asCoversFree(AsCovers *c) {
  if (!c)
    return;
  gspmdArenaFree(&c->arena);
  free(c->rows), free(c->candidates), free(c->chosen);
  free(c->steps);
  free(c->idx), free(c->coef), free(c->signatures);
  free(c);
}

int asCoversAdded(const AsCovers *c) { return c ? c->added : 0; }

/* The LP's x on node cn's strategies of excess at least t. */
static double shareAtLeast(const AsCovers *c, const CoverNode *cn, int64_t t,
                           const double *x) {
  const AsNode *node = AS_NODE((AsProblem *)c->p, cn->node);
  double y = 0;
  for (int s = 0; s < node->num_strategies; ++s)
    if (cn->excess[s] >= t)
      y += x[node->first_var + s];
  return y;
}

static int byThreshold(const void *a, const void *b);

/* Candidates of row r: per node in turn, the excesses of strategies the LP
 * uses, by threshold; returns how many. */
static int candidates(AsCovers *c, const CoverRow *r, const double *x) {
  int k = 0;
  for (int j = 0; j < r->num_nodes; ++j) {
    int from = k;
    const CoverNode *cn = &r->nodes[j];
    const AsNode *node = AS_NODE((AsProblem *)c->p, cn->node);
    for (int s = 0; s < node->num_strategies; ++s)
      if (cn->excess[s] > 0 && x[node->first_var + s] > 1e-6)
        c->candidates[k++] = (Candidate){
            j, cn->excess[s], 1.0 - shareAtLeast(c, cn, cn->excess[s], x)};
    qsort(c->candidates + from, (size_t)(k - from), sizeof(Candidate),
          byThreshold);
  }
  return k;
}

/* Thresholds up then, of equal thresholds, the smaller share first. */
static int byThreshold(const void *a, const void *b) {
  const Candidate *x = a, *y = b;
  if (x->threshold != y->threshold)
    return x->threshold < y->threshold ? -1 : 1;
  return (x->share > y->share) - (x->share < y->share);
}

/* Most threshold per share first (a free step first of all); a node's
 * steps keep their order, as a concave hull's slopes fall. */
static int byEfficiency(const void *a, const void *b) {
  const Step *x = a, *y = b;
  double ex = x->cost > 0 ? x->gain / x->cost : 1e300;
  double ey = y->cost > 0 ? y->gain / y->cost : 1e300;
  if (ex != ey)
    return ex > ey ? -1 : 1;
  return x->to - y->to;
}

/* Appends to steps the upper concave hull of one node's candidates
 * [from, to) (sorted by threshold), from the origin (the node left out)
 * in (share, threshold); returns the new count. */
static int hullSteps(const Candidate *cand, int from, int to, Step *steps,
                     int k) {
  int base = k;
  int64_t at_t = 0;
  double at_share = 0;
  for (int i = from; i < to; ++i) {
    double share = cand[i].share > 0 ? cand[i].share : 0;
    /* Pop steps the new point sees over (not below their slope). */
    while (k > base) {
      Step *last = &steps[k - 1];
      double prev_share = at_share - last->cost;
      double prev_t = (double)at_t - last->gain;
      double gain = (double)cand[i].threshold - prev_t;
      double cost = share - prev_share;
      if (gain * last->cost < last->gain * cost)
        break;
      at_share = prev_share, at_t = (int64_t)prev_t, --k;
    }
    double gain = (double)(cand[i].threshold - at_t), cost = share - at_share;
    if (gain <= 0)
      continue;
    steps[k++] = (Step){i, gain, cost};
    at_t = cand[i].threshold, at_share = share;
  }
  return k;
}

/* The greedy cover of row r: each node's hull of (share, threshold) in
 * steps, the most efficient steps taken first until the thresholds pass
 * the slack. Into c->chosen per node its candidate or -1; returns the sum
 * of thresholds, at most the slack when there is no cover. */
static int64_t greedyCover(AsCovers *c, const CoverRow *r, int k) {
  for (int j = 0; j < r->num_nodes; ++j)
    c->chosen[j] = -1;
  int num_steps = 0;
  for (int i = 0; i < k;) {
    int end = i;
    while (end < k && c->candidates[end].at == c->candidates[i].at)
      ++end;
    num_steps = hullSteps(c->candidates, i, end, c->steps, num_steps);
    i = end;
  }
  qsort(c->steps, (size_t)num_steps, sizeof(Step), byEfficiency);
  int64_t sum = 0;
  double share = 0;
  for (int i = 0; i < num_steps && sum <= r->slack && share < 1; ++i) {
    const Candidate *to = &c->candidates[c->steps[i].to];
    sum += (int64_t)c->steps[i].gain;
    share += c->steps[i].cost;
    c->chosen[to->at] = c->steps[i].to;
  }
  return sum;
}

/* Drops covered nodes, the dearest first, while the cover still passes
 * the slack; returns the new sum. */
static int64_t minimalCover(AsCovers *c, const CoverRow *r, int64_t sum) {
  for (bool dropped = true; dropped;) {
    dropped = false;
    int worst = -1;
    for (int j = 0; j < r->num_nodes; ++j) {
      int i = c->chosen[j];
      if (i >= 0 && sum - c->candidates[i].threshold > r->slack &&
          (worst < 0 ||
           c->candidates[i].share > c->candidates[c->chosen[worst]].share))
        worst = j;
    }
    if (worst >= 0) {
      sum -= c->candidates[c->chosen[worst]].threshold;
      c->chosen[worst] = -1, dropped = true;
    }
  }
  return sum;
}

/* Node j's threshold lowered to its smallest positive excess that keeps
 * the cover past the slack; returns it. */
static int64_t lowered(const CoverRow *r, int j, int64_t t, int64_t rest,
                       int count) {
  int64_t best = t;
  for (int s = 0; s < count; ++s) {
    int64_t e = r->nodes[j].excess[s];
    if (e > 0 && e < best && rest + e > r->slack)
      best = e;
  }
  return best;
}

static uint64_t signature(const int *idx, int k) {
  uint64_t h = 1469598103934665603ull;
  for (int i = 0; i < k; ++i)
    h = (h ^ (uint64_t)idx[i]) * 1099511628211ull;
  return h;
}

/* Whether this call already added a cut with these columns (built in the
 * same order); records it when not. */
static bool seenCut(AsCovers *c, const int *idx, int k) {
  uint64_t h = signature(idx, k);
  for (int i = 0; i < c->num_signatures; ++i)
    if (c->signatures[i] == h)
      return true;
  if (c->num_signatures == c->max_signatures) {
    c->max_signatures = 2 * c->max_signatures + 16;
    c->signatures =
        realloc(c->signatures, sizeof(uint64_t) * (size_t)c->max_signatures);
  }
  c->signatures[c->num_signatures++] = h;
  return false;
}

/* Separates row r at x: a violated cover cut into osi_cuts. */
static void separateRow(AsCovers *c, const CoverRow *r, const double *x,
                        void *osi_cuts) {
  int k = candidates(c, r, x);
  if (k == 0)
    return;
  int64_t sum = greedyCover(c, r, k);
  if (sum <= r->slack)
    return;
  sum = minimalCover(c, r, sum);
  int n = 0, size = 0;
  double lhs = 0;
  for (int j = 0; j < r->num_nodes; ++j) {
    if (c->chosen[j] < 0)
      continue;
    const AsNode *node = AS_NODE((AsProblem *)c->p, r->nodes[j].node);
    int64_t t = c->candidates[c->chosen[j]].threshold;
    int64_t low = lowered(r, j, t, sum - t, node->num_strategies);
    sum += low - t;
    ++size;
    for (int s = 0; s < node->num_strategies; ++s)
      if (r->nodes[j].excess[s] >= low) {
        c->idx[n] = node->first_var + s, c->coef[n++] = 1.0;
        lhs += x[node->first_var + s];
      }
  }
  if (lhs > (double)(size - 1) + 1e-4 && !seenCut(c, c->idx, n)) {
    OsiCuts_addRowCut(osi_cuts, n, c->idx, c->coef, 'L', (double)(size - 1));
    ++c->added;
  }
}

void asCoversSeparate(void *osi, void *osi_cuts, void *user) {
  AsCovers *c = user;
  if (Osi_getNumCols(osi) != c->num_cols)
    return;
  const double *x = Osi_getColSolution(osi);
  c->num_signatures = 0;
  for (int i = 0; i < c->num_rows; ++i)
    separateRow(c, &c->rows[i], x, osi_cuts);
}
