/*
 * tosa.c - rules of the tosa dialect (1.0 operand order: zero points and
 * shape operands follow the tensors and take no part). Convolutions and
 * pools read H and W through windows; the kernel dims stay unsplit.
 */
#include "internal.h"

#include <string.h>

static const char *const kElementwise[] = {"tosa.add",
                                           "tosa.sub",
                                           "tosa.mul",
                                           "tosa.maximum",
                                           "tosa.minimum",
                                           "tosa.pow",
                                           "tosa.abs",
                                           "tosa.exp",
                                           "tosa.log",
                                           "tosa.negate",
                                           "tosa.reciprocal",
                                           "tosa.rsqrt",
                                           "tosa.clamp",
                                           "tosa.sigmoid",
                                           "tosa.tanh",
                                           "tosa.erf",
                                           "tosa.cast",
                                           "tosa.select",
                                           "tosa.equal",
                                           "tosa.greater",
                                           "tosa.greater_equal",
                                           "tosa.logical_and",
                                           "tosa.logical_or",
                                           "tosa.logical_xor",
                                           "tosa.logical_not",
                                           "tosa.bitwise_and",
                                           "tosa.bitwise_or",
                                           "tosa.bitwise_xor",
                                           "tosa.bitwise_not",
                                           "tosa.floor",
                                           "tosa.ceil",
                                           "tosa.cos",
                                           "tosa.sin",
                                           "tosa.int_div",
                                           "tosa.arithmetic_right_shift",
                                           "tosa.logical_left_shift",
                                           "tosa.logical_right_shift",
                                           "tosa.clz",
                                           "tosa.rescale",
                                           "tosa.identity"};

bool gspmdTosaIsElementwise(MlirOperation op) {
  MlirStringRef name = gspmdOpName(op);
  if (name.length < 5 || strncmp(name.data, "tosa.", 5) != 0)
    return false;
  for (size_t i = 0; i < sizeof(kElementwise) / sizeof(kElementwise[0]); ++i)
    if (gspmdStringRefEq(name, kElementwise[i]))
      return true;
  return false;
}

/* Factor letters for readability: positions in the rule's factor list. */
enum { N, H, W, C, K, KH, KW, M, NUM_CONV_FACTORS };

/* [N,H,C] x [N,C,W] -> [N,H,W]; C is summed. */
static GspmdOpRule *buildMatmul(GspmdRuleContext *ctx, MlirOperation op) {
  GspmdOpRule *rule = ruleAlloc(ctx, op, 4, 3);
  int a = ruleAddOperand(rule, 0), b = ruleAddOperand(rule, 1);
  int r = ruleAddResult(rule, 0);
  if (a < 0 || b < 0 || r < 0)
    return NULL;
  /* factors: 0=n, 1=h, 2=w, 3=c */
  int fa[3] = {0, 1, 3}, fb[3] = {0, 3, 2}, fr[3] = {0, 1, 2};
  for (int d = 0; d < 3; ++d) {
    ruleMapDim(rule, a, d, fa[d]);
    ruleMapDim(rule, b, d, fb[d]);
    ruleMapDim(rule, r, d, fr[d]);
  }
  rule->factor_kind[3] = GSPMD_FACTOR_REDUCTION;
  return rule;
}

/* NHWC convolutions and pools. input [N,IH,IW,C]; conv2d weight
 * [K,KH,KW,C] (C summed, output channel K); depthwise weight [KH,KW,C,M]
 * (output channel C*M); pools have no weight and keep C. */
typedef enum { CONV, DEPTHWISE, POOL } ConvKind;

/* Input row stride * i + dilation * k - pad_before for output row i and
 * kernel row k in [0, kernel); the halo stands for the padding (zeros,
 * -inf for max pools). Not for integer convolutions (their padding is the
 * zero point) nor average pools that pad the dim (their divisor counts only
 * real elements). */
