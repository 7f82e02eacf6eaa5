/*
 * dataflow.c - rules that tie values flowing through control flow and calls:
 * every loop-carried value shares one sharding across its init operand,
 * region argument, yielded value and result; a call's operands share the
 * callee's arguments and its results the callee's results; func.return ties
 * the returned values to the function's results; sharding_constraint ties its
 * operand and result. All are pass-through, one rule per group of tied
 * tensors. A gspmd.manual_computation ties each operand to its in_sharding
 * and each yielded value to the free axes of its out_sharding (tensors that
 * stand for the op's boundary shardings, fixed by completion); its results
 * are fixed to the out_shardings and its body arguments to the free axes of
 * the in_shardings, so nothing but the free axes enters the body.
 */
#include "internal.h"

#include "mlir-c/Dialect/Func.h"

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

/* The rules of one data-flow op: one rule per group of tied tensors (one
 * loop-carried value, one call argument, one returned value). Groups are
 * separate rules because they are separate tensors: the same mesh axis may
 * split a dim in each of them (completion lets an axis serve only one factor
 * of a rule). */
typedef struct Groups {
  GspmdRuleContext *ctx;
  MlirOperation op;
  GspmdOpRule *rules; /* arena array */
  int num_rules;
} Groups;

static void groupsInit(Groups *g, GspmdRuleContext *ctx, MlirOperation op,
                       int max_groups) {
  g->ctx = ctx;
  g->op = op;
  g->rules = gspmdArenaAlloc(ctx->arena,
                             sizeof(GspmdOpRule) * (size_t)(max_groups + 1));
  g->num_rules = 0;
}

/* A new, empty group of up to `max_tensors` tensors. */
static GspmdOpRule *groupBegin(Groups *g, int max_tensors) {
  GspmdOpRule *rule = ruleAlloc(g->ctx, g->op, GSPMD_MAX_RANK, max_tensors);
  rule->num_factors = 0;
  rule->priority = GSPMD_PRIORITY_PASS_THROUGH;
  return rule;
}

/* Ties the group's tensors and keeps the rule if it ties anything. */
static void groupEnd(Groups *g, GspmdOpRule *rule, const int *tensors, int n) {
  tieGroup(rule, tensors, n);
  if (rule->num_tensors >= 2 && rule->num_factors > 0)
    g->rules[g->num_rules++] = *rule;
}

static GspmdRuleStatus groupsDone(Groups *g, GspmdOpRule **out, int *num_out) {
  *out = g->rules;
  *num_out = g->num_rules;
  return GSPMD_RULE_OK;
}

static int addValue(GspmdOpRule *rule, MlirValue v, GspmdTensorRole role,
                    int position) {
  return ruleAddTensor(rule, valueId(v), role, position, mlirValueGetType(v));
}

static GspmdRuleStatus buildFor(GspmdRuleContext *ctx, MlirOperation op,
                                GspmdOpRule **out, int *num_out) {
  int n = (int)mlirOperationGetNumResults(op);
  MlirBlock body = firstBlock(op, 0);
  MlirOperation yield = terminator(body);
  int num_control = (int)mlirOperationGetNumOperands(op) - n;
  Groups groups;
  groupsInit(&groups, ctx, op, n);
  for (int k = 0; k < n; ++k) {
    GspmdOpRule *rule = groupBegin(&groups, 4);
    int g[4] = {
        ruleAddOperand(rule, num_control + k), ruleAddResult(rule, k),
        addValue(rule, mlirBlockGetArgument(body, k + 1), GSPMD_ROLE_OTHER, k),
        addValue(rule, mlirOperationGetOperand(yield, k), GSPMD_ROLE_OTHER, k)};
    groupEnd(&groups, rule, g, 4);
  }
  return groupsDone(&groups, out, num_out);
}

