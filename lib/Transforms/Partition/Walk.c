/*
 * Walk.c - the walk of gspmd-partition over the program: each function in
 * order, each block's ops in program order, and the control flow. Every op
 * goes to its phase (OpKinds.c's partOpKind): sharding constraints
 * become reshards, func.call reshards its operands to the callee's
 * signature, scf.for and scf.if keep each result's sharding through their
 * regions (loop-carried values and yields), a manual region becomes local
 * code (Manual.c), constants stay splats or global, ops with a factor rule
 * and a native local form are rewritten by it (OpsByRule.c); any other op
 * stays global (operands replicated, with a remark) and its result is
 * sliced to its sharding. A block's terminator hands its operands to the
 * layouts the parent wants.
 *
 * Assumes: gspmd-complete ran (values without a sharding count as
 * replicated). Function signatures become local types and each argument and
 * result keeps gspmd.sharding and gspmd.global_type. A function has one
 * signature (completion gives each argument one sharding); callers reshard
 * to it. Branches (cf) pass values to blocks whose arguments stay global.
 */
#include "partition.h"

#include "gspmd-c/Dialect.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"

#include <stdlib.h>

/* A function's global signature, read before any rewriting. */
typedef struct Signature {
  int num_args, num_results;
  MlirType *arg_types, *result_types;      /* global */
  MlirAttribute *arg_attrs, *result_attrs; /* shardings; null: replicated */
  bool has_body;
} Signature;

#define SIG(p, i) (&GSPMD_VEC_AT(&(p)->sigs, Signature, i))

static void processOp(Partitioner *p, MlirOperation op);

/* The op's results, computed whole, resharded to their annotations. */
static void finishResultsReplicated(Partitioner *p, MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, i));
    Layout r = partReplicated(tensorRank(t));
    partFinishResult(p, op, (int)i, &r, NULL, t);
  }
}

/* The op stays global: operands replicated, results sliced afterwards. */
static void keepReplicated(Partitioner *p, MlirOperation op, const char *why) {
  bool any_split = false;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    Layout want = partResultLayout(p, op, (int)i);
    any_split |= partHasAxes(&want);
  }
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op) && !any_split; ++i) {
    Layout cur;
    MlirType g;
    partLocalOf(p, mlirOperationGetOperand(op, i), &cur, &g);
    any_split |= partHasAxes(&cur);
  }
  if (any_split && why)
    partRemark(op, why);
  partLocalizeCaptures(p, op, NULL);
  partUseOperandsReplicated(p, op);
  finishResultsReplicated(p, op);
}

/*===-- Blocks and regions ------------------------------------------------===*/

/* Processes the ops of a block in order; the terminator's operands are
 * resharded to `targets` (one per operand; NULL: replicated). */
static void processBlock(Partitioner *p, MlirBlock block,
                         const Layout *targets) {
  MlirBlock outer = p->block;
  const Layout *outer_targets = p->block_targets;
  size_t mark = gspmdReshardCacheMark(&p->made);
  p->block = block;
  p->block_targets = targets;
  for (MlirOperation o = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    gspmdPtrMapPut(&p->unvisited, o.ptr, 1);
  MlirOperation op = mlirBlockGetFirstOperation(block);
  while (!mlirOperationIsNull(op)) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (mlirOperationIsNull(next) && mlirOperationGetNumResults(op) == 0 &&
        mlirOperationGetNumRegions(op) == 0) {
      /* Branches (cf) pass values to blocks whose arguments stay global. */
      bool to_targets = targets && partIsReturnLike(op);
      for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
        MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i));
        Layout r = partReplicated(tensorRank(t));
        partUseOperandAs(p, op, (int)i, to_targets ? &targets[i] : &r);
      }
    } else {
      processOp(p, op);
    }
    gspmdPtrMapPut(&p->unvisited, op.ptr, 0);
    op = next;
  }
  gspmdReshardCacheDropSince(&p->made, mark, block);
  p->block = outer;
  p->block_targets = outer_targets;
}

/* Block arguments that stay global and replicated. */
static void mapArgsReplicated(Partitioner *p, MlirBlock block) {
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(block); ++i) {
    MlirValue a = mlirBlockGetArgument(block, i);
    MlirType t = mlirValueGetType(a);
    Layout r = partReplicated(tensorRank(t));
    partSetLocal(p, a, a, &r, t);
  }
}

/* Any op with regions we do not know: everything replicated. */
static void processRegionOpReplicated(Partitioner *p, MlirOperation op) {
  partUseOperandsReplicated(p, op);
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r) {
    MlirRegion region = mlirOperationGetRegion(op, r);
    for (MlirBlock b = mlirRegionGetFirstBlock(region); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b)) {
      mapArgsReplicated(p, b);
      processBlock(p, b, NULL);
    }
  }
  finishResultsReplicated(p, op);
}

