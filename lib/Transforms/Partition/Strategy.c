/*
 * Strategy.c - per-op strategies of gspmd-partition for contractions,
 * chosen by cost (GSPMD's dot handler, section 3.3 of the paper).
 *
 * A contraction's plan is an assignment of mesh axes to the factors of its
 * rule (batch, M, N, K of a matmul); the operands are resharded to the
 * plan's projection, a split reduction leaves partial sums, and the result
 * is combined and resharded to its annotation. Which plan is cheapest
 * depends on how the operands arrive: with Megatron annotations that
 * disagree, keeping the weight's split and gathering the activation may
 * move less than moving the weight, or the reverse. The candidates are
 * every greedy merge of the tensors' own splits: for each ordered subset of
 * the operands and results, the factors each tensor splits, taken in order
 * while no axis is used twice. That covers keeping one operand's layout
 * and resharding the other, resharding both to the result's factors,
 * splitting the contraction (combined by all_reduce or reduce_scatter,
 * whichever the reshard planner finds cheaper) or not, and operands split
 * on different axes of a multi-axis mesh (each axis group taken from the
 * tensor that has it: the paper's partition over one group and recurse
 * over the rest), plus no split at all. Each plan is costed by the reshard
 * planner (gspmdPlanReshard, whose step costs are gspmdCollectiveBytesSent:
 * the model the communication report prints), and the cheapest within the
 * per-device memory budget wins; the partitioner's default plan wins ties,
 * so no program moves more bytes than it did before this choice existed.
 *
 * Window factors (convolution and pool spatial dims) keep the default's
 * axes, for which the partitioner has planned halo exchanges, or are
 * unsplit (the windowed operand gathered along them); the halo bytes of
 * each plan (they shrink as batch or channel splits shrink the rows) are
 * added to its cost, so a convolution weighs its spatial split against
 * channel and batch splits. A window factor the default leaves unsplit is
 * never split by a plan (its halos are not planned).
 *
 * Assumes: the rule has operand and result tensors only, each dim made of
 * at most one factor (the partitioner only asks for such rules); operands
 * split on another mesh are not offered (they are resharded whatever the
 * plan).
 *
 * Windowed loops: under a budget, a plan that reshards an operand only by
 * gathering it along one factor (FSDP's weight gathered whole along its
 * contraction rows, or a column-split weight along its output columns) has
 * a twin that keeps the operand split and rotates its chunks around the
 * ring instead (GspmdStrategyWindow, emitted by WindowedLoop.c). The twin
 * sends the same bytes ((n-1) chunks of collective_permute against the
 * all_gather's (n-1) chunks) and holds two chunks instead of n, so ties go
 * to the gather (added first) and the loop wins only when the gather is
 * over the budget. Not built: the reduce-scatter ring (rotating partial
 * results).
 */
#include "strategy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Enumerating ordered subsets of more tensors than this takes too long for
 * what it finds; larger ops weigh single tensors and the default only. */
#define MAX_ORDERED_TENSORS 5
#define MAX_PLANS 400

typedef struct Cost {
  int64_t bytes, memory;
  bool valid;
} Cost;

typedef struct Search {
  const GspmdStrategyProblem *pb;
  GspmdFactorAxes *proj;  /* [num_tensors * num_factors] */
  GspmdFactorAxes *plans; /* [MAX_PLANS * num_factors] */
  GspmdStrategyWindow windows[MAX_PLANS];
  int num_plans;
  GspmdReshardPlan *scratch;
} Search;

static const GspmdStrategyWindow kNoWindow = {-1, -1, -1, {0, {0}}};

static int numFactors(const Search *s) { return s->pb->rule->num_factors; }

static GspmdFactorAxes *planAt(Search *s, int i) {
  return &s->plans[(size_t)i * (size_t)numFactors(s)];
}

static bool factorMaySplit(const GspmdStrategyProblem *pb, int f) {
  GspmdFactorKind kind = pb->rule->factor_kind[f];
  if (gspmdRuleFactorIsWindowed(pb->rule, f))
    return false;
  if (kind != GSPMD_FACTOR_REDUCTION)
    return true;
  return pb->reduce != GSPMD_REDUCTION_NONE;
}

