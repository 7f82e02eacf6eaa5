/*
 * Gathers.c - the tensors an op's body reads by tensor.extract without
 * taking them as operands (gather reads, lib/Rules/gather.c: an embedding's
 * table, the token ids it looks up). Each is resharded to the layout the
 * plan gives it and its extract reads the local tensor. A dim split along
 * a loop reads at the loop's local position (its global position minus the
 * shard's offset). A looked-up dim split over some axes reads row
 * (index - offset) when this device holds it; the body then yields the
 * identity of a sum where it does not, so the results are partial sums
 * over those axes, combined as any split reduction's (Combiners.c): one
 * all_reduce, or a reduce_scatter where the result is wanted split. A row
 * an extract_slice reads at a dynamic offset (stablehlo.dynamic_slice) is
 * looked up the same way, its result zeros where the row is elsewhere.
 *
 * Assumes the plan's factors are chosen and its reductions planned, and
 * the body's loop positions (linalg.index) already global (OpsByRule.c).
 */
#include "partition.h"

bool partHasGatherReads(const GspmdOpRule *rule) {
  for (int t = 0; t < rule->num_tensors; ++t)
    if (rule->tensors[t].role == GSPMD_ROLE_CAPTURE)
      return true;
  return false;
}

/* True when dim d of gather read x follows a loop (its index is the loop's
 * position), false when it is looked up. */
static bool followsLoop(const GspmdOpRule *rule, const GspmdRuleTensor *x,
                        int d) {
  return x->dim_num_factors[d] == 1 &&
         rule->factor_kind[x->dim_factors[d][0]] != GSPMD_FACTOR_REDUCTION;
}

/* A dim of `size` split over `axes` of mesh `mesh` into shards of `shard`. */
typedef struct SplitDim {
  int mesh;
  const int *axes;
  int num_axes;
  int64_t size, shard;
} SplitDim;

/* Operand `operand` of `user` (a global index along dim `dim`) becomes the
 * local index; for a looked-up dim, row 0 where this device does not hold
 * the row, whose in-range condition is returned (null otherwise). The
 * shard's offset is built at `outside`, before the op `user` is in. */
static MlirValue localizeIndex(Partitioner *p, const SplitDim *dim,
                               bool looked_up, GspmdBuilder *outside,
                               MlirOperation user, int operand) {
  const Mesh *m = MESH(p, dim->mesh);
  MlirValue offset = gspmdBuildShardOffset(
      outside, m->name, &m->mesh, dim->axes, dim->num_axes, dim->shard);
  GspmdBuilder b = gspmdBuilderBefore(user);
  MlirValue index = gspmdBuildBinary(
      &b, "arith.subi", mlirOperationGetOperand(user, operand), offset);
  MlirValue in_range = {NULL};
  if (looked_up) {
    MlirValue valid =
        gspmdBuildShardValidSize(outside, offset, dim->size, dim->shard);
    in_range = gspmdBuildCmpI(&b, /*ult=*/6, index, valid);
    index = gspmdBuildSelect(&b, in_range, index, gspmdBuildIndex(&b, 0));
  }
  mlirOperationSetOperand(user, operand, index);
  return in_range;
}

/* *held and `cond`, built at b (held null: cond). */
static void andInto(GspmdBuilder *b, MlirValue *held, MlirValue cond) {
  *held = mlirValueIsNull(*held)
              ? cond
              : gspmdBuildBinary(b, "arith.andi", *held, cond);
}

/* Every yielded value becomes the identity of a sum where `held` is false. */
static void maskYields(MlirOperation op, MlirValue held) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  MlirOperation yield = mlirBlockGetTerminator(body);
  GspmdBuilder b = gspmdBuilderBefore(yield);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(yield); ++i) {
    MlirValue v = mlirOperationGetOperand(yield, i);
    MlirValue zero =
        gspmdBuildIdentity(&b, mlirValueGetType(v), GSPMD_REDUCTION_SUM);
    mlirOperationSetOperand(yield, i, gspmdBuildSelect(&b, held, v, zero));
  }
}

/* Gather read x (rule tensor t) resharded to the plan's layout and read
 * locally; *held gains the in-range conditions of its looked-up dims. */
static void useRead(Partitioner *p, MlirOperation op, const Plan *pl, int t,
                    MlirOperation extract, MlirValue *held) {
  const GspmdRuleTensor *x = &pl->rule->tensors[t];
  MlirValue table = partRuleValue(op, pl->rule, t);
  Layout want = partTensorLayout(p, pl, t);
  Layout cur;
  MlirType global;
  MlirValue local = partLocalOf(p, table, &cur, &global);
  GspmdBuilder b = gspmdBuilderBefore(op);
  ReshardSource src = {table, local, cur, NULL, global};
  mlirOperationSetOperand(extract, 0, partReshard(p, &b, &src, &want));
  if (!partHasAxes(&want))
    return;
  const Mesh *m = MESH(p, want.mesh);
  GspmdBuilder outside = gspmdBuilderBefore(op);
  for (int d = 0; d < x->rank; ++d) {
    if (want.s.dim_num_axes[d] == 0)
      continue;
    SplitDim dim = {want.mesh, want.s.dim_axes[d], want.s.dim_num_axes[d],
                    x->shape[d],
                    gspmdShardSize(&m->mesh, &want.s, d, x->shape[d])};
    bool looked_up = !followsLoop(pl->rule, x, d);
    MlirValue in_range =
        localizeIndex(p, &dim, looked_up, &outside, extract, 1 + d);
    if (looked_up) {
      GspmdBuilder in = gspmdBuilderBefore(extract);
      andInto(&in, held, in_range);
    }
  }
}

void partUseGatherReads(Partitioner *p, MlirOperation op, const Plan *pl) {
  if (!partHasGatherReads(pl->rule))
    return;
  GspmdGatherRead reads[8];
  int n = gspmdGatherReads(op, reads, 8);
  MlirValue held = {NULL};
  for (int t = 0; t < pl->rule->num_tensors; ++t) {
    const GspmdRuleTensor *x = &pl->rule->tensors[t];
    if (x->role == GSPMD_ROLE_CAPTURE && x->position < n)
      useRead(p, op, pl, t, reads[x->position].extract, &held);
  }
  if (!mlirValueIsNull(held))
    maskYields(op, held);
}

MlirValue partMaskLookups(Partitioner *p, MlirOperation op, const Plan *pl,
                          MlirValue result) {
  if (!gspmdOpFacts(op).looks_up_rows)
    return result;
  const GspmdRuleTensor *x = &pl->rule->tensors[0];
  GspmdBuilder b = gspmdBuilderBefore(op);
  MlirValue held = {NULL};
  for (int d = 0; d < x->rank; ++d) {
    int f = x->dim_num_factors[d] == 1 ? x->dim_factors[d][0] : -1;
    if (f < 0 || pl->rule->factor_kind[f] != GSPMD_FACTOR_REDUCTION ||
        pl->axes[f].num_axes == 0)
      continue;
    SplitDim dim = {pl->mesh, pl->axes[f].axes, pl->axes[f].num_axes,
                    pl->rule->factor_size[f], partFactorShardSize(p, pl, f)};
    andInto(
        &b, &held,
        localizeIndex(p, &dim, true, &b, op, gspmdLookupOffsetOperand(op, d)));
  }
  if (mlirValueIsNull(held))
    return result;
  GspmdBuilder after = gspmdBuilderAfter(op);
  MlirValue zeros = gspmdBuildIdentityTensor(&after, mlirValueGetType(result),
                                             GSPMD_REDUCTION_SUM);
  return gspmdBuildSelect(&after, held, result, zeros);
}
