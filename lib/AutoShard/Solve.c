/*
 * Solve.c - gspmd-auto-shard's integer program, solved exactly by CBC
 * (COIN-OR Branch and Cut, EPL-2.0, through its C interface
 * coin/Cbc_C_Interface.h; docs/auto-shard.md says why CBC and not GLPK).
 *
 * Columns: x[n][s] binary, node n takes strategy s (sum over s is 1), with
 * the strategy's op bytes as objective; for each edge and pair (a, b),
 * e[a][b] in [0, 1] with the pair's reshard bytes as objective and
 * e >= x[from][a] + x[to][b] - 1 (costs are non-negative, so e is the
 * product at the optimum), plus the marginal rows (sum over b of e[a][b]
 * is x[from][a], over a x[to][b]): redundant for the integers, but they
 * make the LP relaxation tight enough for CBC to prove optima quickly (with
 * the product rows alone the bound of a 4-layer MLP stayed far from the
 * optimum after a minute). A pair the planner cannot reshard has e fixed
 * at 0. Rows per op: the bytes live across it
 * under their producers' strategies plus what it holds under its own are
 * within the budget. When that cannot be met, a second program minimises
 * the peak instead (one more column M >= every op's bytes), giving the
 * smallest budget the strategies allow.
 *
 * Assumes: the problem is formulated (Formulate.c). CBC runs with no log,
 * one thread, no cuts or heuristics, a 60 s limit; the certificate says whether
 * the optimum was proven.
 */
#include "autoshard.h"

#include <coin/Cbc_C_Interface.h>

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define AS_FORBIDDEN ((int64_t)1 << 50)

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Bytes a strategy keeps: what its node stores (an argument) or holds (an
 * op), for breaking ties between plans that send as many bytes. */
static int64_t keptBytes(const AsProblem *p, const AsNode *node, int s) {
  if (node->kind != AS_NODE_ARG)
    return node->strategies[s].held_bytes;
  int si = gspmdPtrMapGet(&p->source_of, node->arg.ptr);
  const AsSource *src = &GSPMD_VEC_AT(&p->sources, AsSource, si);
  return asLocalBytes(p, src, &node->strategies[s].tensors[0]);
}

/* The weight of one collective: all of them together weigh less than half
 * a byte sent, so of plans sending as many bytes the one with fewer
 * collectives wins (an all_reduce over a reduce_scatter and an
 * all_gather). */
static double collectiveWeight(const AsProblem *p) {
  return 0.5 / (double)(p->nodes.size + p->edges.size + 1);
}

/* The weight of a kept byte: all of them together weigh less than half a
 * collective, so ties between equal bytes and collectives go to the plan
 * keeping less. */
static double tieWeight(const AsProblem *p) {
  double most = 0;
  for (int n = 0; n < (int)p->nodes.size; ++n) {
    const AsNode *node = &GSPMD_VEC_AT(&p->nodes, AsNode, n);
    int64_t m = 0;
    for (int s = 0; s < node->num_strategies; ++s)
      m = keptBytes(p, node, s) > m ? keptBytes(p, node, s) : m;
    most += (double)m;
  }
  return most > 0 ? 0.5 * collectiveWeight(p) / most : 0;
}

/* Columns of strategies: one per (node, strategy). */
static int addStrategyColumns(AsProblem *p, Cbc_Model *m, bool costs) {
  int cols = 0;
  double tie = costs ? tieWeight(p) : 0;
  double per_collective = costs ? collectiveWeight(p) : 0;
  for (int n = 0; n < (int)p->nodes.size; ++n) {
    AsNode *node = AS_NODE(p, n);
    node->first_var = cols;
    for (int s = 0; s < node->num_strategies; ++s, ++cols) {
      int64_t bytes = node->strategies[s].op_bytes;
      /* Forbidden: a folded class whose members' reshard between each
       * other (Repeat.c) cannot be made. */
      bool forbidden = bytes >= AS_FORBIDDEN;
      double c = costs && !forbidden ? (double)bytes : 0.0;
      c += bytes > 0 ? per_collective : 0.0;
      Cbc_addCol(m, "", 0, forbidden ? 0 : 1,
                 c + tie * (double)keptBytes(p, node, s), 1, 0, NULL, NULL);
    }
    int *idx = malloc(sizeof(int) * (size_t)node->num_strategies);
    double *one = malloc(sizeof(double) * (size_t)node->num_strategies);
    for (int s = 0; s < node->num_strategies; ++s)
      idx[s] = node->first_var + s, one[s] = 1.0;
    Cbc_addRow(m, "", node->num_strategies, idx, one, 'E', 1.0);
    free(idx);
    free(one);
  }
  return cols;
}

