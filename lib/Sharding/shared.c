/*
 * lib/Sharding/shared.c - reshards of one value that share their steps
 * (gspmd/sharding.h, "Shared reshards").
 *
 * The partitioner emits a value's reshard once and keeps every layout it
 * passes through, so a later use of the value may start from any of them:
 * a second use of a value gathered for the first slices the gathered copy
 * instead of moving it again. Which use goes first then decides what the
 * others can reuse. An all_to_all that is cheapest for one use alone leaves
 * nothing the others can share, where one all_gather serving them all moves
 * less in total; so a value's uses are planned together: each target is
 * tried as the first (the hub the others reuse), the rest follow in order,
 * each from the cheapest layout reached so far. Costs are gspmdPlanReshard's
 * (the ring model of gspmdCollectiveBytesSent), like every cost here.
 *
 * A layout counts as reached once the step that made it has combined every
 * pending partial sum; the source itself only when it has none.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* Layouts kept as sources: enough for every target's few steps. */
#define MAX_REACHED 12

typedef struct Reached {
  GspmdSharding layouts[MAX_REACHED];
  int num;
} Reached;

static bool plannedFrom(const GspmdMesh *mesh, const GspmdSharding *from,
                        const int *partial_axes, int num_partial,
                        GspmdReduction reduce, const GspmdSharding *to,
                        const int64_t *shape, int64_t element_bytes,
                        GspmdReshardPlan *plan, char *err, size_t err_size) {
  if (!num_partial && gspmdShardingEqual(from, to)) {
    plan->num_steps = 0;
    plan->bytes_sent = 0;
    return true;
  }
  return gspmdPlanReshard(mesh, from, partial_axes, num_partial, reduce, mesh,
                          to, shape, element_bytes, plan, err, err_size);
}

static bool cheaperPlan(const GspmdReshardPlan *a, const GspmdReshardPlan *b) {
  if (a->bytes_sent != b->bytes_sent)
    return a->bytes_sent < b->bytes_sent;
  return a->num_steps < b->num_steps;
}

bool gspmdPlanReshardFromAny(const GspmdMesh *mesh,
                             const GspmdSharding *sources, int num_sources,
                             const int *partial_axes, int num_partial,
                             GspmdReduction reduce, const GspmdSharding *to,
                             const int64_t *shape, int64_t element_bytes,
                             GspmdReshardPlan *plan, int *source, char *err,
                             size_t err_size) {
  if (num_sources < 1 || !sources || !plan || !source)
    return gspmdFail(err, err_size, "cannot reshard: no source layout");
  GspmdReshardPlan *trial = malloc(sizeof(*trial));
  if (!trial)
    return gspmdFail(err, err_size, "cannot reshard: out of memory");
  *source = -1;
  for (int i = 0; i < num_sources; ++i) {
    int np = i == 0 ? num_partial : 0;
    if (!plannedFrom(mesh, &sources[i], partial_axes, np, reduce, to, shape,
                     element_bytes, trial, err, err_size)) {
      if (i == 0)
        break; /* the value itself must be plannable */
      continue;
    }
    if (*source < 0 || cheaperPlan(trial, plan)) {
      gspmdCopyPlan(plan, trial);
      *source = i;
    }
  }
  free(trial);
  return *source >= 0;
}

/* Appends the new layouts the plan reaches once its partial sums are
 * combined (slot 0, the value itself, is one only without partial sums). */
static void addReached(Reached *r, const GspmdReshardPlan *plan,
                       int num_partial, bool source_partial) {
  int pending = num_partial;
  for (int i = 0; i < plan->num_steps && r->num < MAX_REACHED; ++i) {
    const GspmdReshardStep *step = &plan->steps[i];
    if (step->kind == GSPMD_STEP_ALL_REDUCE ||
        step->kind == GSPMD_STEP_REDUCE_SCATTER)
      pending -= step->num_axes;
    bool seen = false;
    for (int k = source_partial ? 1 : 0; k < r->num && !seen; ++k)
      seen = gspmdShardingEqual(&r->layouts[k], &step->after);
    if (pending <= 0 && !seen)
      r->layouts[r->num++] = step->after;
  }
}

/* Bytes of the targets in `order`, each from the cheapest layout reached. */
static bool orderBytes(const GspmdMesh *mesh, const GspmdSharding *from,
                       const int *partial_axes, int num_partial,
                       GspmdReduction reduce, const GspmdSharding *targets,
                       const int *order, int num_targets, const int64_t *shape,
                       int64_t element_bytes, Reached *r,
                       GspmdReshardPlan *plan, int64_t *bytes, char *err,
                       size_t err_size) {
  /* Slot 0 is the value itself, with its partial sums. */
  r->layouts[0] = *from;
  r->num = 1;
  *bytes = 0;
  for (int k = 0; k < num_targets; ++k) {
    int source;
    if (!gspmdPlanReshardFromAny(mesh, r->layouts, r->num, partial_axes,
                                 num_partial, reduce, &targets[order[k]], shape,
                                 element_bytes, plan, &source, err, err_size))
      return false;
    *bytes += plan->bytes_sent;
    addReached(r, plan, source == 0 ? num_partial : 0, num_partial > 0);
  }
  return true;
}

bool gspmdPlanReshardShared(const GspmdMesh *mesh, const GspmdSharding *from,
                            const int *partial_axes, int num_partial,
                            GspmdReduction reduce, const GspmdSharding *targets,
                            int num_targets, const int64_t *shape,
                            int64_t element_bytes, int64_t *bytes, int *first,
                            char *err, size_t err_size) {
  if (num_targets < 1 || num_targets > GSPMD_MAX_SHARED_TARGETS || !targets ||
      !bytes || !first)
    return gspmdFail(err, err_size,
                     "cannot reshard: between 1 and %d shared targets",
                     GSPMD_MAX_SHARED_TARGETS);
  Reached *r = malloc(sizeof(*r));
  GspmdReshardPlan *plan = malloc(sizeof(*plan));
  bool ok = r && plan;
  if (!ok)
    gspmdFail(err, err_size, "cannot reshard: out of memory");
  *first = -1;
  for (int hub = 0; ok && hub < num_targets; ++hub) {
    int order[GSPMD_MAX_SHARED_TARGETS], n = 0;
    order[n++] = hub;
    for (int k = 0; k < num_targets; ++k)
      if (k != hub)
        order[n++] = k;
    int64_t total;
    ok = orderBytes(mesh, from, partial_axes, num_partial, reduce, targets,
                    order, num_targets, shape, element_bytes, r, plan, &total,
                    err, err_size);
    /* Ties go to the earlier target: the use being partitioned first. */
    if (ok && (*first < 0 || total < *bytes)) {
      *bytes = total;
      *first = hub;
    }
  }
  free(r);
  free(plan);
  return ok;
}
