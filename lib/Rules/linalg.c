/*
 * linalg.c - the rule of every linalg structured op, named or generic, from
 * its indexing maps and iterator types: loops are factors (parallel or
 * reduction), a map result `d_k` ties a tensor dim to factor k, and a sum
 * such as `d1 + d4` or `2*d1 + d4` (convolutions, pooling, stencils) ties the
 * dim to its one parallel loop through a window while the other loops in it
 * stay unsplit; `(d0 + c) mod n` on a dim of n is a periodic window (a
 * rotation: the first device's window wraps to the last). linalg.softmax (not
 * structured) keeps its reduced dim whole.
 */
#include "internal.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/Dialect/Linalg.h"

#include <string.h>

/* Loops appearing in an affine expression built from +, * by constants. */
typedef struct Terms {
  int num_dims;
  int dims[8];
  bool affine; /* only +, *const, dims and constants */
} Terms;

static void collectTerms(MlirAffineExpr e, Terms *terms) {
  if (mlirAffineExprIsADim(e)) {
    if (terms->num_dims < 8)
      terms->dims[terms->num_dims++] = (int)mlirAffineDimExprGetPosition(e);
    return;
  }
  if (mlirAffineExprIsAConstant(e))
    return;
  if (mlirAffineExprIsAAdd(e) || mlirAffineExprIsAMul(e)) {
    MlirAffineExpr lhs = mlirAffineBinaryOpExprGetLHS(e);
    MlirAffineExpr rhs = mlirAffineBinaryOpExprGetRHS(e);
    if (mlirAffineExprIsAMul(e) && !mlirAffineExprIsAConstant(lhs) &&
        !mlirAffineExprIsAConstant(rhs))
      terms->affine = false;
    collectTerms(lhs, terms);
    collectTerms(rhs, terms);
    return;
  }
  terms->affine = false; /* mod, floordiv, ceildiv: not a window */
  /* Still record the loops so they can be kept unsplit. */
  if (mlirAffineExprIsABinary(e)) {
    collectTerms(mlirAffineBinaryOpExprGetLHS(e), terms);
    collectTerms(mlirAffineBinaryOpExprGetRHS(e), terms);
  }
}

/* Maps dim d of tensor t from expression e; returns false when the dim reads
 * its loops in a way that forces them unsplit. */
/* e as sum(coef[l] * d_l) + *constant; false unless built from +, * by
 * constants, dims and constants. */
static bool linearTerms(MlirAffineExpr e, int64_t mult, int64_t *coef,
                        int num_loops, int64_t *constant) {
  if (mlirAffineExprIsADim(e)) {
    int l = (int)mlirAffineDimExprGetPosition(e);
    if (l >= num_loops)
      return false;
    coef[l] += mult;
    return true;
  }
  if (mlirAffineExprIsAConstant(e)) {
    *constant += mult * mlirAffineConstantExprGetValue(e);
    return true;
  }
  if (!mlirAffineExprIsAAdd(e) && !mlirAffineExprIsAMul(e))
    return false;
  MlirAffineExpr lhs = mlirAffineBinaryOpExprGetLHS(e);
  MlirAffineExpr rhs = mlirAffineBinaryOpExprGetRHS(e);
  if (mlirAffineExprIsAAdd(e))
    return linearTerms(lhs, mult, coef, num_loops, constant) &&
           linearTerms(rhs, mult, coef, num_loops, constant);
  if (mlirAffineExprIsAConstant(rhs))
    return linearTerms(lhs, mult * mlirAffineConstantExprGetValue(rhs), coef,
                       num_loops, constant);
  if (mlirAffineExprIsAConstant(lhs))
    return linearTerms(rhs, mult * mlirAffineConstantExprGetValue(lhs), coef,
                       num_loops, constant);
  return false;
}

/* `e mod n` with n the tensor dim's size: the dim wraps around (a rotation
 * such as `(d0 - 1) mod L`); the window reads e. Null otherwise. */
static MlirAffineExpr periodicOperand(MlirAffineExpr e, int64_t size) {
  if (!mlirAffineExprIsAMod(e))
    return (MlirAffineExpr){NULL};
  MlirAffineExpr rhs = mlirAffineBinaryOpExprGetRHS(e);
  if (!mlirAffineExprIsAConstant(rhs) ||
      mlirAffineConstantExprGetValue(rhs) != size || size <= 0)
    return (MlirAffineExpr){NULL};
  return mlirAffineBinaryOpExprGetLHS(e);
}

/* `(d_k + c) mod n` where loop k spans n (from the outputs' shapes): a
 * rotation, read through a periodic window on loop k. Other `mod`s keep
 * their loops unsplit. */
