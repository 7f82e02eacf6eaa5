/*
 * Solve.c - gspmd-auto-shard's integer program, solved exactly by CBC
 * (COIN-OR Branch and Cut, EPL-2.0, through its C interface
 * coin/Cbc_C_Interface.h; docs/auto-shard.md says why CBC and not GLPK).
 *
 * Columns: x[n][s] binary, node n takes strategy s (sum over s is 1), with
 * the strategy's op cost as objective (bytes, or with objective=time bytes
 * weighted by their axes: Formulate.c); for each edge, columns
 * e[A][B] in [0, 1] per pair of groups of strategies (those giving the
 * value, and the operand, the same sharding: the reshard depends on
 * nothing else) with the pair's reshard cost as objective, and the
 * marginal rows (sum over B of e[A][B] is the x of A's strategies, over A
 * the x of B's), which with binary x make e the product and make the LP
 * relaxation tight enough for CBC to prove optima quickly (with product
 * rows e >= x + x - 1 alone the bound of a 4-layer MLP stayed far from the
 * optimum after a minute). A pair the planner cannot reshard has no e
 * column (0). Rows per op: the bytes live across it under their
 * producers' strategies plus what it holds under its own are within the
 * budget (a value live across several ops is one column of its bytes,
 * liveBytesColumns). When that cannot be met, a second program minimises the
 * peak instead (one more column M >= every op's bytes), giving the smallest
 * budget the strategies allow.
 *
 * The search (docs/auto-shard.md, The search): the relaxation by CLP, a
 * start plan from its rounding (Start.c) that CBC starts from with its
 * objective as cutoff, the columns no cheaper plan takes left out by their
 * reduced costs, and cover cuts on the memory rows (Cover.c).
 *
 * Assumes: the problem is formulated (Formulate.c). CBC runs with no log,
 * one thread and the time limit of time-limit= (60 s); its cuts and
 * heuristics depend on the budget (solveFrom); the certificate says
 * whether the optimum was proven.
 */
#include "autoshard.h"

#include <coin/Cbc_C_Interface.h>
#include <coin/Clp_C_Interface.h>

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define AS_FORBIDDEN ((int64_t)1 << 50)

double asNow(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

double asSecondsLeft(const AsProblem *p) {
  double left = p->deadline - asNow();
  return left > 0.01 ? left : 0.01;
}

/* The program as it is built: columns and rows appended here, handed to
 * CBC at once (Cbc_loadProblem). Appending to a CBC model one column or
 * row at a time copies its matrix each time, which cost half the time of a
 * transformer layer. */
typedef struct Lp {
  GspmdVec col_lb, col_ub, obj; /* double */
  GspmdVec integer;             /* int: columns to make integer */
  GspmdVec row_lb, row_ub;      /* double */
  GspmdVec t_row, t_col;        /* int: matrix entries */
  GspmdVec t_val;               /* double */
} Lp;

static void lpInit(Lp *lp) {
  gspmdVecInit(&lp->col_lb, sizeof(double));
  gspmdVecInit(&lp->col_ub, sizeof(double));
  gspmdVecInit(&lp->obj, sizeof(double));
  gspmdVecInit(&lp->integer, sizeof(int));
  gspmdVecInit(&lp->row_lb, sizeof(double));
  gspmdVecInit(&lp->row_ub, sizeof(double));
  gspmdVecInit(&lp->t_row, sizeof(int));
  gspmdVecInit(&lp->t_col, sizeof(int));
  gspmdVecInit(&lp->t_val, sizeof(double));
}

static void lpFree(Lp *lp) {
  GspmdVec *all[] = {&lp->col_lb,  &lp->col_ub, &lp->obj,
                     &lp->integer, &lp->row_lb, &lp->row_ub,
                     &lp->t_row,   &lp->t_col,  &lp->t_val};
  for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); ++i)
    gspmdVecFree(all[i]);
}

static int lpNumCols(const Lp *lp) { return (int)lp->obj.size; }
static int lpNumRows(const Lp *lp) { return (int)lp->row_lb.size; }

static void lpCol(Lp *lp, double lb, double ub, double obj, bool integer) {
  if (integer)
    *(int *)gspmdVecPush(&lp->integer) = lpNumCols(lp);
  *(double *)gspmdVecPush(&lp->col_lb) = lb;
  *(double *)gspmdVecPush(&lp->col_ub) = ub;
  *(double *)gspmdVecPush(&lp->obj) = obj;
}

/* A row sum(coef * x[idx]) `sense` ('E', 'G', 'L') rhs. */
static void lpRow(Lp *lp, int k, const int *idx, const double *coef, char sense,
                  double rhs) {
  int row = lpNumRows(lp);
  *(double *)gspmdVecPush(&lp->row_lb) = sense == 'L' ? -DBL_MAX : rhs;
  *(double *)gspmdVecPush(&lp->row_ub) = sense == 'G' ? DBL_MAX : rhs;
  for (int i = 0; i < k; ++i) {
    *(int *)gspmdVecPush(&lp->t_row) = row;
    *(int *)gspmdVecPush(&lp->t_col) = idx[i];
    *(double *)gspmdVecPush(&lp->t_val) = coef[i];
  }
}

/* The program's matrix by columns, as CBC and CLP load it. */
typedef struct Columns {
  CoinBigIndex *start;
  int *index;
  double *value;
} Columns;

static Columns lpColumns(const Lp *lp) {
  int cols = lpNumCols(lp), n = (int)lp->t_val.size;
  Columns c = {calloc((size_t)cols + 1, sizeof(CoinBigIndex)),
               malloc(sizeof(int) * (size_t)(n + 1)),
               malloc(sizeof(double) * (size_t)(n + 1))};
  for (int i = 0; i < n; ++i)
    ++c.start[GSPMD_VEC_AT(&lp->t_col, int, i) + 1];
  for (int k = 0; k < cols; ++k)
    c.start[k + 1] += c.start[k];
  CoinBigIndex *next = malloc(sizeof(CoinBigIndex) * ((size_t)cols + 1));
  memcpy(next, c.start, sizeof(CoinBigIndex) * ((size_t)cols + 1));
  for (int i = 0; i < n; ++i) {
    CoinBigIndex at = next[GSPMD_VEC_AT(&lp->t_col, int, i)]++;
    c.index[at] = GSPMD_VEC_AT(&lp->t_row, int, i);
    c.value[at] = GSPMD_VEC_AT(&lp->t_val, double, i);
  }
  free(next);
  return c;
}

static void columnsFree(Columns *c) {
  free(c->start), free(c->index), free(c->value);
}

