/*
 * Pass.c - gspmd-partition: per-op SPMD partitioning.
 *
 * Turns a completed global program (every tensor value and function
 * argument/result carries a gspmd.sharding) into the one program every
 * device runs. It walks each function in program order (Walk.c) and keeps,
 * for every global value, the local value standing for it and that value's
 * layout (State.c). Each op is rewritten in place from the same factor
 * rules as completion (lib/Rules, OpsByRule.c); operands are resharded to
 * the projection of its factors (Reshard.c); results get local types; a
 * split reduction leaves partial results that the reshard to the annotated
 * result sharding combines. Ops without a native local form keep their
 * operands replicated (with a remark) and their result is sliced to its
 * sharding. This file reads the options, sets up the state and erases what
 * partitioning left dead.
 *
 * Assumes: gspmd-complete ran (values without a sharding count as
 * replicated); shardings refer to gspmd.mesh ops of the module; static
 * shapes wherever a dim is split; no function is partitioned already.
 */
#include "partition.h"

#include "gspmd/passes.h"

#include "gspmd-c/Dialect.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Linalg.h"
#include "mlir-c/Dialect/Tensor.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Constraints are identities once their users read the resharded value;
 * later ones first, so that a chain of constraints unwinds. */
static void eraseDead(Partitioner *p) {
  for (size_t i = p->dead.size; i-- > 0;) {
    MlirOperation op = GSPMD_VEC_AT(&p->dead, MlirOperation, i);
    /* Manual regions were inlined: their results have no users left. */
    if (gspmdStringRefEq(gspmdOpName(op), "gspmd.sharding_constraint")) {
      MlirValue r = mlirOperationGetResult(op, 0);
      if (!mlirOpOperandIsNull(mlirValueGetFirstUse(r)))
        mlirValueReplaceAllUsesOfWith(r, mlirOperationGetOperand(op, 0));
    }
    mlirOperationDestroy(op);
  }
}

/* Options of the pass: explain=<bool> (remark the plans weighed),
 * strategy=cost|first (cost: contractions take the cheapest plan of
 * Strategy.c; first: the split of the first operand that has one, as
 * before, for tests of that mechanism), memory-budget=<bytes>. */
typedef struct PartitionOptions {
  bool explain;
  int strategy; /* 0 cost, 1 first */
  int64_t budget;
} PartitionOptions;

static const GspmdOptionSpec kPartitionOptions[] = {
    GSPMD_OPTION(PartitionOptions, explain, "explain", GSPMD_OPTION_BOOL,
                 "<bool>", NULL),
    GSPMD_OPTION(PartitionOptions, strategy, "strategy", GSPMD_OPTION_CHOICE,
                 "cost|first", NULL),
    GSPMD_OPTION(PartitionOptions, budget, "memory-budget", GSPMD_OPTION_INT,
                 "<bytes>", "a number of bytes"),
};
static const PartitionOptions kPartitionDefaults = {false, 0, 0};
const GspmdPassOptions gspmdPartitionOptions = {
    kPartitionOptions, 3, sizeof(PartitionOptions), &kPartitionDefaults};

/* The budget: the option, else the module's gspmd.memory_budget (an
 * integer attribute, so that gspmd-run's fixed pipeline can get one). */
static int64_t memoryBudget(MlirOperation module,
                            const PartitionOptions *options) {
  if (options->budget > 0)
    return options->budget;
  MlirAttribute a = mlirOperationGetDiscardableAttributeByName(
      module, gspmdStr("gspmd.memory_budget"));
  return !mlirAttributeIsNull(a) && mlirAttributeIsAInteger(a)
             ? mlirIntegerAttrGetValueInt(a)
             : 0;
}

void gspmdPartitionPassRun(MlirOperation module, MlirExternalPass pass,
                           void *user) {
  const PartitionOptions *options = user;
  Partitioner p;
  memset(&p, 0, sizeof(p));
  p.explain = options->explain;
  p.first = options->strategy == 1;
  p.budget = memoryBudget(module, options);
  partSwapSlicesOfPads(module);
  partStateInit(&p, module);
  p.failed = !partReadSignatures(&p);
  if (!p.failed) {
    partPartitionFunctions(&p);
    eraseDead(&p);
  }
  if (p.failed)
    mlirExternalPassSignalFailure(pass);
  partStateFree(&p);
}
