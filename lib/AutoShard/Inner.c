/*
 * Inner.c - what the partitioner sends inside the ops the pass holds fixed,
 * measured by partitioning each of them alone.
 *
 * A fixed node (Formulate.c: control flow, a pipeline, a manual region, a
 * call) has one strategy: its operands, results and captures in fixed
 * layouts. What its regions or its callee send inside does not depend on
 * the plan, which reaches the op only through those layouts; the edges
 * cost the reshards into them. So the pass measures it once: a module of
 * the program's other top-level ops (meshes, callees) and one public
 * function whose arguments are the op's operands and captures in the
 * node's layouts, whose results are the op's results in theirs, and whose
 * body is a copy of the op, written back as asWriteBack writes it
 * (asWriteFixedOp; a callee's bare signature replicated), goes through
 * gspmd-spmd's passes; the comm report's total of that module is the
 * node's op_bytes. Scalars the op reads (a loop's bounds) are copied with
 * the ops that make them, so that static trip counts stay static.
 *
 * The comm report counts an op of a function called several times once,
 * so a callee's bytes go to its first call only.
 *
 * Assumes: the fixed nodes are formulated (tensors and captures set),
 * edges not yet. Under objective=time the bytes are not weighted by their
 * links (the trial gives a total): they count in the predicted bytes and
 * not in the objective, where, being the same for every plan, they would
 * change nothing.
 */
#include "autoshard.h"

#include "gspmd-c/Dialect.h"
#include "gspmd/build.h"
#include "gspmd/passes.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Func.h"

#include <stdlib.h>

/* Values of the program and what stands for them in the trial. */
typedef struct Trial {
  const AsProblem *p;
  const AsNode *node;
  MlirOperation func;    /* the trial's function */
  MlirBlock body;        /* its block */
  MlirOperation copy;    /* the op's copy, in the body */
  GspmdPtrMap tensor_of; /* program value -> its node tensor (operands,
                            then captures; the first wins) */
  GspmdPtrMap made;      /* program value -> index into `to` */
  GspmdVec to;           /* MlirValue: what stands for it in the trial */
  GspmdVec arg_attrs;    /* MlirAttribute per trial argument (null: none) */
} Trial;

static MlirValue lookup(const Trial *t, MlirValue v) {
  int i = gspmdPtrMapGet(&t->made, v.ptr);
  return i < 0 ? (MlirValue){NULL} : GSPMD_VEC_AT(&t->to, MlirValue, i);
}

static void bind(Trial *t, MlirValue from, MlirValue to) {
  gspmdPtrMapPut(&t->made, from.ptr, (int)t->to.size);
  *(MlirValue *)gspmdVecPush(&t->to) = to;
}

static MlirAttribute layoutAttr(const Trial *t, int tensor) {
  return gspmdShardingToAttr(mlirOperationGetContext(t->p->module),
                             t->p->mesh_name, &t->p->mesh,
                             &t->node->strategies[0].tensors[tensor]);
}

/* t->tensor_of from the node's operands and captures. */
static void indexTensors(Trial *t) {
  const AsNode *n = t->node;
  int nops = (int)mlirOperationGetNumOperands(n->op);
  int first = n->num_tensors - n->num_captures;
  for (int k = n->num_tensors - 1; k >= 0; --k) {
    if (k >= nops && k < first)
      continue; /* results */
    MlirValue v =
        k < nops ? mlirOperationGetOperand(n->op, k) : n->captures[k - first];
    gspmdPtrMapPut(&t->tensor_of, v.ptr, k);
  }
}

/* A new argument of the trial standing for v. */
static MlirValue argumentFor(Trial *t, MlirValue v, MlirAttribute attr) {
  MlirValue a = mlirBlockAddArgument(t->body, mlirValueGetType(v),
                                     mlirValueGetLocation(v));
  *(MlirAttribute *)gspmdVecPush(&t->arg_attrs) = attr;
  bind(t, v, a);
  return a;
}

