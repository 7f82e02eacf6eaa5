/*
 * Pipeline.c - gspmd-pipeline: pipelining as sharding (GSPMD section 3.3).
 *
 * Rewrites each gspmd.pipeline op (one homogeneous stage over M
 * micro-batches, parameters stacked over L stages) into a global program
 * that partitioning turns into a pipeline, with no pipeline-specific
 * communication code:
 *
 *   - the stage is vectorised over L: its body is first normalised (tosa to
 *     linalg/arith/tensor, named linalg ops generalised, elementwise ops on
 *     tensors to linalg.generic, all by upstream passes run on a private
 *     copy), then every linalg.generic reading a stage value gains a
 *     leading parallel loop, tensor ops and constraints gain a leading dim;
 *     values computed from side inputs only stay as they are, read whole;
 *   - a loop of M + L - 1 iterations (R = 1; scf.for, never unrolled) over a
 * state [L, mb...] that starts at zero: each iteration shifts the state by one
 *     stage (extract_slice of rows [0, L-1), tensor.pad of one row in front:
 *     on a split stage dim, one halo exchange of one row, i.e. one
 *     collective_permute), puts micro-batch t into row 0 with a select on
 *     the stage index, runs the vectorised stage, and writes row L-1 into an
 *     output buffer [L, M, mb...] at micro-batch t - (L-1) with a select on
 *     (stage, micro-batch) indices, locally on the device holding it;
 *   - after the loop, row L-1 of the buffer is the result, taken as a sum
 *     over the stage dim of the rows selected by stage == L-1: each device
 *     reduces its rows locally, then one all_reduce of [M, mb...] (the only
 *     value that crosses devices outside the shift, once);
 *   - circular schedule (repeats = R > 1, parameters [R, L, ...]): the shift
 *     is a rotation, a generic reading `(d0 - 1) mod L` (a periodic window:
 *     one collective_permute with wrap), so row 0 receives the last stage's
 *     previous output; that is kept at row 0 of a buffer [L, M, mb...] (on
 *     stage 0's device) until stage 0 runs the micro-batch's next repeat.
 *     Each repeat has M' = max(M, L) micro-batch slots (M < L: L - M bubble
 *     slots, since an output is back at stage 0 only L steps after it left
 *     it); stage 0 takes a fresh micro-batch in steps t < M', else the slot
 *     t mod M'. Stage l runs step t - l, repeat r = (t - l) / M' (clamped in
 *     bubbles), with W[r][l] chosen by a select over R as a reduction loop
 *     (local). Trip count M' + M + L - 1 (M R + L - 1 when M >= L).
 * Bubble rows compute on zeros or stale values and may hold inf/NaN; only
 * selects read them, so they never reach a result. The stage dim of the
 * parameters, the state and the output buffer is pinned to the op's mesh
 * axis by open sharding_constraints (a floor, so data/model axes inside the
 * stage still complete); everything else is left to completion.
 *
 * `sequential=true` instead writes the op's meaning as plain loops (for m,
 * for r, for l: x <- stage(x, W[r][l])) with the stage body as written:
 * gspmd-run's unpartitioned reference uses it, so a bug in the vectorised
 * rewrite shows up as a FAIL.
 *
 * Both forms are built op by op in place of the op (Loop.c); the
 * stage is first made a function of its own (with a copy of the mesh, so
 * that the upstream passes that normalise it verify its shardings), whose
 * body is moved into the loop where the stage runs. The vectoriser is
 * Vectorise.c.
 *
 * Assumes: ops verified (static shapes, L a multiple of the axis size). An
 * op the vectoriser does not know, or a stage value read
 * from inside a region (tensor.extract in a generic body), is an error
 * naming that op; the pass then fails and changes nothing.
 */
#include "pipeline.h"

#include "gspmd/passes.h"
#include "gspmd/support.h"

#include "gspmd-c/Dialect.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/Linalg.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Dialect/Tensor.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*===-- The op ------------------------------------------------------------===*/

