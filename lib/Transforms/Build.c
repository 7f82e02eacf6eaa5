/*
 * Build.c - constructors for the IR partitioning emits (gspmd/build.h).
 *
 * Generic operation states with their attributes spelled out, so that the
 * passes stay about what they emit. Reshard steps come from the planner in
 * lib/Sharding; this file only turns a step into ops, reading every size
 * from the algebra (gspmdLocalShape), never computing layout itself.
 */
#include "gspmd/build.h"
#include "gspmd/support.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Linalg.h"

#include <string.h>

GspmdBuilder gspmdBuilderBefore(MlirOperation op) {
  GspmdBuilder b = {mlirOperationGetContext(op), mlirOperationGetBlock(op), op,
                    mlirOperationGetLocation(op)};
  return b;
}

GspmdBuilder gspmdBuilderAfter(MlirOperation op) {
  GspmdBuilder b = gspmdBuilderBefore(op);
  b.before = mlirOperationGetNextInBlock(op);
  return b;
}

MlirOperation gspmdBuildInsert(GspmdBuilder *b, MlirOperationState *state) {
  MlirOperation op = mlirOperationCreate(state);
  if (mlirOperationIsNull(b->before))
    mlirBlockAppendOwnedOperation(b->block, op);
  else
    mlirBlockInsertOwnedOperationBefore(b->block, b->before, op);
  return op;
}

MlirNamedAttribute gspmdNamedAttr(MlirContext ctx, const char *name,
                                  MlirAttribute attr) {
  return mlirNamedAttributeGet(mlirIdentifierGet(ctx, gspmdStr(name)), attr);
}

/* Creates `name` with operands, one result type and attributes. */
static MlirValue build1(GspmdBuilder *b, const char *name, int num_operands,
                        const MlirValue *operands, MlirType result,
                        int num_attrs, const MlirNamedAttribute *attrs) {
  MlirOperationState st = mlirOperationStateGet(gspmdStr(name), b->loc);
  mlirOperationStateAddOperands(&st, num_operands, operands);
  mlirOperationStateAddResults(&st, 1, &result);
  mlirOperationStateAddAttributes(&st, num_attrs, attrs);
  return mlirOperationGetResult(gspmdBuildInsert(b, &st), 0);
}

/*===-- Scalars -----------------------------------------------------------===*/

MlirValue gspmdBuildConstant(GspmdBuilder *b, MlirAttribute value) {
  MlirNamedAttribute a = gspmdNamedAttr(b->ctx, "value", value);
  return build1(b, "arith.constant", 0, NULL, mlirAttributeGetType(value), 1,
                &a);
}

MlirValue gspmdBuildIndex(GspmdBuilder *b, int64_t value) {
  return gspmdBuildConstant(
      b, mlirIntegerAttrGet(mlirIndexTypeGet(b->ctx), value));
}

MlirValue gspmdBuildBinary(GspmdBuilder *b, const char *name, MlirValue lhs,
                           MlirValue rhs) {
  MlirValue operands[2] = {lhs, rhs};
  return build1(b, name, 2, operands, mlirValueGetType(lhs), 0, NULL);
}

MlirValue gspmdBuildCmpI(GspmdBuilder *b, int predicate, MlirValue lhs,
                         MlirValue rhs) {
  MlirValue operands[2] = {lhs, rhs};
  MlirNamedAttribute a = gspmdNamedAttr(
      b->ctx, "predicate",
      mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), predicate));
  return build1(b, "arith.cmpi", 2, operands, mlirIntegerTypeGet(b->ctx, 1), 1,
                &a);
}

MlirValue gspmdBuildSelect(GspmdBuilder *b, MlirValue cond, MlirValue a,
                           MlirValue c) {
  MlirValue operands[3] = {cond, a, c};
  return build1(b, "arith.select", 3, operands, mlirValueGetType(a), 0, NULL);
}

/* The identity of `reduce` as an attribute of scalar type `t`. */
static MlirAttribute identityAttr(MlirType t, GspmdReduction reduce) {
  return gspmdIdentityAttr(
      t, gspmdCombinerIdentity(gspmdReductionCombiner(reduce)));
}

MlirValue gspmdBuildIdentity(GspmdBuilder *b, MlirType element_type,
                             GspmdReduction reduce) {
  return gspmdBuildConstant(b, identityAttr(element_type, reduce));
}

MlirValue gspmdBuildIdentityTensor(GspmdBuilder *b, MlirType type,
                                   GspmdReduction reduce) {
  return gspmdBuildConstant(
      b, mlirDenseElementsAttrSplatGet(
             type, identityAttr(mlirShapedTypeGetElementType(type), reduce)));
}

/*===-- SPMD ops ----------------------------------------------------------===*/

