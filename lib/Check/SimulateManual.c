/*
 * SimulateManual.c - gspmd-simulate-manual: the global meaning of
 * gspmd.manual_computation, for the unpartitioned reference.
 *
 * A manual region computes what its P devices (the positions of its manual
 * axes) compute when each runs the body on its manual shard of the operands.
 * This pass writes that as one global program: the body is unrolled in
 * lockstep, P copies of every op that depends on the device (axis_index, the
 * operands, anything computed from them) and one copy of the rest; each
 * collective becomes the tensor ops that combine the copies of its group
 * (sums in group order, concatenations, slices, the permuted copy or zeros);
 * scf.for and scf.if whose bounds and conditions do not depend on the device
 * carry the P copies of their values. Operands are sliced per device and
 * padded with zeros to the shard size; each result is assembled from the
 * valid part of the devices at coordinate 0 of the manual axes its
 * out_sharding does not use. The free axes play no part: over them the body
 * is a global program.
 *
 * It shares nothing with partitioning or the MPI runtime but the layout
 * algebra, so a check of a partitioned region against it can fail: a wrong
 * operand layout, a collective over the wrong group, a body that reads
 * padding (zeros here, poison under gspmd-run) or yields different values on
 * devices that should hold copies. It runs first in the LLVM lowering
 * (GSPMD_LOWER_TO_LLVM_PIPELINE) and does nothing to modules without manual
 * regions (partitioned ones).
 *
 * Limits (an error at the op): loop bounds or conditions that depend on the
 * device, scf.while and other region ops around device-dependent
 * collectives, gspmd.partition_id and halo_exchange in a body. Other region
 * ops (linalg) are copied per device.
 */
#include "gspmd/build.h"
#include "gspmd/combiner.h"
#include "gspmd/passes.h"
#include "gspmd/support.h"

#include "gspmd-c/Dialect.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Dialect/Tensor.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Devices simulated per region; larger manual meshes are an error. */
#define SIM_MAX_DEVICES 256

typedef struct Sim {
  MlirContext ctx;
  GspmdArena arena;
  GspmdMesh mesh;
  uint32_t mask; /* manual axes */
  int num_devices;
  /* Mesh coordinates of simulated device p (0 on free axes). */
  int64_t (*coords)[GSPMD_MAX_MESH_AXES];
  GspmdPtrMap slot_of; /* body value -> first of its P copies in copies */
  GspmdVec copies;     /* MlirValue */
  int copying_for;     /* the device copyOp is copying an op for */
  bool failed;
} Sim;

static void fail(Sim *s, MlirOperation op, const char *why) {
  char msg[300];
  snprintf(msg, sizeof(msg), "gspmd-simulate-manual: %s", why);
  mlirEmitError(mlirOperationGetLocation(op), msg);
  s->failed = true;
}

/*===-- Devices and groups ------------------------------------------------===*/

/* Device p's coordinates: mixed radix over the manual axes, mesh order. */
static void enumerateDevices(Sim *s) {
  s->coords =
      gspmdArenaAlloc(&s->arena, sizeof(*s->coords) * (size_t)s->num_devices);
  for (int p = 0; p < s->num_devices; ++p) {
    int64_t rest = p;
    for (int a = s->mesh.num_axes - 1; a >= 0; --a) {
      s->coords[p][a] = 0;
      if ((s->mask >> a) & 1u) {
        s->coords[p][a] = rest % s->mesh.axis_sizes[a];
        rest /= s->mesh.axis_sizes[a];
      }
    }
  }
}

static int deviceAt(const Sim *s, const int64_t *coords) {
  int p = 0;
  for (int a = 0; a < s->mesh.num_axes; ++a)
    if ((s->mask >> a) & 1u)
      p = p * (int)s->mesh.axis_sizes[a] + (int)coords[a];
  return p;
}

/* The mesh's device id at device p's position (the layout algebra's key). */
static int64_t deviceId(const Sim *s, int p) {
  int64_t pos = 0;
  for (int a = 0; a < s->mesh.num_axes; ++a)
    pos = pos * s->mesh.axis_sizes[a] + s->coords[p][a];
  return gspmdMeshDeviceAtPosition(&s->mesh, pos);
}

