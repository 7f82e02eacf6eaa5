/*
 * facts.c - what partitioning asks of an op besides its factors, as one
 * table keyed by op name (gspmd/rules.h, GspmdOpFacts): whether the op on
 * local shapes is its own local form, how its results are made again,
 * where it keeps sizes that name shapes, which operands it slices or reads
 * whole, how a non-linalg reduction combines. Linalg structured and
 * elementwise ops get their facts from their structure. The partitioner
 * reads these facts and never an op name.
 */
#include "internal.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdint.h>
#include <string.h>

typedef struct FactsRow {
  const char *name;
  GspmdOpFacts facts;
} FactsRow;

static const FactsRow kRows[] = {
    {"tensor.empty", {.local_form = true, .remake = GSPMD_REMAKE_EMPTY}},
    {"linalg.fill", {.remake = GSPMD_REMAKE_FILL}},
    {"arith.constant", {.remake = GSPMD_REMAKE_SPLAT, .constant = true}},
    {"linalg.softmax", {.local_form = true}},
    /* Its only reduction factors are rows looked up at dynamic offsets
     * (lib/Rules/tensor.c): the devices not holding the row give zeros. */
    {"tensor.extract_slice",
     {.local_form = true,
      .shape_holder = GSPMD_SHAPE_SLICE_SIZES,
      .shape_attr = "static_sizes",
      .shape_operand = 0,
      .sliced_operands = 1u << 0,
      .combines = true,
      .combiner = GSPMD_COMBINER_ADD,
      .masking_exact_on_integers = true,
      .looks_up_rows = true}},
    {"tensor.insert_slice",
     {.local_form = true,
      .shape_holder = GSPMD_SHAPE_SLICE_SIZES,
      .shape_attr = "static_sizes",
      .shape_operand = 1}},
    {"tensor.pad", {.local_form = true, .region_is_body = true}},
    {"tensor.concat", {.local_form = true}},
    {"tensor.collapse_shape", {.local_form = true}},
    {"tensor.expand_shape",
     {.local_form = true,
      .shape_holder = GSPMD_SHAPE_RESULT_ATTR,
      .shape_attr = "static_output_shape"}},
    {"tensor.cast", {.local_form = true}},
    {"tosa.concat", {.local_form = true}},
    {"tosa.conv2d", {.local_form = true}},
    {"tosa.depthwise_conv2d", {.local_form = true}},
    {"tosa.max_pool2d", {.local_form = true}},
    {"tosa.avg_pool2d", {.local_form = true}},
    {"tosa.pad", {.local_form = true}},
    {"tosa.reshape",
     {.local_form = true,
      .shape_holder = GSPMD_SHAPE_RESULT_OPERAND,
      .shape_operand = 1}},
    {"tosa.slice",
     {.local_form = true,
      .shape_holder = GSPMD_SHAPE_RESULT_OPERAND,
      .shape_operand = 2}},
    /* a sum of products of its two inputs; integer ones subtract zero
     * points (operands 2 and 3, read whole), so that 0 * 0 is not what
     * padding contributes */
    {"tosa.matmul",
     {.local_form = true,
      .whole_operands = ~0x3u,
      .combines = true,
      .combiner = GSPMD_COMBINER_ADD,
      .masked_operands = 0x3,
      .masking_exact_on_integers = false}},
    /* a manual region's own collectives */
    {"gspmd.all_reduce", {.local_form = true}},
    {"gspmd.all_gather", {.local_form = true}},
    {"gspmd.reduce_scatter", {.local_form = true}},
    {"gspmd.all_to_all", {.local_form = true}},
    {"gspmd.collective_permute", {.local_form = true}},
};

static bool isSplatConstant(MlirOperation op) {
  MlirAttribute value = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("value"));
  return mlirAttributeIsADenseElements(value) &&
         mlirDenseElementsAttrIsSplat(value);
}

/* The row's remake, when the op has the form it needs. */
static GspmdRemake checkedRemake(MlirOperation op, GspmdRemake remake) {
  switch (remake) {
  case GSPMD_REMAKE_EMPTY:
    return mlirOperationGetNumOperands(op) == 0 ? remake : GSPMD_REMAKE_NONE;
  case GSPMD_REMAKE_FILL:
    return mlirOperationGetNumOperands(op) == 2 ? remake : GSPMD_REMAKE_NONE;
  case GSPMD_REMAKE_SPLAT:
    return isSplatConstant(op) ? remake : GSPMD_REMAKE_NONE;
  default:
    return GSPMD_REMAKE_NONE;
  }
}

GspmdOpFacts gspmdOpFacts(MlirOperation op) {
  GspmdOpFacts facts = {0};
  MlirStringRef name = gspmdOpName(op);
  for (size_t i = 0; i < sizeof(kRows) / sizeof(kRows[0]); ++i)
    if (gspmdStringRefEq(name, kRows[i].name)) {
      facts = kRows[i].facts;
      break;
    }
  facts.remake = checkedRemake(op, facts.remake);
  if (gspmdOpIsLinalgStructured(op))
    facts.local_form = facts.region_is_body = true;
  if (gspmdOpIsElementwise(op) || gspmdTosaIsElementwise(op))
    facts.local_form = true;
  return facts;
}

bool gspmdValueRemakable(MlirValue v) {
  if (!mlirValueIsAOpResult(v))
    return false;
  MlirOperation def = mlirOpResultGetOwner(v);
  GspmdRemake remake = gspmdOpFacts(def).remake;
  return remake == GSPMD_REMAKE_FILL
             ? gspmdValueRemakable(mlirOperationGetOperand(def, 1))
             : remake != GSPMD_REMAKE_NONE;
}

MlirAttribute gspmdSplatScalar(MlirValue v) {
  MlirAttribute none = {NULL};
  if (!mlirValueIsAOpResult(v))
    return none;
  MlirOperation def = mlirOpResultGetOwner(v);
  GspmdRemake remake = gspmdOpFacts(def).remake;
  if (remake == GSPMD_REMAKE_FILL)
    return gspmdConstantValue(mlirOperationGetOperand(def, 0));
  if (remake == GSPMD_REMAKE_SPLAT)
    return mlirDenseElementsAttrGetSplatValue(mlirOperationGetAttributeByName(
        def, mlirStringRefCreateFromCString("value")));
  return none;
}

int gspmdLookupOffsetOperand(MlirOperation op, int dim) {
  /* tensor.extract_slice: the dynamic offsets follow the source, in the
   * order of the kDynamic entries of static_offsets. */
  MlirAttribute offsets =
      mlirOperationGetAttributeByName(op, gspmdStr("static_offsets"));
  int n = 1;
  for (int e = 0; e < dim; ++e)
    n += mlirDenseI64ArrayGetElement(offsets, e) == INT64_MIN;
  return n;
}

bool gspmdIsLoopIndex(MlirOperation op, int *dim) {
  if (!gspmdStringRefEq(gspmdOpName(op), "linalg.index"))
    return false;
  *dim = (int)mlirIntegerAttrGetValueInt(mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("dim")));
  return true;
}
