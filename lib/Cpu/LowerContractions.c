/*
 * LowerContractions.c - gspmd-lower-contractions: float contractions on
 * buffers become calls of the runtime's BLAS gemm (runtime/contract.c).
 *
 * Runs in GSPMD_LOWER_TO_LLVM_PIPELINE after bufferization (every structured
 * op is a linalg.generic on memrefs by then: linalg-generalize-named-ops ran
 * before one-shot-bufferize) and before convert-linalg-to-loops, so the
 * partitioned program, its unpartitioned reference and its f64 reference all
 * take the same path. A generic is a contraction when
 *   - it has two inputs and one output, all memrefs of float elements;
 *   - the output's indexing map is a projected permutation (plain dims);
 *     the inputs' results are plain dims or sums of constant multiples of
 *     distinct loops (a convolution's `2*oh + kh`), each loop the whole of
 *     some dim somewhere (which gives its size);
 *   - its body is `c + a * b` (either operand order), optionally with
 *     arith.extf of a and b to the output's type;
 *   - every parallel loop is in the output and in at least one input, every
 *     reduction loop is in both inputs and not in the output, and there is
 *     at least one reduction loop.
 * Each loop is then a batch (A, B, C), M (A, C), N (B, C) or K (A, B) loop.
 * The op becomes
 *   func.call @gspmd_mlir_contract_<in>_<out>(cast %a, cast %b, cast %c,
 *                                             %loops)
 * with the memrefs cast to unranked (any layout) and %loops a constant
 * memref<10*n x i64> global: per loop its kind and, for A, B and C, its dim
 * (-1 when absent), its coefficient there and whether the dim is the loop
 * alone. Address arithmetic stays linear in the loops, so the runtime sees a
 * convolution as a gemm over strided views (im2col when it packs). Windowed
 * inputs are taken only with an N loop (convolutions with output channels,
 * grouped ones too: the group is a batch loop; depthwise ones stay loops). The
 * runtime accumulates C += A * B, as the generic does.
 * Element types: f32, f64, f16, bf16 for all three, or f16/bf16 inputs with
 * an f32 output; anything else (integers, other bodies) stays on the loop
 * path.
 */
#include "gspmd/build.h"
#include "gspmd/combiner.h"
#include "gspmd/passes.h"
#include "gspmd/support.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/MemRef.h"

#include <stdio.h>
#include <string.h>

#define MAX_LOOPS 16

enum { LOOP_BATCH = 0, LOOP_M = 1, LOOP_N = 2, LOOP_K = 3 };

/* Words per loop in the spec: kind, then (dim, coef, plain) per operand. */
#define SPEC_WORDS 10

static bool opIs(MlirOperation op, const char *name) {
  return !mlirOperationIsNull(op) && gspmdStringRefEq(gspmdOpName(op), name);
}

/*===-- Recognition -------------------------------------------------------===*/

/* `v`, or the operand of the arith.extf that defines it. */
static MlirValue throughExtF(MlirValue v) {
  if (mlirValueIsAOpResult(v)) {
    MlirOperation def = mlirOpResultGetOwner(v);
    if (opIs(def, "arith.extf"))
      return mlirOperationGetOperand(def, 0);
  }
  return v;
}

/* True if the body is `yield c + a * b` over block arguments a, b, c (a and
 * b possibly through arith.extf), with nothing else in it. */
static bool bodyIsMulAdd(MlirOperation op) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (mlirBlockIsNull(body) || mlirBlockGetNumArguments(body) != 3 ||
      mlirOperationGetNumOperands(mlirBlockGetTerminator(body)) != 1)
    return false;
  MlirValue a = mlirBlockGetArgument(body, 0);
  MlirValue b = mlirBlockGetArgument(body, 1);
  MlirValue prod;
  MlirOperation add = gspmdMatchCombine(body, 0, &prod);
  if (gspmdCombinerOfOp(add) != GSPMD_COMBINER_ADD ||
      !mlirTypeIsAFloat(mlirValueGetType(prod)) || !mlirValueIsAOpResult(prod))
    return false;
  MlirOperation mul = mlirOpResultGetOwner(prod);
  if (gspmdCombinerOfOp(mul) != GSPMD_COMBINER_MUL)
    return false;
  MlirValue p = throughExtF(mlirOperationGetOperand(mul, 0));
  MlirValue q = throughExtF(mlirOperationGetOperand(mul, 1));
  if (!((mlirValueEqual(p, a) && mlirValueEqual(q, b)) ||
        (mlirValueEqual(p, b) && mlirValueEqual(q, a))))
    return false;
  /* Nothing else: the add, the mul, at most two extf and the yield. */
  MlirOperation yield = mlirBlockGetTerminator(body);
  int n = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o), ++n)
    if (!mlirOperationEqual(o, add) && !mlirOperationEqual(o, mul) &&
        !mlirOperationEqual(o, yield) && !opIs(o, "arith.extf"))
      return false;
  return n <= 5;
}

