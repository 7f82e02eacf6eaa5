/*
 * strategy.h - the per-op strategy of gspmd-partition for contractions:
 * which factors of a contraction (linalg named and generic, tosa.matmul)
 * split over which mesh axes, chosen by cost (Strategy.c), and what a plan
 * of factor axes means (FactorAxes.c): the mesh axes it uses, the partial
 * results it leaves, how it prints. Pure C over the sharding algebra and
 * the op's factor rule; no MLIR values.
 */
#ifndef GSPMD_TRANSFORMS_STRATEGY_H
#define GSPMD_TRANSFORMS_STRATEGY_H

#include "gspmd/rules.h"
#include "gspmd/sharding.h"

/* Partial results still to be combined: the mesh axes a value is partial
 * over (a split reduction's) and how its partials combine. */
typedef struct GspmdPartial {
  int axes[GSPMD_MAX_MESH_AXES];
  int num_axes;
  GspmdReduction reduce;
} GspmdPartial;

/* FactorAxes.c: true when some factor of axes[num_factors] is split over
 * mesh axis `axis`. */
bool gspmdFactorAxesUse(const GspmdFactorAxes *axes, int num_factors, int axis);
/* FactorAxes.c: true when a and b (num_factors each) split every factor
 * over the same mesh axes in the same order (num_axes <= 0: none). */
bool gspmdFactorAxesEqual(const GspmdFactorAxes *a, const GspmdFactorAxes *b,
                          int num_factors);
/* The partial results a plan of `rule` (axes[num_factors]) leaves: the axes
 * of its reduction factors, to be combined by `reduce`. */
GspmdPartial gspmdPartialOf(const GspmdOpRule *rule,
                            const GspmdFactorAxes *axes, GspmdReduction reduce);

/* At most this many made layouts of an operand are weighed. */
#define GSPMD_MAX_MADE_LAYOUTS 4

/* What the strategy knows of one tensor of the rule. */
typedef struct GspmdStrategyTensor {
  /* Operands: the layout the operand has now; results: the annotated
   * layout its users get. On the problem's mesh (or replicated). */
  GspmdSharding cur;
  /* Operand made from nothing (tensor.empty, a fill of one, a splat):
   * the partitioner makes it again in any layout, moving nothing. */
  bool free;
  int64_t element_bytes;
  /* Operands: how many runs of the op one reshard of it serves (the trips
   * of the loops it is hoisted out of: it is the same on every iteration);
   * its bytes count per run of the op. 1 for the others. */
  int64_t hoisted_trips;
  /* Operands: a window reading it may be fed by pieces (Halos.c,
   * partPiecesMayFeed). */
  bool pieces;
  /* Operands: other layouts of the value already made where the op runs
   * (ReshardCache.c). Its reshard starts from the cheapest of cur and these
   * (gspmdPlanReshardFromAny), as the partitioner's does: a value gathered
   * for the forward pass is not gathered again for the backward. */
  GspmdSharding made[GSPMD_MAX_MADE_LAYOUTS];
  int num_made;
  /* Results: other layouts the value is wanted in later (its users', an
   * identical op's), reached from the same steps where they share them
   * (gspmdPlanReshardShared); at most GSPMD_MAX_SHARED_TARGETS - 1. */
  GspmdSharding also[GSPMD_MAX_SHARED_TARGETS - 1];
  int num_also;
} GspmdStrategyTensor;

/* Choices already made (Strategy.c): the layers of a model pose one
 * problem again and again. */
typedef struct GspmdStrategyMemo GspmdStrategyMemo;
GspmdStrategyMemo *gspmdStrategyMemoCreate(void);
void gspmdStrategyMemoDestroy(GspmdStrategyMemo *memo);

