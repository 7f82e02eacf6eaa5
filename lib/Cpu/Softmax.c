/*
 * Softmax.c - linalg.softmax, which no upstream pass lowers, decomposed for
 * gspmd-lower-to-mpi (LowerToMPI.c) into linalg ops on tensors.
 *
 * As upstream's decompose_interface builds it: m = max over the dim
 * (maxnumf, from -inf), e = exp(x - m), s = sum of e over the dim, then
 * e * (1 / s), one division per slab rather than per element (within the
 * checker's rounding allowance, like any reordering). The dims before the
 * softmax dim become scf.for loops and each iteration decomposes one slab,
 * the dims from the softmax dim on: for the usual last dim a row, whose
 * four passes then run over data in cache instead of over the whole
 * tensor. exp writes into the output's slab (eliminate-empty-tensors
 * keeps it in place through bufferization). The ops are built in place of
 * the softmax, at its location.
 *
 * Assumes static float tensors (the caller gets a message otherwise).
 */
#include "softmax.h"

#include "gspmd/build.h"
#include "gspmd/sharding.h"
#include "gspmd/support.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <string.h>

/* Closes a linalg.generic's body with linalg.yield `v`; returns the
 * generic's result. */
static MlirValue yieldFrom(GspmdBuilder *body, MlirOperation generic,
                           MlirValue v) {
  gspmdBuildTerminator(body, "linalg.yield", 1, &v);
  return mlirOperationGetResult(generic, 0);
}

static MlirValue arg(GspmdBuilder *body, int i) {
  return mlirBlockGetArgument(body->block, i);
}

/* The maps of a slab of rank `rank` reduced along `dim`: the identity and
 * the map dropping dim. */
typedef struct SlabMaps {
  MlirAffineMap id, reduced;
  char reduce[GSPMD_MAX_RANK + 1], parallel[GSPMD_MAX_RANK + 1];
} SlabMaps;

static SlabMaps slabMaps(MlirContext ctx, int rank, int dim) {
  SlabMaps m;
  MlirAffineExpr exprs[GSPMD_MAX_RANK];
  int k = 0;
  for (int d = 0; d < rank; ++d)
    if (d != dim)
      exprs[k++] = mlirAffineDimExprGet(ctx, d);
  m.id = mlirAffineMapMultiDimIdentityGet(ctx, rank);
  m.reduced = mlirAffineMapGet(ctx, rank, 0, k, exprs);
  memset(m.reduce, 0, sizeof(m.reduce));
  memset(m.parallel, 0, sizeof(m.parallel));
  memset(m.parallel, 'p', (size_t)rank);
  memcpy(m.reduce, m.parallel, (size_t)rank);
  m.reduce[dim] = 'r';
  return m;
}

/* The softmax along `dim` of `x` into `out` (its type), as upstream's
 * decomposeOperation builds it: m = max over dim (maxnumf, from -inf),
 * e = exp(x - m), s = sum of e over dim, then e * (1 / s). */
static MlirValue slabSoftmax(GspmdBuilder *b, MlirValue x, MlirValue out,
                             int dim) {
  MlirContext ctx = b->ctx;
  MlirType t = mlirValueGetType(x);
  MlirType elem = mlirShapedTypeGetElementType(t);
  int rank = (int)mlirShapedTypeGetRank(t);
  int64_t rshape[GSPMD_MAX_RANK];
  for (int d = 0, k = 0; d < rank; ++d)
    if (d != dim)
      rshape[k++] = mlirShapedTypeGetDimSize(t, d);
  SlabMaps m = slabMaps(ctx, rank, dim);
  MlirValue ninf =
      gspmdBuildConstant(b, mlirFloatAttrDoubleGet(ctx, elem, -INFINITY));
  MlirValue zero = gspmdBuildConstant(b, mlirFloatAttrDoubleGet(ctx, elem, 0));
  MlirValue e = gspmdBuildEmpty(b, gspmdTensorTypeLike(t, rank - 1, rshape));
  MlirValue max_init = gspmdBuildFill(b, ninf, e);
  MlirValue sum_init = gspmdBuildFill(b, zero, e);
  GspmdBuilder in;
  MlirAffineMap id_rd[3] = {m.id, m.reduced, m.id};
  MlirOperation g = gspmdBuildGeneric(b, 1, &x, max_init, id_rd, m.reduce, &in);
  MlirValue max = yieldFrom(
      &in, g, gspmdBuildBinary(&in, "arith.maxnumf", arg(&in, 0), arg(&in, 1)));
  MlirValue ins[2] = {x, max};
  g = gspmdBuildGeneric(b, 2, ins, out, id_rd, m.parallel, &in);
  MlirValue diff =
      gspmdBuildBinary(&in, "arith.subf", arg(&in, 0), arg(&in, 1));
  MlirValue ex = yieldFrom(&in, g, gspmdBuildUnary(&in, "math.exp", diff));
  g = gspmdBuildGeneric(b, 1, &ex, sum_init, id_rd, m.reduce, &in);
  MlirValue sum = yieldFrom(
      &in, g, gspmdBuildBinary(&in, "arith.addf", arg(&in, 0), arg(&in, 1)));
  /* e * (1 / s): one division per slab (LLVM hoists it), not per element. */
  MlirAffineMap rd_id[2] = {m.reduced, m.id};
  g = gspmdBuildGeneric(b, 1, &sum, ex, rd_id, m.parallel, &in);
  MlirValue one = gspmdBuildConstant(&in, mlirFloatAttrDoubleGet(ctx, elem, 1));
  MlirValue inv = gspmdBuildBinary(&in, "arith.divf", one, arg(&in, 0));
  return yieldFrom(&in, g,
                   gspmdBuildBinary(&in, "arith.mulf", arg(&in, 1), inv));
}

