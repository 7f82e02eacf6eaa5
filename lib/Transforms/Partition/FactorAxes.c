/*
 * FactorAxes.c - plans as factor axes (GspmdFactorAxes per factor of a
 * rule), the form the strategy weighs and the partitioner applies: which
 * mesh axes a plan uses, the partial results it leaves (the axes of its
 * split reduction factors), and how it reads in a remark (factors named
 * i, j, k, ... in rule order, as explain=true prints them).
 *
 * Pure C over the sharding algebra and the rule; no MLIR values.
 */
#include "strategy.h"

#include <stdio.h>
#include <string.h>

bool gspmdFactorAxesUse(const GspmdFactorAxes *axes, int num_factors,
                        int axis) {
  for (int f = 0; f < num_factors; ++f)
    for (int k = 0; k < axes[f].num_axes; ++k)
      if (axes[f].axes[k] == axis)
        return true;
  return false;
}

bool gspmdFactorAxesEqual(const GspmdFactorAxes *a, const GspmdFactorAxes *b,
                          int num_factors) {
  for (int f = 0; f < num_factors; ++f) {
    int na = a[f].num_axes > 0 ? a[f].num_axes : 0;
    int nb = b[f].num_axes > 0 ? b[f].num_axes : 0;
    if (na != nb || memcmp(a[f].axes, b[f].axes, sizeof(int) * (size_t)na))
      return false;
  }
  return true;
}

GspmdPartial gspmdPartialOf(const GspmdOpRule *rule,
                            const GspmdFactorAxes *axes,
                            GspmdReduction reduce) {
  GspmdPartial partial = {{0}, 0, reduce};
  for (int f = 0; f < rule->num_factors; ++f)
    if (rule->factor_kind[f] == GSPMD_FACTOR_REDUCTION)
      for (int k = 0; k < axes[f].num_axes; ++k)
        partial.axes[partial.num_axes++] = axes[f].axes[k];
  return partial;
}

static void factorName(int f, char *name, size_t n) {
  if (f < 18)
    snprintf(name, n, "%c", 'i' + f);
  else
    snprintf(name, n, "f%d", f);
}

size_t gspmdPrintPlan(const GspmdStrategyProblem *pb,
                      const GspmdFactorAxes *axes, const GspmdStrategyWindow *w,
                      char *buf, size_t n) {
  size_t len = 0;
#define PUT(...)                                                               \
  do {                                                                         \
    int wr = snprintf(buf + (len < n ? len : n), len < n ? n - len : 0,        \
                      __VA_ARGS__);                                            \
    if (wr > 0)                                                                \
      len += (size_t)wr;                                                       \
  } while (0)
  PUT("{");
  bool first = true;
  for (int f = 0; f < pb->rule->num_factors; ++f) {
    if (axes[f].num_axes <= 0)
      continue;
    char name[8];
    factorName(f, name, sizeof(name));
    PUT("%s%s=", first ? "" : ", ", name);
    first = false;
    for (int k = 0; k < axes[f].num_axes; ++k)
      PUT("%s%s", k ? "," : "", pb->mesh->axis_names[axes[f].axes[k]]);
  }
  PUT("}");
  if (w->tensor >= 0) {
    char name[8];
    factorName(w->factor, name, sizeof(name));
    PUT(" ring %s of operand %d over ", name,
        pb->rule->tensors[w->tensor].position);
    for (int k = 0; k < w->ring.num_axes; ++k)
      PUT("%s%s", k ? "," : "", pb->mesh->axis_names[w->ring.axes[k]]);
  }
#undef PUT
  return len;
}
