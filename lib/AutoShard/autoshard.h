/*
 * autoshard.h - gspmd-auto-shard (docs/auto-shard.md): the choice of every
 * value's sharding and every op's strategy in the entry function, as an
 * integer program (Alpa, XLA's auto_sharding) solved exactly by CBC.
 *
 * The files, one phase each:
 *   Formulate.c  the graph: a node per entry argument and per op of the
 *                entry block with a rule, its strategies (mesh axes on the
 *                rule's factors, projected onto its tensors), their costs
 *                (the combine of partial results), the edges between a
 *                producer's result and a consumer's operand (reshard bytes
 *                per pair of sharding groups) and the memory at each op;
 *   Repeat.c     repeated layers: segments of equal ops tied to the first
 *                one, and the folded problem with a column per class;
 *   Reduce.c     dominated strategies, fixed out of the program (exact);
 *   Fit.c        strategies no plan within the budget can take, fixed out
 *                of the program (exact);
 *   Start.c      the plan CBC starts from: the LP's rounding repaired to
 *                fit the budget, improved by local moves;
 *   Cover.c      cover cuts on the memory rows, handed to CBC;
 *   Share.c      shared reshards: a value read by several uses in one
 *                layout pays that reshard once, and the copy is written
 *                back as a sharding_constraint;
 *   Solve.c      the integer program over CBC's C interface, and the
 *                smallest budget when the budget cannot be met;
 *   WriteBack.c  the choice as gspmd.sharding annotations, the certificate
 *                and explain=true's remarks;
 *   Pass.c       the pass, its options and its diagnostics.
 *
 * The objective is bytes sent plus a tie-break below one byte in all: the
 * collectives (a combine or a reshard that sends), then the bytes each
 * strategy keeps, so that of plans sending as many bytes the one with fewer
 * collectives wins (Megatron's all_reduce over a reduce_scatter and an
 * all_gather), then the one keeping less (a weight split when gathering it
 * costs nothing more).
 *
 * Ownership: everything lives in the problem's arena, freed at once.
 */
#ifndef GSPMD_AUTOSHARD_H
#define GSPMD_AUTOSHARD_H

#include "gspmd/containers.h"
#include "gspmd/rules.h"
#include "gspmd/sharding.h"
#include "gspmd/support.h"

#include "mlir-c/IR.h"

/* A choice of a node: its factor axes (op nodes) and the sharding each of
 * its tensors then has; for an argument node, tensors[0] is the argument's
 * sharding. */
typedef struct AsStrategy {
  GspmdFactorAxes *axes;  /* [rule->num_factors]; NULL for arguments */
  GspmdSharding *tensors; /* [num_tensors] */
  int64_t op_bytes;       /* sent combining its partial results */
  int64_t op_cost;        /* the same in the objective's units (asCostOf) */
  int64_t held_bytes;     /* its operands and results under it */
  bool scatter;           /* its result takes the partial sums' axes: the
                             combine is a reduce_scatter */
} AsStrategy;

typedef enum AsNodeKind {
  AS_NODE_ARG,   /* an entry argument */
  AS_NODE_OP,    /* an op with a rule */
  AS_NODE_FIXED, /* an op kept replicated (no rule, control flow) or a
                    sharding constraint: one strategy */
} AsNodeKind;

typedef struct AsNode {
  AsNodeKind kind;
  MlirOperation op;        /* null for arguments */
  MlirValue arg;           /* arguments */
  const GspmdOpRule *rule; /* AS_NODE_OP */
  int num_tensors;
  int num_strategies;
  AsStrategy *strategies;
  int first_var; /* its first column in the integer program */
  int chosen;    /* after the solve */
  /* What its regions read from the block without taking it as an operand
   * (nor as a gather read): its last num_captures tensors, read whole. */
  int num_captures;
  const MlirValue *captures;
} AsNode;

/* A producer's value read by a consumer. The reshard depends only on the
 * value's sharding under the producer's strategy and the operand's under
 * the consumer's, so strategies are grouped by those (from_class,
 * to_class) and the bytes and cost are per pair of groups:
 * bytes[A * num_to + B]. */
