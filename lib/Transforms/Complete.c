/*
 * Complete.c - gspmd-complete: sharding completion (propagation).
 *
 * Gives every tensor value a sharding from the few the user wrote (function
 * argument/result attributes, sharding_constraint, op result attributes
 * already present), none of which it changes. It reads only op rules
 * (lib/Rules): each rule ties tensor dims to factors; the pass projects the
 * known shardings of an op's tensors onto its factors, merges them (a longer
 * compatible axis list wins, which is how data and model parallelism combine;
 * on a conflict the user's annotation, then the larger tensor, wins with a
 * remark), and projects back onto the tensors that are still open.
 *
 * Order (GSPMD, Shardy): a fixed point over pass-through rules first, then
 * with the other rules added, then with broadcast-like ones. Each phase is a
 * worklist: when a tensor becomes more specific, only the rules touching it
 * are revisited. A tensor can only grow more specific (at most one step per
 * mesh axis), so the work is linear in the size of the program, whatever the
 * number of users of a value or of devices.
 *
 * Calls: a function gets one signature, tied to all its call sites. So that
 * a callee reached with different shardings does not force a reshard on all
 * but one caller, a first propagation cuts the calls to cloneable functions
 * (a body, no sharding written on the signature, not recursive); then,
 * callers before callees, each call site is tied to the first copy of its
 * callee whose signature fits what the caller gives and wants, or to a new
 * private copy (@f_1, ...). Sites that agree share a copy; copies per
 * function are capped. The normal propagation then runs on the module with
 * its clones. Annotated callees keep one signature (callers reshard to it).
 *
 * Options: explain=true remarks where each sharding came from and each clone;
 * print-rules=true remarks each op's rule in Shardy's notation;
 * clone-callees=false keeps one signature per function (no clones);
 * sub-axes=cheaper|always|off refines a mesh axis that overfills a
 * reshape's major dim into sub-axes when that saves bytes (a trial of both
 * on copies, completed and partitioned), always, or never.
 *
 * Assumes: shardings refer to gspmd.mesh ops at the top of the module; ops
 * without a rule keep their results replicated (with a remark). Values in
 * regions (loop arguments) share their loop result's sharding and carry no
 * attribute of their own.
 */
#include "gspmd/callgraph.h"
#include "gspmd/passes.h"
#include "gspmd/rules.h"
#include "gspmd/support.h"

#include "gspmd-c/Dialect.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef GspmdModuleMesh Mesh;

typedef struct Slot {
  GspmdTensorId id;
  int rank;
  int64_t num_elements;
  int mesh; /* index into meshes, -1: replicated / unknown */
  bool has_sharding;
  bool fixed; /* written by the user: never changed */
  /* Made from nothing (gspmdValueRemakable: a tensor.empty shared as the
   * init of unrelated ops, a zero fill): the partitioner makes it again in
   * whatever layout each user wants, so the sharding it takes from one user
   * is passed to no other. */
  bool remade;
  const GspmdSharding *sharding; /* interned: see internSharding */
  int from_slot, via_node;       /* explain: where the last update came from */
  int first_use, last_use;       /* nodes touching this slot: a list in uses */
} Slot;

/* One entry of a slot's list of nodes; appended as nodes are added, so
 * clones' bodies and call ties can join the graph after a propagation. */
typedef struct Use {
  int node, next;
} Use;

typedef struct Node {
  GspmdOpRule *rule;
  int *slots; /* slot of each rule tensor */
  bool queued, conflict_reported;
  bool deferred; /* in pending: touched before its priority's phase */
} Node;

typedef struct Cloner Cloner;

typedef struct Completion {
  MlirOperation module;
  bool explain, print_rules;
  bool quiet; /* the cloning analysis: no remarks or errors of its own */
  bool again; /* a run after a mesh refinement: op remarks said already */
  GspmdArena arena;
  GspmdRuleContext rules;
  GspmdVec meshes;  /* Mesh */
  GspmdVec slots;   /* Slot */
  GspmdVec nodes;   /* Node */
  GspmdVec uses;    /* Use */
  GspmdVec pending; /* int: deferred nodes */
  GspmdPtrMap value_slot, func_result_slot, manual_slot;
  GspmdFuncTable funcs; /* top-level functions, clones included */
  int *queue;
  int queue_head, queue_tail, queue_capacity;
  Cloner *cloner; /* set during the cloning analysis: calls it defers */
  /* Distinct shardings, each stored once (open addressing, power-of-two
   * capacity): a program has a handful, and a slot per value holding its
   * own 1 KB copy was most of completion's memory. */
  const GspmdSharding **interned;
  size_t num_interned, interned_capacity;
  bool failed;
} Completion;

#define SLOT(c, i) (&GSPMD_VEC_AT(&(c)->slots, Slot, i))
#define NODE(c, i) (&GSPMD_VEC_AT(&(c)->nodes, Node, i))
#define MESH(c, i) (&GSPMD_VEC_AT(&(c)->meshes, Mesh, i))

/*===-- Meshes and slots --------------------------------------------------===*/

static uint64_t shardingHash(const GspmdSharding *s) {
  uint64_t h = 1469598103934665603ull ^ (uint64_t)s->rank;
  for (int d = 0; d < s->rank; ++d)
    for (int i = -1; i < s->dim_num_axes[d]; ++i) {
      h ^= (uint64_t)(i < 0 ? 100 + s->dim_num_axes[d] : s->dim_axes[d][i]);
      h *= 1099511628211ull;
    }
  return h;
}

static void internInsert(const GspmdSharding **table, size_t capacity,
                         const GspmdSharding *s) {
  size_t i = shardingHash(s) & (capacity - 1);
  while (table[i])
    i = (i + 1) & (capacity - 1);
  table[i] = s;
}

/* The one stored copy of `s` (equal shardings share it). */
static const GspmdSharding *internSharding(Completion *c,
                                           const GspmdSharding *s) {
  if (2 * (c->num_interned + 1) > c->interned_capacity) {
    size_t capacity = c->interned_capacity ? 2 * c->interned_capacity : 64;
    const GspmdSharding **table = calloc(capacity, sizeof(*table));
    for (size_t i = 0; i < c->interned_capacity; ++i)
      if (c->interned[i])
        internInsert(table, capacity, c->interned[i]);
    free(c->interned);
    c->interned = table;
    c->interned_capacity = capacity;
  }
  size_t mask = c->interned_capacity - 1;
  for (size_t i = shardingHash(s) & mask; c->interned[i]; i = (i + 1) & mask)
    if (gspmdShardingEqual(c->interned[i], s))
      return c->interned[i];
  GspmdSharding *copy = gspmdArenaAlloc(&c->arena, sizeof(*copy));
  *copy = *s;
  internInsert(c->interned, c->interned_capacity, copy);
  ++c->num_interned;
  return copy;
}

static int findMesh(Completion *c, MlirStringRef name) {
  return gspmdFindMesh(&c->meshes, name);
}

static int newSlot(Completion *c, GspmdTensorId id, MlirType type) {
  Slot *s = gspmdVecPush(&c->slots);
  s->id = id;
  s->mesh = -1;
  s->from_slot = s->via_node = -1;
  s->first_use = s->last_use = -1;
  s->num_elements = 1;
  if (mlirTypeIsARankedTensor(type)) {
    s->rank = (int)mlirShapedTypeGetRank(type);
    for (int d = 0; d < s->rank; ++d)
      if (!mlirShapedTypeIsDynamicDim(type, d))
        s->num_elements *= mlirShapedTypeGetDimSize(type, d);
  }
  GspmdSharding replicated = gspmdShardingReplicated(s->rank);
  s->sharding = internSharding(c, &replicated);
  return (int)c->slots.size - 1;
}