/* Layouts of the op's results, as yield targets for its regions (with
 * `lead` leading entries replicated, e.g. scf.condition's flag). */
static Layout *resultTargets(Partitioner *p, MlirOperation op, int lead) {
  int n = (int)mlirOperationGetNumResults(op);
  Layout *t = gspmdArenaAlloc(&p->arena, sizeof(Layout) * (size_t)(n + lead));
  for (int i = 0; i < lead; ++i)
    t[i] = partReplicated(0);
  for (int i = 0; i < n; ++i)
    t[lead + i] = partResultLayout(p, op, i);
  return t;
}

static void finishResultsAs(Partitioner *p, MlirOperation op,
                            const Layout *targets) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, i));
    partFinishResult(p, op, (int)i, &targets[i], NULL, t);
  }
}

/* scf.for: loop-carried values keep their result's sharding throughout. */
static void processFor(Partitioner *p, MlirOperation op) {
  Layout *targets = resultTargets(p, op, 0);
  int n = (int)mlirOperationGetNumResults(op);
  for (int k = 0; k < 3; ++k) {
    Layout r = partReplicated(0);
    partUseOperandAs(p, op, k, &r);
  }
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  MlirValue iv = mlirBlockGetArgument(body, 0);
  Layout none = partReplicated(0);
  partSetLocal(p, iv, iv, &none, mlirValueGetType(iv));
  for (int i = 0; i < n; ++i) {
    partUseOperandAs(p, op, 3 + i, &targets[i]);
    MlirValue arg = mlirBlockGetArgument(body, 1 + i);
    MlirType global = mlirValueGetType(arg);
    mlirValueSetType(arg, partLocalType(p, global, &targets[i]));
    partSetLocal(p, arg, arg, &targets[i], global);
  }
  processBlock(p, body, targets);
  finishResultsAs(p, op, targets);
}

/* scf.if: both branches yield the result's sharding. */
static void processIf(Partitioner *p, MlirOperation op) {
  Layout *targets = resultTargets(p, op, 0);
  Layout r = partReplicated(0);
  partUseOperandAs(p, op, 0, &r);
  for (intptr_t k = 0; k < mlirOperationGetNumRegions(op); ++k) {
    MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, k));
    if (!mlirBlockIsNull(b))
      processBlock(p, b, targets);
  }
  finishResultsAs(p, op, targets);
}

/*===-- Functions ---------------------------------------------------------===*/

static MlirAttribute argDictEntry(MlirAttribute arrays, int i,
                                  MlirStringRef name) {
  if (mlirAttributeIsNull(arrays) || i >= mlirArrayAttrGetNumElements(arrays))
    return (MlirAttribute){NULL};
  MlirAttribute dict = mlirArrayAttrGetElement(arrays, i);
  return mlirDictionaryAttrGetElementByName(dict, name);
}

static MlirType functionType(MlirOperation f) {
  return mlirTypeAttrGetValue(
      mlirOperationGetAttributeByName(f, gspmdStr("function_type")));
}

/* A function that already has gspmd.global_type was partitioned: its
 * types are local, so partitioning it again would compute garbage. */
static bool isPartitioned(MlirOperation f) {
  MlirAttribute args =
      mlirOperationGetAttributeByName(f, gspmdStr("arg_attrs"));
  MlirAttribute results =
      mlirOperationGetAttributeByName(f, gspmdStr("res_attrs"));
  MlirAttribute lists[2] = {args, results};
  for (int k = 0; k < 2; ++k)
    for (intptr_t i = 0; !mlirAttributeIsNull(lists[k]) &&
                         i < mlirArrayAttrGetNumElements(lists[k]);
         ++i)
      if (!mlirAttributeIsNull(
              argDictEntry(lists[k], (int)i, gspmdStr("gspmd.global_type"))))
        return true;
  return false;
}

