/*
 * batching.c - how an op gains a leading dim, as one table keyed by op name
 * (gspmd/rules.h, GspmdBatching): which operands gain it, which of its
 * attributes name dims or shapes, and whether a value it computes from
 * nothing (a fill) is made again with the dim rather than broadcast, so
 * that partitioning computes it where it is wanted, as it does a fill
 * outside a pipeline. gspmd-pipeline's vectoriser reads it to
 * make a stage compute all its instances at once; ops not in the table
 * (and not elementwise) cannot be batched.
 */
#include "internal.h"

#include "mlir-c/BuiltinAttributes.h"

typedef struct BatchingRow {
  const char *name;
  GspmdBatching batching;
} BatchingRow;

#define SLICE_ATTRS                                                            \
  {                                                                            \
    {"static_offsets", GSPMD_BATCH_ZERO}, {"static_sizes", GSPMD_BATCH_SIZE},  \
    {                                                                          \
      "static_strides", GSPMD_BATCH_ONE                                        \
    }                                                                          \
  }

static const BatchingRow kRows[] = {
    {"linalg.generic", {.form = GSPMD_BATCH_GENERIC}},
    {"linalg.softmax",
     {.form = GSPMD_BATCH_OPERANDS, .operands = 2, .bump_attr = "dimension"}},
    {"tensor.expand_shape",
     {.form = GSPMD_BATCH_OPERANDS,
      .prepend = {{"static_output_shape", GSPMD_BATCH_SIZE}},
      .reassociation = true}},
    {"tensor.collapse_shape",
     {.form = GSPMD_BATCH_OPERANDS, .reassociation = true}},
    {"tensor.extract_slice",
     {.form = GSPMD_BATCH_OPERANDS, .prepend = SLICE_ATTRS}},
    {"tensor.insert_slice",
     {.form = GSPMD_BATCH_OPERANDS, .operands = 2, .prepend = SLICE_ATTRS}},
    {"tensor.pad",
     {.form = GSPMD_BATCH_OPERANDS,
      .prepend = {{"static_low", GSPMD_BATCH_ZERO},
                  {"static_high", GSPMD_BATCH_ZERO}},
      .region_index = true}},
    {"tensor.concat",
     {.form = GSPMD_BATCH_OPERANDS, .operands = -1, .bump_attr = "dim"}},
    {"tensor.cast", {.form = GSPMD_BATCH_OPERANDS, .operands = -1}},
};

/* True when a linalg.generic's results read no tensor: its inputs are
 * scalars and its body ignores the inits (a fill, an iota). Such a result
 * over a leading dim is the generic again over a bigger init. */
static bool readsNoTensor(MlirOperation op) {
  intptr_t results = mlirOperationGetNumResults(op);
  intptr_t inputs = mlirOperationGetNumOperands(op) - results;
  for (intptr_t i = 0; i < inputs; ++i)
    if (mlirTypeIsAShaped(mlirValueGetType(mlirOperationGetOperand(op, i))))
      return false;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  for (intptr_t i = inputs; i < inputs + results; ++i)
    if (!mlirOpOperandIsNull(
            mlirValueGetFirstUse(mlirBlockGetArgument(body, i))))
      return false;
  return true;
}

GspmdBatching gspmdOpBatching(MlirOperation op) {
  MlirStringRef name = gspmdOpName(op);
  for (size_t i = 0; i < sizeof(kRows) / sizeof(kRows[0]); ++i)
    if (gspmdStringRefEq(name, kRows[i].name)) {
      GspmdBatching bt = kRows[i].batching;
      bt.remake = bt.form == GSPMD_BATCH_GENERIC && readsNoTensor(op);
      return bt;
    }
  GspmdBatching none = {.form = GSPMD_BATCH_NONE};
  if (gspmdOpIsElementwise(op) && mlirOperationGetNumRegions(op) == 0)
    return (GspmdBatching){.form = GSPMD_BATCH_OPERANDS, .operands = -1};
  return none;
}

void gspmdSetLoopIndex(MlirOperation op, int dim) {
  MlirStringRef key = mlirStringRefCreateFromCString("dim");
  MlirAttribute old = mlirOperationGetAttributeByName(op, key);
  mlirOperationSetAttributeByName(
      op, key, mlirIntegerAttrGet(mlirAttributeGetType(old), dim));
}