static int valueSlot(Completion *c, MlirValue v) {
  int slot = gspmdPtrMapGet(&c->value_slot, v.ptr);
  if (slot < 0) {
    GspmdTensorId id = {v, {NULL}, 0};
    slot = newSlot(c, id, mlirValueGetType(v));
    SLOT(c, slot)->remade = gspmdValueRemakable(v);
    gspmdPtrMapPut(&c->value_slot, v.ptr, slot);
  }
  return slot;
}

static MlirType funcResultType(MlirOperation func, int index) {
  MlirAttribute type_attr =
      mlirOperationGetAttributeByName(func, gspmdStr("function_type"));
  return mlirFunctionTypeGetResult(mlirTypeAttrGetValue(type_attr), index);
}

static int numFuncResults(MlirOperation func) {
  MlirAttribute type_attr =
      mlirOperationGetAttributeByName(func, gspmdStr("function_type"));
  return (int)mlirFunctionTypeGetNumResults(mlirTypeAttrGetValue(type_attr));
}

/* The results of one function get consecutive slots, made together. */
static int funcResultSlot(Completion *c, MlirOperation func, int index) {
  int base = gspmdPtrMapGet(&c->func_result_slot, func.ptr);
  if (base < 0) {
    base = (int)c->slots.size;
    for (int k = 0; k < numFuncResults(func); ++k) {
      GspmdTensorId id = {{NULL}, func, k};
      newSlot(c, id, funcResultType(func, k));
    }
    gspmdPtrMapPut(&c->func_result_slot, func.ptr, base);
  }
  return base + index;
}

static bool isManual(MlirOperation op) {
  return gspmdStringRefEq(gspmdOpName(op), "gspmd.manual_computation");
}

static void fixSlot(Completion *c, int slot, MlirAttribute attr,
                    MlirLocation loc);

/* Fixes a slot to `attr` restricted to the manual axes of region `op`
 * (keep) or to its free axes (!keep). */
static void fixSlotManualPart(Completion *c, int slot, MlirOperation op,
                              MlirAttribute attr, bool keep) {
  MlirLocation loc = mlirOperationGetLocation(op);
  fixSlot(c, slot, attr, loc);
  Slot *s = SLOT(c, slot);
  if (s->mesh < 0)
    return;
  const GspmdMesh *mesh = &MESH(c, s->mesh)->mesh;
  int axes[GSPMD_MAX_MESH_AXES];
  int n = gspmdReadMeshAxes(
      mlirOperationGetAttributeByName(op, gspmdStr("manual_axes")), mesh, axes);
  uint32_t mask = 0;
  for (int i = 0; i < n; ++i)
    mask |= 1u << axes[i];
  GspmdSharding part = gspmdShardingFilterAxes(s->sharding, mask, keep);
  s->sharding = internSharding(c, &part);
}

/* The boundary shardings of a manual region (rules.h): its in_shardings
 * and the free axes of its out_shardings, fixed. */
static int manualSlot(Completion *c, MlirOperation op, int index) {
  int base = gspmdPtrMapGet(&c->manual_slot, op.ptr);
  if (base < 0) {
    base = (int)c->slots.size;
    int n_in = (int)mlirOperationGetNumOperands(op);
    int n_out = (int)mlirOperationGetNumResults(op);
    MlirOperation yield = mlirBlockGetTerminator(
        mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)));
    for (int k = 0; k < n_in + n_out; ++k) {
      MlirValue v = k < n_in ? mlirOperationGetOperand(op, k)
                             : mlirOperationGetOperand(yield, k - n_in);
      GspmdTensorId id = {{NULL}, op, k};
      newSlot(c, id, mlirValueGetType(v));
    }
    gspmdPtrMapPut(&c->manual_slot, op.ptr, base);
    MlirAttribute ins =
        mlirOperationGetAttributeByName(op, gspmdStr("in_shardings"));
    MlirAttribute outs =
        mlirOperationGetAttributeByName(op, gspmdStr("out_shardings"));
    for (int k = 0; k < n_in; ++k)
      fixSlot(c, base + k, mlirArrayAttrGetElement(ins, k),
              mlirOperationGetLocation(op));
    for (int k = 0; k < n_out; ++k)
      fixSlotManualPart(c, base + n_in + k, op,
                        mlirArrayAttrGetElement(outs, k), false);
  }
  return base + index;
}

static int tensorSlot(Completion *c, GspmdTensorId id) {
  if (mlirValueIsNull(id.value) && isManual(id.func))
    return manualSlot(c, id.func, id.index);
  return mlirValueIsNull(id.value) ? funcResultSlot(c, id.func, id.index)
                                   : valueSlot(c, id.value);
}

/* Seeds a slot with a sharding attribute: fixed (user-written, never
 * changed) or, for an open sharding_constraint, a floor completion may make
 * more specific. */
static void seedSlot(Completion *c, int slot, MlirAttribute attr,
                     MlirLocation loc, bool fixed) {
  Slot *s = SLOT(c, slot);
  s->fixed = fixed;
  s->has_sharding = true;
  if (gspmdAttributeIsAReplicated(attr) || !gspmdAttributeIsASharding(attr))
    return;
  int mesh = findMesh(c, gspmdShardingGetMeshName(attr));
  GspmdSharding read;
  if (mesh < 0 ||
      !gspmdShardingFromAttr(attr, &MESH(c, mesh)->mesh, s->rank, &read)) {
    if (!c->quiet)
      mlirEmitError(loc, "gspmd-complete: cannot read this sharding");
    c->failed = true;
    return;
  }
  s->sharding = internSharding(c, &read);
  s->mesh = mesh;
}

static void fixSlot(Completion *c, int slot, MlirAttribute attr,
                    MlirLocation loc) {
  seedSlot(c, slot, attr, loc, true);
}

/*===-- Building the graph ------------------------------------------------===*/

/* Appends `node` to the users of `slot` (a node touching a slot twice is
 * listed twice; harmless). */
static void addUse(Completion *c, int slot, int node) {
  int index = (int)c->uses.size;
  Use *u = gspmdVecPush(&c->uses);
  u->node = node;
  u->next = -1;
  Slot *s = SLOT(c, slot);
  if (s->last_use >= 0)
    GSPMD_VEC_AT(&c->uses, Use, s->last_use).next = index;
  else
    s->first_use = index;
  s->last_use = index;
}

static void addNode(Completion *c, GspmdOpRule *rule) {
  int node = (int)c->nodes.size;
  Node *n = gspmdVecPush(&c->nodes);
  n->rule = rule;
  n->slots =
      gspmdArenaAlloc(&c->arena, sizeof(int) * (size_t)(rule->num_tensors + 1));
  for (int t = 0; t < rule->num_tensors; ++t)
    n->slots[t] = tensorSlot(c, rule->ids[t]);
  for (int t = 0; t < rule->num_tensors; ++t)
    addUse(c, NODE(c, node)->slots[t], node);
}

static void remarkNoRule(Completion *c, MlirOperation op) {
  if (c->quiet || c->again)
    return;
  char msg[256];
  MlirStringRef name = gspmdOpName(op);
  snprintf(msg, sizeof(msg),
           "gspmd-complete: no sharding rule for '%.*s'; its results stay "
           "replicated",
           (int)name.length, name.data);
  gspmdEmitRemark(mlirOperationGetLocation(op), msg);
}

static MlirAttribute resultShardings(MlirOperation op) {
  return mlirOperationGetDiscardableAttributeByName(op,
                                                    gspmdShardingAttrName());
}

/* Seeds from what the op itself says: an existing per-result attribute, a
 * sharding_constraint, or (no rule) replicated results. */