static bool readPipe(MlirOperation op, GspmdArena *arena, Pipe *p) {
  memset(p, 0, sizeof(*p));
  p->op = op;
  p->ctx = mlirOperationGetContext(op);
  p->mesh_name = mlirFlatSymbolRefAttrGetValue(
      mlirOperationGetAttributeByName(op, gspmdStr("mesh")));
  p->mesh_op = gspmdLookupSymbol(op, p->mesh_name);
  if (mlirOperationIsNull(p->mesh_op) ||
      !gspmdMeshFromOp(p->mesh_op, arena, &p->mesh))
    return false;
  MlirStringRef axis = mlirStringAttrGetValue(
      mlirOperationGetAttributeByName(op, gspmdStr("axis")));
  char name[256];
  snprintf(name, sizeof(name), "%.*s", (int)axis.length, axis.data);
  p->stage_axis = gspmdMeshFindAxis(&p->mesh, name);
  if (p->stage_axis < 0)
    return false;
  p->R = mlirIntegerAttrGetValueInt(
      mlirOperationGetAttributeByName(op, gspmdStr("repeats")));
  MlirAttribute seg =
      mlirOperationGetAttributeByName(op, gspmdStr("operandSegmentSizes"));
  p->num_params = mlirDenseI32ArrayGetElement(seg, 1);
  p->num_side = mlirDenseI32ArrayGetElement(seg, 2);
  p->x = mlirValueGetType(mlirOperationGetOperand(op, 0));
  p->elt = mlirShapedTypeGetElementType(p->x);
  p->M = mlirShapedTypeGetDimSize(p->x, 0);
  MlirType w = mlirValueGetType(mlirOperationGetOperand(op, 1));
  p->L = mlirShapedTypeGetDimSize(w, p->R > 1 ? 1 : 0);
  p->act_rank = (int)mlirShapedTypeGetRank(p->x) - 1;
  for (int d = 0; d < p->act_rank; ++d)
    p->act_shape[d] = mlirShapedTypeGetDimSize(p->x, d + 1);
  p->act = mlirRankedTensorTypeGet(p->act_rank, p->act_shape, p->elt,
                                   mlirAttributeGetNull());
  return true;
}

/*===-- The stage as a function -------------------------------------------===*/

/* The stage as a function of its own, in a module of its own with a copy
 * of the mesh (so that its shardings verify): the op's block moved into
 * it, the gspmd.yield turned into a func.return. The caller owns the
 * module. */
static MlirModule stageModule(const Pipe *p) {
  MlirLocation loc = mlirOperationGetLocation(p->op);
  MlirModule m = mlirModuleCreateEmpty(loc);
  GspmdBuilder b = gspmdBuilderAtEnd(mlirModuleGetBody(m), loc);
  gspmdBuildMoveHere(&b, mlirOperationClone(p->mesh_op));
  MlirRegion region = mlirOperationGetRegion(p->op, 0);
  MlirBlock block = mlirRegionGetFirstBlock(region);
  intptr_t n = mlirBlockGetNumArguments(block);
  MlirType *ins = malloc(sizeof(MlirType) * (size_t)(n + 1));
  for (intptr_t i = 0; i < n; ++i)
    ins[i] = mlirValueGetType(mlirBlockGetArgument(block, i));
  MlirType fty = mlirFunctionTypeGet(p->ctx, n, ins, 1, &p->act);
  free(ins);
  MlirNamedAttribute attrs[2] = {
      gspmdNamedAttr(p->ctx, "sym_name",
                     mlirStringAttrGet(p->ctx, gspmdStr("stage"))),
      gspmdNamedAttr(p->ctx, "function_type", mlirTypeAttrGet(fty))};
  MlirRegion body = mlirRegionCreate();
  mlirRegionTakeBody(body, region);
  MlirOperationState fs = mlirOperationStateGet(gspmdStr("func.func"), loc);
  mlirOperationStateAddAttributes(&fs, 2, attrs);
  mlirOperationStateAddOwnedRegions(&fs, 1, &body);
  MlirOperation f = gspmdBuildInsert(&b, &fs);
  MlirBlock fb = mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0));
  MlirOperation yield = mlirBlockGetTerminator(fb);
  MlirValue y = mlirOperationGetOperand(yield, 0);
  GspmdBuilder at_yield = gspmdBuilderBefore(yield);
  gspmdBuildTerminator(&at_yield, "func.return", 1, &y);
  mlirOperationDestroy(yield);
  return m;
}

