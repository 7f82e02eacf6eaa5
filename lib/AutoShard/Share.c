/*
 * Share.c - shared reshards in gspmd-auto-shard's cost: a value read by
 * several consumers is resharded once per distinct layout they read, as
 * the partitioner does (docs/partitioning.md, Shared reshards of a value:
 * every reshard records the layouts it reaches, and a later one of the
 * same value to a recorded layout takes the copy). A training step reads
 * most activations twice, in the forward and the backward pass, often in
 * one layout; charging each use its own reshard over-predicted those
 * steps by up to a fifth and steered the plan by a cost the partitioner
 * does not pay.
 *
 * A share groups the edges that read one value. The edges keep their
 * columns and marginal rows; the bytes move to the share, one entry per
 * (producer group, target layout), which Solve.c makes a column at least
 * each of its edges' pairs into that target (so at 1 when any consumer
 * reads that layout from that group).
 *
 * Assumes: the edges are built (Formulate.c). All edges of one value group
 * the producer's strategies alike (by the value's sharding under them), so
 * the share takes its producer groups from its first edge. The model is
 * still an upper bound where the partitioner does better than one reshard
 * per layout (a layout sliced from another use's gathered copy).
 */
#include "autoshard.h"

#include "gspmd-c/Dialect.h"

#include <stdlib.h>
#include <string.h>

/* The first strategy of `node` in group g of `class`. */
static int groupMember(const AsNode *node, const int *class, int g) {
  int s = 0;
  while (s < node->num_strategies && class[s] != g)
    ++s;
  return s;
}

/* Index of sharding t in targets[0..*count), appended when new. */
static int targetIndex(const GspmdSharding **targets, int *count,
                       const GspmdSharding *t) {
  for (int k = 0; k < *count; ++k)
    if (gspmdShardingEqual(targets[k], t))
      return k;
  targets[*count] = t;
  return (*count)++;
}

/* Which of sh's targets more than one of its edges can read. */
static void markShared(AsProblem *p, AsShare *sh) {
  int *reader = malloc(sizeof(int) * ((size_t)sh->num_targets + 1));
  sh->shared =
      gspmdArenaAlloc(&p->arena, sizeof(bool) * (size_t)sh->num_targets);
  for (int k = 0; k < sh->num_targets; ++k)
    reader[k] = -1, sh->shared[k] = false;
  for (int i = 0; i < sh->num_edges; ++i) {
    const AsEdge *e = AS_EDGE(p, sh->edges[i]);
    for (int b = 0; b < e->num_to; ++b) {
      int k = e->target[b];
      sh->shared[k] |= reader[k] >= 0 && reader[k] != i;
      reader[k] = i;
    }
  }
  free(reader);
}

/* The share of value `source`, read by the `count` edges listed. */
static void buildShare(AsProblem *p, int source, const int *edges, int count) {
  int index = (int)p->shares.size;
  AsShare *sh = gspmdVecPush(&p->shares);
  const AsEdge *first = AS_EDGE(p, edges[0]);
  sh->source = source, sh->from = first->from;
  sh->num_from = first->num_from;
  sh->num_edges = count;
  sh->edges = gspmdArenaAlloc(&p->arena, sizeof(int) * (size_t)count);
  memcpy(sh->edges, edges, sizeof(int) * (size_t)count);
  int most = 0;
  for (int i = 0; i < count; ++i)
    most += AS_EDGE(p, edges[i])->num_to;
  const GspmdSharding **targets = malloc(sizeof(GspmdSharding *) * most);
  for (int i = 0; i < count; ++i) {
    AsEdge *e = AS_EDGE(p, edges[i]);
    const AsNode *to = AS_NODE(p, e->to);
    e->share = index;
    e->target = gspmdArenaAlloc(&p->arena, sizeof(int) * (size_t)e->num_to);
    for (int b = 0; b < e->num_to; ++b) {
      int s = groupMember(to, e->to_class, b);
      e->target[b] = targetIndex(targets, &sh->num_targets,
                                 &to->strategies[s].tensors[e->to_tensor]);
    }
  }
  free(targets);
  markShared(p, sh);
  size_t pairs = (size_t)sh->num_from * (size_t)sh->num_targets;
  sh->bytes = gspmdArenaAlloc(&p->arena, sizeof(int64_t) * pairs);
  sh->cost = gspmdArenaAlloc(&p->arena, sizeof(int64_t) * pairs);
  /* Every edge's pair into one target reshards the same layouts. */
  for (int i = 0; i < count; ++i) {
    const AsEdge *e = AS_EDGE(p, edges[i]);
    for (int a = 0; a < e->num_from; ++a)
      for (int b = 0; b < e->num_to; ++b) {
        size_t k = (size_t)a * (size_t)sh->num_targets + (size_t)e->target[b];
        sh->bytes[k] = e->bytes[(size_t)a * (size_t)e->num_to + (size_t)b];
        sh->cost[k] = e->cost[(size_t)a * (size_t)e->num_to + (size_t)b];
      }
  }
}

