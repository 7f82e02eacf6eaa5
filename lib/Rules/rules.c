/*
 * rules.c - the generic part of the op rules: building blocks, the dispatch
 * from an op to its builder, printing, and the projection of shardings onto
 * factors and back. Op knowledge lives in the per-dialect files.
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
  /* Exactly max_tensors (a rule tensor is ~1.3 KB and every op has a rule
   * for the whole pass); one for none, so the array is never empty. */
  r->max_tensors = max_tensors > 0 ? max_tensors : 1;
  r->tensors = gspmdArenaAlloc(ctx->arena, sizeof(GspmdRuleTensor) *
                                               (size_t)r->max_tensors);
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
  t->id = id;
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

GspmdRuleStatus gspmdBuildOpRules(GspmdRuleContext *ctx, MlirOperation op,
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

/*===-- Printing (Shardy notation) ----------------------------------------===*/

static const char *factorName(int f, char *buf) {
  if (f < 26) {
    buf[0] = (char)('i' + f <= 'z' ? 'i' + f : 'a' + (f - ('z' - 'i' + 1)));
    buf[1] = '\0';
  } else {
    snprintf(buf, 8, "f%d", f);
  }
  return buf;
}

typedef struct Printer {
  char *buf;
  size_t size, len;
} Printer;

static void emit(Printer *p, const char *s) {
  size_t n = strlen(s);
  if (p->len + n < p->size)
    memcpy(p->buf + p->len, s, n + 1);
  else if (p->len < p->size)
    p->buf[p->size - 1] = '\0';
  p->len += n;
}

static void printTensor(Printer *p, const GspmdRuleTensor *t) {
  char name[8];
  emit(p, "[");
  for (int d = 0; d < t->rank; ++d) {
    if (d)
      emit(p, ", ");
    if (t->dim_num_factors[d] == 0)
      emit(p, "_");
    if (t->dim_window[d])
      emit(p, "~");
    for (int k = 0; k < t->dim_num_factors[d]; ++k)
      emit(p, factorName(t->dim_factors[d][k], name));
  }
  emit(p, "]");
}

static void printKindSet(Printer *p, const GspmdOpRule *r, GspmdFactorKind kind,
                         const char *label) {
  char name[8];
  int n = 0;
  for (int f = 0; f < r->num_factors; ++f) {
    if (r->factor_kind[f] != kind)
      continue;
    emit(p, n++ ? ", " : label);
    emit(p, factorName(f, name));
  }
  if (n)
    emit(p, "}");
}

size_t gspmdRulePrint(const GspmdOpRule *r, char *buf, size_t buf_size) {
  Printer p = {buf, buf_size, 0};
  if (buf_size)
    buf[0] = '\0';
  char text[64];
  for (int pass = 0; pass < 2; ++pass) {
    emit(&p, pass ? "->(" : "(");
    int n = 0;
    for (int t = 0; t < r->num_tensors; ++t) {
      bool is_result = r->tensors[t].role == GSPMD_ROLE_RESULT;
      if (is_result != (pass == 1))
        continue;
      if (n++)
        emit(&p, ", ");
      printTensor(&p, &r->tensors[t]);
    }
    emit(&p, ")");
  }
  emit(&p, " {");
  bool first = true;
  for (int f = 0; f < r->num_factors; ++f) {
    if (r->factor_size[f] < 0 && r->factor_kind[f] == GSPMD_FACTOR_PARALLEL)
      continue;
    char name[8];
    /* A dynamic size (negative) prints as MLIR prints it: `?`. */
    if (r->factor_size[f] < 0)
      snprintf(text, sizeof(text), "%s%s=?", first ? "" : ", ",
               factorName(f, name));
    else
      snprintf(text, sizeof(text), "%s%s=%lld", first ? "" : ", ",
               factorName(f, name), (long long)r->factor_size[f]);
    emit(&p, text);
    first = false;
  }
  emit(&p, "}");
  printKindSet(&p, r, GSPMD_FACTOR_REDUCTION, " reduction={");
  printKindSet(&p, r, GSPMD_FACTOR_WINDOW, " window={");
  printKindSet(&p, r, GSPMD_FACTOR_REPLICATED, " replicated={");
  return p.len;
}

/*===-- Projection --------------------------------------------------------===*/

static int64_t axesProduct(const GspmdMesh *mesh, const int *axes, int n) {
  return gspmdMeshAxesSize(mesh, axes, n);
}

void gspmdProjectToFactors(const GspmdOpRule *rule, int tensor,
                           const GspmdMesh *mesh, const GspmdSharding *s,
                           GspmdFactorAxes *factor_axes) {
  const GspmdRuleTensor *t = &rule->tensors[tensor];
  for (int f = 0; f < rule->num_factors; ++f)
    factor_axes[f].num_axes = -1;
  for (int d = 0; d < t->rank; ++d)
    for (int k = 0; k < t->dim_num_factors[d]; ++k)
      factor_axes[t->dim_factors[d][k]].num_axes = 0;
  for (int d = 0; d < t->rank && d < s->rank; ++d) {
    const int *axes = s->dim_axes[d];
    int num_axes = s->dim_num_axes[d], next = 0;
    int n = t->dim_num_factors[d];
    for (int k = 0; k < n && next < num_axes; ++k) {
      int f = t->dim_factors[d][k];
      if (rule->factor_kind[f] == GSPMD_FACTOR_REPLICATED)
        break;
      GspmdFactorAxes *fa = &factor_axes[f];
      bool last = k == n - 1;
      int64_t size = rule->factor_size[f], product = 1;
      while (next < num_axes) {
        int64_t axis = mesh->axis_sizes[axes[next]];
        if (!last && (size < 0 || size % (product * axis) != 0))
          break;
        product *= axis;
        fa->axes[fa->num_axes++] = axes[next++];
      }
      if (!last && product != size)
        break; /* a partly split major factor ends the dim */
    }
  }
}

void gspmdProjectFromFactors(const GspmdOpRule *rule, int tensor,
                             const GspmdMesh *mesh,
                             const GspmdFactorAxes *factor_axes,
                             GspmdSharding *out) {
  const GspmdRuleTensor *t = &rule->tensors[tensor];
  *out = gspmdShardingReplicated(t->rank);
  for (int d = 0; d < t->rank; ++d) {
    int n = t->dim_num_factors[d];
    for (int k = 0; k < n; ++k) {
      int f = t->dim_factors[d][k];
      const GspmdFactorAxes *fa = &factor_axes[f];
      if (fa->num_axes <= 0) {
        /* An unsplit major factor of size 1 (a unit dim merged by a
         * reshape, a depthwise channel multiplier of 1) is filled exactly
         * by no axes: the minor factors may still split the dim. */
        if (k < n - 1 && rule->factor_size[f] == 1)
          continue;
        break;
      }
      for (int i = 0; i < fa->num_axes; ++i)
        out->dim_axes[d][out->dim_num_axes[d]++] = fa->axes[i];
      if (k < n - 1 &&
          axesProduct(mesh, fa->axes, fa->num_axes) != rule->factor_size[f])
        break;
    }
  }
}

bool gspmdRuleFactorIsWindowed(const GspmdOpRule *rule, int f) {
  if (rule->factor_kind[f] == GSPMD_FACTOR_WINDOW ||
      rule->factor_kind[f] == GSPMD_FACTOR_REPLICATED)
    return true;
  for (int t = 0; t < rule->num_tensors; ++t)
    for (int d = 0; d < rule->tensors[t].rank; ++d)
      if (rule->tensors[t].dim_window[d] &&
          rule->tensors[t].dim_num_factors[d] == 1 &&
          rule->tensors[t].dim_factors[d][0] == f)
        return true;
  return false;
}