/* What stands for program value v in the trial: an argument in the node's
 * layout for the tensors the node reads, a copy of the op making it for
 * values made from nothing or from scalars (constants, tensor.empty,
 * fills, index arithmetic), else a bare argument. */
static MlirValue standIn(Trial *t, MlirValue v, int depth) {
  MlirValue known = lookup(t, v);
  if (!mlirValueIsNull(known))
    return known;
  int tensor = gspmdPtrMapGet(&t->tensor_of, v.ptr);
  if (tensor >= 0 && mlirTypeIsATensor(mlirValueGetType(v)) &&
      gspmdPtrMapGet(&t->p->source_of, v.ptr) >= 0)
    return argumentFor(t, v, layoutAttr(t, tensor));
  MlirOperation def =
      mlirValueIsAOpResult(v) ? mlirOpResultGetOwner(v) : (MlirOperation){NULL};
  if (mlirOperationIsNull(def) || depth > 8 ||
      mlirOperationGetNumRegions(def) > 0 ||
      gspmdPtrMapGet(&t->p->source_of, v.ptr) >= 0)
    return argumentFor(t, v, (MlirAttribute){NULL});
  MlirOperation copy = mlirOperationClone(def);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i)
    mlirOperationSetOperand(
        copy, i, standIn(t, mlirOperationGetOperand(def, i), depth + 1));
  mlirBlockInsertOwnedOperationBefore(t->body, t->copy, copy);
  for (intptr_t i = 0; i < mlirOperationGetNumResults(def); ++i)
    bind(t, mlirOperationGetResult(def, i), mlirOperationGetResult(copy, i));
  return lookup(t, v);
}

/* Whether v is defined inside `op` (a block argument of one of its
 * regions' blocks, or a result of an op nested in it). */
static bool definedWithin(MlirValue v, MlirOperation op) {
  MlirOperation at =
      mlirValueIsAOpResult(v)
          ? mlirOpResultGetOwner(v)
          : mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
  for (; !mlirOperationIsNull(at); at = mlirOperationGetParentOperation(at))
    if (mlirOperationEqual(at, op))
      return true;
  return false;
}

typedef struct Redirect {
  Trial *trial;
  MlirOperation copy;
} Redirect;

/* A value the copy's regions read from outside it: its stand-in. */
static void redirect(MlirOperation user, intptr_t i, void *data) {
  Redirect *r = data;
  MlirValue v = mlirOperationGetOperand(user, i);
  if (!definedWithin(v, r->copy))
    mlirOperationSetOperand(user, i, standIn(r->trial, v, 0));
}

/* The trial's function: public @main with no arguments yet (they are
 * added as the copy's reads are found) and the op's results. */
static MlirOperation trialFunc(MlirBlock module_body, MlirOperation op) {
  MlirContext ctx = mlirOperationGetContext(op);
  MlirLocation loc = mlirOperationGetLocation(op);
  GspmdBuilder b = gspmdBuilderAtEnd(module_body, loc);
  MlirNamedAttribute attrs[2] = {
      gspmdNamedAttr(ctx, "sym_name", mlirStringAttrGet(ctx, gspmdStr("main"))),
      gspmdNamedAttr(
          ctx, "function_type",
          mlirTypeAttrGet(mlirFunctionTypeGet(ctx, 0, NULL, 0, NULL)))};
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, mlirBlockCreate(0, NULL, NULL));
  MlirOperationState fs = mlirOperationStateGet(gspmdStr("func.func"), loc);
  mlirOperationStateAddAttributes(&fs, 2, attrs);
  mlirOperationStateAddOwnedRegions(&fs, 1, &region);
  return gspmdBuildInsert(&b, &fs);
}

/* The function's type from its block's arguments and the op's results,
 * and its argument and result layouts. */
