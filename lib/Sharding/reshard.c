/*
 * lib/Sharding/reshard.c - reshard plans: the steps that turn a tensor laid
 * out by one sharding into the same tensor laid out by another
 * (gspmd/sharding.h, "Reshard plans").
 *
 * Exactness. A dim of size D split c ways "nests" into c' ways
 * (gspmdShardsNest) when every c-shard is exactly c'/c consecutive c'-shards
 * with no padding in between. A collective that changes a dim's count with no
 * padding fix-up (an all_gather that leaves the dim split, an all_to_all, a
 * reduce_scatter, a slice of a split dim) is exact iff the two counts nest.
 * The only fix-ups happen at count 1, where the local dim is the whole dim:
 * an ALL_GATHER down to count 1 may drop the padding (unpad) and a SLICE up
 * from count 1 may add it (pad). An ALL_TO_ALL may do both: pad its split
 * dim when that goes from count 1 to its whole target count (the global
 * extent padded to count * ceil(D / count), then exchanged), and unpad its
 * concat dim when that goes to count 1 (the concatenated shards are the
 * global extent followed by the padding, sliced back to D).
 *
 * Per dim. With source list F, target list T and common prefix length p, the
 * planner keeps the longest prefix K = F[:k] = T[:k] (k <= p) whose count
 * nests into both F's and T's counts, or is 1. The axes of F after K are
 * removed from the minor end, those of T after K are appended at the minor
 * end. Nesting is transitive, and nests(K, F) implies nests(X, F) for every
 * list X between K and F, so every intermediate step is exact. If F does not
 * nest into K (then K has count 1) the dim is gathered whole, in one
 * ALL_GATHER with unpad; if T does not nest into K it is sliced whole, in one
 * SLICE with pad. For even dims (D divisible by both counts) K is the whole
 * common prefix; this also plans uneven dims that nest, such as 7 over [a]
 * -> [a, b] (4, 4 -> 2, 2, 2, 1) as a bare SLICE.
 *
 * Greedy plan: repeat the first action that applies.
 *   1. SLICE onto every dim that is done removing the run of free axes (not
 *      in use, not pending reduction) that the target wants next: it sends
 *      nothing and makes every later step cheaper; slicing partial values
 *      commutes with their reduction.
 *   2. REDUCE_SCATTER the pending partial axes that the target wants next on
 *      a dim that is done removing (one step per dim).
 *   3. ALL_TO_ALL the longest minor suffix X of a dim's removable axes to a
 *      dim that is done removing and wants exactly X next. Several axes move
 *      at once when they are adjacent in both lists: [[a, b], []] ->
 *      [[], [a, b]] is one step. With padding (the PADDED candidates) also
 *      into a dim that does not nest, when it is unsplit and X completes its
 *      target list (pad), and out of a dim gathered whole, when X is all of
 *      its removable axes (unpad): C = 30 over 8 from [[], [x]] to [[x], []]
 *      is one ALL_TO_ALL of 32 padded rows, not a gather and a padded SLICE.
 *   4. ALL_REDUCE the pending partial axes: policy "early" as soon as 1-3
 *      are stuck, policy "late" only once nothing is left to gather (a gather
 *      may free an axis that a later REDUCE_SCATTER needs).
 *   5. ALL_GATHER the removable minor axis (or a whole-gathered dim's group)
 *      whose growth of the local size per device added is least (see
 *      gatherFirst: unpadding gathers first, then the fewest devices). A
 *      gather right after a gather on the same dim merges into it, the new
 *      axis becoming the major one.
 * The loop ends when nothing applies; every dim then holds its target list:
 * no dim is removing and nothing is pending, so each dim holds a prefix of
 * its target list, and the next axis of any unfinished dim is free (an axis
 * in use sits in its own dim's target prefix), so step 1 would apply. A
 * greedy run that ends elsewhere is reported as an internal error.
 *
 * Candidates, built in turn; the one sending the fewest bytes wins (ties:
 * fewer steps, then this order):
 *   - greedy with policy "early", and with policy "late";
 *   - reduce then PERMUTE: the partial sums reduced as in steps 2 and 4,
 *     then one PERMUTE when the per-dim shard counts equal the target's;
 *   - greedy then PERMUTE: greedy to a sharding N near the source with the
 *     target's per-dim counts (per dim the longest prefix of the source list
 *     whose size divides the target count, completed with free, then
 *     partial, then other dims' axes, minor first), then one PERMUTE from N:
 *     [[a, b], [c]] -> [[c], [a, b]] is an ALL_TO_ALL of b to [[a], [c, b]]
 *     and a PERMUTE (3B/2), where greedy gathers [a, b] and moves c (5B);
 *   - PERMUTE then greedy, the mirror: one PERMUTE to a sharding near the
 *     target with the source's per-dim counts (per dim the longest prefix
 *     of the target list whose size divides the source count, completed
 *     with the target's, the source's, then free axes, minor first; never
 *     partial ones), then greedy with no ALL_GATHER (a gathered copy is
 *     what other uses of a value share). So the reverse of a
 *     greedy-then-PERMUTE plan costs what it does: [[a, b], []] ->
 *     [[b], [a]] on a=2 x b=4 is a PERMUTE and an ALL_TO_ALL, not a gather
 *     of b and an ALL_TO_ALL;
 *   - gather all then slice, which always applies, so no plan sends more
 *     than gathering everything;
 *   - when some dim's size is not a multiple of its source or target count,
 *     the four greedy candidates again with padded ALL_TO_ALL (step 3); the
 *     plain ones stay, so padding is taken only where it sends fewer bytes.
 *
 * PERMUTE. With equal per-dim counts the local shapes, padding included,
 * agree. axes = flatten(from) ++ (axes only in to) and target_axes =
 * flatten(to) ++ (axes only in from) hold the same set of axes. A coordinate
 * over either list is (the tuple of per-dim shard indices, mixed radix over
 * the same counts) followed by the extra axes, whose products agree as the
 * counts do. So the device at coordinate k over target_axes gets the shard
 * of the device at coordinate k over axes: the shard with its own indices.
 *
 * Different meshes: only "gather all then slice" (after an ALL_REDUCE of any
 * partial sums); steps before the SLICE refer to from_mesh, the SLICE to
 * to_mesh. The meshes must have the same number of devices (device ids, the
 * MPI ranks, are shared).
 *
 * Costs, in bytes each device sends, come from gspmdCollectiveBytesSent
 * (lib/Sharding/cost.c, shared with the communication report) for B local
 * bytes before the step and a group of n devices: ALL_GATHER B(n-1);
 * ALL_TO_ALL and REDUCE_SCATTER B(n-1)/n, exact since the split dim's local
 * size is a multiple of n (for a padded ALL_TO_ALL, B is the padded input);
 * ALL_REDUCE 2B(n-1)/n rounded down; PERMUTE B (0 for a group of one); SLICE 0.
 * Local sizes and the total saturate at INT64_MAX.
 */