typedef struct GspmdStrategyProblem {
  const GspmdOpRule *rule; /* roles OPERAND and RESULT only */
  const GspmdMesh *mesh;
  const GspmdStrategyTensor *tensors; /* [rule->num_tensors] */
  /* How split reductions combine; NONE: reduction factors never split. */
  GspmdReduction reduce;
  /* Uneven splits of reduction factors are exact (padding is masked). */
  bool uneven_reductions;
  /* Bytes per device the program may hold at once; <= 0: no limit. A plan
   * fits when live_bytes plus what the op holds under it (its operands and
   * result under the plan, the largest excess of a reshard intermediate
   * over its final shard; for a windowed loop see GspmdStrategyWindow) is
   * within it. */
  int64_t budget;
  /* Bytes of the other values the device holds while the op runs (values
   * defined before it and used after it, in their local layouts). */
  int64_t live_bytes;
  /* The partitioner can emit a windowed loop for this op (a linalg op with
   * a known combiner and no linalg.index, or a float tosa.matmul). */
  bool windowable;
  /* The op has no outs (tosa.matmul): a windowed loop's step makes its
   * product apart and adds it to the accumulator, which along a reduction
   * is one more result-sized buffer. */
  bool window_adds;
  /* Optional: the choice of an equal problem seen before is taken again
   * (not when explaining). Rules are equal when they share their tensors
   * (ops of one signature, lib/Rules/cache.c). */
  GspmdStrategyMemo *memo;
} GspmdStrategyProblem;

/* A windowed loop (GSPMD's windowed einsum, WindowedLoop.c): instead of
 * gathering operand `tensor` along factor `factor` (its dim `dim`, split
 * over the axes `ring`), the op runs as a loop over the ring's n devices
 * that multiplies the chunk it holds while passing it on by
 * collective_permute, accumulating into the result (a reduction factor) or
 * writing the result's slice (a parallel factor). It sends what the
 * all_gather sends, (n-1) chunks, but holds two chunks of the operand (the
 * one in use and the one arriving; a third, its masked copy, when a
 * reduction is split unevenly) instead of all n, plus one chunk-sized
 * slice of each other operand that reads the factor (and, when uneven,
 * that operand padded to n chunks and, for a reduction, the slice's masked
 * copy) and, for a parallel factor, the step's slice of the result. */
typedef struct GspmdStrategyWindow {
  int tensor; /* rule tensor; -1: no windowed loop */
  int factor, dim;
  GspmdFactorAxes ring;
} GspmdStrategyWindow;

/* FactorAxes.c: plan `axes` (with windowed loop w) as explain=true prints
 * it, e.g. "{i=x, k=y} ring k of operand 1 over y", into buf (snprintf-
 * style); returns the length of the whole text. */
size_t gspmdPrintPlan(const GspmdStrategyProblem *pb,
                      const GspmdFactorAxes *axes, const GspmdStrategyWindow *w,
                      char *buf, size_t n);

/* Chooses the factor axes of the op: the plan sending the fewest bytes per
 * device (reshards of the operands to the plan, then the combine and
 * reshard of the result to its annotation, all by gspmdPlanReshard and so
 * by gspmdCollectiveBytesSent) among those within the budget; when none
 * is, the one holding the fewest bytes. A plan that gathers one operand
 * along a reduction factor has a windowed-loop twin (when pb->windowable)
 * sending the same bytes and holding less: it wins only when the gather is
 * over budget. `baseline` (the partitioner's default, [num_factors]) wins
 * ties. Writes the choice to `out` ([num_factors]) and `window` (tensor -1
 * when the op runs once, as usual) and, when `explain` is non-NULL, a
 * description of the plans weighed and their costs (snprintf-style,
 * truncated to the buffer). Returns the number of plans weighed. */
int gspmdChooseStrategy(const GspmdStrategyProblem *pb,
                        const GspmdFactorAxes *baseline, GspmdFactorAxes *out,
                        GspmdStrategyWindow *window, char *explain,
                        size_t explain_size);

#endif /* GSPMD_TRANSFORMS_STRATEGY_H */