/* p's rank in its group over `axes` (linear, first major). */
static int64_t groupRank(const Sim *s, int p, const int *axes, int n) {
  int64_t r = 0;
  for (int i = 0; i < n; ++i)
    r = r * s->mesh.axis_sizes[axes[i]] + s->coords[p][axes[i]];
  return r;
}

/* The member of p's group over `axes` with rank r. */
static int groupMember(const Sim *s, int p, const int *axes, int n, int64_t r) {
  int64_t c[GSPMD_MAX_MESH_AXES];
  memcpy(c, s->coords[p], sizeof(c));
  for (int i = n - 1; i >= 0; --i) {
    c[axes[i]] = r % s->mesh.axis_sizes[axes[i]];
    r /= s->mesh.axis_sizes[axes[i]];
  }
  return deviceAt(s, c);
}

/*===-- Copies of body values ---------------------------------------------===*/

static MlirValue copyOf(Sim *s, MlirValue v, int p) {
  int i = gspmdPtrMapGet(&s->slot_of, v.ptr);
  if (i < 0)
    return v; /* defined outside the body: the same for every device */
  return GSPMD_VEC_AT(&s->copies, MlirValue, i + p);
}

static void setCopy(Sim *s, MlirValue v, int p, MlirValue copy) {
  int i = gspmdPtrMapGet(&s->slot_of, v.ptr);
  if (i < 0) {
    i = (int)s->copies.size;
    for (int q = 0; q < s->num_devices; ++q)
      *(MlirValue *)gspmdVecPush(&s->copies) = copy;
    gspmdPtrMapPut(&s->slot_of, v.ptr, i);
  }
  GSPMD_VEC_AT(&s->copies, MlirValue, i + p) = copy;
}

static void setAllCopies(Sim *s, MlirValue v, MlirValue copy) {
  for (int p = 0; p < s->num_devices; ++p)
    setCopy(s, v, p, copy);
}

static bool sameOnAll(Sim *s, MlirValue v) {
  for (int p = 1; p < s->num_devices; ++p)
    if (!mlirValueEqual(copyOf(s, v, p), copyOf(s, v, 0)))
      return false;
  return true;
}

static void insertOp(GspmdBuilder *b, MlirOperation op) {
  if (mlirOperationIsNull(b->before))
    mlirBlockAppendOwnedOperation(b->block, op);
  else
    mlirBlockInsertOwnedOperationBefore(b->block, b->before, op);
}

/*===-- Tensor helpers ----------------------------------------------------===*/

static int rankOf(MlirValue v) {
  return (int)mlirShapedTypeGetRank(mlirValueGetType(v));
}

static int64_t dimOf(MlirValue v, int d) {
  return mlirShapedTypeGetDimSize(mlirValueGetType(v), d);
}

/* A slice of `x` of size `size` at `offset` along `dim` (whole elsewhere). */
static MlirValue sliceDim(GspmdBuilder *b, MlirValue x, int dim, int64_t offset,
                          int64_t size) {
  int64_t offsets[GSPMD_MAX_RANK] = {0}, sizes[GSPMD_MAX_RANK];
  for (int d = 0; d < rankOf(x); ++d)
    sizes[d] = dimOf(x, d);
  offsets[dim] = offset;
  sizes[dim] = size;
  return gspmdBuildExtractSlice(b, x, offsets, NULL, sizes);
}

