/*
 * partition.h - what the files of gspmd-partition (lib/Transforms/Partition)
 * share: the partitioner's state, the layout of a local value, the plan of
 * one op by its factor rule, and each phase's entry points. Internal to this
 * folder.
 *
 * The phases call downwards only: the pass (Pass.c) -> the walk over
 * functions, blocks and regions (Walk.c) -> manual regions (Manual.c) and
 * ops by rule (OpsByRule.c) -> combiners (Combiners.c), masks (Masks.c),
 * halos and windows (Halos.c), windowed loops (WindowedLoop.c) -> factor
 * choice (Factors.c) and reshards (Reshard.c) -> the state (State.c), the
 * reshard cache (ReshardCache.c), live bytes (LiveBytes.c), the strategy
 * (Strategy.c, FactorAxes.c: pure C) and how the walk treats an op
 * (OpKinds.c). What it knows of ops besides their structure is lib/Rules'
 * (gspmdOpFacts, gspmdOpReduction); the IR is built by
 * lib/Transforms/Build.c. A manual
 * region's body is partitioned by the walk, which hands itself down as a
 * PartBlockFn.
 */
#ifndef GSPMD_TRANSFORMS_PARTITION_H
#define GSPMD_TRANSFORMS_PARTITION_H

#include "strategy.h"

#include "gspmd/build.h"
#include "gspmd/rules.h"
#include "gspmd/sharding.h"
#include "gspmd/support.h"

#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"

/*===-- Types -------------------------------------------------------------===*/

static inline bool isTensor(MlirType t) { return mlirTypeIsARankedTensor(t); }

static inline bool isStatic(MlirType t) {
  return isTensor(t) && mlirShapedTypeHasStaticShape(t);
}

static inline int rankOf(MlirType t) { return (int)mlirShapedTypeGetRank(t); }

/* The rank of a ranked tensor type; 0 for any other type. */
static inline int tensorRank(MlirType t) { return isTensor(t) ? rankOf(t) : 0; }

/* The global value tensor t of op's rule stands for: an operand, a result,
 * or a tensor the op's body reads (a gather read); null for other tensors. */
static inline MlirValue partRuleValue(MlirOperation op, const GspmdOpRule *rule,
                                      int t) {
  const GspmdRuleTensor *x = &rule->tensors[t];
  if (x->role == GSPMD_ROLE_OPERAND)
    return mlirOperationGetOperand(op, x->position);
  if (x->role == GSPMD_ROLE_RESULT)
    return mlirOperationGetResult(op, x->position);
  if (x->role == GSPMD_ROLE_CAPTURE)
    return rule->ids[t].value;
  return (MlirValue){NULL};
}

static inline void shapeOf(MlirType t, int64_t *shape) {
  for (int d = 0; d < rankOf(t); ++d)
    shape[d] = mlirShapedTypeGetDimSize(t, d);
}

/*===-- The partitioner's state (State.c) ---------------------------------===*/

/* How a local value lays out its global tensor. */
typedef struct Layout {
  int mesh; /* index into the module's meshes; -1: replicated */
  GspmdSharding s;
} Layout;

/* ReshardCache.c: the layouts already made of each global value, with the
 * local value and the block each was made in. */
typedef struct GspmdReshardCache {
  GspmdPtrMap head; /* global value -> its newest entry */
  GspmdVec entries;
} GspmdReshardCache;

typedef struct Partitioner {
  MlirContext ctx;
  MlirOperation module;
  GspmdArena arena;
  GspmdArena scratch; /* the Plan of the op being partitioned; reset after */
  GspmdRuleContext rules;
  GspmdFuncTable funcs; /* callees of func.call */
  GspmdVec meshes;      /* Mesh */
  GspmdVec locals;      /* Local (State.c) */
  GspmdVec sigs;        /* Signature (Walk.c), set up by partReadSignatures */
  GspmdVec dead;        /* MlirOperation: erased at the end */
  GspmdVec rules_of_op; /* OpRules (State.c), built before rewriting */
  GspmdPtrMap local_of, sig_of, op_rules;
  /* Layouts of local values, interned (State.c): a model's values share a
   * handful. `layout_index` finds them, `layout_of` maps a sharding
   * attribute to the layout it reads as. */
  GspmdVec layouts; /* Layout */
  GspmdKeyMap layout_index;
  GspmdPtrMap layout_of;
  bool failed;
  bool explain;   /* remark the strategies weighed (Strategy.c) */
  bool first;     /* strategy=first: contractions keep the default plan */
  int64_t budget; /* per-device bytes a contraction may hold; <= 0: none */
  GspmdReshardCache made;           /* layouts already made of each value */
  GspmdStrategyMemo *strategy_memo; /* choices by problem (Strategy.c) */
  MlirBlock block; /* the block being partitioned, and the layouts */
  const Layout *block_targets; /* its terminator's operands get, or NULL */
  GspmdPtrMap unvisited; /* op of a block being partitioned -> 1 until done */
} Partitioner;