static bool isRotation(MlirAffineExpr e, int64_t size,
                       const int64_t *loop_size) {
  MlirAffineExpr inner = periodicOperand(e, size);
  if (mlirAffineExprIsNull(inner))
    return false;
  int64_t coef[64] = {0}, constant = 0;
  if (!linearTerms(inner, 1, coef, 64, &constant))
    return false;
  int loop = -1;
  for (int l = 0; l < 64; ++l) {
    if (coef[l] == 0)
      continue;
    if (loop >= 0 || coef[l] != 1)
      return false;
    loop = l;
  }
  return loop >= 0 && loop_size[loop] == size;
}

static void mapExpr(GspmdOpRule *rule, int t, int d, MlirAffineExpr e,
                    const bool *loop_in_output, const int64_t *loop_size) {
  if (mlirAffineExprIsADim(e)) {
    ruleMapDim(rule, t, d, (int)mlirAffineDimExprGetPosition(e));
    return;
  }
  if (isRotation(e, rule->tensors[t].shape[d], loop_size))
    e = periodicOperand(e, rule->tensors[t].shape[d]);
  Terms terms = {0, {0}, true};
  collectTerms(e, &terms);
  int primary = -1, num_parallel = 0;
  for (int i = 0; i < terms.num_dims; ++i) {
    if (loop_in_output[terms.dims[i]]) {
      primary = terms.dims[i];
      ++num_parallel;
    }
  }
  bool window = terms.affine && num_parallel == 1;
  for (int i = 0; i < terms.num_dims; ++i)
    if (!window || terms.dims[i] != primary)
      rule->factor_kind[terms.dims[i]] = GSPMD_FACTOR_REPLICATED;
  if (window)
    ruleMapWindowDim(rule, t, d, primary);
}

/* The window of tensor t's dim d, read through `e`: the coefficient of its
 * factor is the stride; the other loops (all of known size, kept unsplit)
 * and the constant give the reach. */
static void setWindowFromExpr(GspmdOpRule *rule, int t, int d,
                              MlirAffineExpr e) {
  int64_t coef[64] = {0}, constant = 0;
  int f = rule->tensors[t].dim_factors[d][0];
  int64_t size = rule->tensors[t].shape[d];
  MlirAffineExpr inner = periodicOperand(e, size);
  bool periodic = !mlirAffineExprIsNull(inner);
  if (periodic)
    e = inner;
  if (!linearTerms(e, 1, coef, rule->num_factors, &constant))
    return;
  /* A rotation: every index of the factor, which spans the dim, read once
   * (stride 1); other shapes of `mod` have no halo form. */
  if (periodic && (coef[f] != 1 || rule->factor_size[f] != size))
    return;
  int64_t lo = constant, hi = constant;
  for (int l = 0; l < rule->num_factors; ++l) {
    if (l == f || coef[l] == 0)
      continue;
    if (rule->factor_size[l] <= 0)
      return;
    int64_t reach = coef[l] * (rule->factor_size[l] - 1);
    if (reach < 0)
      lo += reach;
    else
      hi += reach;
  }
  /* Only a generic's maps can be rebased; named ops read from 0. */
  if (lo == 0 || gspmdStringRefEq(gspmdOpName(rule->op), "linalg.generic"))
    ruleSetWindow(
        rule, t, d,
        (GspmdWindow){coef[f], lo, hi,
                      periodic ? GSPMD_REBASE_PERIODIC_MAP : GSPMD_REBASE_MAP,
                      GSPMD_FILL_ZERO});
}

static bool isPermutation(MlirAffineMap map, int num_loops) {
  return mlirAffineMapGetNumResults(map) == num_loops &&
         mlirAffineMapIsProjectedPermutation(map);
}

