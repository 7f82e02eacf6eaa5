/*
 * CommReport.c - gspmd-comm-report: what a partitioned program communicates.
 *
 * Prints on stdout, one line per collective op (all_reduce, all_gather,
 * reduce_scatter, all_to_all, collective_permute, halo_exchange), in IR
 * order: its function, kind, mesh and axes, group size, the bytes of its
 * local input and the bytes each device sends and receives, from the one
 * cost model of the project (gspmdCollectiveBytesSent, lib/Sharding/cost.c:
 * bandwidth-optimal ring algorithms; received equals sent). A halo exchange
 * counts as a permute of its halo rows. Then one total line per kind and an
 * overall total.
 *
 * An op inside scf.for loops with constant bounds is multiplied by their trip
 * counts (`x8 (loop trip count)`); inside any other loop (scf.for with
 * dynamic bounds, scf.while) it says `per iteration (trip count unknown)`
 * and counts once in the totals. Ops in a function called several times are
 * counted once per op, not per call. The module is not changed.
 *
 * Assumes shardings and collectives refer to gspmd.mesh ops of the module;
 * ops on dynamic shapes are printed with their bytes as unknown.
 */
#include "gspmd/passes.h"
#include "gspmd/support.h"

#include "gspmd-c/Dialect.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <string.h>

enum { KIND_HALO = 5, NUM_KINDS = 6 };

static const char *const kKindNames[NUM_KINDS] = {
    "all_reduce", "all_gather",         "reduce_scatter",
    "all_to_all", "collective_permute", "halo_exchange"};

/* The cost model's kind for each reported kind (a halo is a permute). */
static const GspmdCollectiveKind kModelKinds[NUM_KINDS] = {
    GSPMD_COLLECTIVE_ALL_REDUCE,     GSPMD_COLLECTIVE_ALL_GATHER,
    GSPMD_COLLECTIVE_REDUCE_SCATTER, GSPMD_COLLECTIVE_ALL_TO_ALL,
    GSPMD_COLLECTIVE_PERMUTE,        GSPMD_COLLECTIVE_PERMUTE};

typedef struct Totals {
  int64_t ops, calls, sent, received;
} Totals;

typedef struct Report {
  MlirOperation module;
  GspmdArena arena;
  Totals kinds[NUM_KINDS];
  Totals all;
  bool unknown_trips; /* some op sits in a loop of unknown trip count */
} Report;

static void printToFile(MlirStringRef s, void *user) {
  fwrite(s.data, 1, s.length, (FILE *)user);
}

/*===-- Sizes -------------------------------------------------------------===*/

/* Bytes of one element as the runtime stores it (i1 takes a byte). */
static int64_t elementBytes(MlirType t) {
  if (mlirTypeIsAInteger(t))
    return (mlirIntegerTypeGetWidth(t) + 7) / 8;
  if (mlirTypeIsAFloat(t))
    return (mlirFloatTypeGetWidth(t) + 7) / 8;
  if (mlirTypeIsAIndex(t))
    return 8;
  return -1;
}

/* Bytes of a static tensor, or -1. */
static int64_t tensorBytes(MlirType t) {
  if (!mlirTypeIsARankedTensor(t) || !mlirShapedTypeHasStaticShape(t))
    return -1;
  int64_t bytes = elementBytes(mlirShapedTypeGetElementType(t));
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(t) && bytes >= 0; ++d)
    bytes *= mlirShapedTypeGetDimSize(t, d);
  return bytes;
}

/* Product of the trip counts of the loops around op; -1 when one is not
 * static. */
static int64_t tripCount(MlirOperation op) {
  int64_t total = 1;
  for (MlirOperation p = mlirOperationGetParentOperation(op);
       !mlirOperationIsNull(p); p = mlirOperationGetParentOperation(p)) {
    MlirStringRef name = gspmdOpName(p);
    if (gspmdStringRefEq(name, "scf.while"))
      return -1;
    if (!gspmdStringRefEq(name, "scf.for"))
      continue;
    int64_t trips = gspmdForTripCount(p);
    if (trips < 0)
      return -1;
    total *= trips;
  }
  return total;
}

static bool inLoop(MlirOperation op) {
  for (MlirOperation p = mlirOperationGetParentOperation(op);
       !mlirOperationIsNull(p); p = mlirOperationGetParentOperation(p))
    if (gspmdStringRefEq(gspmdOpName(p), "scf.for") ||
        gspmdStringRefEq(gspmdOpName(p), "scf.while"))
      return true;
  return false;
}

/*===-- One op ------------------------------------------------------------===*/

/* Reads the op's mesh and axes: prints ` on @mesh ["a", "b"]` and returns
 * the group size (product of the axes' sizes), or -1 if the mesh is
 * unknown. */
