/*
 * gspmd/rules.h - op sharding rules in factor form (docs/completion.md).
 *
 * Every op that completion and partitioning understand is described the same
 * way, in the spirit of einsum and Shardy's OpShardingRule: each dim of each
 * tensor the op touches maps to one or more factors (major to minor), and each
 * factor has a kind. One generic algorithm (gspmd-complete, gspmd-partition)
 * reads rules and never op names. Rules are built from op structure (linalg
 * indexing maps) or from a table keyed by op name (arith, math, tensor, tosa,
 * func, scf). An op with no rule is kept replicated with a remark.
 *
 * A rule's tensors are identified by value (operands, results, region
 * arguments, yielded values) or, for function results, by the function and
 * result index, so data-flow ops (scf.for, func.call, func.return) are rules
 * like any other: the tensors they tie together share factors.
 *
 * Ownership: rules are allocated from a GspmdArena owned by the caller (one
 * arena per pass run; freed all at once).
 */
#ifndef GSPMD_RULES_H
#define GSPMD_RULES_H

#include "gspmd/combiner.h"
#include "gspmd/sharding.h"
#include "gspmd/support.h"

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum GspmdFactorKind {
  GSPMD_FACTOR_PARALLEL = 0,  /* same index in every tensor: split freely */
  GSPMD_FACTOR_REDUCTION = 1, /* summed over: split gives partial results */
  GSPMD_FACTOR_WINDOW = 2,    /* read through a window: split needs a halo */
  GSPMD_FACTOR_REPLICATED = 3 /* must not be split (replicated-only) */
} GspmdFactorKind;

/* Propagation order (GSPMD / Shardy op priority): pass-through ops first,
 * then the rest, broadcast-like ops last. */
typedef enum GspmdRulePriority {
  GSPMD_PRIORITY_PASS_THROUGH = 0,
  GSPMD_PRIORITY_DEFAULT = 1,
  GSPMD_PRIORITY_BROADCAST = 2,
  GSPMD_NUM_PRIORITIES = 3
} GspmdRulePriority;

/* Up to this many factors make up one tensor dim (reshapes merge dims). */
#define GSPMD_MAX_DIM_FACTORS 8

/* Which tensor: a value, or result `index` of function `func` (a function's
 * results are not values; call sites and returns meet there), or, when
 * `func` is a gspmd.manual_computation, its boundary sharding `index`
 * (in_shardings, then out_shardings; see lib/Rules/dataflow.c). */
typedef struct GspmdTensorId {
  MlirValue value;    /* null for a function result */
  MlirOperation func; /* set when value is null */
  int index;
} GspmdTensorId;

/* Role of a tensor in the op the rule describes (used by partitioning and in
 * remarks). */
typedef enum GspmdTensorRole {
  GSPMD_ROLE_OPERAND,
  GSPMD_ROLE_RESULT,
  GSPMD_ROLE_OTHER,  /* region argument, yielded value, function result */
  GSPMD_ROLE_CAPTURE /* a tensor defined outside the op that its body reads
                        element by element (a gather read: position is its
                        number among gspmdGatherReads) */
} GspmdTensorRole;

/* Tensors the op reads: its operands and its gather reads. */
static inline bool gspmdRoleIsRead(GspmdTensorRole role) {
  return role == GSPMD_ROLE_OPERAND || role == GSPMD_ROLE_CAPTURE;
}

/* How an op reads a window that starts at its reach's low end instead of
 * at index 0 (partitioning hands it exactly that window after a halo
 * exchange), by op: */
typedef enum GspmdWindowRebase {
  GSPMD_REBASE_MAP,          /* linalg: the map's constant drops by lo (named
                                ops only get windows with lo == 0) */
  GSPMD_REBASE_PERIODIC_MAP, /* linalg `e mod n` on a dim of n: the window
                                wraps around (a rotation, `(d0 - 1) mod L`);
                                the mod drops, then the constant by lo. Fed
                                by a periodic halo exchange (collective_permute
                                with wrap) only where the dim splits evenly */
  GSPMD_REBASE_PAD,          /* tensor.pad: low and high of the dim become 0 */
  GSPMD_REBASE_SLICE,        /* tensor.extract_slice: offset 0, local size */
  GSPMD_REBASE_TOSA_PAD,     /* tosa conv/pool `pad` attribute entries: 0 */
  GSPMD_REBASE_TOSA_START,   /* tosa.slice start operand entry: 0 */
  GSPMD_REBASE_TOSA_PADDING  /* tosa.pad padding operand entries: 0 */
} GspmdWindowRebase;

