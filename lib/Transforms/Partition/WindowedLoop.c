/*
 * WindowedLoop.c - the windowed loop of gspmd-partition (GSPMD's windowed
 * einsum, section 3.3 of the paper; "collective matmul"): a contraction
 * whose plan would gather one operand whole along one factor runs instead
 * as a loop over the n devices of the axes that split it. Each device keeps
 * its chunk of the operand, and at step i multiplies the chunk it holds,
 * chunk j = (r - i) mod n (r its position over the ring's axes), by the
 * matching slice [j*c, j*c + c) of the other operands. Along a reduction
 * factor it accumulates into the result through the op's own outs (the
 * combiner chains the partial products, as the unsplit op would); along a
 * parallel factor the step's op writes the result's slice j (its outs are
 * that slice of the result, inserted back). Meanwhile the chunk travels on
 * to the next device by collective_permute (shift 1, wrap). The loop runs n-1
 * steps with a permute each and the last step follows it without one: n-1
 * chunks sent, the all_gather's bytes, while a device never holds more than
 * two chunks of the operand.
 *
 * tosa.matmul has no outs: the accumulator starts at zero, and each step's
 * product is added to it (a reduction factor) or inserted as its slice j
 * (a parallel factor); its zero points are read whole.
 *
 * Strategy.c decides when (GspmdStrategyWindow: the gather is over the
 * memory budget and the loop is not). Assumes: a linalg op with a known
 * combiner (outs accumulate) or a float tosa.matmul (a sum: padding masked
 * with zero is exact), no linalg.index in its body, no split window factor
 * (no halo exchanges to plan), one result, the factor the
 * only factor of its dim in every tensor, and a plan that splits no
 * reduction (the result is whole after the loop and is resharded to its
 * annotation as usual). Uneven splits: the chunk size is c = ceil(size/n);
 * the other operands (and along a parallel factor the result) are padded
 * to n*c along the factor; along a reduction every chunk and slice is
 * masked past the factor's end with the combiner's identity (the same masks
 * as a split reduction's), so padding adds nothing; along a parallel factor
 * the result's padding is dropped after the loop.
 */
#include "partition.h"

#include "gspmd/support.h"

#include "gspmd-c/Dialect.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

/* The local type of global under s (as partLocalType, but a type without
 * axes is made again too, as the loop's result always was). */
static MlirType localTypeOf(const GspmdMesh *mesh, MlirType global,
                            const GspmdSharding *s) {
  int64_t shape[GSPMD_MAX_RANK], local[GSPMD_MAX_RANK];
  shapeOf(global, shape);
  gspmdLocalShape(mesh, s, shape, local);
  return gspmdTensorTypeLike(global, rankOf(global), local);
}

/* What one step needs, built once before the loop. */
typedef struct Window {
  Partitioner *p;
  MlirOperation op;
  const Plan *pl; /* rule, mesh, axes, window and window_mask */
  MlirStringRef mesh_name;
  const GspmdMesh *mesh;
  int64_t n, c, size; /* ring devices, chunk rows, factor size */
  MlirValue *inputs;  /* per op operand: its local value (padded) */
  MlirValue position; /* this device's position over the ring */
  /* A reduction factor accumulates through outs; a parallel one writes
   * the step's slice of the result (its dim result_dim). */
  bool reduction;
  int result_dim;
  MlirType step_type; /* the result of one step's op */
  bool has_init;      /* linalg: the last operand is outs; tosa.matmul: none */
} Window;

/* The dim of rule tensor t made of the window's factor, or -1. */
static int factorDim(const Window *win, int t) {
  const GspmdRuleTensor *x = &win->pl->rule->tensors[t];
  for (int d = 0; d < x->rank; ++d)
    if (x->dim_num_factors[d] == 1 &&
        x->dim_factors[d][0] == win->pl->window.factor)
      return d;
  return -1;
}

/* Masks x past the factor's end (chunk starting at `offset`) with the
 * identity of the operand's mask, when the split is uneven. */
