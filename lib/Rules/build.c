/*
 * build.c - the building blocks every rule file uses: allocating a rule,
 * adding its tensors, mapping their dims to factors, reading attributes,
 * and the generic shapes of rule (result-only, elementwise). It calls no
 * rule file; the dispatch (rules.c) and the rule files call it.
 */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A rule builder broke a limit of the rule structs: a bug in the builder,
 * never the input's fault, and writing on would corrupt the arena. */
static void ruleLimitBroken(MlirOperation op, const char *what, int n) {
  fprintf(stderr, "gspmd: rule of %.*s: %s %d\n", (int)gspmdOpName(op).length,
          gspmdOpName(op).data, what, n);
  abort();
}

GspmdOpRule *ruleAlloc(GspmdRuleContext *ctx, MlirOperation op, int num_factors,
                       int max_tensors) {
  /* Rule tensors name factors in int16_t (every op's rule lives for the
   * whole pass); no op has 32,768 loops or dims. */
  if (num_factors > INT16_MAX)
    ruleLimitBroken(op, "factors:", num_factors);
  GspmdOpRule *r = gspmdArenaAlloc(ctx->arena, sizeof(GspmdOpRule));
  r->op = op;
  r->arena = ctx->arena;
  r->priority = GSPMD_PRIORITY_DEFAULT;
  r->num_factors = num_factors;
  r->factor_kind = gspmdArenaAlloc(ctx->arena, sizeof(GspmdFactorKind) *
                                                   (size_t)(num_factors + 1));
  r->factor_size =
      gspmdArenaAlloc(ctx->arena, sizeof(int64_t) * (size_t)(num_factors + 1));
  for (int f = 0; f < num_factors; ++f)
    r->factor_size[f] = -1;
  /* Exactly max_tensors (a rule tensor is ~450 B and every op has a rule
   * for the whole pass); one for none, so the array is never empty. */
  r->max_tensors = max_tensors > 0 ? max_tensors : 1;
  r->tensors = gspmdArenaAlloc(ctx->arena, sizeof(GspmdRuleTensor) *
                                               (size_t)r->max_tensors);
  r->ids = gspmdArenaAlloc(ctx->arena,
                           sizeof(GspmdTensorId) * (size_t)r->max_tensors);
  return r;
}

bool isRankedTensor(MlirType type) { return mlirTypeIsARankedTensor(type); }

int ruleAddTensor(GspmdOpRule *rule, GspmdTensorId id, GspmdTensorRole role,
                  int position, MlirType type) {
  if (!isRankedTensor(type) || mlirShapedTypeGetRank(type) > GSPMD_MAX_RANK)
    return -1;
  if (rule->num_tensors == rule->max_tensors)
    ruleLimitBroken(rule->op,
                    "more tensors than allocated:", rule->max_tensors);
  GspmdRuleTensor *t = &rule->tensors[rule->num_tensors];
  memset(t, 0, sizeof(*t));
  rule->ids[rule->num_tensors] = id;
  t->role = role;
  t->position = position;
  t->rank = (int)mlirShapedTypeGetRank(type);
  for (int d = 0; d < t->rank; ++d)
    t->shape[d] = mlirShapedTypeIsDynamicDim(type, d)
                      ? -1
                      : mlirShapedTypeGetDimSize(type, d);
  return rule->num_tensors++;
}

int ruleAddOperand(GspmdOpRule *rule, int operand) {
  MlirValue v = mlirOperationGetOperand(rule->op, operand);
  return ruleAddTensor(rule, valueId(v), GSPMD_ROLE_OPERAND, operand,
                       mlirValueGetType(v));
}

int ruleAddResult(GspmdOpRule *rule, int result) {
  MlirValue v = mlirOperationGetResult(rule->op, result);
  return ruleAddTensor(rule, valueId(v), GSPMD_ROLE_RESULT, result,
                       mlirValueGetType(v));
}

/* True when tensor x already reads `factor` on a dim other than d. */
static bool factorOnOtherDim(const GspmdRuleTensor *x, int d, int factor) {
  for (int e = 0; e < x->rank; ++e)
    for (int k = 0; e != d && k < x->dim_num_factors[e]; ++k)
      if (x->dim_factors[e][k] == factor)
        return true;
  return false;
}

void ruleMapDim(GspmdOpRule *rule, int t, int d, int factor) {
  GspmdRuleTensor *x = &rule->tensors[t];
  if (x->dim_num_factors[d] >= GSPMD_MAX_DIM_FACTORS || x->shape[d] < 0)
    return; /* dynamic dims stay unsplit */
  /* A factor indexing two dims of one tensor (a diagonal read such as
   * (i) -> (i, i)) cannot be split: its axes would split both dims. */
  if (factorOnOtherDim(x, d, factor))
    rule->factor_kind[factor] = GSPMD_FACTOR_REPLICATED;
  x->dim_factors[d][x->dim_num_factors[d]++] = factor;
  if (x->dim_num_factors[d] == 1 && rule->factor_size[factor] < 0)
    rule->factor_size[factor] = x->shape[d];
}

