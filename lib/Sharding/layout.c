/*
 * lib/Sharding/layout.c - building and checking shardings, and the layout
 * semantics of docs/dialect.md.
 *
 * A dim of global size D split into n shards has shard size s = ceil(D / n);
 * shard k holds [k*s, min((k+1)*s, D)), so tail shards may be short or empty
 * (their offset may even be >= D). The shard index of a device along a dim is
 * its mesh coordinates over the dim's axes, mixed radix, first axis major.
 */
#include "internal.h"

#include <string.h>

GspmdSharding gspmdShardingReplicated(int rank) {
  GspmdSharding s;
  memset(&s, 0, sizeof(s));
  s.rank = rank < 0 ? 0 : rank > GSPMD_MAX_RANK ? GSPMD_MAX_RANK : rank;
  return s;
}

bool gspmdMeshSplit(const GspmdMesh *mesh, const int64_t *dims_mapping,
                    int rank, GspmdSharding *out, char *err, size_t err_size) {
  if (rank < 0 || rank > GSPMD_MAX_RANK)
    return gspmdFail(err, err_size, "rank %d is out of range [0, %d]", rank,
                     GSPMD_MAX_RANK);
  GspmdSharding s = gspmdShardingReplicated(rank);
  for (int d = 0; d < rank; ++d) {
    int64_t a = dims_mapping[d];
    if (a == -1)
      continue;
    if (a < -1 || a >= mesh->num_axes)
      return gspmdFail(err, err_size,
                       "dims_mapping[%d] = %lld is not a mesh axis (the mesh "
                       "has %d axes)",
                       d, (long long)a, mesh->num_axes);
    if (gspmdShardingUsesAxis(&s, (int)a))
      return gspmdFail(err, err_size,
                       "mesh axis '%s' splits more than one dim (again at "
                       "dim %d)",
                       mesh->axis_names[a], d);
    s.dim_axes[d][0] = (int)a;
    s.dim_num_axes[d] = 1;
  }
  *out = s;
  return true;
}

/* REPLICATED means no axis is listed at all, even a size-1 one: a sharding
 * that names a size-1 axis is still a tiling (of one tile) for the dialect's
 * verifiers. */
GspmdShardingKind gspmdShardingKind(const GspmdMesh *mesh,
                                    const GspmdSharding *s) {
  bool any_used = false, unused_real_axis = false;
  for (int a = 0; a < mesh->num_axes; ++a) {
    bool used = gspmdShardingUsesAxis(s, a);
    any_used |= used;
    unused_real_axis |= !used && mesh->axis_sizes[a] > 1;
  }
  if (!any_used)
    return GSPMD_REPLICATED;
  return unused_real_axis ? GSPMD_PARTIALLY_TILED : GSPMD_TILED;
}

bool gspmdShardingVerify(const GspmdMesh *mesh, const GspmdSharding *s,
                         char *err, size_t err_size) {
  if (s->rank < 0 || s->rank > GSPMD_MAX_RANK)
    return gspmdFail(err, err_size, "rank %d is out of range [0, %d]", s->rank,
                     GSPMD_MAX_RANK);
  int used_at[GSPMD_MAX_MESH_AXES];
  for (int a = 0; a < GSPMD_MAX_MESH_AXES; ++a)
    used_at[a] = -1;
  for (int d = 0; d < s->rank; ++d) {
    int n = s->dim_num_axes[d];
    if (n < 0 || n > mesh->num_axes)
      return gspmdFail(err, err_size, "dim %d lists %d axes; the mesh has %d",
                       d, n, mesh->num_axes);
    for (int i = 0; i < n; ++i) {
      int a = s->dim_axes[d][i];
      if (a < 0 || a >= mesh->num_axes)
        return gspmdFail(err, err_size,
                         "dim %d refers to mesh axis %d; the mesh has %d", d, a,
                         mesh->num_axes);
      if (used_at[a] >= 0)
        return gspmdFail(err, err_size,
                         "mesh axis '%s' is used twice (dims %d and %d)",
                         mesh->axis_names[a], used_at[a], d);
      used_at[a] = d;
    }
  }
  return true;
}

bool gspmdShardingEqual(const GspmdSharding *a, const GspmdSharding *b) {
  if (a->rank != b->rank)
    return false;
  for (int d = 0; d < a->rank; ++d) {
    int n = a->dim_num_axes[d];
    if (n != b->dim_num_axes[d] ||
        memcmp(a->dim_axes[d], b->dim_axes[d], (size_t)n * sizeof(int)) != 0)
      return false;
  }
  return true;
}

bool gspmdShardingUsesAxis(const GspmdSharding *s, int axis) {
  for (int d = 0; d < s->rank; ++d)
    for (int i = 0; i < s->dim_num_axes[d]; ++i)
      if (s->dim_axes[d][i] == axis)
        return true;
  return false;
}