static MlirAttribute axesAttr(MlirContext ctx, const GspmdMesh *mesh,
                              const int *axes, int num_axes) {
  MlirAttribute names[GSPMD_MAX_MESH_AXES];
  for (int i = 0; i < num_axes; ++i)
    names[i] = mlirStringAttrGet(ctx, gspmdStr(mesh->axis_names[axes[i]]));
  return mlirArrayAttrGet(ctx, num_axes, names);
}

MlirValue gspmdBuildAxisIndex(GspmdBuilder *b, MlirStringRef mesh_name,
                              const GspmdMesh *mesh, const int *axes,
                              int num_axes) {
  MlirNamedAttribute attrs[2] = {
      gspmdNamedAttr(b->ctx, "mesh",
                     mlirFlatSymbolRefAttrGet(b->ctx, mesh_name)),
      gspmdNamedAttr(b->ctx, "axes", axesAttr(b->ctx, mesh, axes, num_axes))};
  return build1(b, "gspmd.axis_index", 0, NULL, mlirIndexTypeGet(b->ctx), 2,
                attrs);
}

MlirValue gspmdBuildShardOffset(GspmdBuilder *b, MlirStringRef mesh_name,
                                const GspmdMesh *mesh, const int *axes,
                                int num_axes, int64_t shard_size) {
  MlirValue coord = gspmdBuildAxisIndex(b, mesh_name, mesh, axes, num_axes);
  return gspmdBuildBinary(b, "arith.muli", coord,
                          gspmdBuildIndex(b, shard_size));
}

MlirValue gspmdBuildShardValidSize(GspmdBuilder *b, MlirValue offset,
                                   int64_t global_size, int64_t shard_size) {
  MlirValue left = gspmdBuildBinary(b, "arith.subi",
                                    gspmdBuildIndex(b, global_size), offset);
  MlirValue upper =
      gspmdBuildBinary(b, "arith.minsi", left, gspmdBuildIndex(b, shard_size));
  return gspmdBuildBinary(b, "arith.maxsi", upper, gspmdBuildIndex(b, 0));
}

MlirType gspmdTensorTypeLike(MlirType like, int rank, const int64_t *shape) {
  return mlirRankedTensorTypeGet(
      rank, shape, mlirShapedTypeGetElementType(like), mlirAttributeGetNull());
}

MlirType gspmdTensorTypePrepend(MlirType like, int64_t n) {
  int rank = (int)mlirShapedTypeGetRank(like);
  int64_t shape[GSPMD_MAX_RANK + 1];
  shape[0] = n;
  for (int d = 0; d < rank; ++d)
    shape[d + 1] = mlirShapedTypeGetDimSize(like, d);
  return gspmdTensorTypeLike(like, rank + 1, shape);
}

static MlirAttribute i64Attr(MlirContext ctx, int64_t v) {
  return mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), v);
}

/* A collective `name` on (mesh, axes) with extra attributes. */
static MlirValue buildCollective(GspmdBuilder *b, const char *name,
                                 MlirStringRef mesh_name, const GspmdMesh *mesh,
                                 const int *axes, int num_axes, MlirValue input,
                                 MlirType result, int num_extra,
                                 const MlirNamedAttribute *extra) {
  MlirNamedAttribute attrs[6];
  attrs[0] = gspmdNamedAttr(b->ctx, "mesh",
                            mlirFlatSymbolRefAttrGet(b->ctx, mesh_name));
  attrs[1] =
      gspmdNamedAttr(b->ctx, "axes", axesAttr(b->ctx, mesh, axes, num_axes));
  for (int i = 0; i < num_extra; ++i)
    attrs[2 + i] = extra[i];
  return build1(b, name, 1, &input, result, 2 + num_extra, attrs);
}

static MlirNamedAttribute reductionAttr(MlirContext ctx, GspmdReduction r) {
  return gspmdNamedAttr(
      ctx, "reduction",
      mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 32), (int64_t)r));
}

/* Offsets of the SLICE step: per dim, the coordinate over the axes that
 * join it times the new shard size. */
static MlirValue buildSlice(GspmdBuilder *b, MlirStringRef mesh_name,
                            const GspmdMesh *mesh, const GspmdReshardStep *step,
                            MlirValue input, const int64_t *before_shape,
                            const int64_t *after_shape, int rank) {
  int64_t high[GSPMD_MAX_RANK], offsets[GSPMD_MAX_RANK];
  MlirValue dyn[GSPMD_MAX_RANK];
  bool any_pad = false;
  for (int d = 0; d < rank; ++d) {
    int n = step->slice_num_axes[d];
    int64_t m = step->slice_count[d];
    int64_t needed = n > 0 ? m * after_shape[d] : before_shape[d];
    high[d] = needed > before_shape[d] ? needed - before_shape[d] : 0;
    any_pad |= high[d] > 0;
    offsets[d] = 0;
    dyn[d] = (MlirValue){NULL};
    if (n == 0)
      continue;
    dyn[d] = gspmdBuildShardOffset(b, mesh_name, mesh, step->slice_axes[d], n,
                                   after_shape[d]);
  }
  if (any_pad) {
    MlirType elt = mlirShapedTypeGetElementType(mlirValueGetType(input));
    input = gspmdBuildPadHigh(b, input, high,
                              gspmdBuildIdentity(b, elt, GSPMD_REDUCTION_SUM));
  }
  return gspmdBuildExtractSlice(b, input, offsets, dyn, after_shape);
}