static void seedOpResults(Completion *c, MlirOperation op, bool no_rule) {
  MlirAttribute existing = resultShardings(op);
  bool constraint =
      gspmdStringRefEq(gspmdOpName(op), "gspmd.sharding_constraint");
  MlirLocation loc = mlirOperationGetLocation(op);
  if (isManual(op)) {
    MlirAttribute ins =
        mlirOperationGetAttributeByName(op, gspmdStr("in_shardings"));
    MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
    for (intptr_t i = 0; i < mlirBlockGetNumArguments(body); ++i)
      fixSlotManualPart(c, valueSlot(c, mlirBlockGetArgument(body, i)), op,
                        mlirArrayAttrGetElement(ins, i), false);
    if (mlirAttributeIsNull(existing))
      existing = mlirOperationGetAttributeByName(op, gspmdStr("out_shardings"));
  }
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirValue v = mlirOperationGetResult(op, i);
    if (!mlirTypeIsARankedTensor(mlirValueGetType(v)))
      continue;
    if (!mlirAttributeIsNull(existing) && mlirAttributeIsAArray(existing))
      fixSlot(c, valueSlot(c, v), mlirArrayAttrGetElement(existing, i), loc);
    else if (constraint)
      seedSlot(c, valueSlot(c, v),
               mlirOperationGetAttributeByName(op, gspmdStr("sharding")), loc,
               mlirAttributeIsNull(
                   mlirOperationGetAttributeByName(op, gspmdStr("open"))));
    else if (no_rule)
      fixSlot(c, valueSlot(c, v),
              gspmdReplicatedAttrGet(mlirOperationGetContext(op)), loc);
  }
}

/* print-rules: the rule in Shardy's notation, as a remark on the op. */
static void remarkRule(const GspmdOpRule *rule) {
  char text[1024];
  int n = snprintf(text, sizeof(text), "gspmd-complete: rule ");
  gspmdRulePrint(rule, text + n, sizeof(text) - (size_t)n);
  gspmdEmitRemark(mlirOperationGetLocation(rule->op), text);
}

static bool deferCall(Completion *c, MlirOperation op);

static MlirWalkResult visitOp(MlirOperation op, void *user) {
  Completion *c = user;
  if (c->cloner && deferCall(c, op)) {
    seedOpResults(c, op, false);
    return MlirWalkResultAdvance;
  }
  GspmdOpRule *rules;
  int num_rules;
  GspmdRuleStatus status = gspmdBuildOpRules(&c->rules, op, &rules, &num_rules);
  if (status == GSPMD_RULE_NONE)
    remarkNoRule(c, op);
  for (int i = 0; i < num_rules; ++i) {
    if (c->print_rules && !c->quiet && !c->again)
      remarkRule(&rules[i]);
    addNode(c, &rules[i]);
  }
  if (status != GSPMD_RULE_SKIP)
    seedOpResults(c, op, status == GSPMD_RULE_NONE);
  return MlirWalkResultAdvance;
}

static MlirAttribute dictEntry(MlirAttribute array, int i, MlirStringRef name) {
  if (mlirAttributeIsNull(array) || i >= mlirArrayAttrGetNumElements(array))
    return (MlirAttribute){NULL};
  MlirAttribute dict = mlirArrayAttrGetElement(array, i);
  return mlirDictionaryAttrGetElementByName(dict, name);
}

/* A function's argument and result annotations. */
static void seedFunction(Completion *c, MlirOperation f) {
  MlirStringRef name = gspmdShardingAttrName();
  MlirLocation loc = mlirOperationGetLocation(f);
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0));
  MlirAttribute args =
      mlirOperationGetAttributeByName(f, gspmdStr("arg_attrs"));
  MlirAttribute results =
      mlirOperationGetAttributeByName(f, gspmdStr("res_attrs"));
  for (int i = 0;
       !mlirBlockIsNull(entry) && i < mlirBlockGetNumArguments(entry); ++i) {
    MlirValue arg = mlirBlockGetArgument(entry, i);
    MlirAttribute a = dictEntry(args, i, name);
    int slot = valueSlot(c, arg);
    if (!mlirAttributeIsNull(a))
      fixSlot(c, slot, a, loc);
  }
  for (int i = 0; i < numFuncResults(f); ++i) {
    MlirAttribute a = dictEntry(results, i, name);
    int slot = funcResultSlot(c, f, i);
    if (!mlirAttributeIsNull(a))
      fixSlot(c, slot, a, loc);
  }
}

static void seedFunctions(Completion *c) {
  MlirBlock body =
      mlirRegionGetFirstBlock(mlirOperationGetRegion(c->module, 0));
  for (MlirOperation f = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(f); f = mlirOperationGetNextInBlock(f))
    if (gspmdStringRefEq(gspmdOpName(f), "func.func")) {
      seedFunction(c, f);
    }
}

/*===-- Propagation -------------------------------------------------------===*/

/* Candidate order within a rule: user annotations first, then larger
 * tensors, then tensor order (deterministic). */
static bool ranksBefore(Completion *c, Node *n, int a, int b) {
  Slot *sa = SLOT(c, n->slots[a]), *sb = SLOT(c, n->slots[b]);
  if (sa->fixed != sb->fixed)
    return sa->fixed;
  if (sa->num_elements != sb->num_elements)
    return sa->num_elements > sb->num_elements;
  return a < b;
}

static void sortTensors(Completion *c, Node *n, int *order) {
  int count = n->rule->num_tensors;
  for (int i = 0; i < count; ++i)
    order[i] = i;
  for (int i = 1; i < count; ++i)
    for (int j = i; j > 0 && ranksBefore(c, n, order[j], order[j - 1]); --j) {
      int tmp = order[j];
      order[j] = order[j - 1];
      order[j - 1] = tmp;
    }
}

static bool isPrefix(const GspmdFactorAxes *a, const GspmdFactorAxes *b) {
  if (a->num_axes > b->num_axes)
    return false;
  for (int i = 0; i < a->num_axes; ++i)
    if (a->axes[i] != b->axes[i])
      return false;
  return true;
}

/* Conflicts are remarked once propagation is final (a mesh refinement may
 * run it again): remarkConflicts. */
static void markConflict(Node *n) { n->conflict_reported = true; }

static void remarkConflict(Node *n) {
  char msg[256];
  MlirStringRef name = gspmdOpName(n->rule->op);
  snprintf(msg, sizeof(msg),
           "gspmd-complete: conflicting shardings meet at '%.*s'; the user's "
           "annotation, else the larger tensor, wins",
           (int)name.length, name.data);
  gspmdEmitRemark(mlirOperationGetLocation(n->rule->op), msg);
}

/* The mesh this op works on: that of its best-ranked sharded tensor. */
/* A value made from nothing is no source of shardings unless the user
 * annotated it. */
static bool mute(const Slot *s) { return s->remade && !s->fixed; }

static int chooseMesh(Completion *c, Node *n, const int *order, int *source) {
  for (int i = 0; i < n->rule->num_tensors; ++i) {
    Slot *s = SLOT(c, n->slots[order[i]]);
    if (s->has_sharding && s->mesh >= 0 && !mute(s)) {
      *source = order[i];
      return s->mesh;
    }
  }
  return -1;
}

/* Factor and tensor counts most ops stay within: their scratch arrays live
 * on the stack (evaluation runs several times per op). */
#define SMALL_FACTORS 16

/* Per factor, the longest compatible axis list over the tensors (ranked);
 * then no axis may serve two factors (the earlier factor keeps it). */
