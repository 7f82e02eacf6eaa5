/*
 * OpQuestions.c - what gspmd-partition asks about an op by its name: how
 * the walk treats it, whether it has a local form, how an op of a linalg
 * body combines, which ops make values from nothing, and which operands or
 * attributes of an op name sizes or shapes. Each function answers one
 * question from a small table of op names; the rest of the partitioner
 * knows ops only through these answers and the factor rules (lib/Rules).
 *
 * Assumes nothing of the op beyond its name, except where a question says
 * so (an or/and combines only on i1, a value made from nothing has the
 * operands that make it so).
 */
#include "partition.h"

#include "mlir-c/BuiltinAttributes.h"

static bool nameIn(MlirOperation op, const char *const *names, size_t n) {
  MlirStringRef name = gspmdOpName(op);
  for (size_t i = 0; i < n; ++i)
    if (gspmdStringRefEq(name, names[i]))
      return true;
  return false;
}

static bool named(MlirOperation op, const char *name) {
  return gspmdStringRefEq(gspmdOpName(op), name);
}

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

PartOpKind partOpKind(MlirOperation op) {
  static const struct {
    const char *name;
    PartOpKind kind;
  } table[] = {
      {"gspmd.sharding_constraint", PART_OP_CONSTRAINT},
      {"func.call", PART_OP_CALL},
      {"scf.for", PART_OP_FOR},
      {"scf.if", PART_OP_IF},
      {"arith.constant", PART_OP_CONSTANT},
      {"gspmd.manual_computation", PART_OP_MANUAL},
  };
  for (size_t i = 0; i < COUNT(table); ++i)
    if (named(op, table[i].name))
      return table[i].kind;
  /* tensor.pad's region yields its padding value: it has a rule. */
  if (mlirOperationGetNumRegions(op) > 0 && !gspmdOpIsLinalgStructured(op) &&
      !named(op, "tensor.pad"))
    return PART_OP_REGIONS;
  return PART_OP_BY_RULE;
}

bool partIsReturnLike(MlirOperation op) {
  static const char *const names[] = {"func.return", "scf.yield",
                                      "scf.condition", "gspmd.manual_yield"};
  return nameIn(op, names, COUNT(names));
}

bool partHasNativeLocalForm(MlirOperation op) {
  static const char *const names[] = {
      "linalg.softmax", "tensor.empty", "tensor.extract_slice",
      "tensor.insert_slice", "tensor.pad", "tensor.concat",
      "tensor.collapse_shape", "tensor.expand_shape", "tensor.cast",
      "tosa.conv2d", "tosa.depthwise_conv2d", "tosa.max_pool2d",
      "tosa.avg_pool2d", "tosa.slice", "tosa.pad", "tosa.matmul",
      /* a manual region's own collectives */
      "gspmd.all_reduce", "gspmd.all_gather", "gspmd.reduce_scatter",
      "gspmd.all_to_all", "gspmd.collective_permute"};
  if (gspmdOpIsLinalgStructured(op) || gspmdOpIsElementwise(op) ||
      gspmdTosaIsElementwise(op))
    return true;
  return nameIn(op, names, COUNT(names));
}

GspmdReduction partCombinerKind(MlirOperation op) {
  static const struct {
    const char *name;
    GspmdReduction kind;
  } table[] = {
      {"arith.addf", GSPMD_REDUCTION_SUM},
      {"arith.addi", GSPMD_REDUCTION_SUM},
      {"arith.ori", GSPMD_REDUCTION_SUM},
      {"arith.mulf", GSPMD_REDUCTION_PROD},
      {"arith.muli", GSPMD_REDUCTION_PROD},
      {"arith.andi", GSPMD_REDUCTION_PROD},
      {"arith.maximumf", GSPMD_REDUCTION_MAX},
      {"arith.maxnumf", GSPMD_REDUCTION_MAXNUM},
      {"arith.maxsi", GSPMD_REDUCTION_MAX},
      {"arith.minimumf", GSPMD_REDUCTION_MIN},
      {"arith.minnumf", GSPMD_REDUCTION_MINNUM},
      {"arith.minsi", GSPMD_REDUCTION_MIN},
  };
  if (mlirOperationIsNull(op) || mlirOperationGetNumResults(op) != 1)
    return GSPMD_REDUCTION_NONE;
  /* or/and are sum/prod only on i1; on wider integers they are bitwise
   * reductions the collectives do not have. */
  if (named(op, "arith.ori") || named(op, "arith.andi")) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
    if (!mlirTypeIsAInteger(t) || mlirIntegerTypeGetWidth(t) != 1)
      return GSPMD_REDUCTION_NONE;
  }
  for (size_t i = 0; i < COUNT(table); ++i)
    if (named(op, table[i].name))
      return table[i].kind;
  return GSPMD_REDUCTION_NONE;
}

bool partIsMultiply(MlirOperation op) {
  return partCombinerKind(op) == GSPMD_REDUCTION_PROD &&
         !named(op, "arith.andi");
}

bool partIsTosaMatmul(MlirOperation op) { return named(op, "tosa.matmul"); }

int partFirstWholeOperand(MlirOperation op) {
  return partIsTosaMatmul(op) ? 2 : (int)mlirOperationGetNumOperands(op);
}

bool partIsEmpty(MlirOperation op) { return named(op, "tensor.empty"); }

bool partIsFill(MlirOperation op) { return named(op, "linalg.fill"); }

bool partIsConstant(MlirOperation op) { return named(op, "arith.constant"); }

bool partIsLinalgIndex(MlirOperation op) { return named(op, "linalg.index"); }

bool partIsExtractSlice(MlirOperation op) {
  return named(op, "tensor.extract_slice");
}

int partStaticSizesOperand(MlirOperation op) {
  return named(op, "tensor.extract_slice")  ? 0
         : named(op, "tensor.insert_slice") ? 1
                                            : -1;
}

int partResultShapeOperand(MlirOperation op) {
  return named(op, "tosa.slice") ? 2 : -1;
}

const char *partResultShapeAttr(MlirOperation op) {
  return named(op, "tensor.expand_shape") ? "static_output_shape" : NULL;
}
