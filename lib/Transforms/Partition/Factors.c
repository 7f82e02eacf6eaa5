/*
 * Factors.c - the factor choice of gspmd-partition for an op with a factor
 * rule (lib/Rules): the op's result sharding fixes its parallel factors,
 * its operands' shardings its reduction factors (their split is kept and
 * the partial results combined afterwards); each tensor is then laid out by
 * the projection of those factors. A factor that cannot be split
 * (GSPMD_FACTOR_REPLICATED) is read whole, with a remark, and a dim made of
 * several factors (reshapes) whose split the factors cannot express keeps
 * them unsplit.
 *
 * Assumes the op's operands have local values (the walk visits in program
 * order) and its results carry their annotations.
 */
#include "partition.h"

#include <string.h>

/* Gives factor f the axes of `fa` unless one is already used. */
static void offerAxes(Plan *pl, int f, const GspmdFactorAxes *fa) {
  if (fa->num_axes <= 0 || pl->axes[f].num_axes > 0)
    return;
  for (int k = 0; k < fa->num_axes; ++k)
    if (gspmdFactorAxesUse(pl->axes, pl->rule->num_factors, fa->axes[k]))
      return;
  pl->axes[f] = *fa;
}

/* Projects tensor t's layout onto factors and offers the factors for which
 * `want_reduction` matches. */
static void offerTensor(Partitioner *p, Plan *pl, int t, const Layout *l,
                        bool want_reduction) {
  if (!partHasAxes(l))
    return;
  if (pl->mesh < 0)
    pl->mesh = l->mesh;
  if (l->mesh != pl->mesh)
    return;
  const GspmdOpRule *rule = pl->rule;
  GspmdFactorAxes *fa = gspmdArenaAlloc(
      &p->scratch, sizeof(GspmdFactorAxes) * (size_t)rule->num_factors);
  gspmdProjectToFactors(rule, t, &MESH(p, l->mesh)->mesh, &l->s, fa);
  for (int f = 0; f < rule->num_factors; ++f)
    if ((rule->factor_kind[f] == GSPMD_FACTOR_REDUCTION) == want_reduction)
      offerAxes(pl, f, &fa[f]);
}

Layout partTensorLayout(Partitioner *p, const Plan *pl, int t) {
  Layout l = partReplicated(pl->rule->tensors[t].rank);
  if (pl->mesh < 0)
    return l;
  l.mesh = pl->mesh;
  gspmdProjectFromFactors(pl->rule, t, &MESH(p, pl->mesh)->mesh, pl->axes,
                          &l.s);
  return l;
}

int64_t partFactorShardCount(Partitioner *p, const Plan *pl, int f) {
  return gspmdMeshAxesSize(&MESH(p, pl->mesh)->mesh, pl->axes[f].axes,
                           pl->axes[f].num_axes);
}

/* Shard size of factor f (ceil), from the algebra. */
int64_t partFactorShardSize(Partitioner *p, const Plan *pl, int f) {
  GspmdSharding s = gspmdShardingReplicated(1);
  s.dim_num_axes[0] = pl->axes[f].num_axes;
  memcpy(s.dim_axes[0], pl->axes[f].axes,
         sizeof(int) * (size_t)pl->axes[f].num_axes);
  return gspmdShardSize(&MESH(p, pl->mesh)->mesh, &s, 0,
                        pl->rule->factor_size[f]);
}

/* Local size of factor f: ceil(size / shards), from the algebra. */
static int64_t factorLocalSize(Partitioner *p, const Plan *pl, int f) {
  if (pl->axes[f].num_axes <= 0)
    return pl->rule->factor_size[f];
  return partFactorShardSize(p, pl, f);
}

/* A dim made of several factors (reshapes) is only consistent when its
 * local size under the projected sharding is the product of its factors'
 * local sizes in every tensor; otherwise the factors of that dim stay
 * unsplit. Returns true when it dropped something. */