static void mergeFactors(Completion *c, Node *n, int mesh, const int *order,
                         GspmdFactorAxes *merged) {
  const GspmdOpRule *r = n->rule;
  GspmdFactorAxes small[SMALL_FACTORS];
  GspmdFactorAxes *proj =
      r->num_factors <= SMALL_FACTORS
          ? small
          : malloc(sizeof(GspmdFactorAxes) * (size_t)(r->num_factors + 1));
  for (int f = 0; f < r->num_factors; ++f)
    merged[f].num_axes = -1;
  for (int i = 0; i < r->num_tensors; ++i) {
    int t = order[i];
    Slot *s = SLOT(c, n->slots[t]);
    if (!s->has_sharding || mute(s) || (s->mesh >= 0 && s->mesh != mesh))
      continue;
    gspmdProjectToFactors(r, t, &MESH(c, mesh)->mesh, s->sharding, proj);
    for (int f = 0; f < r->num_factors; ++f) {
      if (proj[f].num_axes < 0)
        continue;
      if (merged[f].num_axes < 0 || isPrefix(&merged[f], &proj[f]))
        merged[f] = proj[f];
      else if (!isPrefix(&proj[f], &merged[f]))
        markConflict(n);
    }
  }
  bool used[GSPMD_MAX_MESH_AXES] = {false};
  for (int f = 0; f < r->num_factors; ++f) {
    if (r->factor_kind[f] == GSPMD_FACTOR_REPLICATED && merged[f].num_axes > 0)
      merged[f].num_axes = 0;
    for (int i = 0; i < merged[f].num_axes; ++i) {
      if (used[merged[f].axes[i]]) {
        merged[f].num_axes = i;
        break;
      }
      used[merged[f].axes[i]] = true;
    }
  }
  if (proj != small)
    free(proj);
}

static void push(Completion *c, int node, int phase) {
  Node *n = NODE(c, node);
  if (n->queued)
    return;
  if ((int)n->rule->priority > phase) {
    if (!n->deferred) { /* its phase will take it up */
      n->deferred = true;
      *(int *)gspmdVecPush(&c->pending) = node;
    }
    return;
  }
  n->queued = true;
  c->queue[c->queue_tail] = node;
  c->queue_tail = (c->queue_tail + 1) % c->queue_capacity;
}

static bool hasAxes(const GspmdSharding *s) {
  for (int d = 0; d < s->rank; ++d)
    if (s->dim_num_axes[d])
      return true;
  return false;
}

/* Updates slot t of node n from the merged factors if that makes it more
 * specific; returns true when it changed. */
static bool refineTensor(Completion *c, int node, int t, int mesh,
                         const GspmdFactorAxes *merged, int source) {
  Node *n = NODE(c, node);
  Slot *s = SLOT(c, n->slots[t]);
  if (s->fixed || (s->mesh >= 0 && s->mesh != mesh))
    return false;
  const GspmdMesh *m = &MESH(c, mesh)->mesh;
  GspmdSharding proposed, next;
  gspmdProjectFromFactors(n->rule, t, m, merged, &proposed);
  if (!hasAxes(&proposed))
    return false;
  if (!s->has_sharding || s->mesh < 0)
    next = proposed;
  else if (!gspmdShardingMerge(m, s->sharding, &proposed, &next))
    return false;
  if (s->has_sharding && s->mesh >= 0 &&
      !gspmdShardingMoreSpecific(&next, s->sharding))
    return false;
  s->sharding = internSharding(c, &next);
  s->has_sharding = true;
  s->mesh = mesh;
  s->from_slot = n->slots[source];
  s->via_node = node;
  return true;
}

static void evaluate(Completion *c, int node, int phase) {
  Node *n = NODE(c, node);
  int count = n->rule->num_tensors;
  int small_order[SMALL_FACTORS];
  int *order = count < SMALL_FACTORS
                   ? small_order
                   : malloc(sizeof(int) * (size_t)(count + 1));
  sortTensors(c, n, order);
  int source = -1;
  int mesh = chooseMesh(c, n, order, &source);
  if (mesh >= 0) {
    int nf = n->rule->num_factors;
    GspmdFactorAxes small[SMALL_FACTORS];
    GspmdFactorAxes *merged =
        nf <= SMALL_FACTORS
            ? small
            : malloc(sizeof(GspmdFactorAxes) * (size_t)(nf + 1));
    mergeFactors(c, n, mesh, order, merged);
    for (int t = 0; t < count; ++t) {
      if (!refineTensor(c, node, t, mesh, merged, source))
        continue;
      for (int u = SLOT(c, n->slots[t])->first_use; u >= 0;
           u = GSPMD_VEC_AT(&c->uses, Use, u).next)
        push(c, GSPMD_VEC_AT(&c->uses, Use, u).node, phase);
    }
    if (merged != small)
      free(merged);
  }
  if (order != small_order)
    free(order);
}

/* Queues the deferred nodes whose phase has come; the others stay. */
static void pushPending(Completion *c, int phase) {
  size_t count = c->pending.size;
  for (size_t i = 0; i < count; ++i) {
    int node = GSPMD_VEC_AT(&c->pending, int, i);
    NODE(c, node)->deferred = false;
    push(c, node, phase); /* may append it again, after `count` */
  }
  if (!count)
    return;
  int *items = c->pending.data;
  memmove(items, items + count, sizeof(int) * (c->pending.size - count));
  c->pending.size -= count;
}

/* Runs the phases over nodes [first_node, end) and whatever earlier
 * updates left pending: the whole graph first, then (cloning analysis) only
 * what a new clone or call tie adds, so repeated calls stay linear. */
static void propagate(Completion *c, int first_node) {
  if (c->queue_capacity < (int)c->nodes.size + 1) { /* empty: no copy */
    free(c->queue);
    c->queue_capacity = 2 * (int)c->nodes.size + 1;
    c->queue = malloc(sizeof(int) * (size_t)c->queue_capacity);
  }
  for (int phase = 0; phase < GSPMD_NUM_PRIORITIES; ++phase) {
    c->queue_head = c->queue_tail = 0;
    for (size_t n = (size_t)first_node; n < c->nodes.size; ++n)
      push(c, (int)n, phase);
    pushPending(c, phase);
    while (c->queue_head != c->queue_tail) {
      int node = c->queue[c->queue_head];
      c->queue_head = (c->queue_head + 1) % c->queue_capacity;
      NODE(c, node)->queued = false;
      evaluate(c, node, phase);
    }
  }
}

/*===-- Writing the result ------------------------------------------------===*/

static MlirAttribute slotAttr(Completion *c, MlirContext ctx, int slot) {
  Slot *s = slot >= 0 ? SLOT(c, slot) : NULL;
  if (!s || s->mesh < 0)
    return gspmdReplicatedAttrGet(ctx);
  Mesh *m = MESH(c, s->mesh);
  return gspmdShardingToAttr(ctx, m->name, &m->mesh, s->sharding);
}

typedef struct Text {
  char buf[1024];
  size_t len;
} Text;

static void appendText(MlirStringRef s, void *user) {
  Text *t = user;
  size_t n = s.length < sizeof(t->buf) - 1 - t->len
                 ? s.length
                 : sizeof(t->buf) - 1 - t->len;
  memcpy(t->buf + t->len, s.data, n);
  t->len += n;
  t->buf[t->len] = '\0';
}

static void appendCString(Text *t, const char *s) {
  appendText(gspmdStr(s), t);
}