static void finishSignature(Trial *t, MlirOperation copy) {
  MlirContext ctx = mlirOperationGetContext(copy);
  intptr_t na = mlirBlockGetNumArguments(t->body);
  intptr_t nr = mlirOperationGetNumResults(copy);
  MlirType *types = malloc(sizeof(MlirType) * (size_t)(na + nr + 1));
  for (intptr_t i = 0; i < na; ++i)
    types[i] = mlirValueGetType(mlirBlockGetArgument(t->body, i));
  for (intptr_t i = 0; i < nr; ++i)
    types[na + i] = mlirValueGetType(mlirOperationGetResult(copy, i));
  mlirOperationSetAttributeByName(
      t->func, gspmdStr("function_type"),
      mlirTypeAttrGet(mlirFunctionTypeGet(ctx, na, types, nr, types + na)));
  free(types);
  for (intptr_t i = 0; i < na; ++i) {
    MlirAttribute a = GSPMD_VEC_AT(&t->arg_attrs, MlirAttribute, (size_t)i);
    if (!mlirAttributeIsNull(a))
      mlirFuncSetArgAttr(t->func, i, gspmdShardingAttrName(), a);
  }
  int nops = (int)mlirOperationGetNumOperands(t->node->op);
  for (intptr_t i = 0; i < nr; ++i)
    if (mlirTypeIsATensor(mlirValueGetType(mlirOperationGetResult(copy, i))))
      mlirFuncSetResultAttr(t->func, i, gspmdShardingAttrName(),
                            layoutAttr(t, nops + (int)i));
}

/* The functions op calls, directly or through its callees. */
typedef struct Reach {
  const AsProblem *p;
  GspmdPtrMap seen; /* func.func ptr -> 1 */
  GspmdVec todo;    /* MlirOperation: functions whose calls are to visit */
} Reach;

static MlirWalkResult reachCalls(MlirOperation op, void *user) {
  Reach *r = user;
  if (!gspmdStringRefEq(gspmdOpName(op), "func.call"))
    return MlirWalkResultAdvance;
  MlirOperation f = gspmdFuncTableCallee(&r->p->funcs, op);
  if (!mlirOperationIsNull(f) && gspmdPtrMapGet(&r->seen, f.ptr) < 0) {
    gspmdPtrMapPut(&r->seen, f.ptr, 1);
    *(MlirOperation *)gspmdVecPush(&r->todo) = f;
  }
  return MlirWalkResultAdvance;
}

static void reachFrom(Reach *r, MlirOperation op) {
  gspmdVecInit(&r->todo, sizeof(MlirOperation));
  mlirOperationWalk(op, reachCalls, r, MlirWalkPreOrder);
  while (r->todo.size > 0) {
    MlirOperation f = GSPMD_VEC_AT(&r->todo, MlirOperation, --r->todo.size);
    mlirOperationWalk(f, reachCalls, r, MlirWalkPreOrder);
  }
  gspmdVecFree(&r->todo);
}

/* Into `top`, the program's top-level ops but its functions, and the
 * functions `op` reaches (the comm report counts every function of a
 * module); returns the copy of `callee` (null when it is). */
static MlirOperation copyTopLevel(const AsProblem *p, MlirOperation op,
                                  MlirOperation callee, MlirBlock top) {
  MlirBlock program = mlirModuleGetBody(mlirModuleFromOperation(p->module));
  Reach reach = {p, {0}, {0}};
  reachFrom(&reach, op);
  MlirOperation callee_copy = {NULL};
  for (MlirOperation o = mlirBlockGetFirstOperation(program);
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
    if (gspmdStringRefEq(gspmdOpName(o), "func.func") &&
        gspmdPtrMapGet(&reach.seen, o.ptr) < 0)
      continue;
    MlirOperation c = mlirOperationClone(o);
    mlirBlockAppendOwnedOperation(top, c);
    if (mlirOperationEqual(o, callee))
      callee_copy = c;
  }
  gspmdPtrMapFree(&reach.seen);
  return callee_copy;
}

