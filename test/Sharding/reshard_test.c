/*
 * test/Sharding/reshard_test.c - the reshard planner against a simulator.
 *
 * Every plan runs on per-device local arrays: each step is simulated exactly
 * as the runtime defines its collective (runtime/gspmd_runtime.h: a group is
 * the devices agreeing on every other axis, the rank in the group is the
 * coordinate over the listed axes, first axis major) and as sharding.h
 * defines SLICE, pad and unpad (ALL_TO_ALL's too: its split dim padded from
 * count 1 before the exchange, its concat dim cut to the global size after,
 * and its bytes those of the padded input). Local arrays start as the shards
 * of `from` (with poisoned padding, and split into shares along partial
 * axes), and after every step whose layout holds no pending partial sums
 * each device's valid region must equal its shard of the step's `after`
 * sharding; at the end, of `to`. Shapes are checked strictly (a gather's
 * input must be the same on every member, a split dim must divide by the
 * group, a SLICE must find exactly n * shard size elements), so a plan that
 * passes is also well typed for the partitioner.
 *
 * The simulator computes groups, shard sizes and offsets itself from device
 * coordinates (gspmdMeshAxisCoord, gspmdMeshDeviceAtPosition), not with the
 * layout helpers the planner uses.
 *
 * Coverage: every pair of shardings (any subset of the axes, in any order,
 * on any dims) of rank-2 tensors on a 2x2x2 mesh, even and uneven, with dims
 * smaller than the shard count and empty ones; rank 1 and rank 3 likewise;
 * a 2x2x2 mesh with permuted devices, a 2x4 mesh and a 2x1x3 mesh; every
 * source with every set of its unused axes as partial sums (sum, max, min,
 * prod); reshards to another mesh. Plus expected plans for known cases,
 * errors and printing.
 *
 * Output: one line per failure, then "reshard_test: N checks, M failed";
 * the exit status is non-zero on any failure.
 */
#include "gspmd/sharding.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/*===-- Fixtures ----------------------------------------------------------===*/

enum { A = 0, B = 1, C = 2 }; /* axes of the 2x2x2 meshes */
enum { X = 0, Y = 1 };        /* axes of the 2x4 mesh */

static const GspmdMesh kCube = {3, {"a", "b", "c"}, {2, 2, 2}, NULL};
static const int64_t kShuffled[8] = {5, 2, 7, 0, 3, 6, 1, 4};
static const GspmdMesh kCubeShuffled = {
    3, {"a", "b", "c"}, {2, 2, 2}, kShuffled};
static const GspmdMesh kMesh24 = {2, {"x", "y"}, {2, 4}, NULL};
/* Unequal sizes, a size-1 axis and a size that divides few shapes. */
static const GspmdMesh kOdd = {3, {"a", "u", "b"}, {2, 1, 3}, NULL};

static const int64_t kElementBytes = 4;

/* A sharding from per-dim axis lists; -1 ends a dim's list. */
static GspmdSharding sharding(int rank, const int lists[][4]) {
  GspmdSharding s = gspmdShardingReplicated(rank);
  for (int d = 0; d < rank; ++d)
    for (int i = 0; i < 4 && lists[d][i] >= 0; ++i)
      s.dim_axes[d][s.dim_num_axes[d]++] = lists[d][i];
  return s;
}

#define SHARDING(rank, ...) sharding(rank, (const int[][4]){__VA_ARGS__})

static const char *shardingStr(const GspmdMesh *mesh, const GspmdSharding *s,
                               char *buf, size_t size) {
  size_t len = 0;
  len += (size_t)snprintf(buf + len, size - len, "[");
  for (int d = 0; d < s->rank && len < size; ++d) {
    len += (size_t)snprintf(buf + len, size - len, "%s[", d ? ", " : "");
    for (int i = 0; i < s->dim_num_axes[d] && len < size; ++i)
      len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? "," : "",
                              mesh->axis_names[s->dim_axes[d][i]]);
    if (len < size)
      len += (size_t)snprintf(buf + len, size - len, "]");
  }
  if (len < size)
    snprintf(buf + len, size - len, "]");
  return buf;
}

/*===-- Mesh arithmetic, from the mesh definition -------------------------===*/

static int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

static int64_t axesProduct(const GspmdMesh *m, const int *axes, int n) {
  int64_t p = 1;
  for (int i = 0; i < n; ++i)
    p *= m->axis_sizes[axes[i]];
  return p;
}

/* Coordinate of a device over `axes`, first axis major. */
static int64_t coordOver(const GspmdMesh *m, int64_t dev, const int *axes,
                         int n) {
  int64_t k = 0;
  for (int i = 0; i < n; ++i)
    k = k * m->axis_sizes[axes[i]] + gspmdMeshAxisCoord(m, dev, axes[i]);
  return k;
}

/* The device agreeing with `dev` on every axis outside `axes` whose
 * coordinate over `axes` is k: group member k of dev's group. */
static int64_t memberOf(const GspmdMesh *m, int64_t dev, const int *axes, int n,
                        int64_t k) {
  int64_t coords[GSPMD_MAX_MESH_AXES];
  for (int a = 0; a < m->num_axes; ++a)
    coords[a] = gspmdMeshAxisCoord(m, dev, a);
  for (int i = n - 1; i >= 0; --i) {
    coords[axes[i]] = k % m->axis_sizes[axes[i]];
    k /= m->axis_sizes[axes[i]];
  }
  int64_t pos = 0;
  for (int a = 0; a < m->num_axes; ++a)
    pos = pos * m->axis_sizes[a] + coords[a];
  return gspmdMeshDeviceAtPosition(m, pos);
}

static int64_t countOf(const GspmdMesh *m, const GspmdSharding *s, int d) {
  return axesProduct(m, s->dim_axes[d], s->dim_num_axes[d]);
}

static int64_t shardSizeOf(const GspmdMesh *m, const GspmdSharding *s, int d,
                           int64_t size) {
  return ceilDiv(size, countOf(m, s, d));
}

static int64_t shardOffsetOf(const GspmdMesh *m, const GspmdSharding *s, int d,
                             int64_t size, int64_t dev) {
  int64_t index = coordOver(m, dev, s->dim_axes[d], s->dim_num_axes[d]);
  return index * shardSizeOf(m, s, d, size);
}

/*===-- Local tensors -----------------------------------------------------===*/

#define POISON (-999999)
enum { kMaxDevices = 16, kMaxElems = 4096 };

typedef struct Tensor {
  int rank;
  int64_t shape[GSPMD_MAX_RANK];
  int64_t v[kMaxElems];
} Tensor;

typedef struct World {
  int64_t num_devices;
  Tensor t[kMaxDevices];
} World;

static World worlds[2];
static World *cur = &worlds[0], *next = &worlds[1];

static void swapWorlds(void) {
  World *w = cur;
  cur = next;
  next = w;
}

static int64_t numElems(const Tensor *t) {
  int64_t n = 1;
  for (int d = 0; d < t->rank; ++d)
    n *= t->shape[d];
  return n;
}

static void unflatten(const Tensor *t, int64_t i, int64_t *idx) {
  for (int d = t->rank - 1; d >= 0; --d) {
    idx[d] = t->shape[d] ? i % t->shape[d] : 0;
    i = t->shape[d] ? i / t->shape[d] : 0;
  }
}

static int64_t flatten(const Tensor *t, const int64_t *idx) {
  int64_t i = 0;
  for (int d = 0; d < t->rank; ++d)
    i = i * t->shape[d] + idx[d];
  return i;
}

static bool sameShape(const Tensor *a, const Tensor *b) {
  if (a->rank != b->rank)
    return false;
  for (int d = 0; d < a->rank; ++d)
    if (a->shape[d] != b->shape[d])
      return false;
  return true;
}

/* The value of global element `idx`: its linear index plus one. */
static int64_t globalValue(int rank, const int64_t *shape, const int64_t *idx) {
  int64_t i = 0;
  for (int d = 0; d < rank; ++d)
    i = i * shape[d] + idx[d];
  return i + 1;
}