static MlirValue insertSlice(GspmdBuilder *b, MlirValue source, MlirValue dest,
                             const int64_t *offsets) {
  int rank = rankOf(source);
  int64_t sizes[GSPMD_MAX_RANK], ones[GSPMD_MAX_RANK];
  for (int d = 0; d < rank; ++d) {
    sizes[d] = dimOf(source, d);
    ones[d] = 1;
  }
  int32_t seg[5] = {1, 1, 0, 0, 0};
  MlirNamedAttribute attrs[4] = {
      gspmdNamedAttr(b->ctx, "static_offsets",
                     mlirDenseI64ArrayGet(b->ctx, rank, offsets)),
      gspmdNamedAttr(b->ctx, "static_sizes",
                     mlirDenseI64ArrayGet(b->ctx, rank, sizes)),
      gspmdNamedAttr(b->ctx, "static_strides",
                     mlirDenseI64ArrayGet(b->ctx, rank, ones)),
      gspmdNamedAttr(b->ctx, "operandSegmentSizes",
                     mlirDenseI32ArrayGet(b->ctx, 5, seg))};
  MlirOperationState st =
      mlirOperationStateGet(gspmdStr("tensor.insert_slice"), b->loc);
  MlirValue operands[2] = {source, dest};
  MlirType type = mlirValueGetType(dest);
  mlirOperationStateAddOperands(&st, 2, operands);
  mlirOperationStateAddResults(&st, 1, &type);
  mlirOperationStateAddAttributes(&st, 4, attrs);
  return mlirOperationGetResult(gspmdBuildInsert(b, &st), 0);
}

/*===-- Collectives over the copies ---------------------------------------===*/

typedef struct Collective {
  MlirOperation op;
  int axes[GSPMD_MAX_MESH_AXES], num_axes;
  int64_t group; /* group size */
} Collective;

/* The group reduction of `input` as p's group holds it, in rank order. */
static MlirValue reduceGroup(Sim *s, GspmdBuilder *b, const Collective *c,
                             MlirValue input, int p) {
  MlirType element = mlirShapedTypeGetElementType(mlirValueGetType(input));
  int64_t kind = mlirIntegerAttrGetValueInt(
      mlirOperationGetAttributeByName(c->op, gspmdStr("reduction")));
  const char *name =
      gspmdCombinerArithName(gspmdReductionCombiner(kind), element);
  if (!name ||
      (mlirTypeIsAInteger(element) && mlirIntegerTypeGetWidth(element) == 1)) {
    fail(s, c->op, "cannot simulate this reduction kind or element type");
    return copyOf(s, input, p);
  }
  MlirValue acc = copyOf(s, input, groupMember(s, p, c->axes, c->num_axes, 0));
  for (int64_t r = 1; r < c->group; ++r)
    acc = gspmdBuildBinary(
        b, name, acc,
        copyOf(s, input, groupMember(s, p, c->axes, c->num_axes, r)));
  return acc;
}

/* Device p's result of the collective c over the copies of its input. */
static MlirValue simulateCollective(Sim *s, GspmdBuilder *b,
                                    const Collective *c, int p) {
  MlirOperation op = c->op;
  MlirStringRef name = gspmdOpName(op);
  MlirValue in = mlirOperationGetOperand(op, 0);
  int64_t rank = groupRank(s, p, c->axes, c->num_axes);
  if (gspmdStringRefEq(name, "gspmd.all_reduce"))
    return reduceGroup(s, b, c, in, p);
  if (gspmdStringRefEq(name, "gspmd.reduce_scatter")) {
    int dim = (int)mlirIntegerAttrGetValueInt(
        mlirOperationGetAttributeByName(op, gspmdStr("scatter_dim")));
    MlirValue whole = reduceGroup(s, b, c, in, p);
    int64_t size = dimOf(mlirOperationGetResult(op, 0), dim);
    return sliceDim(b, whole, dim, rank * size, size);
  }
  MlirValue pieces[SIM_MAX_DEVICES];
  if (gspmdStringRefEq(name, "gspmd.all_gather")) {
    int dim = (int)mlirIntegerAttrGetValueInt(
        mlirOperationGetAttributeByName(op, gspmdStr("gather_dim")));
    for (int64_t r = 0; r < c->group; ++r)
      pieces[r] = copyOf(s, in, groupMember(s, p, c->axes, c->num_axes, r));
    return gspmdBuildConcat(b, dim, (int)c->group, pieces);
  }
  if (gspmdStringRefEq(name, "gspmd.all_to_all")) {
    int split = (int)mlirIntegerAttrGetValueInt(
        mlirOperationGetAttributeByName(op, gspmdStr("split_dim")));
    int concat = (int)mlirIntegerAttrGetValueInt(
        mlirOperationGetAttributeByName(op, gspmdStr("concat_dim")));
    int64_t chunk = dimOf(in, split) / c->group;
    for (int64_t r = 0; r < c->group; ++r)
      pieces[r] =
          sliceDim(b, copyOf(s, in, groupMember(s, p, c->axes, c->num_axes, r)),
                   split, rank * chunk, chunk);
    return gspmdBuildConcat(b, concat, (int)c->group, pieces);
  }
  /* collective_permute */
  MlirAttribute target =
      mlirOperationGetAttributeByName(op, gspmdStr("target_axes"));
  if (!mlirAttributeIsNull(target)) {
    int to[GSPMD_MAX_MESH_AXES];
    int n = gspmdReadMeshAxes(target, &s->mesh, to);
    int64_t k = groupRank(s, p, to, n);
    return copyOf(s, in, groupMember(s, p, c->axes, c->num_axes, k));
  }
  int64_t shift = mlirIntegerAttrGetValueInt(
      mlirOperationGetAttributeByName(op, gspmdStr("shift")));
  int64_t src = rank - shift;
  if (!mlirAttributeIsNull(
          mlirOperationGetAttributeByName(op, gspmdStr("wrap"))))
    src = ((src % c->group) + c->group) % c->group;
  if (src < 0 || src >= c->group)
    return gspmdBuildIdentityTensor(b, mlirValueGetType(in),
                                    GSPMD_REDUCTION_SUM);
  return copyOf(s, in, groupMember(s, p, c->axes, c->num_axes, src));
}

