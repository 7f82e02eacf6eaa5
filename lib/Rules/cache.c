/*
 * cache.c - rules shared between ops of one signature. A model repeats a
 * handful of ops (the same matmul, add and fill in every layer), and the
 * rule of most ops follows from the op's name, attributes and operand and
 * result types alone: building it again for each op costs the C API's
 * indexing-map queries and ~1.5 KB of arena per op, for the whole pass.
 * Such ops (see signatureDetermined) get the first op's factors and tensors
 * and their own values (GspmdOpRule.ids).
 *
 * Assumes types and attributes are uniqued by the context (MLIR's), so a
 * signature compares by pointer, and that rules are not changed once built.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

struct GspmdRuleCache {
  GspmdKeyMap index; /* signature -> rules[i] */
  GspmdVec rules;    /* const GspmdOpRule *: the first op's rule */
};

GspmdRuleCache *gspmdRuleCacheCreate(void) {
  GspmdRuleCache *c = calloc(1, sizeof(*c));
  if (!c)
    abort();
  gspmdVecInit(&c->rules, sizeof(const GspmdOpRule *));
  return c;
}

void gspmdRuleCacheDestroy(GspmdRuleCache *cache) {
  if (!cache)
    return;
  gspmdKeyMapFree(&cache->index);
  gspmdVecFree(&cache->rules);
  free(cache);
}

static MlirWalkResult findExtract(MlirOperation op, void *found) {
  if (gspmdStringRefEq(gspmdOpName(op), "tensor.extract")) {
    *(bool *)found = true;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

/* Ops whose rule reads nothing but their signature: linalg's structured
 * ops (maps, iterators and types; named ops' bodies follow from the name,
 * and a body matters only through the tensors it reads with
 * tensor.extract: gather reads), region-free arith and math ops and
 * tensor.empty. Ops whose builders look at the values feeding them (pads,
 * slices, tosa shape operands, calls and loops) are built each time. */
static bool signatureDetermined(MlirOperation op) {
  MlirStringRef name = gspmdOpName(op);
  if (gspmdStringRefEq(name, "tensor.empty"))
    return true;
  bool arith = name.length > 6 && (!memcmp(name.data, "arith.", 6) ||
                                   !memcmp(name.data, "math.", 5));
  if (arith)
    return mlirOperationGetNumRegions(op) == 0;
  if (!gspmdOpIsLinalgStructured(op))
    return false;
  bool extract = false;
  mlirOperationWalk(op, findExtract, &extract, MlirWalkPreOrder);
  return !extract;
}

/* The signature as words: name, attributes (one uniqued dictionary),
 * operand and result types. Returns its length, or -1 when it does not
 * fit. */
static int signatureOf(MlirOperation op, uint64_t *key, int max) {
  intptr_t no = mlirOperationGetNumOperands(op),
           nr = mlirOperationGetNumResults(op);
  if (4 + no + nr > max)
    return -1;
  int n = 0;
  key[n++] = (uintptr_t)mlirOperationGetName(op).ptr;
  key[n++] = (uintptr_t)gspmdOpAttributes(op).ptr;
  key[n++] = (uint64_t)no;
  key[n++] = (uint64_t)nr;
  for (intptr_t i = 0; i < no; ++i)
    key[n++] = (uintptr_t)mlirValueGetType(mlirOperationGetOperand(op, i)).ptr;
  for (intptr_t i = 0; i < nr; ++i)
    key[n++] = (uintptr_t)mlirValueGetType(mlirOperationGetResult(op, i)).ptr;
  return n;
}

/* The rule of op from the shared one: the op's own values by role and
 * position. */
static GspmdOpRule *instantiate(GspmdRuleContext *ctx, MlirOperation op,
                                const GspmdOpRule *shared) {
  GspmdOpRule *r = gspmdArenaAlloc(ctx->arena, sizeof(GspmdOpRule));
  *r = *shared;
  r->op = op;
  r->ids = gspmdArenaAlloc(ctx->arena,
                           sizeof(GspmdTensorId) * (size_t)r->max_tensors);
  for (int t = 0; t < r->num_tensors; ++t) {
    const GspmdRuleTensor *x = &r->tensors[t];
    r->ids[t] = valueId(x->role == GSPMD_ROLE_RESULT
                            ? mlirOperationGetResult(op, x->position)
                            : mlirOperationGetOperand(op, x->position));
  }
  return r;
}

/* Only rules of operands and results can be instantiated by position. */
static bool shareable(const GspmdOpRule *rule) {
  for (int t = 0; t < rule->num_tensors; ++t)
    if (rule->tensors[t].role != GSPMD_ROLE_OPERAND &&
        rule->tensors[t].role != GSPMD_ROLE_RESULT)
      return false;
  return true;
}

#define MAX_KEY 64

GspmdRuleStatus
ruleCacheBuild(GspmdRuleContext *ctx, MlirOperation op, GspmdOpRule **out,
               int *num_out,
               GspmdRuleStatus (*build)(GspmdRuleContext *, MlirOperation,
                                        GspmdOpRule **, int *)) {
  GspmdRuleCache *c = ctx->cache;
  uint64_t key[MAX_KEY];
  int n = c && signatureDetermined(op) ? signatureOf(op, key, MAX_KEY) : -1;
  if (n < 0)
    return build(ctx, op, out, num_out);
  int i = gspmdKeyMapGet(&c->index, key, (size_t)n);
  if (i >= 0) {
    *out =
        instantiate(ctx, op, GSPMD_VEC_AT(&c->rules, const GspmdOpRule *, i));
    *num_out = 1;
    return GSPMD_RULE_OK;
  }
  GspmdRuleStatus status = build(ctx, op, out, num_out);
  if (status != GSPMD_RULE_OK || *num_out != 1 || !shareable(*out))
    return status;
  gspmdKeyMapPut(&c->index, key, (size_t)n, (int)c->rules.size);
  *(const GspmdOpRule **)gspmdVecPush(&c->rules) = *out;
  return status;
}