static int64_t printGroup(Report *r, MlirOperation op) {
  MlirAttribute mesh_ref =
      mlirOperationGetAttributeByName(op, gspmdStr("mesh"));
  MlirAttribute axes = mlirOperationGetAttributeByName(op, gspmdStr("axes"));
  MlirStringRef mesh_name = mlirFlatSymbolRefAttrGetValue(mesh_ref);
  printf(" on @%.*s ", (int)mesh_name.length, mesh_name.data);
  mlirAttributePrint(axes, printToFile, stdout);
  MlirAttribute target =
      mlirOperationGetAttributeByName(op, gspmdStr("target_axes"));
  if (!mlirAttributeIsNull(target)) {
    printf(" to ");
    mlirAttributePrint(target, printToFile, stdout);
  }
  MlirOperation mesh_op = gspmdMeshLookup(r->module, mesh_name);
  GspmdMesh mesh;
  if (mlirOperationIsNull(mesh_op) ||
      !gspmdMeshFromOp(mesh_op, &r->arena, &mesh))
    return -1;
  int ax[GSPMD_MAX_MESH_AXES];
  int n = gspmdReadMeshAxes(axes, &mesh, ax);
  return n < 0 ? -1 : gspmdMeshAxesSize(&mesh, ax, n);
}

/* Bytes a halo exchange moves: its halo rows along dim. */
static int64_t haloBytes(MlirOperation op, int64_t input_bytes) {
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, 0));
  int64_t dim = mlirIntegerAttrGetValueInt(
      mlirOperationGetAttributeByName(op, gspmdStr("dim")));
  MlirAttribute halo = mlirOperationGetAttributeByName(op, gspmdStr("halo"));
  int64_t size = mlirShapedTypeGetDimSize(t, dim);
  int64_t rows = mlirDenseI64ArrayGetElement(halo, 0) +
                 mlirDenseI64ArrayGetElement(halo, 1);
  return size > 0 ? input_bytes / size * rows : 0;
}

static void reportOp(Report *r, MlirOperation op, int kind) {
  MlirOperation func = mlirOperationGetParentOperation(op);
  while (!mlirOperationIsNull(func) &&
         !gspmdStringRefEq(gspmdOpName(func), "func.func"))
    func = mlirOperationGetParentOperation(func);
  MlirStringRef fname =
      mlirOperationIsNull(func)
          ? gspmdStr("?")
          : mlirStringAttrGetValue(
                mlirOperationGetAttributeByName(func, gspmdStr("sym_name")));
  printf("@%.*s: %s", (int)fname.length, fname.data, kKindNames[kind]);
  int64_t group = printGroup(r, op);
  MlirType in_type = mlirValueGetType(mlirOperationGetOperand(op, 0));
  int64_t in_bytes = tensorBytes(in_type);
  printf(" group %lld: in ", (long long)group);
  mlirTypePrint(in_type, printToFile, stdout);
  int64_t trips = tripCount(op);
  Totals *k = &r->kinds[kind];
  k->ops += 1;
  r->all.ops += 1;
  k->calls += trips < 0 ? 1 : trips;
  r->all.calls += trips < 0 ? 1 : trips;
  if (in_bytes < 0 || group < 0) {
    printf(" ? B, sent ? B, received ? B");
  } else {
    int64_t moved = kind == KIND_HALO ? haloBytes(op, in_bytes) : in_bytes;
    int64_t sent = gspmdCollectiveBytesSent(kModelKinds[kind], moved, group);
    int64_t total = sent * (trips < 0 ? 1 : trips);
    printf(" %lld B, sent %lld B, received %lld B", (long long)in_bytes,
           (long long)sent, (long long)sent);
    k->sent += total;
    k->received += total;
    r->all.sent += total;
    r->all.received += total;
  }
  if (trips < 0) {
    printf(", per iteration (trip count unknown)");
    r->unknown_trips = true;
  } else if (inLoop(op)) {
    printf(", x%lld (loop trip count)", (long long)trips);
  }
  printf("\n");
}

static int kindOf(MlirOperation op) {
  MlirStringRef name = gspmdOpName(op);
  for (int k = 0; k < NUM_KINDS; ++k) {
    char full[64];
    snprintf(full, sizeof(full), "gspmd.%s", kKindNames[k]);
    if (gspmdStringRefEq(name, full))
      return k;
  }
  return -1;
}

static MlirWalkResult visit(MlirOperation op, void *user) {
  int kind = kindOf(op);
  if (kind >= 0)
    reportOp(user, op, kind);
  return MlirWalkResultAdvance;
}

static void printTotals(const char *what, const Totals *t) {
  printf("total%s%s: %lld op%s, %lld call%s, sent %lld B, received %lld B\n",
         what[0] ? " " : "", what, (long long)t->ops, t->ops == 1 ? "" : "s",
         (long long)t->calls, t->calls == 1 ? "" : "s", (long long)t->sent,
         (long long)t->received);
}

void gspmdCommReportPassRun(MlirOperation module, MlirExternalPass pass,
                            void *user) {
  (void)pass;
  (void)user;
  Report r;
  memset(&r, 0, sizeof(r));
  r.module = module;
  printf("gspmd-comm-report: bytes per device (ring model, "
         "gspmdCollectiveBytesSent)\n");
  mlirOperationWalk(module, visit, &r, MlirWalkPreOrder);
  for (int k = 0; k < NUM_KINDS; ++k)
    if (r.kinds[k].ops)
      printTotals(kKindNames[k], &r.kinds[k]);
  printTotals("", &r.all);
  if (r.unknown_trips)
    printf("note: ops in loops of unknown trip count are counted once\n");
  fflush(stdout);
  gspmdArenaFree(&r.arena);
}
