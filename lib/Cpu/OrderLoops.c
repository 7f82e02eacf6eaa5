/*
 * OrderLoops.c - gspmd-order-loops: the innermost loop of a linalg.generic
 * is the parallel loop that walks the fewest of its operands across rows.
 *
 * convert-linalg-to-loops nests the loops in the op's order, the last
 * innermost, and LLVM vectorizes only the innermost loop. A loop whose step
 * jumps a row of an operand (stride above one element) reads a cache line
 * per element and leaves the loop scalar. The orders upstream lowerings
 * write are often such: a column sum (a bias gradient) reduces innermost
 * across rows, and the importer's scatter-add (an embedding gradient,
 * docs/import.md) reduces over the tokens innermost, reading the update
 * across its rows where the feature loop would read it and the result
 * along theirs. Only a loop of 8 trips or more (or as many as the loop it
 * replaces) is moved, so the new innermost loop still fills a vector, and
 * ties keep the op's order. Moving a parallel loop innermost keeps every output
 * element's own sum in the same order (the reduction loops keep their
 * order), so results are bit for bit those of the op's own order.
 *
 * The choice (gspmdInnermostLoop) is also what gspmd-simulate reads to
 * charge a strided operand (lib/Simulate/Cost.c): one rule, in one place.
 *
 * Assumes tensors with static shapes (others keep their order); runs in the
 * lowering to LLVM (include/gspmd/passes.h) after gspmd-fuse-elementwise,
 * whose fused ops it orders, and before bufferization.
 */
#include "gspmd/containers.h"
#include "gspmd/passes.h"
#include "gspmd/support.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Linalg.h"

#define MAX_LOOPS 32
/* Fewest trips of a loop moved innermost (a vector of f32 on AVX2), unless
 * the loop it replaces has fewer. */
#define MIN_INNER_TRIPS 8

/* The multiple of `loop` in expr e, or false when e is not a sum of
 * constant multiples of loops and constants (then the stride is unknown). */
static bool loopCoefficient(MlirAffineExpr e, intptr_t loop, int64_t *coef) {
  if (mlirAffineExprIsADim(e)) {
    *coef = mlirAffineDimExprGetPosition(e) == loop;
    return true;
  }
  if (mlirAffineExprIsAConstant(e)) {
    *coef = 0;
    return true;
  }
  MlirAffineExpr lhs, rhs;
  int64_t a, b;
  if (mlirAffineExprIsAAdd(e)) {
    lhs = mlirAffineBinaryOpExprGetLHS(e);
    rhs = mlirAffineBinaryOpExprGetRHS(e);
    if (!loopCoefficient(lhs, loop, &a) || !loopCoefficient(rhs, loop, &b))
      return false;
    *coef = a + b;
    return true;
  }
  if (mlirAffineExprIsAMul(e)) {
    rhs = mlirAffineBinaryOpExprGetRHS(e);
    if (!mlirAffineExprIsAConstant(rhs) ||
        !loopCoefficient(mlirAffineBinaryOpExprGetLHS(e), loop, &a))
      return false;
    *coef = a * mlirAffineConstantExprGetValue(rhs);
    return true;
  }
  return false;
}

int64_t gspmdLoopStride(MlirOperation op, intptr_t k, int loop) {
  MlirAttribute maps = mlirLinalgGetIndexingMapsAttribute(op);
  if (mlirAttributeIsNull(maps) || !mlirAttributeIsAArray(maps) ||
      k >= mlirArrayAttrGetNumElements(maps) ||
      k >= mlirOperationGetNumOperands(op))
    return -1;
  MlirAffineMap map =
      mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, k));
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, k));
  if (!mlirTypeIsARankedTensor(t) && !mlirTypeIsAMemRef(t))
    return 0; /* a scalar operand: the same at every step */
  if (!mlirShapedTypeHasStaticShape(t))
    return -1;
  int64_t stride = 0, step = 1;
  for (intptr_t r = mlirAffineMapGetNumResults(map) - 1; r >= 0; --r) {
    int64_t coef;
    if (!loopCoefficient(mlirAffineMapGetResult(map, r), loop, &coef))
      return -1;
    stride += coef * step;
    step *= mlirShapedTypeGetDimSize(t, r);
  }
  return stride < 0 ? -stride : stride;
}

