/*
 * collective.c - rules of the gspmd collectives a user writes in a manual
 * region (gspmd.manual_computation) on its manual axes. Over the free axes
 * those ops act on every piece alike: an all_reduce or collective_permute
 * over manual axes is elementwise across the free axes; all_gather,
 * reduce_scatter and all_to_all keep the dims they gather, scatter, split or
 * concatenate unsplit and pass the others through. So a partially manual body
 * stays split over its free axes around its collectives.
 */
#include "internal.h"

/* Dims of the op's input whose size the collective changes. */
static int collectiveDims(MlirOperation op, int64_t *dims) {
  MlirStringRef name = gspmdOpName(op);
  if (gspmdStringRefEq(name, "gspmd.all_gather")) {
    dims[0] = attrInt(op, "gather_dim", -1);
    return 1;
  }
  if (gspmdStringRefEq(name, "gspmd.reduce_scatter")) {
    dims[0] = attrInt(op, "scatter_dim", -1);
    return 1;
  }
  if (gspmdStringRefEq(name, "gspmd.all_to_all")) {
    dims[0] = attrInt(op, "split_dim", -1);
    dims[1] = attrInt(op, "concat_dim", -1);
    return 2;
  }
  if (gspmdStringRefEq(name, "gspmd.all_reduce") ||
      gspmdStringRefEq(name, "gspmd.collective_permute"))
    return 0;
  return -1;
}

GspmdRuleStatus buildCollectiveRule(GspmdRuleContext *ctx, MlirOperation op,
                                    GspmdOpRule **out, int *num_out) {
  int64_t dims[2];
  int num_dims = collectiveDims(op, dims);
  if (num_dims < 0 || mlirOperationGetNumOperands(op) < 1 ||
      mlirOperationGetNumResults(op) != 1)
    return GSPMD_RULE_NONE;
  GspmdOpRule *rule = ruleAlloc(ctx, op, GSPMD_MAX_RANK, 2);
  int in = ruleAddOperand(rule, 0), res = ruleAddResult(rule, 0);
  if (in < 0 || res < 0)
    return GSPMD_RULE_NONE;
  rule->priority = GSPMD_PRIORITY_PASS_THROUGH;
  rule->num_factors = rule->tensors[in].rank;
  for (int d = 0; d < rule->num_factors; ++d) {
    bool changed = false;
    for (int k = 0; k < num_dims; ++k)
      changed |= dims[k] == d;
    if (changed)
      continue;
    ruleMapDim(rule, in, d, d);
    ruleMapDim(rule, res, d, d);
  }
  RETURN_ONE_RULE(rule);
}
