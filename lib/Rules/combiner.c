/*
 * combiner.c - the combiners of reductions as one table (gspmd/combiner.h):
 * the arith ops that combine, the collective reduction computing each over
 * devices, identities, and each backend's spelling. Adding a combiner is a
 * row here (and an enum value); no algorithm matches arith names itself.
 */
#include "gspmd/combiner.h"
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
