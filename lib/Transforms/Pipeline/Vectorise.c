/*
 * Vectorise.c - gspmd-pipeline's vectoriser (Pipeline.c): the stage
 * function, normalised to linalg.generic, tensor and scalar ops, made to
 * compute all L stages at once. Its arguments and every value computed from
 * them gain a leading stage dim: a linalg.generic gains a leading parallel
 * loop (its maps shifted, linalg.index bumped), tensor ops a leading dim in
 * their static attributes, shardings (constraints and op annotations) the
 * pipeline's mesh axis on that dim; an operand computed from side inputs
 * only is broadcast where the op needs all its tensors vectorised (a fill
 * is made again, batched, instead), and values computed from side inputs
 * only stay as they are, read whole.
 *
 * Assumes static shapes. An op with no rule, a stage value read from
 * inside a region, or a sharding that uses the pipeline's own axis is an
 * error naming that op (the caller then fails the pass).
 */
#include "pipeline.h"

#include "gspmd/rules.h"
#include "gspmd/support.h"

#include "gspmd-c/Dialect.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

MlirOperation gspmdPipeStageFunc(MlirModule stage) {
  MlirOperation f = mlirBlockGetFirstOperation(mlirModuleGetBody(stage));
  while (!gspmdStringRefEq(gspmdOpName(f), "func.func"))
    f = mlirOperationGetNextInBlock(f);
  return f;
}

typedef struct Vectoriser {
  const Pipe *p;
  GspmdPtrMap vec; /* values that carry the leading stage dim */
  bool failed;
  bool captured; /* findCapture saw a stage value read inside a region */
} Vectoriser;

static bool isVec(Vectoriser *v, MlirValue x) {
  return gspmdPtrMapGet(&v->vec, x.ptr) >= 0;
}

static void markVec(Vectoriser *v, MlirValue x) {
  gspmdPtrMapPut(&v->vec, x.ptr, 1);
}

static void failAt(Vectoriser *v, MlirOperation op, const char *why) {
  char msg[512];
  MlirStringRef name = gspmdOpName(op);
  snprintf(msg, sizeof(msg),
           "gspmd-pipeline: cannot vectorise '%.*s' over the stage dim (%s)",
           (int)name.length, name.data, why);
  mlirEmitError(mlirOperationGetLocation(op), msg);
  v->failed = true;
}

static MlirAttribute i64Array(MlirContext ctx, MlirAttribute old,
                              int64_t first) {
  int n = (int)mlirDenseArrayGetNumElements(old);
  int64_t *items = malloc(sizeof(int64_t) * (size_t)(n + 1));
  items[0] = first;
  for (int i = 0; i < n; ++i)
    items[i + 1] = mlirDenseI64ArrayGetElement(old, i);
  MlirAttribute a = mlirDenseI64ArrayGet(ctx, n + 1, items);
  free(items);
  return a;
}

static void prependI64Attr(MlirOperation op, const char *name, int64_t first) {
  MlirAttribute old = mlirOperationGetAttributeByName(op, gspmdStr(name));
  mlirOperationSetAttributeByName(
      op, gspmdStr(name), i64Array(mlirOperationGetContext(op), old, first));
}

static void bumpIntAttr(MlirOperation op, const char *name) {
  MlirAttribute old = mlirOperationGetAttributeByName(op, gspmdStr(name));
  mlirOperationSetAttributeByName(
      op, gspmdStr(name),
      mlirIntegerAttrGet(mlirAttributeGetType(old),
                         mlirIntegerAttrGetValueInt(old) + 1));
}

/* A linalg.generic copying `x` [...] into a fresh [L, ...] tensor: the value
 * every stage reads, where an op needs all its tensors vectorised. */
static MlirValue broadcast(Vectoriser *v, MlirOperation before, MlirValue x) {
  MlirContext ctx = v->p->ctx;
  GspmdBuilder b = gspmdBuilderBefore(before);
  MlirType out = gspmdTensorTypePrepend(mlirValueGetType(x), v->p->L);
  int rank = (int)mlirShapedTypeGetRank(out);
  MlirValue empty = gspmdBuildEmpty(&b, out);
  MlirAffineExpr exprs[GSPMD_MAX_RANK + 1];
  for (int d = 1; d < rank; ++d)
    exprs[d - 1] = mlirAffineDimExprGet(ctx, d);
  MlirAffineMap maps[2] = {mlirAffineMapGet(ctx, rank, 0, rank - 1, exprs),
                           mlirAffineMapMultiDimIdentityGet(ctx, rank)};
  char iters[GSPMD_MAX_RANK + 2] = "";
  memset(iters, 'p', (size_t)rank);
  GspmdBuilder body;
  MlirOperation g = gspmdBuildGeneric(&b, 1, &x, empty, maps, iters, &body);
  MlirValue in = mlirBlockGetArgument(body.block, 0);
  gspmdBuildTerminator(&body, "linalg.yield", 1, &in);
  return mlirOperationGetResult(g, 0);
}