/* Whether the split of factor f by `fa` is allowed (uneven reductions
 * only when masked). */
static bool splitAllowed(const GspmdStrategyProblem *pb, int f,
                         const GspmdFactorAxes *fa) {
  if (!factorMaySplit(pb, f))
    return false;
  if (pb->rule->factor_kind[f] != GSPMD_FACTOR_REDUCTION ||
      pb->uneven_reductions)
    return true;
  int64_t n = gspmdMeshAxesSize(pb->mesh, fa->axes, fa->num_axes);
  return pb->rule->factor_size[f] >= 0 && pb->rule->factor_size[f] % n == 0;
}

/* Adds plan `axes` (with windowed loop `w`) unless already there. */
static void addWindowedPlan(Search *s, const GspmdFactorAxes *axes,
                            const GspmdStrategyWindow *w) {
  int nf = numFactors(s);
  for (int i = 0; i < s->num_plans; ++i) {
    if (s->windows[i].tensor == w->tensor &&
        gspmdFactorAxesEqual(axes, planAt(s, i), nf))
      return;
  }
  if (s->num_plans >= MAX_PLANS)
    return;
  s->windows[s->num_plans] = *w;
  memcpy(planAt(s, s->num_plans++), axes, sizeof(GspmdFactorAxes) * nf);
}

static void addPlan(Search *s, const GspmdFactorAxes *axes) {
  addWindowedPlan(s, axes, &kNoWindow);
}

/* Merges tensor t's factor splits into `axes` (greedy, no axis twice). */
static void offer(Search *s, GspmdFactorAxes *axes, int t) {
  int nf = numFactors(s);
  const GspmdFactorAxes *fa = &s->proj[(size_t)t * (size_t)nf];
  for (int f = 0; f < nf; ++f) {
    if (fa[f].num_axes <= 0 || axes[f].num_axes > 0 ||
        !splitAllowed(s->pb, f, &fa[f]))
      continue;
    bool free = true;
    for (int k = 0; k < fa[f].num_axes && free; ++k)
      free = !gspmdFactorAxesUse(axes, nf, fa[f].axes[k]);
    if (free)
      axes[f] = fa[f];
  }
}

/* Every ordered subset of the tensors in `order[depth..]`, merged. */
static void enumerate(Search *s, GspmdFactorAxes *axes, bool *used, int depth,
                      const int *cands, int num_cands) {
  addPlan(s, axes);
  if (depth >= num_cands || s->num_plans >= MAX_PLANS)
    return;
  int nf = numFactors(s);
  GspmdFactorAxes *next = malloc(sizeof(GspmdFactorAxes) * (size_t)nf);
  for (int i = 0; i < num_cands; ++i) {
    if (used[i])
      continue;
    memcpy(next, axes, sizeof(GspmdFactorAxes) * (size_t)nf);
    offer(s, next, cands[i]);
    used[i] = true;
    enumerate(s, next, used, depth + 1, cands, num_cands);
    used[i] = false;
  }
  free(next);
}

static int64_t localBytes(const GspmdStrategyProblem *pb,
                          const GspmdRuleTensor *x, const GspmdSharding *l,
                          int64_t element_bytes) {
  int64_t local[GSPMD_MAX_RANK], n = element_bytes;
  gspmdLocalShape(pb->mesh, l, x->shape, local);
  for (int d = 0; d < x->rank; ++d)
    n *= local[d];
  return n;
}

/* What a reshard costs: the bytes it sends and the most bytes any step
 * holds. */
typedef struct ReshardCost {
  int64_t bytes, peak;
} ReshardCost;

/* The cost of the reshard from (with `partial` pending) to `to` of rule
 * tensor t, into *c; false when it cannot be planned. */
