/*
 * Reduce.c - dominated strategies, removed before the integer program.
 *
 * Strategy t of a node dominates its strategy s when, whatever the other
 * nodes choose, t costs no more than s in every term of the program:
 *   - its op cost (and so its combine, a collective, only if s has one);
 *   - the bytes it holds at its own op, and each of its node's values
 *     under it (every memory row and the kept-bytes tie-break read these
 *     with positive coefficients);
 *   - on every edge of the node, the reshard to or from every group of the
 *     other end (and so a collective only where s has one); on an edge
 *     whose value several uses share (Share.c), also the same target
 *     layout as s, or none that sends: s's may be another use's copy.
 * Replacing s by t in any plan then keeps it within the budget and does
 * not raise its objective (bytes, collectives or kept bytes), so some
 * optimal plan takes no dominated strategy, and the program without them
 * has the same optimum: the proof and the certificate are unchanged. When
 * t and s tie in every term, the lower index stays, so of equal strategies
 * one is kept. Domination is a strict order, so every dominated strategy
 * has an undominated dominator; each node's are removed at once, and the
 * argument holds node by node because it holds for any choice of the
 * others.
 *
 * Assumes: the problem is formulated (Formulate.c) or folded (Repeat.c).
 * The strategies are not removed from the nodes (Repeat.c compares them
 * by index); Solve.c fixes the dominated ones' columns at 0, and the
 * edge columns of groups left without a strategy, which CBC's presolve
 * then drops.
 */
#include "autoshard.h"

#include <stdlib.h>
#include <string.h>

/* The edges and values (sources) of each node. */
typedef struct Incidence {
  int *edge_start, *edges; /* CSR over nodes */
  int *src_start, *srcs;
} Incidence;

int *asBuckets(int nodes, int count, const int *owner, int **start) {
  *start = calloc((size_t)nodes + 2, sizeof(int));
  int *items = malloc(sizeof(int) * ((size_t)count + 1));
  for (int i = 0; i < count; ++i)
    ++(*start)[owner[i] + 2];
  for (int n = 0; n < nodes; ++n)
    (*start)[n + 2] += (*start)[n + 1];
  for (int i = 0; i < count; ++i)
    items[(*start)[owner[i] + 1]++] = i;
  return items;
}

/* Each edge is listed under both its ends. */
static void incidence(const AsProblem *p, Incidence *inc) {
  int nodes = (int)p->nodes.size, ne = (int)p->edges.size;
  int ns = (int)p->sources.size;
  int *owner = malloc(sizeof(int) * ((size_t)(2 * ne + ns) + 1));
  for (int i = 0; i < ne; ++i) {
    owner[2 * i] = GSPMD_VEC_AT(&p->edges, AsEdge, i).from;
    owner[2 * i + 1] = GSPMD_VEC_AT(&p->edges, AsEdge, i).to;
  }
  inc->edges = asBuckets(nodes, 2 * ne, owner, &inc->edge_start);
  for (int i = 0; i < 2 * ne; ++i)
    inc->edges[i] /= 2; /* list index -> edge */
  for (int i = 0; i < ns; ++i)
    owner[i] = GSPMD_VEC_AT(&p->sources, AsSource, i).node;
  inc->srcs = asBuckets(nodes, ns, owner, &inc->src_start);
  free(owner);
}

static void incidenceFree(Incidence *inc) {
  free(inc->edge_start), free(inc->edges);
  free(inc->src_start), free(inc->srcs);
}

/* Compares x <= y into *ok, and notes a strict difference. */
static void noLess(int64_t x, int64_t y, bool *ok, bool *strict) {
  *ok &= x <= y;
  *strict |= x < y;
}

/* Edge i's reshards with node n at t, against n at s, for every group
 * of the other end. */