/* Why the current case failed (first reason only). */
static char why[512];

static bool fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static bool fail(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why, sizeof(why), fmt, ap);
  va_end(ap);
  return false;
}

/* Elements [start, start + size) of dim d (positions outside the tensor
 * become POISON): SLICE, pad and unpad. */
static bool windowDim(Tensor *t, int d, int64_t start, int64_t size) {
  static Tensor tmp;
  tmp.rank = t->rank;
  memcpy(tmp.shape, t->shape, sizeof(tmp.shape));
  tmp.shape[d] = size;
  if (numElems(&tmp) > kMaxElems)
    return fail("local tensor too large for the simulator");
  int64_t idx[GSPMD_MAX_RANK];
  for (int64_t i = 0; i < numElems(&tmp); ++i) {
    unflatten(&tmp, i, idx);
    idx[d] += start;
    tmp.v[i] = idx[d] < t->shape[d] ? t->v[flatten(t, idx)] : POISON;
  }
  memcpy(t, &tmp, sizeof(tmp));
  return true;
}

/*===-- Partial sums ------------------------------------------------------===*/

/* Share of `value` held by group rank r of n, so that reducing the shares
 * gives the value exactly. */
static int64_t shareOf(int64_t value, int64_t r, int64_t n,
                       GspmdReduction red) {
  int64_t holder = value % n;
  switch (red) {
  case GSPMD_REDUCTION_SUM: {
    if (r > 0)
      return value * r % 7 + r;
    int64_t rest = 0;
    for (int64_t j = 1; j < n; ++j)
      rest += value * j % 7 + j;
    return value - rest;
  }
  case GSPMD_REDUCTION_MAX:
  case GSPMD_REDUCTION_MAXNUM: /* integers: no NaN to ignore */
    return r == holder ? value : value - 1 - r;
  case GSPMD_REDUCTION_MIN:
  case GSPMD_REDUCTION_MINNUM:
    return r == holder ? value : value + 1 + r;
  case GSPMD_REDUCTION_PROD:
    return r == holder ? value : 1;
  case GSPMD_REDUCTION_NONE:
    break;
  }
  return value;
}

static int64_t combine(int64_t a, int64_t b, GspmdReduction red) {
  switch (red) {
  case GSPMD_REDUCTION_MAX:
  case GSPMD_REDUCTION_MAXNUM:
    return a > b ? a : b;
  case GSPMD_REDUCTION_MIN:
  case GSPMD_REDUCTION_MINNUM:
    return a < b ? a : b;
  case GSPMD_REDUCTION_PROD: /* wraps on poisoned padding, never on data */
    return (int64_t)((uint64_t)a * (uint64_t)b);
  case GSPMD_REDUCTION_SUM:
  case GSPMD_REDUCTION_NONE:
    break;
  }
  return a + b;
}

/*===-- Simulated state ---------------------------------------------------===*/

/* What the simulator knows besides the arrays: the mesh the current layout
 * refers to, that layout, and the axes still holding partial sums. */
typedef struct SimState {
  const GspmdMesh *mesh;
  GspmdSharding layout;
  int rank;
  const int64_t *shape;
  int pending[GSPMD_MAX_MESH_AXES];
  int num_pending;
  GspmdReduction reduce;
} SimState;

static void distribute(const SimState *s) {
  int64_t n = gspmdMeshNumDevices(s->mesh);
  int64_t parts = axesProduct(s->mesh, s->pending, s->num_pending);
  cur->num_devices = n;
  for (int64_t dev = 0; dev < n; ++dev) {
    Tensor *t = &cur->t[dev];
    t->rank = s->rank;
    int64_t offset[GSPMD_MAX_RANK], idx[GSPMD_MAX_RANK];
    for (int d = 0; d < s->rank; ++d) {
      t->shape[d] = shardSizeOf(s->mesh, &s->layout, d, s->shape[d]);
      offset[d] = shardOffsetOf(s->mesh, &s->layout, d, s->shape[d], dev);
    }
    int64_t r = coordOver(s->mesh, dev, s->pending, s->num_pending);
    for (int64_t i = 0; i < numElems(t); ++i) {
      unflatten(t, i, idx);
      bool valid = true;
      for (int d = 0; d < s->rank; ++d) {
        idx[d] += offset[d];
        valid &= idx[d] < s->shape[d];
      }
      t->v[i] = valid ? shareOf(globalValue(s->rank, s->shape, idx), r, parts,
                                s->reduce)
                      : POISON;
    }
  }
}

/* Every device's local shape and valid elements match `layout`. */
static bool checkLayout(const SimState *s, const char *when) {
  for (int64_t dev = 0; dev < cur->num_devices; ++dev) {
    const Tensor *t = &cur->t[dev];
    int64_t offset[GSPMD_MAX_RANK], idx[GSPMD_MAX_RANK];
    for (int d = 0; d < s->rank; ++d) {
      int64_t want = shardSizeOf(s->mesh, &s->layout, d, s->shape[d]);
      if (t->shape[d] != want)
        return fail("%s: device %lld has local size %lld on dim %d, layout "
                    "says %lld",
                    when, (long long)dev, (long long)t->shape[d], d,
                    (long long)want);
      offset[d] = shardOffsetOf(s->mesh, &s->layout, d, s->shape[d], dev);
    }
    if (s->num_pending > 0)
      continue;
    for (int64_t i = 0; i < numElems(t); ++i) {
      unflatten(t, i, idx);
      bool valid = true;
      for (int d = 0; d < s->rank; ++d) {
        idx[d] += offset[d];
        valid &= idx[d] < s->shape[d];
      }
      int64_t want = globalValue(s->rank, s->shape, idx);
      if (valid && t->v[i] != want)
        return fail("%s: device %lld local element %lld is %lld, expected "
                    "%lld",
                    when, (long long)dev, (long long)i, (long long)t->v[i],
                    (long long)want);
    }
  }
  return true;
}

/*===-- Collectives, as runtime/gspmd_runtime.h defines them --------------===*/

/* Input shapes must agree across each group. */
static bool groupShapesAgree(const GspmdMesh *m, const int *axes, int n) {
  int64_t size = axesProduct(m, axes, n);
  for (int64_t dev = 0; dev < cur->num_devices; ++dev)
    for (int64_t r = 0; r < size; ++r)
      if (!sameShape(&cur->t[dev], &cur->t[memberOf(m, dev, axes, n, r)]))
        return fail("group members have different local shapes");
  return true;
}

static bool startOutput(Tensor *out, const Tensor *in) {
  out->rank = in->rank;
  memcpy(out->shape, in->shape, sizeof(out->shape));
  return numElems(out) <= kMaxElems ||
         fail("local tensor too large for the simulator");
}

static bool simAllGather(const GspmdMesh *m, const GspmdReshardStep *st) {
  int64_t n = axesProduct(m, st->axes, st->num_axes);
  int dim = st->dim;
  next->num_devices = cur->num_devices;
  for (int64_t dev = 0; dev < cur->num_devices; ++dev) {
    const Tensor *in = &cur->t[dev];
    Tensor *out = &next->t[dev];
    out->rank = in->rank;
    memcpy(out->shape, in->shape, sizeof(out->shape));
    out->shape[dim] *= n;
    if (numElems(out) > kMaxElems)
      return fail("local tensor too large for the simulator");
    int64_t idx[GSPMD_MAX_RANK];
    for (int64_t i = 0; i < numElems(out); ++i) {
      unflatten(out, i, idx);
      int64_t r = idx[dim] / in->shape[dim];
      idx[dim] %= in->shape[dim];
      const Tensor *src = &cur->t[memberOf(m, dev, st->axes, st->num_axes, r)];
      out->v[i] = src->v[flatten(src, idx)];
    }
  }
  return true;
}