/* Marginal rows of edge `e` (columns from `first`): the pairs with
 * producer strategy a sum to x[from][a], those with consumer strategy b to
 * x[to][b]. With binary x they force e[a][b] = x[from][a] * x[to][b]; they
 * are also the tight relaxation (the local marginal polytope) where the
 * product rows alone leave the LP bound at zero. */
static void addMarginalRows(Cbc_Model *m, const AsNode *from, const AsNode *to,
                            int first) {
  int na = from->num_strategies, nb = to->num_strategies;
  int most = (na > nb ? na : nb) + 1;
  int *idx = malloc(sizeof(int) * (size_t)most);
  double *coef = malloc(sizeof(double) * (size_t)most);
  for (int a = 0; a < na; ++a) {
    for (int b = 0; b < nb; ++b)
      idx[b] = first + a * nb + b, coef[b] = 1.0;
    idx[nb] = from->first_var + a, coef[nb] = -1.0;
    Cbc_addRow(m, "", nb + 1, idx, coef, 'E', 0.0);
  }
  for (int b = 0; b < nb; ++b) {
    for (int a = 0; a < na; ++a)
      idx[a] = first + a * nb + b, coef[a] = 1.0;
    idx[na] = to->first_var + b, coef[na] = -1.0;
    Cbc_addRow(m, "", na + 1, idx, coef, 'E', 0.0);
  }
  free(idx);
  free(coef);
}

/* Edge columns e[a][b] in [0, 1] (upper bound 0 for pairs the planner
 * cannot reshard) costing the pair's bytes, with e >= x[from][a] +
 * x[to][b] - 1 where that costs and the marginal rows; returns the next
 * free column. */
static int addEdgeColumns(AsProblem *p, Cbc_Model *m, int cols, bool costs) {
  for (int i = 0; i < (int)p->edges.size; ++i) {
    AsEdge *e = AS_EDGE(p, i);
    AsNode *from = AS_NODE(p, e->from), *to = AS_NODE(p, e->to);
    e->first_var = cols;
    for (int a = 0; a < from->num_strategies; ++a)
      for (int b = 0; b < to->num_strategies; ++b, ++cols) {
        int64_t c = e->cost[(size_t)a * (size_t)to->num_strategies + (size_t)b];
        bool forbidden = c >= AS_FORBIDDEN;
        double obj = costs && !forbidden && c > 0
                         ? (double)c + collectiveWeight(p)
                         : 0.0;
        Cbc_addCol(m, "", 0, forbidden ? 0 : 1, obj, 0, 0, NULL, NULL);
        if (c <= 0 || forbidden)
          continue;
        int idx[3] = {cols, from->first_var + a, to->first_var + b};
        double coef[3] = {1, -1, -1};
        Cbc_addRow(m, "", 3, idx, coef, 'G', -1.0);
      }
    addMarginalRows(m, from, to, e->first_var);
  }
  return cols;
}

/* Adds up the terms on one column (a folded problem's row reads a class
 * once per member); pos[column] is -1 on entry and on return. */
static int mergeTerms(int k, int *idx, double *coef, int *pos) {
  int n = 0;
  for (int t = 0; t < k; ++t) {
    if (pos[idx[t]] >= 0) {
      coef[pos[idx[t]]] += coef[t];
      continue;
    }
    pos[idx[t]] = n, idx[n] = idx[t], coef[n++] = coef[t];
  }
  for (int t = 0; t < n; ++t)
    pos[idx[t]] = -1;
  return n;
}

/* The memory row of step i: its terms into idx/coef, returns how many. */
static int stepTerms(const AsProblem *p, int i, int *idx, double *coef) {
  const AsStep *step = &GSPMD_VEC_AT(&p->steps, AsStep, i);
  const AsNode *self = &GSPMD_VEC_AT(&p->nodes, AsNode, step->node);
  int k = 0;
  for (int s = 0; s < self->num_strategies; ++s)
    idx[k] = self->first_var + s,
    coef[k++] = (double)self->strategies[s].held_bytes;
  for (int l = 0; l < step->num_live; ++l) {
    const AsSource *src = &GSPMD_VEC_AT(&p->sources, AsSource, step->live[l]);
    const AsNode *n = &GSPMD_VEC_AT(&p->nodes, AsNode, src->node);
    for (int s = 0; s < n->num_strategies; ++s)
      idx[k] = n->first_var + s,
      coef[k++] = (double)asLocalBytes(p, src, asSourceSharding(p, src, s));
  }
  return k;
}