#include "internal.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/*===-- Saturating arithmetic (sizes are non-negative) --------------------===*/

static int64_t mulSat(int64_t a, int64_t b) {
  if (a == 0 || b == 0)
    return 0;
  return a > INT64_MAX / b ? INT64_MAX : a * b;
}

static int64_t addSat(int64_t a, int64_t b) {
  return a > INT64_MAX - b ? INT64_MAX : a + b;
}

/*===-- Planner state -----------------------------------------------------===*/

typedef enum ReducePolicy { REDUCE_EARLY, REDUCE_LATE } ReducePolicy;

typedef enum Candidate {
  GREEDY_EARLY,
  GREEDY_LATE,
  REDUCE_PERMUTE,
  GREEDY_THEN_PERMUTE,
  PERMUTE_THEN_GREEDY,
  GATHER_ALL,
  PADDED_EARLY, /* the greedy ones again, with padded ALL_TO_ALL */
  PADDED_LATE,
  PADDED_THEN_PERMUTE,
  PADDED_PERMUTE_THEN,
  NUM_CANDIDATES
} Candidate;

/* The layout reached so far, the partial axes still to reduce, the per-dim
 * decisions, and the plan built so far. */
typedef struct Planner {
  const GspmdMesh *mesh; /* the mesh `cur` refers to */
  const GspmdSharding *to;
  const int64_t *shape;
  int rank;
  int64_t element_bytes;
  GspmdReduction reduce;
  GspmdSharding cur;
  int pending[GSPMD_MAX_MESH_AXES];
  int num_pending;
  int keep[GSPMD_MAX_RANK];      /* length of the prefix kept on each dim */
  bool removing[GSPMD_MAX_RANK]; /* axes beyond keep still to remove */
  bool whole[GSPMD_MAX_RANK];    /* removal is one gather with unpad */
  bool exact[GSPMD_MAX_RANK];    /* the kept prefix nests into the target */
  bool pad_all_to_all; /* ALL_TO_ALL may pad into / unpad out of a dim */
  bool overflow;       /* the plan needed too many steps */
  bool broken;         /* a greedy run missed its target: a planner bug */
  GspmdSharding near;  /* the PERMUTE candidates' intermediate layout */
  int64_t before[GSPMD_MAX_RESHARD_STEPS]; /* local bytes before each step */
  GspmdReshardPlan plan;
} Planner;

static int curLen(const Planner *p, int d) { return p->cur.dim_num_axes[d]; }

static int toLen(const Planner *p, int d) { return p->to->dim_num_axes[d]; }

static int64_t axesSize(const Planner *p, const int *axes, int n) {
  return gspmdMeshAxesSize(p->mesh, axes, n);
}

static int64_t shardSizeIn(const Planner *p, const GspmdSharding *s, int d) {
  return gspmdShardSize(p->mesh, s, d, p->shape[d]);
}

/* Local bytes of `cur`, with dim `d` (if >= 0) holding `size` elements. */
static int64_t localBytesWith(const Planner *p, int d, int64_t size) {
  int64_t bytes = p->element_bytes;
  for (int e = 0; e < p->rank; ++e)
    bytes = mulSat(bytes, e == d ? size : shardSizeIn(p, &p->cur, e));
  return bytes;
}

static int64_t localBytes(const Planner *p) { return localBytesWith(p, -1, 0); }

static bool isPending(const Planner *p, int axis) {
  for (int i = 0; i < p->num_pending; ++i)
    if (p->pending[i] == axis)
      return true;
  return false;
}

static void removePending(Planner *p, int axis) {
  int n = 0;
  for (int i = 0; i < p->num_pending; ++i)
    if (p->pending[i] != axis)
      p->pending[n++] = p->pending[i];
  p->num_pending = n;
}

/* An axis SLICE may add: it splits nothing and holds no partial sums. */
static bool isFree(const Planner *p, int axis) {
  return !gspmdShardingUsesAxis(&p->cur, axis) && !isPending(p, axis);
}

static void appendAxes(Planner *p, int d, const int *axes, int n) {
  memcpy(&p->cur.dim_axes[d][curLen(p, d)], axes, (size_t)n * sizeof(int));
  p->cur.dim_num_axes[d] += n;
}

static void dropMinorAxes(Planner *p, int d, int n) {
  p->cur.dim_num_axes[d] -= n;
  if (curLen(p, d) <= p->keep[d])
    p->removing[d] = false;
}

/* Chooses the kept prefix of dim d (see the file comment). */
static void classifyDim(Planner *p, int d) {
  const int *from = p->cur.dim_axes[d], *to = p->to->dim_axes[d];
  int from_len = curLen(p, d), to_len = toLen(p, d);
  int64_t size = p->shape[d];
  int64_t from_count = axesSize(p, from, from_len);
  int64_t to_count = axesSize(p, to, to_len);
  int k = 0;
  while (k < from_len && k < to_len && from[k] == to[k])
    ++k;
  for (; k > 0; --k) {
    int64_t kept = axesSize(p, to, k);
    if (kept == 1 || (gspmdShardsNest(size, kept, from_count) &&
                      gspmdShardsNest(size, kept, to_count)))
      break;
  }
  int64_t kept = axesSize(p, to, k);
  p->keep[d] = k;
  p->removing[d] = from_len > k;
  p->whole[d] = !gspmdShardsNest(size, kept, from_count);
  p->exact[d] = gspmdShardsNest(size, kept, to_count);
}