static bool reshardCost(Search *s, int t, const GspmdSharding *from,
                        const GspmdPartial *partial, const GspmdSharding *to,
                        ReshardCost *c) {
  const GspmdStrategyProblem *pb = s->pb;
  const GspmdRuleTensor *x = &pb->rule->tensors[t];
  int64_t element_bytes = pb->tensors[t].element_bytes;
  int64_t *bytes = &c->bytes, *peak = &c->peak;
  const GspmdStrategyTensor *st = &pb->tensors[t];
  /* Operands may also start from a layout already made (results never). */
  int num_made = gspmdRoleIsRead(x->role) ? st->num_made : 0;
  GspmdSharding sources[GSPMD_MAX_MADE_LAYOUTS + 1];
  sources[0] = *from;
  memcpy(sources + 1, st->made, sizeof(GspmdSharding) * (size_t)num_made);
  char err[200];
  int source;
  if (!gspmdPlanReshardFromAny(pb->mesh, sources, num_made + 1, partial->axes,
                               partial->num_axes, partial->reduce, to, x->shape,
                               element_bytes, s->scratch, &source, err,
                               sizeof(err)))
    return false;
  *peak = localBytes(pb, x, &sources[source], element_bytes);
  *bytes = s->scratch->bytes_sent;
  for (int i = 0; i < s->scratch->num_steps; ++i) {
    const GspmdReshardStep *step = &s->scratch->steps[i];
    int64_t b = localBytes(pb, x, &step->after, element_bytes);
    if (b > *peak)
      *peak = b;
    if (step->bytes_in > *peak) /* a padded all_to_all's padded input */
      *peak = step->bytes_in;
  }
  return true;
}

/* A result (rule tensor t) also wanted in other layouts (its also[]): the
 * bytes of reaching all of them, steps shared (gspmdPlanReshardShared),
 * into *bytes. */
static bool sharedCost(Search *s, int t, const GspmdSharding *from,
                       const GspmdPartial *partial, int64_t *bytes) {
  const GspmdRuleTensor *x = &s->pb->rule->tensors[t];
  const GspmdStrategyTensor *st = &s->pb->tensors[t];
  if (st->num_also <= 0)
    return true;
  GspmdSharding targets[GSPMD_MAX_SHARED_TARGETS];
  targets[0] = st->cur;
  memcpy(targets + 1, st->also, sizeof(GspmdSharding) * (size_t)st->num_also);
  int first;
  return gspmdPlanReshardShared(s->pb->mesh, from, partial->axes,
                                partial->num_axes, partial->reduce, targets,
                                st->num_also + 1, x->shape, st->element_bytes,
                                bytes, &first, NULL, 0);
}

/* Bytes the halo exchanges of operand x send under the plan: the rows
 * beyond its shard along each split window dim (gspmdHaloOfWindow), or the
 * pieces' rows where pieces feed the window (Halos.c), each row as many
 * bytes as the local shard has per index of that dim. */
static int64_t haloBytes(const GspmdStrategyProblem *pb,
                         const GspmdRuleTensor *x, const GspmdFactorAxes *axes,
                         const GspmdSharding *mine,
                         const GspmdStrategyTensor *st) {
  int64_t sent = 0, local[GSPMD_MAX_RANK];
  gspmdLocalShape(pb->mesh, mine, x->shape, local);
  for (int d = 0; d < x->rank; ++d) {
    if (!x->dim_window[d] || !x->window || x->dim_num_factors[d] != 1)
      continue;
    int f = x->dim_factors[d][0];
    if (axes[f].num_axes <= 0 || local[d] <= 0)
      continue;
    const GspmdWindow *w = &x->window[d];
    GspmdHalo h;
    if (!gspmdHaloOfWindow(
            x->shape[d], pb->rule->factor_size[f],
            gspmdMeshAxesSize(pb->mesh, axes[f].axes, axes[f].num_axes),
            w->stride, w->lo, w->hi, &h))
      continue;
    int64_t row = localBytes(pb, x, mine, st->element_bytes) / local[d];
    int64_t count = gspmdMeshAxesSize(pb->mesh, axes[f].axes, axes[f].num_axes);
    GspmdWindowPieces pieces;
    bool by_pieces =
        w->rebase != GSPMD_REBASE_PERIODIC_MAP &&
        gspmdWindowPiecesOf(&h, x->shape[d], count, w->stride, w->lo, &pieces);
    sent += (by_pieces ? pieces.sent : h.low + h.high) * row;
  }
  return sent;
}