typedef struct AsEdge {
  int from, to;  /* nodes */
  int source;    /* the value read (index into sources) */
  int to_tensor; /* which tensor of `to` reads it */
  int share;     /* its value's AsShare when several edges read the value,
                    else -1 (Share.c) */
  int *target;   /* [num_to] with a share: each consumer group's target
                    layout, an index into the share's targets */
  int num_from, num_to;       /* groups */
  int *from_class, *to_class; /* [strategies of from / to]: their group */
  int64_t *bytes;             /* sent per device */
  int64_t *cost;              /* the same in the objective's units */
  int *cols; /* [num_from * num_to]: each pair's column in the integer
                program, -1 for none (Solve.c) */
  /* A bound's averaged edge (asFoldAveraged) has mass > 0: its pairs sum
   * to mass, and each end's marginal is per its side: AS_SIDE_EXACT (the
   * groups' x, as every edge of a program), AS_SIDE_AT_MOST (at most
   * them), AS_SIDE_SCALED (mass times them), or a role k > 0: the
   * marginals of every edge of role k at that end sum to the groups' x. */
  double mass;
  int from_side, to_side;
} AsEdge;

enum { AS_SIDE_EXACT = 0, AS_SIDE_AT_MOST = -1, AS_SIDE_SCALED = -2 };

/* Whether x and y give their num_tensors tensors the same shardings and
 * combine alike (scatter). */
static inline bool asSameLayouts(const AsStrategy *x, const AsStrategy *y,
                                 int num_tensors) {
  if (x->scatter != y->scatter)
    return false;
  for (int t = 0; t < num_tensors; ++t)
    if (!gspmdShardingEqual(&x->tensors[t], &y->tensors[t]))
      return false;
  return true;
}

static inline size_t asEdgePair(const AsEdge *e, int a, int b) {
  return (size_t)e->from_class[a] * (size_t)e->num_to + (size_t)e->to_class[b];
}
/* The cost of edge e under strategies a (producer) and b (consumer). */
static inline int64_t asEdgeCost(const AsEdge *e, int a, int b) {
  return e->cost[asEdgePair(e, a, b)];
}
/* The bytes edge e sends under strategies a and b. */
static inline int64_t asEdgeBytes(const AsEdge *e, int a, int b) {
  return e->bytes[asEdgePair(e, a, b)];
}

/* A value read by several edges (Share.c): the partitioner reshards it
 * once per distinct target layout and every use in that layout takes the
 * copy (docs/partitioning.md, Shared reshards of a value), so the reshard
 * bytes are per (producer group, target) and not per edge. */
typedef struct AsShare {
  int source, from;          /* the value and its producer node */
  int num_from, num_targets; /* the producer's groups (its edges'), and
                                the distinct layouts its consumers read */
  int64_t *bytes, *cost;     /* [num_from * num_targets] */
  bool *shared;  /* [num_targets]: whether more than one edge can read it
                    (else that edge's pairs pay for it) */
  int *cols;     /* [num_targets]: each target's column w, -1 for none
                    (Solve.c) */
  double *scale; /* [num_targets]: w's unit, its dearest reshard */
  int num_edges; /* its edges, in p->edges order */
  int *edges;
} AsShare;

/* Where a value of the entry block comes from: node and tensor. */
typedef struct AsSource {
  int node, tensor;
  int64_t element_bytes;
  int rank;
  int64_t shape[GSPMD_MAX_RANK];
  MlirValue value; /* the value itself */
} AsSource;

/* Per op of the block (in order): the values live across it (their
 * sources, counted under their producer's strategy) and the op's own
 * node, whose strategy's held_bytes counts its operands and results. */
typedef struct AsStep {
  int node;
  int num_live;
  int *live; /* indices into sources */
} AsStep;

/* objective=time: each mesh axis's bandwidth (bytes per second) by name,
 * as the option axes-bandwidth gives them. */
typedef struct AsAxisBandwidth {
  char name[64];
  double bytes_per_second;
} AsAxisBandwidth;

typedef struct AsObjective {
  bool time; /* false: bytes */
  int num_axes;
  AsAxisBandwidth axes[GSPMD_MAX_MESH_AXES];
} AsObjective;