/* Each `gspmd.sharding` on an op of the stage (one entry per result)
 * becomes a sharding_constraint on the annotated result. The upstream
 * passes that normalise the stage build new ops and drop discardable
 * attributes; a constraint survives them and is vectorised like one the
 * user wrote, so data / model annotations inside the stage still bind. */
static void annotationsToConstraints(MlirModule stage) {
  MlirOperation f = gspmdPipeStageFunc(stage);
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0));
  MlirStringRef key = gspmdShardingAttrName();
  for (MlirOperation op = mlirBlockGetFirstOperation(b);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirAttribute a = mlirOperationGetAttributeByName(op, key);
    if (mlirAttributeIsNull(a) || !mlirAttributeIsAArray(a))
      continue;
    intptr_t n = mlirArrayAttrGetNumElements(a);
    if (n > mlirOperationGetNumResults(op))
      n = mlirOperationGetNumResults(op);
    MlirOperation after = op;
    for (intptr_t k = 0; k < n; ++k) {
      MlirAttribute s = mlirArrayAttrGetElement(a, k);
      MlirValue r = mlirOperationGetResult(op, k);
      if (!gspmdAttributeIsASharding(s) ||
          !mlirTypeIsARankedTensor(mlirValueGetType(r)))
        continue;
      GspmdBuilder at = gspmdBuilderAfter(after);
      at.loc = mlirOperationGetLocation(op);
      MlirValue v = gspmdBuildShardingConstraint(&at, r, s, false);
      MlirOperation c = mlirOpResultGetOwner(v);
      mlirValueReplaceAllUsesExcept(r, v, 1, &c);
      after = c;
    }
    mlirOperationRemoveAttributeByName(op, key);
    op = after;
  }
}

/* Upstream passes that leave the stage as linalg.generic, tensor and
 * scalar ops, which the vectoriser knows. */
static const char *kNormalise =
    "builtin.module(func.func(tosa-optional-decompositions,"
    "tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,tosa-to-tensor,"
    "linalg-generalize-named-ops,convert-elementwise-to-linalg))";

static bool normalise(MlirContext ctx, MlirModule m) {
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirLogicalResult ok = mlirParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(pm), gspmdStr(kNormalise), NULL, NULL);
  if (mlirLogicalResultIsSuccess(ok))
    ok = mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(m));
  mlirPassManagerDestroy(pm);
  return mlirLogicalResultIsSuccess(ok);
}

/* The types of one stage's parameters (W[l] or W[r][l]) and of one
 * repeat's [L, ...], for each parameter. */
static void paramTypes(const Pipe *p, MlirType *slices, MlirType *vparams) {
  int k = p->R > 1 ? 2 : 1;
  for (int i = 0; i < p->num_params; ++i) {
    MlirType w = mlirValueGetType(mlirOperationGetOperand(p->op, 1 + i));
    int wr = (int)mlirShapedTypeGetRank(w);
    int64_t shape[GSPMD_MAX_RANK];
    for (int d = k; d < wr; ++d)
      shape[d - k] = mlirShapedTypeGetDimSize(w, d);
    slices[i] = gspmdTensorTypeLike(w, wr - k, shape);
    vparams[i] = gspmdTensorTypePrepend(slices[i], p->L);
  }
}

/* The vectorised form needs the stage normalised and vectorised first. */
static bool prepareVectorised(const Pipe *p, MlirModule stage) {
  annotationsToConstraints(stage);
  if (!normalise(p->ctx, stage)) {
    mlirEmitError(mlirOperationGetLocation(p->op),
                  "gspmd-pipeline: the stage did not normalise");
    return false;
  }
  return gspmdPipeVectorise(p, stage);
}