static bool simAllToAll(const GspmdMesh *m, const GspmdReshardStep *st) {
  int64_t n = axesProduct(m, st->axes, st->num_axes);
  int split = st->dim, concat = st->dim2;
  if (split == concat)
    return fail("all_to_all with split dim == concat dim");
  next->num_devices = cur->num_devices;
  for (int64_t dev = 0; dev < cur->num_devices; ++dev) {
    const Tensor *in = &cur->t[dev];
    Tensor *out = &next->t[dev];
    if (in->shape[split] % n != 0)
      return fail("all_to_all: split dim %d of size %lld does not divide by "
                  "%lld",
                  split, (long long)in->shape[split], (long long)n);
    if (!startOutput(out, in))
      return false;
    int64_t piece = in->shape[split] / n;
    out->shape[split] = piece;
    out->shape[concat] *= n;
    int64_t k = coordOver(m, dev, st->axes, st->num_axes);
    int64_t idx[GSPMD_MAX_RANK];
    for (int64_t i = 0; i < numElems(out); ++i) {
      unflatten(out, i, idx);
      int64_t r = idx[concat] / in->shape[concat];
      idx[concat] %= in->shape[concat];
      idx[split] += k * piece;
      const Tensor *src = &cur->t[memberOf(m, dev, st->axes, st->num_axes, r)];
      out->v[i] = src->v[flatten(src, idx)];
    }
  }
  return true;
}

/* all_reduce when dim < 0, else reduce_scatter along dim. */
static bool simReduce(const GspmdMesh *m, const GspmdReshardStep *st) {
  int64_t n = axesProduct(m, st->axes, st->num_axes);
  int dim = st->dim;
  next->num_devices = cur->num_devices;
  for (int64_t dev = 0; dev < cur->num_devices; ++dev) {
    const Tensor *in = &cur->t[dev];
    Tensor *out = &next->t[dev];
    if (!startOutput(out, in))
      return false;
    int64_t offset = 0;
    if (dim >= 0) {
      if (in->shape[dim] % n != 0)
        return fail("reduce_scatter: dim %d of size %lld does not divide by "
                    "%lld",
                    dim, (long long)in->shape[dim], (long long)n);
      out->shape[dim] /= n;
      offset = coordOver(m, dev, st->axes, st->num_axes) * out->shape[dim];
    }
    int64_t idx[GSPMD_MAX_RANK];
    for (int64_t i = 0; i < numElems(out); ++i) {
      unflatten(out, i, idx);
      if (dim >= 0)
        idx[dim] += offset;
      int64_t acc = 0;
      for (int64_t r = 0; r < n; ++r) {
        const Tensor *src =
            &cur->t[memberOf(m, dev, st->axes, st->num_axes, r)];
        int64_t v = src->v[flatten(src, idx)];
        acc = r == 0 ? v : combine(acc, v, st->reduce);
      }
      out->v[i] = acc;
    }
  }
  return true;
}

static bool sameAxisSet(const int *a, const int *b, int n) {
  for (int i = 0; i < n; ++i) {
    int hits = 0;
    for (int j = 0; j < n; ++j)
      hits += (a[i] == b[j]) - (a[i] == a[j]);
    if (hits != 0)
      return false;
  }
  return true;
}

static bool simPermute(const GspmdMesh *m, const GspmdReshardStep *st) {
  if (!sameAxisSet(st->axes, st->target_axes, st->num_axes))
    return fail("permute: axes and target_axes are different sets");
  next->num_devices = cur->num_devices;
  for (int64_t dev = 0; dev < cur->num_devices; ++dev) {
    int64_t k = coordOver(m, dev, st->target_axes, st->num_axes);
    int64_t src = memberOf(m, dev, st->axes, st->num_axes, k);
    memcpy(&next->t[dev], &cur->t[src], sizeof(Tensor));
  }
  return true;
}

/* SLICE: the dims' shard sizes come from the step's `after`, its padding
 * rule from the layout before it. */
static bool simSlice(const SimState *s, const GspmdReshardStep *st) {
  for (int d = 0; d < s->rank; ++d) {
    int n_axes = st->slice_num_axes[d];
    if (n_axes == 0) {
      if (st->pad[d])
        return fail("slice: pad on dim %d without slice axes", d);
      continue;
    }
    int64_t n = axesProduct(s->mesh, st->slice_axes[d], n_axes);
    int64_t shard = shardSizeOf(s->mesh, &st->after, d, s->shape[d]);
    for (int64_t dev = 0; dev < cur->num_devices; ++dev) {
      Tensor *t = &cur->t[dev];
      if (st->pad[d]) {
        if (countOf(s->mesh, &s->layout, d) != 1 || t->shape[d] > n * shard)
          return fail("slice: pad on dim %d that is split or too long", d);
        if (!windowDim(t, d, 0, n * shard))
          return false;
      }
      if (t->shape[d] != n * shard)
        return fail("slice: dim %d has %lld elements, expected %lld x %lld", d,
                    (long long)t->shape[d], (long long)n, (long long)shard);
      int64_t j = coordOver(s->mesh, dev, st->slice_axes[d], n_axes);
      if (!windowDim(t, d, j * shard, shard))
        return false;
    }
  }
  return true;
}

/* ALL_TO_ALL's pad: only its split dim, only from count 1, to group times
 * the shard size after the step; then its cost must be that of the padded
 * input (B(n-1)/n, the header's formula). */
static bool padAllToAll(const SimState *s, const GspmdReshardStep *st) {
  int split = st->dim;
  for (int d = 0; d < s->rank; ++d)
    if (st->pad[d] && d != split)
      return fail("all_to_all: pad on dim %d, not its split dim", d);
  int64_t n = axesProduct(s->mesh, st->axes, st->num_axes);
  int64_t want = n * shardSizeOf(s->mesh, &st->after, split, s->shape[split]);
  for (int64_t dev = 0; st->pad[split] && dev < cur->num_devices; ++dev) {
    Tensor *t = &cur->t[dev];
    if (countOf(s->mesh, &s->layout, split) != 1 || t->shape[split] > want)
      return fail("all_to_all: pad on split dim %d that is split or too long",
                  split);
    if (!windowDim(t, split, 0, want))
      return false;
  }
  int64_t bytes = cur->num_devices > 0 ? numElems(&cur->t[0]) : 0;
  bytes = n > 1 ? bytes * kElementBytes * (n - 1) / n : 0;
  if (st->bytes_sent != bytes)
    return fail("all_to_all sends %lld bytes, its input says %lld",
                (long long)st->bytes_sent, (long long)bytes);
  return true;
}

/*===-- Expected layout after a step (independent of the planner) ---------===*/

static bool endsWith(const GspmdSharding *s, int d, const int *axes, int n) {
  int len = s->dim_num_axes[d];
  return len >= n &&
         memcmp(&s->dim_axes[d][len - n], axes, (size_t)n * sizeof(int)) == 0;
}

static void appendTo(GspmdSharding *s, int d, const int *axes, int n) {
  memcpy(&s->dim_axes[d][s->dim_num_axes[d]], axes, (size_t)n * sizeof(int));
  s->dim_num_axes[d] += n;
}

static bool takePending(SimState *s, const int *axes, int n) {
  for (int i = 0; i < n; ++i) {
    int k = 0;
    while (k < s->num_pending && s->pending[k] != axes[i])
      ++k;
    if (k == s->num_pending)
      return fail("reduction over axis %d that holds no partial sums", axes[i]);
    s->pending[k] = s->pending[--s->num_pending];
  }
  return true;
}

static bool validDims(const SimState *s, const GspmdReshardStep *st) {
  bool uses_dim = st->kind == GSPMD_STEP_ALL_GATHER ||
                  st->kind == GSPMD_STEP_ALL_TO_ALL ||
                  st->kind == GSPMD_STEP_REDUCE_SCATTER;
  if (uses_dim && (st->dim < 0 || st->dim >= s->rank))
    return fail("step dim %d out of range", st->dim);
  if (st->kind == GSPMD_STEP_ALL_TO_ALL &&
      (st->dim2 < 0 || st->dim2 >= s->rank))
    return fail("step dim2 %d out of range", st->dim2);
  return true;
}

