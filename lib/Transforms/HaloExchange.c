/*
 * HaloExchange.c - gspmd-halo-exchange: lowers gspmd.halo_exchange.
 *
 * Along the op's dim, each device's result is [low halo, shard, high halo]:
 * the low halo holds the last rows of the devices before it (a
 * collective_permute with shift = +h brings the h-th device before; a halo
 * wider than a shard takes several hops, whole shards but the farthest), the
 * high halo the first rows of the devices after (shift = -h). One
 * tensor.concat joins the pieces; then rows whose global index falls outside
 * [0, size) become the padding value: rows before the first device and past
 * the last arrive as zeros, and the padded tails of uneven shards hold
 * anything. The device's position comes from gspmd.axis_index, so the IR is
 * the same for any number of devices; only the halo rows travel. A periodic
 * exchange (a rotation; the verifier ensures even shards) shifts with wrap,
 * so every device has neighbours and nothing is masked.
 *
 * Assumes: the ops verified (static local size along dim, shards of
 * ceil(size / group) as docs/dialect.md says); their meshes are gspmd.mesh
 * ops at the top of the module.
 */
#include "gspmd/build.h"
#include "gspmd/passes.h"
#include "gspmd/support.h"

#include "gspmd-c/Dialect.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Linalg.h"
#include "mlir-c/Dialect/Tensor.h"
#include "mlir-c/Pass.h"

#include <string.h>

typedef struct Halo {
  MlirOperation op;
  const GspmdModuleMesh *mesh;
  int axes[GSPMD_MAX_MESH_AXES], num_axes;
  int dim;
  int64_t low, high, size, shard, group;
  MlirValue input, padding; /* padding null: zero */
  bool periodic;            /* neighbours wrap around the group */
} Halo;

static int64_t intAttr(MlirOperation op, const char *name) {
  return mlirIntegerAttrGetValueInt(
      mlirOperationGetAttributeByName(op, gspmdStr(name)));
}

/* Reads the op; false (with an error at the op) when its mesh or axes are
 * unknown. */
static bool readHalo(MlirOperation op, const GspmdVec *meshes, Halo *h) {
  memset(h, 0, sizeof(*h));
  h->op = op;
  MlirAttribute mesh = mlirOperationGetAttributeByName(op, gspmdStr("mesh"));
  int m = gspmdFindMesh(meshes, mlirFlatSymbolRefAttrGetValue(mesh));
  MlirLocation loc = mlirOperationGetLocation(op);
  if (m < 0 || !GSPMD_VEC_AT(meshes, GspmdModuleMesh, m).valid) {
    mlirEmitError(loc, "gspmd-halo-exchange: unknown mesh");
    return false;
  }
  h->mesh = &GSPMD_VEC_AT(meshes, GspmdModuleMesh, m);
  h->num_axes =
      gspmdReadMeshAxes(mlirOperationGetAttributeByName(op, gspmdStr("axes")),
                        &h->mesh->mesh, h->axes);
  if (h->num_axes < 0) {
    mlirEmitError(loc, "gspmd-halo-exchange: unknown mesh axis");
    return false;
  }
  MlirAttribute halo = mlirOperationGetAttributeByName(op, gspmdStr("halo"));
  h->dim = (int)intAttr(op, "dim");
  h->low = mlirDenseI64ArrayGetElement(halo, 0);
  h->high = mlirDenseI64ArrayGetElement(halo, 1);
  h->size = intAttr(op, "size");
  h->input = mlirOperationGetOperand(op, 0);
  h->shard = mlirShapedTypeGetDimSize(mlirValueGetType(h->input), h->dim);
  h->group = gspmdMeshAxesSize(&h->mesh->mesh, h->axes, h->num_axes);
  if (mlirOperationGetNumOperands(op) > 1)
    h->padding = mlirOperationGetOperand(op, 1);
  h->periodic = !mlirAttributeIsNull(
      mlirOperationGetAttributeByName(op, gspmdStr("periodic")));
  if (h->shard <= 0 && h->low + h->high > 0) {
    mlirEmitError(loc, "gspmd-halo-exchange: a halo around empty shards");
    return false;
  }
  return true;
}

/* Rows [offset, offset + rows) of the shard along the dim. */
static MlirValue shardRows(GspmdBuilder *b, const Halo *h, int64_t offset,
                           int64_t rows) {
  MlirType type = mlirValueGetType(h->input);
  int rank = (int)mlirShapedTypeGetRank(type);
  int64_t offsets[GSPMD_MAX_RANK] = {0}, sizes[GSPMD_MAX_RANK];
  MlirValue none[GSPMD_MAX_RANK] = {{NULL}};
  for (int d = 0; d < rank; ++d)
    sizes[d] = mlirShapedTypeGetDimSize(type, d);
  offsets[h->dim] = offset;
  sizes[h->dim] = rows;
  if (offset == 0 && rows == h->shard)
    return h->input;
  return gspmdBuildExtractSlice(b, h->input, offsets, none, sizes);
}