void asFindShares(AsProblem *p) {
  int ns = (int)p->sources.size, ne = (int)p->edges.size, *start;
  int *source = malloc(sizeof(int) * ((size_t)ne + 1));
  for (int i = 0; i < ne; ++i) {
    AS_EDGE(p, i)->share = -1;
    source[i] = AS_EDGE(p, i)->source;
  }
  int *edges = asBuckets(ns, ne, source, &start);
  for (int v = 0; v < ns; ++v)
    if (start[v + 1] - start[v] >= 2)
      buildShare(p, v, edges + start[v], start[v + 1] - start[v]);
  free(edges);
  free(start);
  free(source);
}

void asDropShares(AsProblem *p) {
  for (int i = 0; i < (int)p->edges.size; ++i)
    AS_EDGE(p, i)->share = -1;
  p->shares_dropped = p->shares.size > 0;
  p->num_dropped_shares = (int)p->shares.size;
  p->shares.size = 0;
}

void asRestoreShares(AsProblem *p) {
  /* Nothing is pushed after the shares are found: the dropped ones are
   * still in the vector's storage. */
  p->shares.size = (size_t)p->num_dropped_shares;
  for (int i = 0; i < (int)p->shares.size; ++i) {
    const AsShare *sh = AS_SHARE(p, i);
    for (int k = 0; k < sh->num_edges; ++k)
      AS_EDGE(p, sh->edges[k])->share = i;
  }
}

static int chosenWith(const AsProblem *p, int node, int n, int s) {
  return node == n ? s : AS_NODE(p, node)->chosen;
}

int64_t asShareCost(const AsProblem *p, const AsShare *sh, int n, int s,
                    bool cost) {
  const AsEdge *first = AS_EDGE(p, sh->edges[0]);
  int a = first->from_class[chosenWith(p, sh->from, n, s)];
  bool small[64] = {false};
  bool *seen = sh->num_targets <= 64
                   ? small
                   : calloc((size_t)sh->num_targets, sizeof(bool));
  int64_t total = 0;
  for (int i = 0; i < sh->num_edges; ++i) {
    const AsEdge *e = AS_EDGE(p, sh->edges[i]);
    int k = e->target[e->to_class[chosenWith(p, e->to, n, s)]];
    if (seen[k])
      continue;
    seen[k] = true;
    size_t pair = (size_t)a * (size_t)sh->num_targets + (size_t)k;
    total += cost ? sh->cost[pair] : sh->bytes[pair];
  }
  if (seen != small)
    free(seen);
  return total;
}

int64_t asEdgeCostWith(const AsProblem *p, const AsEdge *e, int n, int s,
                       bool cost) {
  int a = chosenWith(p, e->from, n, s), b = chosenWith(p, e->to, n, s);
  return cost ? asEdgeCost(e, a, b) : asEdgeBytes(e, a, b);
}