/* Softmax along `dim` of `x` into `out`. The dims before `dim` are loops
 * (scf.for, the output carried through them) and each iteration takes the
 * softmax of one slab, the dims from `dim` on: its four passes then run
 * over data in cache (one row, for the usual last dim) instead of over the
 * whole tensor. */
static MlirValue softmax(GspmdBuilder *b, MlirValue x, MlirValue out, int dim) {
  if (dim == 0)
    return slabSoftmax(b, x, out, 0);
  MlirType t = mlirValueGetType(x);
  int rank = (int)mlirShapedTypeGetRank(t);
  MlirValue c0 = gspmdBuildIndex(b, 0), c1 = gspmdBuildIndex(b, 1);
  GspmdBuilder loops[GSPMD_MAX_RANK + 1];
  MlirOperation fors[GSPMD_MAX_RANK];
  MlirValue offsets_dyn[GSPMD_MAX_RANK] = {{NULL}};
  loops[0] = *b;
  MlirValue acc = out;
  for (int d = 0; d < dim; ++d) {
    MlirValue n = gspmdBuildIndex(&loops[d], mlirShapedTypeGetDimSize(t, d));
    fors[d] = gspmdBuildFor(&loops[d], c0, n, c1, 1, &acc, &loops[d + 1]);
    offsets_dyn[d] = arg(&loops[d + 1], 0);
    acc = arg(&loops[d + 1], 1);
  }
  int64_t zeros[GSPMD_MAX_RANK] = {0}, sizes[GSPMD_MAX_RANK];
  for (int d = 0; d < rank; ++d)
    sizes[d] = d < dim ? 1 : mlirShapedTypeGetDimSize(t, d);
  MlirType slab = gspmdTensorTypeLike(t, rank - dim, sizes + dim);
  GspmdBuilder *in = &loops[dim];
  MlirValue xs =
      gspmdBuildExtractSliceAs(in, slab, x, zeros, offsets_dyn, sizes);
  MlirValue os =
      gspmdBuildExtractSliceAs(in, slab, acc, zeros, offsets_dyn, sizes);
  MlirValue r = slabSoftmax(in, xs, os, 0);
  MlirValue next =
      gspmdBuildInsertSliceSized(in, r, acc, zeros, offsets_dyn, sizes);
  for (int d = dim - 1; d >= 0; --d) {
    gspmdBuildTerminator(&loops[d + 1], "scf.yield", 1, &next);
    next = mlirOperationGetResult(fors[d], 0);
  }
  return next;
}

const char *gspmdDecomposeSoftmax(MlirOperation op) {
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirType elem = mlirShapedTypeGetElementType(t);
  if (!mlirTypeIsARankedTensor(t) || !mlirShapedTypeHasStaticShape(t) ||
      !mlirTypeIsAFloat(elem) || mlirOperationGetNumOperands(op) != 2)
    return "gspmd-lower-to-mpi: linalg.softmax needs a static float tensor";
  int dim = (int)mlirIntegerAttrGetValueInt(
      mlirOperationGetAttributeByName(op, gspmdStr("dimension")));
  GspmdBuilder b = gspmdBuilderBefore(op);
  MlirValue r = softmax(&b, mlirOperationGetOperand(op, 0),
                        mlirOperationGetOperand(op, 1), dim);
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), r);
  mlirOperationDestroy(op);
  return NULL;
}
