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
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <string.h>

enum { KIND_HALO = 5, NUM_KINDS = 6 };

static const char *const kKindNames[NUM_KINDS] = {
    "all_reduce", "all_gather",         "reduce_scatter",
    "all_to_all", "collective_permute", "halo_exchange"};

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

/* Prints ` on @mesh ["a", "b"]` (and ` to [...]` for a permute of axes). */
static void printGroup(MlirOperation op) {
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
}

static void reportOp(Report *r, MlirOperation op, const GspmdCollectiveOp *c) {
  int kind = c->halo ? KIND_HALO : (int)c->kind;
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
  printGroup(op);
  MlirType in_type = mlirValueGetType(mlirOperationGetOperand(op, 0));
  printf(" group %lld: in ", (long long)c->group);
  mlirTypePrint(in_type, printToFile, stdout);
  int64_t trips = tripCount(op);
  Totals *k = &r->kinds[kind];
  k->ops += 1;
  r->all.ops += 1;
  k->calls += trips < 0 ? 1 : trips;
  r->all.calls += trips < 0 ? 1 : trips;
  if (c->input_bytes < 0 || c->group < 0) {
    printf(" ? B, sent ? B, received ? B");
  } else {
    int64_t sent = gspmdCollectiveBytesSent(c->kind, c->moved_bytes, c->group);
    int64_t total = sent * (trips < 0 ? 1 : trips);
    printf(" %lld B, sent %lld B, received %lld B", (long long)c->input_bytes,
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

static MlirWalkResult visit(MlirOperation op, void *user) {
  Report *r = user;
  GspmdCollectiveOp c;
  if (gspmdReadCollective(r->module, op, &r->arena, &c))
    reportOp(r, op, &c);
  return MlirWalkResultAdvance;
}

static MlirWalkResult sumSent(MlirOperation op, void *user) {
  Report *r = user;
  GspmdCollectiveOp c;
  if (gspmdReadCollective(r->module, op, &r->arena, &c) && c.input_bytes >= 0 &&
      c.group >= 0) {
    int64_t trips = tripCount(op);
    r->all.sent += gspmdCollectiveBytesSent(c.kind, c.moved_bytes, c.group) *
                   (trips < 0 ? 1 : trips);
  }
  return MlirWalkResultAdvance;
}

int64_t gspmdModuleBytesSent(MlirOperation module) {
  Report r;
  memset(&r, 0, sizeof(r));
  r.module = module;
  mlirOperationWalk(module, sumSent, &r, MlirWalkPreOrder);
  gspmdArenaFree(&r.arena);
  return r.all.sent;
}

/* Trials on copies drop their diagnostics. */
static MlirLogicalResult dropDiagnostic(MlirDiagnostic d, void *user) {
  (void)d;
  (void)user;
  return mlirLogicalResultSuccess();
}

int64_t gspmdTrialBytesSent(MlirModule module, MlirStringRef pipeline) {
  MlirContext ctx = mlirModuleGetContext(module);
  MlirDiagnosticHandlerID quiet =
      mlirContextAttachDiagnosticHandler(ctx, dropDiagnostic, NULL, NULL);
  bool ok = mlirLogicalResultIsSuccess(gspmdRunTrialPipeline(module, pipeline));
  mlirContextDetachDiagnosticHandler(ctx, quiet);
  return ok ? gspmdModuleBytesSent(mlirModuleGetOperation(module)) : -1;
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