static void readSignature(Partitioner *p, MlirOperation f) {
  MlirType type = functionType(f);
  Signature *s = gspmdVecPush(&p->sigs);
  gspmdPtrMapPut(&p->sig_of, f.ptr, (int)p->sigs.size - 1);
  s->num_args = (int)mlirFunctionTypeGetNumInputs(type);
  s->num_results = (int)mlirFunctionTypeGetNumResults(type);
  s->has_body =
      !mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0)));
  size_t na = (size_t)s->num_args + 1, nr = (size_t)s->num_results + 1;
  s->arg_types = gspmdArenaAlloc(&p->arena, sizeof(MlirType) * na);
  s->arg_attrs = gspmdArenaAlloc(&p->arena, sizeof(MlirAttribute) * na);
  s->result_types = gspmdArenaAlloc(&p->arena, sizeof(MlirType) * nr);
  s->result_attrs = gspmdArenaAlloc(&p->arena, sizeof(MlirAttribute) * nr);
  MlirAttribute args =
      mlirOperationGetAttributeByName(f, gspmdStr("arg_attrs"));
  MlirAttribute results =
      mlirOperationGetAttributeByName(f, gspmdStr("res_attrs"));
  for (int i = 0; i < s->num_args; ++i) {
    s->arg_types[i] = mlirFunctionTypeGetInput(type, i);
    s->arg_attrs[i] = argDictEntry(args, i, gspmdShardingAttrName());
  }
  for (int i = 0; i < s->num_results; ++i) {
    s->result_types[i] = mlirFunctionTypeGetResult(type, i);
    s->result_attrs[i] = argDictEntry(results, i, gspmdShardingAttrName());
  }
}

static Layout sigLayout(Partitioner *p, MlirType type, MlirAttribute attr) {
  return partLayoutOf(p, attr, tensorRank(type));
}

/* func.call: operands resharded to the callee's signature. */
static void processCall(Partitioner *p, MlirOperation op) {
  MlirOperation f = gspmdFuncTableCallee(&p->funcs, op);
  int index = mlirOperationIsNull(f) ? -1 : gspmdPtrMapGet(&p->sig_of, f.ptr);
  if (index < 0 || !SIG(p, index)->has_body) {
    keepReplicated(p, op, "calls a function without a body; kept replicated");
    return;
  }
  const Signature *s = SIG(p, index);
  for (int i = 0; i < s->num_args; ++i) {
    Layout want = sigLayout(p, s->arg_types[i], s->arg_attrs[i]);
    partUseOperandAs(p, op, i, &want);
  }
  for (int i = 0; i < s->num_results; ++i) {
    Layout have = sigLayout(p, s->result_types[i], s->result_attrs[i]);
    partFinishResult(p, op, i, &have, NULL, s->result_types[i]);
  }
}

static MlirAttribute withGlobalType(Partitioner *p, MlirAttribute old,
                                    MlirType global) {
  return gspmdDictionarySet(p->ctx, old, gspmdStr("gspmd.global_type"),
                            mlirTypeAttrGet(global));
}

/* Writes arg_attrs or res_attrs with the global types, in one step. */
static void writeBoundaryAttrs(Partitioner *p, MlirOperation f, bool results,
                               int count, const MlirType *globals) {
  const char *attr_name = results ? "res_attrs" : "arg_attrs";
  MlirAttribute old = mlirOperationGetAttributeByName(f, gspmdStr(attr_name));
  MlirAttribute *dicts = malloc(sizeof(MlirAttribute) * (size_t)(count + 1));
  for (int i = 0; i < count; ++i) {
    MlirAttribute dict = mlirAttributeIsNull(old)
                             ? mlirAttributeGetNull()
                             : mlirArrayAttrGetElement(old, i);
    dicts[i] = isTensor(globals[i]) ? withGlobalType(p, dict, globals[i])
               : mlirAttributeIsNull(dict)
                   ? mlirDictionaryAttrGet(p->ctx, 0, NULL)
                   : dict;
  }
  mlirOperationSetAttributeByName(f, gspmdStr(attr_name),
                                  mlirArrayAttrGet(p->ctx, count, dicts));
  free(dicts);
}

static void processFunction(Partitioner *p, MlirOperation f) {
  int index = gspmdPtrMapGet(&p->sig_of, f.ptr);
  const Signature *s = SIG(p, index);
  if (!s->has_body)
    return;
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0));
  MlirType *locals_in =
      gspmdArenaAlloc(&p->arena, sizeof(MlirType) * (size_t)(s->num_args + 1));
  MlirType *locals_out = gspmdArenaAlloc(
      &p->arena, sizeof(MlirType) * (size_t)(s->num_results + 1));
  for (int i = 0; i < s->num_args; ++i) {
    Layout l = sigLayout(p, s->arg_types[i], s->arg_attrs[i]);
    MlirValue arg = mlirBlockGetArgument(entry, i);
    locals_in[i] = partLocalType(p, s->arg_types[i], &l);
    mlirValueSetType(arg, locals_in[i]);
    partSetLocal(p, arg, arg, &l, s->arg_types[i]);
  }
  Layout *targets =
      gspmdArenaAlloc(&p->arena, sizeof(Layout) * (size_t)(s->num_results + 1));
  for (int i = 0; i < s->num_results; ++i) {
    targets[i] = sigLayout(p, s->result_types[i], s->result_attrs[i]);
    locals_out[i] = partLocalType(p, s->result_types[i], &targets[i]);
  }
  /* A function body may hold several blocks (cf); all share the results. */
  for (MlirBlock b = entry; !mlirBlockIsNull(b);
       b = mlirBlockGetNextInRegion(b)) {
    if (!mlirBlockEqual(b, entry))
      mapArgsReplicated(p, b);
    processBlock(p, b, targets);
  }
  MlirType type = mlirFunctionTypeGet(p->ctx, s->num_args, locals_in,
                                      s->num_results, locals_out);
  mlirOperationSetAttributeByName(f, gspmdStr("function_type"),
                                  mlirTypeAttrGet(type));
  writeBoundaryAttrs(p, f, false, s->num_args, s->arg_types);
  writeBoundaryAttrs(p, f, true, s->num_results, s->result_types);
}