static bool applyRule(Vectoriser *v, MlirOperation op);
static void vectoriseResults(Vectoriser *v, MlirOperation op);

/* x (a result of an op its batching remakes) made again before `before`,
 * batched: a fill of the bigger tensor instead of a broadcast of the fill,
 * which partitioning would move rather than make in the wanted layout. */
static MlirValue remakeBatched(Vectoriser *v, MlirOperation before,
                               MlirValue x) {
  MlirOperation copy = mlirOperationClone(mlirOpResultGetOwner(x));
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(before), before,
                                      copy);
  applyRule(v, copy);
  vectoriseResults(v, copy);
  return mlirOperationGetResult(copy, mlirOpResultGetResultNumber(x));
}

/* Operand i made vectorised: a fresh empty for tensor.empty, the op again
 * for a fill, else a broadcast. */
static void vectoriseOperand(Vectoriser *v, MlirOperation op, int i) {
  MlirValue x = mlirOperationGetOperand(op, i);
  if (isVec(v, x) || !mlirTypeIsARankedTensor(mlirValueGetType(x)))
    return;
  MlirOperation def =
      mlirValueIsAOpResult(x) ? mlirOpResultGetOwner(x) : (MlirOperation){NULL};
  MlirValue nx;
  if (!mlirOperationIsNull(def) &&
      gspmdOpFacts(def).remake == GSPMD_REMAKE_EMPTY) {
    GspmdBuilder b = gspmdBuilderBefore(op);
    nx = gspmdBuildEmpty(&b,
                         gspmdTensorTypePrepend(mlirValueGetType(x), v->p->L));
  } else if (!mlirOperationIsNull(def) && gspmdOpBatching(def).remake) {
    nx = remakeBatched(v, op, x);
  } else {
    nx = broadcast(v, op, x);
  }
  markVec(v, nx);
  mlirOperationSetOperand(op, i, nx);
}

static MlirWalkResult bumpIndex(MlirOperation op, void *user) {
  (void)user;
  int dim;
  if (gspmdIsLoopIndex(op, &dim))
    gspmdSetLoopIndex(op, dim + 1);
  return MlirWalkResultAdvance;
}

static void vectoriseGeneric(Vectoriser *v, MlirOperation op) {
  MlirContext ctx = v->p->ctx;
  int num_results = (int)mlirOperationGetNumResults(op);
  int num_operands = (int)mlirOperationGetNumOperands(op);
  for (int i = num_operands - num_results; i < num_operands; ++i)
    vectoriseOperand(v, op, i);
  MlirAttribute maps =
      mlirOperationGetAttributeByName(op, gspmdStr("indexing_maps"));
  MlirAttribute *items = malloc(sizeof(MlirAttribute) * (size_t)num_operands);
  for (int i = 0; i < num_operands; ++i) {
    MlirAffineMap map =
        mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, i));
    int dims = (int)mlirAffineMapGetNumDims(map);
    int n = (int)mlirAffineMapGetNumResults(map);
    /* (d0, ..., dk) -> (d1, ..., dk+1): the old loops move up by one. */
    MlirAffineExpr up[64];
    for (int d = 0; d < dims && d < 63; ++d)
      up[d] = mlirAffineDimExprGet(ctx, d + 1);
    MlirAffineMap shift = mlirAffineMapGet(ctx, dims + 1, 0, dims, up);
    MlirAffineExpr exprs[GSPMD_MAX_RANK + 1];
    int k = 0;
    if (isVec(v, mlirOperationGetOperand(op, i)))
      exprs[k++] = mlirAffineDimExprGet(ctx, 0);
    for (int r = 0; r < n && k <= GSPMD_MAX_RANK; ++r)
      exprs[k++] = mlirAffineExprCompose(mlirAffineMapGetResult(map, r), shift);
    items[i] =
        mlirAffineMapAttrGet(mlirAffineMapGet(ctx, dims + 1, 0, k, exprs));
  }
  mlirOperationSetAttributeByName(op, gspmdStr("indexing_maps"),
                                  mlirArrayAttrGet(ctx, num_operands, items));
  free(items);
  MlirAttribute iters =
      mlirOperationGetAttributeByName(op, gspmdStr("iterator_types"));
  int n = (int)mlirArrayAttrGetNumElements(iters);
  MlirAttribute *its = malloc(sizeof(MlirAttribute) * (size_t)(n + 1));
  its[0] = gspmdIteratorTypeAttr(ctx, false);
  for (int i = 0; i < n; ++i)
    its[i + 1] = mlirArrayAttrGetElement(iters, i);
  mlirOperationSetAttributeByName(op, gspmdStr("iterator_types"),
                                  mlirArrayAttrGet(ctx, n + 1, its));
  free(its);
  mlirOperationWalk(op, bumpIndex, NULL, MlirWalkPreOrder);
}