static bool isCollective(MlirStringRef name) {
  static const char *const names[] = {
      "gspmd.all_reduce", "gspmd.all_gather", "gspmd.reduce_scatter",
      "gspmd.all_to_all", "gspmd.collective_permute"};
  for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); ++i)
    if (gspmdStringRefEq(name, names[i]))
      return true;
  return false;
}

static void processCollective(Sim *s, GspmdBuilder *b, MlirOperation op) {
  Collective c;
  c.op = op;
  c.num_axes = gspmdReadMeshAxes(
      mlirOperationGetAttributeByName(op, gspmdStr("axes")), &s->mesh, c.axes);
  if (c.num_axes < 0) {
    fail(s, op, "cannot read the collective's axes");
    return;
  }
  c.group = gspmdMeshAxesSize(&s->mesh, c.axes, c.num_axes);
  MlirValue out[SIM_MAX_DEVICES];
  /* Every device's result first: each reads the others' inputs. */
  for (int p = 0; p < s->num_devices; ++p)
    out[p] = simulateCollective(s, b, &c, p);
  for (int p = 0; p < s->num_devices; ++p)
    setCopy(s, mlirOperationGetResult(op, 0), p, out[p]);
}

/*===-- Ops, loops and branches -------------------------------------------===*/

static void processOps(Sim *s, MlirBlock block, GspmdBuilder *b);

/* Captures inside a copied op's regions read device p's copies. */
static void remapCapture(MlirOperation nested, intptr_t i, void *user) {
  Sim *s = user;
  mlirOperationSetOperand(
      nested, i, copyOf(s, mlirOperationGetOperand(nested, i), s->copying_for));
}

/* Copies op for device p (or once for all when `all`). */
static void copyOp(Sim *s, GspmdBuilder *b, MlirOperation op, int p, bool all) {
  MlirOperation copy = mlirOperationClone(op);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    mlirOperationSetOperand(copy, i,
                            copyOf(s, mlirOperationGetOperand(op, i), p));
  if (mlirOperationGetNumRegions(copy) > 0) {
    s->copying_for = p;
    gspmdForEachNestedOperand(copy, remapCapture, s);
  }
  mlirOperationRemoveDiscardableAttributeByName(copy, gspmdShardingAttrName());
  insertOp(b, copy);
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirValue from = mlirOperationGetResult(op, i);
    MlirValue to = mlirOperationGetResult(copy, i);
    if (all)
      setAllCopies(s, from, to);
    else
      setCopy(s, from, p, to);
  }
}