typedef struct AsProblem {
  GspmdArena arena;
  MlirOperation module, func;
  MlirStringRef mesh_name;
  GspmdMesh mesh;
  GspmdRuleContext rules;
  GspmdFuncTable funcs;
  GspmdVec nodes;            /* AsNode */
  GspmdVec edges;            /* AsEdge */
  GspmdVec shares;           /* AsShare (Share.c) */
  bool shares_dropped;       /* their LP was too slow (Solve.c), or */
  bool shares_after;         /* shared-reshards=after (Pass.c) */
  int num_dropped_shares;    /* shares.size before, for asRestoreShares */
  bool uneven;               /* uneven splits are strategies (Formulate.c) */
  GspmdVec sources;          /* AsSource */
  GspmdVec steps;            /* AsStep */
  GspmdPtrMap source_of;     /* MlirValue ptr -> index into sources */
  GspmdPtrMap dead;          /* MlirOperation ptr -> 1: ops canonicalize
                                erases (Formulate.c, findDead) */
  GspmdReshardPlan *scratch; /* the planner's output, reused (large) */
  int64_t budget;            /* <= 0: none */
  /* [num_results]: the argument each result replaces (its
   * gspmd.aliasing_output), or -1; such a result takes the argument's
   * sharding when it has no annotation of its own. */
  int *arg_of_result;
  int num_results;
  /* The objective's unit. objective=bytes: a byte sent (weight 1 on every
   * axis). objective=time: a byte sent at the fastest axis's bandwidth; a
   * step over axes of lower bandwidth weighs fastest / slowest of its axes
   * per byte; seconds_per_unit converts (0 for bytes). */
  double axis_weight[GSPMD_MAX_MESH_AXES];
  double seconds_per_unit;
  int **dominator; /* [nodes][strategies] (Reduce.c); NULL */
  int num_dominated;
  bool **unfit; /* [nodes][strategies] (Fit.c); NULL */
  int num_unfit;
  bool keep_dominated; /* reduce=false: every strategy gets a column */
  double deadline;     /* asNow() at which the search stops (time-limit=,
                          from the pass's start: Pass.c) */
  bool start_only;     /* search=start: the start plan, no CBC search */
  int *hint;       /* [nodes] a plan to start from when it is cheaper than the
                      start plan (Pass.c: the plan of even splits; Solve.c:
                      a folded problem's plan of every layer alike), or
                      NULL */
  bool hint_taken; /* the search started from it (Solve.c) */
  /* What fixed ops send inside (Inner.c): the bytes, the ops that send,
   * and those whose partitioning alone failed (counted as 0). */
  int64_t inner_bytes;
  int num_inner, num_unmeasured;
  double hint_seconds; /* spent finding it (Pass.c) */
  bool failed;
} AsProblem;

#define AS_NODE(p, i) (&GSPMD_VEC_AT(&(p)->nodes, AsNode, i))
#define AS_EDGE(p, i) (&GSPMD_VEC_AT(&(p)->edges, AsEdge, i))
#define AS_SHARE(p, i) (&GSPMD_VEC_AT(&(p)->shares, AsShare, i))
#define AS_SOURCE(p, i) (&GSPMD_VEC_AT(&(p)->sources, AsSource, i))
#define AS_STEP(p, i) (&GSPMD_VEC_AT(&(p)->steps, AsStep, i))

/* Formulate.c: builds the problem of `func` (one block) on the module's
 * first mesh, with costs in `objective`'s units, offering uneven splits
 * when `uneven`; false after a diagnostic (also for axes-bandwidth naming
 * no axis of the mesh, or missing one). */
bool asFormulate(AsProblem *p, MlirOperation module, MlirOperation func,
                 const AsObjective *objective, bool uneven);
void asProblemFree(AsProblem *p);
/* Function f's argument or result i's gspmd.sharding (list: "arg_attrs"
 * or "res_attrs"), or null. */
MlirAttribute asFuncSharding(MlirOperation f, const char *list, int i);
/* Argument i's gspmd.aliasing_output (verified by the dialect): the result
 * that is the next step's argument i (a training step's new weights); -1
 * when it has none. */