static void initPlanner(Planner *p, const GspmdMesh *mesh,
                        const GspmdSharding *from, const int *partial,
                        int num_partial, GspmdReduction reduce,
                        const GspmdSharding *to, const int64_t *shape,
                        int64_t element_bytes) {
  p->mesh = mesh;
  p->to = to;
  p->shape = shape;
  p->rank = from->rank;
  p->element_bytes = element_bytes;
  p->reduce = reduce;
  p->cur = *from;
  p->num_pending = num_partial;
  if (num_partial > 0)
    memcpy(p->pending, partial, (size_t)num_partial * sizeof(int));
  p->pad_all_to_all = p->overflow = p->broken = false;
  p->plan.num_steps = 0;
  p->plan.bytes_sent = 0;
  for (int d = 0; d < p->rank; ++d)
    classifyDim(p, d);
}

/*===-- Emitting steps ----------------------------------------------------===*/

/* Starts a step, recording the local size before it; NULL when the plan is
 * full. Callers change `cur` between beginStep and endStep. */
static GspmdReshardStep *beginStep(Planner *p, GspmdReshardStepKind kind) {
  if (p->plan.num_steps == GSPMD_MAX_RESHARD_STEPS) {
    p->overflow = true;
    return NULL;
  }
  GspmdReshardStep *step = &p->plan.steps[p->plan.num_steps];
  /* Zero all but the two big arrays (most of the step): slice_axes is read
   * only up to slice_num_axes, `after` is written by finishStep. */
  memset(step, 0, offsetof(GspmdReshardStep, slice_axes));
  memset(step->pad, 0, sizeof(step->pad));
  memset(step->shape_in, 0,
         sizeof(*step) - offsetof(GspmdReshardStep, shape_in));
  step->kind = kind;
  step->dim = step->dim2 = -1;
  step->reduce = GSPMD_REDUCTION_NONE;
  gspmdLocalShape(p->mesh, &p->cur, p->shape, step->shape_in);
  p->before[p->plan.num_steps] = localBytes(p);
  return step;
}

/* Bytes a step sends, by the cost model shared with the communication
 * report, for the local bytes before it and its group size. */
static int64_t stepBytes(const Planner *p, int index, int64_t n,
                         GspmdReshardStepKind kind) {
  int64_t bytes = p->before[index];
  if (n > 1 && bytes > INT64_MAX / (2 * n))
    return INT64_MAX; /* saturate: the formulas multiply by up to 2n */
  switch (kind) {
  case GSPMD_STEP_ALL_REDUCE:
    return gspmdCollectiveBytesSent(GSPMD_COLLECTIVE_ALL_REDUCE, bytes, n);
  case GSPMD_STEP_REDUCE_SCATTER:
    return gspmdCollectiveBytesSent(GSPMD_COLLECTIVE_REDUCE_SCATTER, bytes, n);
  case GSPMD_STEP_ALL_TO_ALL:
    return gspmdCollectiveBytesSent(GSPMD_COLLECTIVE_ALL_TO_ALL, bytes, n);
  case GSPMD_STEP_ALL_GATHER:
    return gspmdCollectiveBytesSent(GSPMD_COLLECTIVE_ALL_GATHER, bytes, n);
  case GSPMD_STEP_PERMUTE:
    return gspmdCollectiveBytesSent(GSPMD_COLLECTIVE_PERMUTE, bytes, n);
  case GSPMD_STEP_SLICE:
    break;
  }
  return 0;
}

/* Records what step `index` reached and what it costs: its layout and
 * local shape after it, its group size, its bytes. */
static void finishStep(Planner *p, GspmdReshardStep *step, int index) {
  step->after = p->cur;
  gspmdLocalShape(p->mesh, &p->cur, p->shape, step->shape_out);
  step->group_size = axesSize(p, step->axes, step->num_axes);
  for (int d = 0; d < p->rank; ++d)
    step->slice_count[d] =
        axesSize(p, step->slice_axes[d], step->slice_num_axes[d]);
  step->bytes_in = p->before[index];
  step->bytes_sent = stepBytes(p, index, step->group_size, step->kind);
}

static bool endStep(Planner *p, GspmdReshardStep *step) {
  finishStep(p, step, p->plan.num_steps++);
  return true;
}

/* SLICE: take[d] axes that the target lists next join dim d. */
static bool emitSlice(Planner *p, const int *take) {
  GspmdReshardStep *step = beginStep(p, GSPMD_STEP_SLICE);
  if (!step)
    return false;
  for (int d = 0; d < p->rank; ++d) {
    if (take[d] == 0)
      continue;
    const int *axes = &p->to->dim_axes[d][curLen(p, d)];
    int64_t local = gspmdShardSize(p->mesh, &p->cur, d, p->shape[d]);
    appendAxes(p, d, axes, take[d]);
    int64_t shard = gspmdShardSize(p->mesh, &p->cur, d, p->shape[d]);
    memcpy(step->slice_axes[d], axes, (size_t)take[d] * sizeof(int));
    step->slice_num_axes[d] = take[d];
    /* Only an unsplit dim can be short: a split one nests exactly. */
    step->pad[d] = mulSat(shard, axesSize(p, axes, take[d])) > local;
  }
  return endStep(p, step);
}

static bool emitReduceScatter(Planner *p, int d, const int *axes, int n) {
  GspmdReshardStep *step = beginStep(p, GSPMD_STEP_REDUCE_SCATTER);
  if (!step)
    return false;
  step->num_axes = n;
  memcpy(step->axes, axes, (size_t)n * sizeof(int));
  step->dim = d;
  step->reduce = p->reduce;
  for (int i = 0; i < n; ++i)
    removePending(p, axes[i]);
  appendAxes(p, d, axes, n);
  return endStep(p, step);
}

static bool emitAllReduce(Planner *p) {
  GspmdReshardStep *step = beginStep(p, GSPMD_STEP_ALL_REDUCE);
  if (!step)
    return false;
  step->num_axes = p->num_pending;
  memcpy(step->axes, p->pending, (size_t)p->num_pending * sizeof(int));
  step->reduce = p->reduce;
  p->num_pending = 0;
  return endStep(p, step);
}