/* Bytes of tensor x laid out by l with dim d's local extent `rows`. */
static int64_t bytesWithRows(const GspmdStrategyProblem *pb,
                             const GspmdRuleTensor *x, const GspmdSharding *l,
                             int d, int64_t rows, int64_t element_bytes) {
  int64_t local[GSPMD_MAX_RANK], n = element_bytes;
  gspmdLocalShape(pb->mesh, l, x->shape, local);
  local[d] = rows;
  for (int k = 0; k < x->rank; ++k)
    n *= local[k];
  return n;
}

/* Bytes the windowed loop sends and holds for its tensors: the rotated
 * operand's ring, and the slices of the other operands reading the
 * factor (GspmdStrategyWindow says what is counted). */
static void windowCost(Search *s, const GspmdFactorAxes *axes,
                       const GspmdStrategyWindow *w, int64_t *sent,
                       int64_t *held) {
  const GspmdStrategyProblem *pb = s->pb;
  const GspmdOpRule *rule = pb->rule;
  const GspmdRuleTensor *x = &rule->tensors[w->tensor];
  const GspmdStrategyTensor *st = &pb->tensors[w->tensor];
  int64_t n = gspmdMeshAxesSize(pb->mesh, w->ring.axes, w->ring.num_axes);
  int64_t size = rule->factor_size[w->factor], c = (size + n - 1) / n;
  bool uneven = size % n != 0;
  /* Only a split reduction masks its padding (a parallel factor's padded
   * rows are dropped with the result's padding). */
  bool masked =
      uneven && rule->factor_kind[w->factor] == GSPMD_FACTOR_REDUCTION;
  int64_t chunk = localBytes(pb, x, &st->cur, st->element_bytes);
  *sent =
      (n - 1) * gspmdCollectiveBytesSent(GSPMD_COLLECTIVE_PERMUTE, chunk, n);
  *held = (masked ? 3 : 2) * chunk;
  for (int t = 0; t < rule->num_tensors; ++t) {
    const GspmdRuleTensor *u = &rule->tensors[t];
    if (t == w->tensor)
      continue;
    for (int d = 0; d < u->rank; ++d) {
      if (u->dim_num_factors[d] != 1 || u->dim_factors[d][0] != w->factor)
        continue;
      GspmdSharding mine;
      gspmdProjectFromFactors(rule, t, pb->mesh, axes, &mine);
      int64_t slice =
          bytesWithRows(pb, u, &mine, d, c, pb->tensors[t].element_bytes);
      /* Operands: the slice (and its masked copy; the init's is the slice
       * of outs a step writes), results: the step's result. */
      int64_t copies = u->role == GSPMD_ROLE_RESULT ? 1 : masked ? 2 : 1;
      *held += copies * slice +
               (uneven && u->role == GSPMD_ROLE_OPERAND ? n * slice : 0);
    }
    /* An op without outs makes a reduction step's product apart from the
     * accumulator: one more local result. */
    if (pb->window_adds && u->role == GSPMD_ROLE_RESULT &&
        rule->factor_kind[w->factor] == GSPMD_FACTOR_REDUCTION) {
      GspmdSharding mine;
      gspmdProjectFromFactors(rule, t, pb->mesh, axes, &mine);
      *held += localBytes(pb, u, &mine, pb->tensors[t].element_bytes);
    }
  }
}

/* Bytes sent: the operands' reshards to the plan, then the result's
 * combine and reshard to its annotation. Bytes held: every tensor under
 * the plan, plus the largest excess of a reshard intermediate over its
 * final shard (reshards run one after another); a windowed loop's operand
 * is not resharded (windowCost). */