/* The ALL_TO_ALL step, with its fix-ups at count 1: the split dim padded
 * to group * shard before the exchange (the padding holds zeros, like a
 * padded SLICE's; it is padding of the layout, masked where read), the
 * concat dim sliced back to its global size after it. */
static MlirValue buildAllToAll(GspmdBuilder *b, MlirStringRef mesh_name,
                               const GspmdMesh *mesh,
                               const GspmdReshardStep *step, MlirValue input,
                               const int64_t *in_shape,
                               const int64_t *out_shape) {
  int rank = step->after.rank, split = step->dim, concat = step->dim2;
  int64_t n = step->group_size;
  MlirType in_type = mlirValueGetType(input);
  if (step->pad[split]) {
    int64_t high[GSPMD_MAX_RANK] = {0};
    high[split] = n * out_shape[split] - in_shape[split];
    MlirType elt = mlirShapedTypeGetElementType(in_type);
    input = gspmdBuildPadHigh(b, input, high,
                              gspmdBuildIdentity(b, elt, GSPMD_REDUCTION_SUM));
  }
  int64_t exchanged[GSPMD_MAX_RANK];
  memcpy(exchanged, out_shape, sizeof(int64_t) * (size_t)rank);
  exchanged[concat] = n * in_shape[concat];
  MlirContext ctx = b->ctx;
  MlirNamedAttribute a[2] = {
      gspmdNamedAttr(ctx, "split_dim", i64Attr(ctx, split)),
      gspmdNamedAttr(ctx, "concat_dim", i64Attr(ctx, concat))};
  MlirValue v = buildCollective(
      b, "gspmd.all_to_all", mesh_name, mesh, step->axes, step->num_axes, input,
      gspmdTensorTypeLike(in_type, rank, exchanged), 2, a);
  if (!step->unpad)
    return v;
  int64_t zeros[GSPMD_MAX_RANK] = {0};
  MlirValue none[GSPMD_MAX_RANK] = {{NULL}};
  return gspmdBuildExtractSlice(b, v, zeros, none, out_shape);
}

MlirValue gspmdBuildReshardStep(GspmdBuilder *b, MlirStringRef mesh_name,
                                const GspmdMesh *mesh,
                                const GspmdReshardStep *step, MlirValue input) {
  int rank = step->after.rank;
  const int64_t *in_shape = step->shape_in, *out_shape = step->shape_out;
  MlirType in_type = mlirValueGetType(input);
  MlirType out_type = gspmdTensorTypeLike(in_type, rank, out_shape);
  MlirContext ctx = b->ctx;
  const int *axes = step->axes;
  int n = step->num_axes;
  switch (step->kind) {
  case GSPMD_STEP_ALL_REDUCE: {
    MlirNamedAttribute a = reductionAttr(ctx, step->reduce);
    return buildCollective(b, "gspmd.all_reduce", mesh_name, mesh, axes, n,
                           input, in_type, 1, &a);
  }
  case GSPMD_STEP_REDUCE_SCATTER: {
    MlirNamedAttribute a[2] = {
        reductionAttr(ctx, step->reduce),
        gspmdNamedAttr(ctx, "scatter_dim", i64Attr(ctx, step->dim))};
    return buildCollective(b, "gspmd.reduce_scatter", mesh_name, mesh, axes, n,
                           input, out_type, 2, a);
  }
  case GSPMD_STEP_ALL_GATHER: {
    int64_t gathered[GSPMD_MAX_RANK];
    memcpy(gathered, in_shape, sizeof(int64_t) * (size_t)rank);
    gathered[step->dim] *= step->group_size;
    MlirNamedAttribute a =
        gspmdNamedAttr(ctx, "gather_dim", i64Attr(ctx, step->dim));
    MlirValue v =
        buildCollective(b, "gspmd.all_gather", mesh_name, mesh, axes, n, input,
                        gspmdTensorTypeLike(in_type, rank, gathered), 1, &a);
    if (gathered[step->dim] == out_shape[step->dim])
      return v;
    /* Padded tails of uneven shards end up at the end: drop them. */
    int64_t zeros[GSPMD_MAX_RANK] = {0};
    MlirValue none[GSPMD_MAX_RANK] = {{NULL}};
    return gspmdBuildExtractSlice(b, v, zeros, none, out_shape);
  }
  case GSPMD_STEP_ALL_TO_ALL:
    return buildAllToAll(b, mesh_name, mesh, step, input, in_shape, out_shape);
  case GSPMD_STEP_PERMUTE: {
    MlirNamedAttribute a = gspmdNamedAttr(
        ctx, "target_axes", axesAttr(ctx, mesh, step->target_axes, n));
    return buildCollective(b, "gspmd.collective_permute", mesh_name, mesh, axes,
                           n, input, in_type, 1, &a);
  }
  case GSPMD_STEP_SLICE:
    return buildSlice(b, mesh_name, mesh, step, input, in_shape, out_shape,
                      rank);
  }
  return input;
}