int64_t asAliasingOutput(const AsProblem *p, int i);
/* Local bytes of source `src` under sharding s. */
int64_t asLocalBytes(const AsProblem *p, const AsSource *src,
                     const GspmdSharding *s);
/* The sharding source `src` has under strategy `s` of its node. */
const GspmdSharding *asSourceSharding(const AsProblem *p, const AsSource *src,
                                      int s);

/* Every term of step i's memory row, once per (node, strategy) of a term:
 * fn(user, source, node, strategy, bytes) with the bytes that choice adds
 * to the row (the op's own held bytes, source -1; then each live value's
 * local bytes, source its index in p->sources). The integer program's rows
 * (Solve.c) and the budget's fit (Fit.c) read them. */
typedef void (*AsTermFn)(void *user, int source, int node, int strategy,
                         int64_t bytes);
void asStepTerms(const AsProblem *p, int i, AsTermFn fn, void *user);

/* Share.c: groups the edges that read one value into shares (after the
 * edges are built; a value read by one edge has none). */
void asFindShares(AsProblem *p);
/* Every use its own reshard again: the edges leave their shares
 * (shared-reshards=false, or a relaxation too slow: Solve.c). */
void asDropShares(AsProblem *p);
/* The shares asDropShares dropped, back: the plan is then costed and
 * written as the partitioner runs it (asWriteSharedCopies). */
void asRestoreShares(AsProblem *p);
/* The cost (or bytes, cost false) of share `sh` when node n takes
 * strategy s and every other node its chosen one (n -1: all chosen): the
 * producer's group to each distinct target its consumers read, once. */
int64_t asShareCost(const AsProblem *p, const AsShare *sh, int n, int s,
                    bool cost);
/* Where several ops read a value in one layout the plan reshards it to,
 * a gspmd.sharding_constraint to that layout before the first of them,
 * which they then read: the partitioner makes the one copy the cost
 * counted, where on its own it may plan each use alone (a contraction
 * splitting its reduction instead of reading the gathered copy). */
void asWriteSharedCopies(AsProblem *p);
/* Edge e's cost (bytes, cost false) with node n at s and the others at
 * their choice, for an edge without a share. */
int64_t asEdgeCostWith(const AsProblem *p, const AsEdge *e, int n, int s,
                       bool cost);

/* Repeat.c: a run of L segments of equal ops (L >= 2 when found). */
typedef struct AsRepeat {
  int start, period, segments; /* in the block's op nodes */
  int tied_args;               /* arguments tied to segment 0's */
  int *class_of;     /* [nodes]: the node whose strategy node n takes */
  int *segment_of;   /* [nodes]: the tied segment (0..segments-1) of an op,
                        or of an argument tied to one; -1 for the rest */
  int *folded_index; /* [nodes]: its class's node in the folded problem */
} AsRepeat;

/* Finds the longest repeated run of p's ops; false when there is none. A
 * run of four segments or more leaves its first and last out of r (they
 * meet the rest of the program); into *all (when not NULL) the same run
 * with every segment tied. */
bool asFindRepeats(AsProblem *p, AsRepeat *r, AsRepeat *all);
/* The problem over one node per class into *f (free with asFoldFree). */
void asFold(const AsProblem *p, AsRepeat *r, AsProblem *f);
/* The problem an average of p's plans over its tied segments satisfies,
 * folded into *f (free with asFoldFree): its LP bound, of one layer's
 * size, is a lower bound on every plan of p, tied or not (Repeat.c, The
 * layers averaged). Computes p's own reductions first. */
void asFoldAveraged(AsProblem *p, AsRepeat *r, AsProblem *f);
/* Each node of p takes its class's choice in f. */
void asUnfold(AsProblem *p, const AsRepeat *r, const AsProblem *f);
void asFoldFree(AsProblem *f, AsRepeat *r);

/* Reduce.c: marks the strategies another one dominates (their columns are
 * fixed at 0; the optimum is unchanged) and returns how many. */
int asReduce(AsProblem *p);
/* Items 0..count-1 grouped by owner[item] in 0..nodes-1, in item order
 * within a group: group n is items[(*start)[n] .. (*start)[n + 1]).
 * Both arrays malloc'd: the caller frees them. */