/* What elements outside the tensor read as. */
typedef enum GspmdWindowFill {
  GSPMD_FILL_ZERO,       /* only padded output elements read outside */
  GSPMD_FILL_LOWEST,     /* max pools: -inf, padding never wins */
  GSPMD_FILL_PAD_REGION, /* tensor.pad: the value its region yields (defined
                            outside the region) */
  GSPMD_FILL_PAD_OPERAND /* tosa.pad: the splat of its pad_const operand */
} GspmdWindowFill;

/* How a window dim reads its factor: element stride * i + r for factor index
 * i and every r in [lo, hi] (a 3-tap stencil on d0 + 1: stride 1, r in
 * [1, 3]; a 7x7 stride-2 conv: stride 2, r in [0, 6]; tensor.pad low 2:
 * stride 1, r = -2). stride 0: the op has no form that reads a shifted
 * window (an average pool over padding, a pad value computed from the
 * indices), so the dim cannot be read through a halo. */
typedef struct GspmdWindow {
  int64_t stride, lo, hi;
  GspmdWindowRebase rebase;
  GspmdWindowFill fill;
} GspmdWindow;

/* A tensor of a rule: its shape and how its dims read the factors. Ops of
 * one signature share these (GspmdRuleCache); which value the tensor is
 * belongs to the op (GspmdOpRule.ids). */
typedef struct GspmdRuleTensor {
  GspmdTensorRole role;
  int position; /* operand or result number for those roles */
  int rank;
  int64_t shape[GSPMD_MAX_RANK];
  /* dim d is the product of factors dim_factors[d][0..n) (major first);
   * n == 0 means the dim is not tied to any factor and stays unsplit. */
  int8_t dim_num_factors[GSPMD_MAX_RANK];
  int16_t dim_factors[GSPMD_MAX_RANK][GSPMD_MAX_DIM_FACTORS]; /* < 2^15 */
  /* dim d reads its (single) factor through a window (conv input, pad,
   * slice offsets, shifted stencils). */
  bool dim_window[GSPMD_MAX_RANK];
  /* [GSPMD_MAX_RANK] for window dims; NULL until a window is set (a window
   * dim without one has no halo form). Most tensors have no window, and a
   * rule of every op lives for the whole pass: kept out of line. */
  GspmdWindow *window;
} GspmdRuleTensor;

/* The rule of one op. Everything but `op` and `ids` may be shared with
 * other ops of the same signature (same name, attributes, operand and
 * result types): read-only once built. */
typedef struct GspmdOpRule {
  MlirOperation op;
  GspmdRulePriority priority;
  int num_factors;
  GspmdFactorKind *factor_kind; /* [num_factors] */
  int64_t *factor_size;         /* [num_factors]; -1 when unknown */
  GspmdArena *arena;            /* the rule's memory, for windows set later */
  int num_tensors, max_tensors;
  GspmdRuleTensor *tensors; /* [max_tensors], the first num_tensors used */
  GspmdTensorId *ids;       /* [max_tensors]: the op's tensor t is ids[t] */
} GspmdOpRule;

/* Rules already built, by op signature (lib/Rules/cache.c). */
typedef struct GspmdRuleCache GspmdRuleCache;

/* What rule builders may need beyond the op: a symbol table to resolve
 * callees, and the arena. */
typedef struct GspmdRuleContext {
  GspmdArena *arena;
  MlirOperation module;
  /* The module's functions, for calls (required when the module has
   * calls). */
  const GspmdFuncTable *funcs;
  /* Optional (NULL: every rule is built): ops whose rule follows from
   * their signature alone share the first such op's factors and tensors. */
  GspmdRuleCache *cache;
} GspmdRuleContext;

/* A cache of rules by op signature (rules live in the rule context's
 * arena, which must outlive the cache's use); free it with
 * gspmdRuleCacheDestroy. */
GspmdRuleCache *gspmdRuleCacheCreate(void);

/* Sets up ctx for the passes over `module`: rules in `arena`, the module's
 * functions in `funcs` (built here) and a rule cache. Undo with
 * gspmdRuleContextFree before the arena and funcs go. */
void gspmdRuleContextInit(GspmdRuleContext *ctx, GspmdArena *arena,
                          MlirOperation module, GspmdFuncTable *funcs);