static Cost costOf(Search *s, const GspmdFactorAxes *axes,
                   const GspmdStrategyWindow *w) {
  const GspmdStrategyProblem *pb = s->pb;
  const GspmdOpRule *rule = pb->rule;
  Cost c = {0, 0, true};
  GspmdPartial none = {{0}, 0, pb->reduce};
  GspmdPartial partial = gspmdPartialOf(rule, axes, pb->reduce);
  int64_t excess = 0;
  for (int t = 0; t < rule->num_tensors && c.valid; ++t) {
    const GspmdRuleTensor *x = &rule->tensors[t];
    const GspmdStrategyTensor *st = &pb->tensors[t];
    GspmdSharding mine;
    gspmdProjectFromFactors(rule, t, pb->mesh, axes, &mine);
    int64_t held = localBytes(pb, x, &mine, st->element_bytes);
    ReshardCost r = {0, held};
    if (t == w->tensor) {
      windowCost(s, axes, w, &r.bytes, &held);
      r.peak = held;
    } else if (gspmdRoleIsRead(x->role) && !st->free) {
      c.valid = reshardCost(s, t, &st->cur, &none, &mine, &r);
      r.bytes /= st->hoisted_trips > 1 ? st->hoisted_trips : 1;
    } else if (x->role == GSPMD_ROLE_RESULT)
      c.valid = reshardCost(s, t, &mine, &partial, &st->cur, &r) &&
                sharedCost(s, t, &mine, &partial, &r.bytes);
    if (x->role == GSPMD_ROLE_OPERAND)
      r.bytes += haloBytes(pb, x, axes, &mine, st);
    c.bytes += r.bytes;
    c.memory += held;
    if (r.peak - held > excess)
      excess = r.peak - held;
  }
  c.memory += excess;
  return c;
}

static bool fits(const GspmdStrategyProblem *pb, const Cost *c) {
  return pb->budget <= 0 || pb->live_bytes + c->memory <= pb->budget;
}

/* The windowed twin of plan `axes` for operand t: t's layout differs from
 * the plan's only by one dim split over some axes (the ring) whose factor
 * the plan leaves unsplit (a reduction, accumulated; or a parallel factor,
 * each step writing its slice of the result), and the plan splits no
 * reduction (the loop's result is whole). */
static bool windowOf(Search *s, const GspmdFactorAxes *axes, int t,
                     GspmdStrategyWindow *w) {
  const GspmdStrategyProblem *pb = s->pb;
  const GspmdOpRule *rule = pb->rule;
  const GspmdRuleTensor *x = &rule->tensors[t];
  if (!pb->windowable || pb->reduce == GSPMD_REDUCTION_NONE ||
      x->role != GSPMD_ROLE_OPERAND || pb->tensors[t].free)
    return false;
  /* The loop plans no halo exchanges: a convolution's or pool's window
   * factors stay unsplit (its windows read the whole spatial dims). */
  for (int f = 0; f < rule->num_factors; ++f)
    if ((rule->factor_kind[f] == GSPMD_FACTOR_REDUCTION ||
         gspmdRuleFactorIsWindowed(rule, f)) &&
        axes[f].num_axes > 0)
      return false;
  const GspmdSharding *cur = &pb->tensors[t].cur;
  GspmdSharding mine;
  gspmdProjectFromFactors(rule, t, pb->mesh, axes, &mine);
  int dim = -1;
  for (int d = 0; d < x->rank; ++d) {
    if (cur->dim_num_axes[d] == mine.dim_num_axes[d] &&
        !memcmp(cur->dim_axes[d], mine.dim_axes[d],
                sizeof(int) * (size_t)cur->dim_num_axes[d]))
      continue;
    if (dim >= 0 || mine.dim_num_axes[d] != 0)
      return false;
    dim = d;
  }
  if (dim < 0 || x->dim_num_factors[dim] != 1)
    return false;
  int f = x->dim_factors[dim][0];
  if ((rule->factor_kind[f] != GSPMD_FACTOR_REDUCTION &&
       rule->factor_kind[f] != GSPMD_FACTOR_PARALLEL) ||
      gspmdRuleFactorIsWindowed(rule, f) || rule->factor_size[f] <= 0)
    return false;
  /* A parallel factor's steps write slices of the result along it. */
  for (int r = 0; r < rule->num_tensors; ++r) {
    const GspmdRuleTensor *y = &rule->tensors[r];
    bool has = false;
    for (int d = 0; d < y->rank; ++d)
      has |= y->dim_num_factors[d] == 1 && y->dim_factors[d][0] == f;
    if (y->role == GSPMD_ROLE_RESULT && !has &&
        rule->factor_kind[f] == GSPMD_FACTOR_PARALLEL)
      return false;
  }
  w->tensor = t;
  w->factor = f;
  w->dim = dim;
  w->ring.num_axes = cur->dim_num_axes[dim];
  memcpy(w->ring.axes, cur->dim_axes[dim],
         sizeof(int) * (size_t)w->ring.num_axes);
  int64_t n = gspmdMeshAxesSize(pb->mesh, w->ring.axes, w->ring.num_axes);
  return n >= 2 && (rule->factor_size[f] % n == 0 || pb->uneven_reductions ||
                    rule->factor_kind[f] == GSPMD_FACTOR_PARALLEL);
}