static MlirValue maskChunk(const Window *win, GspmdBuilder *b, MlirValue x,
                           int position, int dim, MlirValue offset) {
  GspmdReduction kind = win->pl->window_mask[position];
  if (!win->reduction || win->size % win->n == 0 ||
      kind == GSPMD_REDUCTION_NONE)
    return x;
  MlirValue valid = gspmdBuildShardValidSize(b, offset, win->size, win->c);
  MlirType elt = mlirShapedTypeGetElementType(mlirValueGetType(x));
  return gspmdBuildMaskTail(b, x, dim, valid, gspmdBuildIdentity(b, elt, kind));
}

/* The chunk-wide slice of v at `offset` along dim d. */
static MlirValue sliceChunk(const Window *win, GspmdBuilder *b, MlirValue v,
                            int d, MlirValue offset) {
  MlirType type = mlirValueGetType(v);
  int64_t zeros[GSPMD_MAX_RANK] = {0}, sizes[GSPMD_MAX_RANK];
  MlirValue dyn[GSPMD_MAX_RANK] = {{NULL}};
  shapeOf(type, sizes);
  sizes[d] = win->c;
  dyn[d] = offset;
  return gspmdBuildExtractSlice(b, v, zeros, dyn, sizes);
}

/* One step at b: the op on chunk `chunk` (the one held at step `step`,
 * an index value) accumulating into `acc` (or writing its slice of it).
 * Returns the new accumulator. */
static MlirValue buildStep(const Window *win, GspmdBuilder *b, MlirValue step,
                           MlirValue chunk, MlirValue acc) {
  const GspmdOpRule *rule = win->pl->rule;
  MlirValue n = gspmdBuildIndex(b, win->n);
  MlirValue j = gspmdBuildBinary(
      b, "arith.remui",
      gspmdBuildBinary(b, "arith.addi",
                       gspmdBuildBinary(b, "arith.subi", win->position, step),
                       n),
      n);
  MlirValue offset =
      gspmdBuildBinary(b, "arith.muli", j, gspmdBuildIndex(b, win->c));
  MlirOperation clone = mlirOperationClone(win->op);
  mlirOperationRemoveDiscardableAttributeByName(clone, gspmdShardingAttrName());
  int num_operands = (int)mlirOperationGetNumOperands(win->op);
  for (int i = 0; i < num_operands; ++i)
    mlirOperationSetOperand(clone, i, win->inputs[i]);
  for (int t = 0; t < rule->num_tensors; ++t) {
    const GspmdRuleTensor *x = &rule->tensors[t];
    if (x->role != GSPMD_ROLE_OPERAND)
      continue;
    int d = factorDim(win, t);
    MlirValue v = win->inputs[x->position];
    if (win->has_init && x->position == num_operands - 1)
      continue; /* the init: below */
    if (t == win->pl->window.tensor) {
      v = maskChunk(win, b, chunk, x->position, d, offset);
    } else if (d >= 0) {
      v = sliceChunk(win, b, v, d, offset);
      v = maskChunk(win, b, v, x->position, d, offset);
    }
    mlirOperationSetOperand(clone, x->position, v);
  }
  /* The accumulator is the op's one init (its last operand, outs); a
   * parallel factor's step writes its slice of it. */
  MlirValue result = mlirOperationGetResult(clone, 0);
  if (win->has_init)
    mlirOperationSetOperand(
        clone, num_operands - 1,
        win->reduction ? acc
                       : sliceChunk(win, b, acc, win->result_dim, offset));
  mlirValueSetType(result, win->step_type);
  if (mlirOperationIsNull(b->before))
    mlirBlockAppendOwnedOperation(b->block, clone);
  else
    mlirBlockInsertOwnedOperationBefore(b->block, b->before, clone);
  if (win->reduction)
    return win->has_init ? result
                         : gspmdBuildBinary(b, "arith.addf", acc, result);
  int64_t zeros[GSPMD_MAX_RANK] = {0};
  MlirValue dyn[GSPMD_MAX_RANK] = {{NULL}};
  dyn[win->result_dim] = offset;
  return gspmdBuildInsertSlice(b, result, acc, zeros, dyn);
}

/* Local operands: every one laid out by the plan, but the rotated one kept
 * as it is; the others reading the factor padded to n chunks. */