/* A sharding written in the stage (constraint or op annotation) gains the
 * stage axis on the new leading dim. */
static MlirAttribute vectoriseSharding(Vectoriser *v, MlirOperation op,
                                       MlirAttribute attr, int rank) {
  const Pipe *p = v->p;
  if (!gspmdAttributeIsAReplicated(attr)) {
    MlirStringRef m = gspmdShardingGetMeshName(attr);
    if (m.length != p->mesh_name.length ||
        memcmp(m.data, p->mesh_name.data, m.length)) {
      failAt(v, op, "a sharding on another mesh than the pipeline's");
      return attr;
    }
  }
  GspmdSharding s, out;
  if (!gspmdShardingFromAttr(attr, &p->mesh, rank, &s)) {
    failAt(v, op, "unreadable sharding");
    return attr;
  }
  memset(&out, 0, sizeof(out));
  out.rank = rank + 1;
  out.dim_num_axes[0] = 1;
  out.dim_axes[0][0] = p->stage_axis;
  for (int d = 0; d < rank; ++d) {
    out.dim_num_axes[d + 1] = s.dim_num_axes[d];
    for (int a = 0; a < s.dim_num_axes[d]; ++a) {
      if (s.dim_axes[d][a] == p->stage_axis) {
        failAt(v, op, "the stage uses the pipeline's own mesh axis");
        return attr;
      }
      out.dim_axes[d + 1][a] = s.dim_axes[d][a];
    }
  }
  return gspmdShardingToAttr(p->ctx, p->mesh_name, &p->mesh, &out);
}

static void vectoriseReassociation(Vectoriser *v, MlirOperation op) {
  MlirContext ctx = v->p->ctx;
  MlirAttribute old =
      mlirOperationGetAttributeByName(op, gspmdStr("reassociation"));
  int n = (int)mlirArrayAttrGetNumElements(old);
  MlirAttribute *groups = malloc(sizeof(MlirAttribute) * (size_t)(n + 1));
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  MlirAttribute zero = mlirIntegerAttrGet(i64, 0);
  groups[0] = mlirArrayAttrGet(ctx, 1, &zero);
  for (int g = 0; g < n; ++g) {
    MlirAttribute grp = mlirArrayAttrGetElement(old, g);
    int k = (int)mlirArrayAttrGetNumElements(grp);
    MlirAttribute items[GSPMD_MAX_RANK + 1];
    for (int i = 0; i < k && i <= GSPMD_MAX_RANK; ++i)
      items[i] = mlirIntegerAttrGet(
          i64, mlirIntegerAttrGetValueInt(mlirArrayAttrGetElement(grp, i)) + 1);
    groups[g + 1] = mlirArrayAttrGet(ctx, k, items);
  }
  mlirOperationSetAttributeByName(op, gspmdStr("reassociation"),
                                  mlirArrayAttrGet(ctx, n + 1, groups));
  free(groups);
}

static bool usesStage(Vectoriser *v, MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (isVec(v, mlirOperationGetOperand(op, i)))
      return true;
  return false;
}

/* Does a value of the stage reach an op nested in op's regions from
 * outside (a tensor.extract in a generic body, say)? */
static void findCapture(MlirOperation nested, intptr_t i, void *user) {
  Vectoriser *v = user;
  if (isVec(v, mlirOperationGetOperand(nested, i)))
    v->captured = true;
}

static void vectoriseOperands(Vectoriser *v, MlirOperation op, int n) {
  for (int i = 0; i < n; ++i)
    vectoriseOperand(v, op, i);
}

static int64_t entryValue(GspmdBatchEntry entry, int64_t L) {
  return entry == GSPMD_BATCH_SIZE ? L : entry == GSPMD_BATCH_ONE ? 1 : 0;
}

/* A tensor op's operands and attributes for a leading stage dim, as its
 * batching says. */