/* Whether node n's op reads share sh's copy in target k: an op (not an
 * argument taking a carried result) with the value as an operand, all of
 * whose edges from the value read k; or a fixed node's regions reading it
 * whole (a capture, k the whole layout), which read their own copy of it
 * (WriteBack.c) that the partitioner then takes from this one. */
static bool readsCopy(const AsProblem *p, const AsShare *sh, int n, int k,
                      MlirValue v) {
  const AsNode *node = AS_NODE(p, n);
  if (node->kind == AS_NODE_ARG)
    return false;
  bool reads = false;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(node->op); ++i)
    reads |= mlirValueEqual(mlirOperationGetOperand(node->op, i), v);
  int first_capture = node->num_tensors - node->num_captures;
  if (!reads && node->kind == AS_NODE_FIXED)
    for (int c = 0; c < node->num_captures && !reads; ++c)
      reads = mlirValueEqual(node->captures[c], v);
  for (int i = 0; i < sh->num_edges && reads; ++i) {
    const AsEdge *e = AS_EDGE(p, sh->edges[i]);
    if (e->to == n)
      reads = e->target[e->to_class[node->chosen]] == k &&
              (e->to_tensor < first_capture || node->kind == AS_NODE_FIXED);
  }
  return reads;
}

/* The nodes reading share sh's copy in target k into readers (ascending:
 * block order); returns how many. */
static int copyReaders(const AsProblem *p, const AsShare *sh, int k,
                       MlirValue v, int *readers) {
  int count = 0;
  for (int i = 0; i < sh->num_edges; ++i) {
    int n = AS_EDGE(p, sh->edges[i])->to;
    bool seen = false;
    for (int j = 0; j < count && !seen; ++j)
      seen = readers[j] == n;
    if (!seen && readsCopy(p, sh, n, k, v))
      readers[count++] = n;
  }
  for (int i = 1; i < count; ++i) /* few: insertion sort */
    for (int j = i; j > 0 && readers[j - 1] > readers[j]; --j) {
      int t = readers[j];
      readers[j] = readers[j - 1], readers[j - 1] = t;
    }
  return count;
}

static const GspmdSharding *targetSharding(const AsProblem *p,
                                           const AsShare *sh, int k) {
  for (int i = 0; i < sh->num_edges; ++i) {
    const AsEdge *e = AS_EDGE(p, sh->edges[i]);
    const AsNode *to = AS_NODE(p, e->to);
    for (int s = 0; s < to->num_strategies; ++s)
      if (e->target[e->to_class[s]] == k)
        return &to->strategies[s].tensors[e->to_tensor];
  }
  return NULL;
}

static void writeCopy(AsProblem *p, const AsShare *sh, int k, MlirValue v,
                      const int *readers, int count) {
  MlirValue copy = asWriteConstraint(p, AS_NODE(p, readers[0])->op, v,
                                     targetSharding(p, sh, k));
  for (int r = 0; r < count; ++r) {
    MlirOperation op = AS_NODE(p, readers[r])->op;
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
      if (mlirValueEqual(mlirOperationGetOperand(op, i), v))
        mlirOperationSetOperand(op, i, copy);
  }
}

void asWriteSharedCopies(AsProblem *p) {
  for (int i = 0; i < (int)p->shares.size; ++i) {
    const AsShare *sh = AS_SHARE(p, i);
    int a = AS_EDGE(p, sh->edges[0])->from_class[AS_NODE(p, sh->from)->chosen];
    MlirValue v = AS_SOURCE(p, sh->source)->value;
    int *readers = malloc(sizeof(int) * (size_t)sh->num_edges);
    for (int k = 0; k < sh->num_targets; ++k) {
      if (sh->bytes[(size_t)a * (size_t)sh->num_targets + (size_t)k] <= 0)
        continue;
      int count = copyReaders(p, sh, k, v, readers);
      if (count >= 2)
        writeCopy(p, sh, k, v, readers, count);
    }
    free(readers);
  }
}