static GspmdOpRule *buildStructuredRule(GspmdRuleContext *ctx,
                                        MlirOperation op) {
  MlirAttribute maps = mlirLinalgGetIndexingMapsAttribute(op);
  bool reduction[64];
  int num_loops = gspmdLinalgLoops(op, reduction, 64);
  int num_operands = (int)mlirOperationGetNumOperands(op);
  int num_results = (int)mlirOperationGetNumResults(op);
  int num_inputs = num_operands - num_results;
  if (mlirAttributeIsNull(maps) || num_inputs < 0 ||
      mlirArrayAttrGetNumElements(maps) != num_operands)
    return NULL;
  GspmdGatherRead reads[8];
  int num_reads = gspmdGatherReads(op, reads, 8);
  GspmdOpRule *rule =
      ruleAlloc(ctx, op, num_loops + ruleGatherMaxFactors(reads, num_reads),
                num_operands + num_results + num_reads);
  bool loop_in_output[64] = {false};
  int64_t loop_size[64];
  if (num_loops > 64)
    return NULL;
  for (int l = 0; l < 64; ++l)
    loop_size[l] = -1;
  for (int l = 0; l < num_loops; ++l)
    rule->factor_kind[l] =
        reduction[l] ? GSPMD_FACTOR_REDUCTION : GSPMD_FACTOR_PARALLEL;
  for (int i = num_inputs; i < num_operands; ++i) {
    MlirAffineMap map =
        mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, i));
    for (intptr_t r = 0; r < mlirAffineMapGetNumResults(map); ++r) {
      MlirAffineExpr e = mlirAffineMapGetResult(map, r);
      if (mlirAffineExprIsADim(e)) {
        intptr_t l = mlirAffineDimExprGetPosition(e);
        loop_in_output[l] = true;
        loop_size[l] = mlirShapedTypeGetDimSize(
            mlirValueGetType(mlirOperationGetOperand(op, i)), r);
      }
    }
  }
  bool all_parallel = true, broadcast = false;
  for (int l = 0; l < num_loops; ++l)
    all_parallel &= rule->factor_kind[l] == GSPMD_FACTOR_PARALLEL;
  /* Operands (inputs, then inits), then results sharing the inits' maps. */
  for (int i = 0; i < num_operands + num_results; ++i) {
    bool is_result = i >= num_operands;
    int map_index = is_result ? num_inputs + (i - num_operands) : i;
    int t = is_result ? ruleAddResult(rule, i - num_operands)
                      : ruleAddOperand(rule, i);
    if (t < 0)
      continue; /* scalar operand (linalg.fill's value) */
    MlirAffineMap map =
        mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, map_index));
    if (mlirAffineMapGetNumResults(map) != rule->tensors[t].rank)
      return NULL;
    if (!is_result && i < num_inputs && !isPermutation(map, num_loops))
      broadcast = true;
    for (int d = 0; d < rule->tensors[t].rank; ++d)
      mapExpr(rule, t, d, mlirAffineMapGetResult(map, d), loop_in_output,
              loop_size);
  }
  rule->num_factors = ruleAddGatherReads(rule, reads, num_reads, num_loops);
  /* Windows last: their reach needs every loop's size. */
  for (int t = 0; t < rule->num_tensors; ++t) {
    const GspmdRuleTensor *x = &rule->tensors[t];
    if (x->role != GSPMD_ROLE_OPERAND)
      continue;
    MlirAffineMap map =
        mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, x->position));
    for (int d = 0; d < x->rank; ++d)
      if (x->dim_window[d] && x->dim_num_factors[d] == 1)
        setWindowFromExpr(rule, t, d, mlirAffineMapGetResult(map, d));
  }
  bool has_window = false;
  for (int l = 0; l < num_loops; ++l)
    has_window |= rule->factor_kind[l] != GSPMD_FACTOR_PARALLEL;
  if (all_parallel && !has_window)
    rule->priority =
        broadcast ? GSPMD_PRIORITY_BROADCAST : GSPMD_PRIORITY_PASS_THROUGH;
  return rule;
}

/* linalg.softmax: input and init/result share every dim; the softmax dim is
 * a reduction inside the op and stays unsplit. */
static GspmdOpRule *buildSoftmaxRule(GspmdRuleContext *ctx, MlirOperation op) {
  MlirType type = mlirValueGetType(mlirOperationGetOperand(op, 0));
  if (!isRankedTensor(type))
    return NULL;
  int rank = (int)mlirShapedTypeGetRank(type);
  int64_t dim = attrInt(op, "dimension", -1);
  GspmdOpRule *rule = ruleAlloc(ctx, op, rank, 3);
  rule->priority = GSPMD_PRIORITY_PASS_THROUGH;
  int operands[2] = {ruleAddOperand(rule, 0), ruleAddOperand(rule, 1)};
  int result = ruleAddResult(rule, 0);
  if (operands[0] < 0 || operands[1] < 0 || result < 0)
    return NULL;
  ruleMapIdentity(rule, operands[0], 0);
  ruleMapIdentity(rule, operands[1], 0);
  ruleMapIdentity(rule, result, 0);
  if (dim >= 0 && dim < rank)
    rule->factor_kind[dim] = GSPMD_FACTOR_REPLICATED;
  return rule;
}

GspmdRuleStatus buildLinalgRule(GspmdRuleContext *ctx, MlirOperation op,
                                GspmdOpRule **out, int *num_out) {
  if (gspmdStringRefEq(gspmdOpName(op), "linalg.softmax"))
    RETURN_ONE_RULE(buildSoftmaxRule(ctx, op));
  if (!gspmdOpIsLinalgStructured(op))
    return GSPMD_RULE_NONE;
  RETURN_ONE_RULE(buildStructuredRule(ctx, op));
}