/* The op's own gspmd.sharding (one entry, its result's) as a constraint on
 * what replaces the result: an annotation on an op binds its result, and
 * the ops the rewrite builds would otherwise leave the result to
 * completion (gspmd-auto-shard writes a pipeline so and costs it so). */
static MlirValue bindOwnAnnotation(MlirOperation op, GspmdBuilder *b,
                                   MlirValue result) {
  MlirAttribute a =
      mlirOperationGetDiscardableAttributeByName(op, gspmdShardingAttrName());
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAArray(a) ||
      mlirArrayAttrGetNumElements(a) != 1 ||
      !gspmdAttributeIsASharding(mlirArrayAttrGetElement(a, 0)))
    return result;
  return gspmdBuildShardingConstraint(b, result, mlirArrayAttrGetElement(a, 0),
                                      false);
}

static bool rewrite(MlirOperation op, bool sequential, GspmdArena *arena) {
  Pipe p;
  if (!readPipe(op, arena, &p)) {
    mlirEmitError(mlirOperationGetLocation(op),
                  "gspmd-pipeline: unknown mesh or axis");
    return false;
  }
  size_t n = (size_t)(p.num_params + 1);
  MlirType *params = malloc(sizeof(MlirType) * n);
  MlirType *slices = malloc(sizeof(MlirType) * n);
  MlirType *vparams = malloc(sizeof(MlirType) * n);
  for (int i = 0; i < p.num_params; ++i)
    params[i] = mlirValueGetType(mlirOperationGetOperand(op, 1 + i));
  paramTypes(&p, slices, vparams);
  MlirModule stage = stageModule(&p);
  bool ok = sequential || prepareVectorised(&p, stage);
  if (ok) {
    GspmdBuilder b = gspmdBuilderBefore(op);
    MlirOperation f = gspmdPipeStageFunc(stage);
    MlirValue result =
        sequential ? gspmdPipeBuildSequential(&b, &p, f, slices)
                   : gspmdPipeBuildVectorised(&b, &p, f, params, vparams);
    result = bindOwnAnnotation(op, &b, result);
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), result);
    mlirOperationDestroy(op);
  }
  free(params);
  free(slices);
  free(vparams);
  mlirModuleDestroy(stage);
  return ok;
}

/*===-- The pass ----------------------------------------------------------===*/

typedef struct PipelineOptions {
  bool sequential;
} PipelineOptions;

static MlirWalkResult collectPipelines(MlirOperation op, void *user) {
  if (gspmdStringRefEq(gspmdOpName(op), "gspmd.pipeline"))
    *(MlirOperation *)gspmdVecPush(user) = op;
  return MlirWalkResultAdvance;
}

void gspmdPipelinePassRun(MlirOperation module, MlirExternalPass pass,
                          void *user) {
  const PipelineOptions *options = user;
  GspmdArena arena = {NULL};
  GspmdVec ops;
  gspmdVecInit(&ops, sizeof(MlirOperation));
  mlirOperationWalk(module, collectPipelines, &ops, MlirWalkPostOrder);
  bool failed = false;
  for (size_t i = 0; i < ops.size && !failed; ++i)
    failed = !rewrite(GSPMD_VEC_AT(&ops, MlirOperation, i), options->sequential,
                      &arena);
  if (failed)
    mlirExternalPassSignalFailure(pass);
  gspmdVecFree(&ops);
  gspmdArenaFree(&arena);
}

static const GspmdOptionSpec kPipelineOptions[] = {
    GSPMD_OPTION(PipelineOptions, sequential, "sequential", GSPMD_OPTION_BOOL,
                 "<bool>", NULL),
};
static const PipelineOptions kPipelineDefaults = {false};
const GspmdPassOptions gspmdPipelineOptions = {
    kPipelineOptions, 1, sizeof(PipelineOptions), &kPipelineDefaults};