/* The program into CBC's model. */
static void lpLoad(const Lp *lp, Cbc_Model *m) {
  Columns c = lpColumns(lp);
  Cbc_loadProblem(m, lpNumCols(lp), lpNumRows(lp), c.start, c.index, c.value,
                  lp->col_lb.data, lp->col_ub.data, lp->obj.data,
                  lp->row_lb.data, lp->row_ub.data);
  for (int i = 0; i < (int)lp->integer.size; ++i)
    Cbc_setInteger(m, GSPMD_VEC_AT(&lp->integer, int, i));
  columnsFree(&c);
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

/* Columns a bound and a plan rule out (reduced-cost fixing): a column
 * whose LP reduced cost is above `limit` (the plan's objective less the
 * LP bound, plus half a byte) is in no plan costing less than the plan,
 * since every plan costs at least the bound plus the reduced cost of each
 * column it takes at 1. `reduced` NULL: none. Column numbers are those of
 * the program without pruning. */
typedef struct Prune {
  const double *reduced;
  double limit;
  int count; /* edge columns dropped so far (strategy columns are
                fixed at 0 instead: they keep their numbers) */
} Prune;

static bool pruned(const Prune *prune, int col) {
  return prune && prune->reduced && prune->reduced[col] > prune->limit;
}

/* Columns of strategies: one per (node, strategy). */
static int addStrategyColumns(AsProblem *p, Lp *m, bool costs, Prune *prune) {
  int cols = 0;
  double tie = costs ? tieWeight(p) : 0;
  double per_collective = costs ? collectiveWeight(p) : 0;
  asReduce(p);
  if (costs)
    asFit(p);
  for (int n = 0; n < (int)p->nodes.size; ++n) {
    AsNode *node = AS_NODE(p, n);
    node->first_var = cols;
    for (int s = 0; s < node->num_strategies; ++s, ++cols) {
      int64_t cost = node->strategies[s].op_cost;
      /* Forbidden: a folded class whose members' reshard between each
       * other (Repeat.c) cannot be made. */
      bool forbidden =
          cost >= AS_FORBIDDEN || !asAlive(p, n, s) || pruned(prune, cols);
      double c = costs && !forbidden ? (double)cost : 0.0;
      c += cost > 0 ? per_collective : 0.0;
      lpCol(m, 0, forbidden ? 0 : 1, c + tie * (double)keptBytes(p, node, s),
            true);
    }
    int *idx = malloc(sizeof(int) * (size_t)node->num_strategies);
    double *one = malloc(sizeof(double) * (size_t)node->num_strategies);
    for (int s = 0; s < node->num_strategies; ++s)
      idx[s] = node->first_var + s, one[s] = 1.0;
    lpRow(m, node->num_strategies, idx, one, 'E', 1.0);
    free(idx);
    free(one);
  }
  return cols;
}

/* Appends to idx/coef the strategy columns of `node` in group g of
 * `class`; returns the new count. */
static int groupTerms(const AsNode *node, const int *class, int g, double sign,
                      int *idx, double *coef, int k) {
  for (int s = 0; s < node->num_strategies; ++s)
    if (class[s] == g)
      idx[k] = node->first_var + s, coef[k++] = sign;
  return k;
}

/* Appends to idx/coef the columns of e's pairs whose producer group
 * (producer true) or consumer group is g; returns the new count. */
static int pairTerms(const AsEdge *e, int g, bool producer, int *idx,
                     double *coef, int k) {
  int count = producer ? e->num_to : e->num_from;
  for (int j = 0; j < count; ++j) {
    int col =
        producer ? e->cols[g * e->num_to + j] : e->cols[j * e->num_to + g];
    if (col >= 0)
      idx[k] = col, coef[k++] = 1.0;
  }
  return k;
}

/* One marginal row of edge `e`: the columns of the pairs whose producer
 * group (producer true) or consumer group is g sum to the x of `end`'s
 * strategies in group g (or, a bound's averaged edge, per `side`). */
static void marginalRow(Lp *m, const AsEdge *e, const AsNode *end,
                        const int *classes, int g, bool producer, int *idx,
                        double *coef) {
  int side = producer ? e->from_side : e->to_side;
  if (side > 0) /* its role's rows (addRoleRows) */
    return;
  int k = pairTerms(e, g, producer, idx, coef, 0);
  int first = k;
  k = groupTerms(end, classes, g, -1.0, idx, coef, k);
  for (int t = first; side == AS_SIDE_SCALED && t < k; ++t)
    coef[t] = -e->mass;
  lpRow(m, k, idx, coef, side == AS_SIDE_AT_MOST ? 'L' : 'E', 0.0);
}

/* A bound's averaged edge: its pairs sum to its mass. */
static void addMassRow(Lp *m, const AsEdge *e) {
  size_t pairs = (size_t)e->num_from * (size_t)e->num_to;
  int *idx = malloc(sizeof(int) * (pairs + 1));
  double *one = malloc(sizeof(double) * (pairs + 1));
  int k = 0;
  for (size_t i = 0; i < pairs; ++i)
    if (e->cols[i] >= 0)
      idx[k] = e->cols[i], one[k++] = 1.0;
  lpRow(m, k, idx, one, 'E', e->mass);
  free(idx);
  free(one);
}

/* The marginal rows of edge `e`: the pairs with producer group A sum to
 * the x of A's strategies, those with consumer group B to the x of B's.
 * With binary x they force e[A][B] to be the product of the two groups'
 * sums; they are also the tight relaxation (the local marginal polytope)
 * where the product rows alone leave the LP bound at zero. A pair without
 * a column is 0: a group all of whose pairs are gone is out. */
static void addMarginalRows(Lp *m, const AsEdge *e, const AsNode *from,
                            const AsNode *to) {
  int most =
      e->num_from + e->num_to + from->num_strategies + to->num_strategies + 1;
  int *idx = malloc(sizeof(int) * (size_t)most);
  double *coef = malloc(sizeof(double) * (size_t)most);
  for (int a = 0; a < e->num_from; ++a)
    marginalRow(m, e, from, e->from_class, a, true, idx, coef);
  for (int b = 0; b < e->num_to; ++b)
    marginalRow(m, e, to, e->to_class, b, false, idx, coef);
  free(idx);
  free(coef);
  if (e->mass > 0)
    addMassRow(m, e);
}

/* The rows of each role (AsEdge's sides): per group of the role's node,
 * the pairs of every edge of the role at that end sum to the group's x. */
static void addRoleRows(const AsProblem *p, Lp *m) {
  int ne = (int)p->edges.size, roles = 0, most = 1;
  int *owner = malloc(sizeof(int) * (2 * (size_t)ne + 1));
  for (int i = 0; i < ne; ++i) { /* item 2i + 1: edge i's producer end */
    const AsEdge *e = AS_EDGE(p, i);
    owner[2 * i] = e->to_side > 0 ? e->to_side : 0;
    owner[2 * i + 1] = e->from_side > 0 ? e->from_side : 0;
    roles = owner[2 * i] > roles ? owner[2 * i] : roles;
    roles = owner[2 * i + 1] > roles ? owner[2 * i + 1] : roles;
    most += e->num_from * e->num_to;
  }
  int *start, *ends = asBuckets(roles + 1, 2 * ne, owner, &start);
  int *idx = malloc(sizeof(int) * (size_t)(most + 1));
  double *coef = malloc(sizeof(double) * (size_t)(most + 1));
  for (int role = 1; role <= roles; ++role) {
    const AsEdge *first = AS_EDGE(p, ends[start[role]] / 2);
    bool producer = ends[start[role]] % 2;
    const AsNode *end = AS_NODE(p, producer ? first->from : first->to);
    const int *classes = producer ? first->from_class : first->to_class;
    int groups = producer ? first->num_from : first->num_to;
    for (int g = 0; g < groups; ++g) {
      int k = 0;
      for (int j = start[role]; j < start[role + 1]; ++j)
        k = pairTerms(AS_EDGE(p, ends[j] / 2), g, ends[j] % 2, idx, coef, k);
      k = groupTerms(end, classes, g, -1.0, idx, coef, k);
      lpRow(m, k, idx, coef, 'E', 0.0);
    }
  }
  free(owner), free(start), free(ends), free(idx), free(coef);
}

/* Which of the `groups` groups of node n's strategies hold one that is not
 * dominated (Reduce.c): a pair with a group without one is fixed at 0. */
static bool *liveGroups(const AsProblem *p, int n, const int *class,
                        int groups) {
  bool *live = calloc((size_t)groups + 1, sizeof(bool));
  const AsNode *node = &GSPMD_VEC_AT(&p->nodes, AsNode, n);
  for (int s = 0; s < node->num_strategies; ++s)
    live[class[s]] |= asAlive(p, n, s);
  return live;
}

/* The objective's coefficient of a reshard costing c: its cost and, when
 * it sends, one collective. */
static double reshardCoefficient(const AsProblem *p, int64_t c) {
  return c > 0 ? (double)c + collectiveWeight(p) : 0.0;
}

/* Share sh's column w[k] (k a target several edges can read) is at least
 * what each of its edges pays into k: the sum over its pairs from a
 * producer group A into consumer groups reading k of the pair's column
 * times the reshard A -> k. With binary x an edge's pairs are one product
 * of choices, so w[k] is the reshard from the producer's group into k when
 * some consumer reads k and 0 otherwise: paid once however many uses read
 * it. The edges keep their pair columns and marginal rows, which keep the
 * LP bound tight: a w made from the producer's x alone let the LP take each
 * target from its cheapest producer group apart. */
static void addShareRows(Lp *m, const AsProblem *p, const AsShare *sh, int *idx,
                         double *coef) {
  for (int i = 0; i < sh->num_edges; ++i) {
    const AsEdge *e = AS_EDGE(p, sh->edges[i]);
    for (int t = 0; t < sh->num_targets; ++t) {
      int w = sh->cols[t], k = 0;
      for (int a = 0; w >= 0 && a < e->num_from; ++a)
        for (int b = 0; b < e->num_to; ++b) {
          int col = e->cols[a * e->num_to + b];
          if (e->target[b] != t || col < 0)
            continue;
          size_t pair = (size_t)a * (size_t)sh->num_targets + (size_t)t;
          double c = reshardCoefficient(p, sh->cost[pair]) / sh->scale[t];
          if (c > 0)
            idx[k] = col, coef[k++] = c;
        }
      if (k == 0)
        continue;
      idx[k] = w, coef[k++] = -1.0;
      lpRow(m, k, idx, coef, 'L', 0.0);
    }
  }
}

/* The shares' w columns (Share.c) and their rows; returns the next free
 * column. A target no producer group reaches for a cost needs no w, nor one
 * edge alone can read: its edge's pairs pay for it. They come after every
 * edge column and are never pruned, so Prune's numbering of the edges
 * holds. */
static int addShareColumns(AsProblem *p, Lp *m, int cols, bool costs) {
  int most = 1;
  for (int i = 0; i < (int)p->edges.size; ++i) {
    int pairs = AS_EDGE(p, i)->num_from * AS_EDGE(p, i)->num_to + 1;
    most = pairs > most ? pairs : most;
  }
  int *idx = malloc(sizeof(int) * (size_t)most);
  double *coef = malloc(sizeof(double) * (size_t)most);
  for (int i = 0; i < (int)p->shares.size; ++i) {
    AsShare *sh = AS_SHARE(p, i);
    sh->cols =
        gspmdArenaAlloc(&p->arena, sizeof(int) * ((size_t)sh->num_targets + 1));
    sh->scale = gspmdArenaAlloc(&p->arena,
                                sizeof(double) * ((size_t)sh->num_targets + 1));
    for (int t = 0; t < sh->num_targets; ++t) {
      double most = 0; /* w[k] is at most its dearest reshard */
      for (int a = 0; a < sh->num_from; ++a) {
        int64_t c = sh->cost[(size_t)a * (size_t)sh->num_targets + (size_t)t];
        if (c < AS_FORBIDDEN && reshardCoefficient(p, c) > most)
          most = reshardCoefficient(p, c);
      }
      sh->cols[t] = costs && most > 0 && sh->shared[t] ? cols++ : -1;
      sh->scale[t] = most;
      if (sh->cols[t] >= 0)
        lpCol(m, 0, 1, most, false);
    }
    addShareRows(m, p, sh, idx, coef);
  }
  free(idx);
  free(coef);
  return cols;
}

/* Edge columns e[A][B] in [0, 1] costing the pair's bytes, and the
 * marginal rows; returns the next free column. A pair the planner cannot
 * reshard, with a group of no live strategy, or pruned, gets no column.
 * No row e >= x(A) + x(B) - 1: with binary x the marginal rows already
 * force e[A][B] = x(A) x(B) (B's column sums to 0 but for the chosen B,
 * and A's row sums to 1), and without those rows a transformer layer's
 * program is a third smaller. `full` counts the columns the program has
 * without pruning (Prune's numbering). */
static int addEdgeColumns(AsProblem *p, Lp *m, int cols, bool costs,
                          Prune *prune) {
  int full = cols;
  for (int i = 0; i < (int)p->edges.size; ++i) {
    AsEdge *e = AS_EDGE(p, i);
    AsNode *from = AS_NODE(p, e->from), *to = AS_NODE(p, e->to);
    size_t pairs = (size_t)e->num_from * (size_t)e->num_to;
    e->cols = gspmdArenaAlloc(&p->arena, sizeof(int) * (pairs + 1));
    bool *live_from = liveGroups(p, e->from, e->from_class, e->num_from);
    bool *live_to = liveGroups(p, e->to, e->to_class, e->num_to);
    for (int a = 0; a < e->num_from; ++a)
      for (int b = 0; b < e->num_to; ++b) {
        int64_t c = e->cost[(size_t)a * (size_t)e->num_to + (size_t)b];
        bool forbidden = c >= AS_FORBIDDEN || !live_from[a] || !live_to[b];
        e->cols[a * e->num_to + b] = -1;
        if (forbidden)
          continue;
        if (pruned(prune, full++)) {
          ++prune->count;
          continue;
        }
        e->cols[a * e->num_to + b] = cols++;
        /* Into a target several uses may read, the share pays. */
        bool charged = costs && (e->share < 0 ||
                                 !AS_SHARE(p, e->share)->shared[e->target[b]]);
        lpCol(m, 0, 1, charged ? reshardCoefficient(p, c) : 0.0, false);
      }
    addMarginalRows(m, e, from, to);
    free(live_from);
    free(live_to);
  }
  addRoleRows(p, m);
  return addShareColumns(p, m, cols, costs);
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

/* The words naming what source si's bytes column holds: its node (in a
 * folded problem a layer's value shares its class's node), which of the
 * node's tensors it is, and its element bytes and shape. Sources with
 * equal words have equal bytes under every strategy. Returns how many. */
static size_t sourceKey(const AsProblem *p, int si, uint64_t *key) {
  const AsSource *src = &GSPMD_VEC_AT(&p->sources, AsSource, si);
  size_t n = 0;
  key[n++] = (uint64_t)src->node, key[n++] = (uint64_t)src->tensor;
  key[n++] = (uint64_t)src->element_bytes, key[n++] = (uint64_t)src->rank;
  for (int d = 0; d < src->rank; ++d)
    key[n++] = (uint64_t)src->shape[d];
  return n;
}

/* A value live across several ops is one column of its bytes,
 * m = sum over its node's strategies of bytes * x, which each of their
 * rows reads once. Without it every row repeats the strategies of every
 * value live across it (a training step's activations live from the
 * forward pass to the backward), and the matrix CLP factors grows with
 * ops times live strategies: the same LP, denser. Values of one class of
 * a folded problem (Repeat.c) share their column. bytes_col[source] is
 * that column, or -1 for a value read in one row, or for every value
 * without `by_column` (written out there). */
static int *liveBytesColumns(const AsProblem *p, Lp *m, bool by_column) {
  int n = (int)p->sources.size;
  int *uses = calloc((size_t)n + 1, sizeof(int));
  for (int i = 0; i < (int)p->steps.size; ++i) {
    const AsStep *step = &GSPMD_VEC_AT(&p->steps, AsStep, i);
    for (int l = 0; l < step->num_live; ++l)
      ++uses[step->live[l]];
  }
  int most = 1;
  for (int si = 0; si < n; ++si) {
    const AsSource *src = &GSPMD_VEC_AT(&p->sources, AsSource, si);
    int k = GSPMD_VEC_AT(&p->nodes, AsNode, src->node).num_strategies;
    most = k + 1 > most ? k + 1 : most;
  }
  int *idx = malloc(sizeof(int) * (size_t)most);
  double *coef = malloc(sizeof(double) * (size_t)most);
  uint64_t key[4 + GSPMD_MAX_RANK];
  GspmdKeyMap columns = {0};
  for (int si = 0; si < n; ++si) {
    if (uses[si] < 2 || !by_column) {
      uses[si] = -1;
      continue;
    }
    size_t words = sourceKey(p, si, key);
    int col = gspmdKeyMapGet(&columns, key, words);
    if (col >= 0) {
      uses[si] = col;
      continue;
    }
    const AsSource *src = &GSPMD_VEC_AT(&p->sources, AsSource, si);
    const AsNode *node = &GSPMD_VEC_AT(&p->nodes, AsNode, src->node);
    uses[si] = lpNumCols(m);
    gspmdKeyMapPut(&columns, key, words, uses[si]);
    lpCol(m, 0, DBL_MAX, 0, false);
    idx[0] = uses[si], coef[0] = 1;
    for (int s = 0; s < node->num_strategies; ++s) {
      idx[s + 1] = node->first_var + s;
      coef[s + 1] = -(double)asLocalBytes(p, src, asSourceSharding(p, src, s));
    }
    lpRow(m, node->num_strategies + 1, idx, coef, 'E', 0);
  }
  gspmdKeyMapFree(&columns);
  free(idx);
  free(coef);
  return uses;
}

/* The memory row of step i: its terms into idx/coef, returns how many. */
typedef struct Terms {
  const AsProblem *p;
  const int *bytes_col;
  int *idx;
  double *coef;
  int k;
} Terms;

static void addTerm(void *user, int source, int node, int strategy,
                    int64_t bytes) {
  Terms *t = user;
  if (source >= 0 && t->bytes_col[source] >= 0) {
    if (strategy == 0) /* its column, once */
      t->idx[t->k] = t->bytes_col[source], t->coef[t->k++] = 1;
    return;
  }
  t->idx[t->k] = AS_NODE((AsProblem *)t->p, node)->first_var + strategy;
  t->coef[t->k++] = (double)bytes;
}

static int stepTerms(const AsProblem *p, int i, const int *bytes_col, int *idx,
                     double *coef) {
  Terms t = {p, bytes_col, idx, coef, 0};
  asStepTerms(p, i, addTerm, &t);
  return t.k;
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

/* Memory rows: each step's bytes <= budget, or (peak_col >= 0) <= M,
 * reading the columns liveBytesColumns adds first (with `by_column`; else
 * the strategy columns: solveFrom's binary_rows). A folded problem's
 * layers repeat their rows exactly; each is kept: written once, they make
 * a smaller LP, but CBC's dives then find dearer tied plans in the same
 * time (bench/RESULTS.md). */
static void addMemoryRows(AsProblem *p, Lp *m, int peak_col, bool by_column) {
  int *bytes_col = liveBytesColumns(p, m, by_column);
  int most = maxStepTerms(p), cols = lpNumCols(m);
  int *idx = malloc(sizeof(int) * (size_t)most);
  double *coef = malloc(sizeof(double) * (size_t)most);
  int *pos = malloc(sizeof(int) * (size_t)(cols + 1));
  for (int c = 0; c <= cols; ++c)
    pos[c] = -1;
  for (int i = 0; i < (int)p->steps.size; ++i) {
    int k = mergeTerms(stepTerms(p, i, bytes_col, idx, coef), idx, coef, pos);
    if (peak_col >= 0) {
      idx[k] = peak_col, coef[k++] = -1.0;
      lpRow(m, k, idx, coef, 'L', 0.0);
    } else {
      lpRow(m, k, idx, coef, 'L', (double)p->budget);
    }
  }
  free(idx);
  free(coef);
  free(pos);
  free(bytes_col);
}

/* Each node takes its strategy of largest x in the solution x. */
static void readSolution(AsProblem *p, const double *x) {
  for (int n = 0; n < (int)p->nodes.size; ++n) {
    AsNode *node = AS_NODE(p, n);
    node->chosen = 0;
    for (int s = 1; s < node->num_strategies; ++s)
      if (x[node->first_var + s] > x[node->first_var + node->chosen])
        node->chosen = s;
  }
}

static void readChoice(AsProblem *p, Cbc_Model *m) {
  readSolution(p, Cbc_getColSolution(m));
}

/* CBC's model of the program lp, with its settings. */
static Cbc_Model *newModel(const AsProblem *p, const Lp *lp) {
  Cbc_Model *m = Cbc_newModel();
  lpLoad(lp, m);
  Cbc_setLogLevel(m, 0);
  Cbc_setParameter(m, "log", "0");
  Cbc_setParameter(m, "slog", "0");
  /* The deadline is wall time (Pass.c); CBC counts CPU time unless told,
   * and on a loaded machine that overran it. */
  Cbc_setParameter(m, "timeMode", "elapsed");
  Cbc_setMaximumSeconds(m, asSecondsLeft(p));
  /* Without a budget the marginal rows make the relaxation tight; CBC's
   * cut generators and primal heuristics then cost more than they find (an
   * 8-layer MLP on a 2x4 mesh: 10.7 s with them, 3.3 s without; 16 layers:
   * 59 s, 10 s). solveFrom turns the cuts on where the LP bound is known to
   * fall short of a plan. */
  Cbc_setParameter(m, "cuts", "off");
  Cbc_setParameter(m, "heuristics", "off");
  return m;
}

/* Hands CBC `plan` (a strategy per node) as its start, with the value of
 * one more column after the strategies' (extra_col; -1 for none), and
 * `cutoff`. */
static void mipStart(const AsProblem *p, const int *plan, int extra_col,
                     double extra_val, double cutoff, Cbc_Model *m) {
  int n = 0, total = 0;
  for (int i = 0; i < (int)p->nodes.size; ++i)
    total += AS_NODE(p, i)->num_strategies;
  int *idx = malloc(sizeof(int) * (size_t)(total + 2));
  double *val = malloc(sizeof(double) * (size_t)(total + 2));
  for (int i = 0; i < (int)p->nodes.size; ++i)
    for (int s = 0; s < AS_NODE(p, i)->num_strategies; ++s, ++n)
      idx[n] = AS_NODE(p, i)->first_var + s, val[n] = s == plan[i];
  if (extra_col >= 0)
    idx[n] = extra_col, val[n++] = extra_val;
  Cbc_setMIPStartI(m, n, idx, val);
  Cbc_setCutoff(m, cutoff);
  free(idx);
  free(val);
}

/* The smallest peak the strategies allow (ignoring bytes), and into plan
 * (when not NULL) a plan holding it; -1 when CBC proves none in its time. */
static int64_t minimumBudget(AsProblem *p, int *plan) {
  Lp lp;
  lpInit(&lp);
  /* The strategies unfit for the budget are not unfit for a larger one. */
  bool **unfit = p->unfit;
  p->unfit = NULL;
  int cols = addStrategyColumns(p, &lp, false, NULL);
  lpCol(&lp, 0, 1e18, 1.0, false);
  addMemoryRows(p, &lp, cols, true);
  int64_t start = asSmallPeakPlan(p);
  p->unfit = unfit;
  Cbc_Model *m = newModel(p, &lp);
  lpFree(&lp);
  /* CBC starts from a plan of small peak, as the program with a budget
   * starts from its plan (startPlan): its cutoff prunes most of the tree
   * on deep programs (bench/RESULTS.md). */
  int *small = malloc(sizeof(int) * (p->nodes.size + 1));
  for (int n = 0; n < (int)p->nodes.size; ++n)
    small[n] = AS_NODE(p, n)->chosen;
  mipStart(p, small, cols, (double)start, (double)start + 0.5, m);
  free(small);
  Cbc_solve(m);
  int64_t best = -1;
  if (Cbc_isProvenOptimal(m)) {
    best = (int64_t)(Cbc_getObjValue(m) + 0.5);
    readChoice(p, m);
    for (int n = 0; plan && n < (int)p->nodes.size; ++n)
      plan[n] = AS_NODE(p, n)->chosen;
  }
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

/* The chosen strategies' bytes (cost false) or cost (true). */
static int64_t total(const AsProblem *p, bool cost) {
  int64_t sum = 0;
  for (int n = 0; n < (int)p->nodes.size; ++n) {
    const AsStrategy *st = &AS_NODE(p, n)->strategies[AS_NODE(p, n)->chosen];
    sum += cost ? st->op_cost : st->op_bytes;
  }
  for (int i = 0; i < (int)p->edges.size; ++i)
    if (AS_EDGE(p, i)->share < 0)
      sum += asEdgeCostWith(p, AS_EDGE(p, i), -1, 0, cost);
  for (int i = 0; i < (int)p->shares.size; ++i)
    sum += asShareCost(p, AS_SHARE(p, i), -1, 0, cost);
  return sum;
}

int64_t asTotalBytes(const AsProblem *p) { return total(p, false); }

int64_t asTotalCost(const AsProblem *p) { return total(p, true); }

/* Whether edge i is the first of its share that touches node n (the
 * share's cost is counted there once). */
static bool firstShareEdge(const AsProblem *p, int i, int n) {
  const AsShare *sh = AS_SHARE(p, AS_EDGE(p, i)->share);
  for (int k = 0; k < sh->num_edges; ++k) {
    const AsEdge *e = AS_EDGE(p, sh->edges[k]);
    if (e->from == n || e->to == n)
      return sh->edges[k] == i;
  }
  return false;
}

int64_t asLocalCost(const AsProblem *p, int n, int s) {
  int64_t total = AS_NODE(p, n)->strategies[s].op_cost;
  for (int i = 0; i < (int)p->edges.size; ++i) {
    const AsEdge *e = AS_EDGE(p, i);
    if (e->from != n && e->to != n)
      continue;
    if (e->share < 0)
      total += asEdgeCostWith(p, e, n, s, true);
    else if (firstShareEdge(p, i, n))
      total += asShareCost(p, AS_SHARE(p, e->share), n, s, true);
  }
  return total;
}

/* The cost, bytes and peak of the full problem under its nodes' choices. */
static void measureChoice(const AsProblem *p, AsSolution *out) {
  out->cost = asTotalCost(p);
  out->bytes = asTotalBytes(p);
  out->peak = 0;
  for (int i = 0; i < (int)p->steps.size; ++i) {
    int64_t b = asStepBytes(p, i);
    out->peak = b > out->peak ? b : out->peak;
  }
}

/* What `plan` puts in the shares' w columns: each target some consumer
 * reads, the reshard into it from the producer's group. */
static double shareObjective(const AsProblem *p, const int *plan) {
  double total = 0;
  for (int i = 0; i < (int)p->shares.size; ++i) {
    const AsShare *sh = AS_SHARE(p, i);
    int a = AS_EDGE(p, sh->edges[0])->from_class[plan[sh->from]];
    for (int t = 0; t < sh->num_targets; ++t) {
      bool read = false;
      for (int k = 0; k < sh->num_edges && sh->cols[t] >= 0 && !read; ++k) {
        const AsEdge *e = AS_EDGE(p, sh->edges[k]);
        read = e->target[e->to_class[plan[e->to]]] == t;
      }
      if (read)
        total += reshardCoefficient(
            p, sh->cost[(size_t)a * (size_t)sh->num_targets + (size_t)t]);
    }
  }
  return total;
}

/* The objective of `plan` in the program lp: its strategies' columns and
 * the edge columns of their pairs of groups. */
static double planObjective(const AsProblem *p, const double *obj,
                            const double *ub, const int *plan) {
  double total = 0;
  for (int n = 0; n < (int)p->nodes.size; ++n) {
    int col = GSPMD_VEC_AT(&p->nodes, AsNode, n).first_var + plan[n];
    /* A plan the program cannot take (a pair the planner cannot reshard,
     * a forbidden class) bounds nothing: no cutoff, nothing pruned. */
    if (ub[col] == 0)
      return HUGE_VAL;
    total += obj[col];
  }
  for (int i = 0; i < (int)p->edges.size; ++i) {
    const AsEdge *e = &GSPMD_VEC_AT(&p->edges, AsEdge, i);
    int col = e->cols[asEdgePair(e, plan[e->from], plan[e->to])];
    if (col < 0)
      return HUGE_VAL;
    total += obj[col];
  }
  return total + shareObjective(p, plan);
}

/* CBC starts from `start` (a strategy per node; Cbc_setMIPStartI), with
 * its objective plus 1e-4 as the cutoff: CBC prunes every subtree whose
 * bound is not below it. Exact: the optimum is at or below the start's
 * objective, so it is never cut off, and the margin keeps the start itself
 * acceptable to CBC's tolerances. A start taking dominated strategies (a
 * tied plan) has each replaced by its dominator first, a plan as good that
 * CBC can take. */
static void setStart(AsProblem *p, const Lp *lp, const int *start,
                     Cbc_Model *m) {
  int *plan = malloc(sizeof(int) * (p->nodes.size + 1));
  memcpy(plan, start, sizeof(int) * p->nodes.size);
  asUndominate(p, plan);
  double objective = planObjective(p, lp->obj.data, lp->col_ub.data, plan);
  if (objective < HUGE_VAL)
    mipStart(p, plan, -1, 0, objective + 1e-4, m);
  free(plan);
}

/* Every plan's objective is its cost plus a tie-break in [0, 1), and costs
 * are whole: a plan costing less than `cost` has an objective below
 * `cost`, so a bound at or above it proves none does. */
static bool provesCost(double bound, int64_t cost) {
  return bound >= (double)cost - 1e-6;
}

/* Solves p; with `start` (a strategy per node), CBC starts from that plan
 * (Cbc_setMIPStartI), which it then only has to improve or prove, and it
 * proves the bytes only, not the tie-break. `prune` drops the columns no
 * plan cheaper than the start takes (NULL: none). With `binary_rows` the
 * memory rows read the strategy columns, not the live bytes columns: CBC's
 * knapsack covers are cut from rows of binary columns only, and they are
 * what proves a whole program after its tied plan (MLPs: bench/RESULTS.md);
 * elsewhere the sparser rows solve faster. */
static bool solveFrom(AsProblem *p, const int *start, bool bytes_only,
                      bool cuts, bool binary_rows, Prune *prune,
                      AsSolution *out) {
  memset(out, 0, sizeof(*out));
  out->min_budget = -1;
  double begin = asNow();
  Lp lp;
  lpInit(&lp);
  int cols = addStrategyColumns(p, &lp, true, prune);
  cols = addEdgeColumns(p, &lp, cols, true, prune);
  if (p->budget > 0)
    addMemoryRows(p, &lp, -1, !binary_rows);
  out->num_vars = cols;
  out->num_rows = lpNumRows(&lp);
  out->num_pruned = prune ? prune->count : 0;
  out->start_cost = -1;
  Cbc_Model *m = newModel(p, &lp);
  /* Under a budget the memory rows leave a gap between the LP bound and
   * the plans; the cover cuts (Cover.c) close it faster than CBC's own
   * cuts, which then cost more than they find (one transformer layer, 2x4
   * mesh, budget 1.5x its smallest: 1.4 s with covers alone, 1.7 s with
   * both, 2.9 s with CBC's cuts alone). CBC's preprocessing renumbers the
   * columns the covers read, so it is off with them. Its primal
   * heuristics find plans the start's local moves do not (GPT-2's forward
   * on 2x4 under its hand plan's peak: 91200 B in 30 s with them, 120320 B
   * in 60 s without), at a small price on small programs. */
  AsCovers *covers = asCoversNew(p, lpNumCols(&lp));
  if (covers) {
    Cbc_addCutCallback(m, asCoversSeparate, "memory covers", covers);
    Cbc_setParameter(m, "preprocess", "off");
    Cbc_setParameter(m, "heuristics", "on");
  }
  /* Where the LP bound falls short of the start, CBC's cuts close the gap
   * faster than branching does (2 transformer layers, the optimum as
   * cutoff: proven in 7.2 s CPU with them, not after 17.6 s without),
   * where without a gap they only cost. Under a budget they also help
   * the covers prove a whole program after a tied plan (an 8-layer MLP,
   * 2x4 mesh, 1.5x its smallest budget: 2.9 s with both, 37 s with the
   * covers alone), but not a program solved at once (the BERT forward,
   * Megatron's budget: 1.4 s with the covers alone, 40 s with both). */
  if (cuts && (!covers || bytes_only))
    Cbc_setParameter(m, "cuts", "on");
  /* CBC's preprocessing (probing) costs more than it saves on the proof
   * of a whole program with a gap (one transformer layer: 0.73 s CPU
   * without it, 1.25 s with), and pays on the bytes-only solves after a
   * tied plan (2 transformer layers: 23 s with it, 49 s without). */
  if (cuts && !bytes_only)
    Cbc_setParameter(m, "preprocess", "off");
  if (start)
    setStart(p, &lp, start, m);
  lpFree(&lp);
  /* Stop at a plan within 1 of the bound (bytes_only): with a bound at or
   * above its bytes no plan sends fewer, and proving the tie-break among
   * plans sending as many is most of the search on deep programs.
   * Otherwise within half a collective's weight: no plan sends fewer bytes
   * or makes fewer collectives, and the last tie (bytes kept) is left
   * unproven, for the same reason (bench/RESULTS.md). */
  Cbc_setAllowableGap(m, bytes_only ? 0.99 : 0.5 * collectiveWeight(p));
  Cbc_solve(m);
  out->optimal = Cbc_isProvenOptimal(m);
  out->feasible = out->optimal || (!Cbc_isProvenInfeasible(m) &&
                                   Cbc_status(m) == 1 && Cbc_bestSolution(m));
  if (out->feasible) {
    out->objective = Cbc_getObjValue(m);
    out->bound = Cbc_getBestPossibleObjValue(m);
    readChoice(p, m);
    measureChoice(p, out);
    /* At the time limit the bound may still prove the bytes. */
    out->optimal |= provesCost(out->bound, out->cost);
  }
  Cbc_deleteModel(m);
  out->num_covers = asCoversAdded(covers);
  asCoversFree(covers);
  if (!out->feasible && p->budget > 0)
    out->min_budget = minimumBudget(p, NULL);
  out->seconds = asNow() - begin;
  return out->feasible;
}

/* The LP relaxation of the whole program within the budget, solved by
 * CLP: a lower bound on the cost of any plan. */
typedef struct Relaxation {
  double bound;   /* -1 when the LP is infeasible or ran out of time */
  bool timed_out; /* CLP stopped at its limit */
  double seconds; /* CLP's time: CBC's root solves the LP again */
  /* [columns], malloc'd, for Prune: the reduced costs, and the program's
   * objective and upper bounds (a plan's objective without building the
   * program again; the edges' cols still number its columns). */
  double *reduced, *obj, *ub;
} Relaxation;

static double *copyOf(const double *x, int n) {
  double *copy = malloc(sizeof(double) * ((size_t)n + 1));
  memcpy(copy, x, sizeof(double) * (size_t)n);
  return copy;
}

static void relaxationFree(Relaxation *r) {
  free(r->reduced), free(r->obj), free(r->ub);
}

/* Solves the relaxation; into rounded[] its largest x per node (often the
 * optimum itself, as tight relaxations go). */
static Relaxation wholeBound(AsProblem *p, int *rounded, double seconds) {
  Lp lp;
  lpInit(&lp);
  int cols = addStrategyColumns(p, &lp, true, NULL);
  addEdgeColumns(p, &lp, cols, true, NULL);
  if (p->budget > 0)
    addMemoryRows(p, &lp, -1, true);
  Clp_Simplex *clp = Clp_newModel();
  Columns c = lpColumns(&lp);
  Clp_loadProblem(clp, lpNumCols(&lp), lpNumRows(&lp), c.start, c.index,
                  c.value, lp.col_lb.data, lp.col_ub.data, lp.obj.data,
                  lp.row_lb.data, lp.row_ub.data);
  columnsFree(&c);
  Clp_setLogLevel(clp, 0);
  /* The dual simplex from the slack basis: CLP's default (presolve, then
   * its choice of algorithm) took 24 s on a 24-layer transformer's
   * relaxation where this takes 4. */
  if (seconds > 0)
    Clp_setMaximumSeconds(clp, seconds);
  double begin = asNow();
  Clp_dual(clp, 0);
  Relaxation r = {-1, Clp_status(clp) == 3, asNow() - begin, NULL, NULL, NULL};
  if (Clp_isProvenOptimal(clp)) {
    r.bound = Clp_objectiveValue(clp);
    r.reduced = copyOf(Clp_getReducedCost(clp), lpNumCols(&lp));
    r.obj = copyOf(lp.obj.data, lpNumCols(&lp));
    r.ub = copyOf(lp.col_ub.data, lpNumCols(&lp));
    readSolution(p, Clp_getColSolution(clp));
    for (int n = 0; n < (int)p->nodes.size; ++n)
      rounded[n] = AS_NODE(p, n)->chosen;
  }
  Clp_deleteModel(clp);
  lpFree(&lp);
  return r;
}

/* The relaxation with shared reshards (Share.c), into *r, when their LP is
 * solved within a quarter of the time left: their rows make the LP of a
 * large program on a 2-D mesh far slower (bench/RESULTS.md). Past that the
 * shares are dropped, each use pays its own reshard as the partitioner
 * would without the copies, and the certificate says so. False when there
 * were none or they were dropped: the relaxation without them is to come. */
static bool relaxShared(AsProblem *p, int *rounded, Relaxation *r) {
  if (p->shares.size == 0)
    return false;
  *r = wholeBound(p, rounded, asSecondsLeft(p) / 4);
  if (!r->timed_out)
    return true;
  relaxationFree(r);
  asDropShares(p);
  return false;
}

/* The relaxation, with shared reshards when their LP is solved in time
 * (relaxShared). Without shares the LP is solved whatever the time unless
 * `bounded` (a plan is there without it: the tied one), since the start
 * plan comes from it. */
static Relaxation relaxWhole(AsProblem *p, int *rounded, bool bounded) {
  Relaxation r;
  if (relaxShared(p, rounded, &r))
    return r;
  return wholeBound(p, rounded, bounded ? asSecondsLeft(p) : 0);
}

/* The columns no plan cheaper than `plan` takes, by r's reduced costs.
 * Right after wholeBound: the edges' cols number r's program. */
static Prune pruneFor(const AsProblem *p, const Relaxation *r,
                      const int *plan) {
  Prune prune = {NULL, 0, 0};
  if (!r->reduced)
    return prune;
  prune.reduced = r->reduced;
  prune.limit = planObjective(p, r->obj, r->ub, plan) + 0.5 - r->bound;
  return prune;
}

static bool fitsBudget(const AsProblem *p, const AsSolution *s) {
  return p->budget <= 0 || s->peak <= p->budget;
}

static void choose(AsProblem *p, const int *plan) {
  for (int n = 0; n < (int)p->nodes.size; ++n)
    AS_NODE(p, n)->chosen = plan[n];
}

/* Whether every step fits the budget under the nodes' choices. */
static bool choiceFits(const AsProblem *p) {
  if (p->budget <= 0)
    return true;
  for (int i = 0; i < (int)p->steps.size; ++i)
    if (asStepBytes(p, i) > p->budget)
      return false;
  return true;
}

/* plan (within the budget), improved by rounds of local moves; the nodes
 * take it. */
static void improvePlan(AsProblem *p, int *plan) {
  asReduce(p);
  asUndominate(p, plan);
  choose(p, plan);
  asImprovePlan(p);
  for (int n = 0; n < (int)p->nodes.size; ++n)
    plan[n] = AS_NODE(p, n)->chosen;
}

/* p's hint (Pass.c; solveFolded) instead of plan when it fits and costs
 * less; the nodes take the plan kept. The hint is improved by local moves
 * first, its dominated strategies replaced: a plan taking one prunes no
 * column (planObjective). */
static void takeHint(AsProblem *p, int *plan) {
  if (!p->hint)
    return;
  choose(p, plan);
  int64_t cost = choiceFits(p) ? asTotalCost(p) : AS_FORBIDDEN;
  improvePlan(p, p->hint);
  if (choiceFits(p) && asTotalCost(p) < cost) {
    memcpy(plan, p->hint, sizeof(int) * p->nodes.size);
    p->hint_taken = true;
  }
  choose(p, plan);
}

/* A plan to start CBC from: the LP relaxation's rounding, repaired to fit
 * the budget and improved by local moves (Start.c). CBC then prunes every
 * subtree whose bound is not below that plan's objective; without an
 * incumbent (heuristics off) it found one only deep in the tree (one
 * transformer layer: 521 nodes, against 8 with the plan's objective as
 * cutoff). It only speeds the search: the proof is CBC's. Into *r the
 * relaxation; returns false when no plan fits the budget. */
static bool startPlan(AsProblem *p, int *plan, Relaxation *r) {
  *r = relaxWhole(p, plan, false);
  if (r->bound < 0)
    return false;
  choose(p, plan);
  /* The rounding over the budget is repaired; when that fails, the plan
   * of the smallest peak fits any budget that can be met. Without a plan
   * CBC searched the whole budget of a GPT-2 forward (2x4 mesh) for 240 s
   * and found none; from the smallest peak's plan it stopped at 454302 B,
   * from the repaired rounding it starts at 91648 B. */
  asReduce(p);
  if (!choiceFits(p) && !asRepairPlan(p) &&
      (minimumBudget(p, plan) < 0 || (choose(p, plan), !choiceFits(p))))
    return false;
  for (int n = 0; n < (int)p->nodes.size; ++n)
    plan[n] = AS_NODE(p, n)->chosen;
  improvePlan(p, plan);
  takeHint(p, plan);
  /* A repair that had to take a pair the planner cannot reshard. */
  return asTotalCost(p) < AS_FORBIDDEN;
}

/* The start plan as the outcome when CBC ran out of time before matching
 * it: feasible, not proven. */
static void keepStart(AsProblem *p, const int *plan, double lp_bound,
                      AsSolution *out) {
  choose(p, plan);
  measureChoice(p, out);
  out->feasible = true, out->optimal = false, out->min_budget = -1;
  out->objective = (double)out->cost, out->bound = lp_bound;
}

/* Solves p from startPlan's plan when there is one, without the columns
 * no cheaper plan takes; bytes_only stops within one byte of the bound
 * (see solveFrom). */
static bool solveStarted(AsProblem *p, bool bytes_only, AsSolution *out) {
  double begin = asNow();
  int *plan = malloc(sizeof(int) * (p->nodes.size + 1));
  Relaxation r;
  bool started = startPlan(p, plan, &r);
  int64_t start_cost = started ? asTotalCost(p) : -1;
  bool ok = false;
  /* search=start, or too little time left: CBC would stop at its root,
   * solving the LP again. The start plan, proven only by the bound. */
  if (started && (p->start_only || asSecondsLeft(p) <= r.seconds)) {
    memset(out, 0, sizeof(*out));
    keepStart(p, plan, r.bound, out);
    out->optimal = provesCost(r.bound, out->cost);
    ok = true;
  } else {
    Prune prune = started ? pruneFor(p, &r, plan) : (Prune){NULL, 0, 0};
    ok = solveFrom(p, started ? plan : NULL, bytes_only,
                   started && !provesCost(r.bound, start_cost), false, &prune,
                   out);
  }
  if (!ok && started) /* CBC stopped (time) with no plan below the start's */
    keepStart(p, plan, r.bound, out);
  out->start_cost = start_cost;
  ok |= started;
  relaxationFree(&r);
  free(plan);
  out->seconds = asNow() - begin;
  return ok;
}

bool asSolve(AsProblem *p, AsSolution *out) {
  return solveStarted(p, false, out);
}

void asCostWithShares(AsProblem *p, AsSolution *sol) {
  sol->searched_cost = -1;
  if (!p->shares_dropped)
    return;
  int64_t searched = sol->cost;
  asRestoreShares(p);
  measureChoice(p, sol);
  sol->searched_cost = searched;
  /* The tie-break as searched. No plan sends less than nothing; any
   * other bound was for each use charged apart. */
  sol->objective -= (double)(searched - sol->cost);
  sol->optimal = sol->cost == 0;
}

/* Folding pays when it ties a quarter of the nodes or more. Below that the
 * folded problem is nearly the whole one, solved once folded and then
 * again whole to prove it (one transformer layer ties 2 of its 35 nodes:
 * two solves instead of one). Either way the plan is proven the same. */
static bool worthFolding(const AsProblem *p, const AsRepeat *r) {
  int tied = 0;
  for (int n = 0; n < (int)p->nodes.size; ++n)
    tied += r->class_of[n] != n;
  return 4 * tied >= (int)p->nodes.size;
}

/* A bound on every plan of p, tied or not, from its layers averaged
 * folded (Repeat.c): an LP of one layer's size; -1 when it is infeasible
 * or out of time. */
static double averagedBound(AsProblem *p, AsRepeat *r) {
  AsProblem g;
  asFoldAveraged(p, r, &g);
  int *scratch = malloc(sizeof(int) * (g.nodes.size + 1));
  Relaxation relaxed = wholeBound(&g, scratch, asSecondsLeft(p));
  double bound = relaxed.bound;
  relaxationFree(&relaxed);
  free(scratch);
  asFoldFree(&g, r);
  return bound;
}

/* p folded by r, solved for its bytes within `seconds` (the tie-break
 * among tied plans would buy nothing: the plan is a start); with `hint` (a
 * plan of p tied by r) the folded search starts from it when it costs
 * less than its own start. On success p's nodes take the folded plan.
 * Into *sol the folded solve, into *nodes the folded problem's size. */
static bool solveFolded(AsProblem *p, AsRepeat *r, double seconds,
                        const int *hint, AsSolution *sol, int *nodes) {
  AsProblem f;
  asFold(p, r, &f);
  if (hint) {
    f.hint = gspmdArenaAlloc(&f.arena, sizeof(int) * (f.nodes.size + 1));
    for (int n = 0; n < (int)p->nodes.size; ++n)
      f.hint[r->folded_index[n]] = hint[n];
  }
  f.deadline = asNow() + seconds;
  bool ok = solveStarted(&f, true, sol);
  *nodes = (int)f.nodes.size;
  if (ok)
    asUnfold(p, r, &f);
  asFoldFree(&f, r);
  return ok;
}

/* Every layer alike: the run's ends tied too (`all`, from asFindRepeats),
 * a program of one layer's size, solved first within a quarter of
 * the time left. Its plan ties the segments `tied` ties as well, so it is
 * a start for the folded search of `tied` (whose ends are free). From its
 * own start (the LP's rounding, repaired) the folded search of 24
 * transformer layers reached the plan every layer alike gives at once
 * only after most of its time (bench/RESULTS.md). Returns that plan
 * (malloc'd, a strategy per node of p) and into *alike its segments,
 * folded nodes, cost and time; NULL, and alike->alike_segments 0, when
 * the run had no free ends (it is all tied already), with search=start
 * (one LP per program), or when no plan of every layer alike fits. */
static int *alikePlan(AsProblem *p, const AsRepeat *tied, AsRepeat *all,
                      AsSolution *alike) {
  memset(alike, 0, sizeof(*alike));
  if (p->start_only || all->segments == tied->segments)
    return NULL;
  double begin = asNow();
  AsSolution sol;
  int nodes;
  if (!solveFolded(p, all, asSecondsLeft(p) / 4, NULL, &sol, &nodes))
    return NULL;
  int *plan = malloc(sizeof(int) * (p->nodes.size + 1));
  for (int n = 0; n < (int)p->nodes.size; ++n)
    plan[n] = AS_NODE(p, n)->chosen;
  alike->alike_segments = all->segments, alike->alike_nodes = nodes;
  alike->alike_cost = asTotalCost(p);
  alike->alike_seconds = asNow() - begin;
  return plan;
}

bool asSolveRepeated(AsProblem *p, AsSolution *out) {
  AsRepeat r, all;
  if (!asFindRepeats(p, &r, &all) || !worthFolding(p, &r))
    return asSolve(p, out);
  double start = asNow();
  AsSolution alike, tied;
  int *alike_plan = alikePlan(p, &r, &all, &alike);
  /* The tied plan is a start: half the time left, the rest for the whole
   * program when the tied plan is not proven. */
  int folded_nodes;
  bool ok = solveFolded(p, &r, asSecondsLeft(p) / 2, alike_plan, &tied,
                        &folded_nodes);
  free(alike_plan);
  if (!ok) /* the tied plans do not fit: the whole program may */
    return asSolve(p, out);
  *out = tied;
  measureChoice(p, out);
  out->tied_cost = out->cost;
  out->tied_seconds = asNow() - start;
  /* Proven when no plan of the whole program costs less: costs are
   * whole, so a bound above cost - 1 (the tie-break is below 1) does. The
   * LP's rounding may be a better plan than the tied one. */
  int *plan = malloc(sizeof(int) * (p->nodes.size + 1));
  int *rounded = malloc(sizeof(int) * (p->nodes.size + 1));
  for (int n = 0; n < (int)p->nodes.size; ++n)
    plan[n] = rounded[n] = AS_NODE(p, n)->chosen;
  bool shared = p->shares.size > 0;
  /* The averaged bound first: one layer's LP, where the whole program's
   * may take most of the time (bench/RESULTS.md). When it proves the tied
   * plan, the whole LP is not needed. */
  out->averaged_bound = averagedBound(p, &r);
  /* Then the whole program's LP, within half the time left: the search
   * after it needs as long again (CBC's root solves that LP anew), and
   * without the search an LP that finishes late adds at most its rounding
   * and a bound the averaged one nearly equals without shares (24
   * transformer layers: bench/RESULTS.md). The tied plan stands without
   * it: not proven. */
  Relaxation relaxation = {-1, false, 0, NULL, NULL, NULL};
  if (!provesCost(out->averaged_bound, out->cost) &&
      !relaxShared(p, rounded, &relaxation)) {
    if (shared) { /* dropped: the tied plan's cost and bound without them */
      choose(p, plan);
      measureChoice(p, out);
      out->tied_cost = out->cost;
      out->averaged_bound = averagedBound(p, &r);
    }
    if (!provesCost(out->averaged_bound, out->cost))
      relaxation = wholeBound(p, rounded, asSecondsLeft(p) / 2);
  }
  out->whole_bound = relaxation.bound;
  AsSolution lp = *out;
  choose(p, rounded);
  measureChoice(p, &lp);
  if (fitsBudget(p, &lp) && lp.cost < out->cost) {
    *out = lp, out->rounded = true;
    memcpy(plan, rounded, sizeof(int) * p->nodes.size);
  }
  takeHint(p, plan);
  if (p->hint_taken) {
    AsSolution kept = *out;
    measureChoice(p, out);
    out->tied_cost = kept.tied_cost, out->whole_bound = kept.whole_bound;
    out->rounded = false;
  }
  choose(p, plan);
  out->bound = fmax(out->whole_bound, out->averaged_bound);
  out->repeat_proven = provesCost(out->bound, out->cost);
  out->optimal = out->repeat_proven;
  /* CBC's root solves the whole LP again: with less time left it would
   * stop there, above the tied plan (time limit). */
  out->whole_timed_out =
      !out->repeat_proven && !p->start_only &&
      (relaxation.bound < 0 || asSecondsLeft(p) <= relaxation.seconds);
  if (!out->repeat_proven && !p->start_only && !out->whole_timed_out) {
    improvePlan(p, plan);
    AsSolution whole;
    Prune prune = pruneFor(p, &relaxation, plan);
    if (solveFrom(p, plan, true, true, true, &prune, &whole) &&
        whole.cost <= out->cost) {
      AsSolution kept = *out;
      *out = whole;
      out->whole_bound = kept.whole_bound, out->tied_cost = kept.tied_cost;
      out->tied_seconds = kept.tied_seconds, out->rounded = kept.rounded;
      out->whole_solved = true;
      out->averaged_bound = kept.averaged_bound;
      out->bound = fmax(out->bound, out->averaged_bound);
      out->optimal = provesCost(out->bound, out->cost);
    } else {
      choose(p, plan);
    }
  }
  free(plan);
  free(rounded);
  relaxationFree(&relaxation);
  out->seconds = asNow() - start;
  out->start_cost = -1; /* the folded problem's, not the program's */
  out->repeat_start = r.start, out->repeat_period = r.period;
  out->repeat_segments = r.segments, out->repeat_args = r.tied_args;
  out->folded_nodes = folded_nodes;
  out->alike_segments = alike.alike_segments;
  out->alike_nodes = alike.alike_nodes;
  out->alike_cost = alike.alike_cost;
  out->alike_seconds = alike.alike_seconds;
  return true;
}