/* Where a loop is in one operand: dim (-1 when absent), coefficient, and
 * whether the dim is that loop alone (its size is then the loop's). */
typedef struct Place {
  int dim;
  int64_t coef;
  bool plain;
} Place;

/* Adds the terms of `e` (dims, constant multiples of dims, sums of those)
 * to place[] for result `dim`; false for any other expression or a loop
 * met twice. */
static bool addTerms(MlirAffineExpr e, int dim, int64_t coef, Place *place) {
  if (mlirAffineExprIsADim(e)) {
    intptr_t d = mlirAffineDimExprGetPosition(e);
    if (place[d].dim >= 0)
      return false;
    place[d] = (Place){dim, coef, false};
    return true;
  }
  if (mlirAffineExprIsAAdd(e))
    return addTerms(mlirAffineBinaryOpExprGetLHS(e), dim, coef, place) &&
           addTerms(mlirAffineBinaryOpExprGetRHS(e), dim, coef, place);
  if (mlirAffineExprIsAMul(e)) {
    MlirAffineExpr l = mlirAffineBinaryOpExprGetLHS(e);
    MlirAffineExpr r = mlirAffineBinaryOpExprGetRHS(e);
    if (mlirAffineExprIsAConstant(l))
      return addTerms(r, dim, coef * mlirAffineConstantExprGetValue(l), place);
    if (mlirAffineExprIsAConstant(r))
      return addTerms(l, dim, coef * mlirAffineConstantExprGetValue(r), place);
  }
  return false;
}

/* The place of each loop in one indexing map; false unless every result is
 * a sum of constant multiples of distinct loops. */
static bool mapPlaces(MlirAttribute attr, int num_loops, Place *place) {
  if (!mlirAttributeIsAAffineMap(attr))
    return false;
  MlirAffineMap map = mlirAffineMapAttrGetValue(attr);
  if (mlirAffineMapGetNumDims(map) != num_loops ||
      mlirAffineMapGetNumSymbols(map) != 0)
    return false;
  for (int l = 0; l < num_loops; ++l)
    place[l] = (Place){-1, 0, false};
  intptr_t n = mlirAffineMapGetNumResults(map);
  for (intptr_t r = 0; r < n; ++r) {
    MlirAffineExpr e = mlirAffineMapGetResult(map, r);
    if (!addTerms(e, (int)r, 1, place))
      return false;
    if (mlirAffineExprIsADim(e))
      place[mlirAffineDimExprGetPosition(e)].plain = true;
  }
  return true;
}

/* Fills spec[SPEC_WORDS * l ..] = {kind, then per operand A, B, C: dim,
 * coefficient, plain} per loop; returns the number of loops, or 0 when `op`
 * is not a contraction. */