void gspmdRuleContextFree(GspmdRuleContext *ctx, GspmdFuncTable *funcs);
void gspmdRuleCacheDestroy(GspmdRuleCache *cache);

/* Builds the rule(s) of `op` into *out (an arena array of *num_out rules).
 * Most ops have one rule; data-flow ops may have several. Returns:
 *   GSPMD_RULE_OK        rules built (maybe zero: the op has no tensors);
 *   GSPMD_RULE_NONE      no rule for this op: keep it replicated;
 *   GSPMD_RULE_SKIP      the op is handled by its parent's rule (scf.yield,
 *                        scf.condition) or has no tensor semantics. */
typedef enum GspmdRuleStatus {
  GSPMD_RULE_OK,
  GSPMD_RULE_NONE,
  GSPMD_RULE_SKIP
} GspmdRuleStatus;

GspmdRuleStatus gspmdBuildOpRules(GspmdRuleContext *ctx, MlirOperation op,
                                  GspmdOpRule **out, int *num_out);

/* Writes the rule in Shardy's notation, e.g.
 *   "([i, k], [k, j])->([i, j]) {i=8, j=16, k=32} reduction={k}"
 * into buf (snprintf-style; returns the length needed). */
size_t gspmdRulePrint(const GspmdOpRule *rule, char *buf, size_t buf_size);

/* True for the tosa ops that apply one function per element (with numpy
 * rank-broadcast of size-1 dims): on shards they compute their shard. */
bool gspmdTosaIsElementwise(MlirOperation op);

/* The values of op's operand `operand` when a tosa.const_shape defines it
 * (tosa.slice start/size, tosa.pad padding); returns their count, or -1. */
int gspmdTosaConstShape(MlirOperation op, int operand, int64_t *out, int max);

/* tosa.pad's pad value (a scalar attribute) when its pad_const operand is a
 * splat tosa.const; null otherwise. */
MlirAttribute gspmdTosaPadValue(MlirOperation op);

/*===-- What partitioning asks of an op besides its factors ---------------===*/

/* How a value an op made from nothing is made again in another layout,
 * instead of being moved. */
typedef enum GspmdRemake {
  GSPMD_REMAKE_NONE,
  GSPMD_REMAKE_EMPTY, /* an uninitialised tensor of the local type */
  GSPMD_REMAKE_FILL,  /* the op again, on its init (operand 1) made again */
  GSPMD_REMAKE_SPLAT  /* a splat constant of the local type */
} GspmdRemake;

/* Where an op keeps sizes that name a shape, which must follow the local
 * shapes after partitioning. */
typedef enum GspmdShapeHolder {
  GSPMD_SHAPE_NONE,
  GSPMD_SHAPE_SLICE_SIZES,   /* i64 array attribute `attr`: a slice's sizes
                                of operand `operand`; split dims take their
                                local shard size */
  GSPMD_SHAPE_RESULT_ATTR,   /* i64 array attribute `attr`: the result shape */
  GSPMD_SHAPE_RESULT_OPERAND /* tosa.const_shape operand `operand`: the
                                result shape */
} GspmdShapeHolder;

typedef struct GspmdOpFacts {
  bool local_form;     /* the op itself on local shapes computes its part */
  bool region_is_body; /* its region computes values (tensor.pad's yield),
                          it is not control flow */
  bool constant;       /* made from its value attribute alone */
  GspmdRemake remake;  /* for results of the op (NONE when it cannot) */
  GspmdShapeHolder shape_holder;
  const char *shape_attr;
  int shape_operand;
  unsigned sliced_operands; /* bit i: operand i is read at static_offsets /
                               static_sizes / static_strides */
  unsigned whole_operands;  /* bit i: operand i is read whole (tosa zero
                               points) */
  /* Ops other than linalg whose reduction factors combine partial results
   * (tosa.matmul): the combiner, which operands padding must be masked in
   * with its identity, and whether that masking is exact on integers too
   * (not when zero points are subtracted). */
  bool combines;
  GspmdCombiner combiner;
  unsigned masked_operands;
  bool masking_exact_on_integers;
  /* Its reduction factors are rows of operand 0 read at dynamic offsets
   * (static_offsets entries ShapedType::kDynamic, their values the operands
   * after the source, in order): split, each device reads the row when it
   * holds it and gives zeros when not. */
  bool looks_up_rows;
} GspmdOpFacts;