static void processPlain(Sim *s, GspmdBuilder *b, MlirOperation op) {
  bool same = mlirOperationGetNumRegions(op) == 0;
  for (intptr_t i = 0; same && i < mlirOperationGetNumOperands(op); ++i)
    same = sameOnAll(s, mlirOperationGetOperand(op, i));
  for (int p = 0; p < (same ? 1 : s->num_devices); ++p)
    copyOp(s, b, op, p, same);
}

static bool operandsSameOnAll(Sim *s, MlirOperation op, int first, int count) {
  for (int i = first; i < first + count; ++i)
    if (!sameOnAll(s, mlirOperationGetOperand(op, i)))
      return false;
  return true;
}

/* The terminator of `dest`: `name` with every device's copy of each operand
 * of `src` (device-major within each operand). */
static void copyTerminator(Sim *s, MlirOperation src, MlirBlock dest,
                           const char *name) {
  int n = (int)mlirOperationGetNumOperands(src);
  MlirValue *operands =
      malloc(sizeof(MlirValue) * (size_t)(n * s->num_devices + 1));
  for (int k = 0; k < n; ++k)
    for (int p = 0; p < s->num_devices; ++p)
      operands[k * s->num_devices + p] =
          copyOf(s, mlirOperationGetOperand(src, k), p);
  MlirOperationState st =
      mlirOperationStateGet(gspmdStr(name), mlirOperationGetLocation(src));
  mlirOperationStateAddOperands(&st, n * s->num_devices, operands);
  mlirBlockAppendOwnedOperation(dest, mlirOperationCreate(&st));
  free(operands);
}

/* Result types of an op carrying P copies of each result of `op`. */
static MlirType *copiedResultTypes(Sim *s, MlirOperation op, int *count) {
  int n = (int)mlirOperationGetNumResults(op);
  *count = n * s->num_devices;
  MlirType *types =
      gspmdArenaAlloc(&s->arena, sizeof(MlirType) * (size_t)(*count + 1));
  for (int k = 0; k < n; ++k)
    for (int p = 0; p < s->num_devices; ++p)
      types[k * s->num_devices + p] =
          mlirValueGetType(mlirOperationGetResult(op, k));
  return types;
}

static void mapCopiedResults(Sim *s, MlirOperation op, MlirOperation copy) {
  for (intptr_t k = 0; k < mlirOperationGetNumResults(op); ++k)
    for (int p = 0; p < s->num_devices; ++p)
      setCopy(s, mlirOperationGetResult(op, k), p,
              mlirOperationGetResult(copy, k * s->num_devices + p));
}

static void processFor(Sim *s, GspmdBuilder *b, MlirOperation op) {
  if (!operandsSameOnAll(s, op, 0, 3)) {
    fail(s, op, "loop bounds depend on the device; cannot simulate");
    return;
  }
  int num_results;
  MlirType *types = copiedResultTypes(s, op, &num_results);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  MlirValue iv = mlirBlockGetArgument(body, 0);
  MlirType *arg_types =
      gspmdArenaAlloc(&s->arena, sizeof(MlirType) * (size_t)(num_results + 1));
  MlirLocation *locs = gspmdArenaAlloc(
      &s->arena, sizeof(MlirLocation) * (size_t)(num_results + 1));
  MlirValue *operands =
      gspmdArenaAlloc(&s->arena, sizeof(MlirValue) * (size_t)(num_results + 3));
  arg_types[0] = mlirValueGetType(iv);
  for (int i = 0; i <= num_results; ++i)
    locs[i] = mlirOperationGetLocation(op);
  for (int i = 0; i < num_results; ++i)
    arg_types[1 + i] = types[i];
  for (int i = 0; i < 3; ++i)
    operands[i] = copyOf(s, mlirOperationGetOperand(op, i), 0);
  int n = (int)mlirOperationGetNumResults(op);
  for (int k = 0; k < n; ++k)
    for (int p = 0; p < s->num_devices; ++p)
      operands[3 + k * s->num_devices + p] =
          copyOf(s, mlirOperationGetOperand(op, 3 + k), p);
  MlirRegion region = mlirRegionCreate();
  MlirBlock block = mlirBlockCreate(num_results + 1, arg_types, locs);
  mlirRegionAppendOwnedBlock(region, block);
  MlirOperationState st =
      mlirOperationStateGet(gspmdStr("scf.for"), mlirOperationGetLocation(op));
  mlirOperationStateAddOperands(&st, 3 + num_results, operands);
  mlirOperationStateAddResults(&st, num_results, types);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  MlirOperation loop = gspmdBuildInsert(b, &st);
  setAllCopies(s, iv, mlirBlockGetArgument(block, 0));
  for (int k = 0; k < n; ++k)
    for (int p = 0; p < s->num_devices; ++p)
      setCopy(s, mlirBlockGetArgument(body, 1 + k), p,
              mlirBlockGetArgument(block, 1 + k * s->num_devices + p));
  GspmdBuilder inner = {s->ctx, block, {NULL}, mlirOperationGetLocation(op)};
  processOps(s, body, &inner);
  copyTerminator(s, mlirBlockGetTerminator(body), block, "scf.yield");
  mapCopiedResults(s, op, loop);
}