/* The layout a step must produce, from the layout before it; the PERMUTE
 * target is the step's own (its data is what the final check verifies). */
static bool expectedAfter(SimState *s, const GspmdReshardStep *st,
                          GspmdSharding *out) {
  *out = s->layout;
  if (!validDims(s, st))
    return false;
  switch (st->kind) {
  case GSPMD_STEP_ALL_GATHER:
    if (!endsWith(out, st->dim, st->axes, st->num_axes))
      return fail("all_gather axes are not dim %d's minor axes", st->dim);
    out->dim_num_axes[st->dim] -= st->num_axes;
    return true;
  case GSPMD_STEP_ALL_TO_ALL:
    if (!endsWith(out, st->dim2, st->axes, st->num_axes))
      return fail("all_to_all axes are not dim %d's minor axes", st->dim2);
    out->dim_num_axes[st->dim2] -= st->num_axes;
    appendTo(out, st->dim, st->axes, st->num_axes);
    return true;
  case GSPMD_STEP_REDUCE_SCATTER:
    appendTo(out, st->dim, st->axes, st->num_axes);
    return takePending(s, st->axes, st->num_axes);
  case GSPMD_STEP_ALL_REDUCE:
    return takePending(s, st->axes, st->num_axes);
  case GSPMD_STEP_SLICE:
    for (int d = 0; d < s->rank; ++d)
      appendTo(out, d, st->slice_axes[d], st->slice_num_axes[d]);
    return true;
  case GSPMD_STEP_PERMUTE:
    *out = st->after;
    return true;
  }
  return fail("unknown step kind %d", (int)st->kind);
}

static bool simStep(SimState *s, const GspmdReshardStep *st) {
  GspmdSharding want;
  if (!expectedAfter(s, st, &want))
    return false;
  if (!gspmdShardingEqual(&want, &st->after) ||
      !gspmdShardingVerify(s->mesh, &st->after, NULL, 0))
    return fail("step's `after` is not the layout it produces");
  bool ok = true;
  switch (st->kind) {
  case GSPMD_STEP_ALL_GATHER:
    ok = groupShapesAgree(s->mesh, st->axes, st->num_axes) &&
         simAllGather(s->mesh, st);
    break;
  case GSPMD_STEP_ALL_TO_ALL:
    ok = padAllToAll(s, st) &&
         groupShapesAgree(s->mesh, st->axes, st->num_axes) &&
         simAllToAll(s->mesh, st);
    break;
  case GSPMD_STEP_ALL_REDUCE:
  case GSPMD_STEP_REDUCE_SCATTER:
    if (st->reduce != s->reduce)
      return fail("reduction kind differs from the source's");
    ok = simReduce(s->mesh, st);
    break;
  case GSPMD_STEP_PERMUTE:
    ok = simPermute(s->mesh, st);
    break;
  case GSPMD_STEP_SLICE:
    return simSlice(s, st);
  }
  if (!ok)
    return false;
  swapWorlds();
  if (!st->unpad)
    return true;
  int d = st->kind == GSPMD_STEP_ALL_TO_ALL ? st->dim2 : st->dim;
  if (st->kind != GSPMD_STEP_ALL_GATHER && st->kind != GSPMD_STEP_ALL_TO_ALL)
    return fail("unpad on a step that neither gathers nor concatenates");
  if (countOf(s->mesh, &st->after, d) != 1)
    return fail("unpad on a dim that stays split");
  for (int64_t dev = 0; dev < cur->num_devices; ++dev) {
    Tensor *t = &cur->t[dev];
    if (t->shape[d] < s->shape[d])
      return fail("unpad: gathered dim shorter than the global size");
    windowDim(t, d, 0, s->shape[d]);
  }
  return true;
}

/*===-- Running a case ----------------------------------------------------===*/

typedef struct Case {
  const GspmdMesh *from_mesh, *to_mesh;
  GspmdSharding from, to;
  const int *partial;
  int num_partial;
  GspmdReduction reduce;
  const int64_t *shape;
} Case;

/* The mesh a step refers to: after a mesh change, the SLICE and what follows
 * it refer to the target mesh. */
static const GspmdMesh *meshOfStep(const Case *c, const GspmdReshardPlan *plan,
                                   int i) {
  if (c->from_mesh == c->to_mesh)
    return c->from_mesh;
  for (int j = 0; j <= i; ++j)
    if (plan->steps[j].kind == GSPMD_STEP_SLICE)
      return c->to_mesh;
  return c->from_mesh;
}

static bool simulate(const Case *c, const GspmdReshardPlan *plan) {
  SimState s = {c->from_mesh, c->from,        c->from.rank, c->shape,
                {0},          c->num_partial, c->reduce};
  if (c->num_partial > 0)
    memcpy(s.pending, c->partial, (size_t)c->num_partial * sizeof(int));
  distribute(&s);
  if (!checkLayout(&s, "initial"))
    return false;
  int64_t total = 0;
  for (int i = 0; i < plan->num_steps; ++i) {
    const GspmdReshardStep *st = &plan->steps[i];
    char when[64];
    snprintf(when, sizeof(when), "after step %d", i);
    s.mesh = meshOfStep(c, plan, i);
    if (!simStep(&s, st))
      return false;
    s.layout = st->after;
    if (!checkLayout(&s, when))
      return false;
    total += st->bytes_sent;
  }
  if (s.num_pending > 0)
    return fail("partial sums left unreduced");
  if (s.mesh != c->to_mesh &&
      gspmdShardingKind(c->to_mesh, &c->to) != GSPMD_REPLICATED)
    return fail("plan never slices on the target mesh");
  if (!gspmdShardingEqual(&s.layout, &c->to))
    return fail("plan ends on another sharding");
  if (total != plan->bytes_sent)
    return fail("plan bytes_sent %lld is not the sum of its steps %lld",
                (long long)plan->bytes_sent, (long long)total);
  s.layout = c->to;
  s.mesh = c->to_mesh;
  return checkLayout(&s, "final");
}

/* Bytes of "all_reduce the partials, gather every split dim whole, slice",
 * from the cost formulas of the header. */
static int64_t naiveBytes(const Case *c) {
  int64_t local[GSPMD_MAX_RANK], bytes = 0;
  int rank = c->from.rank;
  for (int d = 0; d < rank; ++d)
    local[d] = shardSizeOf(c->from_mesh, &c->from, d, c->shape[d]);
  for (int step = -1; step < rank; ++step) {
    int64_t b = kElementBytes;
    for (int d = 0; d < rank; ++d)
      b *= local[d];
    if (step < 0) {
      int64_t n = axesProduct(c->from_mesh, c->partial, c->num_partial);
      bytes += 2 * b * (n - 1) / n;
      continue;
    }
    bytes += b * (countOf(c->from_mesh, &c->from, step) - 1);
    local[step] = c->shape[step];
  }
  return bytes;
}

static void printCase(const Case *c, const GspmdReshardPlan *plan, bool planned,
                      const char *err) {
  char from[128], to[128];
  printf("  case: %s", shardingStr(c->from_mesh, &c->from, from, sizeof(from)));
  for (int i = 0; i < c->num_partial; ++i)
    printf("%s%s", i ? "," : " partial ",
           c->from_mesh->axis_names[c->partial[i]]);
  printf(" -> %s%s shape", shardingStr(c->to_mesh, &c->to, to, sizeof(to)),
         c->from_mesh != c->to_mesh ? " (other mesh)" : "");
  for (int d = 0; d < c->from.rank; ++d)
    printf("%s%lld", d ? "x" : " ", (long long)c->shape[d]);
  printf("\n");
  if (!planned) {
    printf("  planner error: %s\n", err);
    return;
  }
  for (int i = 0; i < plan->num_steps; ++i) {
    char text[256];
    gspmdReshardStepPrint(meshOfStep(c, plan, i), &plan->steps[i], text,
                          sizeof(text));
    printf("  step %d: %s (%lld bytes)\n", i, text,
           (long long)plan->steps[i].bytes_sent);
  }
}