int *asBuckets(int nodes, int count, const int *owner, int **start);
/* Whether node n's strategy s is neither dominated nor unfit (true before
 * asReduce and asFit). */
bool asAlive(const AsProblem *p, int n, int s);
/* Each node's choice replaced by an undominated strategy dominating it:
 * a plan as good, within the budget when the plan was. */
void asUndominate(const AsProblem *p, int *plan);

/* Fit.c: marks the strategies whose bytes at some op exceed the budget
 * whatever the other nodes take (their columns are fixed at 0; the
 * feasible plans are unchanged) and returns how many. After asReduce;
 * nothing without a budget or with reduce=false. */
int asFit(AsProblem *p);
/* Each node's offset into a per-(node, strategy) array, and one past the
 * last at [nodes] (malloc'd: the caller frees it). */
int *asStrategyOffsets(const AsProblem *p);
/* Adds to acc[first[n] + s] the coefficients of step i's memory row; the
 * nodes it reads, once each, into touched[] (seen[] marks them); returns
 * how many. The caller clears acc and seen after. */
int asRowCoefficients(const AsProblem *p, int i, const int *first, int64_t *acc,
                      bool *seen, int *touched);
/* Node n's smallest coefficient in acc over its live strategies
 * (INT64_MAX when none is live). */
int64_t asSmallestCoefficient(const AsProblem *p, int n, const int *first,
                              const int64_t *acc);

/* Start.c: moves nodes from their chosen strategies, the most bytes over
 * the budget freed per byte of cost added first, until every op fits;
 * returns whether it does. */
bool asRepairPlan(AsProblem *p);
/* Rounds of local moves: each node takes the strategy costing least with
 * its neighbours' choices while every op still fits. */
void asImprovePlan(AsProblem *p);
/* A plan of small peak, into the nodes' choices (each node its strategy of
 * fewest bytes over its rows, then moves lowering the largest row a node
 * is in); returns its peak. Not the smallest: a start for the program that
 * finds it (Solve.c). */
int64_t asSmallPeakPlan(AsProblem *p);
/* The plan chosen in `from` (another formulation of the same program, the
 * same nodes) as p's hint: each node's strategy with the same tensors.
 * False, and no hint, when some node has none. */
bool asHintFrom(AsProblem *p, const AsProblem *from);

/* Cover.c: cover cuts on the memory rows, which CBC asks for during its
 * search (Cbc_addCutCallback). */
typedef struct AsCovers AsCovers;
/* The memory rows of p under its budget, for a program of num_cols
 * columns whose strategy columns are numbered (first_var), after asReduce
 * and asFit; NULL without a budget. Owned by the caller: asCoversFree. */
AsCovers *asCoversNew(const AsProblem *p, int num_cols);
/* CBC's cut callback (cbc_cut_callback): the cuts x violates, into
 * osi_cuts. user is the AsCovers. */
void asCoversSeparate(void *osi, void *osi_cuts, void *user);
/* How many cuts were added. */
int asCoversAdded(const AsCovers *c);
void asCoversFree(AsCovers *c);

/* Solve.c: the outcome of a solve. */
typedef struct AsSolution {
  bool feasible, optimal;
  int64_t cost;  /* the objective (its whole part) under the choice */
  int64_t bytes; /* sent per device under the choice */
  double objective, bound, seconds;
  int64_t peak;       /* per-device bytes at the busiest op */
  int64_t min_budget; /* when infeasible: the smallest budget, or -1 */
  int num_vars, num_rows;
  int num_pruned;     /* columns dropped by reduced cost (Solve.c) */
  int num_covers;     /* cover cuts CBC took (Cover.c) */
  int64_t start_cost; /* the plan CBC started from (Start.c); -1: none */
  /* When repeated segments were folded (asSolveRepeated): the run (in op
   * nodes), the arguments tied, the folded problem's nodes, the cost of
   * the tied plan and the time to it, the whole program's LP bound, and
   * whether that bound proves the tied plan (repeat_proven) or the whole
   * program was solved from it (whole_solved); segments 0 otherwise. */
  int repeat_start, repeat_period, repeat_segments, repeat_args;
  int folded_nodes;
  int64_t tied_cost;
  double tied_seconds, whole_bound;
  double averaged_bound; /* asFoldAveraged's LP bound, -1 for none */
  bool repeat_proven, whole_solved;
  bool whole_timed_out;  /* too little time left to search the whole */
  bool rounded;          /* the LP's rounding cost less than the tied plan */
  int64_t searched_cost; /* before asCostWithShares; -1 when not dropped */
  /* Every layer alike (the run's ends tied too), solved before the tied
   * plan as its start: its segments, folded nodes, cost and time;
   * alike_segments 0 when not solved. */
  int alike_segments, alike_nodes;
  int64_t alike_cost;
  double alike_seconds;
} AsSolution;