typedef GspmdModuleMesh Mesh;
#define MESH(p, i) (&GSPMD_VEC_AT(&(p)->meshes, Mesh, i))

/* Rewrites every extract_slice of a tensor.pad whose users are all such
 * slices into a pad of a slice of its source (SlicesOfPads.c); runs before
 * partStateInit reads the rules. */
void partSwapSlicesOfPads(MlirOperation module);

/* Sets up the state for `module` (its meshes, functions and every op's
 * rule, read on global types before anything is rewritten); partStateFree
 * releases it. */
void partStateInit(Partitioner *p, MlirOperation module);
void partStateFree(Partitioner *p);
/* The one factor rule of op, or NULL (none, or several). */
const GspmdOpRule *partRuleOf(Partitioner *p, MlirOperation op);

/* A remark "gspmd-partition: '<op name>' <what>" at op. */
void partRemark(MlirOperation op, const char *what);
/* Erases op at the end of the pass (its results have no users left). */
void partEraseLater(Partitioner *p, MlirOperation op);

/* Index of the mesh named `name`, or -1. */
int partFindMesh(Partitioner *p, MlirStringRef name);
Layout partReplicated(int rank);
/* A sharding attribute as a layout (null or replicated: replicated). */
Layout partLayoutOf(Partitioner *p, MlirAttribute sharding, int rank);
bool partHasAxes(const Layout *l);
bool partSameLayout(const Layout *a, const Layout *b);
/* The local type of global type `global` under layout l. */
MlirType partLocalType(Partitioner *p, MlirType global, const Layout *l);
/* Every tensor operand and result of op has a static shape. */
bool partAllStatic(MlirOperation op);

/* Records `local`, laid out by l, as the local value of `global_value`. */
void partSetLocal(Partitioner *p, MlirValue global_value, MlirValue local,
                  const Layout *l, MlirType global_type);
/* The local value standing for global value v, its layout and global type;
 * values never rewritten are global and replicated. */
MlirValue partLocalOf(Partitioner *p, MlirValue v, Layout *layout,
                      MlirType *global);
/* Bytes of the local value standing for global value v; -1 for values not
 * made local (a GspmdLocalBytesFn over the Partitioner). */
int64_t partLocalBytes(void *partitioner, MlirValue v);
/* The annotated sharding of result i of op (replicated when absent). */
Layout partResultLayout(Partitioner *p, MlirOperation op, int i);
/* The layout a sharding constraint gives its value. An open constraint is
 * a floor: what completion made of it rules. */
Layout partConstraintTarget(Partitioner *p, MlirOperation op, int rank);

/*===-- Reshards (Reshard.c) ----------------------------------------------===*/

/* A value on its way to another layout. */
typedef struct ReshardSource {
  MlirValue key; /* the global value (the reshard cache's key); may be null */
  MlirValue local;
  Layout layout;
  const GspmdPartial *partial; /* pending partial results; NULL: none */
  MlirType global;             /* the global type */
} ReshardSource;

/* Emits the reshard of `src` to `to` at b; returns the new local value. */
MlirValue partReshard(Partitioner *p, GspmdBuilder *b, const ReshardSource *src,
                      const Layout *to);
/* partReshard of an operand of `user` (or its result going to its
 * annotation), with the layouts the value's later users want made at the
 * same time, each from the cheapest layout made before it. */
MlirValue partReshardShared(Partitioner *p, GspmdBuilder *b,
                            const ReshardSource *src, MlirOperation user,
                            const Layout *to);
/* targets[0] is where `key` goes now; appends the distinct layouts on mesh
 * `mesh` its later users (and later twins of `except`) want; `from` (may be
 * NULL) is not a target. Returns the number of targets. */
int partCollectTargets(Partitioner *p, MlirValue key, MlirOperation except,
                       int mesh, const Layout *from, GspmdSharding *targets);
/* How many times an op runs per run of a reshard of `local` made before
 * it: the trips of the loops the reshard is hoisted out of (1: none). */
int64_t partHoistedTrips(MlirOperation op, MlirValue local);
/* Sets operand `index` of op to its local value laid out as `want`
 * (resharded before op); returns it. */
