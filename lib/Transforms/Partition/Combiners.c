/*
 * Combiners.c - how the split reductions of an op combine: a linalg op's
 * combiner read from its body (every output `combine(acc, x)` with one
 * kind, x not reading an accumulator), tosa.matmul's sum of products. A
 * split reduction leaves partial results over its axes, which the reshard
 * of the result to its annotation combines; where no combiner is known the
 * reduced dims are gathered instead, with a remark. Uneven splits are exact
 * only when the padding can be masked with the combiner's identity: x is an
 * input (or, for a sum, a product of two inputs).
 *
 * Assumes the plan's factors are chosen (Factors.c).
 */
#include "partition.h"

/* True when v (inside a linalg body) is computed from an output block
 * argument (an accumulator): then the body is not a plain combiner. */
static bool readsAccumulator(MlirValue v, MlirBlock body, int num_inputs,
                             int depth) {
  if (mlirValueIsABlockArgument(v))
    return mlirBlockEqual(mlirBlockArgumentGetOwner(v), body) &&
           (int)mlirBlockArgumentGetArgNumber(v) >= num_inputs;
  if (depth > 64)
    return true; /* too deep to prove: assume the worst */
  MlirOperation def = mlirOpResultGetOwner(v);
  if (!mlirBlockEqual(mlirOperationGetBlock(def), body))
    return false; /* defined outside the body */
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i)
    if (readsAccumulator(mlirOperationGetOperand(def, i), body, num_inputs,
                         depth + 1))
      return true;
  return false;
}

/* Block argument number of v in `body`, or -1. */
static int argNumber(MlirValue v, MlirBlock body) {
  if (!mlirValueIsABlockArgument(v) ||
      !mlirBlockEqual(mlirBlockArgumentGetOwner(v), body))
    return -1;
  return (int)mlirBlockArgumentGetArgNumber(v);
}

/* Records in `mask` which inputs feed the combiner directly (or through one
 * product for a sum), so that masking them with the identity makes padding
 * contribute nothing. */
static bool markMaskedInputs(MlirValue x, MlirBlock body, int num_inputs,
                             GspmdReduction kind, GspmdReduction *mask) {
  int j = argNumber(x, body);
  if (j >= 0 && j < num_inputs) {
    mask[j] = kind;
    return true;
  }
  if (kind != GSPMD_REDUCTION_SUM || !mlirValueIsAOpResult(x))
    return false;
  MlirOperation prod = mlirOpResultGetOwner(x);
  if (!partIsMultiply(prod))
    return false;
  for (int k = 0; k < 2; ++k) {
    int a = argNumber(mlirOperationGetOperand(prod, k), body);
    if (a < 0 || a >= num_inputs)
      return false;
    mask[a] = GSPMD_REDUCTION_SUM; /* 0 * 0 = 0, even against poison */
  }
  return true;
}

/* The combiner of a linalg op's reductions: every output must be
 * `combine(acc, x)` with the same kind and x not reading any accumulator.
 * Fills `mask` (per operand) for uneven splits; *maskable is false when x is
 * not an input (or a product of two): then only even splits are exact. */
static GspmdReduction analyzeCombiner(MlirOperation op, GspmdReduction *mask,
                                      bool *maskable) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (mlirBlockIsNull(body))
    return GSPMD_REDUCTION_NONE;
  MlirOperation yield = mlirBlockGetTerminator(body);
  int num_outputs = (int)mlirOperationGetNumOperands(yield);
  int num_inputs = (int)mlirBlockGetNumArguments(body) - num_outputs;
  GspmdReduction kind = GSPMD_REDUCTION_NONE;
  for (int i = 0; i < num_outputs; ++i) {
    MlirValue y = mlirOperationGetOperand(yield, i);
    if (!mlirValueIsAOpResult(y))
      return GSPMD_REDUCTION_NONE;
    MlirOperation c = mlirOpResultGetOwner(y);
    GspmdReduction k = partCombinerKind(c);
    if (k == GSPMD_REDUCTION_NONE ||
        (kind != GSPMD_REDUCTION_NONE && k != kind))
      return GSPMD_REDUCTION_NONE;
    kind = k;
    int acc = num_inputs + i;
    MlirValue a = mlirOperationGetOperand(c, 0),
              b = mlirOperationGetOperand(c, 1);
    MlirValue x = argNumber(a, body) == acc   ? b
                  : argNumber(b, body) == acc ? a
                                              : (MlirValue){NULL};
    if (mlirValueIsNull(x) || readsAccumulator(x, body, num_inputs, 0))
      return GSPMD_REDUCTION_NONE;
    if (!markMaskedInputs(x, body, num_inputs, kind, mask))
      *maskable = false;
  }
  return kind;
}

/* How op's split reductions combine (NONE: they cannot be split), and per
 * operand the identity that masks uneven padding. linalg ops: their
 * combiner. tosa.matmul: a sum of products of its two inputs, both masked
 * with zero; integer ones subtract zero points, so that 0 * 0 is not what
 * padding contributes: only even splits (*maskable false). */
GspmdReduction partReductionOf(MlirOperation op, GspmdReduction *mask,
                               bool *maskable) {
  if (gspmdOpIsLinalgStructured(op))
    return analyzeCombiner(op, mask, maskable);
  if (!partIsTosaMatmul(op))
    return GSPMD_REDUCTION_NONE;
  mask[0] = mask[1] = GSPMD_REDUCTION_SUM;
  *maskable = mlirTypeIsAFloat(mlirShapedTypeGetElementType(
      mlirValueGetType(mlirOperationGetOperand(op, 0))));
  return GSPMD_REDUCTION_SUM;
}

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
  GspmdReduction reduce = partReductionOf(op, pl->mask, &maskable);
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
