/*
 * projection.c - shardings projected onto a rule's factors (which mesh axes
 * split each factor, read off one tensor) and back onto a tensor's dims.
 */
#include "internal.h"

static int64_t gcd(int64_t a, int64_t b) {
  while (b) {
    int64_t r = a % b;
    a = b;
    b = r;
  }
  return a;
}

static int64_t axesProduct(const GspmdMesh *mesh, const int *axes, int n) {
  return gspmdMeshAxesSize(mesh, axes, n);
}

/* Hands dim d's axes to the dim's factors, major first, each taking axes
 * while their product divides its size (the last factor takes the rest),
 * appending them to factor_axes when it is not NULL. A major factor not
 * filled exactly ends the dim: returns what is left of it (its size over
 * its axes' product) and, in *next, the first axis it could not take;
 * returns 1 when no factor ended the dim so. */
static int64_t handDimAxes(const GspmdOpRule *rule, const GspmdRuleTensor *t,
                           int d, const GspmdMesh *mesh, const GspmdSharding *s,
                           GspmdFactorAxes *factor_axes, int *next) {
  const int *axes = s->dim_axes[d];
  int num_axes = s->dim_num_axes[d], n = t->dim_num_factors[d];
  *next = 0;
  for (int k = 0; k < n && *next < num_axes; ++k) {
    int f = t->dim_factors[d][k];
    if (rule->factor_kind[f] == GSPMD_FACTOR_REPLICATED)
      break;
    bool last = k == n - 1;
    int64_t size = rule->factor_size[f], product = 1;
    while (*next < num_axes) {
      int64_t axis = mesh->axis_sizes[axes[*next]];
      if (!last && (size < 0 || size % (product * axis) != 0))
        break;
      product *= axis;
      if (factor_axes)
        factor_axes[f].axes[factor_axes[f].num_axes++] = axes[*next];
      ++*next;
    }
    if (!last && product != size)
      return size > 0 ? size / product : 1;
  }
  return 1;
}

void gspmdProjectToFactors(const GspmdOpRule *rule, int tensor,
                           const GspmdMesh *mesh, const GspmdSharding *s,
                           GspmdFactorAxes *factor_axes) {
  const GspmdRuleTensor *t = &rule->tensors[tensor];
  for (int f = 0; f < rule->num_factors; ++f)
    factor_axes[f].num_axes = -1;
  for (int d = 0; d < t->rank; ++d)
    for (int k = 0; k < t->dim_num_factors[d]; ++k)
      factor_axes[t->dim_factors[d][k]].num_axes = 0;
  int next;
  for (int d = 0; d < t->rank && d < s->rank; ++d)
    handDimAxes(rule, t, d, mesh, s, factor_axes, &next);
}

bool gspmdProjectionOverfills(const GspmdOpRule *rule, int tensor,
                              const GspmdMesh *mesh, const GspmdSharding *s,
                              int *axis, int64_t *major) {
  const GspmdRuleTensor *t = &rule->tensors[tensor];
  for (int d = 0; d < t->rank && d < s->rank; ++d) {
    int next;
    int64_t left = handDimAxes(rule, t, d, mesh, s, NULL, &next);
    if (left <= 1 || next >= s->dim_num_axes[d])
      continue;
    /* The major part: the most of the axis the factor's rest holds. When
     * the axis is no multiple of it (8 devices, 12 heads: 4), the minor
     * part (2) splits nothing of the factor's tensor past it; it is
     * gathered there, as Shardy's "model":(4)2 is. */
    int64_t n = mesh->axis_sizes[s->dim_axes[d][next]];
    int64_t g = gcd(n, left);
    if (g > 1 && g < n) {
      *axis = s->dim_axes[d][next];
      *major = g;
      return true;
    }
  }
  return false;
}

void gspmdProjectFromFactors(const GspmdOpRule *rule, int tensor,
                             const GspmdMesh *mesh,
                             const GspmdFactorAxes *factor_axes,
                             GspmdSharding *out) {
  const GspmdRuleTensor *t = &rule->tensors[tensor];
  *out = gspmdShardingReplicated(t->rank);
  for (int d = 0; d < t->rank; ++d) {
    int n = t->dim_num_factors[d];
    for (int k = 0; k < n; ++k) {
      int f = t->dim_factors[d][k];
      const GspmdFactorAxes *fa = &factor_axes[f];
      if (fa->num_axes <= 0) {
        /* An unsplit major factor of size 1 (a unit dim merged by a
         * reshape, a depthwise channel multiplier of 1) is filled exactly
         * by no axes: the minor factors may still split the dim. */
        if (k < n - 1 && rule->factor_size[f] == 1)
          continue;
        break;
      }
      for (int i = 0; i < fa->num_axes; ++i)
        out->dim_axes[d][out->dim_num_axes[d]++] = fa->axes[i];
      if (k < n - 1 &&
          axesProduct(mesh, fa->axes, fa->num_axes) != rule->factor_size[f])
        break;
    }
  }
}

bool gspmdRuleFactorIsWindowed(const GspmdOpRule *rule, int f) {
  if (rule->factor_kind[f] == GSPMD_FACTOR_WINDOW ||
      rule->factor_kind[f] == GSPMD_FACTOR_REPLICATED)
    return true;
  for (int t = 0; t < rule->num_tensors; ++t)
    for (int d = 0; d < rule->tensors[t].rank; ++d)
      if (rule->tensors[t].dim_window[d] &&
          rule->tensors[t].dim_num_factors[d] == 1 &&
          rule->tensors[t].dim_factors[d][0] == f)
        return true;
  return false;
}