/* The n minor axes of concat_dim move to the minor end of split_dim. The
 * fix-ups of an uneven dim happen at count 1, as for ALL_GATHER and SLICE:
 * a split dim whose local size (then its global size) is short of group *
 * shard is padded to that before the exchange (pad[split_dim]), and a
 * concat dim that ends unsplit with more than its global size is sliced
 * back to it after (unpad). The step's cost counts the padded bytes. */
static bool emitAllToAll(Planner *p, int split_dim, int concat_dim, int n) {
  GspmdReshardStep *step = beginStep(p, GSPMD_STEP_ALL_TO_ALL);
  if (!step)
    return false;
  step->num_axes = n;
  memcpy(step->axes, &p->cur.dim_axes[concat_dim][curLen(p, concat_dim) - n],
         (size_t)n * sizeof(int));
  step->dim = split_dim;
  step->dim2 = concat_dim;
  int64_t group = axesSize(p, step->axes, n);
  int64_t split_before = shardSizeIn(p, &p->cur, split_dim);
  int64_t concat_before = shardSizeIn(p, &p->cur, concat_dim);
  GspmdSharding after = p->cur;
  after.dim_num_axes[concat_dim] -= n;
  memcpy(&after.dim_axes[split_dim][after.dim_num_axes[split_dim]], step->axes,
         (size_t)n * sizeof(int));
  after.dim_num_axes[split_dim] += n;
  int64_t padded = mulSat(shardSizeIn(p, &after, split_dim), group);
  step->pad[split_dim] = padded > split_before;
  step->unpad =
      mulSat(concat_before, group) > shardSizeIn(p, &after, concat_dim);
  if (step->pad[split_dim])
    p->before[p->plan.num_steps] = localBytesWith(p, split_dim, padded);
  dropMinorAxes(p, concat_dim, n);
  appendAxes(p, split_dim, step->axes, n);
  return endStep(p, step);
}

/* A gather right after a gather on the same dim (that dropped no padding)
 * becomes one gather: its axes are more major, so they go first, and the
 * group order over the joined list is the shard order of the dim. */
static bool mergeGather(Planner *p, int d, const int *axes, int n) {
  int last = p->plan.num_steps - 1;
  GspmdReshardStep *prev = last >= 0 ? &p->plan.steps[last] : NULL;
  if (!prev || prev->kind != GSPMD_STEP_ALL_GATHER || prev->dim != d ||
      prev->unpad || p->whole[d])
    return false;
  memmove(&prev->axes[n], prev->axes, (size_t)prev->num_axes * sizeof(int));
  memcpy(prev->axes, axes, (size_t)n * sizeof(int));
  prev->num_axes += n;
  dropMinorAxes(p, d, n);
  finishStep(p, prev, last);
  return true;
}

/* Gathers the n minor axes of dim d; drops the padding when the dim ends up
 * unsplit with more than its global size. */
static bool emitGather(Planner *p, int d, int n) {
  int axes[GSPMD_MAX_MESH_AXES];
  memcpy(axes, &p->cur.dim_axes[d][curLen(p, d) - n], (size_t)n * sizeof(int));
  if (mergeGather(p, d, axes, n))
    return true;
  GspmdReshardStep *step = beginStep(p, GSPMD_STEP_ALL_GATHER);
  if (!step)
    return false;
  int64_t local = gspmdShardSize(p->mesh, &p->cur, d, p->shape[d]);
  step->num_axes = n;
  memcpy(step->axes, axes, (size_t)n * sizeof(int));
  step->dim = d;
  dropMinorAxes(p, d, n);
  int64_t gathered = mulSat(local, axesSize(p, axes, n));
  step->unpad = gathered > gspmdShardSize(p->mesh, &p->cur, d, p->shape[d]);
  return endStep(p, step);
}

/* Writes the axes of s, dim by dim and major to minor, then the axes of
 * `other` that s does not use; returns how many. */
static int flattenWithMissing(const GspmdSharding *s,
                              const GspmdSharding *other, int *out) {
  int n = 0;
  for (int d = 0; d < s->rank; ++d)
    for (int i = 0; i < s->dim_num_axes[d]; ++i)
      out[n++] = s->dim_axes[d][i];
  for (int d = 0; d < other->rank; ++d)
    for (int i = 0; i < other->dim_num_axes[d]; ++i)
      if (!gspmdShardingUsesAxis(s, other->dim_axes[d][i]))
        out[n++] = other->dim_axes[d][i];
  return n;
}

static bool emitPermute(Planner *p) {
  GspmdReshardStep *step = beginStep(p, GSPMD_STEP_PERMUTE);
  if (!step)
    return false;
  step->num_axes = flattenWithMissing(&p->cur, p->to, step->axes);
  flattenWithMissing(p->to, &p->cur, step->target_axes);
  p->cur = *p->to;
  return endStep(p, step);
}

/*===-- Greedy actions ----------------------------------------------------===*/

/* How many axes SLICE can add to dim d now: the run of free axes the target
 * wants next, or nothing unless that is all of them when the dim must be
 * padded. */
static int sliceableRun(const Planner *p, int d) {
  if (p->removing[d])
    return 0;
  int start = curLen(p, d), run = 0;
  while (start + run < toLen(p, d) &&
         isFree(p, p->to->dim_axes[d][start + run]))
    ++run;
  if (!p->exact[d] && start + run < toLen(p, d))
    return 0;
  return run;
}

static bool trySlice(Planner *p) {
  int take[GSPMD_MAX_RANK];
  bool any = false;
  for (int d = 0; d < p->rank; ++d) {
    take[d] = sliceableRun(p, d);
    any |= take[d] > 0;
  }
  return any && emitSlice(p, take);
}

static bool tryReduceScatter(Planner *p) {
  for (int d = 0; d < p->rank; ++d) {
    if (p->removing[d] || !p->exact[d])
      continue;
    const int *want = &p->to->dim_axes[d][curLen(p, d)];
    int run = 0;
    while (curLen(p, d) + run < toLen(p, d) && isPending(p, want[run]))
      ++run;
    if (run > 0)
      return emitReduceScatter(p, d, want, run);
  }
  return false;
}

/* True if dim e is done removing and the target wants `axes` next on it:
 * exactly (the kept prefix nests into the target), or, with padding, when
 * e is unsplit and the axes complete its target list (pad at count 1). */