/*===-- Tensors -----------------------------------------------------------===*/

static MlirAttribute i64Array(MlirContext ctx, int n, const int64_t *v) {
  return mlirDenseI64ArrayGet(ctx, n, v);
}

static MlirNamedAttribute segments(MlirContext ctx, int n, const int32_t *v) {
  return gspmdNamedAttr(ctx, "operandSegmentSizes",
                        mlirDenseI32ArrayGet(ctx, n, v));
}

MlirValue gspmdBuildExtractSliceAs(GspmdBuilder *b, MlirType type,
                                   MlirValue source, const int64_t *offsets,
                                   const MlirValue *dyn_offsets,
                                   const int64_t *sizes) {
  int rank = (int)mlirShapedTypeGetRank(mlirValueGetType(source));
  MlirValue operands[1 + GSPMD_MAX_RANK];
  int64_t static_offsets[GSPMD_MAX_RANK], ones[GSPMD_MAX_RANK];
  int num_dyn = 0;
  operands[0] = source;
  for (int d = 0; d < rank; ++d) {
    ones[d] = 1;
    bool dynamic = dyn_offsets && !mlirValueIsNull(dyn_offsets[d]);
    static_offsets[d] = dynamic ? mlirShapedTypeGetDynamicSize() : offsets[d];
    if (dynamic)
      operands[1 + num_dyn++] = dyn_offsets[d];
  }
  MlirContext ctx = b->ctx;
  int32_t seg[4] = {1, num_dyn, 0, 0};
  MlirNamedAttribute attrs[4] = {
      gspmdNamedAttr(ctx, "static_offsets",
                     i64Array(ctx, rank, static_offsets)),
      gspmdNamedAttr(ctx, "static_sizes", i64Array(ctx, rank, sizes)),
      gspmdNamedAttr(ctx, "static_strides", i64Array(ctx, rank, ones)),
      segments(ctx, 4, seg)};
  return build1(b, "tensor.extract_slice", 1 + num_dyn, operands, type, 4,
                attrs);
}

MlirValue gspmdBuildExtractSlice(GspmdBuilder *b, MlirValue source,
                                 const int64_t *offsets,
                                 const MlirValue *dyn_offsets,
                                 const int64_t *sizes) {
  MlirType type = mlirValueGetType(source);
  int rank = (int)mlirShapedTypeGetRank(type);
  return gspmdBuildExtractSliceAs(b, gspmdTensorTypeLike(type, rank, sizes),
                                  source, offsets, dyn_offsets, sizes);
}

MlirValue gspmdBuildInsertSliceSized(GspmdBuilder *b, MlirValue source,
                                     MlirValue dest, const int64_t *offsets,
                                     const MlirValue *dyn_offsets,
                                     const int64_t *sizes) {
  int rank = (int)mlirShapedTypeGetRank(mlirValueGetType(dest));
  MlirValue operands[2 + GSPMD_MAX_RANK];
  int64_t static_offsets[GSPMD_MAX_RANK], ones[GSPMD_MAX_RANK];
  int num_dyn = 0;
  operands[0] = source;
  operands[1] = dest;
  for (int d = 0; d < rank; ++d) {
    ones[d] = 1;
    bool dynamic = dyn_offsets && !mlirValueIsNull(dyn_offsets[d]);
    static_offsets[d] = dynamic ? mlirShapedTypeGetDynamicSize() : offsets[d];
    if (dynamic)
      operands[2 + num_dyn++] = dyn_offsets[d];
  }
  MlirContext ctx = b->ctx;
  int32_t seg[5] = {1, 1, num_dyn, 0, 0};
  MlirNamedAttribute attrs[4] = {
      gspmdNamedAttr(ctx, "static_offsets",
                     i64Array(ctx, rank, static_offsets)),
      gspmdNamedAttr(ctx, "static_sizes", i64Array(ctx, rank, sizes)),
      gspmdNamedAttr(ctx, "static_strides", i64Array(ctx, rank, ones)),
      segments(ctx, 5, seg)};
  return build1(b, "tensor.insert_slice", 2 + num_dyn, operands,
                mlirValueGetType(dest), 4, attrs);
}

MlirValue gspmdBuildInsertSlice(GspmdBuilder *b, MlirValue source,
                                MlirValue dest, const int64_t *offsets,
                                const MlirValue *dyn_offsets) {
  MlirType type = mlirValueGetType(source);
  int64_t sizes[GSPMD_MAX_RANK];
  for (int d = 0; d < (int)mlirShapedTypeGetRank(type); ++d)
    sizes[d] = mlirShapedTypeGetDimSize(type, d);
  return gspmdBuildInsertSliceSized(b, source, dest, offsets, dyn_offsets,
                                    sizes);
}