void ruleMapWindowDim(GspmdOpRule *rule, int t, int d, int factor) {
  GspmdRuleTensor *x = &rule->tensors[t];
  if (x->shape[d] < 0)
    return;
  x->dim_num_factors[d] = 1;
  x->dim_factors[d][0] = factor;
  x->dim_window[d] = true;
  if (rule->factor_kind[factor] != GSPMD_FACTOR_REPLICATED)
    rule->factor_kind[factor] = GSPMD_FACTOR_WINDOW;
}

void ruleSetWindow(GspmdOpRule *rule, int t, int d, GspmdWindow window) {
  GspmdRuleTensor *x = &rule->tensors[t];
  if (!x->dim_window[d] || window.stride <= 0 || window.lo > window.hi)
    return;
  if (!x->window)
    x->window =
        gspmdArenaAlloc(rule->arena, sizeof(GspmdWindow) * GSPMD_MAX_RANK);
  x->window[d] = window;
}

void ruleMapIdentity(GspmdOpRule *rule, int t, int first_factor) {
  for (int d = 0; d < rule->tensors[t].rank; ++d)
    ruleMapDim(rule, t, d, first_factor + d);
}

void ruleTieIdentity(GspmdOpRule *rule, int a, int b, int first_factor) {
  ruleMapIdentity(rule, a, first_factor);
  ruleMapIdentity(rule, b, first_factor);
}

GspmdTensorId valueId(MlirValue v) {
  GspmdTensorId id = {v, {NULL}, 0};
  return id;
}

GspmdTensorId funcResultId(MlirOperation func, int index) {
  GspmdTensorId id = {{NULL}, func, index};
  return id;
}

int attrI64Array(MlirOperation op, const char *name, int64_t *out, int max) {
  MlirAttribute a =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  if (mlirAttributeIsNull(a))
    return -1;
  int n;
  if (mlirAttributeIsADenseI64Array(a)) {
    n = (int)mlirDenseArrayGetNumElements(a);
    for (int i = 0; i < n && i < max; ++i)
      out[i] = mlirDenseI64ArrayGetElement(a, i);
  } else if (mlirAttributeIsADenseI32Array(a)) {
    n = (int)mlirDenseArrayGetNumElements(a);
    for (int i = 0; i < n && i < max; ++i)
      out[i] = mlirDenseI32ArrayGetElement(a, i);
  } else {
    return -1;
  }
  return n <= max ? n : -1;
}

int64_t attrInt(MlirOperation op, const char *name, int64_t fallback) {
  MlirAttribute a =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a))
    return fallback;
  return mlirIntegerAttrGetValueInt(a);
}

/* Ops that only make a tensor (empty, splat, constants): every result dim is
 * its own factor, so the tensor takes the sharding of its users. */
GspmdOpRule *buildResultOnlyRule(GspmdRuleContext *ctx, MlirOperation op) {
  GspmdOpRule *rule = ruleAlloc(ctx, op, GSPMD_MAX_RANK, 1);
  rule->priority = GSPMD_PRIORITY_PASS_THROUGH;
  int t = ruleAddResult(rule, 0);
  if (t < 0)
    return NULL;
  ruleMapIdentity(rule, t, 0);
  return rule;
}

/* Elementwise with numpy/tosa rank-equal broadcasting: result dim sizes give
 * the factors; an operand dim of size 1 against a larger result dim is a
 * broadcast and stays unsplit. Operands of another rank (tosa.mul's shift)
 * take no part. */
GspmdOpRule *buildElementwiseRule(GspmdRuleContext *ctx, MlirOperation op) {
  int num_operands = (int)mlirOperationGetNumOperands(op);
  int num_results = (int)mlirOperationGetNumResults(op);
  if (num_results < 1)
    return NULL;
  MlirType result_type = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!isRankedTensor(result_type))
    return NULL;
  int rank = (int)mlirShapedTypeGetRank(result_type);
  GspmdOpRule *rule = ruleAlloc(ctx, op, rank, num_operands + num_results);
  rule->priority = GSPMD_PRIORITY_PASS_THROUGH;
  for (int i = 0; i < num_results; ++i) {
    int t = ruleAddResult(rule, i);
    if (t >= 0 && rule->tensors[t].rank == rank)
      ruleMapIdentity(rule, t, 0);
  }
  for (int i = 0; i < num_operands; ++i) {
    int t = ruleAddOperand(rule, i);
    if (t < 0 || rule->tensors[t].rank != rank)
      continue;
    for (int d = 0; d < rank; ++d) {
      bool broadcast =
          rule->tensors[t].shape[d] == 1 && rule->factor_size[d] != 1;
      if (broadcast)
        rule->priority = GSPMD_PRIORITY_BROADCAST;
      else
        ruleMapDim(rule, t, d, d);
    }
  }
  return rule;
}