static void localOperands(Window *win) {
  const Plan *pl = win->pl;
  const GspmdOpRule *rule = pl->rule;
  int num_operands = (int)mlirOperationGetNumOperands(win->op);
  bool in_rule[16] = {false};
  for (int t = 0; t < rule->num_tensors; ++t)
    if (rule->tensors[t].role == GSPMD_ROLE_OPERAND)
      in_rule[rule->tensors[t].position] = true;
  /* Operands outside the rule (tosa.matmul's zero points) are read whole. */
  for (int i = 0; i < num_operands; ++i) {
    MlirType type = mlirValueGetType(mlirOperationGetOperand(win->op, i));
    Layout whole = {-1, gspmdShardingReplicated(tensorRank(type))};
    if (!in_rule[i])
      win->inputs[i] = partUseOperandAs(win->p, win->op, i, &whole);
  }
  for (int t = 0; t < rule->num_tensors; ++t) {
    const GspmdRuleTensor *x = &rule->tensors[t];
    if (x->role != GSPMD_ROLE_OPERAND)
      continue;
    Layout want = {pl->mesh, gspmdShardingReplicated(x->rank)};
    MlirType global;
    if (t == pl->window.tensor)
      partLocalOf(win->p, mlirOperationGetOperand(win->op, x->position), &want,
                  &global);
    else
      gspmdProjectFromFactors(rule, t, win->mesh, pl->axes, &want.s);
    MlirValue v = partUseOperandAs(win->p, win->op, x->position, &want);
    int d = factorDim(win, t);
    if (t != pl->window.tensor && d >= 0 && win->n * win->c > win->size) {
      GspmdBuilder b = gspmdBuilderBefore(win->op);
      int64_t high[GSPMD_MAX_RANK] = {0};
      high[d] = win->n * win->c - win->size;
      MlirType elt = mlirShapedTypeGetElementType(mlirValueGetType(v));
      v = gspmdBuildPadHigh(&b, v, high,
                            gspmdBuildIdentity(&b, elt, GSPMD_REDUCTION_SUM));
    }
    win->inputs[x->position] = v;
  }
}

/* The accumulator of an op without outs: the local result, padded to n
 * chunks along a parallel factor split unevenly. */
static MlirType accumulatorType(const Window *win, MlirType result_type) {
  if (win->reduction)
    return result_type;
  int64_t shape[GSPMD_MAX_RANK];
  shapeOf(result_type, shape);
  shape[win->result_dim] = win->n * win->c;
  return gspmdTensorTypeLike(result_type, rankOf(result_type), shape);
}

/* The rule tensor of the op's result. */
static int resultTensor(const GspmdOpRule *rule) {
  int result_t = -1;
  for (int t = 0; t < rule->num_tensors; ++t)
    if (rule->tensors[t].role == GSPMD_ROLE_RESULT)
      result_t = t;
  return result_t;
}

/* The loop of steps 0..n-2 at b, each passing its chunk on, carrying the
 * accumulator acc0 and the chunk chunk0; returns the scf.for. */
static MlirOperation buildLoop(const Window *win, GspmdBuilder *b,
                               MlirValue acc0, MlirValue chunk0) {
  const GspmdFactorAxes *ring = &win->pl->window.ring;
  MlirType types[2] = {mlirValueGetType(acc0), mlirValueGetType(chunk0)};
  MlirValue bounds[5] = {gspmdBuildIndex(b, 0), gspmdBuildIndex(b, win->n - 1),
                         gspmdBuildIndex(b, 1), acc0, chunk0};
  MlirType arg_types[3] = {mlirIndexTypeGet(b->ctx), types[0], types[1]};
  MlirLocation loc = b->loc;
  MlirLocation locs[3] = {loc, loc, loc};
  MlirRegion region = mlirRegionCreate();
  MlirBlock body = mlirBlockCreate(3, arg_types, locs);
  mlirRegionAppendOwnedBlock(region, body);
  MlirOperationState st = mlirOperationStateGet(gspmdStr("scf.for"), loc);
  mlirOperationStateAddOperands(&st, 5, bounds);
  mlirOperationStateAddResults(&st, 2, types);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  MlirOperation loop = gspmdBuildInsert(b, &st);

  /* Step i: the product of the chunk held, then the chunk passed on. */
  GspmdBuilder in = {b->ctx, body, {NULL}, loc};
  MlirValue chunk = mlirBlockGetArgument(body, 2);
  MlirValue acc = buildStep(win, &in, mlirBlockGetArgument(body, 0), chunk,
                            mlirBlockGetArgument(body, 1));
  MlirValue next = gspmdBuildRotate(&in, win->mesh_name, win->mesh, ring->axes,
                                    ring->num_axes, chunk, 1);
  MlirValue yielded[2] = {acc, next};
  MlirOperationState y = mlirOperationStateGet(gspmdStr("scf.yield"), loc);
  mlirOperationStateAddOperands(&y, 2, yielded);
  gspmdBuildInsert(&in, &y);
  return loop;
}