/* The `width` rows next to this device on one side, farthest first on the
 * low side: hop k brings rows of the k-th neighbour (a whole shard but for
 * the farthest). Appends the pieces (MlirValue) to `pieces`. */
static void addHaloPieces(GspmdBuilder *b, const Halo *h, bool low,
                          int64_t width, GspmdVec *pieces) {
  int64_t hops = (width + h->shard - 1) / h->shard;
  for (int64_t k = 1; k <= hops; ++k) {
    int64_t hop = low ? hops + 1 - k : k; /* low side: farthest first */
    int64_t rows = hop < hops ? h->shard : width - (hops - 1) * h->shard;
    MlirValue piece = shardRows(b, h, low ? h->shard - rows : 0, rows);
    *(MlirValue *)gspmdVecPush(pieces) =
        (h->periodic ? gspmdBuildRotate : gspmdBuildShift)(
            b, h->mesh->name, &h->mesh->mesh, h->axes, h->num_axes, piece,
            low ? hop : -hop);
  }
}

/* Rows outside [0, size) become the padding. Only needed where they may
 * hold something else: padded shards, or a padding value other than the
 * zeros a device with no neighbour receives. */
static MlirValue maskEdges(GspmdBuilder *b, const Halo *h, MlirValue joined) {
  bool uneven = h->size != h->shard * h->group;
  bool mask_low = h->low > 0 && !mlirValueIsNull(h->padding);
  bool mask_high = uneven || (h->high > 0 && !mlirValueIsNull(h->padding));
  if (!mask_low && !mask_high)
    return joined;
  /* Row r holds global index offset - low + r. */
  MlirValue offset = gspmdBuildShardOffset(b, h->mesh->name, &h->mesh->mesh,
                                           h->axes, h->num_axes, h->shard);
  MlirValue first = mask_low
                        ? gspmdBuildBinary(b, "arith.subi",
                                           gspmdBuildIndex(b, h->low), offset)
                        : (MlirValue){NULL};
  MlirValue end = gspmdBuildBinary(
      b, "arith.subi", gspmdBuildIndex(b, h->size + h->low), offset);
  MlirValue fill = h->padding;
  if (mlirValueIsNull(fill)) {
    MlirType elt = mlirShapedTypeGetElementType(mlirValueGetType(joined));
    fill = gspmdBuildIdentity(b, elt, GSPMD_REDUCTION_SUM);
  }
  return gspmdBuildMaskRange(b, joined, h->dim, first, end, fill);
}

static void lowerHalo(const Halo *h) {
  GspmdBuilder b = gspmdBuilderBefore(h->op);
  GspmdVec pieces;
  gspmdVecInit(&pieces, sizeof(MlirValue));
  addHaloPieces(&b, h, true, h->low, &pieces);
  *(MlirValue *)gspmdVecPush(&pieces) = h->input;
  addHaloPieces(&b, h, false, h->high, &pieces);
  MlirValue joined =
      gspmdBuildConcat(&b, h->dim, (int)pieces.size, (MlirValue *)pieces.data);
  MlirValue result = maskEdges(&b, h, joined);
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(h->op, 0), result);
  mlirOperationDestroy(h->op);
  gspmdVecFree(&pieces);
}

static MlirWalkResult collectHalos(MlirOperation op, void *user) {
  if (gspmdStringRefEq(gspmdOpName(op), "gspmd.halo_exchange")) {
    MlirOperation *slot = gspmdVecPush((GspmdVec *)user);
    *slot = op;
  }
  return MlirWalkResultAdvance;
}

void gspmdHaloExchangePassRun(MlirOperation module, MlirExternalPass pass,
                              void *user) {
  (void)user;
  GspmdArena arena = {NULL};
  GspmdVec meshes, halos;
  gspmdVecInit(&meshes, sizeof(GspmdModuleMesh));
  gspmdVecInit(&halos, sizeof(MlirOperation));
  gspmdCollectMeshes(module, &arena, &meshes);
  /* Collect first, then rewrite: rewriting erases ops under the walk. */
  mlirOperationWalk(module, collectHalos, &halos, MlirWalkPreOrder);
  bool failed = false;
  for (size_t i = 0; i < halos.size; ++i) {
    Halo h;
    if (readHalo(GSPMD_VEC_AT(&halos, MlirOperation, i), &meshes, &h))
      lowerHalo(&h);
    else
      failed = true;
  }
  if (failed)
    mlirExternalPassSignalFailure(pass);
  gspmdVecFree(&meshes);
  gspmdVecFree(&halos);
  gspmdArenaFree(&arena);
}