bool partReadSignatures(Partitioner *p) {
  bool ok = true;
  gspmdVecInit(&p->sigs, sizeof(Signature));
  for (size_t i = 0; i < p->funcs.funcs.size; ++i) {
    MlirOperation f = GSPMD_VEC_AT(&p->funcs.funcs, MlirOperation, i);
    if (isPartitioned(f)) {
      mlirEmitError(mlirOperationGetLocation(f),
                    "gspmd-partition: function is already partitioned (its "
                    "arguments or results carry gspmd.global_type)");
      ok = false;
    }
    readSignature(p, f);
  }
  return ok;
}

void partPartitionFunctions(Partitioner *p) {
  for (size_t i = 0; i < p->funcs.funcs.size; ++i)
    processFunction(p, GSPMD_VEC_AT(&p->funcs.funcs, MlirOperation, i));
}

/*===-- Dispatch ----------------------------------------------------------===*/

/* Splat constants become local splats; other constants stay global and are
 * sliced by their users' reshards. */
static void processConstant(Partitioner *p, MlirOperation op) {
  MlirValue r = mlirOperationGetResult(op, 0);
  MlirType global = mlirValueGetType(r);
  MlirAttribute value = mlirOperationGetAttributeByName(op, gspmdStr("value"));
  Layout want = partResultLayout(p, op, 0);
  if (!isStatic(global) || !mlirAttributeIsADenseElements(value) ||
      !mlirDenseElementsAttrIsSplat(value)) {
    Layout r0 = partReplicated(tensorRank(global));
    partFinishResult(p, op, 0, &r0, NULL, global);
    return;
  }
  MlirType local = partLocalType(p, global, &want);
  mlirOperationSetAttributeByName(
      op, gspmdStr("value"),
      mlirDenseElementsAttrSplatGet(local,
                                    mlirDenseElementsAttrGetSplatValue(value)));
  partFinishResult(p, op, 0, &want, NULL, global);
}

static void processConstraint(Partitioner *p, MlirOperation op) {
  MlirValue r = mlirOperationGetResult(op, 0);
  MlirType global = mlirValueGetType(r);
  Layout want = partConstraintTarget(p, op, rankOf(global));
  Layout cur;
  MlirType g;
  MlirValue v = mlirOperationGetOperand(op, 0);
  MlirValue local = partLocalOf(p, v, &cur, &g);
  GspmdBuilder b = gspmdBuilderBefore(op);
  ReshardSource src = {v, local, cur, NULL, global};
  local = partReshardShared(p, &b, &src, op, &want);
  partSetLocal(p, r, local, &want, global);
  partEraseLater(p, op);
}

static bool resultsHaveUnknownRank(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, i));
    if (mlirTypeIsATensor(t) && !isTensor(t))
      return true;
  }
  return false;
}

/* Partitions a block's op by its kind (partOpKind). */
static void processOp(Partitioner *p, MlirOperation op) {
  switch (partOpKind(op)) {
  case PART_OP_CONSTRAINT:
    processConstraint(p, op);
    return;
  case PART_OP_CALL:
    processCall(p, op);
    break;
  case PART_OP_FOR:
    processFor(p, op);
    break;
  case PART_OP_IF:
    processIf(p, op);
    break;
  case PART_OP_CONSTANT:
    processConstant(p, op);
    break;
  case PART_OP_MANUAL:
    partPartitionManual(p, op, processBlock);
    break;
  case PART_OP_REGIONS:
    processRegionOpReplicated(p, op);
    break;
  case PART_OP_BY_RULE: {
    const GspmdOpRule *rule = partRuleOf(p, op);
    if (rule && gspmdOpFacts(op).local_form && partAllStatic(op) &&
        !resultsHaveUnknownRank(op))
      partPartitionByRule(p, op, rule);
    else
      keepReplicated(p, op, "has no local form here; computed replicated");
    break;
  }
  }
  mlirOperationRemoveDiscardableAttributeByName(op, gspmdShardingAttrName());
}