/* Adds the windowed twins of the plans found so far. */
static void addWindowedTwins(Search *s) {
  int found = s->num_plans;
  for (int i = 0; i < found; ++i)
    for (int t = 0; t < s->pb->rule->num_tensors; ++t) {
      GspmdStrategyWindow w;
      if (windowOf(s, planAt(s, i), t, &w))
        addWindowedPlan(s, planAt(s, i), &w);
    }
}

/* a beats b: within the budget first, then fewer bytes (fewer bytes held
 * when neither fits). */
static bool better(const GspmdStrategyProblem *pb, const Cost *a,
                   const Cost *b) {
  if (!a->valid)
    return false;
  if (!b->valid)
    return true;
  bool fa = fits(pb, a), fb = fits(pb, b);
  if (fa != fb)
    return fa;
  if (!fa)
    return a->memory < b->memory ||
           (a->memory == b->memory && a->bytes < b->bytes);
  return a->bytes < b->bytes;
}

/* Projects every tensor's layout onto the factors (s->proj) and lists in
 * cands[] the tensors whose splits a plan may take (split, and not an
 * operand made from nothing); returns how many. */
static int candidates(Search *s, int *cands, int max) {
  const GspmdStrategyProblem *pb = s->pb;
  int nf = pb->rule->num_factors, num_cands = 0;
  for (int t = 0; t < pb->rule->num_tensors; ++t) {
    gspmdProjectToFactors(pb->rule, t, pb->mesh, &pb->tensors[t].cur,
                          &s->proj[(size_t)t * (size_t)nf]);
    bool any = false;
    for (int f = 0; f < nf; ++f)
      any |= s->proj[(size_t)t * (size_t)nf + f].num_axes > 0;
    if (any &&
        !(gspmdRoleIsRead(pb->rule->tensors[t].role) && pb->tensors[t].free) &&
        num_cands < max)
      cands[num_cands++] = t;
  }
  return num_cands;
}

/* Adds the baseline, then the merges of the candidates' splits: with the
 * window factors pinned as the baseline has them, then unsplit (the
 * windowed operand gathered along them: a convolution's spatial split
 * against its channel split). */
static void addPlans(Search *s, const GspmdFactorAxes *baseline,
                     const int *cands, int num_cands) {
  const GspmdOpRule *rule = s->pb->rule;
  int nf = rule->num_factors;
  addPlan(s, baseline);
  GspmdFactorAxes *empty = calloc((size_t)nf + 1, sizeof(GspmdFactorAxes));
  for (int f = 0; f < nf; ++f)
    if (gspmdRuleFactorIsWindowed(rule, f))
      empty[f] = baseline[f];
  GspmdFactorAxes *pinned = calloc((size_t)nf + 1, sizeof(GspmdFactorAxes));
  memcpy(pinned, empty, sizeof(GspmdFactorAxes) * (size_t)nf);
  bool used[GSPMD_MAX_RANK * 4] = {false};
  for (int pass = 0; pass < 2; ++pass) {
    if (pass == 1) {
      bool any = false;
      for (int f = 0; f < nf; ++f) {
        any |= pinned[f].num_axes > 0;
        pinned[f].num_axes = 0;
      }
      if (!any)
        break;
      memcpy(empty, pinned, sizeof(GspmdFactorAxes) * (size_t)nf);
    }
    if (num_cands <= MAX_ORDERED_TENSORS) {
      enumerate(s, empty, used, 0, cands, num_cands);
      continue;
    }
    addPlan(s, empty);
    for (int i = 0; i < num_cands; ++i) {
      memcpy(empty, pinned, sizeof(GspmdFactorAxes) * (size_t)nf);
      offer(s, empty, cands[i]);
      addPlan(s, empty);
    }
  }
  free(empty);
  free(pinned);
}

