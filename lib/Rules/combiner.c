/*
 * combiner.c - the combiners of reductions as one table (gspmd/combiner.h):
 * the arith ops that combine, the collective reduction computing each over
 * devices, identities, and each backend's spelling. Adding a combiner is a
 * row here (and an enum value); no algorithm matches arith names itself.
 * Also the analysis of an op's reductions (which combiner, which operands
 * padding must be masked in) that partitioning asks before splitting them.
 */
#include "gspmd/combiner.h"
#include "gspmd/rules.h"
#include "gspmd/support.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdint.h>

typedef struct CombinerRow {
  const char *arith_float, *arith_int; /* the names in linalg bodies */
  GspmdReduction reduction;            /* over devices, or NONE */
  bool reduction_on_i1_only;
  GspmdIdentity identity;
  const char *stablehlo, *stablehlo_i1;
  bool ignores_nan, is_unsigned;
} CombinerRow;

static const CombinerRow kRows[GSPMD_NUM_COMBINERS] = {
    [GSPMD_COMBINER_ADD] = {"arith.addf", "arith.addi", GSPMD_REDUCTION_SUM,
                            false, GSPMD_IDENTITY_ZERO, "stablehlo.add",
                            "stablehlo.xor", false, false},
    [GSPMD_COMBINER_MUL] = {"arith.mulf", "arith.muli", GSPMD_REDUCTION_PROD,
                            false, GSPMD_IDENTITY_ONE, "stablehlo.multiply",
                            "stablehlo.and", false, false},
    [GSPMD_COMBINER_MAX] = {"arith.maximumf", "arith.maxsi",
                            GSPMD_REDUCTION_MAX, false, GSPMD_IDENTITY_LOWEST,
                            "stablehlo.maximum", "stablehlo.maximum", false,
                            false},
    [GSPMD_COMBINER_MIN] = {"arith.minimumf", "arith.minsi",
                            GSPMD_REDUCTION_MIN, false, GSPMD_IDENTITY_HIGHEST,
                            "stablehlo.minimum", "stablehlo.minimum", false,
                            false},
    [GSPMD_COMBINER_MAXNUM] = {"arith.maxnumf", NULL, GSPMD_REDUCTION_MAXNUM,
                               false, GSPMD_IDENTITY_LOWEST,
                               "stablehlo.maximum", "stablehlo.maximum", true,
                               false},
    [GSPMD_COMBINER_MINNUM] = {"arith.minnumf", NULL, GSPMD_REDUCTION_MINNUM,
                               false, GSPMD_IDENTITY_HIGHEST,
                               "stablehlo.minimum", "stablehlo.minimum", true,
                               false},
    [GSPMD_COMBINER_OR] = {NULL, "arith.ori", GSPMD_REDUCTION_SUM, true,
                           GSPMD_IDENTITY_ZERO, "stablehlo.or", "stablehlo.or",
                           false, false},
    [GSPMD_COMBINER_AND] = {NULL, "arith.andi", GSPMD_REDUCTION_PROD, true,
                            GSPMD_IDENTITY_ALL_ONES, "stablehlo.and",
                            "stablehlo.and", false, false},
    [GSPMD_COMBINER_XOR] = {NULL, "arith.xori", GSPMD_REDUCTION_NONE, false,
                            GSPMD_IDENTITY_ZERO, "stablehlo.xor",
                            "stablehlo.xor", false, false},
    [GSPMD_COMBINER_UMAX] = {NULL, "arith.maxui", GSPMD_REDUCTION_NONE, false,
                             GSPMD_IDENTITY_ZERO, "stablehlo.maximum",
                             "stablehlo.or", false, true},
    [GSPMD_COMBINER_UMIN] = {NULL, "arith.minui", GSPMD_REDUCTION_NONE, false,
                             GSPMD_IDENTITY_ALL_ONES, "stablehlo.minimum",
                             "stablehlo.and", false, true},
};

static const CombinerRow *row(GspmdCombiner c) {
  return c > GSPMD_COMBINER_NONE && c < GSPMD_NUM_COMBINERS ? &kRows[c] : NULL;
}