MlirValue gspmdBuildStridedSlice(GspmdBuilder *b, MlirValue source,
                                 const int64_t *offsets, const int64_t *sizes,
                                 const int64_t *strides) {
  MlirValue v = gspmdBuildExtractSlice(b, source, offsets, NULL, sizes);
  int rank = (int)mlirShapedTypeGetRank(mlirValueGetType(source));
  mlirOperationSetAttributeByName(
      mlirOpResultGetOwner(v), mlirStringRefCreateFromCString("static_strides"),
      i64Array(b->ctx, rank, strides));
  return v;
}

/* A region of one block with `num_args` arguments of `arg_type`. */
static MlirRegion regionWithBlock(MlirLocation loc, int num_args,
                                  const MlirType *arg_types, MlirBlock *block) {
  MlirLocation locs[GSPMD_MAX_RANK + 2];
  for (int i = 0; i < num_args; ++i)
    locs[i] = loc;
  MlirRegion region = mlirRegionCreate();
  *block = mlirBlockCreate(num_args, arg_types, locs);
  mlirRegionAppendOwnedBlock(region, *block);
  return region;
}

MlirValue gspmdBuildPad(GspmdBuilder *b, MlirValue source, const int64_t *low,
                        const int64_t *high, MlirValue value) {
  MlirType type = mlirValueGetType(source);
  int rank = (int)mlirShapedTypeGetRank(type);
  int64_t shape[GSPMD_MAX_RANK];
  MlirType index_types[GSPMD_MAX_RANK];
  for (int d = 0; d < rank; ++d) {
    shape[d] = mlirShapedTypeGetDimSize(type, d) + low[d] + high[d];
    index_types[d] = mlirIndexTypeGet(b->ctx);
  }
  MlirBlock body;
  MlirRegion region = regionWithBlock(b->loc, rank, index_types, &body);
  GspmdBuilder in = {b->ctx, body, {NULL}, b->loc};
  gspmdBuildTerminator(&in, "tensor.yield", 1, &value);

  MlirContext ctx = b->ctx;
  int32_t seg[3] = {1, 0, 0};
  MlirNamedAttribute attrs[3] = {
      gspmdNamedAttr(ctx, "static_low", i64Array(ctx, rank, low)),
      gspmdNamedAttr(ctx, "static_high", i64Array(ctx, rank, high)),
      segments(ctx, 3, seg)};
  MlirType result = gspmdTensorTypeLike(type, rank, shape);
  MlirOperationState st = mlirOperationStateGet(gspmdStr("tensor.pad"), b->loc);
  mlirOperationStateAddOperands(&st, 1, &source);
  mlirOperationStateAddResults(&st, 1, &result);
  mlirOperationStateAddAttributes(&st, 3, attrs);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  return mlirOperationGetResult(gspmdBuildInsert(b, &st), 0);
}

MlirValue gspmdBuildPadHigh(GspmdBuilder *b, MlirValue source,
                            const int64_t *high, MlirValue value) {
  int64_t low[GSPMD_MAX_RANK] = {0};
  return gspmdBuildPad(b, source, low, high, value);
}

static MlirAttribute parallelIterators(MlirContext ctx, int rank) {
  MlirAttribute parallel = gspmdIteratorTypeAttr(ctx, false);
  MlirAttribute items[GSPMD_MAX_RANK];
  for (int d = 0; d < rank; ++d)
    items[d] = parallel;
  return mlirArrayAttrGet(ctx, rank, items);
}