static void setConvWindows(GspmdOpRule *rule, int in, MlirOperation op,
                           const int64_t *kernel) {
  int64_t stride[2], dilation[2] = {1, 1}, pad[4];
  if (attrI64Array(op, "stride", stride, 2) != 2 ||
      attrI64Array(op, "pad", pad, 4) != 4)
    return;
  if (attrI64Array(op, "dilation", dilation, 2) < 0)
    dilation[0] = dilation[1] = 1;
  MlirStringRef name = gspmdOpName(op);
  bool avg = gspmdStringRefEq(name, "tosa.avg_pool2d");
  bool max = gspmdStringRefEq(name, "tosa.max_pool2d");
  bool pool = avg || max;
  MlirType elt = mlirShapedTypeGetElementType(
      mlirValueGetType(mlirOperationGetOperand(op, 0)));
  if (!pool && !mlirTypeIsAFloat(elt))
    return;
  for (int k = 0; k < 2; ++k) {
    if (kernel[k] <= 0 || (avg && (pad[2 * k] || pad[2 * k + 1])))
      continue;
    ruleSetWindow(rule, in, 1 + k,
                  (GspmdWindow){stride[k], -pad[2 * k],
                                dilation[k] * (kernel[k] - 1) - pad[2 * k],
                                GSPMD_REBASE_TOSA_PAD,
                                max ? GSPMD_FILL_LOWEST : GSPMD_FILL_ZERO});
  }
}

static GspmdOpRule *buildConv(GspmdRuleContext *ctx, MlirOperation op,
                              ConvKind kind) {
  GspmdOpRule *rule = ruleAlloc(ctx, op, NUM_CONV_FACTORS, 4);
  int in = ruleAddOperand(rule, 0);
  int out = ruleAddResult(rule, 0);
  if (in < 0 || out < 0 || rule->tensors[in].rank != 4)
    return NULL;
  rule->factor_kind[KH] = rule->factor_kind[KW] = GSPMD_FACTOR_REPLICATED;
  ruleMapDim(rule, out, 0, N);
  ruleMapDim(rule, out, 1, H);
  ruleMapDim(rule, out, 2, W);
  ruleMapDim(rule, in, 0, N);
  ruleMapWindowDim(rule, in, 1, H);
  ruleMapWindowDim(rule, in, 2, W);
  ruleMapDim(rule, in, 3, C);
  if (kind == POOL) {
    ruleMapDim(rule, out, 3, C);
    int64_t kernel[2] = {-1, -1};
    attrI64Array(op, "kernel", kernel, 2);
    setConvWindows(rule, in, op, kernel);
    return rule;
  }
  int weight = ruleAddOperand(rule, 1);
  if (weight < 0 || rule->tensors[weight].rank != 4)
    return NULL;
  const int64_t *w = rule->tensors[weight].shape;
  int64_t kernel[2] = {kind == CONV ? w[1] : w[0], kind == CONV ? w[2] : w[1]};
  setConvWindows(rule, in, op, kernel);
  if (kind == CONV) {
    rule->factor_kind[C] = GSPMD_FACTOR_REDUCTION;
    ruleMapDim(rule, out, 3, K);
    int fw[4] = {K, KH, KW, C};
    for (int d = 0; d < 4; ++d)
      ruleMapDim(rule, weight, d, fw[d]);
    int bias = ruleAddOperand(rule, 2);
    if (bias >= 0 && rule->tensors[bias].rank == 1 &&
        rule->tensors[bias].shape[0] == rule->tensors[out].shape[3])
      ruleMapDim(rule, bias, 0, K);
    return rule;
  }
  /* Depthwise: output channel = C (major) x M (minor). */
  int fw[4] = {KH, KW, C, M};
  for (int d = 0; d < 4; ++d)
    ruleMapDim(rule, weight, d, fw[d]);
  ruleMapDim(rule, out, 3, C);
  ruleMapDim(rule, out, 3, M);
  int bias = ruleAddOperand(rule, 2);
  if (bias >= 0 && rule->tensors[bias].rank == 1 &&
      rule->tensors[bias].shape[0] == rule->tensors[out].shape[3]) {
    ruleMapDim(rule, bias, 0, C);
    ruleMapDim(rule, bias, 0, M);
  }
  return rule;
}

/* reduce_*: the axis is summed (kept as a unit dim in the result); argmax
 * drops it and needs it whole. */