static GspmdRuleStatus buildWhile(GspmdRuleContext *ctx, MlirOperation op,
                                  GspmdOpRule **out, int *num_out) {
  int n_init = (int)mlirOperationGetNumOperands(op);
  int n_res = (int)mlirOperationGetNumResults(op);
  MlirBlock before = firstBlock(op, 0), after = firstBlock(op, 1);
  MlirOperation condition = terminator(before), yield = terminator(after);
  Groups groups;
  groupsInit(&groups, ctx, op, n_init + n_res);
  for (int k = 0; k < n_init; ++k) {
    GspmdOpRule *rule = groupBegin(&groups, 3);
    int g[3] = {
        ruleAddOperand(rule, k),
        addValue(rule, mlirBlockGetArgument(before, k), GSPMD_ROLE_OTHER, k),
        addValue(rule, mlirOperationGetOperand(yield, k), GSPMD_ROLE_OTHER, k)};
    groupEnd(&groups, rule, g, 3);
  }
  for (int k = 0; k < n_res; ++k) {
    GspmdOpRule *rule = groupBegin(&groups, 3);
    int g[3] = {
        ruleAddResult(rule, k),
        addValue(rule, mlirBlockGetArgument(after, k), GSPMD_ROLE_OTHER, k),
        addValue(rule, mlirOperationGetOperand(condition, k + 1),
                 GSPMD_ROLE_OTHER, k)};
    groupEnd(&groups, rule, g, 3);
  }
  return groupsDone(&groups, out, num_out);
}

static GspmdRuleStatus buildIf(GspmdRuleContext *ctx, MlirOperation op,
                               GspmdOpRule **out, int *num_out) {
  int n = (int)mlirOperationGetNumResults(op);
  Groups groups;
  groupsInit(&groups, ctx, op, n);
  for (int k = 0; k < n; ++k) {
    GspmdOpRule *rule = groupBegin(&groups, 3);
    int g[3] = {ruleAddResult(rule, k), -1, -1};
    for (int r = 0; r < 2; ++r) {
      MlirBlock block = firstBlock(op, r);
      if (!mlirBlockIsNull(block))
        g[1 + r] = addValue(rule, mlirOperationGetOperand(terminator(block), k),
                            GSPMD_ROLE_OTHER, k);
    }
    groupEnd(&groups, rule, g, 3);
  }
  return groupsDone(&groups, out, num_out);
}

static MlirOperation parentFunc(MlirOperation op) {
  MlirOperation p = mlirOperationGetParentOperation(op);
  while (!mlirOperationIsNull(p) &&
         !gspmdStringRefEq(gspmdOpName(p), "func.func"))
    p = mlirOperationGetParentOperation(p);
  return p;
}

/* A group tying tensor `own` (already added to `rule`) to result k of
 * function `func`, which is not a value but meets its returns and calls. */
static void endWithFuncResult(Groups *g, GspmdOpRule *rule, int own,
                              MlirOperation func, int k, MlirType type) {
  int tensors[2] = {own, ruleAddTensor(rule, funcResultId(func, k),
                                       GSPMD_ROLE_OTHER, k, type)};
  groupEnd(g, rule, tensors, 2);
}

static GspmdRuleStatus buildReturn(GspmdRuleContext *ctx, MlirOperation op,
                                   GspmdOpRule **out, int *num_out) {
  MlirOperation func = parentFunc(op);
  int n = (int)mlirOperationGetNumOperands(op);
  if (mlirOperationIsNull(func))
    return GSPMD_RULE_NONE;
  Groups groups;
  groupsInit(&groups, ctx, op, n);
  for (int k = 0; k < n; ++k) {
    GspmdOpRule *rule = groupBegin(&groups, 2);
    endWithFuncResult(&groups, rule, ruleAddOperand(rule, k), func, k,
                      mlirValueGetType(mlirOperationGetOperand(op, k)));
  }
  return groupsDone(&groups, out, num_out);
}