/* What the table in lib/Rules/facts.c knows of `op`, checked against the op
 * itself (a tensor.empty with dynamic sizes cannot be remade, a constant
 * only when it is a splat). An op it does not know gets no facts (all
 * zero: no local form, nothing remade, no operand masks). */
GspmdOpFacts gspmdOpFacts(MlirOperation op);

/* True when v is made from nothing (tensor.empty, a fill of one, a splat):
 * made again in any layout, it moves nothing, and it carries no layout from
 * one of its users to another. */
bool gspmdValueRemakable(MlirValue v);

/* The scalar every element of `v` holds when v is a splat constant or a fill
 * of a scalar constant; a null attribute otherwise. */
MlirAttribute gspmdSplatScalar(MlirValue v);

/* For an op that looks up rows (GspmdOpFacts.looks_up_rows): the operand
 * holding the dynamic offset of dim `dim` of its operand 0. */
int gspmdLookupOffsetOperand(MlirOperation op, int dim);

/* True when op (inside a linalg body) is the position of loop *dim along its
 * iteration space (linalg.index): partitioning adds the shard's offset. */
bool gspmdIsLoopIndex(MlirOperation op, int *dim);

/* A tensor op's body reads with one tensor.extract although it is not an
 * operand: a table looked up at indices the body computes (an embedding),
 * or a tensor read at the loops' positions. Per dim of the tensor, the loop
 * whose position (linalg.index) it is read at, or -1: looked up at computed
 * indices. */
typedef struct GspmdGatherRead {
  MlirOperation extract; /* the tensor.extract, directly in the body */
  int rank;
  int loop[GSPMD_MAX_RANK];
} GspmdGatherRead;

/* The gather reads of op (a linalg op whose loops are all parallel), in body
 * order, into reads[0..max); returns how many. A tensor read anywhere else
 * in the op (twice, by another op, in a nested region) is not a gather read:
 * the partitioner replicates it. A dim looked up at computed indices may be
 * split: each device looks up its rows only, the others give the identity of
 * a sum (gspmdOpReduction), and the results are partial sums. */
int gspmdGatherReads(MlirOperation op, GspmdGatherRead *reads, int max);

/* True when v is a gather read of `rule` (a GSPMD_ROLE_CAPTURE tensor of
 * it); false for a NULL rule. */
bool gspmdRuleHasGatherRead(const GspmdOpRule *rule, MlirValue v);

/* How op's split reduction factors combine (GSPMD_REDUCTION_NONE: they
 * cannot be split): for linalg ops every output must be `comb(acc, x)` with
 * one collective-reducible combiner and x not reading an accumulator. Fills
 * mask[operand] with the reduction whose identity masks padding of an uneven
 * split (NONE: not masked) and sets *maskable false when some x is not an
 * input (or a product of two inputs for a sum): then only even splits are
 * exact. mask has one entry per operand. A linalg op with gather reads
 * (gspmdGatherReads) combines its looked-up dims by sum, exactly for any
 * split. */
GspmdReduction gspmdOpReduction(MlirOperation op, GspmdReduction *mask,
                                bool *maskable);

/* True when scalar attribute `value` is the identity of `kind` (a fill or
 * splat of it may be kept on every device of a split reduction). */
bool gspmdIsIdentityValue(MlirAttribute value, GspmdReduction kind);

/*===-- A slice of a pad read as a pad of a slice -------------------------===*/

/* What extract_slice(pad(x)) reads, written as pad(extract_slice(x)): the
 * slice of the pad's source x (offsets, sizes, strides, over x's rank) and
 * the widths of the pad around it (low, high), with the pad's value. Dims a
 * rank-reducing slice drops are dropped by the new slice (their size is 1,
 * their widths 0). */
typedef struct GspmdSliceOfPad {
  MlirOperation pad;
  int rank;
  int64_t offsets[GSPMD_MAX_RANK], sizes[GSPMD_MAX_RANK],
      strides[GSPMD_MAX_RANK];
  int64_t low[GSPMD_MAX_RANK], high[GSPMD_MAX_RANK];
  bool dropped[GSPMD_MAX_RANK];
} GspmdSliceOfPad;

/* True, with *out filled, when op is a tensor.extract_slice of a
 * tensor.pad that reads as a pad of a slice of the pad's source: static
 * offsets, sizes, strides, widths and source shape, a pad value that does
 * not depend on the position, a slice that reads a part of the pad and at
 * least one element of the source along every dim. */