MlirValue gspmdBuildMaskRange(GspmdBuilder *b, MlirValue x, int dim,
                              MlirValue first, MlirValue end, MlirValue fill) {
  MlirContext ctx = b->ctx;
  MlirType type = mlirValueGetType(x);
  MlirType elt = mlirShapedTypeGetElementType(type);
  int rank = (int)mlirShapedTypeGetRank(type);

  /* ^bb0(%in, %out): %i = linalg.index dim;
   *                  %c = %first <= %i && %i < %end (signed);
   *                  linalg.yield (%c ? %in : %fill) */
  MlirType arg_types[2] = {elt, elt};
  MlirBlock body;
  MlirRegion region = regionWithBlock(b->loc, 2, arg_types, &body);
  GspmdBuilder in = {ctx, body, {NULL}, b->loc};
  MlirNamedAttribute dim_attr = gspmdNamedAttr(
      ctx, "dim", mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), dim));
  MlirValue index =
      build1(&in, "linalg.index", 0, NULL, mlirIndexTypeGet(ctx), 1, &dim_attr);
  MlirValue keep = gspmdBuildCmpI(&in, /*slt=*/2, index, end);
  if (!mlirValueIsNull(first))
    keep = gspmdBuildBinary(&in, "arith.andi", keep,
                            gspmdBuildCmpI(&in, /*sge=*/5, index, first));
  MlirValue chosen =
      gspmdBuildSelect(&in, keep, mlirBlockGetArgument(body, 0), fill);
  MlirOperationState yield =
      mlirOperationStateGet(gspmdStr("linalg.yield"), b->loc);
  mlirOperationStateAddOperands(&yield, 1, &chosen);
  gspmdBuildInsert(&in, &yield);

  MlirOperationState empty_state =
      mlirOperationStateGet(gspmdStr("tensor.empty"), b->loc);
  mlirOperationStateAddResults(&empty_state, 1, &type);
  MlirValue empty =
      mlirOperationGetResult(gspmdBuildInsert(b, &empty_state), 0);

  MlirAttribute id = mlirAffineMapAttrGet(
      mlirAffineMapMultiDimIdentityGet(ctx, (intptr_t)rank));
  MlirAttribute maps[2] = {id, id};
  int32_t seg[2] = {1, 1};
  MlirNamedAttribute attrs[3] = {
      gspmdNamedAttr(ctx, "indexing_maps", mlirArrayAttrGet(ctx, 2, maps)),
      gspmdNamedAttr(ctx, "iterator_types", parallelIterators(ctx, rank)),
      segments(ctx, 2, seg)};
  MlirValue operands[2] = {x, empty};
  MlirOperationState st =
      mlirOperationStateGet(gspmdStr("linalg.generic"), b->loc);
  mlirOperationStateAddOperands(&st, 2, operands);
  mlirOperationStateAddResults(&st, 1, &type);
  mlirOperationStateAddAttributes(&st, 3, attrs);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  return mlirOperationGetResult(gspmdBuildInsert(b, &st), 0);
}

MlirValue gspmdBuildMaskTail(GspmdBuilder *b, MlirValue x, int dim,
                             MlirValue valid, MlirValue fill) {
  return gspmdBuildMaskRange(b, x, dim, (MlirValue){NULL}, valid, fill);
}

MlirValue gspmdBuildConcat(GspmdBuilder *b, int dim, int num_values,
                           const MlirValue *values) {
  if (num_values == 1)
    return values[0];
  MlirType first = mlirValueGetType(values[0]);
  int rank = (int)mlirShapedTypeGetRank(first);
  int64_t shape[GSPMD_MAX_RANK];
  for (int d = 0; d < rank; ++d)
    shape[d] = mlirShapedTypeGetDimSize(first, d);
  for (int i = 1; i < num_values; ++i)
    shape[dim] += mlirShapedTypeGetDimSize(mlirValueGetType(values[i]), dim);
  MlirNamedAttribute attr = gspmdNamedAttr(
      b->ctx, "dim", mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), dim));
  return build1(b, "tensor.concat", num_values, values,
                gspmdTensorTypeLike(first, rank, shape), 1, &attr);
}

MlirValue gspmdBuildHaloExchange(GspmdBuilder *b, MlirStringRef mesh_name,
                                 const GspmdMesh *mesh, const int *axes,
                                 int num_axes, MlirValue input, int dim,
                                 int64_t low, int64_t high, int64_t global_size,
                                 MlirValue padding) {
  MlirContext ctx = b->ctx;
  MlirType type = mlirValueGetType(input);
  int rank = (int)mlirShapedTypeGetRank(type);
  int64_t shape[GSPMD_MAX_RANK];
  for (int d = 0; d < rank; ++d)
    shape[d] = mlirShapedTypeGetDimSize(type, d);
  shape[dim] += low + high;
  int64_t halo[2] = {low, high};
  MlirNamedAttribute attrs[6] = {
      gspmdNamedAttr(ctx, "mesh", mlirFlatSymbolRefAttrGet(ctx, mesh_name)),
      gspmdNamedAttr(ctx, "axes", axesAttr(ctx, mesh, axes, num_axes)),
      gspmdNamedAttr(ctx, "dim", i64Attr(ctx, dim)),
      gspmdNamedAttr(ctx, "halo", mlirDenseI64ArrayGet(ctx, 2, halo)),
      gspmdNamedAttr(ctx, "size", i64Attr(ctx, global_size))};
  MlirValue operands[2] = {input, padding};
  return build1(b, "gspmd.halo_exchange", mlirValueIsNull(padding) ? 1 : 2,
                operands, gspmdTensorTypeLike(type, rank, shape), 5, attrs);
}

MlirValue gspmdBuildPeriodicHaloExchange(GspmdBuilder *b,
                                         MlirStringRef mesh_name,
                                         const GspmdMesh *mesh, const int *axes,
                                         int num_axes, MlirValue input, int dim,
                                         int64_t low, int64_t high,
                                         int64_t global_size) {
  MlirValue v =
      gspmdBuildHaloExchange(b, mesh_name, mesh, axes, num_axes, input, dim,
                             low, high, global_size, (MlirValue){NULL});
  mlirOperationSetAttributeByName(mlirOpResultGetOwner(v),
                                  mlirStringRefCreateFromCString("periodic"),
                                  mlirUnitAttrGet(b->ctx));
  return v;
}