static GspmdReshardPlan the_plan;
static int64_t total_plan_bytes, total_naive_bytes;

/* Plans, simulates and costs one case: three checks. */
static void runCase(const Case *c, const char *file, int line) {
  char err[256] = "";
  why[0] = '\0';
  bool planned = gspmdPlanReshard(
      c->from_mesh, &c->from, c->partial, c->num_partial, c->reduce, c->to_mesh,
      &c->to, c->shape, kElementBytes, &the_plan, err, sizeof(err));
  bool correct = planned && simulate(c, &the_plan);
  int64_t naive = naiveBytes(c);
  bool cheap = planned && the_plan.bytes_sent <= naive;
  checkTrue(planned, file, line, "gspmdPlanReshard succeeds");
  checkTrue(!planned || correct, file, line, why);
  checkTrue(!planned || cheap, file, line, "plan sends no more than naive");
  if (!planned || !correct || !cheap)
    printCase(c, &the_plan, planned, err);
  if (planned) {
    total_plan_bytes += the_plan.bytes_sent;
    total_naive_bytes += naive;
  }
}

/*===-- Enumerating shardings ---------------------------------------------===*/

enum { kMaxShardings = 256 };

/* Every arrangement of a subset of the mesh's axes on `rank` dims, in any
 * order: axis i is skipped or inserted at any position of any dim. */
static void placeAxes(int axis, int num_axes, GspmdSharding *s,
                      GspmdSharding *out, int *count) {
  if (axis == num_axes) {
    out[(*count)++] = *s;
    return;
  }
  placeAxes(axis + 1, num_axes, s, out, count);
  for (int d = 0; d < s->rank; ++d) {
    int len = s->dim_num_axes[d];
    for (int pos = 0; pos <= len; ++pos) {
      int *list = s->dim_axes[d];
      memmove(&list[pos + 1], &list[pos], (size_t)(len - pos) * sizeof(int));
      list[pos] = axis;
      s->dim_num_axes[d] = len + 1;
      placeAxes(axis + 1, num_axes, s, out, count);
      memmove(&list[pos], &list[pos + 1], (size_t)(len - pos) * sizeof(int));
      s->dim_num_axes[d] = len;
    }
  }
}

static int allShardings(const GspmdMesh *mesh, int rank, GspmdSharding *out) {
  GspmdSharding s = gspmdShardingReplicated(rank);
  int count = 0;
  placeAxes(0, mesh->num_axes, &s, out, &count);
  return count;
}

static GspmdSharding gFrom[kMaxShardings], gTo[kMaxShardings];

/* Every pair of shardings of `shape` on mesh (or from_mesh -> to_mesh). */
static void allPairs(const GspmdMesh *from_mesh, const GspmdMesh *to_mesh,
                     int rank, const int64_t *shape) {
  int nf = allShardings(from_mesh, rank, gFrom);
  int nt = allShardings(to_mesh, rank, gTo);
  for (int i = 0; i < nf; ++i)
    for (int j = 0; j < nt; ++j) {
      Case c = {
          from_mesh, to_mesh, gFrom[i], gTo[j], NULL, 0, GSPMD_REDUCTION_NONE,
          shape};
      runCase(&c, __FILE__, __LINE__);
    }
}

/* Every source with every non-empty set of its unused axes as partial sums,
 * to every target. */
static void allPartialPairs(const GspmdMesh *mesh, int rank,
                            const int64_t *shape, GspmdReduction reduce) {
  int n = allShardings(mesh, rank, gFrom);
  for (int i = 0; i < n; ++i)
    for (unsigned mask = 1; mask < 1u << mesh->num_axes; ++mask) {
      int partial[GSPMD_MAX_MESH_AXES], np = 0;
      bool usable = true;
      for (int a = 0; a < mesh->num_axes; ++a)
        if (mask & 1u << a) {
          usable &= !gspmdShardingUsesAxis(&gFrom[i], a);
          partial[np++] = a;
        }
      if (!usable)
        continue;
      for (int j = 0; j < n; ++j) {
        Case c = {mesh, mesh, gFrom[i], gFrom[j], partial, np, reduce, shape};
        runCase(&c, __FILE__, __LINE__);
      }
    }
}

/*===-- Exhaustive and sampled simulations --------------------------------===*/

static void testCubeRank2(void) {
  static const int64_t shapes[][2] = {{8, 8}, {7, 5}, {3, 1},
                                      {6, 4}, {0, 3}, {12, 10}};
  for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); ++i)
    allPairs(&kCube, &kCube, 2, shapes[i]);
}

static void testCubeRank1And3(void) {
  static const int64_t shapes1[][1] = {{8}, {5}, {1}, {16}, {6}};
  for (size_t i = 0; i < sizeof(shapes1) / sizeof(shapes1[0]); ++i)
    allPairs(&kCube, &kCube, 1, shapes1[i]);
  static const int64_t shapes3[][3] = {{4, 6, 2}, {3, 5, 2}};
  for (size_t i = 0; i < sizeof(shapes3) / sizeof(shapes3[0]); ++i)
    allPairs(&kCube, &kCube, 3, shapes3[i]);
}

static void testOtherMeshes(void) {
  static const int64_t shapes[][2] = {{8, 8}, {7, 5}, {6, 10}, {3, 2}};
  for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); ++i) {
    allPairs(&kCubeShuffled, &kCubeShuffled, 2, shapes[i]);
    allPairs(&kMesh24, &kMesh24, 2, shapes[i]);
    allPairs(&kOdd, &kOdd, 2, shapes[i]);
  }
  static const int64_t shape3[3] = {6, 4, 5};
  allPairs(&kMesh24, &kMesh24, 3, shape3);
}

static void testPartialSums(void) {
  static const int64_t even[2] = {8, 8}, uneven[2] = {7, 5}, tiny[2] = {3, 1};
  allPartialPairs(&kCube, 2, even, GSPMD_REDUCTION_SUM);
  allPartialPairs(&kCube, 2, uneven, GSPMD_REDUCTION_SUM);
  allPartialPairs(&kCube, 2, tiny, GSPMD_REDUCTION_SUM);
  allPartialPairs(&kCube, 2, uneven, GSPMD_REDUCTION_MAX);
  allPartialPairs(&kCubeShuffled, 2, even, GSPMD_REDUCTION_MIN);
  allPartialPairs(&kMesh24, 2, uneven, GSPMD_REDUCTION_PROD);
  allPartialPairs(&kOdd, 2, even, GSPMD_REDUCTION_SUM);
  static const int64_t shape1[1] = {12};
  allPartialPairs(&kCube, 1, shape1, GSPMD_REDUCTION_SUM);
}

/* Different meshes: gather on the source mesh, slice on the target mesh. */
static void testOtherMeshTargets(void) {
  static const int64_t shapes[][2] = {{8, 8}, {7, 5}};
  for (size_t i = 0; i < 2; ++i) {
    allPairs(&kCube, &kMesh24, 2, shapes[i]);
    allPairs(&kMesh24, &kCubeShuffled, 2, shapes[i]);
  }
  const int partial[1] = {C};
  Case c = {&kCube,
            &kMesh24,
            SHARDING(2, {A, -1}, {-1}),
            SHARDING(2, {Y, -1}, {X, -1}),
            partial,
            1,
            GSPMD_REDUCTION_SUM,
            shapes[1]};
  runCase(&c, __FILE__, __LINE__);
}

/*===-- Expected plans ----------------------------------------------------===*/

