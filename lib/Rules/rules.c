/*
 * rules.c - the dispatch from an op to the rule file that knows its
 * dialect. Op knowledge lives in the per-dialect files; building blocks in
 * build.c, printing in print.c, projection in projection.c.
 */
#include "internal.h"

#include <string.h>
/* Ops that carry no tensor semantics of their own. */
static bool isSkipped(MlirStringRef name) {
  static const char *const names[] = {"gspmd.mesh",     "func.func",
                                      "builtin.module", "scf.yield",
                                      "scf.condition",  "linalg.yield"};
  for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); ++i)
    if (gspmdStringRefEq(name, names[i]))
      return true;
  return false;
}

static bool hasTensorOperandOrResult(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (isRankedTensor(mlirValueGetType(mlirOperationGetResult(op, i))))
      return true;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (isRankedTensor(mlirValueGetType(mlirOperationGetOperand(op, i))))
      return true;
  return false;
}

static bool inDialect(MlirStringRef name, const char *dialect) {
  size_t n = strlen(dialect);
  return name.length > n && memcmp(name.data, dialect, n) == 0 &&
         name.data[n] == '.';
}

static GspmdRuleStatus buildOpRules(GspmdRuleContext *ctx, MlirOperation op,
                                    GspmdOpRule **out, int *num_out) {
  MlirStringRef name = gspmdOpName(op);
  *out = NULL;
  *num_out = 0;
  if (isSkipped(name))
    return GSPMD_RULE_SKIP;
  GspmdRuleStatus status = buildDataflowRule(ctx, op, out, num_out);
  if (status != GSPMD_RULE_NONE)
    return status;
  if (!hasTensorOperandOrResult(op))
    return GSPMD_RULE_SKIP;
  if (gspmdOpIsLinalgStructured(op) || inDialect(name, "linalg"))
    return buildLinalgRule(ctx, op, out, num_out);
  if (inDialect(name, "tensor"))
    return buildTensorRule(ctx, op, out, num_out);
  if (inDialect(name, "tosa"))
    return buildTosaRule(ctx, op, out, num_out);
  if (inDialect(name, "gspmd"))
    return buildCollectiveRule(ctx, op, out, num_out);
  if (inDialect(name, "arith") || inDialect(name, "math")) {
    if (gspmdStringRefEq(name, "arith.constant"))
      RETURN_ONE_RULE(buildResultOnlyRule(ctx, op));
    if (gspmdOpIsElementwise(op))
      RETURN_ONE_RULE(buildElementwiseRule(ctx, op));
  }
  return GSPMD_RULE_NONE;
}

GspmdRuleStatus gspmdBuildOpRules(GspmdRuleContext *ctx, MlirOperation op,
                                  GspmdOpRule **out, int *num_out) {
  return ruleCacheBuild(ctx, op, out, num_out, buildOpRules);
}

void gspmdRuleContextInit(GspmdRuleContext *ctx, GspmdArena *arena,
                          MlirOperation module, GspmdFuncTable *funcs) {
  ctx->arena = arena;
  ctx->module = module;
  gspmdFuncTableInit(funcs, module);
  ctx->funcs = funcs;
  ctx->cache = gspmdRuleCacheCreate();
}

void gspmdRuleContextFree(GspmdRuleContext *ctx, GspmdFuncTable *funcs) {
  gspmdFuncTableFree(funcs);
  gspmdRuleCacheDestroy(ctx->cache);
  ctx->cache = NULL;
}
