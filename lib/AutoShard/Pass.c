/*
 * Pass.c - gspmd-auto-shard{budget=BYTES objective=bytes explain=BOOL}:
 * chooses every sharding of the entry function by an exact integer program
 * (autoshard.h, docs/auto-shard.md) and writes it back as gspmd.sharding
 * annotations for gspmd-complete and gspmd-partition.
 *
 * budget: bytes per device (0: the module's gspmd.memory_budget, else no
 * limit). objective: bytes, the bytes each device sends (the partitioner's
 * cost model), or time, those bytes each weighted by the bandwidth of the
 * slowest mesh axis its collective crosses, from axes-bandwidth (every
 * axis's bytes per second: "data:1e10,model:1e11"). repeat (default true):
 * a run of repeated segments (layers) is solved once (Repeat.c); false
 * solves every node apart. reduce (default true): dominated strategies
 * are fixed out (Reduce.c); false keeps them, to check that the plan's
 * bytes do not change. shared-reshards (default true): a value read by
 * several uses in one layout is resharded once (Share.c); false charges
 * each use its own reshard; after charges each use in the search, then
 * costs and writes the plan with them (as when their LP runs out of time).
 * uneven-splits (default false): true makes splits that pad the last shards
 * strategies too (Formulate.c), a larger program where dims are odd. time-limit
 * (default 60): seconds from the pass's start to the end of its search, every
 * phase included; at it the best plan found is written, not proven (the LP
 * relaxation that gives the start plan is solved whatever the time; Solve.c).
 * search (default exact): start writes the start plan (Start.c) without CBC's
 * search, for programs too large to search; its certificate still gives the LP
 * bound. Bad input (no mesh, no single entry, annotations off the mesh) and a
 * budget no strategy meets are errors: the pass fails, with the smallest budget
 * that can be met.
 */
#include "autoshard.h"

#include "gspmd/passes.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct AutoShardOptions {
  int64_t budget;
  int objective; /* 0: bytes, 1: time */
  char axes_bandwidth[512];
  bool explain;
  bool repeat;
  bool reduce;
  int share; /* 0: false, 1: true, 2: after (the search without them) */
  bool uneven;
  int64_t time_limit;
  int search; /* 0: exact, 1: start */
} AutoShardOptions;

static const GspmdOptionSpec kAutoShardOptions[] = {
    GSPMD_OPTION(AutoShardOptions, budget, "budget", GSPMD_OPTION_INT,
                 "<bytes>", "a number of bytes"),
    GSPMD_OPTION(AutoShardOptions, objective, "objective", GSPMD_OPTION_CHOICE,
                 "bytes|time", NULL),
    GSPMD_OPTION(AutoShardOptions, axes_bandwidth, "axes-bandwidth",
                 GSPMD_OPTION_STRING, "AXIS:BYTES_PER_SECOND,...", NULL),
    GSPMD_OPTION(AutoShardOptions, explain, "explain", GSPMD_OPTION_BOOL,
                 "<bool>", NULL),
    GSPMD_OPTION(AutoShardOptions, repeat, "repeat", GSPMD_OPTION_BOOL,
                 "<bool>", NULL),
    GSPMD_OPTION(AutoShardOptions, reduce, "reduce", GSPMD_OPTION_BOOL,
                 "<bool>", NULL),
    GSPMD_OPTION(AutoShardOptions, share, "shared-reshards",
                 GSPMD_OPTION_CHOICE, "false|true|after", NULL),
    GSPMD_OPTION(AutoShardOptions, uneven, "uneven-splits", GSPMD_OPTION_BOOL,
                 "<bool>", NULL),
    GSPMD_OPTION(AutoShardOptions, time_limit, "time-limit", GSPMD_OPTION_INT,
                 "<seconds>", "a number of seconds"),
    GSPMD_OPTION(AutoShardOptions, search, "search", GSPMD_OPTION_CHOICE,
                 "exact|start", NULL),
};
static const AutoShardOptions kAutoShardDefaults = {
    .repeat = true, .reduce = true, .share = 1, .time_limit = 60};
const GspmdPassOptions gspmdAutoShardOptions = {
    kAutoShardOptions, 10, sizeof(AutoShardOptions), &kAutoShardDefaults};

static int64_t budgetOf(MlirOperation module, const AutoShardOptions *o) {
  if (o->budget > 0)
    return o->budget;
  MlirAttribute a = mlirOperationGetDiscardableAttributeByName(
      module, gspmdStr("gspmd.memory_budget"));
  return !mlirAttributeIsNull(a) && mlirAttributeIsAInteger(a)
             ? mlirIntegerAttrGetValueInt(a)
             : 0;
}

static bool findEntry(MlirOperation module, MlirOperation *entry) {
  char names[256] = "", text[512];
  if (gspmdFindEntry(module, NULL, entry, names, sizeof(names)) ==
      GSPMD_ENTRY_FOUND)
    return true;
  snprintf(text, sizeof(text),
           "gspmd-auto-shard: needs one public function with a body to "
           "shard (found: %s)",
           names[0] ? names : "none");
  mlirEmitError(mlirOperationGetLocation(module), text);
  return false;
}

/* A budget below the smallest peak cannot be met; at or above it, the
 * solver ran out of time before finding a plan (say so, never that none
 * fits). */
