/*
 * dataflow.c - rules that tie values flowing through control flow and calls:
 * every loop-carried value shares one sharding across its init operand,
 * region argument, yielded value and result; a call's operands share the
 * callee's arguments and its results the callee's results; func.return ties
 * the returned values to the function's results; sharding_constraint ties its
 * operand and result. All are pass-through.
 */
#include "internal.h"

#include "mlir-c/Dialect/Func.h"

static int addValue(GspmdOpRule *rule, MlirValue v, GspmdTensorRole role,
                    int position) {
  return ruleAddTensor(rule, valueId(v), role, position, mlirValueGetType(v));
}

/* Ties a group of tensors (all of the first one's rank) through fresh
 * factors; tensors of another rank are left untied. */
static void tieGroup(GspmdOpRule *rule, const int *tensors, int n) {
  if (n < 2 || tensors[0] < 0)
    return;
  int rank = rule->tensors[tensors[0]].rank;
  int first = rule->num_factors;
  rule->num_factors += rank;
  for (int i = 0; i < n; ++i)
    if (tensors[i] >= 0 && rule->tensors[tensors[i]].rank == rank)
      ruleMapIdentity(rule, tensors[i], first);
}

static MlirBlock firstBlock(MlirOperation op, int region) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(op, region));
}

static MlirOperation terminator(MlirBlock block) {
  return mlirBlockGetTerminator(block);
}

/* Rules with room for `groups` groups of up to `per_group` tensors. */
static GspmdOpRule *allocDataflow(GspmdRuleContext *ctx, MlirOperation op,
                                  int groups, int per_group) {
  GspmdOpRule *rule =
      ruleAlloc(ctx, op, groups * GSPMD_MAX_RANK, groups * per_group);
  rule->num_factors = 0;
  rule->priority = GSPMD_PRIORITY_PASS_THROUGH;
  return rule;
}

static GspmdOpRule *buildFor(GspmdRuleContext *ctx, MlirOperation op) {
  int n = (int)mlirOperationGetNumResults(op);
  MlirBlock body = firstBlock(op, 0);
  MlirOperation yield = terminator(body);
  int num_control = (int)mlirOperationGetNumOperands(op) - n;
  GspmdOpRule *rule = allocDataflow(ctx, op, n, 4);
  for (int k = 0; k < n; ++k) {
    int g[4] = {
        ruleAddOperand(rule, num_control + k), ruleAddResult(rule, k),
        addValue(rule, mlirBlockGetArgument(body, k + 1), GSPMD_ROLE_OTHER, k),
        addValue(rule, mlirOperationGetOperand(yield, k), GSPMD_ROLE_OTHER,
                 k)};
    tieGroup(rule, g, 4);
  }
  return rule;
}

static GspmdOpRule *buildWhile(GspmdRuleContext *ctx, MlirOperation op) {
  int n_init = (int)mlirOperationGetNumOperands(op);
  int n_res = (int)mlirOperationGetNumResults(op);
  MlirBlock before = firstBlock(op, 0), after = firstBlock(op, 1);
  MlirOperation condition = terminator(before), yield = terminator(after);
  GspmdOpRule *rule = allocDataflow(ctx, op, n_init + n_res, 3);
  for (int k = 0; k < n_init; ++k) {
    int g[3] = {
        ruleAddOperand(rule, k),
        addValue(rule, mlirBlockGetArgument(before, k), GSPMD_ROLE_OTHER, k),
        addValue(rule, mlirOperationGetOperand(yield, k), GSPMD_ROLE_OTHER,
                 k)};
    tieGroup(rule, g, 3);
  }
  for (int k = 0; k < n_res; ++k) {
    int g[3] = {
        ruleAddResult(rule, k),
        addValue(rule, mlirBlockGetArgument(after, k), GSPMD_ROLE_OTHER, k),
        addValue(rule, mlirOperationGetOperand(condition, k + 1),
                 GSPMD_ROLE_OTHER, k)};
    tieGroup(rule, g, 3);
  }
  return rule;
}

