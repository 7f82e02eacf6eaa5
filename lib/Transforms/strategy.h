/*
 * strategy.h - the per-op strategy of gspmd-partition for contractions:
 * which factors of a contraction (linalg named and generic, tosa.matmul)
 * split over which mesh axes, chosen by cost (Strategy.c). Pure C over the
 * sharding algebra and the op's factor rule; no MLIR values.
 */
#ifndef GSPMD_TRANSFORMS_STRATEGY_H
#define GSPMD_TRANSFORMS_STRATEGY_H

#include "gspmd/rules.h"
#include "gspmd/sharding.h"

/* What the strategy knows of one tensor of the rule. */
typedef struct GspmdStrategyTensor {
  /* Operands: the layout the operand has now; results: the annotated
   * layout its users get. On the problem's mesh (or replicated). */
  GspmdSharding cur;
  /* Operand made from nothing (tensor.empty, a fill of one, a splat):
   * the partitioner makes it again in any layout, moving nothing. */
  bool free;
  int64_t element_bytes;
} GspmdStrategyTensor;

typedef struct GspmdStrategyProblem {
  const GspmdOpRule *rule; /* roles OPERAND and RESULT only */
  const GspmdMesh *mesh;
  const GspmdStrategyTensor *tensors; /* [rule->num_tensors] */
  /* How split reductions combine; NONE: reduction factors never split. */
  GspmdReduction reduce;
  /* Uneven splits of reduction factors are exact (padding is masked). */
  bool uneven_reductions;
  /* Bytes per device the op may hold at once (its operands and result
   * under the plan, and every intermediate of their reshards); <= 0: no
   * limit. */
  int64_t budget;
} GspmdStrategyProblem;

/* Chooses the factor axes of the op: the plan sending the fewest bytes per
 * device (reshards of the operands to the plan, then the combine and
 * reshard of the result to its annotation, all by gspmdPlanReshard and so
 * by gspmdCollectiveBytesSent) among those within the budget; when none
 * is, the one holding the fewest bytes. `baseline` (the partitioner's
 * default, [num_factors]) wins ties. Writes the choice to `out`
 * ([num_factors]) and, when `explain` is non-NULL, a description of the
 * plans weighed and their costs (snprintf-style, truncated to the buffer).
 * Returns the number of plans weighed. */
int gspmdChooseStrategy(const GspmdStrategyProblem *pb,
                        const GspmdFactorAxes *baseline, GspmdFactorAxes *out,
                        char *explain, size_t explain_size);

#endif /* GSPMD_TRANSFORMS_STRATEGY_H */
