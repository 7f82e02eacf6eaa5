/*
 * Combiners.c - the partial results of split reductions. How an op's
 * reductions combine, and which operands padding must be masked in, is
 * lib/Rules' answer (gspmdOpReduction). A split reduction leaves partial
 * results over its axes, which the reshard of the result to its annotation
 * combines; where no combiner is known the reduced dims are gathered
 * instead, with a remark. Uneven splits are exact only when the padding can
 * be masked with the combiner's identity.
 *
 * Assumes the plan's factors are chosen (Factors.c).
 */
#include "partition.h"

static void dropReductionSplits(Plan *pl) {
  for (int f = 0; f < pl->rule->num_factors; ++f)
    if (pl->rule->factor_kind[f] == GSPMD_FACTOR_REDUCTION)
      pl->axes[f].num_axes = 0;
}

/* Split reductions need a known combiner (linalg bodies); otherwise the
 * reduced dims are gathered. Collects the partial axes. */
void partPlanReductions(Partitioner *p, MlirOperation op, Plan *pl) {
  int num_operands = (int)mlirOperationGetNumOperands(op);
  pl->mask = gspmdArenaAlloc(&p->scratch, sizeof(GspmdReduction) *
                                              (size_t)(num_operands + 1));
  for (int i = 0; i < num_operands; ++i)
    pl->mask[i] = GSPMD_REDUCTION_NONE;
  pl->partial.num_axes = 0;
  pl->partial.reduce = GSPMD_REDUCTION_NONE;
  if (!partAnyReductionSplit(pl))
    return;
  bool maskable = true;
  GspmdReduction reduce = gspmdOpReduction(op, pl->mask, &maskable);
  pl->partial.reduce = reduce;
  if (reduce == GSPMD_REDUCTION_NONE) {
    partRemark(op, "splits a reduction whose combiner is not recognised; the "
                   "reduced dims are gathered");
    dropReductionSplits(pl);
    return;
  }
  if (!maskable && partAnyUnevenReductionSplit(p, pl)) {
    partRemark(op, "splits a reduction unevenly whose padding cannot be "
                   "masked; the reduced dims are gathered");
    dropReductionSplits(pl);
    return;
  }
  pl->partial = gspmdPartialOf(pl->rule, pl->axes, reduce);
}