bool gspmdSliceOfPad(MlirOperation op, GspmdSliceOfPad *out);

/*===-- How an op gains a leading dim (the pipeline's stage dim) ----------===*/

typedef enum GspmdBatchForm {
  GSPMD_BATCH_NONE,     /* the op cannot be batched */
  GSPMD_BATCH_OPERANDS, /* its tensors gain the dim, as the fields say */
  GSPMD_BATCH_GENERIC   /* a linalg.generic: a leading parallel loop */
} GspmdBatchForm;

/* The leading entry an i64 array attribute gains: 0, 1 or the dim's size. */
typedef enum GspmdBatchEntry {
  GSPMD_BATCH_ZERO,
  GSPMD_BATCH_ONE,
  GSPMD_BATCH_SIZE
} GspmdBatchEntry;

typedef struct GspmdBatchPrepend {
  const char *attr; /* NULL ends the list */
  GspmdBatchEntry entry;
} GspmdBatchPrepend;

typedef struct GspmdBatching {
  GspmdBatchForm form;
  int operands;          /* how many leading operands gain the dim; -1 all */
  const char *bump_attr; /* an integer attribute naming a dim: one more */
  GspmdBatchPrepend prepend[4];
  bool reassociation; /* reassociation groups shift and gain [0] */
  bool region_index;  /* the region gains a leading index argument */
  /* Its results read no tensor but the inits they overwrite (a fill, an
   * iota): a result the stage needs with the dim is the op again, batched,
   * where a broadcast of the one copy would make partitioning move it. */
  bool remake;
} GspmdBatching;

/* How `op` is batched over a new leading dim (lib/Rules/batching.c);
 * form NONE when it cannot be. */
GspmdBatching gspmdOpBatching(MlirOperation op);

/* Sets the loop a linalg.index reads (see gspmdIsLoopIndex). */
void gspmdSetLoopIndex(MlirOperation op, int dim);

/*===-- Projection between tensor shardings and factors -------------------===*/

/* Axes assigned to each factor (major to minor). */
typedef struct GspmdFactorAxes {
  int num_axes;
  int axes[GSPMD_MAX_MESH_AXES];
} GspmdFactorAxes;

/* Projects a tensor's sharding onto the rule's factors: for each dim, its
 * axes are handed to its factors major first, each factor taking axes while
 * their product divides the factor size; a factor that is not filled exactly
 * ends the dim (the sharding stops there). Factors of kind REPLICATED and
 * dims with no factor take nothing. Writes one entry per factor (factors this
 * tensor does not touch get num_axes = -1, meaning "no opinion"). */
void gspmdProjectToFactors(const GspmdOpRule *rule, int tensor,
                           const GspmdMesh *mesh, const GspmdSharding *s,
                           GspmdFactorAxes *factor_axes);

/* Where gspmdProjectToFactors stops at a major factor that an axis
 * overfills: a dim whose next axis (of size n) shares a divisor g with what
 * is left of the factor (r; g = gcd(n, r), 1 < g < n), as a split of 8
 * devices meets a reshape of the dim into 4 heads (g = 4) or 12 (g = 4).
 * Splitting that axis into a major part of size g and a minor one of n / g
 * lets the projection go on (Shardy's sub-axes); where g < r the minor part
 * stops there. Returns true and the axis and g for the first such place. */
bool gspmdProjectionOverfills(const GspmdOpRule *rule, int tensor,
                              const GspmdMesh *mesh, const GspmdSharding *s,
                              int *axis, int64_t *major);

/* The inverse: the sharding of tensor `tensor` given per-factor axes. A dim
 * takes its factors' axes major first and stops after a factor whose axes do
 * not fill it exactly. Factors with num_axes < 0 contribute nothing. */
void gspmdProjectFromFactors(const GspmdOpRule *rule, int tensor,
                             const GspmdMesh *mesh,
                             const GspmdFactorAxes *factor_axes,
                             GspmdSharding *out);

/* True when factor f is read through a window or is replicated-only, or is
 * the only factor of a window dim: partitioning keeps the default's axes for
 * it (its halos are planned), strategies never weigh it. */
bool gspmdRuleFactorIsWindowed(const GspmdOpRule *rule, int f);

#ifdef __cplusplus
}
#endif

#endif /* GSPMD_RULES_H */
