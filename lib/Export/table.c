/*
 * table.c - THE op table of the StableHLO export: one row per source op
 * (name, emitter, the StableHLO op or variant the emitter reads), in the
 * spirit of lib/Rules. The emitters live in the family files (arith.c,
 * tensor.c, linalg.c, collective.c, control.c, manual.c); an op without a
 * row is an error at that op.
 *
 * Assumes the module was normalised first (the pass's pipeline before the
 * export): TOSA lowered to linalg/arith/tensor, named linalg ops
 * generalised, unstructured control flow lifted to scf. The dispatch wraps
 * every row in the global form's constraints (sharding.c):
 * gspmd.sharding_constraint and the gspmd.sharding annotations.
 */
#include "internal.h"

#include "gspmd-c/Dialect.h"

typedef struct ExOpRow {
  const char *name;
  ExEmitFn emit;
  const char *arg; /* the StableHLO op or a variant the emitter reads */
} ExOpRow;

static const ExOpRow kOps[] = {
    /* arith: elementwise on tensors and scalars */
    {"arith.addf", exEmitElementwise, "stablehlo.add"},
    {"arith.addi", exEmitElementwise, "stablehlo.add"},
    {"arith.subf", exEmitElementwise, "stablehlo.subtract"},
    {"arith.subi", exEmitElementwise, "stablehlo.subtract"},
    {"arith.mulf", exEmitElementwise, "stablehlo.multiply"},
    {"arith.muli", exEmitElementwise, "stablehlo.multiply"},
    {"arith.divf", exEmitElementwise, "stablehlo.divide"},
    {"arith.divsi", exEmitElementwise, "stablehlo.divide"},
    {"arith.remf", exEmitElementwise, "stablehlo.remainder"},
    {"arith.remsi", exEmitElementwise, "stablehlo.remainder"},
    {"arith.divui", exEmitUnsigned, "stablehlo.divide"},
    {"arith.remui", exEmitUnsigned, "stablehlo.remainder"},
    {"arith.maxui", exEmitUnsigned, "stablehlo.maximum"},
    {"arith.minui", exEmitUnsigned, "stablehlo.minimum"},
    {"arith.maximumf", exEmitElementwise, "stablehlo.maximum"},
    {"arith.minimumf", exEmitElementwise, "stablehlo.minimum"},
    {"arith.maxsi", exEmitElementwise, "stablehlo.maximum"},
    {"arith.minsi", exEmitElementwise, "stablehlo.minimum"},
    {"arith.maxnumf", exEmitCombinerOp, ""},
    {"arith.minnumf", exEmitCombinerOp, ""},
    {"arith.negf", exEmitElementwise, "stablehlo.negate"},
    {"arith.andi", exEmitElementwise, "stablehlo.and"},
    {"arith.ori", exEmitElementwise, "stablehlo.or"},
    {"arith.xori", exEmitElementwise, "stablehlo.xor"},
    {"arith.shli", exEmitElementwise, "stablehlo.shift_left"},
    {"arith.shrsi", exEmitElementwise, "stablehlo.shift_right_arithmetic"},
    {"arith.shrui", exEmitElementwise, "stablehlo.shift_right_logical"},
    {"arith.cmpf", exEmitCmpF, ""},
    {"arith.cmpi", exEmitCmpI, ""},
    {"arith.select", exEmitSelect, ""},
    {"arith.constant", exEmitConstant, ""},
    {"arith.sitofp", exEmitCast, "convert"},
    {"arith.uitofp", exEmitCast, "from-unsigned"},
    {"arith.fptosi", exEmitCast, "convert"},
    {"arith.fptoui", exEmitCast, "to-unsigned"},
    {"arith.extf", exEmitCast, "convert"},
    {"arith.truncf", exEmitCast, "convert"},
    {"arith.extsi", exEmitCast, "signed"},
    {"arith.extui", exEmitCast, "from-unsigned"},
    {"arith.trunci", exEmitCast, "convert"},
    {"arith.index_cast", exEmitCast, "signed"},
    {"arith.index_castui", exEmitCast, "from-unsigned"},
    {"arith.bitcast", exEmitCast, "bitcast"},
    /* math */
    {"math.exp", exEmitElementwise, "stablehlo.exponential"},
    {"math.expm1", exEmitElementwise, "stablehlo.exponential_minus_one"},
    {"math.log", exEmitElementwise, "stablehlo.log"},
    {"math.log1p", exEmitElementwise, "stablehlo.log_plus_one"},
    {"math.tanh", exEmitElementwise, "stablehlo.tanh"},
    {"math.tan", exEmitElementwise, "stablehlo.tan"},
    {"math.sqrt", exEmitElementwise, "stablehlo.sqrt"},
    {"math.rsqrt", exEmitElementwise, "stablehlo.rsqrt"},
    {"math.cbrt", exEmitElementwise, "stablehlo.cbrt"},
    {"math.absf", exEmitElementwise, "stablehlo.abs"},
    {"math.absi", exEmitElementwise, "stablehlo.abs"},
    {"math.sin", exEmitElementwise, "stablehlo.sine"},
    {"math.cos", exEmitElementwise, "stablehlo.cosine"},
    {"math.floor", exEmitElementwise, "stablehlo.floor"},
    {"math.ceil", exEmitElementwise, "stablehlo.ceil"},
    {"math.round", exEmitElementwise, "stablehlo.round_nearest_afz"},
    {"math.roundeven", exEmitElementwise, "stablehlo.round_nearest_even"},
    {"math.powf", exEmitElementwise, "stablehlo.power"},
    {"math.atan2", exEmitElementwise, "stablehlo.atan2"},
    {"math.erf", exEmitElementwise, "chlo.erf"},
    {"math.sinh", exEmitElementwise, "chlo.sinh"},
    {"math.cosh", exEmitElementwise, "chlo.cosh"},
    {"math.asin", exEmitElementwise, "chlo.asin"},
    {"math.acos", exEmitElementwise, "chlo.acos"},
    {"math.atan", exEmitElementwise, "chlo.atan"},
    {"math.asinh", exEmitElementwise, "chlo.asinh"},
    {"math.acosh", exEmitElementwise, "chlo.acosh"},
    {"math.atanh", exEmitElementwise, "chlo.atanh"},
    {"math.ctpop", exEmitElementwise, "stablehlo.popcnt"},
    {"math.fma", exEmitFma, ""},
    /* tensor */
    {"tensor.empty", exEmitEmpty, ""},
    {"tensor.splat", exEmitSplatOp, ""},
    {"tensor.cast", exEmitReshapeOp, ""},
    {"tensor.bitcast", exEmitCast, "bitcast"},
    {"tensor.expand_shape", exEmitReshapeOp, ""},
    {"tensor.collapse_shape", exEmitReshapeOp, ""},
    {"tensor.reshape", exEmitReshapeOp, ""},
    {"tensor.extract_slice", exEmitExtractSlice, ""},
    {"tensor.insert_slice", exEmitInsertSlice, ""},
    {"tensor.extract", exEmitExtract, ""},
    {"tensor.insert", exEmitInsert, ""},
    {"tensor.from_elements", exEmitFromElements, ""},
    {"tensor.concat", exEmitConcat, ""},
    {"tensor.pad", exEmitPad, ""},
    {"tensor.generate", exEmitGenerate, ""},
    /* linalg (named ops are generalised before export) */
    {"linalg.generic", exEmitGeneric, ""},
    {"linalg.index", exEmitLinalgIndex, ""},
    {"linalg.softmax", exEmitSoftmax, ""},
    /* gspmd (the SPMD form; the global form has only constraints) */
    {"gspmd.all_reduce", exEmitReducingCollective, "stablehlo.all_reduce"},
    {"gspmd.reduce_scatter", exEmitReducingCollective,
     "stablehlo.reduce_scatter"},
    {"gspmd.all_gather", exEmitCollective, "stablehlo.all_gather"},
    {"gspmd.all_to_all", exEmitCollective, "stablehlo.all_to_all"},
    {"gspmd.collective_permute", exEmitCollectivePermute, ""},
    {"gspmd.axis_index", exEmitAxisIndex, ""},
    {"gspmd.partition_id", exEmitPartitionId, ""},
    {"gspmd.manual_computation", exEmitManual, ""},
    /* control flow and calls */
    {"scf.for", exEmitFor, ""},
    {"scf.while", exEmitWhile, ""},
    {"scf.if", exEmitIf, ""},
    {"func.call", exEmitCall, ""},
};

static const ExOpRow *lookupOp(MlirStringRef name) {
  for (size_t i = 0; i < sizeof(kOps) / sizeof(kOps[0]); ++i)
    if (gspmdStringRefEq(name, kOps[i].name))
      return &kOps[i];
  return NULL;
}

bool exTableExportOp(Ex *e, MlirOperation op) {
  if (exOpIs(op, "gspmd.sharding_constraint"))
    return exExportConstraint(e, op);
  MlirStringRef name = gspmdOpName(op);
  const ExOpRow *row = lookupOp(name);
  if (!row) {
    exError(e, op, "stablehlo export: op '%.*s' has no StableHLO mapping",
            (int)name.length, name.data);
    return false;
  }
  if (!row->emit(e, op, row->arg) || e->failed)
    return false;
  return exConstrainResults(e, op);
}