MlirValue gspmdBuildRotate(GspmdBuilder *b, MlirStringRef mesh_name,
                           const GspmdMesh *mesh, const int *axes, int num_axes,
                           MlirValue input, int64_t shift) {
  MlirNamedAttribute a[2] = {
      gspmdNamedAttr(b->ctx, "shift", i64Attr(b->ctx, shift)),
      gspmdNamedAttr(b->ctx, "wrap", mlirUnitAttrGet(b->ctx))};
  return buildCollective(b, "gspmd.collective_permute", mesh_name, mesh, axes,
                         num_axes, input, mlirValueGetType(input), 2, a);
}

MlirValue gspmdBuildShift(GspmdBuilder *b, MlirStringRef mesh_name,
                          const GspmdMesh *mesh, const int *axes, int num_axes,
                          MlirValue input, int64_t shift) {
  MlirNamedAttribute a =
      gspmdNamedAttr(b->ctx, "shift", i64Attr(b->ctx, shift));
  return buildCollective(b, "gspmd.collective_permute", mesh_name, mesh, axes,
                         num_axes, input, mlirValueGetType(input), 1, &a);
}

int64_t gspmdElementBytes(MlirType t) {
  if (mlirTypeIsAF64(t))
    return 8;
  if (mlirTypeIsAF32(t))
    return 4;
  if (mlirTypeIsAF16(t) || mlirTypeIsABF16(t))
    return 2;
  if (mlirTypeIsAInteger(t)) {
    unsigned w = mlirIntegerTypeGetWidth(t);
    return w <= 8 ? 1 : (int64_t)(w + 7) / 8;
  }
  if (mlirTypeIsAIndex(t))
    return 8;
  return 4;
}

/*===-- Regions and structured ops ----------------------------------------===*/

GspmdBuilder gspmdBuilderAtEnd(MlirBlock block, MlirLocation loc) {
  GspmdBuilder b = {mlirLocationGetContext(loc), block, {NULL}, loc};
  return b;
}

void gspmdBuildMoveHere(GspmdBuilder *b, MlirOperation op) {
  if (!mlirOperationIsNull(b->before)) {
    mlirOperationMoveBefore(op, b->before);
    return;
  }
  mlirOperationRemoveFromParent(op);
  mlirBlockAppendOwnedOperation(b->block, op);
}

MlirOperation gspmdBuildTerminator(GspmdBuilder *b, const char *name,
                                   int num_values, const MlirValue *values) {
  MlirOperationState st = mlirOperationStateGet(gspmdStr(name), b->loc);
  mlirOperationStateAddOperands(&st, num_values, values);
  return gspmdBuildInsert(b, &st);
}

MlirValue gspmdBuildUnary(GspmdBuilder *b, const char *name, MlirValue x) {
  return build1(b, name, 1, &x, mlirValueGetType(x), 0, NULL);
}

MlirValue gspmdBuildLinalgIndex(GspmdBuilder *b, int dim) {
  MlirNamedAttribute a = gspmdNamedAttr(b->ctx, "dim", i64Attr(b->ctx, dim));
  return build1(b, "linalg.index", 0, NULL, mlirIndexTypeGet(b->ctx), 1, &a);
}

MlirValue gspmdBuildShardingConstraint(GspmdBuilder *b, MlirValue x,
                                       MlirAttribute sharding, bool open) {
  MlirNamedAttribute attrs[2] = {
      gspmdNamedAttr(b->ctx, "sharding", sharding),
      gspmdNamedAttr(b->ctx, "open", mlirUnitAttrGet(b->ctx))};
  return build1(b, "gspmd.sharding_constraint", 1, &x, mlirValueGetType(x),
                open ? 2 : 1, attrs);
}

MlirValue gspmdBuildEmpty(GspmdBuilder *b, MlirType type) {
  return build1(b, "tensor.empty", 0, NULL, type, 0, NULL);
}

MlirValue gspmdBuildFill(GspmdBuilder *b, MlirValue value, MlirValue dest) {
  MlirValue operands[2] = {value, dest};
  int32_t seg[2] = {1, 1};
  MlirNamedAttribute a = segments(b->ctx, 2, seg);
  MlirType result = mlirValueGetType(dest);
  MlirRegion region = mlirRegionCreate();
  MlirOperationState st =
      mlirOperationStateGet(gspmdStr("linalg.fill"), b->loc);
  mlirOperationStateAddOperands(&st, 2, operands);
  mlirOperationStateAddResults(&st, 1, &result);
  mlirOperationStateAddAttributes(&st, 1, &a);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  MlirOperation fill = gspmdBuildInsert(b, &st);
  /* The body every linalg.fill has (yield the scalar), as the parser adds. */
  mlirLinalgFillBuiltinNamedOpRegion(fill);
  return mlirOperationGetResult(fill, 0);
}