MlirValue partUseOperandAs(Partitioner *p, MlirOperation op, int index,
                           const Layout *want);
/* Every tensor operand replicated, every other operand its local value. */
void partUseOperandsReplicated(Partitioner *p, MlirOperation op);
/* Result i, computed globally-typed under `have` (with `partial` pending;
 * may be NULL), gets its local type; its users get it resharded to the
 * annotation. */
void partFinishResult(Partitioner *p, MlirOperation op, int i,
                      const Layout *have, const GspmdPartial *partial,
                      MlirType global);
/* partFinishResult of a result that already has its local type, with
 * `local` (made from it after op) standing for it. */
void partFinishResultFrom(Partitioner *p, MlirOperation op, int i,
                          MlirValue local, const Layout *have,
                          const GspmdPartial *partial, MlirType global);
/* Tensors op's regions read from above are resharded to replicated, but
 * for the gather reads of `rule` (Gathers.c; rule may be NULL). */
void partLocalizeCaptures(Partitioner *p, MlirOperation op,
                          const GspmdOpRule *rule);

/*===-- Manual regions and the walk (Manual.c, Walk.c) -------------------===*/

/* Partitions the ops of `block`; its terminator's operands are resharded to
 * `targets` (one per operand). */
typedef void (*PartBlockFn)(Partitioner *p, MlirBlock block,
                            const Layout *targets);

/* A gspmd.manual_computation becomes local code; its body is partitioned
 * with `partition_block`. */
void partPartitionManual(Partitioner *p, MlirOperation op,
                         PartBlockFn partition_block);

/* Reads every function's global signature; false (after a diagnostic) when
 * one is already partitioned. */
bool partReadSignatures(Partitioner *p);
/* Partitions every function of the module. */
void partPartitionFunctions(Partitioner *p);

/*===-- Ops by rule (OpsByRule.c, Factors.c) ------------------------------===*/

/* What the rule-driven rewrite decided for one op (in p->scratch). */
typedef struct Plan {
  const GspmdOpRule *rule;
  int mesh;
  GspmdFactorAxes *axes; /* per factor */
  GspmdPartial partial;  /* the split reductions' axes and combiner */
  GspmdReduction *mask;  /* per operand: identity to mask uneven padding */
  struct HaloPlan *halo; /* [num_tensors * GSPMD_MAX_RANK] (Halos.c) */
  /* Strategy.c's windowed loop (tensor -1: none) and the masks it uses. */
  GspmdStrategyWindow window;
  GspmdReduction *window_mask;
} Plan;

/* Partitions op by its factor rule. */
void partPartitionByRule(Partitioner *p, MlirOperation op,
                         const GspmdOpRule *rule);

/* Factor choice: reduction factors from the operands, the rest from the
 * results' annotations, but for factors that cannot be split and those of
 * dims whose split the factors cannot express. */
void partChooseFactors(Partitioner *p, MlirOperation op, Plan *pl);
/* Rule tensor t's layout under the plan. */
Layout partTensorLayout(Partitioner *p, const Plan *pl, int t);
/* Devices factor f is split over, and its shard size (ceil). */
int64_t partFactorShardCount(Partitioner *p, const Plan *pl, int f);
int64_t partFactorShardSize(Partitioner *p, const Plan *pl, int f);
bool partAnyReductionSplit(const Plan *pl);
bool partAnyUnevenReductionSplit(Partitioner *p, const Plan *pl);

/*===-- Combiners and masks (Combiners.c, Masks.c) ------------------------===*/

/* Fills pl->mask and pl->partial; drops reduction splits without a
 * combiner (or uneven ones that cannot be masked) with a remark. */
void partPlanReductions(Partitioner *p, MlirOperation op, Plan *pl);
/* Operand tensor t's padding along unevenly split reduction factors,
 * masked with the combiner's identity. */
MlirValue partMaskOperand(Partitioner *p, MlirOperation op, const Plan *pl,
                          int t, MlirValue local);
/* An init (operand `operand`, local value `local`) every device but the
 * first of the partial group replaces by the identity (each adds its
 * partial to it); kept when the body never reads it. */
MlirValue partFixInit(Partitioner *p, MlirOperation op, const Plan *pl,
                      int operand, MlirValue local);

/*===-- Gather reads (Gathers.c) ------------------------------------------===*/

/* The tensors op's body reads by tensor.extract (gather reads) get the
 * plan's layouts; split looked-up dims read their local rows and the body
 * yields the identity of a sum for rows held elsewhere. Runs after the
 * body's loop positions are made global. */