/* Describes a user-written slot: which annotation it is. */
static void describeOrigin(Completion *c, int slot, Text *t) {
  Slot *s = SLOT(c, slot);
  char buf[256];
  if (mlirValueIsNull(s->id.value) && isManual(s->id.func)) {
    snprintf(buf, sizeof(buf), "boundary sharding #%d of a manual_computation",
             s->id.index);
  } else if (mlirValueIsNull(s->id.value)) {
    MlirAttribute sym =
        mlirOperationGetAttributeByName(s->id.func, gspmdStr("sym_name"));
    MlirStringRef name = mlirStringAttrGetValue(sym);
    snprintf(buf, sizeof(buf), "the annotation on result #%d of @%.*s",
             s->id.index, (int)name.length, name.data);
  } else if (mlirValueIsABlockArgument(s->id.value)) {
    MlirOperation owner =
        mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(s->id.value));
    MlirAttribute sym =
        mlirOperationGetAttributeByName(owner, gspmdStr("sym_name"));
    MlirStringRef name = mlirAttributeIsNull(sym) ? gspmdOpName(owner)
                                                  : mlirStringAttrGetValue(sym);
    snprintf(buf, sizeof(buf), "the annotation on argument #%d of @%.*s",
             (int)mlirBlockArgumentGetArgNumber(s->id.value), (int)name.length,
             name.data);
  } else {
    MlirOperation owner = mlirOpResultGetOwner(s->id.value);
    MlirStringRef name = gspmdOpName(owner);
    snprintf(buf, sizeof(buf), "the sharding written on result #%d of '%.*s'",
             (int)mlirOpResultGetResultNumber(s->id.value), (int)name.length,
             name.data);
  }
  appendCString(t, buf);
}

/* "from <annotation> via op <- op <- ..." following the recorded updates. */
static void explainSlot(Completion *c, int slot, MlirLocation loc,
                        const char *what) {
  Slot *s = SLOT(c, slot);
  if (s->fixed || s->via_node < 0)
    return;
  Text t = {{0}, 0};
  appendCString(&t, "gspmd-complete: ");
  appendCString(&t, what);
  appendCString(&t, " is ");
  mlirAttributePrint(slotAttr(c, mlirLocationGetContext(loc), slot), appendText,
                     &t);
  appendCString(&t, " via");
  int cur = slot;
  for (int steps = 0;
       steps < 16 && !SLOT(c, cur)->fixed && SLOT(c, cur)->via_node >= 0;
       ++steps) {
    MlirStringRef name = gspmdOpName(NODE(c, SLOT(c, cur)->via_node)->rule->op);
    appendCString(&t, steps ? " <- " : " ");
    appendText(name, &t);
    cur = SLOT(c, cur)->from_slot;
  }
  appendCString(&t, " from ");
  if (SLOT(c, cur)->fixed)
    describeOrigin(c, cur, &t);
  else
    appendCString(&t, "(a longer chain)");
  gspmdEmitRemark(loc, t.buf);
}

static MlirWalkResult writeOp(MlirOperation op, void *user) {
  Completion *c = user;
  intptr_t n = mlirOperationGetNumResults(op);
  bool any_tensor = false;
  for (intptr_t i = 0; i < n; ++i)
    any_tensor |= mlirTypeIsARankedTensor(
        mlirValueGetType(mlirOperationGetResult(op, i)));
  if (!any_tensor || gspmdOperationIsAMesh(op))
    return MlirWalkResultAdvance;
  MlirContext ctx = mlirOperationGetContext(op);
  MlirAttribute *attrs = malloc(sizeof(MlirAttribute) * (size_t)n);
  for (intptr_t i = 0; i < n; ++i) {
    MlirValue v = mlirOperationGetResult(op, i);
    int slot = gspmdPtrMapGet(&c->value_slot, v.ptr);
    attrs[i] = slotAttr(c, ctx, slot);
    if (c->explain && slot >= 0) {
      char what[64];
      snprintf(what, sizeof(what), "result #%d", (int)i);
      explainSlot(c, slot, mlirOperationGetLocation(op), what);
    }
  }
  mlirOperationSetDiscardableAttributeByName(op, gspmdShardingAttrName(),
                                             mlirArrayAttrGet(ctx, n, attrs));
  free(attrs);
  return MlirWalkResultAdvance;
}

static MlirAttribute withSharding(MlirContext ctx, MlirAttribute old,
                                  MlirAttribute value) {
  return gspmdDictionarySet(ctx, old, gspmdShardingAttrName(), value);
}

/* Writes a function's arg_attrs or res_attrs in one step: setting them one
 * argument at a time would rebuild (and keep, uniqued) the whole array per
 * argument, which is quadratic in the number of arguments. */
static void writeFunctionAttrs(Completion *c, MlirOperation f, bool results,
                               int count) {
  MlirContext ctx = mlirOperationGetContext(f);
  MlirLocation loc = mlirOperationGetLocation(f);
  const char *attr_name = results ? "res_attrs" : "arg_attrs";
  MlirAttribute old = mlirOperationGetAttributeByName(f, gspmdStr(attr_name));
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0));
  MlirAttribute *dicts = malloc(sizeof(MlirAttribute) * (size_t)(count + 1));
  for (int i = 0; i < count; ++i) {
    MlirAttribute dict = mlirAttributeIsNull(old)
                             ? mlirDictionaryAttrGet(ctx, 0, NULL)
                             : mlirArrayAttrGetElement(old, i);
    MlirType type = results ? funcResultType(f, i)
                            : mlirValueGetType(mlirBlockGetArgument(entry, i));
    int slot = results ? funcResultSlot(c, f, i)
                       : gspmdPtrMapGet(&c->value_slot,
                                        mlirBlockGetArgument(entry, i).ptr);
    dicts[i] = dict;
    if (!mlirTypeIsARankedTensor(type) || (slot >= 0 && SLOT(c, slot)->fixed))
      continue;
    dicts[i] = withSharding(ctx, dict, slotAttr(c, ctx, slot));
    if (c->explain && slot >= 0) {
      char what[64];
      snprintf(what, sizeof(what), "%s #%d",
               results ? "function result" : "argument", i);
      explainSlot(c, slot, loc, what);
    }
  }
  mlirOperationSetAttributeByName(f, gspmdStr(attr_name),
                                  mlirArrayAttrGet(ctx, count, dicts));
  free(dicts);
}

static void writeFunctions(Completion *c) {
  MlirBlock body =
      mlirRegionGetFirstBlock(mlirOperationGetRegion(c->module, 0));
  for (MlirOperation f = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(f); f = mlirOperationGetNextInBlock(f)) {
    if (!gspmdStringRefEq(gspmdOpName(f), "func.func"))
      continue;
    MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0));
    if (mlirBlockIsNull(entry))
      continue; /* a declaration: its annotations are all it has */
    writeFunctionAttrs(c, f, false, (int)mlirBlockGetNumArguments(entry));
    writeFunctionAttrs(c, f, true, numFuncResults(f));
  }
}

/*===-- Cloning callees per calling context -------------------------------===*/

/* At most this many copies of one function (the original included). It
 * bounds the growth of the module (at most this factor), however deep calls
 * nest; a further context calls the first copy and is resharded. */
#define MAX_COPIES 8

/* One copy of a cloned function; a family's copies are consecutive, the
 * original first. */
typedef struct Copy {
  MlirOperation func;
  int family;    /* graph position of the original */
  int kept;      /* index of the copy its calls go to (itself if kept) */
  int num_calls; /* after merging */
} Copy;

struct Cloner {
  GspmdCallGraph graph;
  bool *cloneable;   /* per graph position */
  GspmdVec *sites;   /* per graph position: its func.call ops (MlirOperation) */
  GspmdPtrMap names; /* StringAttr of every top-level symbol name: taken */
  MlirOperation module;
  MlirBlock module_body;
  GspmdVec copies;         /* Copy, of the functions that were cloned */
  GspmdPtrMap copy_by_ref; /* FlatSymbolRefAttr of a copy -> its index */
};

/* During the analysis a call to a cloneable function is not tied to it: it
 * is recorded, and tied when its callee's turn comes. */
static bool deferCall(Completion *c, MlirOperation op) {
  int callee = gspmdCallGraphCallee(&c->cloner->graph, op);
  if (callee < 0 || !c->cloner->cloneable[callee] ||
      !gspmdInModule(c->module, op))
    return false;
  *(MlirOperation *)gspmdVecPush(&c->cloner->sites[callee]) = op;
  return true;
}