/* The plans weighed and their costs, into explain (truncated). */
static void explainPlans(Search *s, const Cost *costs, int best, char *explain,
                         size_t explain_size) {
  const GspmdStrategyProblem *pb = s->pb;
  size_t len = 0;
  explain[0] = '\0';
  for (int i = 0; i < s->num_plans && len < explain_size; ++i) {
    if (!costs[i].valid)
      continue;
    len += gspmdPrintPlan(pb, planAt(s, i), &s->windows[i], explain + len,
                          explain_size - len);
    if (len >= explain_size)
      break;
    len += (size_t)snprintf(
        explain + len, explain_size - len, " %lld B, holds %lld B%s%s%s",
        (long long)costs[i].bytes, (long long)costs[i].memory,
        fits(pb, &costs[i]) ? "" : " (over budget)", i == 0 ? " (default)" : "",
        i == best ? " <- chosen" : "");
    if (len < explain_size && i + 1 < s->num_plans)
      len += (size_t)snprintf(explain + len, explain_size - len, "; ");
  }
  if (pb->budget > 0 && len < explain_size)
    snprintf(explain + len, explain_size - len,
             "; budget %lld B, %lld B live across the op",
             (long long)pb->budget, (long long)pb->live_bytes);
}

static int chooseStrategy(const GspmdStrategyProblem *pb,
                          const GspmdFactorAxes *baseline, GspmdFactorAxes *out,
                          GspmdStrategyWindow *window, char *explain,
                          size_t explain_size) {
  int nf = pb->rule->num_factors, nt = pb->rule->num_tensors;
  /* Not zeroed: plans and windows are written before they are read (the
   * two arrays are tens of kilobytes, and ops are many). */
  Search s;
  s.pb = pb;
  s.num_plans = 0;
  s.proj = calloc((size_t)(nt * nf + 1), sizeof(GspmdFactorAxes));
  s.plans = malloc(sizeof(GspmdFactorAxes) * (size_t)(MAX_PLANS * nf + 1));
  s.scratch = malloc(sizeof(GspmdReshardPlan));
  int cands[GSPMD_MAX_RANK * 4];
  int num_cands =
      candidates(&s, cands, (int)(sizeof(cands) / sizeof(cands[0])));
  addPlans(&s, baseline, cands, num_cands);
  /* Twins never send fewer bytes: they only matter under a budget. */
  if (pb->budget > 0)
    addWindowedTwins(&s);
  int best = 0;
  Cost *costs = malloc(sizeof(Cost) * (size_t)s.num_plans);
  for (int i = 0; i < s.num_plans; ++i) {
    costs[i] = costOf(&s, planAt(&s, i), &s.windows[i]);
    if (i > 0 && better(pb, &costs[i], &costs[best]))
      best = i;
  }
  if (explain && explain_size)
    explainPlans(&s, costs, best, explain, explain_size);
  memcpy(out, planAt(&s, best), sizeof(GspmdFactorAxes) * (size_t)nf);
  *window = s.windows[best];
  int weighed = s.num_plans;
  free(costs);
  free(s.proj);
  free(s.plans);
  free(s.scratch);
  return weighed;
}

/*===-- The memo: problems seen before ------------------------------------===*/

typedef struct Choice {
  GspmdFactorAxes *out; /* [num_factors] */
  GspmdStrategyWindow window;
  int weighed;
} Choice;

struct GspmdStrategyMemo {
  GspmdKeyMap index; /* problem -> choices[i] */
  GspmdVec choices;  /* Choice */
};

GspmdStrategyMemo *gspmdStrategyMemoCreate(void) {
  GspmdStrategyMemo *m = calloc(1, sizeof(*m));
  if (!m)
    abort();
  gspmdVecInit(&m->choices, sizeof(Choice));
  return m;
}