static bool wantsNext(const Planner *p, int e, const int *axes, int n) {
  int len = curLen(p, e);
  if (p->removing[e] || len + n > toLen(p, e) ||
      memcmp(&p->to->dim_axes[e][len], axes, (size_t)n * sizeof(int)) != 0)
    return false;
  return p->exact[e] || (p->pad_all_to_all && len + n == toLen(p, e) &&
                         axesSize(p, p->cur.dim_axes[e], len) == 1);
}

/* How many minor axes of dim d an ALL_TO_ALL may move: any number up to its
 * removable ones, or, for a dim gathered whole, with padding, all of them
 * (the dim ends unsplit and is unpadded, the fix-up at count 1). */
static bool movable(const Planner *p, int d, int n) {
  return !p->whole[d] || (p->pad_all_to_all && n == curLen(p, d) - p->keep[d]);
}

static bool tryAllToAll(Planner *p) {
  for (int d = 0; d < p->rank; ++d) {
    if (!p->removing[d])
      continue;
    int len = curLen(p, d);
    for (int n = len - p->keep[d]; n >= 1; --n)
      for (int e = 0; e < p->rank && movable(p, d, n); ++e)
        if (e != d && wantsNext(p, e, &p->cur.dim_axes[d][len - n], n))
          return emitAllToAll(p, e, d, n);
  }
  return false;
}

static bool anyRemoving(const Planner *p) {
  for (int d = 0; d < p->rank; ++d)
    if (p->removing[d])
      return true;
  return false;
}

/* A gather candidate: n minor axes of dim d, a group of `size` devices that
 * grows the local dim by num/den per device added. */
typedef struct GatherChoice {
  int dim, n;
  int64_t size, num, den;
} GatherChoice;

static GatherChoice gatherChoice(const Planner *p, int d, int n) {
  GatherChoice g = {d, n, 0, 0, 1};
  g.size = axesSize(p, &p->cur.dim_axes[d][curLen(p, d) - n], n);
  GspmdSharding gathered = p->cur;
  gathered.dim_num_axes[d] -= n;
  int64_t before = gspmdShardSize(p->mesh, &p->cur, d, p->shape[d]);
  int64_t after = gspmdShardSize(p->mesh, &gathered, d, p->shape[d]);
  if (g.size > 1 && before > 0) {
    g.num = after - before;
    g.den = mulSat(before, g.size - 1);
  }
  return g;
}

/* Gather i costs B(n_i - 1) and multiplies B by g_i = after / before, so of
 * two gathers i goes first iff (g_i - 1) / (n_i - 1) < (g_j - 1) / (n_j - 1)
 * (exchange argument): unpadding gathers (g < n) before exact ones (g = n);
 * ties go to the smaller group, then the lower dim. */
static bool gatherFirst(const GatherChoice *a, const GatherChoice *b) {
  int64_t lhs = mulSat(a->num, b->den), rhs = mulSat(b->num, a->den);
  if (lhs != rhs)
    return lhs < rhs;
  return a->size < b->size;
}

/* The removable minor axis (or a whole-gathered dim's group) to gather
 * first. */
static bool tryGather(Planner *p) {
  GatherChoice best = {-1, 0, 0, 0, 1};
  for (int d = 0; d < p->rank; ++d) {
    if (!p->removing[d])
      continue;
    GatherChoice g =
        gatherChoice(p, d, p->whole[d] ? curLen(p, d) - p->keep[d] : 1);
    if (best.dim < 0 || gatherFirst(&g, &best))
      best = g;
  }
  return best.dim >= 0 && emitGather(p, best.dim, best.n);
}

/*===-- Candidate plans ---------------------------------------------------===*/

static bool buildGreedy(Planner *p, ReducePolicy policy) {
  while (!p->overflow) {
    if (trySlice(p) || tryReduceScatter(p) || tryAllToAll(p))
      continue;
    if (p->num_pending > 0 && (policy == REDUCE_EARLY || !anyRemoving(p))) {
      emitAllReduce(p);
      continue;
    }
    if (!tryGather(p))
      break;
  }
  /* With nothing left to do every dim holds its target list (see the file
   * comment); anything else is a bug, reported rather than hidden behind
   * another candidate. */
  p->broken = !p->overflow &&
              (p->num_pending > 0 || !gspmdShardingEqual(&p->cur, p->to));
  return !p->overflow && !p->broken;
}

/* Reduces the partial sums (scattering where the target allows), then one
 * PERMUTE if the per-dim shard counts then agree with the target's. */
static bool buildPermute(Planner *p) {
  while (tryReduceScatter(p))
    ;
  if (p->num_pending > 0 && !emitAllReduce(p))
    return false;
  if (gspmdShardingEqual(&p->cur, p->to))
    return true;
  for (int d = 0; d < p->rank; ++d)
    if (gspmdShardCount(p->mesh, &p->cur, d) !=
        gspmdShardCount(p->mesh, p->to, d))
      return false;
  return emitPermute(p);
}

/* Reduces, gathers every split dim whole (in gatherFirst order), and slices
 * on slice_mesh. */
static bool buildGatherAll(Planner *p, const GspmdMesh *slice_mesh) {
  if (p->num_pending > 0 && !emitAllReduce(p))
    return false;
  for (;;) {
    GatherChoice best = {-1, 0, 0, 0, 1};
    for (int d = 0; d < p->rank; ++d) {
      GatherChoice g = gatherChoice(p, d, curLen(p, d));
      if (curLen(p, d) > 0 && (best.dim < 0 || gatherFirst(&g, &best)))
        best = g;
    }
    if (best.dim < 0)
      break;
    if (!emitGather(p, best.dim, best.n))
      return false;
  }
  p->mesh = slice_mesh;
  int take[GSPMD_MAX_RANK];
  bool any = false;
  for (int d = 0; d < p->rank; ++d) {
    take[d] = toLen(p, d);
    any |= take[d] > 0;
  }
  return !any || emitSlice(p, take);
}

/* Budget of the subset-product search in fillAxes (it never backtracks on
 * meshes of size-2 axes; the budget bounds pathological mixes of sizes). */
enum { kFillBudget = 4096 };