static GspmdOpRule *buildIf(GspmdRuleContext *ctx, MlirOperation op) {
  int n = (int)mlirOperationGetNumResults(op);
  GspmdOpRule *rule = allocDataflow(ctx, op, n, 3);
  for (int k = 0; k < n; ++k) {
    int g[3] = {ruleAddResult(rule, k), -1, -1};
    for (int r = 0; r < 2; ++r) {
      MlirBlock block = firstBlock(op, r);
      if (!mlirBlockIsNull(block))
        g[1 + r] = addValue(rule, mlirOperationGetOperand(terminator(block), k),
                            GSPMD_ROLE_OTHER, k);
    }
    tieGroup(rule, g, 3);
  }
  return rule;
}

static MlirOperation parentFunc(MlirOperation op) {
  MlirOperation p = mlirOperationGetParentOperation(op);
  while (!mlirOperationIsNull(p) &&
         !gspmdStringRefEq(gspmdOpName(p), "func.func"))
    p = mlirOperationGetParentOperation(p);
  return p;
}

static GspmdOpRule *buildReturn(GspmdRuleContext *ctx, MlirOperation op) {
  MlirOperation func = parentFunc(op);
  int n = (int)mlirOperationGetNumOperands(op);
  if (mlirOperationIsNull(func))
    return NULL;
  GspmdOpRule *rule = allocDataflow(ctx, op, n, 2);
  for (int k = 0; k < n; ++k) {
    MlirValue v = mlirOperationGetOperand(op, k);
    int g[2] = {ruleAddOperand(rule, k),
                ruleAddTensor(rule, funcResultId(func, k), GSPMD_ROLE_OTHER, k,
                              mlirValueGetType(v))};
    tieGroup(rule, g, 2);
  }
  return rule;
}

static GspmdOpRule *buildCall(GspmdRuleContext *ctx, MlirOperation op) {
  MlirAttribute callee = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("callee"));
  if (mlirAttributeIsNull(callee))
    return NULL;
  MlirOperation func =
      gspmdLookupSymbol(op, mlirFlatSymbolRefAttrGetValue(callee));
  if (mlirOperationIsNull(func))
    return NULL;
  MlirBlock entry = firstBlock(func, 0);
  if (mlirBlockIsNull(entry))
    return NULL; /* an external declaration: nothing to tie to */
  int n_args = (int)mlirOperationGetNumOperands(op);
  int n_res = (int)mlirOperationGetNumResults(op);
  GspmdOpRule *rule = allocDataflow(ctx, op, n_args + n_res, 2);
  for (int k = 0; k < n_args; ++k) {
    int g[2] = {ruleAddOperand(rule, k),
                addValue(rule, mlirBlockGetArgument(entry, k),
                         GSPMD_ROLE_OTHER, k)};
    tieGroup(rule, g, 2);
  }
  for (int k = 0; k < n_res; ++k) {
    MlirValue v = mlirOperationGetResult(op, k);
    int g[2] = {ruleAddResult(rule, k),
                ruleAddTensor(rule, funcResultId(func, k), GSPMD_ROLE_OTHER, k,
                              mlirValueGetType(v))};
    tieGroup(rule, g, 2);
  }
  return rule;
}

static GspmdOpRule *buildConstraint(GspmdRuleContext *ctx, MlirOperation op) {
  GspmdOpRule *rule = allocDataflow(ctx, op, 1, 2);
  int g[2] = {ruleAddOperand(rule, 0), ruleAddResult(rule, 0)};
  tieGroup(rule, g, 2);
  return rule;
}

GspmdRuleStatus buildDataflowRule(GspmdRuleContext *ctx, MlirOperation op,
                                  GspmdOpRule **out, int *num_out) {
  MlirStringRef name = gspmdOpName(op);
  if (gspmdStringRefEq(name, "scf.for"))
    RETURN_ONE_RULE(buildFor(ctx, op));
  if (gspmdStringRefEq(name, "scf.while"))
    RETURN_ONE_RULE(buildWhile(ctx, op));
  if (gspmdStringRefEq(name, "scf.if"))
    RETURN_ONE_RULE(buildIf(ctx, op));
  if (gspmdStringRefEq(name, "func.return"))
    RETURN_ONE_RULE(buildReturn(ctx, op));
  if (gspmdStringRefEq(name, "func.call"))
    RETURN_ONE_RULE(buildCall(ctx, op));
  if (gspmdStringRefEq(name, "gspmd.sharding_constraint"))
    RETURN_ONE_RULE(buildConstraint(ctx, op));
  return GSPMD_RULE_NONE;
}
