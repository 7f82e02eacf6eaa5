/*
 * internal.h - helpers shared by the rule builders in lib/Rules.
 */
#ifndef GSPMD_RULES_INTERNAL_H
#define GSPMD_RULES_INTERNAL_H

#include "gspmd/rules.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

/* A rule with room for `max_tensors` tensors and `num_factors` factors, all
 * parallel with unknown size. */
GspmdOpRule *ruleAlloc(GspmdRuleContext *ctx, MlirOperation op, int num_factors,
                       int max_tensors);

/* Adds a tensor of type `type` (ranked tensors only; returns -1 and adds
 * nothing otherwise). Its dims start with no factor. */
int ruleAddTensor(GspmdOpRule *rule, GspmdTensorId id, GspmdTensorRole role,
                  int position, MlirType type);
int ruleAddOperand(GspmdOpRule *rule, int operand);
int ruleAddResult(GspmdOpRule *rule, int result);

/* Appends `factor` (minor-most so far) to tensor t's dim d; a static dim size
 * sets the factor size when it is the dim's only factor. */
void ruleMapDim(GspmdOpRule *rule, int t, int d, int factor);
/* Maps dim d of tensor t to `factor` read through a window. */
void ruleMapWindowDim(GspmdOpRule *rule, int t, int d, int factor);
/* Records how window dim d of tensor t reads its factor (GspmdWindow);
 * ignored unless the dim is a window dim, the stride positive and lo <= hi. */
void ruleSetWindow(GspmdOpRule *rule, int t, int d, GspmdWindow window);
/* Maps every dim of tensor t to factors first_factor + d. */
void ruleMapIdentity(GspmdOpRule *rule, int t, int first_factor);

GspmdTensorId valueId(MlirValue v);
GspmdTensorId funcResultId(MlirOperation func, int index);

/* The op's static i64 array attribute `name` (DenseI64ArrayAttr or
 * DenseI32ArrayAttr); returns the count, or -1 if absent. */
int attrI64Array(MlirOperation op, const char *name, int64_t *out, int max);
/* Integer attribute `name`, or `fallback`. */
int64_t attrInt(MlirOperation op, const char *name, int64_t fallback);
bool isRankedTensor(MlirType type);

/* A tensor made from nothing (empty, splat, constants) takes its users'
 * sharding. */
GspmdOpRule *buildResultOnlyRule(GspmdRuleContext *ctx, MlirOperation op);
/* Ties tensors with identical shapes (or tosa/numpy rank-broadcast: size-1
 * dims broadcast) dim by dim: one factor per result dim. */
GspmdOpRule *buildElementwiseRule(GspmdRuleContext *ctx, MlirOperation op);
/* Ties `a` and `b` (same rank) dim by dim through new factors. */
void ruleTieIdentity(GspmdOpRule *rule, int a, int b, int first_factor);
/* Splits/merges dims between two static shapes (reshape family). */
GspmdOpRule *buildReshapeRule(GspmdRuleContext *ctx, MlirOperation op,
                              int source_operand);

/* Concatenation along `dim` (tensor.concat, tosa.concat). */
GspmdOpRule *buildConcatRule(GspmdRuleContext *ctx, MlirOperation op,
                             int64_t dim);

/* Adds the tensors of gather reads reads[0..n) (gspmdGatherReads) to rule
 * after its operands: dims read at a loop's position share its factor, dims
 * looked up get reduction factors from first_factor on. Returns the next
 * free factor. ruleGatherMaxFactors: how many it may add at most. */
int ruleAddGatherReads(GspmdOpRule *rule, const GspmdGatherRead *reads, int n,
                       int first_factor);
int ruleGatherMaxFactors(const GspmdGatherRead *reads, int n);

/* Per-dialect builders: return GSPMD_RULE_NONE when they do not know op. */
GspmdRuleStatus buildLinalgRule(GspmdRuleContext *ctx, MlirOperation op,
                                GspmdOpRule **out, int *num_out);
GspmdRuleStatus buildTensorRule(GspmdRuleContext *ctx, MlirOperation op,
                                GspmdOpRule **out, int *num_out);
GspmdRuleStatus buildTosaRule(GspmdRuleContext *ctx, MlirOperation op,
                              GspmdOpRule **out, int *num_out);
GspmdRuleStatus buildDataflowRule(GspmdRuleContext *ctx, MlirOperation op,
                                  GspmdOpRule **out, int *num_out);
GspmdRuleStatus buildCollectiveRule(GspmdRuleContext *ctx, MlirOperation op,
                                    GspmdOpRule **out, int *num_out);

/* cache.c: op's rules from ctx->cache when an op of the same signature
 * has them, else from `build` (and kept when shareable). */
GspmdRuleStatus ruleCacheBuild(GspmdRuleContext *ctx, MlirOperation op,
                               GspmdOpRule **out, int *num_out,
                               GspmdRuleStatus (*build)(GspmdRuleContext *,
                                                        MlirOperation,
                                                        GspmdOpRule **, int *));

#define RETURN_ONE_RULE(rule)                                                  \
  do {                                                                         \
    *out = (rule);                                                             \
    *num_out = (rule) ? 1 : 0;                                                 \
    return (rule) ? GSPMD_RULE_OK : GSPMD_RULE_NONE;                           \
  } while (0)

#endif /* GSPMD_RULES_INTERNAL_H */