void gspmdStrategyMemoDestroy(GspmdStrategyMemo *memo) {
  if (!memo)
    return;
  for (size_t i = 0; i < memo->choices.size; ++i)
    free(GSPMD_VEC_AT(&memo->choices, Choice, i).out);
  gspmdKeyMapFree(&memo->index);
  gspmdVecFree(&memo->choices);
  free(memo);
}

#define MAX_MEMO_KEY 2048

typedef struct Key {
  uint64_t v[MAX_MEMO_KEY];
  size_t n;
  bool overflow;
} Key;

static void keyPush(Key *k, int64_t x) {
  if (k->n == MAX_MEMO_KEY)
    k->overflow = true;
  else
    k->v[k->n++] = (uint64_t)x;
}

static void keyPushSharding(Key *k, const GspmdSharding *s) {
  keyPush(k, s->rank);
  for (int d = 0; d < s->rank; ++d) {
    keyPush(k, s->dim_num_axes[d]);
    for (int i = 0; i < s->dim_num_axes[d]; ++i)
      keyPush(k, s->dim_axes[d][i]);
  }
}

/* Everything chooseStrategy reads, as words. The rule is named by its
 * shared arrays: equal pointers, equal factors and tensors (rules live for
 * the whole pass, so an address is never reused for another rule). */
static void keyOf(const GspmdStrategyProblem *pb,
                  const GspmdFactorAxes *baseline, Key *k) {
  const GspmdOpRule *rule = pb->rule;
  k->n = 0;
  k->overflow = false;
  keyPush(k, (int64_t)(intptr_t)rule->tensors);
  keyPush(k, (int64_t)(intptr_t)rule->factor_kind);
  keyPush(k, (int64_t)(intptr_t)pb->mesh);
  keyPush(k, rule->num_tensors);
  keyPush(k, rule->num_factors);
  keyPush(k, pb->reduce);
  keyPush(k, pb->uneven_reductions);
  keyPush(k, pb->budget);
  keyPush(k, pb->live_bytes);
  keyPush(k, pb->windowable);
  keyPush(k, pb->window_adds);
  for (int t = 0; t < rule->num_tensors; ++t) {
    const GspmdStrategyTensor *x = &pb->tensors[t];
    keyPushSharding(k, &x->cur);
    keyPush(k, x->free);
    keyPush(k, x->element_bytes);
    keyPush(k, x->hoisted_trips);
    keyPush(k, x->num_also);
    for (int i = 0; i < x->num_also; ++i)
      keyPushSharding(k, &x->also[i]);
    keyPush(k, x->num_made);
    for (int i = 0; i < x->num_made; ++i)
      keyPushSharding(k, &x->made[i]);
  }
  for (int f = 0; f < rule->num_factors; ++f) {
    keyPush(k, baseline[f].num_axes);
    for (int i = 0; i < baseline[f].num_axes; ++i)
      keyPush(k, baseline[f].axes[i]);
  }
}

int gspmdChooseStrategy(const GspmdStrategyProblem *pb,
                        const GspmdFactorAxes *baseline, GspmdFactorAxes *out,
                        GspmdStrategyWindow *window, char *explain,
                        size_t explain_size) {
  GspmdStrategyMemo *m = pb->memo;
  if (!m || explain)
    return chooseStrategy(pb, baseline, out, window, explain, explain_size);
  Key key;
  keyOf(pb, baseline, &key);
  if (key.overflow)
    return chooseStrategy(pb, baseline, out, window, NULL, 0);
  size_t out_size = sizeof(GspmdFactorAxes) * (size_t)pb->rule->num_factors;
  int i = gspmdKeyMapGet(&m->index, key.v, key.n);
  if (i >= 0) {
    const Choice *c = &GSPMD_VEC_AT(&m->choices, Choice, i);
    memcpy(out, c->out, out_size);
    *window = c->window;
    return c->weighed;
  }
  Choice c = {malloc(out_size + 1), {0}, 0};
  if (!c.out)
    abort();
  c.weighed = chooseStrategy(pb, baseline, out, window, NULL, 0);
  memcpy(c.out, out, out_size);
  c.window = *window;
  gspmdKeyMapPut(&m->index, key.v, key.n, (int)m->choices.size);
  *(Choice *)gspmdVecPush(&m->choices) = c;
  return c.weighed;
}