static void processIf(Sim *s, GspmdBuilder *b, MlirOperation op) {
  if (!operandsSameOnAll(s, op, 0, 1)) {
    fail(s, op, "the condition depends on the device; cannot simulate");
    return;
  }
  int num_results;
  MlirType *types = copiedResultTypes(s, op, &num_results);
  MlirRegion regions[2];
  MlirBlock blocks[2];
  for (int r = 0; r < 2; ++r) {
    regions[r] = mlirRegionCreate();
    MlirBlock src = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
    blocks[r] = (MlirBlock){NULL};
    if (mlirBlockIsNull(src))
      continue;
    blocks[r] = mlirBlockCreate(0, NULL, NULL);
    mlirRegionAppendOwnedBlock(regions[r], blocks[r]);
  }
  MlirOperationState st =
      mlirOperationStateGet(gspmdStr("scf.if"), mlirOperationGetLocation(op));
  MlirValue cond = copyOf(s, mlirOperationGetOperand(op, 0), 0);
  mlirOperationStateAddOperands(&st, 1, &cond);
  mlirOperationStateAddResults(&st, num_results, types);
  mlirOperationStateAddOwnedRegions(&st, 2, regions);
  MlirOperation branch = gspmdBuildInsert(b, &st);
  for (int r = 0; r < 2; ++r) {
    MlirBlock src = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
    if (mlirBlockIsNull(src))
      continue;
    MlirBlock dest = mlirRegionGetFirstBlock(mlirOperationGetRegion(branch, r));
    GspmdBuilder inner = {s->ctx, dest, {NULL}, mlirOperationGetLocation(op)};
    processOps(s, src, &inner);
    copyTerminator(s, mlirBlockGetTerminator(src), dest, "scf.yield");
  }
  mapCopiedResults(s, op, branch);
}

/* Every op of `block` but its terminator, at b. */
static void processOps(Sim *s, MlirBlock block, GspmdBuilder *b) {
  MlirOperation end = mlirBlockGetTerminator(block);
  for (MlirOperation op = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(op) && !mlirOperationEqual(op, end) && !s->failed;
       op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef name = gspmdOpName(op);
    if (gspmdStringRefEq(name, "gspmd.axis_index")) {
      int axes[GSPMD_MAX_MESH_AXES];
      int n = gspmdReadMeshAxes(
          mlirOperationGetAttributeByName(op, gspmdStr("axes")), &s->mesh,
          axes);
      for (int p = 0; p < s->num_devices; ++p)
        setCopy(s, mlirOperationGetResult(op, 0), p,
                gspmdBuildIndex(b, groupRank(s, p, axes, n)));
    } else if (isCollective(name)) {
      processCollective(s, b, op);
    } else if (gspmdStringRefEq(name, "scf.for")) {
      processFor(s, b, op);
    } else if (gspmdStringRefEq(name, "scf.if")) {
      processIf(s, b, op);
    } else if (gspmdStringRefEq(name, "gspmd.partition_id") ||
               gspmdStringRefEq(name, "gspmd.halo_exchange") ||
               gspmdStringRefEq(name, "scf.while")) {
      fail(s, op, "this op in a manual region cannot be simulated");
    } else {
      processPlain(s, b, op);
    }
  }
}