GspmdCombiner gspmdCombinerOfName(MlirStringRef name) {
  for (int c = 0; c < GSPMD_NUM_COMBINERS; ++c)
    if ((kRows[c].arith_float &&
         gspmdStringRefEq(name, kRows[c].arith_float)) ||
        (kRows[c].arith_int && gspmdStringRefEq(name, kRows[c].arith_int)))
      return (GspmdCombiner)c;
  return GSPMD_COMBINER_NONE;
}

GspmdCombiner gspmdCombinerOfOp(MlirOperation op) {
  if (mlirOperationIsNull(op) || mlirOperationGetNumOperands(op) != 2 ||
      mlirOperationGetNumResults(op) != 1)
    return GSPMD_COMBINER_NONE;
  return gspmdCombinerOfName(gspmdOpName(op));
}

MlirOperation gspmdMatchCombine(MlirBlock body, int output, MlirValue *x) {
  MlirOperation none = {NULL};
  MlirOperation yield = mlirBlockGetTerminator(body);
  int num_outputs = (int)mlirOperationGetNumOperands(yield);
  MlirValue y = mlirOperationGetOperand(yield, output);
  if (!mlirValueIsAOpResult(y))
    return none;
  MlirOperation c = mlirOpResultGetOwner(y);
  if (gspmdCombinerOfOp(c) == GSPMD_COMBINER_NONE ||
      !mlirBlockEqual(mlirOperationGetBlock(c), body))
    return none;
  MlirValue acc = mlirBlockGetArgument(body, mlirBlockGetNumArguments(body) -
                                                 num_outputs + output);
  MlirValue a = mlirOperationGetOperand(c, 0),
            b = mlirOperationGetOperand(c, 1);
  bool a_acc = mlirValueEqual(a, acc), b_acc = mlirValueEqual(b, acc);
  if (a_acc == b_acc)
    return none; /* neither, or acc with itself */
  *x = a_acc ? b : a;
  return c;
}

static bool isI1(MlirType t) {
  return mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) == 1;
}

GspmdReduction gspmdCombinerReduction(GspmdCombiner c, MlirType element) {
  const CombinerRow *r = row(c);
  if (!r || (r->reduction_on_i1_only && !isI1(element)))
    return GSPMD_REDUCTION_NONE;
  return r->reduction;
}

GspmdCombiner gspmdReductionCombiner(GspmdReduction reduce) {
  for (int c = 0; c < GSPMD_NUM_COMBINERS; ++c)
    if (kRows[c].reduction == reduce && !kRows[c].reduction_on_i1_only)
      return (GspmdCombiner)c;
  return GSPMD_COMBINER_NONE;
}

GspmdReduction gspmdReductionOrdered(GspmdReduction reduce) {
  return reduce == GSPMD_REDUCTION_MAXNUM   ? GSPMD_REDUCTION_MAX
         : reduce == GSPMD_REDUCTION_MINNUM ? GSPMD_REDUCTION_MIN
                                            : reduce;
}

GspmdIdentity gspmdCombinerIdentity(GspmdCombiner c) {
  const CombinerRow *r = row(c);
  return r ? r->identity : GSPMD_IDENTITY_ZERO;
}

static double floatIdentity(GspmdIdentity identity) {
  switch (identity) {
  case GSPMD_IDENTITY_ONE:
  case GSPMD_IDENTITY_ALL_ONES:
    return 1.0;
  case GSPMD_IDENTITY_LOWEST:
    return -INFINITY;
  case GSPMD_IDENTITY_HIGHEST:
    return INFINITY;
  default:
    return 0.0;
  }
}

static int64_t intIdentity(unsigned width, GspmdIdentity identity) {
  if (width == 1) /* false for zero and lowest, true otherwise */
    return identity != GSPMD_IDENTITY_ZERO && identity != GSPMD_IDENTITY_LOWEST;
  switch (identity) {
  case GSPMD_IDENTITY_ONE:
    return 1;
  case GSPMD_IDENTITY_ALL_ONES:
    return -1;
  case GSPMD_IDENTITY_LOWEST:
    return width >= 64 ? INT64_MIN : -((int64_t)1 << (width - 1));
  case GSPMD_IDENTITY_HIGHEST:
    return width >= 64 ? INT64_MAX : ((int64_t)1 << (width - 1)) - 1;
  default:
    return 0;
  }
}

