/*
 * Manual.c - gspmd-partition for gspmd.manual_computation.
 *
 * A manual region's body becomes local code in place of the op. Its values
 * are the manual shards, so over the manual axes it already is what every
 * device runs; over the free axes it is a global program, partitioned by
 * the walk (Walk.c, handed in as a PartBlockFn) like any other. Each operand is
 * resharded to its in_sharding, the body's arguments are laid out by the free
 * axes of the in_shardings, the body is partitioned and moved in front of the
 * op, and each result is resharded from its out_sharding to what its users
 * want.
 *
 * Assumes the verifier's invariants: boundary shardings on the region's
 * mesh, manual axes first in every dim, body types the manual shards. A
 * boundary value whose sharding splits an uneven dim by manual and free axes
 * together (gspmdManualComposes false) crosses the boundary in the manual part
 * of its sharding, whole inside, and the body reshards it like any replicated
 * value: the free shard of its manual shard is not the whole sharding's shard.
 */
#include "partition.h"

#include "gspmd/support.h"

#include "gspmd-c/Dialect.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"

#include <stdlib.h>

/* A boundary value's layout outside the region and the body's inside. */
typedef struct ManualSide {
  Layout outside, inside;
} ManualSide;

static ManualSide manualSide(Partitioner *p, MlirAttribute attr,
                             MlirType global, int mesh, uint32_t mask) {
  int rank = (int)mlirShapedTypeGetRank(global);
  int64_t shape[GSPMD_MAX_RANK];
  shapeOf(global, shape);
  ManualSide m;
  m.outside = partLayoutOf(p, attr, rank);
  m.outside.mesh = mesh;
  bool composes =
      gspmdManualComposes(&MESH(p, mesh)->mesh, &m.outside.s, mask, shape);
  m.inside = m.outside;
  m.inside.s = composes ? gspmdShardingFilterAxes(&m.outside.s, mask, false)
                        : gspmdShardingReplicated(rank);
  if (!composes)
    m.outside.s = gspmdShardingFilterAxes(&m.outside.s, mask, true);
  return m;
}

/* The region's mesh and its manual axes as a mask; -1 if unreadable. */
static int readRegion(Partitioner *p, MlirOperation op, uint32_t *mask) {
  int mesh = partFindMesh(
      p, mlirFlatSymbolRefAttrGetValue(
             mlirOperationGetAttributeByName(op, gspmdStr("mesh"))));
  int axes[GSPMD_MAX_MESH_AXES];
  int n = mesh < 0 ? -1
                   : gspmdReadMeshAxes(mlirOperationGetAttributeByName(
                                           op, gspmdStr("manual_axes")),
                                       &MESH(p, mesh)->mesh, axes);
  *mask = 0;
  for (int i = 0; i < n; ++i)
    *mask |= 1u << axes[i];
  return n < 0 ? -1 : mesh;
}

/* Operands to their in_shardings; body arguments to the local values. */
static void enterRegion(Partitioner *p, MlirOperation op, int mesh,
                        uint32_t mask, MlirBlock body) {
  MlirAttribute ins =
      mlirOperationGetAttributeByName(op, gspmdStr("in_shardings"));
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    Layout cur;
    MlirType global;
    partLocalOf(p, mlirOperationGetOperand(op, i), &cur, &global);
    ManualSide side =
        manualSide(p, mlirArrayAttrGetElement(ins, i), global, mesh, mask);
    MlirValue local = partUseOperandAs(p, op, (int)i, &side.outside);
    MlirValue arg = mlirBlockGetArgument(body, i);
    partSetLocal(p, arg, local, &side.inside, mlirValueGetType(arg));
  }
}

void partPartitionManual(Partitioner *p, MlirOperation op,
                         PartBlockFn partition_block) {
  uint32_t mask;
  int mesh = readRegion(p, op, &mask);
  if (mesh < 0) {
    mlirEmitError(mlirOperationGetLocation(op),
                  "gspmd-partition: cannot read the region's mesh and axes");
    p->failed = true;
    return;
  }
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  enterRegion(p, op, mesh, mask, body);
  MlirAttribute outs =
      mlirOperationGetAttributeByName(op, gspmdStr("out_shardings"));
  int n = (int)mlirOperationGetNumResults(op);
  Layout *targets = malloc(sizeof(Layout) * (size_t)(2 * n + 1));
  Layout *have = targets + n;
  for (int j = 0; j < n; ++j) {
    MlirType global = mlirValueGetType(mlirOperationGetResult(op, j));
    ManualSide side =
        manualSide(p, mlirArrayAttrGetElement(outs, j), global, mesh, mask);
    targets[j] = side.inside;
    have[j] = side.outside;
  }
  partition_block(p, body, targets);
  /* The body, now local code, moves in front of the op, which dies. */
  MlirOperation yield = mlirBlockGetTerminator(body);
  for (MlirOperation nested = mlirBlockGetFirstOperation(body);
       !mlirOperationEqual(nested, yield);
       nested = mlirBlockGetFirstOperation(body)) {
    mlirOperationRemoveFromParent(nested);
    mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(op), op, nested);
  }
  /* Users get the annotation completion wrote, else the out_sharding. */
  bool annotated = !mlirAttributeIsNull(
      mlirOperationGetDiscardableAttributeByName(op, gspmdShardingAttrName()));
  for (int j = 0; j < n; ++j) {
    MlirValue r = mlirOperationGetResult(op, j);
    MlirType global = mlirValueGetType(r);
    Layout want = annotated ? partResultLayout(p, op, j)
                            : manualSide(p, mlirArrayAttrGetElement(outs, j),
                                         global, mesh, 0)
                                  .outside;
    GspmdBuilder b = gspmdBuilderBefore(op);
    ReshardSource src = {
        {NULL}, mlirOperationGetOperand(yield, j), have[j], NULL, global};
    MlirValue local = partReshard(p, &b, &src, &want);
    partSetLocal(p, r, local, &want, global);
  }
  free(targets);
  partEraseLater(p, op);
}