/*===-- Boundary ----------------------------------------------------------===*/

/* Device p's manual shard of `global` (zero padded to the shard size). */
static MlirValue shardOf(Sim *s, GspmdBuilder *b, MlirValue global,
                         const GspmdSharding *manual, int p) {
  int rank = rankOf(global);
  int64_t offsets[GSPMD_MAX_RANK], valid[GSPMD_MAX_RANK], high[GSPMD_MAX_RANK];
  bool padded = false;
  for (int d = 0; d < rank; ++d) {
    int64_t size = dimOf(global, d);
    int64_t shard = gspmdShardSize(&s->mesh, manual, d, size);
    offsets[d] = gspmdShardOffset(&s->mesh, manual, d, size, deviceId(s, p));
    valid[d] = gspmdShardValidSize(&s->mesh, manual, d, size, deviceId(s, p));
    if (valid[d] == 0) /* an empty tail shard: a slice of nothing */
      offsets[d] = 0;
    high[d] = shard - valid[d];
    padded |= high[d] > 0;
  }
  MlirValue x = gspmdBuildExtractSlice(b, global, offsets, NULL, valid);
  if (!padded)
    return x;
  MlirType element = mlirShapedTypeGetElementType(mlirValueGetType(global));
  return gspmdBuildPadHigh(b, x, high,
                           gspmdBuildIdentity(b, element, GSPMD_REDUCTION_SUM));
}

/* The global result from the devices' copies of `local`: each device at
 * coordinate 0 of the manual axes `manual` leaves unused writes its valid
 * part at its offsets. */
static MlirValue assemble(Sim *s, GspmdBuilder *b, MlirValue local,
                          MlirType global, const GspmdSharding *manual) {
  MlirValue acc = gspmdBuildIdentityTensor(b, global, GSPMD_REDUCTION_SUM);
  int rank = (int)mlirShapedTypeGetRank(global);
  for (int p = 0; p < s->num_devices; ++p) {
    bool copy_holder = true;
    for (int a = 0; a < s->mesh.num_axes; ++a)
      if (((s->mask >> a) & 1u) && !gspmdShardingUsesAxis(manual, a) &&
          s->coords[p][a] != 0)
        copy_holder = false;
    if (!copy_holder)
      continue;
    int64_t offsets[GSPMD_MAX_RANK], valid[GSPMD_MAX_RANK],
        zeros[GSPMD_MAX_RANK];
    bool empty = false, whole = true;
    for (int d = 0; d < rank; ++d) {
      int64_t size = mlirShapedTypeGetDimSize(global, d);
      offsets[d] = gspmdShardOffset(&s->mesh, manual, d, size, deviceId(s, p));
      valid[d] = gspmdShardValidSize(&s->mesh, manual, d, size, deviceId(s, p));
      zeros[d] = 0;
      empty |= valid[d] == 0;
      whole &= valid[d] == dimOf(copyOf(s, local, p), d);
    }
    if (empty)
      continue;
    MlirValue piece = copyOf(s, local, p);
    if (!whole)
      piece = gspmdBuildExtractSlice(b, piece, zeros, NULL, valid);
    acc = insertSlice(b, piece, acc, offsets);
  }
  return acc;
}

static bool readShardings(Sim *s, MlirOperation op, const char *name, int i,
                          MlirType type, GspmdSharding *manual) {
  MlirAttribute attr = mlirArrayAttrGetElement(
      mlirOperationGetAttributeByName(op, gspmdStr(name)), i);
  GspmdSharding whole;
  if (!mlirTypeIsARankedTensor(type) || !mlirShapedTypeHasStaticShape(type) ||
      !gspmdShardingFromAttr(attr, &s->mesh, (int)mlirShapedTypeGetRank(type),
                             &whole)) {
    fail(s, op, "needs static shapes and readable boundary shardings");
    return false;
  }
  *manual = gspmdShardingFilterAxes(&whole, s->mask, true);
  return true;
}