/* Plans mesh-local `from` -> `to` and writes the steps, "; "-separated. */
static const char *planText(const GspmdMesh *mesh, GspmdSharding from,
                            GspmdSharding to, const int64_t *shape,
                            const int *partial, int np, GspmdReduction red) {
  static char text[1024];
  char err[256];
  text[0] = '\0';
  if (!gspmdPlanReshard(mesh, &from, partial, np, red, mesh, &to, shape,
                        kElementBytes, &the_plan, err, sizeof(err))) {
    snprintf(text, sizeof(text), "error: %s", err);
    return text;
  }
  size_t len = 0;
  for (int i = 0; i < the_plan.num_steps && len < sizeof(text); ++i) {
    if (i)
      len += (size_t)snprintf(text + len, sizeof(text) - len, "; ");
    if (len < sizeof(text))
      len += gspmdReshardStepPrint(mesh, &the_plan.steps[i], text + len,
                                   sizeof(text) - len);
  }
  return text;
}

#define PLAN(mesh, from, to, shape)                                            \
  planText(mesh, from, to, shape, NULL, 0, GSPMD_REDUCTION_NONE)

static void testExpectedPlans(void) {
  static const int64_t s8[1] = {8}, s7[1] = {7}, s6[1] = {6}, s88[2] = {8, 8},
                       s75[2] = {7, 5};
  GspmdSharding rep2 = gspmdShardingReplicated(2);

  /* Reordering a dim's axes, or swapping axes between dims: one PERMUTE. */
  CHECK_STR(PLAN(&kCube, SHARDING(1, {A, B, -1}), SHARDING(1, {B, A, -1}), s8),
            "permute [a, b] -> [b, a]");
  CHECK_INT(the_plan.bytes_sent, 8);
  CHECK_STR(PLAN(&kCube, SHARDING(2, {A, -1}, {B, -1}),
                 SHARDING(2, {B, -1}, {A, -1}), s88),
            "permute [a, b] -> [b, a]");
  CHECK_STR(PLAN(&kCube, SHARDING(2, {A, -1}, {B, -1}),
                 SHARDING(2, {B, -1}, {A, -1}), s75),
            "permute [a, b] -> [b, a]");
  /* Equal-size axes trade places: the lists are extended to one set. */
  CHECK_STR(PLAN(&kCube, SHARDING(1, {A, -1}), SHARDING(1, {B, -1}), s8),
            "permute [a, b] -> [b, a]");

  /* An axis moves between dims: ALL_TO_ALL, several axes at once. */
  CHECK_STR(
      PLAN(&kCube, SHARDING(2, {A, -1}, {-1}), SHARDING(2, {-1}, {A, -1}), s88),
      "all_to_all [a] split 1 concat 0");
  CHECK_INT(the_plan.bytes_sent, 4 * 32 / 2);
  CHECK_STR(PLAN(&kCube, SHARDING(2, {A, B, -1}, {-1}),
                 SHARDING(2, {-1}, {A, B, -1}), s88),
            "all_to_all [a, b] split 1 concat 0");

  /* Replicated or partially tiled to more tiles: SLICE only. */
  CHECK_STR(PLAN(&kCube, rep2, SHARDING(2, {A, -1}, {B, C, -1}), s88),
            "slice dim 0 [a], dim 1 [b, c]");
  CHECK_INT(the_plan.bytes_sent, 0);
  CHECK_STR(PLAN(&kCube, rep2, SHARDING(2, {A, -1}, {B, C, -1}), s75),
            "slice dim 0 [a] pad, dim 1 [b, c] pad");
  CHECK_STR(PLAN(&kCube, SHARDING(2, {-1}, {B, -1}),
                 SHARDING(2, {A, -1}, {B, -1}), s88),
            "slice dim 0 [a]");
  /* 7 over 2 (4, 3) nests into 7 over 4 (2, 2, 2, 1): no gather. */
  CHECK_STR(PLAN(&kCube, SHARDING(1, {A, -1}), SHARDING(1, {A, B, -1}), s7),
            "slice dim 0 [b]");
  /* ... but 6 over 2 (3, 3) does not nest into 6 over 4 (2, 2, 2, 0). */
  CHECK_STR(PLAN(&kCube, SHARDING(1, {A, -1}), SHARDING(1, {A, B, -1}), s6),
            "all_gather [a] dim 0; slice dim 0 [a, b] pad");
  /* Nor 6 over 4 into 6 over 2: the gather drops the padding. */
  CHECK_STR(PLAN(&kCube, SHARDING(1, {A, B, -1}), SHARDING(1, {A, -1}), s6),
            "all_gather [a, b] dim 0 unpad; slice dim 0 [a]");

  /* Tiled to replicated: gathers, merged per dim, fewest devices first. */
  CHECK_STR(PLAN(&kCube, SHARDING(2, {A, B, -1}, {C, -1}), rep2, s88),
            "all_gather [a, b] dim 0; all_gather [c] dim 1");
  CHECK_INT(the_plan.bytes_sent, 32 * 3 + 128 * 1);
  CHECK_STR(PLAN(&kCube, SHARDING(2, {A, B, -1}, {C, -1}), rep2, s75),
            "all_gather [c] dim 1 unpad; all_gather [a, b] dim 0 unpad");
  CHECK_INT(the_plan.bytes_sent, 24 * 1 + 40 * 3);

  /* Slicing first makes the gather cheaper. */
  CHECK_STR(
      PLAN(&kCube, SHARDING(2, {A, -1}, {-1}), SHARDING(2, {-1}, {B, -1}), s88),
      "slice dim 1 [b]; all_gather [a] dim 0");
  CHECK_INT(the_plan.bytes_sent, 64);
  /* Move b next to c, then permute: cheaper than gathering [a, b]. */
  CHECK_STR(PLAN(&kCube, SHARDING(2, {A, B, -1}, {C, -1}),
                 SHARDING(2, {C, -1}, {A, B, -1}), s88),
            "all_to_all [b] split 1 concat 0; permute [a, c, b] -> [c, a, b]");
  CHECK_INT(the_plan.bytes_sent, 16 + 32);
  /* A cycle of unequal axes: gather the smaller, move the larger. */
  CHECK_STR(PLAN(&kMesh24, SHARDING(2, {X, -1}, {Y, -1}),
                 SHARDING(2, {Y, -1}, {X, -1}), s88),
            "all_gather [x] dim 0; all_to_all [y] split 0 concat 1; "
            "slice dim 1 [x]");
  /* The planner is symmetric here: [[y], [x]] -> [[x, y], []] moves x by
   * ALL_TO_ALL and permutes; the reverse permutes first, then moves x back
   * (not an all_gather of y and an ALL_TO_ALL, 320 B), for the same 96 B. */
  static const int64_t s168[2] = {16, 8};
  CHECK_STR(PLAN(&kMesh24, SHARDING(2, {Y, -1}, {X, -1}),
                 SHARDING(2, {X, Y, -1}, {-1}), s168),
            "all_to_all [x] split 0 concat 1; permute [y, x] -> [x, y]");
  CHECK_INT(the_plan.bytes_sent, 32 + 64);
  CHECK_STR(PLAN(&kMesh24, SHARDING(2, {X, Y, -1}, {-1}),
                 SHARDING(2, {Y, -1}, {X, -1}), s168),
            "permute [x, y] -> [y, x]; all_to_all [x] split 1 concat 0");
  CHECK_INT(the_plan.bytes_sent, 64 + 32);
  /* Uneven: the mirror pads where the forward plan unpads. */
  CHECK_STR(PLAN(&kMesh24, SHARDING(2, {X, Y, -1}, {-1}),
                 SHARDING(2, {Y, -1}, {X, -1}), s75),
            "permute [x, y] -> [y, x]; all_to_all [x] split 1 concat 0 pad");
  CHECK_INT(the_plan.bytes_sent, 20 + 12);
}

/* One value wanted in several layouts: planned together, the layout every
 * use can slice from goes first, though another use alone is cheaper by an
 * all_to_all (gspmdPlanReshardShared), and a later reshard starts from the
 * cheapest layout already made (gspmdPlanReshardFromAny). */