static int maxStepTerms(const AsProblem *p) {
  int most = 0;
  for (int i = 0; i < (int)p->steps.size; ++i) {
    const AsStep *step = &GSPMD_VEC_AT(&p->steps, AsStep, i);
    int k = GSPMD_VEC_AT(&p->nodes, AsNode, step->node).num_strategies;
    for (int l = 0; l < step->num_live; ++l) {
      const AsSource *src = &GSPMD_VEC_AT(&p->sources, AsSource, step->live[l]);
      k += GSPMD_VEC_AT(&p->nodes, AsNode, src->node).num_strategies;
    }
    most = k > most ? k : most;
  }
  return most + 1;
}

/* Memory rows: each step's bytes <= budget, or (peak_col >= 0) <= M. */
static void addMemoryRows(AsProblem *p, Cbc_Model *m, int peak_col) {
  int most = maxStepTerms(p), cols = Cbc_getNumCols(m);
  int *idx = malloc(sizeof(int) * (size_t)most);
  double *coef = malloc(sizeof(double) * (size_t)most);
  int *pos = malloc(sizeof(int) * (size_t)(cols + 1));
  for (int c = 0; c <= cols; ++c)
    pos[c] = -1;
  for (int i = 0; i < (int)p->steps.size; ++i) {
    int k = mergeTerms(stepTerms(p, i, idx, coef), idx, coef, pos);
    if (peak_col >= 0) {
      idx[k] = peak_col, coef[k++] = -1.0;
      Cbc_addRow(m, "", k, idx, coef, 'L', 0.0);
    } else {
      Cbc_addRow(m, "", k, idx, coef, 'L', (double)p->budget);
    }
  }
  free(idx);
  free(coef);
  free(pos);
}

static void readChoice(AsProblem *p, Cbc_Model *m) {
  const double *x = Cbc_getColSolution(m);
  for (int n = 0; n < (int)p->nodes.size; ++n) {
    AsNode *node = AS_NODE(p, n);
    node->chosen = 0;
    for (int s = 1; s < node->num_strategies; ++s)
      if (x[node->first_var + s] > x[node->first_var + node->chosen])
        node->chosen = s;
  }
}

static Cbc_Model *newModel(void) {
  Cbc_Model *m = Cbc_newModel();
  Cbc_setLogLevel(m, 0);
  Cbc_setParameter(m, "log", "0");
  Cbc_setParameter(m, "slog", "0");
  Cbc_setMaximumSeconds(m, 60.0);
  /* The marginal rows make the relaxation tight; CBC's cut generators and
   * primal heuristics then cost more than they find (an 8-layer MLP on a
   * 2x4 mesh: 10.7 s with them, 3.3 s without; 16 layers: 59 s, 10 s). */
  Cbc_setParameter(m, "cuts", "off");
  Cbc_setParameter(m, "heuristics", "off");
  return m;
}

/* The smallest peak the strategies allow (ignoring bytes). */
static int64_t minimumBudget(AsProblem *p) {
  Cbc_Model *m = newModel();
  int cols = addStrategyColumns(p, m, false);
  Cbc_addCol(m, "", 0, 1e18, 1.0, 0, 0, NULL, NULL);
  addMemoryRows(p, m, cols);
  Cbc_solve(m);
  int64_t best = -1;
  if (Cbc_isProvenOptimal(m))
    best = (int64_t)(Cbc_getObjValue(m) + 0.5);
  Cbc_deleteModel(m);
  return best;
}

int64_t asStepBytes(const AsProblem *p, int i) {
  const AsStep *step = &GSPMD_VEC_AT(&p->steps, AsStep, i);
  const AsNode *self = &GSPMD_VEC_AT(&p->nodes, AsNode, step->node);
  int64_t total = self->strategies[self->chosen].held_bytes;
  for (int l = 0; l < step->num_live; ++l) {
    const AsSource *src = &GSPMD_VEC_AT(&p->sources, AsSource, step->live[l]);
    const AsNode *n = &GSPMD_VEC_AT(&p->nodes, AsNode, src->node);
    total += asLocalBytes(p, src, asSourceSharding(p, src, n->chosen));
  }
  return total;
}

