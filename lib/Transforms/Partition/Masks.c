/*
 * Masks.c - what keeps padding and duplicated inits out of a split
 * reduction: an operand split unevenly along a reduction factor is padded
 * to the ceil shard size, and its padding is masked with the combiner's
 * identity before the op reads it; an init (linalg outs) is kept by the
 * first device of each partial group only, the others starting from the
 * identity, since every device adds its partial result to it.
 *
 * Assumes the plan's reductions are planned (Combiners.c: pl->mask and
 * pl->partial).
 */
#include "partition.h"

#include "mlir-c/BuiltinAttributes.h"

/* Masks the padding of an operand along dims of unevenly split reduction
 * factors with the combiner's identity. */
MlirValue partMaskOperand(Partitioner *p, MlirOperation op, const Plan *pl,
                          int t, MlirValue local) {
  const GspmdRuleTensor *x = &pl->rule->tensors[t];
  GspmdReduction kind = pl->mask[x->position];
  if (kind == GSPMD_REDUCTION_NONE)
    return local;
  const Mesh *m = MESH(p, pl->mesh);
  GspmdBuilder b = gspmdBuilderBefore(op);
  for (int d = 0; d < x->rank; ++d) {
    if (x->dim_num_factors[d] != 1)
      continue;
    int f = x->dim_factors[d][0];
    if (pl->rule->factor_kind[f] != GSPMD_FACTOR_REDUCTION ||
        pl->axes[f].num_axes == 0 ||
        pl->rule->factor_size[f] % partFactorShardCount(p, pl, f) == 0)
      continue;
    int64_t s = partFactorShardSize(p, pl, f);
    /* Padding sits past the valid extent. */
    MlirValue offset = gspmdBuildShardOffset(
        &b, m->name, &m->mesh, pl->axes[f].axes, pl->axes[f].num_axes, s);
    MlirValue valid =
        gspmdBuildShardValidSize(&b, offset, pl->rule->factor_size[f], s);
    MlirType elt = mlirShapedTypeGetElementType(mlirValueGetType(local));
    local = gspmdBuildMaskTail(&b, local, d, valid,
                               gspmdBuildIdentity(&b, elt, kind));
  }
  return local;
}

/* True when `init` is already the identity everywhere (a fill or splat of
 * the identity), so every device may keep it. */
static bool isIdentityInit(MlirValue init, GspmdReduction kind) {
  MlirAttribute value = gspmdSplatScalar(init);
  return !mlirAttributeIsNull(value) && gspmdIsIdentityValue(value, kind);
}

/* False when op's body never reads the init `operand` (a masked lookup
 * writes every element): nothing is added to it. */
static bool readsInit(MlirOperation op, int operand) {
  if (!gspmdOpIsLinalgStructured(op) || mlirOperationGetNumRegions(op) != 1)
    return true;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (mlirBlockIsNull(body) || operand >= (int)mlirBlockGetNumArguments(body))
    return true;
  MlirValue arg = mlirBlockGetArgument(body, operand);
  return !mlirOpOperandIsNull(mlirValueGetFirstUse(arg));
}

/* With split reductions every device adds its partial to the init; only
 * the first device of the group keeps the real init, the others start from
 * the identity. */
MlirValue partFixInit(Partitioner *p, MlirOperation op, const Plan *pl,
                      int operand, MlirValue local) {
  if (isIdentityInit(local, pl->partial.reduce) || !readsInit(op, operand))
    return local;
  const Mesh *m = MESH(p, pl->mesh);
  GspmdBuilder b = gspmdBuilderBefore(op);
  MlirValue coord = gspmdBuildAxisIndex(&b, m->name, &m->mesh, pl->partial.axes,
                                        pl->partial.num_axes);
  MlirValue first = gspmdBuildCmpI(&b, /*eq=*/0, coord, gspmdBuildIndex(&b, 0));
  MlirValue identity =
      gspmdBuildIdentityTensor(&b, mlirValueGetType(local), pl->partial.reduce);
  return gspmdBuildSelect(&b, first, local, identity);
}