/* Picks axes from `order` (skipping taken ones and size-1 axes) whose
 * product is `rest`, in that order of preference. */
static bool fillAxes(const GspmdMesh *mesh, const int *order, int n_order,
                     bool *taken, int64_t rest, int *out, int *n_out,
                     int *budget) {
  if (rest == 1)
    return true;
  for (int i = 0; i < n_order && --*budget > 0; ++i) {
    int a = order[i];
    int64_t size = mesh->axis_sizes[a];
    if (taken[a] || size == 1 || rest % size != 0)
      continue;
    taken[a] = true;
    out[(*n_out)++] = a;
    if (fillAxes(mesh, order, n_order, taken, rest / size, out, n_out, budget))
      return true;
    taken[a] = false;
    --*n_out;
  }
  return false;
}

/* Appends the axes of s's dims, minor first (an ALL_TO_ALL moves minor
 * axes); returns the new length. */
static int appendMinorFirst(const GspmdSharding *s, int *order, int n) {
  int longest = 0;
  for (int d = 0; d < s->rank; ++d)
    longest = s->dim_num_axes[d] > longest ? s->dim_num_axes[d] : longest;
  for (int back = 1; back <= longest; ++back)
    for (int d = 0; d < s->rank; ++d)
      if (s->dim_num_axes[d] >= back)
        order[n++] = s->dim_axes[d][s->dim_num_axes[d] - back];
  return n;
}

/* Axes in the order nearTarget prefers them: free ones (a SLICE), partial
 * ones (a REDUCE_SCATTER), then those of the source's dims, minor first. */
static int fillOrder(const Planner *p, int *order) {
  int n = 0;
  for (int a = 0; a < p->mesh->num_axes; ++a)
    if (isFree(p, a))
      order[n++] = a;
  for (int i = 0; i < p->num_pending; ++i)
    order[n++] = p->pending[i];
  return appendMinorFirst(&p->cur, order, n);
}

/* Axes in the order nearSource prefers them, the mirror of fillOrder: those
 * of the target's dims, minor first (the greedy run after the PERMUTE moves
 * them by ALL_TO_ALL), then the source's, then free ones. */
static int mirrorFillOrder(const Planner *p, int *order) {
  int n = appendMinorFirst(p->to, order, 0);
  n = appendMinorFirst(&p->cur, order, n);
  for (int a = 0; a < p->mesh->num_axes; ++a)
    if (isFree(p, a))
      order[n++] = a;
  return n;
}

/* Writes into `near` a sharding with the per-dim shard counts of `counts`
 * that stays near `base`: per dim, the longest prefix of base's list whose
 * size divides the count (axes not yet `taken`), completed by other axes
 * (`order`) to exactly that count. False when some dim cannot be
 * completed. */
static bool nearSharding(const Planner *p, const GspmdSharding *base,
                         const GspmdSharding *counts, const int *order,
                         int n_order, bool *taken, GspmdSharding *near) {
  *near = gspmdShardingReplicated(p->rank);
  for (int d = 0; d < p->rank; ++d) {
    int64_t want = gspmdShardCount(p->mesh, counts, d), size = 1;
    for (int i = 0; i < base->dim_num_axes[d]; ++i) {
      int a = base->dim_axes[d][i];
      if (taken[a] || want % (size * p->mesh->axis_sizes[a]) != 0)
        break;
      size *= p->mesh->axis_sizes[a];
      taken[a] = true;
      near->dim_axes[d][near->dim_num_axes[d]++] = a;
    }
  }
  int budget = kFillBudget;
  for (int d = 0; d < p->rank; ++d) {
    int64_t want = gspmdShardCount(p->mesh, counts, d);
    int64_t have = gspmdShardCount(p->mesh, near, d);
    if (!fillAxes(p->mesh, order, n_order, taken, want / have,
                  near->dim_axes[d], &near->dim_num_axes[d], &budget))
      return false;
  }
  return true;
}

/* GREEDY_THEN_PERMUTE's intermediate: the target's per-dim shard counts,
 * near the source. */
static bool nearTarget(Planner *p) {
  bool taken[GSPMD_MAX_MESH_AXES] = {false};
  int order[GSPMD_MAX_MESH_AXES * 2], n_order = fillOrder(p, order);
  return nearSharding(p, &p->cur, p->to, order, n_order, taken, &p->near);
}

/* PERMUTE_THEN_GREEDY's intermediate: the source's per-dim shard counts,
 * near the target. Partial axes stay out of it: a PERMUTE moves shards, it
 * cannot split a dim by an axis whose sums are pending. */
static bool nearSource(Planner *p) {
  bool taken[GSPMD_MAX_MESH_AXES] = {false};
  for (int i = 0; i < p->num_pending; ++i)
    taken[p->pending[i]] = true;
  int order[GSPMD_MAX_MESH_AXES * 3], n_order = mirrorFillOrder(p, order);
  return nearSharding(p, p->to, &p->cur, order, n_order, taken, &p->near);
}

/* Greedy to a sharding near the source with the target's shard counts, then
 * one PERMUTE: [[a, b], [c]] -> [[c], [a, b]] becomes an ALL_TO_ALL of b to
 * [[a], [c, b]] and a PERMUTE, instead of gathering [a, b]. */
static bool buildGreedyThenPermute(Planner *p) {
  const GspmdSharding *to = p->to;
  if (!nearTarget(p) || gspmdShardingEqual(&p->near, to))
    return false;
  p->to = &p->near;
  for (int d = 0; d < p->rank; ++d)
    classifyDim(p, d);
  bool built = buildGreedy(p, REDUCE_EARLY);
  p->to = to;
  if (!built)
    return false;
  return gspmdShardingEqual(&p->cur, to) || emitPermute(p);
}

static bool anyGather(const Planner *p) {
  for (int i = 0; i < p->plan.num_steps; ++i)
    if (p->plan.steps[i].kind == GSPMD_STEP_ALL_GATHER)
      return true;
  return false;
}

/* The mirror of buildGreedyThenPermute: one PERMUTE to a sharding near the
 * target with the source's shard counts, then greedy. [[a, b], []] ->
 * [[b], [a]] becomes a PERMUTE to [[b, a], []] and an ALL_TO_ALL of a, the
 * reverse of the plan the other way, instead of gathering b first. Only
 * when nothing is gathered after the PERMUTE: a plan that gathers anyway
 * is left to the candidates that gather first, whose gathered copy other
 * uses of the value slice for free (gspmdPlanReshardShared), where a
 * permuted one serves no other layout. */