static void testSharedReshards(void) {
  static const int64_t s75[2] = {7, 5};
  GspmdSharding from = SHARDING(2, {-1}, {A, -1});
  GspmdSharding targets[2] = {SHARDING(2, {A, -1}, {-1}),
                              gspmdShardingReplicated(2)};
  /* Alone: the padded all_to_all (8x3 padded, half of it sent) beats the
   * gather of the 7x3 shard (84 B) and a slice. */
  CHECK_STR(PLAN(&kCube, from, targets[0], s75),
            "all_to_all [a] split 0 concat 1 pad unpad");
  CHECK_INT(the_plan.bytes_sent, 48);
  /* Together: the all_to_all then a gather of its 4x5 shard (48 + 80 B), or
   * the gather (84 B) and a free slice. */
  int64_t bytes = -1;
  int first = -1;
  char err[200] = "";
  CHECK(gspmdPlanReshardShared(&kCube, &from, NULL, 0, GSPMD_REDUCTION_NONE,
                               targets, 2, s75, kElementBytes, &bytes, &first,
                               err, sizeof(err)));
  CHECK_INT(bytes, 84);
  CHECK_INT(first, 1);
  /* With the gathered copy made, the first use slices it. */
  GspmdSharding sources[2] = {from, targets[1]};
  int source = -1;
  CHECK(gspmdPlanReshardFromAny(
      &kCube, sources, 2, NULL, 0, GSPMD_REDUCTION_NONE, &targets[0], s75,
      kElementBytes, &the_plan, &source, err, sizeof(err)));
  CHECK_INT(source, 1);
  CHECK_INT(the_plan.bytes_sent, 0);
  /* One target, or targets no order helps: the first goes first. */
  CHECK(gspmdPlanReshardShared(&kCube, &from, NULL, 0, GSPMD_REDUCTION_NONE,
                               targets, 1, s75, kElementBytes, &bytes, &first,
                               err, sizeof(err)));
  CHECK_INT(bytes, 48);
  CHECK_INT(first, 0);
  /* Partial sums: an all_reduce then free slices serves both. */
  const int partial[1] = {B};
  GspmdSharding rep = gspmdShardingReplicated(2);
  CHECK(gspmdPlanReshardShared(&kCube, &rep, partial, 1, GSPMD_REDUCTION_SUM,
                               targets, 2, s75, kElementBytes, &bytes, &first,
                               err, sizeof(err)));
  CHECK_INT(bytes, gspmdCollectiveBytesSent(GSPMD_COLLECTIVE_ALL_REDUCE,
                                            7 * 5 * kElementBytes, 2));
  CHECK(!gspmdPlanReshardShared(&kCube, &from, NULL, 0, GSPMD_REDUCTION_NONE,
                                targets, 0, s75, kElementBytes, &bytes, &first,
                                err, sizeof(err)));
  CHECK_STR(err, "cannot reshard: between 1 and 4 shared targets");
}

/* An axis moving between an uneven dim at count 1 and its whole target
 * count: one ALL_TO_ALL of padded shards, costed padded, instead of a gather
 * and a padded SLICE. */
static void testExpectedPaddedAllToAll(void) {
  static const int64_t s30x24[2] = {30, 24}, s24x30[2] = {24, 30},
                       s75[2] = {7, 5}, s58[2] = {5, 8}, s516[2] = {5, 16};
  /* 30 over 8 (4 each, 32 padded): 30x3 padded to 32x3, 7/8 of it sent. */
  CHECK_STR(PLAN(&kCube, SHARDING(2, {-1}, {A, B, C, -1}),
                 SHARDING(2, {A, B, C, -1}, {-1}), s30x24),
            "all_to_all [a, b, c] split 0 concat 1 pad");
  CHECK_INT(the_plan.bytes_sent, 32 * 3 * 4 * 7 / 8);
  /* Back: 8 shards of 4x3 concatenated are 32x3, rows 30 and 31 padding. */
  CHECK_STR(PLAN(&kCube, SHARDING(2, {A, B, C, -1}, {-1}),
                 SHARDING(2, {-1}, {A, B, C, -1}), s30x24),
            "all_to_all [a, b, c] split 1 concat 0 unpad");
  CHECK_INT(the_plan.bytes_sent, 4 * 24 * 4 * 7 / 8);
  CHECK_STR(PLAN(&kCube, SHARDING(2, {A, B, C, -1}, {-1}),
                 SHARDING(2, {-1}, {A, B, C, -1}), s24x30),
            "all_to_all [a, b, c] split 1 concat 0 pad");
  /* Both dims uneven: pad the split dim (5 -> 6), unpad the concat dim. */
  CHECK_STR(
      PLAN(&kCube, SHARDING(2, {A, -1}, {-1}), SHARDING(2, {-1}, {A, -1}), s75),
      "all_to_all [a] split 1 concat 0 pad unpad");
  CHECK_INT(the_plan.bytes_sent, 4 * 6 * 4 / 2);
  /* 5 over 8 (shards 1, 1, 1, 1, 1, 0, 0, 0): padded to 8. */
  CHECK_STR(PLAN(&kCube, SHARDING(2, {-1}, {A, B, C, -1}),
                 SHARDING(2, {A, B, C, -1}, {-1}), s58),
            "all_to_all [a, b, c] split 0 concat 1 pad");
  CHECK_INT(the_plan.bytes_sent, 8 * 1 * 4 * 7 / 8);
  /* Two axes on a 2x4 mesh: y leaves dim 1 (16, even) for dim 0 (5 over 4,
   * padded to 8); x stays on dim 1. */
  CHECK_STR(PLAN(&kMesh24, SHARDING(2, {-1}, {X, Y, -1}),
                 SHARDING(2, {Y, -1}, {X, -1}), s516),
            "all_to_all [y] split 0 concat 1 pad");
  CHECK_INT(the_plan.bytes_sent, 8 * 2 * 4 * 3 / 4);
  /* Pending partial sums move with the exchange and are reduced after. */
  const int c_only[1] = {C};
  CHECK_STR(planText(&kCube, SHARDING(2, {A, B, -1}, {-1}),
                     SHARDING(2, {-1}, {A, B, -1}), s75, c_only, 1,
                     GSPMD_REDUCTION_SUM),
            "all_to_all [a, b] split 1 concat 0 pad unpad; all_reduce [c] sum");
}

static void testExpectedPartialPlans(void) {
  static const int64_t s88[2] = {8, 8};
  GspmdSharding rep2 = gspmdShardingReplicated(2);
  const int c_only[1] = {C}, ab[2] = {A, B};
  CHECK_STR(planText(&kCube, rep2, SHARDING(2, {C, -1}, {-1}), s88, c_only, 1,
                     GSPMD_REDUCTION_SUM),
            "reduce_scatter [c] dim 0 sum");
  CHECK_INT(the_plan.bytes_sent, 256 / 2);
  CHECK_STR(planText(&kCube, rep2, rep2, s88, c_only, 1, GSPMD_REDUCTION_SUM),
            "all_reduce [c] sum");
  CHECK_INT(the_plan.bytes_sent, 256);
  CHECK_STR(planText(&kCube, rep2, SHARDING(2, {A, -1}, {-1}), s88, ab, 2,
                     GSPMD_REDUCTION_SUM),
            "reduce_scatter [a] dim 0 sum; all_reduce [b] sum");
  CHECK_INT(the_plan.bytes_sent, 128 + 128);
  /* The free axis is sliced before the reduction shrinks its input. */
  CHECK_STR(planText(&kCube, SHARDING(2, {A, -1}, {-1}),
                     SHARDING(2, {A, -1}, {B, -1}), s88, c_only, 1,
                     GSPMD_REDUCTION_MAX),
            "slice dim 1 [b]; all_reduce [c] max");
  CHECK_INT(the_plan.bytes_sent, 64);
}

/*===-- Errors, printing and the nesting helper ---------------------------===*/