void partPartitionWindowed(Partitioner *p, MlirOperation op, const Plan *pl) {
  const GspmdStrategyWindow *ring = &pl->window;
  const GspmdOpRule *rule = pl->rule;
  int num_operands = (int)mlirOperationGetNumOperands(op);
  MlirValue inputs[16];
  if (num_operands > 16 || mlirOperationGetNumResults(op) != 1)
    return; /* Strategy's callers only offer single-result linalg ops */
  Window win = {.p = p,
                .op = op,
                .pl = pl,
                .mesh_name = MESH(p, pl->mesh)->name,
                .mesh = &MESH(p, pl->mesh)->mesh};
  win.n = gspmdMeshAxesSize(win.mesh, ring->ring.axes, ring->ring.num_axes);
  win.size = rule->factor_size[ring->factor];
  win.c = (win.size + win.n - 1) / win.n;
  win.inputs = inputs;
  win.has_init = gspmdOpIsLinalgStructured(op);
  for (int i = 0; i < num_operands; ++i)
    inputs[i] = mlirOperationGetOperand(op, i);
  localOperands(&win);
  int result_t = resultTensor(rule);
  Layout have = {pl->mesh, gspmdShardingReplicated(0)};
  gspmdProjectFromFactors(rule, result_t, win.mesh, pl->axes, &have.s);
  MlirValue global_result = mlirOperationGetResult(op, 0);
  MlirType global = mlirValueGetType(global_result);
  MlirType result_type = localTypeOf(win.mesh, global, &have.s);
  win.reduction = rule->factor_kind[ring->factor] == GSPMD_FACTOR_REDUCTION;
  win.result_dim = factorDim(&win, result_t);
  win.step_type = result_type;
  if (!win.reduction) {
    int64_t shape[GSPMD_MAX_RANK];
    shapeOf(result_type, shape);
    shape[win.result_dim] = win.c;
    win.step_type =
        gspmdTensorTypeLike(result_type, rankOf(result_type), shape);
  }

  GspmdBuilder b = gspmdBuilderBefore(op);
  win.position = gspmdBuildAxisIndex(&b, win.mesh_name, win.mesh,
                                     ring->ring.axes, ring->ring.num_axes);
  /* The accumulator: the init (padded to n chunks along a parallel
   * factor split unevenly), or zeros of that type. */
  MlirValue acc0 =
      win.has_init
          ? inputs[num_operands - 1]
          : gspmdBuildIdentityTensor(&b, accumulatorType(&win, result_type),
                                     GSPMD_REDUCTION_SUM);
  MlirOperation loop =
      buildLoop(&win, &b, acc0, inputs[rule->tensors[ring->tensor].position]);

  /* The last step, after the loop: no permute. */
  GspmdBuilder after = gspmdBuilderBefore(op);
  MlirValue last = buildStep(&win, &after, gspmdBuildIndex(&after, win.n - 1),
                             mlirOperationGetResult(loop, 1),
                             mlirOperationGetResult(loop, 0));
  if (!mlirTypeEqual(mlirValueGetType(last), result_type)) {
    int64_t zeros[GSPMD_MAX_RANK] = {0}, sizes[GSPMD_MAX_RANK];
    shapeOf(result_type, sizes);
    last = gspmdBuildExtractSlice(&after, last, zeros, NULL, sizes);
  }
  Layout want = partResultLayout(p, op, 0);
  ReshardSource src = {{NULL}, last, have, NULL, global};
  partSetLocal(p, global_result, partReshard(p, &after, &src, &want), &want,
               global);
  partEraseLater(p, op);
}