/* The trial module of fixed node n, whose op calls `callee` (or null);
 * the caller owns it. */
static MlirModule trialModule(const AsProblem *p, const AsNode *node,
                              MlirOperation callee) {
  MlirOperation op = node->op;
  MlirModule m = mlirModuleCreateEmpty(mlirOperationGetLocation(op));
  MlirBlock top = mlirModuleGetBody(m);
  MlirOperation callee_copy = copyTopLevel(p, op, callee, top);
  Trial t = {p, node, trialFunc(top, op), {NULL}, {NULL}, {0}, {0}, {0}, {0}};
  t.body = mlirRegionGetFirstBlock(mlirOperationGetRegion(t.func, 0));
  gspmdVecInit(&t.to, sizeof(MlirValue));
  gspmdVecInit(&t.arg_attrs, sizeof(MlirAttribute));
  indexTensors(&t);
  MlirLocation loc = mlirOperationGetLocation(op);
  GspmdBuilder end = gspmdBuilderAtEnd(t.body, loc);
  MlirOperation copy = mlirOperationClone(op);
  mlirBlockAppendOwnedOperation(t.body, copy);
  t.copy = copy;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    mlirOperationSetOperand(copy, i,
                            standIn(&t, mlirOperationGetOperand(op, i), 0));
  Redirect r = {&t, copy};
  gspmdForEachNestedOperand(copy, redirect, &r);
  intptr_t nr = mlirOperationGetNumResults(copy);
  MlirValue *results = malloc(sizeof(MlirValue) * (size_t)(nr + 1));
  for (intptr_t i = 0; i < nr; ++i)
    results[i] = mlirOperationGetResult(copy, i);
  gspmdBuildTerminator(&end, "func.return", (int)nr, results);
  free(results);
  finishSignature(&t, copy);
  if (!mlirOperationIsNull(callee_copy))
    asWriteCallee(callee_copy);
  else
    asWriteFixedOp(copy);
  gspmdPtrMapFree(&t.tensor_of);
  gspmdPtrMapFree(&t.made);
  gspmdVecFree(&t.to);
  gspmdVecFree(&t.arg_attrs);
  return m;
}

/* Whether op is measured: it has regions, or it calls a function with a
 * body not measured yet (`callees`; *callee is set to it). */
static bool measured(const AsProblem *p, MlirOperation op, GspmdPtrMap *callees,
                     MlirOperation *callee) {
  *callee = (MlirOperation){NULL};
  if (mlirOperationGetNumRegions(op) > 0)
    return true;
  if (!gspmdStringRefEq(gspmdOpName(op), "func.call"))
    return false;
  MlirOperation f = gspmdFuncTableCallee(&p->funcs, op);
  if (mlirOperationIsNull(f) ||
      mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0))) ||
      gspmdPtrMapGet(callees, f.ptr) >= 0)
    return false;
  gspmdPtrMapPut(callees, f.ptr, 1);
  *callee = f;
  return true;
}

void asMeasureInner(AsProblem *p) {
  GspmdPtrMap callees = {0};
  for (int n = 0; n < (int)p->nodes.size; ++n) {
    AsNode *node = AS_NODE(p, n);
    MlirOperation callee;
    if (node->kind != AS_NODE_FIXED ||
        !measured(p, node->op, &callees, &callee))
      continue;
    MlirModule m = trialModule(p, node, callee);
    int64_t bytes = gspmdTrialBytesSent(
        m, mlirStringRefCreateFromCString(gspmdSpmdPipelineText()));
    mlirModuleDestroy(m);
    AsStrategy *st = &node->strategies[0];
    st->op_bytes = bytes > 0 ? bytes : 0;
    st->op_cost = p->seconds_per_unit > 0 ? 0 : st->op_bytes;
    p->inner_bytes += st->op_bytes;
    p->num_inner += bytes > 0;
    p->num_unmeasured += bytes < 0;
  }
  gspmdPtrMapFree(&callees);
}