static int contractionSpec(MlirOperation op, int64_t *spec) {
  if (!opIs(op, "linalg.generic") || mlirOperationGetNumOperands(op) != 3 ||
      mlirOperationGetNumResults(op) != 0)
    return 0;
  MlirAttribute segments =
      mlirOperationGetAttributeByName(op, gspmdStr("operandSegmentSizes"));
  if (mlirAttributeIsNull(segments) ||
      mlirDenseArrayGetNumElements(segments) != 2 ||
      mlirDenseI32ArrayGetElement(segments, 0) != 2)
    return 0;
  for (int i = 0; i < 3; ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i));
    if (!mlirTypeIsAMemRef(t) ||
        !gspmdFloatTypeName(mlirShapedTypeGetElementType(t)))
      return 0;
  }
  bool reduction[MAX_LOOPS];
  int num_loops = gspmdLinalgLoops(op, reduction, MAX_LOOPS);
  MlirAttribute maps =
      mlirOperationGetAttributeByName(op, gspmdStr("indexing_maps"));
  if (num_loops <= 0 || num_loops > MAX_LOOPS || mlirAttributeIsNull(maps) ||
      mlirArrayAttrGetNumElements(maps) != 3 || !bodyIsMulAdd(op))
    return 0;
  Place place[3][MAX_LOOPS];
  for (int i = 0; i < 3; ++i)
    if (!mapPlaces(mlirArrayAttrGetElement(maps, i), num_loops, place[i]))
      return 0;
  int reductions = 0, n_loops = 0;
  bool windowed = false;
  for (int l = 0; l < num_loops; ++l) {
    bool a = place[0][l].dim >= 0, b = place[1][l].dim >= 0;
    bool c = place[2][l].dim >= 0;
    int kind;
    if (c && !place[2][l].plain)
      return 0; /* the output is indexed by plain dims */
    if (!place[0][l].plain && !place[1][l].plain && !place[2][l].plain)
      return 0; /* no dim gives the loop's size */
    windowed |= (a && !place[0][l].plain) || (b && !place[1][l].plain);
    if (reduction[l]) {
      if (!a || !b || c)
        return 0;
      kind = LOOP_K;
      ++reductions;
    } else if (!c || (!a && !b)) {
      return 0;
    } else {
      kind = a && b ? LOOP_BATCH : a ? LOOP_M : LOOP_N;
      n_loops += kind == LOOP_N;
    }
    int64_t *w = spec + SPEC_WORDS * l;
    w[0] = kind;
    for (int i = 0; i < 3; ++i) {
      w[1 + 3 * i] = place[i][l].dim;
      w[2 + 3 * i] = place[i][l].coef;
      w[3 + 3 * i] = place[i][l].plain;
    }
  }
  /* Windowed operands (convolutions) are packed im2col-style for gemm: worth
   * it for the channel mixing kind (an N loop; grouped ones are a gemm per
   * group, the group a batch loop), not for depthwise ones (a gemm of one
   * column per channel). */
  if (windowed && n_loops == 0)
    return 0;
  return reductions > 0 ? num_loops : 0;
}

/* The runtime entry for the element types, or NULL when it has none. */
static bool calleeName(MlirOperation op, char *buf, size_t size) {
  const char *ta = gspmdFloatTypeName(mlirShapedTypeGetElementType(
      mlirValueGetType(mlirOperationGetOperand(op, 0))));
  const char *tb = gspmdFloatTypeName(mlirShapedTypeGetElementType(
      mlirValueGetType(mlirOperationGetOperand(op, 1))));
  const char *tc = gspmdFloatTypeName(mlirShapedTypeGetElementType(
      mlirValueGetType(mlirOperationGetOperand(op, 2))));
  if (strcmp(ta, tb))
    return false;
  if (!strcmp(ta, tc))
    snprintf(buf, size, "gspmd_mlir_contract_%s_%s", ta, tc);
  else if (!strcmp(tc, "f32") && (!strcmp(ta, "f16") || !strcmp(ta, "bf16")))
    snprintf(buf, size, "gspmd_mlir_contract_%s_%s", ta, tc);
  else
    return false;
  return true;
}

/*===-- Rewriting ---------------------------------------------------------===*/

typedef struct Lowering {
  MlirContext ctx;
  MlirBlock body;    /* the module's */
  MlirOperation top; /* declarations and globals go before it */
  int num_globals;
  char declared[8][64]; /* runtime entries declared so far */
  int num_declared;
  GspmdVec work; /* MlirOperation */
} Lowering;

static void insertTop(Lowering *l, MlirOperation op) {
  if (mlirOperationIsNull(l->top))
    mlirBlockAppendOwnedOperation(l->body, op);
  else
    mlirBlockInsertOwnedOperationBefore(l->body, l->top, op);
}

static MlirNamedAttribute named(Lowering *l, const char *name,
                                MlirAttribute attr) {
  return gspmdNamedAttr(l->ctx, name, attr);
}

/* `func.func private @name(types)` with llvm.emit_c_interface, once. */
static void declare(Lowering *l, const char *name, int n,
                    const MlirType *types) {
  for (int i = 0; i < l->num_declared; ++i)
    if (!strcmp(l->declared[i], name))
      return;
  snprintf(l->declared[l->num_declared++], sizeof(l->declared[0]), "%s", name);
  MlirType type = mlirFunctionTypeGet(l->ctx, n, types, 0, NULL);
  insertTop(l, gspmdBuildRuntimeDecl(l->ctx, name, type));
}