/* Seconds on a monotonic clock. */
double asNow(void);
/* Seconds left before p's deadline (at least a hundredth: CBC then stops
 * at its start plan). */
double asSecondsLeft(const AsProblem *p);
/* Minimises the cost under the budget; sets each node's `chosen`. */
bool asSolve(AsProblem *p, AsSolution *out);
/* After a search whose shared reshards were dropped (their LP out of
 * time): the plan costed with them again, as the partitioner runs it
 * with the copies written back, which sends at most what the search
 * charged it. Its bounds were for each use charged apart: no longer a
 * proof, unless it sends nothing. */
void asCostWithShares(AsProblem *p, AsSolution *sol);
/* When p repeats a segment of ops: the folded problem (Repeat.c) gives a
 * plan; the whole program's LP relaxation (fast: it is the branching that
 * costs) proves it when its bound reaches the plan's bytes; otherwise the
 * whole program is solved from that plan. Without repeats, or when the
 * tied plans do not fit the budget, asSolve. */
bool asSolveRepeated(AsProblem *p, AsSolution *out);
/* Bytes at step i under the chosen strategies. */
int64_t asStepBytes(const AsProblem *p, int i);
/* Bytes sent per device under the chosen strategies. */
int64_t asTotalBytes(const AsProblem *p);
/* The objective's cost of the chosen strategies (bytes or weighted). */
int64_t asTotalCost(const AsProblem *p);
/* What node n's strategy s costs with its neighbours' chosen strategies:
 * its combine and the edges into and out of it, in the objective's units. */
int64_t asLocalCost(const AsProblem *p, int n, int s);

/* WriteBack.c */
void asWriteBack(AsProblem *p);
/* WriteBack.c: fixed op `op` written as asWriteBack writes it: its results
 * and every op in its regions replicated where the user wrote nothing; a
 * manual region as it is. */
void asWriteFixedOp(MlirOperation op);
/* WriteBack.c: the bare tensor arguments and results of function `f`
 * written replicated (a callee's signature, as calls are costed). */
void asWriteCallee(MlirOperation f);
/* Inner.c: each fixed node's op_bytes, what the partitioner sends inside
 * its op (regions, callee), measured by partitioning the op alone. */
void asMeasureInner(AsProblem *p);
/* WriteBack.c: the number of strategies over all nodes. */
int asNumStrategies(const AsProblem *p);
/* WriteBack.c: `v` resharded to `s` by a gspmd.sharding_constraint
 * inserted before `before`; returns the constraint's result (the caller
 * points the readers at it). */
MlirValue asWriteConstraint(const AsProblem *p, MlirOperation before,
                            MlirValue v, const GspmdSharding *s);
/* Replan.c: the operands of contractions the partitioner would plan
 * otherwise, written resharded to the chosen strategy's layouts (after
 * asWriteBack and asWriteSharedCopies). */
void asWriteReplanned(AsProblem *p);
void asExplain(const AsProblem *p);
void asCertificate(const AsProblem *p, const AsSolution *sol);
/* A cost in the objective's units as text: "1536 B" or "1.2e-06 s". */
void asPrintCost(const AsProblem *p, int64_t cost, char *buf, size_t size);
/* "{i=data, j=model}" for node n's strategy s. */
void asPrintStrategy(const AsProblem *p, int n, int s, char *buf, size_t size);

#endif /* GSPMD_AUTOSHARD_H */