static void testErrors(void) {
  GspmdReshardPlan *plan = &the_plan;
  char err[256] = "";
  const int64_t s88[2] = {8, 8}, dynamic[2] = {8, -1};
  GspmdSharding r1 = gspmdShardingReplicated(1),
                r2 = gspmdShardingReplicated(2);
  GspmdSharding a0 = SHARDING(2, {A, -1}, {-1});

  CHECK(!gspmdPlanReshard(&kCube, &r1, NULL, 0, GSPMD_REDUCTION_NONE, &kCube,
                          &r2, s88, 4, plan, err, sizeof(err)));
  CHECK_CONTAINS(err, "rank 1 differs from target rank 2");
  CHECK(!gspmdPlanReshard(&kCube, &a0, NULL, 0, GSPMD_REDUCTION_NONE, &kCube,
                          &r2, dynamic, 4, plan, err, sizeof(err)));
  CHECK_CONTAINS(err, "dim 1 has dynamic size");
  const int used[1] = {A}, twice[2] = {B, B}, bad[1] = {7};
  CHECK(!gspmdPlanReshard(&kCube, &a0, used, 1, GSPMD_REDUCTION_SUM, &kCube,
                          &r2, s88, 4, plan, err, sizeof(err)));
  CHECK_CONTAINS(err, "partial axis 'a' also splits a dim");
  CHECK(!gspmdPlanReshard(&kCube, &a0, twice, 2, GSPMD_REDUCTION_SUM, &kCube,
                          &r2, s88, 4, plan, err, sizeof(err)));
  CHECK_CONTAINS(err, "listed twice");
  CHECK(!gspmdPlanReshard(&kCube, &a0, bad, 1, GSPMD_REDUCTION_SUM, &kCube, &r2,
                          s88, 4, plan, err, sizeof(err)));
  CHECK_CONTAINS(err, "not a mesh axis");
  CHECK(!gspmdPlanReshard(&kCube, &a0, used + 0, 0, GSPMD_REDUCTION_NONE, &kOdd,
                          &r2, s88, 4, plan, err, sizeof(err)));
  CHECK_CONTAINS(err, "meshes of 8 and 6 devices");
  const int c_only[1] = {C};
  CHECK(!gspmdPlanReshard(&kCube, &a0, c_only, 1, GSPMD_REDUCTION_NONE, &kCube,
                          &r2, s88, 4, plan, err, sizeof(err)));
  CHECK_CONTAINS(err, "need a reduction kind");
  GspmdSharding twice_a = SHARDING(2, {A, -1}, {A, -1});
  CHECK(!gspmdPlanReshard(&kCube, &a0, NULL, 0, GSPMD_REDUCTION_NONE, &kCube,
                          &twice_a, s88, 4, plan, err, sizeof(err)));
  CHECK_CONTAINS(err, "target sharding: mesh axis 'a' is used twice");
  /* A NULL err is allowed; rank 0 plans nothing. */
  CHECK(!gspmdPlanReshard(&kCube, &r1, NULL, 0, GSPMD_REDUCTION_NONE, &kCube,
                          &r2, s88, 4, plan, NULL, 0));
  GspmdSharding r0 = gspmdShardingReplicated(0);
  CHECK(gspmdPlanReshard(&kCube, &r0, NULL, 0, GSPMD_REDUCTION_NONE, &kCube,
                         &r0, NULL, 4, plan, err, sizeof(err)));
  CHECK_INT(plan->num_steps, 0);
}

/* Sizes beyond any real tensor: costs saturate instead of overflowing. */
static void testHugeShape(void) {
  const int64_t huge[2] = {INT64_C(1) << 40, INT64_C(1) << 40};
  GspmdSharding tiled = SHARDING(2, {A, B, -1}, {C, -1});
  GspmdSharding rep = gspmdShardingReplicated(2);
  char err[256] = "";
  CHECK(gspmdPlanReshard(&kCube, &tiled, NULL, 0, GSPMD_REDUCTION_NONE, &kCube,
                         &rep, huge, 4, &the_plan, err, sizeof(err)));
  CHECK_INT(the_plan.bytes_sent, INT64_MAX);
  CHECK(gspmdPlanReshard(&kCube, &rep, NULL, 0, GSPMD_REDUCTION_NONE, &kCube,
                         &tiled, huge, 4, &the_plan, err, sizeof(err)));
  CHECK_INT(the_plan.bytes_sent, 0);
}

static void testPrint(void) {
  GspmdReshardStep step;
  memset(&step, 0, sizeof(step));
  step.kind = GSPMD_STEP_ALL_GATHER;
  step.num_axes = 1;
  step.axes[0] = B;
  step.dim = 0;
  step.unpad = true;
  char buf[64];
  CHECK_INT((int64_t)gspmdReshardStepPrint(&kCube, &step, buf, sizeof(buf)),
            (int64_t)strlen("all_gather [b] dim 0 unpad"));
  CHECK_STR(buf, "all_gather [b] dim 0 unpad");
  /* snprintf-style: the length needed, a truncated NUL-terminated prefix. */
  char small[6];
  CHECK_INT((int64_t)gspmdReshardStepPrint(&kCube, &step, small, sizeof(small)),
            26);
  CHECK_STR(small, "all_g");
  CHECK_INT((int64_t)gspmdReshardStepPrint(&kCube, &step, NULL, 0), 26);

  step.kind = GSPMD_STEP_SLICE;
  step.after = gspmdShardingReplicated(2);
  step.slice_num_axes[1] = 1;
  step.slice_axes[1][0] = A;
  step.pad[1] = true;
  gspmdReshardStepPrint(&kCube, &step, buf, sizeof(buf));
  CHECK_STR(buf, "slice dim 1 [a] pad");

  step.kind = GSPMD_STEP_ALL_TO_ALL;
  step.dim = 1;
  step.dim2 = 0;
  gspmdReshardStepPrint(&kCube, &step, buf, sizeof(buf));
  CHECK_STR(buf, "all_to_all [b] split 1 concat 0 pad unpad");
  memset(step.pad, 0, sizeof(step.pad));
  step.unpad = false;
  step.dim = 0;

  step.kind = GSPMD_STEP_REDUCE_SCATTER;
  step.axes[0] = C;
  step.reduce = GSPMD_REDUCTION_SUM;
  gspmdReshardStepPrint(&kCube, &step, buf, sizeof(buf));
  CHECK_STR(buf, "reduce_scatter [c] dim 0 sum");
  step.kind = GSPMD_STEP_ALL_REDUCE;
  step.reduce = GSPMD_REDUCTION_PROD;
  gspmdReshardStepPrint(&kCube, &step, buf, sizeof(buf));
  CHECK_STR(buf, "all_reduce [c] prod");
}

static void testShardsNest(void) {
  CHECK(gspmdShardsNest(7, 2, 4));  /* 4, 3 -> 2, 2 | 2, 1 */
  CHECK(!gspmdShardsNest(6, 2, 4)); /* 3, 3 vs 2, 2, 2, 0 */
  CHECK(gspmdShardsNest(8, 1, 8));
  CHECK(!gspmdShardsNest(6, 1, 4));
  CHECK(gspmdShardsNest(0, 1, 8));
  CHECK(gspmdShardsNest(5, 3, 3));
  CHECK(!gspmdShardsNest(5, 2, 3)); /* 2 does not divide 3 */
  CHECK(!gspmdShardsNest(5, 0, 4));
  CHECK(gspmdShardsNest(3, 2, 4)); /* 2, 1 -> 1, 1 | 1, 0 */
}

int main(void) {
  testShardsNest();
  testPrint();
  testErrors();
  testHugeShape();
  testExpectedPlans();
  testExpectedPaddedAllToAll();
  testExpectedPartialPlans();
  testSharedReshards();
  testCubeRank2();
  testCubeRank1And3();
  testOtherMeshes();
  testPartialSums();
  testOtherMeshTargets();
  printf("reshard_test: plans send %lld bytes in all, gathering everything "
         "would send %lld\n",
         (long long)total_plan_bytes, (long long)total_naive_bytes);
  printf("reshard_test: %d checks, %d failed\n", num_checks, num_failed);
  return num_failed ? 1 : 0;
}