MlirValue gspmdBuildTensorCast(GspmdBuilder *b, MlirValue x, MlirType type) {
  return build1(b, "tensor.cast", 1, &x, type, 0, NULL);
}

MlirOperation gspmdBuildFor(GspmdBuilder *b, MlirValue lb, MlirValue ub,
                            MlirValue step, int num_iter,
                            const MlirValue *inits, GspmdBuilder *body) {
  MlirValue operands[3 + GSPMD_MAX_RANK];
  MlirType types[1 + GSPMD_MAX_RANK];
  operands[0] = lb;
  operands[1] = ub;
  operands[2] = step;
  types[0] = mlirIndexTypeGet(b->ctx);
  for (int i = 0; i < num_iter; ++i) {
    operands[3 + i] = inits[i];
    types[1 + i] = mlirValueGetType(inits[i]);
  }
  MlirBlock block;
  MlirRegion region = regionWithBlock(b->loc, 1 + num_iter, types, &block);
  MlirOperationState st = mlirOperationStateGet(gspmdStr("scf.for"), b->loc);
  mlirOperationStateAddOperands(&st, 3 + num_iter, operands);
  mlirOperationStateAddResults(&st, num_iter, types + 1);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  *body = gspmdBuilderAtEnd(block, b->loc);
  return gspmdBuildInsert(b, &st);
}

/* #linalg.iterator_type<...> per character of `kinds`: 'r' reduction, else
 * parallel. */
static MlirAttribute iteratorTypes(MlirContext ctx, const char *kinds) {
  MlirAttribute parallel = gspmdIteratorTypeAttr(ctx, false);
  MlirAttribute reduction = gspmdIteratorTypeAttr(ctx, true);
  MlirAttribute items[GSPMD_MAX_RANK + 2];
  int n = (int)strlen(kinds);
  for (int d = 0; d < n; ++d)
    items[d] = kinds[d] == 'r' ? reduction : parallel;
  return mlirArrayAttrGet(ctx, n, items);
}

MlirOperation gspmdBuildGeneric(GspmdBuilder *b, int num_inputs,
                                const MlirValue *inputs, MlirValue init,
                                const MlirAffineMap *maps,
                                const char *iterators, GspmdBuilder *body) {
  MlirContext ctx = b->ctx;
  MlirValue operands[GSPMD_MAX_RANK + 1];
  MlirType scalars[GSPMD_MAX_RANK + 1];
  MlirAttribute map_attrs[GSPMD_MAX_RANK + 1];
  for (int i = 0; i <= num_inputs; ++i) {
    operands[i] = i < num_inputs ? inputs[i] : init;
    scalars[i] = mlirShapedTypeGetElementType(mlirValueGetType(operands[i]));
    map_attrs[i] = mlirAffineMapAttrGet(maps[i]);
  }
  MlirBlock block;
  MlirRegion region = regionWithBlock(b->loc, num_inputs + 1, scalars, &block);
  int32_t seg[2] = {num_inputs, 1};
  MlirNamedAttribute attrs[3] = {
      gspmdNamedAttr(ctx, "indexing_maps",
                     mlirArrayAttrGet(ctx, num_inputs + 1, map_attrs)),
      gspmdNamedAttr(ctx, "iterator_types", iteratorTypes(ctx, iterators)),
      segments(ctx, 2, seg)};
  MlirType result = mlirValueGetType(init);
  MlirOperationState st =
      mlirOperationStateGet(gspmdStr("linalg.generic"), b->loc);
  mlirOperationStateAddOperands(&st, num_inputs + 1, operands);
  mlirOperationStateAddResults(&st, 1, &result);
  mlirOperationStateAddAttributes(&st, 3, attrs);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  *body = gspmdBuilderAtEnd(block, b->loc);
  return gspmdBuildInsert(b, &st);
}

MlirOperation gspmdBuildRuntimeDecl(MlirContext ctx, const char *name,
                                    MlirType function_type) {
  MlirNamedAttribute attrs[] = {
      gspmdNamedAttr(ctx, "sym_name", mlirStringAttrGet(ctx, gspmdStr(name))),
      gspmdNamedAttr(ctx, "sym_visibility",
                     mlirStringAttrGet(ctx, gspmdStr("private"))),
      gspmdNamedAttr(ctx, "function_type", mlirTypeAttrGet(function_type)),
      gspmdNamedAttr(ctx, "llvm.emit_c_interface", mlirUnitAttrGet(ctx)),
  };
  MlirOperationState state =
      mlirOperationStateGet(gspmdStr("func.func"), mlirLocationUnknownGet(ctx));
  mlirOperationStateAddAttributes(&state, 4, attrs);
  MlirRegion region = mlirRegionCreate(); /* empty: a declaration */
  mlirOperationStateAddOwnedRegions(&state, 1, &region);
  return mlirOperationCreate(&state);
}
