/*
 * OpKinds.c - how the partitioner's walk treats an op: the structural ops
 * it handles itself (sharding constraints, calls, loops, branches, manual
 * regions, returns and yields), constants, ops whose regions are control
 * flow it keeps replicated, and everything else by its rule. What it knows
 * of other ops comes from lib/Rules (gspmdOpFacts, gspmdOpReduction).
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
      {"gspmd.manual_computation", PART_OP_MANUAL},
  };
  for (size_t i = 0; i < COUNT(table); ++i)
    if (named(op, table[i].name))
      return table[i].kind;
  GspmdOpFacts facts = gspmdOpFacts(op);
  if (facts.constant)
    return PART_OP_CONSTANT;
  /* A region that computes values (linalg bodies, tensor.pad's yield) is
   * part of an op with a rule. */
  if (mlirOperationGetNumRegions(op) > 0 && !facts.region_is_body)
    return PART_OP_REGIONS;
  return PART_OP_BY_RULE;
}

bool partIsReturnLike(MlirOperation op) {
  static const char *const names[] = {"func.return", "scf.yield",
                                      "scf.condition", "gspmd.manual_yield"};
  return nameIn(op, names, COUNT(names));
}