static GspmdRuleStatus buildCall(GspmdRuleContext *ctx, MlirOperation op,
                                 GspmdOpRule **out, int *num_out) {
  MlirOperation func =
      ctx->funcs ? gspmdFuncTableCallee(ctx->funcs, op) : (MlirOperation){NULL};
  if (mlirOperationIsNull(func))
    return GSPMD_RULE_NONE;
  MlirBlock entry = firstBlock(func, 0);
  if (mlirBlockIsNull(entry))
    return GSPMD_RULE_NONE; /* an external declaration: nothing to tie to */
  int n_args = (int)mlirOperationGetNumOperands(op);
  int n_res = (int)mlirOperationGetNumResults(op);
  Groups groups;
  groupsInit(&groups, ctx, op, n_args + n_res);
  for (int k = 0; k < n_args; ++k) {
    GspmdOpRule *rule = groupBegin(&groups, 2);
    int g[2] = {
        ruleAddOperand(rule, k),
        addValue(rule, mlirBlockGetArgument(entry, k), GSPMD_ROLE_OTHER, k)};
    groupEnd(&groups, rule, g, 2);
  }
  for (int k = 0; k < n_res; ++k) {
    GspmdOpRule *rule = groupBegin(&groups, 2);
    endWithFuncResult(&groups, rule, ruleAddResult(rule, k), func, k,
                      mlirValueGetType(mlirOperationGetResult(op, k)));
  }
  return groupsDone(&groups, out, num_out);
}

static GspmdRuleStatus buildConstraint(GspmdRuleContext *ctx, MlirOperation op,
                                       GspmdOpRule **out, int *num_out) {
  Groups groups;
  groupsInit(&groups, ctx, op, 1);
  GspmdOpRule *rule = groupBegin(&groups, 2);
  int g[2] = {ruleAddOperand(rule, 0), ruleAddResult(rule, 0)};
  groupEnd(&groups, rule, g, 2);
  return groupsDone(&groups, out, num_out);
}

/* Tensor id of boundary sharding k of a manual region: in_shardings first,
 * then out_shardings (rules.h). */
static GspmdTensorId manualBoundaryId(MlirOperation op, int k) {
  GspmdTensorId id = {{NULL}, op, k};
  return id;
}

static GspmdRuleStatus buildManual(GspmdRuleContext *ctx, MlirOperation op,
                                   GspmdOpRule **out, int *num_out) {
  int n_in = (int)mlirOperationGetNumOperands(op);
  int n_out = (int)mlirOperationGetNumResults(op);
  MlirOperation yield = terminator(firstBlock(op, 0));
  Groups groups;
  groupsInit(&groups, ctx, op, n_in + n_out);
  for (int k = 0; k < n_in + n_out; ++k) {
    GspmdOpRule *rule = groupBegin(&groups, 2);
    MlirValue v = k < n_in ? mlirOperationGetOperand(op, k)
                           : mlirOperationGetOperand(yield, k - n_in);
    int g[2] = {k < n_in ? ruleAddOperand(rule, k)
                         : addValue(rule, v, GSPMD_ROLE_OTHER, k - n_in),
                ruleAddTensor(rule, manualBoundaryId(op, k), GSPMD_ROLE_OTHER,
                              k, mlirValueGetType(v))};
    groupEnd(&groups, rule, g, 2);
  }
  return groupsDone(&groups, out, num_out);
}

GspmdRuleStatus buildDataflowRule(GspmdRuleContext *ctx, MlirOperation op,
                                  GspmdOpRule **out, int *num_out) {
  MlirStringRef name = gspmdOpName(op);
  if (gspmdStringRefEq(name, "scf.for"))
    return buildFor(ctx, op, out, num_out);
  if (gspmdStringRefEq(name, "scf.while"))
    return buildWhile(ctx, op, out, num_out);
  if (gspmdStringRefEq(name, "scf.if"))
    return buildIf(ctx, op, out, num_out);
  if (gspmdStringRefEq(name, "func.return"))
    return buildReturn(ctx, op, out, num_out);
  if (gspmdStringRefEq(name, "func.call"))
    return buildCall(ctx, op, out, num_out);
  if (gspmdStringRefEq(name, "gspmd.sharding_constraint"))
    return buildConstraint(ctx, op, out, num_out);
  if (gspmdStringRefEq(name, "gspmd.manual_computation"))
    return buildManual(ctx, op, out, num_out);
  if (gspmdStringRefEq(name, "gspmd.manual_yield"))
    return GSPMD_RULE_SKIP;
  return GSPMD_RULE_NONE;
}
