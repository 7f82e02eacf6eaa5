/*
 * manual.c - the algebra of manual sharding regions
 * (gspmd.manual_computation, jax shard_map, Shardy sdy.manual_computation).
 *
 * A region handles a set of mesh axes by hand (a bit mask of axis indices).
 * A sharding at its boundary splits into a manual part (the manual axes: the
 * body's types are the shards under it) and a free part (the other axes: the
 * body is partitioned over them like any global program, its values being the
 * manual shards). Manual axes come first in every dim, so the two parts
 * compose: a device's local piece is the free shard of its manual shard.
 * That is the same piece as the whole sharding gives exactly when, in every
 * dim split by manual axes, the ceil shard sizes nest (gspmdShardsNest);
 * otherwise partitioning goes through the manual part alone (an uneven dim
 * split by manual and free axes at once).
 */
#include "gspmd/sharding.h"

static bool inMask(uint32_t mask, int axis) {
  return axis >= 0 && axis < 32 && (mask >> axis) & 1u;
}

GspmdSharding gspmdShardingFilterAxes(const GspmdSharding *s, uint32_t mask,
                                      bool keep) {
  GspmdSharding out = gspmdShardingReplicated(s->rank);
  for (int d = 0; d < s->rank; ++d)
    for (int i = 0; i < s->dim_num_axes[d]; ++i)
      if (inMask(mask, s->dim_axes[d][i]) == keep)
        out.dim_axes[d][out.dim_num_axes[d]++] = s->dim_axes[d][i];
  return out;
}

int gspmdManualAxesNotLeading(const GspmdSharding *s, uint32_t mask) {
  for (int d = 0; d < s->rank; ++d) {
    bool seen_free = false;
    for (int i = 0; i < s->dim_num_axes[d]; ++i) {
      bool manual = inMask(mask, s->dim_axes[d][i]);
      if (manual && seen_free)
        return d;
      seen_free |= !manual;
    }
  }
  return -1;
}

bool gspmdManualComposes(const GspmdMesh *mesh, const GspmdSharding *s,
                         uint32_t mask, const int64_t *global_shape) {
  GspmdSharding manual = gspmdShardingFilterAxes(s, mask, true);
  for (int d = 0; d < s->rank; ++d) {
    int64_t m = gspmdShardCount(mesh, &manual, d);
    int64_t all = gspmdShardCount(mesh, s, d);
    /* A dim split by free axes only is the same piece whatever the padding;
     * one split by both must have nesting shard sizes. */
    if (m > 1 && !gspmdShardsNest(global_shape[d], m, all))
      return false;
  }
  return true;
}
