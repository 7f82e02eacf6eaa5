/*
 * Fit.c - strategies that cannot fit the budget, fixed out of the integer
 * program before it is solved.
 *
 * A memory row (one op: the values live across it and the op's own
 * operands and results) reads each node once per term, and each node takes
 * exactly one strategy. So the row's bytes are at least the sum over its
 * nodes of each node's smallest coefficient, and a strategy whose
 * coefficient exceeds its node's smallest by more than the row's slack
 * (the budget less that sum) cannot be in any plan within the budget. Its
 * column is fixed at 0. Removing strategies can only raise the smallest
 * coefficients of the other rows, so this repeats until nothing changes.
 * Exact: the feasible plans, and so the optimum and its proof, are the
 * same. What it buys is the LP relaxation: without it the LP mixes a
 * fraction of such a strategy (a weight held whole, cheap in bytes) with a
 * fraction of a small one, and its bound falls short of every plan.
 *
 * Assumes: the problem is formulated (Formulate.c) or folded (Repeat.c);
 * asReduce has run (a dominated strategy is not a row's smallest one here:
 * its dominator holds no more). Only the program with the budget's rows
 * uses it; the program that finds the smallest budget does not.
 */
#include "autoshard.h"

#include <stdlib.h>
#include <string.h>

int *asStrategyOffsets(const AsProblem *p) {
  int nodes = (int)p->nodes.size;
  int *first = malloc(sizeof(int) * ((size_t)nodes + 1));
  first[0] = 0;
  for (int n = 0; n < nodes; ++n)
    first[n + 1] = first[n] + GSPMD_VEC_AT(&p->nodes, AsNode, n).num_strategies;
  return first;
}

typedef struct Row {
  const int *first;
  int64_t *acc;
  bool *seen;
  int *touched;
  int k;
} Row;

static void addCoefficient(void *user, int source, int node, int strategy,
                           int64_t bytes) {
  (void)source;
  Row *r = user;
  r->acc[r->first[node] + strategy] += bytes;
  if (!r->seen[node])
    r->seen[node] = true, r->touched[r->k++] = node;
}

int asRowCoefficients(const AsProblem *p, int i, const int *first, int64_t *acc,
                      bool *seen, int *touched) {
  Row r = {first, acc, seen, touched, 0};
  asStepTerms(p, i, addCoefficient, &r);
  return r.k;
}

int64_t asSmallestCoefficient(const AsProblem *p, int n, const int *first,
                              const int64_t *acc) {
  int64_t least = INT64_MAX;
  for (int s = 0; s < AS_NODE((AsProblem *)p, n)->num_strategies; ++s)
    if (asAlive(p, n, s) && acc[first[n] + s] < least)
      least = acc[first[n] + s];
  return least;
}

/* Fixes out the strategies step i's row cannot take; returns how many.
 * acc, seen are zero on entry and on return. */
static int fitRow(AsProblem *p, int i, const int *first, int64_t *acc,
                  bool *seen, int *touched) {
  int k = asRowCoefficients(p, i, first, acc, seen, touched), fixed = 0;
  int64_t floor = 0;
  for (int j = 0; j < k; ++j) {
    int64_t least = asSmallestCoefficient(p, touched[j], first, acc);
    floor += least == INT64_MAX ? 0 : least;
  }
  int64_t slack = p->budget - floor;
  for (int j = 0; j < k; ++j) {
    int n = touched[j];
    int64_t least = asSmallestCoefficient(p, n, first, acc);
    for (int s = 0; s < AS_NODE(p, n)->num_strategies; ++s) {
      /* With no slack at all the row cannot be met: left to CBC, which
       * then says the budget cannot be met. */
      if (slack >= 0 && asAlive(p, n, s) && acc[first[n] + s] - least > slack)
        p->unfit[n][s] = true, ++fixed;
      acc[first[n] + s] = 0;
    }
    seen[n] = false;
  }
  return fixed;
}

int asFit(AsProblem *p) {
  if (p->unfit || p->keep_dominated || p->budget <= 0)
    return p->num_unfit;
  int nodes = (int)p->nodes.size;
  int *first = asStrategyOffsets(p);
  p->unfit = gspmdArenaAlloc(&p->arena, sizeof(bool *) * ((size_t)nodes + 1));
  for (int n = 0; n < nodes; ++n) {
    size_t k = (size_t)AS_NODE(p, n)->num_strategies;
    p->unfit[n] = gspmdArenaAlloc(&p->arena, k + 1);
    memset(p->unfit[n], 0, k + 1);
  }
  int64_t *acc = calloc((size_t)first[nodes] + 1, sizeof(int64_t));
  bool *seen = calloc((size_t)nodes + 1, sizeof(bool));
  int *touched = malloc(sizeof(int) * ((size_t)nodes + 1));
  for (int changed = 1; changed;) {
    changed = 0;
    for (int i = 0; i < (int)p->steps.size; ++i)
      changed += fitRow(p, i, first, acc, seen, touched);
    p->num_unfit += changed;
  }
  free(acc), free(seen), free(touched), free(first);
  return p->num_unfit;
}