static bool hasSignatureShardings(MlirOperation f) {
  static const char *const lists[2] = {"arg_attrs", "res_attrs"};
  for (int l = 0; l < 2; ++l) {
    MlirAttribute array =
        mlirOperationGetAttributeByName(f, gspmdStr(lists[l]));
    int n = mlirAttributeIsNull(array)
                ? 0
                : (int)mlirArrayAttrGetNumElements(array);
    for (int i = 0; i < n; ++i)
      if (!mlirAttributeIsNull(dictEntry(array, i, gspmdShardingAttrName())))
        return true;
  }
  return false;
}

/* A call site's tensor and a copy's signature tensor agree when their
 * shardings are equal or either is still open (it would take the other's). */
static bool slotsAgree(Completion *c, int a, int b) {
  Slot *sa = SLOT(c, a), *sb = SLOT(c, b);
  if (!sa->has_sharding || !sb->has_sharding)
    return true;
  bool ra = sa->mesh < 0 || !hasAxes(sa->sharding);
  bool rb = sb->mesh < 0 || !hasAxes(sb->sharding);
  if (ra || rb)
    return ra == rb;
  return sa->mesh == sb->mesh && sa->sharding == sb->sharding;
}

/* Whether what the caller gives the call's operands and wants of its results
 * fits the copy's current signature. */
static bool contextFits(Completion *c, MlirOperation call, MlirOperation copy) {
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(copy, 0));
  for (intptr_t k = 0; k < mlirOperationGetNumOperands(call); ++k) {
    MlirValue v = mlirOperationGetOperand(call, k);
    if (mlirTypeIsARankedTensor(mlirValueGetType(v)) &&
        !slotsAgree(c, valueSlot(c, v),
                    valueSlot(c, mlirBlockGetArgument(entry, k))))
      return false;
  }
  for (intptr_t k = 0; k < mlirOperationGetNumResults(call); ++k) {
    MlirValue v = mlirOperationGetResult(call, k);
    if (mlirTypeIsARankedTensor(mlirValueGetType(v)) &&
        !slotsAgree(c, valueSlot(c, v), funcResultSlot(c, copy, (int)k)))
      return false;
  }
  return true;
}

static MlirStringRef symName(MlirOperation f) {
  return mlirStringAttrGetValue(
      mlirOperationGetAttributeByName(f, gspmdStr("sym_name")));
}

/* `base`_N for the next N not naming a top-level symbol yet. */
static MlirAttribute freshName(Cloner *cl, MlirContext ctx, MlirStringRef base,
                               int *counter) {
  size_t size = base.length + 16;
  char *buf = malloc(size);
  MlirAttribute name;
  do {
    snprintf(buf, size, "%.*s_%d", (int)base.length, base.data, ++*counter);
    name = mlirStringAttrGet(ctx, gspmdStr(buf));
  } while (gspmdPtrMapGet(&cl->names, name.ptr) >= 0);
  gspmdPtrMapPut(&cl->names, name.ptr, 1);
  free(buf);
  return name;
}

/* A private copy of `original` after `after`, added to the graph with its
 * calls deferred like the original's. */
static MlirOperation makeCopy(Completion *c, MlirOperation original,
                              MlirOperation after, int *counter) {
  Cloner *cl = c->cloner;
  MlirContext ctx = mlirOperationGetContext(original);
  MlirOperation copy = mlirOperationClone(original);
  mlirOperationSetAttributeByName(
      copy, gspmdStr("sym_name"),
      freshName(cl, ctx, symName(original), counter));
  mlirOperationSetAttributeByName(copy, gspmdStr("sym_visibility"),
                                  mlirStringAttrGet(ctx, gspmdStr("private")));
  mlirBlockInsertOwnedOperationAfter(cl->module_body, after, copy);
  gspmdFuncTableAdd(&c->funcs, copy);
  seedFunction(c, copy);
  mlirOperationWalk(copy, visitOp, c, MlirWalkPreOrder);
  return copy;
}

static void remarkCopy(MlirOperation call, MlirOperation original,
                       MlirOperation copy, bool limit) {
  char msg[512];
  MlirStringRef a = symName(original), b = symName(copy);
  if (limit)
    snprintf(msg, sizeof(msg),
             "gspmd-complete: @%.*s already has %d copies; this call keeps "
             "calling it and is resharded",
             (int)a.length, a.data, MAX_COPIES);
  else
    snprintf(msg, sizeof(msg),
             "gspmd-complete: @%.*s is called here with other shardings than "
             "at its other call sites; calls like this one call its clone "
             "@%.*s",
             (int)a.length, a.data, (int)b.length, b.data);
  gspmdEmitRemark(mlirOperationGetLocation(call), msg);
}

static void recordCopies(Cloner *cl, int family, const MlirOperation *funcs,
                         int n) {
  MlirContext ctx = mlirOperationGetContext(funcs[0]);
  for (int k = 0; n > 1 && k < n; ++k) {
    Copy *copy = gspmdVecPush(&cl->copies);
    copy->func = funcs[k];
    copy->family = family;
    copy->kept = (int)cl->copies.size - 1;
    gspmdPtrMapPut(&cl->copy_by_ref,
                   mlirFlatSymbolRefAttrGet(ctx, symName(funcs[k])).ptr,
                   copy->kept);
  }
}

/* Ties each call site of function `callee` (program order) to the first copy
 * whose signature fits its context, making a new copy when none does, and
 * propagates what the tie brings before looking at the next site (whose
 * context may come from this one's results). The first site always takes
 * the original: a copy without calls would be dead. */
static void cloneFor(Completion *c, int callee) {
  Cloner *cl = c->cloner;
  MlirOperation copies[MAX_COPIES];
  int num_copies = 1, counter = 0;
  copies[0] = cl->graph.funcs[callee];
  MlirContext ctx = mlirOperationGetContext(copies[0]);
  for (size_t i = 0; i < cl->sites[callee].size; ++i) {
    MlirOperation call = GSPMD_VEC_AT(&cl->sites[callee], MlirOperation, i);
    int first_node = (int)c->nodes.size, k = 0;
    while (i > 0 && k < num_copies && !contextFits(c, call, copies[k]))
      ++k;
    if (k == MAX_COPIES) {
      k = 0;
      if (c->explain)
        remarkCopy(call, copies[0], copies[0], true);
    } else if (k == num_copies) {
      copies[k] = makeCopy(c, copies[0], copies[k - 1], &counter);
      ++num_copies;
    }
    if (k > 0)
      mlirOperationSetAttributeByName(
          call, gspmdStr("callee"),
          mlirFlatSymbolRefAttrGet(ctx, symName(copies[k])));
    GspmdOpRule *rules;
    int num_rules;
    gspmdBuildOpRules(&c->rules, call, &rules, &num_rules);
    for (int r = 0; r < num_rules; ++r)
      addNode(c, &rules[r]);
    propagate(c, first_node);
  }
  recordCopies(cl, callee, copies, num_copies);
}

static void completionInit(Completion *c, MlirOperation module, bool explain,
                           bool print_rules) {
  memset(c, 0, sizeof(*c));
  c->module = module;
  c->explain = explain;
  c->print_rules = print_rules;
  gspmdRuleContextInit(&c->rules, &c->arena, module, &c->funcs);
  gspmdVecInit(&c->meshes, sizeof(Mesh));
  gspmdVecInit(&c->slots, sizeof(Slot));
  gspmdVecInit(&c->nodes, sizeof(Node));
  gspmdVecInit(&c->uses, sizeof(Use));
  gspmdVecInit(&c->pending, sizeof(int));
}

/* Builds the graph of the whole module and propagates over it. */
static void completionRun(Completion *c) {
  gspmdCollectMeshes(c->module, &c->arena, &c->meshes);
  seedFunctions(c);
  mlirOperationWalk(c->module, visitOp, c, MlirWalkPreOrder);
  if (!c->failed)
    propagate(c, 0);
}