MlirAttribute gspmdIdentityAttr(MlirType element, GspmdIdentity identity) {
  if (mlirTypeIsAFloat(element))
    return mlirFloatAttrDoubleGet(mlirTypeGetContext(element), element,
                                  floatIdentity(identity));
  return mlirIntegerAttrGet(
      element, intIdentity(mlirIntegerTypeGetWidth(element), identity));
}

const char *gspmdCombinerArithName(GspmdCombiner c, MlirType element) {
  const CombinerRow *r = row(c);
  if (!r)
    return NULL;
  if (mlirTypeIsAFloat(element))
    return r->arith_float;
  if (r->arith_int)
    return r->arith_int;
  /* maxnum/minnum on integers: there is no NaN to ignore */
  return kRows[c == GSPMD_COMBINER_MAXNUM ? GSPMD_COMBINER_MAX
                                          : GSPMD_COMBINER_MIN]
      .arith_int;
}

const char *gspmdCombinerStablehloName(GspmdCombiner c, bool is_float,
                                       int element_bits, bool *ignores_nan,
                                       bool *is_unsigned) {
  const CombinerRow *r = row(c);
  if (!r)
    return NULL;
  bool i1 = !is_float && element_bits == 1;
  *ignores_nan = r->ignores_nan;
  *is_unsigned = r->is_unsigned && !i1;
  return i1 ? r->stablehlo_i1 : r->stablehlo;
}

/*===-- The combiner of an op's reductions --------------------------------===*/

/* True when v (inside a linalg body) is computed from an output block
 * argument (an accumulator): then the body is not a plain combiner. */
static bool readsAccumulator(MlirValue v, MlirBlock body, int num_inputs,
                             int depth) {
  if (mlirValueIsABlockArgument(v))
    return mlirBlockEqual(mlirBlockArgumentGetOwner(v), body) &&
           (int)mlirBlockArgumentGetArgNumber(v) >= num_inputs;
  if (depth > 64)
    return true; /* too deep to prove: assume the worst */
  MlirOperation def = mlirOpResultGetOwner(v);
  if (!mlirBlockEqual(mlirOperationGetBlock(def), body))
    return false; /* defined outside the body */
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i)
    if (readsAccumulator(mlirOperationGetOperand(def, i), body, num_inputs,
                         depth + 1))
      return true;
  return false;
}

/* Block argument number of v in `body`, or -1. */
static int argNumber(MlirValue v, MlirBlock body) {
  if (!mlirValueIsABlockArgument(v) ||
      !mlirBlockEqual(mlirBlockArgumentGetOwner(v), body))
    return -1;
  return (int)mlirBlockArgumentGetArgNumber(v);
}

/* True when v is an arith.constant holding the identity of `kind`. */
static bool isIdentityConstant(MlirValue v, GspmdReduction kind) {
  MlirAttribute value = gspmdConstantValue(v);
  return !mlirAttributeIsNull(value) && gspmdIsIdentityValue(value, kind);
}

/* Records in `mask` which inputs feed the combiner directly (or through one
 * product for a sum, or chosen against the identity: a scatter's update
 * where its index points here), so that masking them with the identity
 * makes padding contribute nothing. */
static bool markMaskedInputs(MlirValue x, MlirBlock body, int num_inputs,
                             GspmdReduction kind, GspmdReduction *mask) {
  int j = argNumber(x, body);
  if (j >= 0 && j < num_inputs) {
    mask[j] = kind;
    return true;
  }
  if (!mlirValueIsAOpResult(x))
    return false;
  MlirOperation def = mlirOpResultGetOwner(x);
  if (gspmdStringRefEq(gspmdOpName(def), "arith.select") &&
      isIdentityConstant(mlirOperationGetOperand(def, 2), kind))
    return markMaskedInputs(mlirOperationGetOperand(def, 1), body, num_inputs,
                            kind, mask);
  if (kind != GSPMD_REDUCTION_SUM)
    return false;
  MlirOperation prod = def;
  if (gspmdCombinerOfOp(prod) != GSPMD_COMBINER_MUL)
    return false;
  for (int k = 0; k < 2; ++k) {
    int a = argNumber(mlirOperationGetOperand(prod, k), body);
    if (a < 0 || a >= num_inputs)
      return false;
    mask[a] = GSPMD_REDUCTION_SUM; /* 0 * 0 = 0, even against poison */
  }
  return true;
}