static void edgeNoMore(const AsEdge *e, int n, int t, int s, bool *ok,
                       bool *strict) {
  if (e->from == n) {
    int ct = e->from_class[t], cs = e->from_class[s];
    for (int b = 0; b < e->num_to && *ok && ct != cs; ++b)
      noLess(e->cost[(size_t)ct * (size_t)e->num_to + (size_t)b],
             e->cost[(size_t)cs * (size_t)e->num_to + (size_t)b], ok, strict);
  }
  if (e->to == n) {
    int ct = e->to_class[t], cs = e->to_class[s];
    for (int a = 0; a < e->num_from && *ok && ct != cs; ++a)
      noLess(e->cost[(size_t)a * (size_t)e->num_to + (size_t)ct],
             e->cost[(size_t)a * (size_t)e->num_to + (size_t)cs], ok, strict);
    /* A shared value's reshard into s's layout may be another use's copy
     * (free to s), one into t's not: t must read s's layout or send
     * nothing. */
    if (e->share >= 0 && ct != cs && e->target[ct] != e->target[cs])
      for (int a = 0; a < e->num_from && *ok; ++a)
        *ok = e->cost[(size_t)a * (size_t)e->num_to + (size_t)ct] == 0;
  }
}

/* Whether t dominates s at node n (the header's terms). */
static bool dominates(const AsProblem *p, const Incidence *inc, int n, int t,
                      int s) {
  const AsNode *node = &GSPMD_VEC_AT(&p->nodes, AsNode, n);
  const AsStrategy *st = &node->strategies[t], *ss = &node->strategies[s];
  bool ok = true, strict = false;
  noLess(st->op_cost, ss->op_cost, &ok, &strict);
  noLess(st->held_bytes, ss->held_bytes, &ok, &strict);
  for (int i = inc->src_start[n]; ok && i < inc->src_start[n + 1]; ++i) {
    const AsSource *src = &GSPMD_VEC_AT(&p->sources, AsSource, inc->srcs[i]);
    noLess(asLocalBytes(p, src, asSourceSharding(p, src, t)),
           asLocalBytes(p, src, asSourceSharding(p, src, s)), &ok, &strict);
  }
  for (int i = inc->edge_start[n]; ok && i < inc->edge_start[n + 1]; ++i)
    edgeNoMore(&GSPMD_VEC_AT(&p->edges, AsEdge, inc->edges[i]), n, t, s, &ok,
               &strict);
  return ok && (strict || t < s);
}

/* dom[s]: s when no strategy dominates it, else an undominated one that
 * does (following dominators ends: the order is strict). */
static int reduceNode(const AsProblem *p, const Incidence *inc, int n,
                      int *dom) {
  int k = GSPMD_VEC_AT(&p->nodes, AsNode, n).num_strategies, removed = 0;
  for (int s = 0; s < k; ++s) {
    dom[s] = s;
    for (int t = 0; t < k && dom[s] == s; ++t)
      if (t != s && dominates(p, inc, n, t, s))
        dom[s] = t;
  }
  for (int s = 0; s < k; ++s) {
    while (dom[dom[s]] != dom[s])
      dom[s] = dom[dom[s]];
    removed += dom[s] != s;
  }
  return removed;
}

int asReduce(AsProblem *p) {
  if (p->dominator || p->keep_dominated)
    return p->num_dominated;
  int nodes = (int)p->nodes.size;
  Incidence inc;
  incidence(p, &inc);
  p->dominator = gspmdArenaAlloc(&p->arena, sizeof(int *) * (size_t)nodes);
  p->num_dominated = 0;
  for (int n = 0; n < nodes; ++n) {
    int k = AS_NODE(p, n)->num_strategies;
    p->dominator[n] = gspmdArenaAlloc(&p->arena, sizeof(int) * (size_t)k);
    p->num_dominated += reduceNode(p, &inc, n, p->dominator[n]);
  }
  incidenceFree(&inc);
  return p->num_dominated;
}

bool asAlive(const AsProblem *p, int n, int s) {
  return (!p->dominator || p->dominator[n][s] == s) &&
         (!p->unfit || !p->unfit[n][s]);
}

void asUndominate(const AsProblem *p, int *plan) {
  for (int n = 0; p->dominator && n < (int)p->nodes.size; ++n)
    plan[n] = p->dominator[n][plan[n]];
}