static void batchOperands(Vectoriser *v, MlirOperation op,
                          const GspmdBatching *bt) {
  int n = (int)mlirOperationGetNumOperands(op);
  vectoriseOperands(v, op, bt->operands < 0 ? n : bt->operands);
  if (bt->reassociation)
    vectoriseReassociation(v, op);
  for (int i = 0; i < 4 && bt->prepend[i].attr; ++i)
    prependI64Attr(op, bt->prepend[i].attr,
                   entryValue(bt->prepend[i].entry, v->p->L));
  if (bt->bump_attr)
    bumpIntAttr(op, bt->bump_attr);
  if (bt->region_index) {
    MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
    mlirBlockInsertArgument(body, 0, mlirIndexTypeGet(v->p->ctx),
                            mlirOperationGetLocation(op));
  }
}

/* Rewrites op's operands and attributes for a leading stage dim; false if
 * it cannot be batched. */
static bool applyRule(Vectoriser *v, MlirOperation op) {
  if (gspmdStringRefEq(gspmdOpName(op), "gspmd.sharding_constraint")) {
    MlirAttribute s = mlirOperationGetAttributeByName(op, gspmdStr("sharding"));
    int rank = (int)mlirShapedTypeGetRank(
        mlirValueGetType(mlirOperationGetResult(op, 0)));
    mlirOperationSetAttributeByName(op, gspmdStr("sharding"),
                                    vectoriseSharding(v, op, s, rank));
    return true;
  }
  GspmdBatching bt = gspmdOpBatching(op);
  if (bt.form == GSPMD_BATCH_GENERIC)
    vectoriseGeneric(v, op);
  else if (bt.form == GSPMD_BATCH_OPERANDS)
    batchOperands(v, op, &bt);
  return bt.form != GSPMD_BATCH_NONE;
}

/* Op's results gain the stage dim, and so do the shardings it is
 * annotated with. */
static void vectoriseResults(Vectoriser *v, MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirValue r = mlirOperationGetResult(op, i);
    MlirType t = mlirValueGetType(r);
    if (!mlirTypeIsARankedTensor(t)) {
      failAt(v, op, "a non-tensor result computed from a stage value");
      return;
    }
    mlirValueSetType(r, gspmdTensorTypePrepend(t, v->p->L));
    markVec(v, r);
  }
  MlirAttribute ann =
      mlirOperationGetDiscardableAttributeByName(op, gspmdShardingAttrName());
  if (mlirAttributeIsNull(ann) || !mlirAttributeIsAArray(ann))
    return;
  intptr_t n = mlirArrayAttrGetNumElements(ann);
  MlirAttribute items[16];
  for (intptr_t i = 0; i < n && i < 16; ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, i));
    items[i] = vectoriseSharding(v, op, mlirArrayAttrGetElement(ann, i),
                                 (int)mlirShapedTypeGetRank(t) - 1);
  }
  mlirOperationSetDiscardableAttributeByName(
      op, gspmdShardingAttrName(), mlirArrayAttrGet(v->p->ctx, n, items));
}

static void vectoriseOp(Vectoriser *v, MlirOperation op) {
  if (mlirOperationGetNumRegions(op) > 0) {
    v->captured = false;
    gspmdForEachNestedOperand(op, findCapture, v);
    if (v->captured) {
      failAt(v, op, "a stage value is read inside its region");
      return;
    }
  }
  if (!usesStage(v, op))
    return; /* side computation: stays as it is, read whole */
  if (!applyRule(v, op)) {
    failAt(v, op, "no vectorisation rule for this op");
    return;
  }
  vectoriseResults(v, op);
}

bool gspmdPipeVectorise(const Pipe *p, MlirModule stage) {
  MlirOperation f = gspmdPipeStageFunc(stage);
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0));
  Vectoriser v = {p, {0}, false, false};
  for (int i = 0; i <= p->num_params; ++i) {
    MlirValue a = mlirBlockGetArgument(b, i);
    mlirValueSetType(a, gspmdTensorTypePrepend(mlirValueGetType(a), p->L));
    markVec(&v, a);
  }
  MlirOperation ret = mlirBlockGetTerminator(b);
  for (MlirOperation op = mlirBlockGetFirstOperation(b);
       !v.failed && !mlirOperationEqual(op, ret);
       op = mlirOperationGetNextInBlock(op))
    vectoriseOp(&v, op);
  if (!v.failed && !isVec(&v, mlirOperationGetOperand(ret, 0))) {
    /* A stage that ignores its input: every stage yields the same. */
    mlirOperationSetOperand(
        ret, 0, broadcast(&v, ret, mlirOperationGetOperand(ret, 0)));
  }
  gspmdPtrMapFree(&v.vec);
  return !v.failed;
}