static void completionFree(Completion *c) {
  free(c->queue);
  free(c->interned);
  gspmdPtrMapFree(&c->value_slot);
  gspmdPtrMapFree(&c->func_result_slot);
  gspmdPtrMapFree(&c->manual_slot);
  gspmdRuleContextFree(&c->rules, &c->funcs);
  gspmdVecFree(&c->meshes);
  gspmdVecFree(&c->slots);
  gspmdVecFree(&c->nodes);
  gspmdVecFree(&c->uses);
  gspmdVecFree(&c->pending);
  gspmdArenaFree(&c->arena);
}

static void remarkConflicts(Completion *c) {
  for (size_t i = 0; i < c->nodes.size; ++i)
    if (NODE(c, (int)i)->conflict_reported)
      remarkConflict(NODE(c, (int)i));
}

/*===-- Sub-axes ----------------------------------------------------------===*/

/* Collectives and manual regions name mesh axes outside sharding
 * attributes: a module with them keeps its meshes as written. */
static MlirWalkResult findAxisUser(MlirOperation op, void *user) {
  MlirStringRef name = gspmdOpName(op);
  if (name.length > 6 && !strncmp(name.data, "gspmd.", 6) &&
      !gspmdStringRefEq(name, "gspmd.mesh") &&
      !gspmdStringRefEq(name, "gspmd.sharding_constraint")) {
    *(bool *)user = true;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

/* Whether some tensor splits an uneven dim (one its shard count does not
 * divide, or of unknown size) with mesh axis `axis`. Refining such an axis
 * could hand part of it to a reshape's major factor, and the shards of that
 * dim over the part would not nest in those over the whole axis: the
 * partitioner would gather the dim whole to move between them. */
static bool splitsUnevenDim(Completion *c, int mesh, int axis) {
  const GspmdMesh *m = &MESH(c, mesh)->mesh;
  for (size_t i = 0; i < c->slots.size; ++i) {
    Slot *s = SLOT(c, (int)i);
    if (!s->has_sharding || s->mesh != mesh ||
        !gspmdShardingUsesAxis(s->sharding, axis))
      continue;
    /* Function results are tied to the values they return; manual
     * boundaries keep the mesh as written (findAxisUser). */
    if (mlirValueIsNull(s->id.value))
      continue;
    MlirType type = mlirValueGetType(s->id.value);
    for (int d = 0; d < s->sharding->rank; ++d) {
      const int *axes = s->sharding->dim_axes[d];
      int num_axes = s->sharding->dim_num_axes[d];
      bool uses = false;
      for (int k = 0; k < num_axes; ++k)
        uses |= axes[k] == axis;
      if (!uses)
        continue;
      if (mlirShapedTypeIsDynamicDim(type, d) ||
          mlirShapedTypeGetDimSize(type, d) %
              gspmdShardCount(m, s->sharding, d))
        return true;
    }
  }
  return false;
}

/* Whether a tensor of n other than t is split by `axis`: the op already
 * has a use for the axis (a batch split meeting a weight's, as in FSDP), and
 * refining it would only open a conflict that completion settles by size,
 * not by cost. */
static bool axisServesAnother(Completion *c, const Node *n, int t, int axis) {
  for (int u = 0; u < n->rule->num_tensors; ++u) {
    Slot *s = SLOT(c, n->slots[u]);
    if (u != t && s->has_sharding && s->mesh >= 0 &&
        gspmdShardingUsesAxis(s->sharding, axis))
      return true;
  }
  return false;
}

/* After a propagation: a split that stopped at a reshape's major factor
 * because one mesh axis overfills it (8 devices, 4 heads) continues when
 * the axis is refined into sub-axes (4 x 2), as Shardy's "model":(1)4 and
 * "model":(4)2. Finds the first such axis in the module that splits only
 * even dims and serves no other tensor of the op; false if none. */
static bool findRefinement(Completion *c, MlirOperation *mesh_op, int *axis,
                           int64_t *major) {
  /* Axes found to split an uneven dim, per mesh: one scan each. */
  GspmdVec uneven;
  gspmdVecInit(&uneven, sizeof(uint32_t));
  int mesh = -1;
  for (size_t i = 0; i < c->nodes.size && mesh < 0; ++i) {
    Node *n = NODE(c, (int)i);
    for (int t = 0; t < n->rule->num_tensors && mesh < 0; ++t) {
      Slot *s = SLOT(c, n->slots[t]);
      if (!s->has_sharding || s->mesh < 0 ||
          !gspmdProjectionOverfills(n->rule, t, &MESH(c, s->mesh)->mesh,
                                    s->sharding, axis, major) ||
          axisServesAnother(c, n, t, *axis))
        continue;
      while ((int)uneven.size <= s->mesh)
        *(uint32_t *)gspmdVecPush(&uneven) = 0;
      uint32_t *mask = &GSPMD_VEC_AT(&uneven, uint32_t, s->mesh);
      if (*mask & (1u << *axis))
        continue;
      if (splitsUnevenDim(c, s->mesh, *axis))
        *mask |= 1u << *axis;
      else
        mesh = s->mesh;
    }
  }
  gspmdVecFree(&uneven);
  if (mesh < 0)
    return false;
  bool axis_users = false;
  mlirOperationWalk(c->module, findAxisUser, &axis_users, MlirWalkPreOrder);
  *mesh_op = gspmdLookupSymbol(c->module, MESH(c, mesh)->name);
  return !axis_users && !mlirOperationIsNull(*mesh_op);
}

/* Bytes per device the partitioner sends for the module completed with
 * sub-axes=`mode`: a trial on a copy. */
static int64_t trialBytes(MlirOperation module, const char *mode) {
  MlirModule copy = mlirModuleFromOperation(mlirOperationClone(module));
  char pipeline[96];
  snprintf(pipeline, sizeof(pipeline),
           "builtin.module(gspmd-complete{sub-axes=%s},gspmd-partition)", mode);
  int64_t bytes =
      gspmdTrialBytesSent(copy, mlirStringRefCreateFromCString(pipeline));
  mlirModuleDestroy(copy);
  return bytes < 0 ? INT64_MAX : bytes;
}

/* The cloning analysis: a propagation in which calls to cloneable functions
 * (a body, no sharding written on the signature, not recursive) are cut,
 * then, callee by callee with every caller before its callees, call sites
 * are tied to copies by context. Only the clones and retargeted calls are
 * kept; the normal propagation then runs on the changed module. Linear: one
 * propagation, continued incrementally per tie. */
static void cloneCallees(Cloner *cl, MlirOperation module, bool explain) {
  gspmdCallGraphBuild(module, &cl->graph);
  int n = cl->graph.num_funcs;
  cl->cloneable = calloc((size_t)n + 1, sizeof(bool));
  cl->sites = calloc((size_t)n + 1, sizeof(GspmdVec));
  gspmdVecInit(&cl->copies, sizeof(Copy));
  bool shared = false;
  for (int i = 0; i < n; ++i) {
    MlirOperation f = cl->graph.funcs[i];
    MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0));
    gspmdVecInit(&cl->sites[i], sizeof(MlirOperation));
    cl->cloneable[i] = !mlirBlockIsNull(entry) && !cl->graph.recursive[i] &&
                       !hasSignatureShardings(f);
    /* Clones only start where a function has two call sites. */
    shared |= cl->cloneable[i] && cl->graph.num_calls[i] > 1;
  }
  if (!shared)
    return;
  cl->module = module;
  cl->module_body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(cl->module_body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirAttribute name =
        mlirOperationGetAttributeByName(op, gspmdStr("sym_name"));
    if (!mlirAttributeIsNull(name))
      gspmdPtrMapPut(&cl->names, name.ptr, 1);
  }
  Completion c;
  completionInit(&c, module, explain, false);
  c.quiet = true;
  c.cloner = cl;
  completionRun(&c);
  for (int i = 0; i < n && !c.failed; ++i)
    if (cl->cloneable[i])
      cloneFor(&c, i);
  completionFree(&c);
}