/* The collective reduction of combiner op c, or NONE. */
static GspmdReduction reductionOfCombine(MlirOperation c) {
  return gspmdCombinerReduction(gspmdCombinerOfOp(c),
                                mlirValueGetType(mlirOperationGetResult(c, 0)));
}

/* Every output of a linalg body must be `combine(acc, x)` with the same
 * kind and x not reading any accumulator. */
static GspmdReduction linalgReduction(MlirOperation op, GspmdReduction *mask,
                                      bool *maskable) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (mlirBlockIsNull(body))
    return GSPMD_REDUCTION_NONE;
  int num_outputs =
      (int)mlirOperationGetNumOperands(mlirBlockGetTerminator(body));
  int num_inputs = (int)mlirBlockGetNumArguments(body) - num_outputs;
  GspmdReduction kind = GSPMD_REDUCTION_NONE;
  for (int i = 0; i < num_outputs; ++i) {
    MlirValue x;
    MlirOperation c = gspmdMatchCombine(body, i, &x);
    GspmdReduction k =
        mlirOperationIsNull(c) ? GSPMD_REDUCTION_NONE : reductionOfCombine(c);
    if (k == GSPMD_REDUCTION_NONE ||
        (kind != GSPMD_REDUCTION_NONE && k != kind))
      return GSPMD_REDUCTION_NONE;
    kind = k;
    if (readsAccumulator(x, body, num_inputs, 0))
      return GSPMD_REDUCTION_NONE;
    if (!markMaskedInputs(x, body, num_inputs, kind, mask))
      *maskable = false;
  }
  return kind;
}

GspmdReduction gspmdOpReduction(MlirOperation op, GspmdReduction *mask,
                                bool *maskable) {
  /* A masked lookup's devices yield the identity but one (gather.c): a sum
   * of one term, exact for any split and any type. */
  GspmdGatherRead read;
  if (gspmdGatherReads(op, &read, 1) > 0)
    return GSPMD_REDUCTION_SUM;
  if (gspmdOpIsLinalgStructured(op))
    return linalgReduction(op, mask, maskable);
  GspmdOpFacts facts = gspmdOpFacts(op);
  if (!facts.combines || mlirOperationGetNumOperands(op) == 0)
    return GSPMD_REDUCTION_NONE;
  MlirType element = mlirShapedTypeGetElementType(
      mlirValueGetType(mlirOperationGetOperand(op, 0)));
  GspmdReduction kind = gspmdCombinerReduction(facts.combiner, element);
  if (kind == GSPMD_REDUCTION_NONE)
    return kind;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op) && i < 32; ++i)
    if (facts.masked_operands & (1u << i))
      mask[i] = kind;
  *maskable = facts.masking_exact_on_integers || mlirTypeIsAFloat(element);
  return kind;
}

bool gspmdIsIdentityValue(MlirAttribute value, GspmdReduction kind) {
  MlirType t = mlirAttributeGetType(value);
  kind = gspmdReductionOrdered(kind);
  if (mlirTypeIsAFloat(t)) {
    double v = mlirFloatAttrGetValueDouble(value);
    return kind == GSPMD_REDUCTION_SUM    ? v == 0.0
           : kind == GSPMD_REDUCTION_PROD ? v == 1.0
           : kind == GSPMD_REDUCTION_MAX  ? v < -1e308
                                          : v > 1e308;
  }
  if (mlirAttributeIsAInteger(value)) {
    int64_t v = mlirIntegerAttrGetValueInt(value);
    /* Signed max and min (the integer combiners' order) start from the
     * type's extremes; i1 has none of its own. */
    unsigned width = mlirTypeIsAInteger(t) ? mlirIntegerTypeGetWidth(t) : 64;
    int64_t lowest = width >= 64 ? INT64_MIN : -(INT64_C(1) << (width - 1));
    return (kind == GSPMD_REDUCTION_SUM && v == 0) ||
           (kind == GSPMD_REDUCTION_PROD && v == 1) ||
           (width > 1 && kind == GSPMD_REDUCTION_MAX && v == lowest) ||
           (width > 1 && kind == GSPMD_REDUCTION_MIN && v == -(lowest + 1));
  }
  return false;
}