void partUseGatherReads(Partitioner *p, MlirOperation op, const Plan *pl);
/* True when op's rule has gather reads. */
bool partHasGatherReads(const GspmdOpRule *rule);
/* An extract_slice looking up rows at dynamic offsets on split dims: the
 * offsets become local, and `result` (its local result) gives zeros where
 * this device does not hold the row; returns what stands for the result. */
MlirValue partMaskLookups(Partitioner *p, MlirOperation op, const Plan *pl,
                          MlirValue result);

/*===-- Halos and windows (Halos.c) ---------------------------------------===*/

/* Plans the halo of every window dim whose factor is split; a factor some
 * window of which cannot be fed is unsplit with a remark. */
void partPlanHalos(Partitioner *p, MlirOperation op, Plan *pl);
/* Turns off the halos of factor f's window dims (read whole). */
void partHalosOff(const Plan *pl, int f);
/* An extract_slice exchanging halos first cuts the dims it reads locally. */
MlirValue partCutLocalDims(MlirOperation op, const Plan *pl, int t,
                           const Layout *want, MlirValue local);
/* Halo-exchanges operand tensor t's window dims; returns what op reads. */
/* A window of op reading `value` may be fed by pieces: every other reader
 * of the value slices it (Halos.c). */
bool partPiecesMayFeed(MlirOperation op, MlirValue value);
MlirValue partExchangeHalos(Partitioner *p, MlirOperation op, const Plan *pl,
                            int t, MlirValue local);
/* op reads its exchanged windows from index 0. */
void partRebaseWindows(MlirOperation op, const Plan *pl);
/* Replaces operand `operand` (a tosa.const_shape) by one with `values`. */
void partSetConstShape(MlirOperation op, int operand, int n,
                       const int64_t *values);

/*===-- Windowed loops (WindowedLoop.c) -----------------------------------===*/

/* A contraction run as a loop rotating one operand's chunks
 * (GspmdStrategyWindow): pl's rule, mesh, axes, window and window_mask. */
void partPartitionWindowed(Partitioner *p, MlirOperation op, const Plan *pl);

/*===-- The reshard cache (ReshardCache.c) --------------------------------===*/

void gspmdReshardCacheInit(GspmdReshardCache *c);
void gspmdReshardCacheFree(GspmdReshardCache *c);
/* Records `local` (borrowed), laid out by l, made in `block`, as a layout of
 * `global`. */
void gspmdReshardCacheAdd(GspmdReshardCache *c, MlirValue global,
                          const Layout *l, MlirValue local, MlirBlock block);
/* Entries made after the mark in `block` or blocks nested in it are
 * dropped by gspmdReshardCacheDropSince (when the partitioner leaves the
 * block it entered at the mark). */
size_t gspmdReshardCacheMark(const GspmdReshardCache *c);
void gspmdReshardCacheDropSince(GspmdReshardCache *c, size_t mark,
                                MlirBlock block);
/* A layout made of a value, and the local value laid out so. */
typedef struct MadeLayout {
  Layout layout;
  MlirValue local;
} MadeLayout;
/* Up to `max` layouts of `global` on mesh `mesh` that ops in block `at`
 * may use, newest first, into made[]; returns how many. */
int gspmdReshardCacheFind(const GspmdReshardCache *c, MlirValue global,
                          int mesh, MlirBlock at, MadeLayout *made, int max);

/*===-- Live bytes (LiveBytes.c) ------------------------------------------===*/

/* Bytes of the values live across op (defined before it, used after it,
 * not its operands), each sized by `bytes_of` (negative: not counted). */
typedef int64_t (*GspmdLocalBytesFn)(void *user, MlirValue v);
int64_t gspmdLiveBytesAcross(MlirOperation op, GspmdLocalBytesFn bytes_of,
                             void *user);

/*===-- How the walk treats an op (OpKinds.c) ----------------------------===*/

/* How the walk treats an op. */
typedef enum PartOpKind {
  PART_OP_BY_RULE,    /* its factor rule, or kept replicated */
  PART_OP_CONSTRAINT, /* gspmd.sharding_constraint */
  PART_OP_CALL,       /* func.call */
  PART_OP_FOR,        /* scf.for */
  PART_OP_IF,         /* scf.if */
  PART_OP_CONSTANT,   /* arith.constant */
  PART_OP_MANUAL,     /* gspmd.manual_computation */
  PART_OP_REGIONS,    /* other ops with regions: everything replicated */
} PartOpKind;
PartOpKind partOpKind(MlirOperation op);
/* A terminator handing values to its parent's results. */
bool partIsReturnLike(MlirOperation op);

#endif /* GSPMD_TRANSFORMS_PARTITION_H */