int64_t asTotalBytes(const AsProblem *p) {
  int64_t total = 0;
  for (int n = 0; n < (int)p->nodes.size; ++n) {
    const AsNode *node = &GSPMD_VEC_AT(&p->nodes, AsNode, n);
    total += node->strategies[node->chosen].op_bytes;
  }
  for (int i = 0; i < (int)p->edges.size; ++i) {
    const AsEdge *e = &GSPMD_VEC_AT(&p->edges, AsEdge, i);
    const AsNode *from = &GSPMD_VEC_AT(&p->nodes, AsNode, e->from);
    const AsNode *to = &GSPMD_VEC_AT(&p->nodes, AsNode, e->to);
    total += e->cost[(size_t)from->chosen * (size_t)to->num_strategies +
                     (size_t)to->chosen];
  }
  return total;
}

int64_t asLocalCost(const AsProblem *p, int n, int s) {
  const AsNode *node = &GSPMD_VEC_AT(&p->nodes, AsNode, n);
  int64_t total = node->strategies[s].op_bytes;
  for (int i = 0; i < (int)p->edges.size; ++i) {
    const AsEdge *e = &GSPMD_VEC_AT(&p->edges, AsEdge, i);
    const AsNode *from = &GSPMD_VEC_AT(&p->nodes, AsNode, e->from);
    const AsNode *to = &GSPMD_VEC_AT(&p->nodes, AsNode, e->to);
    int a = e->from == n ? s : from->chosen, b = e->to == n ? s : to->chosen;
    if (e->from == n || e->to == n)
      total += e->cost[(size_t)a * (size_t)to->num_strategies + (size_t)b];
  }
  return total;
}

bool asSolve(AsProblem *p, AsSolution *out) {
  memset(out, 0, sizeof(*out));
  out->min_budget = -1;
  double start = now();
  Cbc_Model *m = newModel();
  int cols = addStrategyColumns(p, m, true);
  cols = addEdgeColumns(p, m, cols, true);
  if (p->budget > 0)
    addMemoryRows(p, m, -1);
  out->num_vars = cols;
  out->num_rows = Cbc_getNumRows(m);
  Cbc_solve(m);
  out->optimal = Cbc_isProvenOptimal(m);
  out->feasible = out->optimal || (!Cbc_isProvenInfeasible(m) &&
                                   Cbc_status(m) == 1 && Cbc_bestSolution(m));
  if (out->feasible) {
    out->objective = Cbc_getObjValue(m);
    out->bound = Cbc_getBestPossibleObjValue(m);
    readChoice(p, m);
    out->bytes = asTotalBytes(p);
    for (int i = 0; i < (int)p->steps.size; ++i) {
      int64_t b = asStepBytes(p, i);
      out->peak = b > out->peak ? b : out->peak;
    }
  }
  Cbc_deleteModel(m);
  if (!out->feasible && p->budget > 0)
    out->min_budget = minimumBudget(p);
  out->seconds = now() - start;
  return out->feasible;
}

/* The bytes and peak of the full problem under its nodes' choices. */
static void measureChoice(const AsProblem *p, AsSolution *out) {
  out->bytes = asTotalBytes(p);
  out->peak = 0;
  for (int i = 0; i < (int)p->steps.size; ++i) {
    int64_t b = asStepBytes(p, i);
    out->peak = b > out->peak ? b : out->peak;
  }
}

bool asSolveRepeated(AsProblem *p, AsSolution *out) {
  AsRepeat r;
  if (!asFindRepeats(p, &r))
    return asSolve(p, out);
  double start = now();
  AsProblem f;
  asFold(p, &r, &f);
  bool ok = asSolve(&f, out);
  int folded_nodes = (int)f.nodes.size;
  if (ok)
    asUnfold(p, &r, &f);
  asFoldFree(&f, &r);
  if (!ok) /* the tied plans do not fit: the whole program may */
    return asSolve(p, out);
  measureChoice(p, out);
  out->seconds = now() - start;
  out->repeat_start = r.start, out->repeat_period = r.period;
  out->repeat_segments = r.segments, out->repeat_args = r.tied_args;
  out->folded_nodes = folded_nodes;
  return true;
}