static MlirAttribute funcAttr(MlirOperation f, const char *name) {
  return mlirOperationGetAttributeByName(f, gspmdStr(name));
}

static bool sameSignature(MlirOperation a, MlirOperation b) {
  return mlirAttributeEqual(funcAttr(a, "arg_attrs"),
                            funcAttr(b, "arg_attrs")) &&
         mlirAttributeEqual(funcAttr(a, "res_attrs"), funcAttr(b, "res_attrs"));
}

static Copy *calledCopy(Cloner *cl, MlirOperation op) {
  if (!gspmdStringRefEq(gspmdOpName(op), "func.call") ||
      !gspmdInModule(cl->module, op))
    return NULL;
  int index = gspmdPtrMapGet(&cl->copy_by_ref, funcAttr(op, "callee").ptr);
  return index < 0 ? NULL : &GSPMD_VEC_AT(&cl->copies, Copy, index);
}

/* Sends calls of merged copies to the kept one and counts calls per copy. */
static MlirWalkResult retargetCall(MlirOperation op, void *user) {
  Cloner *cl = user;
  Copy *copy = calledCopy(cl, op);
  if (copy) {
    Copy *kept = &GSPMD_VEC_AT(&cl->copies, Copy, copy->kept);
    if (kept != copy)
      mlirOperationSetAttributeByName(
          op, gspmdStr("callee"),
          mlirFlatSymbolRefAttrGet(mlirOperationGetContext(op),
                                   symName(kept->func)));
    ++kept->num_calls;
  }
  return MlirWalkResultAdvance;
}

static MlirWalkResult uncountCall(MlirOperation op, void *user) {
  Copy *copy = calledCopy(user, op);
  if (copy)
    --copy->num_calls;
  return MlirWalkResultAdvance;
}

/* explain: one remark per surviving clone, at its first call. */
static MlirWalkResult remarkFirstCall(MlirOperation op, void *user) {
  Cloner *cl = user;
  Copy *copy = calledCopy(cl, op);
  if (copy && copy->num_calls > 0 &&
      !mlirOperationEqual(copy->func, cl->graph.funcs[copy->family])) {
    remarkCopy(op, cl->graph.funcs[copy->family], copy->func, false);
    copy->num_calls = 0; /* remarked */
  }
  return MlirWalkResultAdvance;
}

/* After completion: copies whose contexts came out the same (the analysis
 * saw callers before their callees' results flowed back) are merged into
 * the first of them, and clones left without calls are erased, callers
 * first so that a dead clone's own callees are freed before their turn. */
static void mergeCopies(Cloner *cl, MlirOperation module, bool explain) {
  if (!cl->copies.size)
    return;
  for (size_t j = 0; j < cl->copies.size; ++j) {
    Copy *b = &GSPMD_VEC_AT(&cl->copies, Copy, j);
    for (size_t i = j; i-- > 0;) {
      Copy *a = &GSPMD_VEC_AT(&cl->copies, Copy, i);
      if (a->family != b->family)
        break;
      if (a->kept == (int)i && sameSignature(a->func, b->func))
        b->kept = (int)i;
    }
  }
  mlirOperationWalk(module, retargetCall, cl, MlirWalkPreOrder);
  for (size_t i = 0; i < cl->copies.size; ++i) {
    Copy *copy = &GSPMD_VEC_AT(&cl->copies, Copy, i);
    if (copy->num_calls > 0 ||
        mlirOperationEqual(copy->func, cl->graph.funcs[copy->family]))
      continue;
    mlirOperationWalk(copy->func, uncountCall, cl, MlirWalkPreOrder);
    mlirOperationDestroy(copy->func);
    copy->func = (MlirOperation){NULL};
  }
  if (explain)
    mlirOperationWalk(module, remarkFirstCall, cl, MlirWalkPreOrder);
}

static void clonerFree(Cloner *cl) {
  for (int i = 0; i < cl->graph.num_funcs; ++i)
    gspmdVecFree(&cl->sites[i]);
  free(cl->sites);
  free(cl->cloneable);
  gspmdVecFree(&cl->copies);
  gspmdPtrMapFree(&cl->names);
  gspmdPtrMapFree(&cl->copy_by_ref);
  gspmdCallGraphFree(&cl->graph);
}

/*===-- The pass ----------------------------------------------------------===*/

/* sub-axes=cheaper|always|off: refine mesh axes into sub-axes when the
 * partitioner then sends fewer bytes (a trial on copies), always, or never. */
enum { SUB_AXES_CHEAPER, SUB_AXES_ALWAYS, SUB_AXES_OFF };

typedef struct CompleteOptions {
  bool explain, print_rules, clone_callees;
  int sub_axes;
} CompleteOptions;

void gspmdCompletePassRun(MlirOperation module, MlirExternalPass pass,
                          void *user) {
  const CompleteOptions *options = user;
  Cloner cl;
  memset(&cl, 0, sizeof(cl));
  if (options->clone_callees)
    cloneCallees(&cl, module, options->explain);
  Completion c;
  completionInit(&c, module, options->explain, options->print_rules);
  completionRun(&c);
  /* Sub-axes: each refinement splits an axis in two, so there are at most
   * as many as a mesh has prime factors. By default the first is made only
   * when the partitioner then sends fewer bytes (completion weighs no cost:
   * a split let through a reshape may meet slices it does not fit). */
  MlirOperation mesh_op;
  int axis;
  int64_t major;
  bool refine = options->sub_axes != SUB_AXES_OFF && !c.failed &&
                findRefinement(&c, &mesh_op, &axis, &major);
  if (refine && options->sub_axes == SUB_AXES_CHEAPER)
    refine = trialBytes(module, "always") < trialBytes(module, "off");
  for (int i = 0; refine && i < GSPMD_MAX_MESH_AXES; ++i) {
    if (!gspmdRefineMeshAxis(module, mesh_op, axis, major))
      break;
    completionFree(&c);
    completionInit(&c, module, options->explain, options->print_rules);
    c.again = true;
    completionRun(&c);
    refine = !c.failed && findRefinement(&c, &mesh_op, &axis, &major);
  }
  if (!c.failed) {
    remarkConflicts(&c);
    mlirOperationWalk(module, writeOp, &c, MlirWalkPreOrder);
    writeFunctions(&c);
    mergeCopies(&cl, module, options->explain);
  }
  if (c.failed)
    mlirExternalPassSignalFailure(pass);
  completionFree(&c);
  clonerFree(&cl);
}

static const GspmdOptionSpec kCompleteOptions[] = {
    GSPMD_OPTION(CompleteOptions, explain, "explain", GSPMD_OPTION_BOOL,
                 "<bool>", NULL),
    GSPMD_OPTION(CompleteOptions, print_rules, "print-rules", GSPMD_OPTION_BOOL,
                 "<bool>", NULL),
    GSPMD_OPTION(CompleteOptions, clone_callees, "clone-callees",
                 GSPMD_OPTION_BOOL, "<bool>", NULL),
    GSPMD_OPTION(CompleteOptions, sub_axes, "sub-axes", GSPMD_OPTION_CHOICE,
                 "cheaper|always|off", NULL),
};
static const CompleteOptions kCompleteDefaults = {false, false, true,
                                                  SUB_AXES_CHEAPER};

const GspmdPassOptions gspmdCompleteOptions = {
    kCompleteOptions, 4, sizeof(CompleteOptions), &kCompleteDefaults};