/* A private constant memref.global holding the loop spec; its name. */
static void specGlobal(Lowering *l, const int64_t *spec, int n, char *name,
                       size_t size, MlirType *memref) {
  snprintf(name, size, "__gspmd_contract_loops_%d", l->num_globals++);
  MlirType i64 = mlirIntegerTypeGet(l->ctx, 64);
  int64_t shape[1] = {n};
  *memref = mlirMemRefTypeContiguousGet(i64, 1, shape, mlirAttributeGetNull());
  MlirType tensor =
      mlirRankedTensorTypeGet(1, shape, i64, mlirAttributeGetNull());
  MlirNamedAttribute attrs[] = {
      named(l, "sym_name", mlirStringAttrGet(l->ctx, gspmdStr(name))),
      named(l, "sym_visibility",
            mlirStringAttrGet(l->ctx, gspmdStr("private"))),
      named(l, "type", mlirTypeAttrGet(*memref)),
      named(l, "initial_value", mlirDenseElementsAttrInt64Get(tensor, n, spec)),
      named(l, "constant", mlirUnitAttrGet(l->ctx)),
  };
  MlirOperationState state = mlirOperationStateGet(
      gspmdStr("memref.global"), mlirLocationUnknownGet(l->ctx));
  mlirOperationStateAddAttributes(&state, 5, attrs);
  insertTop(l, mlirOperationCreate(&state));
}

static MlirValue build1(GspmdBuilder *b, const char *name, int n,
                        const MlirValue *operands, MlirType result, int na,
                        const MlirNamedAttribute *attrs) {
  MlirOperationState state = mlirOperationStateGet(gspmdStr(name), b->loc);
  mlirOperationStateAddOperands(&state, n, operands);
  if (!mlirTypeIsNull(result))
    mlirOperationStateAddResults(&state, 1, &result);
  mlirOperationStateAddAttributes(&state, na, attrs);
  MlirOperation op = gspmdBuildInsert(b, &state);
  return mlirTypeIsNull(result) ? (MlirValue){NULL}
                                : mlirOperationGetResult(op, 0);
}

static void rewrite(Lowering *l, MlirOperation op, const int64_t *spec,
                    int num_loops, const char *callee) {
  GspmdBuilder b = gspmdBuilderBefore(op);
  char global[64];
  MlirType spec_type;
  specGlobal(l, spec, SPEC_WORDS * num_loops, global, sizeof(global),
             &spec_type);
  MlirNamedAttribute ref =
      named(l, "name", mlirFlatSymbolRefAttrGet(l->ctx, gspmdStr(global)));
  MlirValue loops =
      build1(&b, "memref.get_global", 0, NULL, spec_type, 1, &ref);
  MlirValue args[4];
  MlirType types[4];
  for (int i = 0; i < 4; ++i) {
    MlirValue v = i < 3 ? mlirOperationGetOperand(op, i) : loops;
    types[i] = mlirUnrankedMemRefTypeGet(
        mlirShapedTypeGetElementType(mlirValueGetType(v)),
        mlirAttributeGetNull());
    args[i] = build1(&b, "memref.cast", 1, &v, types[i], 0, NULL);
  }
  declare(l, callee, 4, types);
  MlirNamedAttribute call =
      named(l, "callee", mlirFlatSymbolRefAttrGet(l->ctx, gspmdStr(callee)));
  build1(&b, "func.call", 4, args, (MlirType){NULL}, 1, &call);
  mlirOperationDestroy(op);
}

static MlirWalkResult collect(MlirOperation op, void *user) {
  if (opIs(op, "linalg.generic"))
    *(MlirOperation *)gspmdVecPush(&((Lowering *)user)->work) = op;
  return MlirWalkResultAdvance;
}

void gspmdLowerContractionsPassRun(MlirOperation module, MlirExternalPass pass,
                                   void *user) {
  (void)pass;
  (void)user;
  Lowering l = {.ctx = mlirOperationGetContext(module)};
  l.body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  l.top = mlirBlockGetFirstOperation(l.body);
  gspmdVecInit(&l.work, sizeof(MlirOperation));
  mlirOperationWalk(module, collect, &l, MlirWalkPostOrder);
  for (size_t i = 0; i < l.work.size; ++i) {
    MlirOperation op = GSPMD_VEC_AT(&l.work, MlirOperation, i);
    int64_t spec[SPEC_WORDS * MAX_LOOPS];
    char callee[64];
    int n = contractionSpec(op, spec);
    if (n > 0 && calleeName(op, callee, sizeof(callee)))
      rewrite(&l, op, spec, n, callee);
  }
  gspmdVecFree(&l.work);
}