static GspmdOpRule *buildReduce(GspmdRuleContext *ctx, MlirOperation op,
                                bool is_argmax) {
  GspmdOpRule *rule = ruleAlloc(ctx, op, GSPMD_MAX_RANK, 2);
  int in = ruleAddOperand(rule, 0), out = ruleAddResult(rule, 0);
  int64_t axis = attrInt(op, "axis", -1);
  if (in < 0 || out < 0 || axis < 0 || axis >= rule->tensors[in].rank)
    return NULL;
  for (int d = 0, j = 0; d < rule->tensors[in].rank; ++d) {
    ruleMapDim(rule, in, d, d);
    if (d == axis) {
      rule->factor_kind[d] =
          is_argmax ? GSPMD_FACTOR_REPLICATED : GSPMD_FACTOR_REDUCTION;
      if (!is_argmax)
        ++j; /* the kept unit dim */
      continue;
    }
    ruleMapDim(rule, out, j++, d);
  }
  return rule;
}

static GspmdOpRule *buildTranspose(GspmdRuleContext *ctx, MlirOperation op) {
  int64_t perms[GSPMD_MAX_RANK];
  GspmdOpRule *rule = ruleAlloc(ctx, op, GSPMD_MAX_RANK, 2);
  rule->priority = GSPMD_PRIORITY_PASS_THROUGH;
  int in = ruleAddOperand(rule, 0), out = ruleAddResult(rule, 0);
  if (in < 0 || out < 0 ||
      attrI64Array(op, "perms", perms, GSPMD_MAX_RANK) !=
          rule->tensors[out].rank)
    return NULL;
  ruleMapIdentity(rule, in, 0);
  for (int d = 0; d < rule->tensors[out].rank; ++d)
    ruleMapDim(rule, out, d, (int)perms[d]);
  return rule;
}

/* The values of operand `operand` when a tosa.const_shape defines it;
 * returns their count, or -1. */
int gspmdTosaConstShape(MlirOperation op, int operand, int64_t *out, int max) {
  if (operand >= mlirOperationGetNumOperands(op))
    return -1;
  MlirValue v = mlirOperationGetOperand(op, operand);
  if (!mlirValueIsAOpResult(v))
    return -1;
  MlirOperation def = mlirOpResultGetOwner(v);
  if (!gspmdStringRefEq(gspmdOpName(def), "tosa.const_shape"))
    return -1;
  MlirAttribute values = mlirOperationGetAttributeByName(
      def, mlirStringRefCreateFromCString("values"));
  if (mlirAttributeIsNull(values) || !mlirAttributeIsADenseElements(values))
    return -1;
  int n = (int)mlirElementsAttrGetNumElements(values);
  if (n > max)
    return -1;
  for (int i = 0; i < n; ++i)
    out[i] = (int64_t)mlirDenseElementsAttrGetIndexValue(values, i);
  return n;
}

MlirAttribute gspmdTosaPadValue(MlirOperation op) {
  if (mlirOperationGetNumOperands(op) < 3 ||
      !mlirValueIsAOpResult(mlirOperationGetOperand(op, 2)))
    return (MlirAttribute){NULL};
  MlirOperation def = mlirOpResultGetOwner(mlirOperationGetOperand(op, 2));
  MlirAttribute values = mlirOperationGetAttributeByName(
      def, mlirStringRefCreateFromCString("values"));
  if (!gspmdStringRefEq(gspmdOpName(def), "tosa.const") ||
      mlirAttributeIsNull(values) || !mlirAttributeIsADenseElements(values) ||
      !mlirDenseElementsAttrIsSplat(values))
    return (MlirAttribute){NULL};
  return mlirDenseElementsAttrGetSplatValue(values);
}

/* tosa.slice reads input[start + i]; tosa.pad reads input[i - low] (its
 * splat pad value outside). */