static bool setUpRegion(Sim *s, MlirOperation op) {
  MlirOperation mesh_op = gspmdLookupSymbol(
      op, mlirFlatSymbolRefAttrGetValue(
              mlirOperationGetAttributeByName(op, gspmdStr("mesh"))));
  if (mlirOperationIsNull(mesh_op) ||
      !gspmdMeshFromOp(mesh_op, &s->arena, &s->mesh)) {
    fail(s, op, "cannot read the region's mesh");
    return false;
  }
  int axes[GSPMD_MAX_MESH_AXES];
  int n = gspmdReadMeshAxes(
      mlirOperationGetAttributeByName(op, gspmdStr("manual_axes")), &s->mesh,
      axes);
  if (n < 0) {
    fail(s, op, "cannot read the manual axes");
    return false;
  }
  s->mask = 0;
  for (int i = 0; i < n; ++i)
    s->mask |= 1u << axes[i];
  int64_t count = gspmdMeshAxesSize(&s->mesh, axes, n);
  if (count > SIM_MAX_DEVICES) {
    fail(s, op, "too many manual devices to simulate (at most 256)");
    return false;
  }
  s->num_devices = (int)count;
  enumerateDevices(s);
  return true;
}

static void simulateRegion(Sim *s, MlirOperation op) {
  if (!setUpRegion(s, op))
    return;
  GspmdBuilder b = gspmdBuilderBefore(op);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue x = mlirOperationGetOperand(op, i);
    GspmdSharding manual;
    if (!readShardings(s, op, "in_shardings", (int)i, mlirValueGetType(x),
                       &manual))
      return;
    for (int p = 0; p < s->num_devices; ++p)
      setCopy(s, mlirBlockGetArgument(body, i), p,
              shardOf(s, &b, x, &manual, p));
  }
  processOps(s, body, &b);
  MlirOperation yield = mlirBlockGetTerminator(body);
  for (intptr_t j = 0; j < mlirOperationGetNumResults(op) && !s->failed; ++j) {
    MlirValue r = mlirOperationGetResult(op, j);
    GspmdSharding manual;
    if (!readShardings(s, op, "out_shardings", (int)j, mlirValueGetType(r),
                       &manual))
      return;
    mlirValueReplaceAllUsesOfWith(r, assemble(s, &b,
                                              mlirOperationGetOperand(yield, j),
                                              mlirValueGetType(r), &manual));
  }
  if (!s->failed)
    mlirOperationDestroy(op);
}

static MlirWalkResult collectRegions(MlirOperation op, void *user) {
  if (gspmdStringRefEq(gspmdOpName(op), "gspmd.manual_computation")) {
    *(MlirOperation *)gspmdVecPush(user) = op;
    return MlirWalkResultSkip;
  }
  return MlirWalkResultAdvance;
}

void gspmdSimulateManualPassRun(MlirOperation module, MlirExternalPass pass,
                                void *user) {
  (void)user;
  GspmdVec regions;
  gspmdVecInit(&regions, sizeof(MlirOperation));
  mlirOperationWalk(module, collectRegions, &regions, MlirWalkPreOrder);
  bool failed = false;
  for (size_t i = 0; i < regions.size; ++i) {
    Sim s;
    memset(&s, 0, sizeof(s));
    s.ctx = mlirOperationGetContext(module);
    gspmdVecInit(&s.copies, sizeof(MlirValue));
    simulateRegion(&s, GSPMD_VEC_AT(&regions, MlirOperation, i));
    failed |= s.failed;
    gspmdVecFree(&s.copies);
    gspmdPtrMapFree(&s.slot_of);
    gspmdArenaFree(&s.arena);
  }
  gspmdVecFree(&regions);
  if (failed)
    mlirExternalPassSignalFailure(pass);
}
