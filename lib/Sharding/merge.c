/*
 * lib/Sharding/merge.c - merging and ranking shardings during completion.
 *
 * Shardings of one tensor meet at every op; completion keeps the most
 * specific one and merges compatible partial ones (Shardy's "longest
 * compatible major prefix" per dim). A rank-0 sharding with no axes stands
 * for "replicated, rank unknown" and behaves as all-empty lists, so it merges
 * with anything and is refined by anything tiled.
 */
#include "internal.h"

#include <string.h>

/* True when dim d of `shorter` lists a major prefix of dim d of `longer`. */
static bool dimIsPrefix(const GspmdSharding *shorter,
                        const GspmdSharding *longer, int d) {
  int n = gspmdDimNumAxes(shorter, d);
  return n <= gspmdDimNumAxes(longer, d) &&
         memcmp(shorter->dim_axes[d], longer->dim_axes[d],
                (size_t)n * sizeof(int)) == 0;
}

/* Ranks must agree unless one side is the rank-unknown replicated form. */
static bool ranksCompatible(const GspmdSharding *a, const GspmdSharding *b) {
  return a->rank == b->rank || a->rank == 0 || b->rank == 0;
}

static bool isUnknownRankReplicated(const GspmdSharding *s) {
  return s->rank == 0;
}

bool gspmdShardingMerge(const GspmdMesh *mesh, const GspmdSharding *a,
                        const GspmdSharding *b, GspmdSharding *out) {
  if (!ranksCompatible(a, b))
    return false;
  GspmdSharding merged =
      gspmdShardingReplicated(isUnknownRankReplicated(a) ? b->rank : a->rank);
  for (int d = 0; d < merged.rank; ++d) {
    const GspmdSharding *longer =
        gspmdDimNumAxes(a, d) >= gspmdDimNumAxes(b, d) ? a : b;
    const GspmdSharding *shorter = longer == a ? b : a;
    if (!dimIsPrefix(shorter, longer, d))
      return false;
    merged.dim_num_axes[d] = gspmdDimNumAxes(longer, d);
    memcpy(merged.dim_axes[d], longer->dim_axes[d], sizeof(merged.dim_axes[d]));
  }
  /* Each side may be valid alone yet put one axis on two dims together. */
  if (!gspmdShardingVerify(mesh, &merged, NULL, 0))
    return false;
  if (out)
    *out = merged;
  return true;
}

bool gspmdShardingMoreSpecific(const GspmdSharding *a, const GspmdSharding *b) {
  if (!ranksCompatible(a, b))
    return false;
  int rank = a->rank > b->rank ? a->rank : b->rank;
  rank = rank > GSPMD_MAX_RANK ? GSPMD_MAX_RANK : rank;
  bool differ = false;
  for (int d = 0; d < rank; ++d) {
    if (!dimIsPrefix(b, a, d))
      return false;
    differ |= gspmdDimNumAxes(a, d) != gspmdDimNumAxes(b, d);
  }
  return differ;
}

int64_t gspmdShardingNumTiles(const GspmdMesh *mesh, const GspmdSharding *s) {
  int64_t n = 1;
  for (int d = 0; d < s->rank; ++d)
    n *= gspmdShardCount(mesh, s, d);
  return n;
}
