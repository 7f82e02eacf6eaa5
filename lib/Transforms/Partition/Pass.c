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
  bool explain, first;
  int64_t budget;
} PartitionOptions;

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

static void runPartition(MlirOperation module, MlirExternalPass pass,
                         void *user) {
  const PartitionOptions *options = user;
  Partitioner p;
  memset(&p, 0, sizeof(p));
  p.explain = options->explain;
  p.first = options->first;
  p.budget = memoryBudget(module, options);
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

static bool parseOptions(int num_options, const GspmdPassOption *options,
                         PartitionOptions *out, char *err, size_t err_size) {
  for (int i = 0; i < num_options; ++i) {
    const char *key = options[i].key, *value = options[i].value;
    if (!strcmp(key, "explain")) {
      if (gspmdParseBoolOption(value, &out->explain))
        continue;
      snprintf(err, err_size,
               "gspmd-partition: option 'explain' expects a bool "
               "(true/false/1/0), got '%s'",
               value);
      return false;
    }
    if (!strcmp(key, "strategy")) {
      if (!strcmp(value, "cost") || !strcmp(value, "first")) {
        out->first = !strcmp(value, "first");
        continue;
      }
      snprintf(err, err_size,
               "gspmd-partition: option 'strategy' expects 'cost' or "
               "'first', got '%s'",
               value);
      return false;
    }
    if (!strcmp(key, "memory-budget")) {
      char *end = NULL;
      long long v = strtoll(value, &end, 10);
      if (end != value && *end == '\0' && v >= 0) {
        out->budget = v;
        continue;
      }
      snprintf(err, err_size,
               "gspmd-partition: option 'memory-budget' expects a number "
               "of bytes, got '%s'",
               value);
      return false;
    }
    snprintf(err, err_size,
             "gspmd-partition: unknown option '%s' (options: "
             "explain=<bool>, strategy=cost|first, memory-budget=<bytes>)",
             key);
    return false;
  }
  return true;
}

MlirPass gspmdCreatePartitionPass(int num_options,
                                  const GspmdPassOption *options, char *err,
                                  size_t err_size) {
  static MlirTypeID type_id;
  PartitionOptions parsed = {false, false, 0};
  if (!parseOptions(num_options, options, &parsed, err, err_size))
    return (MlirPass){NULL};
  /* The ops partitioning creates. */
  MlirDialectHandle dialects[4] = {
      mlirGetDialectHandle__gspmd__(), mlirGetDialectHandle__arith__(),
      mlirGetDialectHandle__tensor__(), mlirGetDialectHandle__linalg__()};
  return gspmdCreateOptionsPass(
      &type_id, "GSPMDPartition", "gspmd-partition",
      "SPMD partitioning: local shapes, collectives, reshards", 4, dialects,
      runPartition, &parsed, sizeof(parsed));
}