static void setShapeChangeWindows(GspmdOpRule *rule, int in, MlirOperation op) {
  int64_t v[2 * GSPMD_MAX_RANK];
  int rank = rule->tensors[in].rank;
  bool slice = gspmdStringRefEq(gspmdOpName(op), "tosa.slice");
  int n = gspmdTosaConstShape(op, 1, v, 2 * GSPMD_MAX_RANK);
  if (n != (slice ? rank : 2 * rank) ||
      (!slice && mlirAttributeIsNull(gspmdTosaPadValue(op))))
    return;
  for (int d = 0; d < rank; ++d) {
    int64_t offset = slice ? v[d] : -v[2 * d];
    ruleSetWindow(
        rule, in, d,
        (GspmdWindow){1, offset, offset,
                      slice ? GSPMD_REBASE_TOSA_START
                            : GSPMD_REBASE_TOSA_PADDING,
                      slice ? GSPMD_FILL_ZERO : GSPMD_FILL_PAD_OPERAND});
  }
}

/* slice, pad, tile: a dim whose size is kept is shared; pad and slice read
 * a changed dim through a window; tile repeats it (kept whole). */
static GspmdOpRule *buildShapeChange(GspmdRuleContext *ctx, MlirOperation op,
                                     bool window) {
  GspmdOpRule *rule = ruleAlloc(ctx, op, GSPMD_MAX_RANK, 2);
  int in = ruleAddOperand(rule, 0), out = ruleAddResult(rule, 0);
  if (in < 0 || out < 0 || rule->tensors[in].rank != rule->tensors[out].rank)
    return NULL;
  for (int d = 0; d < rule->tensors[in].rank; ++d) {
    bool same = rule->tensors[in].shape[d] == rule->tensors[out].shape[d];
    if (!same && !window)
      continue;
    ruleMapDim(rule, out, d, d);
    if (same)
      ruleMapDim(rule, in, d, d);
    else
      ruleMapWindowDim(rule, in, d, d);
  }
  if (window)
    setShapeChangeWindows(rule, in, op);
  return rule;
}

GspmdRuleStatus buildTosaRule(GspmdRuleContext *ctx, MlirOperation op,
                              GspmdOpRule **out, int *num_out) {
  MlirStringRef name = gspmdOpName(op);
  if (gspmdTosaIsElementwise(op))
    RETURN_ONE_RULE(buildElementwiseRule(ctx, op));
  if (gspmdStringRefEq(name, "tosa.const"))
    RETURN_ONE_RULE(buildResultOnlyRule(ctx, op));
  if (gspmdStringRefEq(name, "tosa.matmul"))
    RETURN_ONE_RULE(buildMatmul(ctx, op));
  if (gspmdStringRefEq(name, "tosa.conv2d"))
    RETURN_ONE_RULE(buildConv(ctx, op, CONV));
  if (gspmdStringRefEq(name, "tosa.depthwise_conv2d"))
    RETURN_ONE_RULE(buildConv(ctx, op, DEPTHWISE));
  if (gspmdStringRefEq(name, "tosa.avg_pool2d") ||
      gspmdStringRefEq(name, "tosa.max_pool2d"))
    RETURN_ONE_RULE(buildConv(ctx, op, POOL));
  if (gspmdStringRefEq(name, "tosa.argmax"))
    RETURN_ONE_RULE(buildReduce(ctx, op, true));
  if (name.length > 12 && !strncmp(name.data, "tosa.reduce_", 12))
    RETURN_ONE_RULE(buildReduce(ctx, op, false));
  if (gspmdStringRefEq(name, "tosa.transpose"))
    RETURN_ONE_RULE(buildTranspose(ctx, op));
  if (gspmdStringRefEq(name, "tosa.reshape"))
    RETURN_ONE_RULE(buildReshapeRule(ctx, op, 0));
  if (gspmdStringRefEq(name, "tosa.slice") ||
      gspmdStringRefEq(name, "tosa.pad"))
    RETURN_ONE_RULE(buildShapeChange(ctx, op, true));
  if (gspmdStringRefEq(name, "tosa.tile"))
    RETURN_ONE_RULE(buildShapeChange(ctx, op, false));
  if (gspmdStringRefEq(name, "tosa.concat"))
    RETURN_ONE_RULE(buildConcatRule(ctx, op, attrInt(op, "axis", -1)));
  return GSPMD_RULE_NONE;
}