static void reportInfeasible(const AsProblem *p, const AsSolution *sol) {
  char text[512];
  if (sol->min_budget > p->budget)
    snprintf(text, sizeof(text),
             "gspmd-auto-shard: no choice of shardings fits the budget of "
             "%lld B per device; the smallest budget that can be met is "
             "%lld B",
             (long long)p->budget, (long long)sol->min_budget);
  else
    snprintf(text, sizeof(text),
             "gspmd-auto-shard: the solver found no choice of shardings%s "
             "within its time limit",
             p->budget > 0 ? " within the budget" : "");
  mlirEmitError(mlirOperationGetLocation(p->func), text);
}

static bool badBandwidth(MlirOperation module, const char *why,
                         const char *at) {
  char text[512];
  snprintf(text, sizeof(text), "gspmd-auto-shard: axes-bandwidth: %s%s%s", why,
           at ? ": " : "", at ? at : "");
  mlirEmitError(mlirOperationGetLocation(module), text);
  return false;
}

/* The objective, with axes-bandwidth's "AXIS:BYTES_PER_SECOND,..." read
 * into it; false after a diagnostic. The axes are checked against the mesh
 * by asFormulate. */
static bool readObjective(MlirOperation module, const AutoShardOptions *o,
                          AsObjective *out) {
  memset(out, 0, sizeof(*out));
  out->time = o->objective == 1;
  const char *at = o->axes_bandwidth;
  if (!*at)
    return true;
  if (!out->time)
    return badBandwidth(module, "is read by objective=time only", NULL);
  while (*at) {
    const char *colon = strchr(at, ':');
    size_t len = colon ? (size_t)(colon - at) : 0;
    if (!colon || !len || len >= sizeof(out->axes[0].name))
      return badBandwidth(module, "expected AXIS:BYTES_PER_SECOND", at);
    if (out->num_axes == GSPMD_MAX_MESH_AXES)
      return badBandwidth(module, "more axes than a mesh has", at);
    AsAxisBandwidth *axis = &out->axes[out->num_axes++];
    memcpy(axis->name, at, len);
    axis->name[len] = 0;
    char *end = NULL;
    axis->bytes_per_second = strtod(colon + 1, &end);
    if (end == colon + 1 || (*end && *end != ',') ||
        !(axis->bytes_per_second > 0) || isinf(axis->bytes_per_second))
      return badBandwidth(module,
                          "expected a positive number of bytes per "
                          "second",
                          colon + 1);
    at = *end ? end + 1 : end;
  }
  return true;
}

static double timeLimit(const AutoShardOptions *o) {
  return o->time_limit > 0 ? (double)o->time_limit : 60.0;
}

/* begin: when the pass started (asNow()); the search stops time-limit
 * seconds after it, whatever its phases. */
static void configure(AsProblem *p, MlirOperation module,
                      const AutoShardOptions *o, double begin) {
  p->budget = budgetOf(module, o);
  p->keep_dominated = !o->reduce;
  p->deadline = begin + timeLimit(o);
  p->start_only = o->search == 1;
  if (o->share == 0)
    asDropShares(p), p->shares_dropped = false;
  else if (o->share == 2)
    asDropShares(p), p->shares_after = true;
}

/* With uneven splits the program is larger, and within the time limit a
 * search from its own start can end above the best plan of even splits
 * only (a ViT's 17 tokens: bench/RESULTS.md). So where uneven splits add
 * strategies, the program of even splits is solved first, within half of
 * the time limit, and its plan is p's hint (Solve.c starts from it when it
 * costs less than its own start): the plan written is never above it. */
static void evenHint(AsProblem *p, MlirOperation module, MlirOperation entry,
                     const AsObjective *objective, const AutoShardOptions *o,
                     double begin) {
  AsProblem even;
  AsSolution sol;
  /* No diagnostic is new here: what this formulation fails on failed p's
   * (leaving every factor unsplit is a strategy with or without uneven
   * splits). */
  bool ok = asFormulate(&even, module, entry, objective, false);
  if (ok && asNumStrategies(&even) < asNumStrategies(p)) {
    configure(&even, module, o, begin);
    even.deadline = begin + timeLimit(o) / 2;
    ok = o->repeat ? asSolveRepeated(&even, &sol) : asSolve(&even, &sol);
    if (ok)
      asHintFrom(p, &even);
    p->hint_seconds = ok ? sol.seconds : 0;
  }
  asProblemFree(&even);
}

static bool autoShard(MlirOperation module, const AutoShardOptions *o) {
  MlirOperation entry;
  AsObjective objective;
  if (!readObjective(module, o, &objective) || !findEntry(module, &entry))
    return false;
  double begin = asNow();
  AsProblem p;
  bool ok = asFormulate(&p, module, entry, &objective, o->uneven);
  AsSolution sol;
  if (ok) {
    configure(&p, module, o, begin);
    if (o->uneven && !p.start_only)
      evenHint(&p, module, entry, &objective, o, begin);
    ok = o->repeat ? asSolveRepeated(&p, &sol) : asSolve(&p, &sol);
    if (!ok)
      reportInfeasible(&p, &sol);
    else
      asCostWithShares(&p, &sol);
  }
  if (ok) {
    if (o->explain)
      asExplain(&p);
    asWriteBack(&p);
    asWriteSharedCopies(&p);
    asWriteReplanned(&p);
    asCertificate(&p, &sol);
  }
  asProblemFree(&p);
  return ok;
}

void gspmdAutoShardPassRun(MlirOperation module, MlirExternalPass pass,
                           void *user) {
  if (!autoShard(module, user))
    mlirExternalPassSignalFailure(pass);
}