/* Operands of op that loop `loop` walks across rows (a stride above one
 * element, or unknown). */
static int stridedOperands(MlirOperation op, int loop) {
  int count = 0;
  for (intptr_t k = 0; k < mlirOperationGetNumOperands(op); ++k) {
    int64_t stride = gspmdLoopStride(op, k, loop);
    count += stride < 0 || stride > 1;
  }
  return count;
}

/* The loop of op that runs innermost in its own order: the last one of
 * more than one trip (loops of one trip vanish); -1 when op is not a
 * linalg structured op with known trip counts. A named op is read as the
 * generic the lowering makes of it (linalg-generalize-named-ops). */
static int ownInnermost(MlirOperation op, bool *reduction, int64_t *trips) {
  int loops = gspmdLinalgLoopTrips(op, trips, MAX_LOOPS);
  if (loops <= 0)
    return -1;
  gspmdLinalgLoops(op, reduction, MAX_LOOPS);
  int inner = loops - 1;
  while (inner > 0 && trips[inner] <= 1)
    --inner;
  return inner;
}

/* The loop op runs innermost after the pass (-1 as ownInnermost), and its
 * own innermost loop into *own. */
static int chooseInnermost(MlirOperation op, int *own) {
  bool reduction[MAX_LOOPS];
  int64_t trips[MAX_LOOPS];
  int inner = *own = ownInnermost(op, reduction, trips);
  if (inner < 0)
    return -1;
  int loops = gspmdLinalgLoops(op, NULL, 0);
  int best = inner, best_strided = stridedOperands(op, inner);
  for (int l = 0; l < loops && best_strided > 0; ++l) {
    /* A short loop innermost would leave too few steps to vectorize. */
    bool short_loop = trips[l] < MIN_INNER_TRIPS && trips[l] < trips[inner];
    if (l == inner || reduction[l] || trips[l] <= 1 || short_loop)
      continue;
    int strided = stridedOperands(op, l);
    if (strided < best_strided)
      best = l, best_strided = strided;
  }
  return best;
}

int gspmdInnermostLoop(MlirOperation op) {
  int own;
  return chooseInnermost(op, &own);
}

static MlirWalkResult collect(MlirOperation op, void *user) {
  if (gspmdStringRefEq(gspmdOpName(op), "linalg.generic"))
    *(MlirOperation *)gspmdVecPush(user) = op;
  return MlirWalkResultAdvance;
}

/* Moves op's loop `inner` innermost, the others in their order. */
static bool moveInnermost(MlirOperation op, int inner) {
  unsigned order[MAX_LOOPS];
  int loops = gspmdLinalgLoops(op, NULL, 0), n = 0;
  for (int l = 0; l < loops; ++l)
    if (l != inner)
      order[n++] = (unsigned)l;
  order[n++] = (unsigned)inner;
  return gspmdInterchangeLinalgLoops(op, order, n);
}

void gspmdOrderLoopsPassRun(MlirOperation module, MlirExternalPass pass,
                            void *user) {
  (void)user;
  GspmdVec ops; /* MlirOperation: reordered after the walk, not during it */
  gspmdVecInit(&ops, sizeof(MlirOperation));
  mlirOperationWalk(module, collect, &ops, MlirWalkPostOrder);
  bool ok = true;
  for (size_t i = 0; i < ops.size && ok; ++i) {
    MlirOperation op = ((MlirOperation *)ops.data)[i];
    int own, inner = chooseInnermost(op, &own);
    if (inner >= 0 && inner != own)
      ok = moveInnermost(op, inner);
  }
  gspmdVecFree(&ops);
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}