static bool dropInconsistentDims(Partitioner *p, Plan *pl) {
  const GspmdOpRule *rule = pl->rule;
  bool dropped = false;
  for (int t = 0; t < rule->num_tensors; ++t) {
    const GspmdRuleTensor *x = &rule->tensors[t];
    Layout l = partTensorLayout(p, pl, t);
    for (int d = 0; d < x->rank; ++d) {
      int n = x->dim_num_factors[d];
      if (n < 2)
        continue;
      int64_t implied = 1, sizes[GSPMD_MAX_DIM_FACTORS],
              counts[GSPMD_MAX_DIM_FACTORS];
      for (int k = 0; k < n; ++k) {
        int f = x->dim_factors[d][k];
        implied *= factorLocalSize(p, pl, f);
        sizes[k] = pl->rule->factor_size[f];
        counts[k] =
            pl->axes[f].num_axes > 0 ? partFactorShardCount(p, pl, f) : 1;
      }
      int64_t actual = partHasAxes(&l) ? gspmdShardSize(&MESH(p, l.mesh)->mesh,
                                                        &l.s, d, x->shape[d])
                                       : x->shape[d];
      /* Equal sizes are not enough: 12 = 4x3 over 4x2 shards holds 2
       * elements per device either way, but not the same ones; and the
       * projection stops at a factor its axes overfill (4 = 2x2 as
       * [["a"=4], ["b"]] projects to [["a"]]), leaving later factors' axes
       * out of the dim. */
      int64_t all = 1;
      for (int k = 0; k < n; ++k)
        all *= counts[k];
      int64_t dim_count =
          partHasAxes(&l)
              ? gspmdMeshAxesSize(&MESH(p, l.mesh)->mesh, l.s.dim_axes[d],
                                  l.s.dim_num_axes[d])
              : 1;
      if (implied == actual && all == dim_count &&
          gspmdFactorsComposeDim(n, sizes, counts))
        continue;
      for (int k = 0; k < n; ++k) {
        dropped |= pl->axes[x->dim_factors[d][k]].num_axes > 0;
        pl->axes[x->dim_factors[d][k]].num_axes = 0;
      }
    }
  }
  return dropped;
}

/* Decides the factor axes: reduction factors from operands (their split is
 * kept and summed afterwards), the rest from the results' annotations. */
void partChooseFactors(Partitioner *p, MlirOperation op, Plan *pl) {
  const GspmdOpRule *rule = pl->rule;
  for (int t = 0; t < rule->num_tensors; ++t) {
    const GspmdRuleTensor *x = &rule->tensors[t];
    if (x->role != GSPMD_ROLE_OPERAND && x->role != GSPMD_ROLE_CAPTURE)
      continue;
    Layout cur;
    MlirType g;
    partLocalOf(p, partRuleValue(op, rule, t), &cur, &g);
    offerTensor(p, pl, t, &cur, true);
  }
  for (int t = 0; t < rule->num_tensors; ++t) {
    const GspmdRuleTensor *x = &rule->tensors[t];
    if (x->role != GSPMD_ROLE_RESULT)
      continue;
    Layout want = partResultLayout(p, op, x->position);
    offerTensor(p, pl, t, &want, false);
  }
  /* Window factors stay split when a halo exchange can feed them
   * (partPlanHalos); replicated-only ones never split. */
  for (int f = 0; f < rule->num_factors; ++f)
    if (rule->factor_kind[f] == GSPMD_FACTOR_REPLICATED &&
        pl->axes[f].num_axes > 0) {
      pl->axes[f].num_axes = 0;
      partRemark(op, "reads a split dim whole (a factor that cannot be split); "
                     "resharded unsplit along it");
    }
  if (pl->mesh >= 0)
    while (dropInconsistentDims(p, pl))
      ;
}

bool partAnyReductionSplit(const Plan *pl) {
  for (int f = 0; f < pl->rule->num_factors; ++f)
    if (pl->rule->factor_kind[f] == GSPMD_FACTOR_REDUCTION &&
        pl->axes[f].num_axes > 0)
      return true;
  return false;
}

bool partAnyUnevenReductionSplit(Partitioner *p, const Plan *pl) {
  for (int f = 0; f < pl->rule->num_factors; ++f)
    if (pl->rule->factor_kind[f] == GSPMD_FACTOR_REDUCTION &&
        pl->axes[f].num_axes > 0 &&
        pl->rule->factor_size[f] % partFactorShardCount(p, pl, f) != 0)
      return true;
  return false;
}