static bool buildPermuteThenGreedy(Planner *p) {
  const GspmdSharding *to = p->to;
  if (!nearSource(p) || gspmdShardingEqual(&p->near, &p->cur) ||
      gspmdShardingEqual(&p->near, to))
    return false;
  p->to = &p->near;
  bool permuted = emitPermute(p);
  p->to = to;
  if (!permuted)
    return false;
  for (int d = 0; d < p->rank; ++d)
    classifyDim(p, d);
  return buildGreedy(p, REDUCE_EARLY) && !anyGather(p);
}

static bool buildCandidate(Planner *p, Candidate c, const GspmdMesh *to_mesh) {
  switch (c) {
  case GREEDY_EARLY:
  case PADDED_EARLY:
    p->pad_all_to_all = c == PADDED_EARLY;
    return buildGreedy(p, REDUCE_EARLY);
  case GREEDY_LATE:
  case PADDED_LATE:
    p->pad_all_to_all = c == PADDED_LATE;
    return buildGreedy(p, REDUCE_LATE);
  case REDUCE_PERMUTE:
    return buildPermute(p);
  case GREEDY_THEN_PERMUTE:
  case PADDED_THEN_PERMUTE:
    p->pad_all_to_all = c == PADDED_THEN_PERMUTE;
    return buildGreedyThenPermute(p);
  case PERMUTE_THEN_GREEDY:
  case PADDED_PERMUTE_THEN:
    p->pad_all_to_all = c == PADDED_PERMUTE_THEN;
    return buildPermuteThenGreedy(p);
  case GATHER_ALL:
  case NUM_CANDIDATES:
    break;
  }
  return buildGatherAll(p, to_mesh);
}

/* Padded ALL_TO_ALL changes a plan only where a dim's size is not a
 * multiple of its source or target shard count (otherwise every count on the
 * way nests); elsewhere the padded candidates repeat the others. */
static bool anyUnevenDim(const GspmdMesh *mesh, const GspmdSharding *from,
                         const GspmdSharding *to, const int64_t *shape) {
  for (int d = 0; d < from->rank; ++d)
    if (shape[d] % gspmdShardCount(mesh, from, d) != 0 ||
        shape[d] % gspmdShardCount(mesh, to, d) != 0)
      return true;
  return false;
}

static bool reachedTarget(const Planner *p) {
  return !p->overflow && p->num_pending == 0 &&
         gspmdShardingEqual(&p->cur, p->to);
}

static void sumBytes(GspmdReshardPlan *plan) {
  plan->bytes_sent = 0;
  for (int i = 0; i < plan->num_steps; ++i)
    plan->bytes_sent = addSat(plan->bytes_sent, plan->steps[i].bytes_sent);
}

static bool cheaper(const GspmdReshardPlan *a, const GspmdReshardPlan *b) {
  if (a->bytes_sent != b->bytes_sent)
    return a->bytes_sent < b->bytes_sent;
  return a->num_steps < b->num_steps;
}

/*===-- Input checks ------------------------------------------------------===*/

static bool checkSharding(const GspmdMesh *mesh, const GspmdSharding *s,
                          const char *which, char *err, size_t err_size) {
  char why[160];
  if (gspmdShardingVerify(mesh, s, why, sizeof(why)))
    return true;
  return gspmdFail(err, err_size, "cannot reshard: %s sharding: %s", which,
                   why);
}

static bool checkPartial(const GspmdMesh *mesh, const GspmdSharding *from,
                         const int *partial, int num_partial,
                         GspmdReduction reduce, char *err, size_t err_size) {
  if (num_partial == 0)
    return true;
  if (num_partial < 0 || num_partial > mesh->num_axes || !partial)
    return gspmdFail(err, err_size, "cannot reshard: bad partial axes list");
  if (reduce < GSPMD_REDUCTION_SUM || reduce > GSPMD_REDUCTION_MINNUM)
    return gspmdFail(err, err_size,
                     "cannot reshard: partial sums need a reduction kind");
  for (int i = 0; i < num_partial; ++i) {
    int a = partial[i];
    if (a < 0 || a >= mesh->num_axes)
      return gspmdFail(err, err_size,
                       "cannot reshard: partial axis %d is not a mesh axis", a);
    if (gspmdShardingUsesAxis(from, a))
      return gspmdFail(err, err_size,
                       "cannot reshard: partial axis '%s' also splits a dim",
                       mesh->axis_names[a]);
    for (int j = 0; j < i; ++j)
      if (partial[j] == a)
        return gspmdFail(err, err_size,
                         "cannot reshard: partial axis '%s' is listed twice",
                         mesh->axis_names[a]);
  }
  return true;
}

static bool checkShape(int rank, const int64_t *shape, int64_t element_bytes,
                       char *err, size_t err_size) {
  if (rank > 0 && !shape)
    return gspmdFail(err, err_size, "cannot reshard: no shape given");
  for (int d = 0; d < rank; ++d)
    if (shape[d] < 0)
      return gspmdFail(err, err_size,
                       "cannot reshard: dim %d has dynamic size ?", d);
  if (element_bytes < 0)
    return gspmdFail(err, err_size,
                     "cannot reshard: element size %lld is negative",
                     (long long)element_bytes);
  return true;
}

static bool checkMeshes(const GspmdMesh *from_mesh, const GspmdMesh *to_mesh,
                        char *err, size_t err_size) {
  if (from_mesh == to_mesh)
    return true;
  int64_t from_n = gspmdMeshNumDevices(from_mesh);
  int64_t to_n = gspmdMeshNumDevices(to_mesh);
  if (from_n == to_n)
    return true;
  return gspmdFail(err, err_size,
                   "cannot reshard between meshes of %lld and %lld devices",
                   (long long)from_n, (long long)to_n);
}

/*===-- Entry points ------------------------------------------------------===*/