int64_t gspmdShardCount(const GspmdMesh *mesh, const GspmdSharding *s, int d) {
  if (d < 0 || d >= s->rank)
    return 1;
  return gspmdMeshAxesSize(mesh, s->dim_axes[d], s->dim_num_axes[d]);
}

int64_t gspmdShardSize(const GspmdMesh *mesh, const GspmdSharding *s, int d,
                       int64_t global_size) {
  return gspmdCeilShard(global_size, gspmdShardCount(mesh, s, d));
}

void gspmdLocalShape(const GspmdMesh *mesh, const GspmdSharding *s,
                     const int64_t *global_shape, int64_t *local_shape) {
  for (int d = 0; d < s->rank; ++d)
    local_shape[d] = gspmdShardSize(mesh, s, d, global_shape[d]);
}

int64_t gspmdShardIndex(const GspmdMesh *mesh, const GspmdSharding *s, int d,
                        int64_t device) {
  /* One position lookup (O(N) on a permuted mesh), then pure arithmetic. */
  int64_t pos = gspmdMeshPositionOfDevice(mesh, device);
  if (pos < 0)
    return -1;
  int64_t index = 0;
  for (int i = 0; i < gspmdDimNumAxes(s, d); ++i) {
    int a = s->dim_axes[d][i];
    index = index * mesh->axis_sizes[a] + gspmdCoordAtPosition(mesh, pos, a);
  }
  return index;
}

/* -1 for a device that is not on the mesh. */
int64_t gspmdShardOffset(const GspmdMesh *mesh, const GspmdSharding *s, int d,
                         int64_t global_size, int64_t device) {
  int64_t index = gspmdShardIndex(mesh, s, d, device);
  return index < 0 ? -1 : index * gspmdShardSize(mesh, s, d, global_size);
}

int64_t gspmdShardValidSize(const GspmdMesh *mesh, const GspmdSharding *s,
                            int d, int64_t global_size, int64_t device) {
  int64_t size = gspmdShardSize(mesh, s, d, global_size);
  int64_t offset = gspmdShardOffset(mesh, s, d, global_size, device);
  if (offset < 0)
    return 0;
  int64_t rest = global_size - offset;
  int64_t valid = rest < size ? rest : size;
  return valid > 0 ? valid : 0;
}

bool gspmdShardsNest(int64_t global_size, int64_t count, int64_t finer_count) {
  if (count < 1 || finer_count < count || finer_count % count != 0)
    return false;
  return gspmdCeilShard(global_size, count) ==
         finer_count / count * gspmdCeilShard(global_size, finer_count);
}

/* Exact test: each flat index's shard under the factor split (factor
 * shard indices, major to minor) is its flat ceil shard. */
static bool factorsComposeByEnumeration(int n, const int64_t *sizes,
                                        const int64_t *counts, int64_t dim,
                                        int64_t block) {
  for (int64_t flat = 0; flat < dim; ++flat) {
    int64_t rest = flat, shard = 0, scale = 1;
    for (int k = n - 1; k >= 0; --k) {
      int64_t idx = rest % sizes[k];
      rest /= sizes[k];
      shard += scale * (idx / gspmdCeilShard(sizes[k], counts[k]));
      scale *= counts[k];
    }
    if (flat / block != shard)
      return false;
  }
  return true;
}

bool gspmdFactorsComposeDim(int n, const int64_t *sizes,
                            const int64_t *counts) {
  int last = -1, num_split = 0;
  for (int k = 0; k < n; ++k)
    if (counts[k] > 1) {
      last = k;
      ++num_split;
    }
  if (last < 0)
    return true;
  int64_t inner = 1, dim = 1, all = 1;
  for (int k = last + 1; k < n; ++k)
    inner *= sizes[k];
  for (int k = 0; k < n; ++k) {
    dim *= sizes[k];
    all *= counts[k];
  }
  int64_t local = inner;
  for (int k = 0; k <= last; ++k)
    local *= gspmdCeilShard(sizes[k], counts[k]);
  if (local != gspmdCeilShard(dim, all))
    return false;
  /* Small dims (every dim a program of ours holds in practice): exact. */
  if (dim <= (1 << 16))
    return factorsComposeByEnumeration(n, sizes, counts, dim, local);
  /* Larger ones: a sufficient condition (never true where the layouts
   * differ; may refuse a few where shards are empty). */
  for (int k = 0; k < last; ++k) {
    if (counts[k] > 1 ? sizes[k] != counts[k] : sizes[k] != 1)
      return false;
  }
  return num_split == 1 || sizes[last] % counts[last] == 0;
}