bool gspmdPlanReshard(const GspmdMesh *from_mesh, const GspmdSharding *from,
                      const int *partial_axes, int num_partial,
                      GspmdReduction reduce, const GspmdMesh *to_mesh,
                      const GspmdSharding *to, const int64_t *shape,
                      int64_t element_bytes, GspmdReshardPlan *plan, char *err,
                      size_t err_size) {
  if (!from_mesh || !from || !to_mesh || !to || !plan)
    return gspmdFail(err, err_size, "cannot reshard: missing argument");
  if (from->rank != to->rank)
    return gspmdFail(err, err_size,
                     "cannot reshard: source rank %d differs from target "
                     "rank %d",
                     from->rank, to->rank);
  if (!checkSharding(from_mesh, from, "source", err, err_size) ||
      !checkSharding(to_mesh, to, "target", err, err_size) ||
      !checkShape(from->rank, shape, element_bytes, err, err_size) ||
      !checkPartial(from_mesh, from, partial_axes, num_partial, reduce, err,
                    err_size) ||
      !checkMeshes(from_mesh, to_mesh, err, err_size))
    return false;

  /* A Planner holds a whole plan (~150 KB): keep it off the stack. */
  Planner *p = malloc(sizeof(*p));
  if (!p)
    return gspmdFail(err, err_size, "cannot reshard: out of memory");
  bool found = false, overflow = false, broken = false;
  bool same_mesh = from_mesh == to_mesh;
  int first = same_mesh ? GREEDY_EARLY : GATHER_ALL;
  int end = same_mesh && anyUnevenDim(from_mesh, from, to, shape)
                ? NUM_CANDIDATES
                : GATHER_ALL + 1;
  for (int c = first; c < end; ++c) {
    initPlanner(p, from_mesh, from, partial_axes, num_partial, reduce, to,
                shape, element_bytes);
    bool built = buildCandidate(p, (Candidate)c, to_mesh);
    overflow |= p->overflow;
    broken |= p->broken;
    if (!built || !reachedTarget(p))
      continue;
    sumBytes(&p->plan);
    if (!found || cheaper(&p->plan, plan))
      gspmdCopyPlan(plan, &p->plan);
    found = true;
  }
  free(p);
  if (found && !broken)
    return true;
  if (broken)
    return gspmdFail(err, err_size,
                     "cannot reshard: internal planner error (a greedy plan "
                     "missed its target)");
  if (overflow)
    return gspmdFail(err, err_size, "cannot reshard: more than %d steps",
                     GSPMD_MAX_RESHARD_STEPS);
  return gspmdFail(err, err_size,
                   "cannot reshard: internal planner error (no plan)");
}

/*===-- Printing ----------------------------------------------------------===*/

static void putAxes(GspmdWriter *w, const GspmdMesh *mesh, const int *axes,
                    int n) {
  gspmdPut(w, "[");
  for (int i = 0; i < n; ++i) {
    const char *sep = i ? ", " : "";
    if (axes[i] >= 0 && axes[i] < mesh->num_axes && mesh->axis_names[axes[i]])
      gspmdPut(w, "%s%s", sep, mesh->axis_names[axes[i]]);
    else
      gspmdPut(w, "%s#%d", sep, axes[i]);
  }
  gspmdPut(w, "]");
}

static const char *reductionName(GspmdReduction r) {
  switch (r) {
  case GSPMD_REDUCTION_SUM:
    return "sum";
  case GSPMD_REDUCTION_MAX:
    return "max";
  case GSPMD_REDUCTION_MIN:
    return "min";
  case GSPMD_REDUCTION_PROD:
    return "prod";
  case GSPMD_REDUCTION_MAXNUM:
    return "maxnum";
  case GSPMD_REDUCTION_MINNUM:
    return "minnum";
  case GSPMD_REDUCTION_NONE:
    break;
  }
  return "none";
}

static void putSlice(GspmdWriter *w, const GspmdMesh *mesh,
                     const GspmdReshardStep *step) {
  gspmdPut(w, "slice");
  const char *sep = " ";
  for (int d = 0; d < step->after.rank; ++d) {
    if (step->slice_num_axes[d] == 0)
      continue;
    gspmdPut(w, "%sdim %d ", sep, d);
    putAxes(w, mesh, step->slice_axes[d], step->slice_num_axes[d]);
    if (step->pad[d])
      gspmdPut(w, " pad");
    sep = ", ";
  }
}

size_t gspmdReshardStepPrint(const GspmdMesh *mesh,
                             const GspmdReshardStep *step, char *buf,
                             size_t buf_size) {
  GspmdWriter w = {buf, buf_size, 0};
  if (buf && buf_size > 0)
    buf[0] = '\0';
  const int *axes = step->axes;
  int n = step->num_axes;
  switch (step->kind) {
  case GSPMD_STEP_ALL_REDUCE:
    gspmdPut(&w, "all_reduce ");
    putAxes(&w, mesh, axes, n);
    gspmdPut(&w, " %s", reductionName(step->reduce));
    break;
  case GSPMD_STEP_REDUCE_SCATTER:
    gspmdPut(&w, "reduce_scatter ");
    putAxes(&w, mesh, axes, n);
    gspmdPut(&w, " dim %d %s", step->dim, reductionName(step->reduce));
    break;
  case GSPMD_STEP_ALL_GATHER:
    gspmdPut(&w, "all_gather ");
    putAxes(&w, mesh, axes, n);
    gspmdPut(&w, " dim %d%s", step->dim, step->unpad ? " unpad" : "");
    break;
  case GSPMD_STEP_ALL_TO_ALL:
    gspmdPut(&w, "all_to_all ");
    putAxes(&w, mesh, axes, n);
    gspmdPut(&w, " split %d concat %d", step->dim, step->dim2);
    if (step->dim >= 0 && step->dim < GSPMD_MAX_RANK && step->pad[step->dim])
      gspmdPut(&w, " pad");
    if (step->unpad)
      gspmdPut(&w, " unpad");
    break;
  case GSPMD_STEP_PERMUTE:
    gspmdPut(&w, "permute ");
    putAxes(&w, mesh, axes, n);
    gspmdPut(&w, " -> ");
    putAxes(&w, mesh, step->target_axes, n);
    break;
  case GSPMD_STEP_SLICE:
    putSlice(&w, mesh, step);
    break;
  }
  return w.len;
}
