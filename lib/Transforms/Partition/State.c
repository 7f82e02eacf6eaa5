/*
 * State.c - what gspmd-partition knows while it rewrites a module: the
 * module's meshes, each op's factor rule (built on global types before
 * anything is rewritten), and for every global value the local value
 * standing for it and that value's layout; also how a sharding attribute
 * reads as a layout and what local type a layout gives a global type.
 *
 * Assumes shardings refer to gspmd.mesh ops of the module (a sharding on an
 * unknown mesh, or one that does not fit its value, reads as replicated).
 */
#include "partition.h"

#include "gspmd-c/Dialect.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"

#include <stdio.h>
#include <stdlib.h>

/* The local value standing for a global one. */
typedef struct Local {
  MlirValue value;
  int layout; /* interned (internLayout); -1: replicated */
  MlirType global;
} Local;

/* The rules of one op. */
typedef struct OpRules {
  GspmdRuleStatus status;
  int num;
  GspmdOpRule *rules;
} OpRules;

#define LOCAL(p, i) (&GSPMD_VEC_AT(&(p)->locals, Local, i))

/* Rules read global shapes, so all are built before anything is rewritten. */
static MlirWalkResult buildRules(MlirOperation op, void *user) {
  Partitioner *p = user;
  OpRules r;
  r.status = gspmdBuildOpRules(&p->rules, op, &r.rules, &r.num);
  if (r.status == GSPMD_RULE_OK) {
    gspmdPtrMapPut(&p->op_rules, op.ptr, (int)p->rules_of_op.size);
    *(OpRules *)gspmdVecPush(&p->rules_of_op) = r;
  }
  return MlirWalkResultAdvance;
}

void partStateInit(Partitioner *p, MlirOperation module) {
  p->ctx = mlirOperationGetContext(module);
  p->module = module;
  gspmdRuleContextInit(&p->rules, &p->arena, module, &p->funcs);
  p->strategy_memo = gspmdStrategyMemoCreate();
  gspmdVecInit(&p->meshes, sizeof(GspmdModuleMesh));
  gspmdVecInit(&p->locals, sizeof(Local));
  gspmdVecInit(&p->layouts, sizeof(Layout));
  gspmdVecInit(&p->dead, sizeof(MlirOperation));
  gspmdVecInit(&p->rules_of_op, sizeof(OpRules));
  gspmdReshardCacheInit(&p->made);
  gspmdCollectMeshes(module, &p->arena, &p->meshes);
  mlirOperationWalk(module, buildRules, p, MlirWalkPreOrder);
}

void partStateFree(Partitioner *p) {
  gspmdReshardCacheFree(&p->made);
  gspmdPtrMapFree(&p->unvisited);
  gspmdPtrMapFree(&p->local_of);
  gspmdPtrMapFree(&p->sig_of);
  gspmdPtrMapFree(&p->op_rules);
  gspmdVecFree(&p->rules_of_op);
  gspmdVecFree(&p->meshes);
  gspmdVecFree(&p->locals);
  gspmdVecFree(&p->layouts);
  gspmdKeyMapFree(&p->layout_index);
  gspmdPtrMapFree(&p->layout_of);
  gspmdVecFree(&p->sigs);
  gspmdVecFree(&p->dead);
  gspmdRuleContextFree(&p->rules, &p->funcs);
  gspmdStrategyMemoDestroy(p->strategy_memo);
  gspmdArenaFree(&p->arena);
  gspmdArenaFree(&p->scratch);
}

const GspmdOpRule *partRuleOf(Partitioner *p, MlirOperation op) {
  int i = gspmdPtrMapGet(&p->op_rules, op.ptr);
  if (i < 0)
    return NULL;
  const OpRules *r = &GSPMD_VEC_AT(&p->rules_of_op, OpRules, i);
  return r->status == GSPMD_RULE_OK && r->num == 1 ? &r->rules[0] : NULL;
}

void partRemark(MlirOperation op, const char *what) {
  char msg[4400]; /* explain's list of plans (chooseStrategy) */
  MlirStringRef name = gspmdOpName(op);
  snprintf(msg, sizeof(msg), "gspmd-partition: '%.*s' %s", (int)name.length,
           name.data, what);
  gspmdEmitRemark(mlirOperationGetLocation(op), msg);
}

void partEraseLater(Partitioner *p, MlirOperation op) {
  *(MlirOperation *)gspmdVecPush(&p->dead) = op;
}

/*===-- Meshes and layouts ------------------------------------------------===*/

int partFindMesh(Partitioner *p, MlirStringRef name) {
  return gspmdFindMesh(&p->meshes, name);
}

Layout partReplicated(int rank) {
  Layout l;
  l.mesh = -1;
  l.s = gspmdShardingReplicated(rank);
  return l;
}

#define LAYOUT(p, i) (&GSPMD_VEC_AT(&(p)->layouts, Layout, i))

/* The index of layout l among the interned ones (added when new). */
static int internLayout(Partitioner *p, const Layout *l) {
  uint64_t key[2 + GSPMD_MAX_RANK * (1 + GSPMD_MAX_MESH_AXES)];
  size_t n = 0;
  key[n++] = (uint64_t)(l->mesh + 1);
  key[n++] = (uint64_t)l->s.rank;
  for (int d = 0; d < l->s.rank; ++d) {
    key[n++] = (uint64_t)l->s.dim_num_axes[d];
    for (int i = 0; i < l->s.dim_num_axes[d]; ++i)
      key[n++] = (uint64_t)l->s.dim_axes[d][i];
  }
  int i = gspmdKeyMapGet(&p->layout_index, key, n);
  if (i >= 0)
    return i;
  i = (int)p->layouts.size;
  *(Layout *)gspmdVecPush(&p->layouts) = *l;
  gspmdKeyMapPut(&p->layout_index, key, n, i);
  return i;
}

static Layout readLayout(Partitioner *p, MlirAttribute attr, int rank) {
  Layout l = partReplicated(rank);
  int mesh = partFindMesh(p, gspmdShardingGetMeshName(attr));
  if (mesh < 0 ||
      !gspmdShardingFromAttr(attr, &MESH(p, mesh)->mesh, rank, &l.s)) {
    l.s = gspmdShardingReplicated(rank);
    return l;
  }
  l.mesh = mesh;
  return l;
}

/* Reads a sharding attribute (null or #gspmd.replicated: replicated). An
 * attribute is read once (they are uniqued; the rank is checked). */
Layout partLayoutOf(Partitioner *p, MlirAttribute attr, int rank) {
  if (mlirAttributeIsNull(attr) || !gspmdAttributeIsASharding(attr) ||
      gspmdAttributeIsAReplicated(attr))
    return partReplicated(rank);
  int i = gspmdPtrMapGet(&p->layout_of, attr.ptr);
  if (i >= 0 && LAYOUT(p, i)->s.rank == rank)
    return *LAYOUT(p, i);
  Layout l = readLayout(p, attr, rank);
  gspmdPtrMapPut(&p->layout_of, attr.ptr, internLayout(p, &l));
  return l;
}

bool partHasAxes(const Layout *l) {
  if (l->mesh < 0)
    return false;
  for (int d = 0; d < l->s.rank; ++d)
    if (l->s.dim_num_axes[d] > 0)
      return true;
  return false;
}

bool partSameLayout(const Layout *a, const Layout *b) {
  if (!partHasAxes(a) || !partHasAxes(b))
    return partHasAxes(a) == partHasAxes(b);
  return a->mesh == b->mesh && gspmdShardingEqual(&a->s, &b->s);
}

/* The local type of global type `global` under layout l. */
MlirType partLocalType(Partitioner *p, MlirType global, const Layout *l) {
  if (!isStatic(global) || !partHasAxes(l))
    return global;
  int64_t shape[GSPMD_MAX_RANK], local[GSPMD_MAX_RANK];
  shapeOf(global, shape);
  gspmdLocalShape(&MESH(p, l->mesh)->mesh, &l->s, shape, local);
  return gspmdTensorTypeLike(global, rankOf(global), local);
}

bool partAllStatic(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i));
    if (isTensor(t) && !isStatic(t))
      return false;
  }
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, i));
    if (isTensor(t) && !isStatic(t))
      return false;
  }
  return true;
}

/*===-- Local values ------------------------------------------------------===*/

void partSetLocal(Partitioner *p, MlirValue global_value, MlirValue local,
                  const Layout *l, MlirType global_type) {
  int i = gspmdPtrMapGet(&p->local_of, global_value.ptr);
  if (i < 0) {
    i = (int)p->locals.size;
    gspmdVecPush(&p->locals);
    gspmdPtrMapPut(&p->local_of, global_value.ptr, i);
  }
  Local *x = LOCAL(p, i);
  x->value = local;
  x->layout = partHasAxes(l) ? internLayout(p, l) : -1;
  x->global = global_type;
}

/* The local value of `v` and its layout; values never rewritten are global
 * and replicated. */
MlirValue partLocalOf(Partitioner *p, MlirValue v, Layout *layout,
                      MlirType *global) {
  int i = gspmdPtrMapGet(&p->local_of, v.ptr);
  MlirType type = mlirValueGetType(v);
  if (i < 0) {
    *global = type;
    *layout = partReplicated(tensorRank(type));
    return v;
  }
  Local *x = LOCAL(p, i);
  *global = x->global;
  *layout = x->layout >= 0 ? *LAYOUT(p, x->layout)
                           : partReplicated(tensorRank(x->global));
  return x->value;
}

/* Bytes of the local value standing for global value v (LiveBytes.c);
 * -1 for values the partitioner has not made local. */
int64_t partLocalBytes(void *user, MlirValue v) {
  Partitioner *p = user;
  int i = gspmdPtrMapGet(&p->local_of, v.ptr);
  if (i < 0)
    return -1;
  MlirType t = mlirValueGetType(LOCAL(p, i)->value);
  if (!isStatic(t))
    return -1;
  int64_t n = gspmdElementBytes(mlirShapedTypeGetElementType(t));
  for (int d = 0; d < rankOf(t); ++d)
    n *= mlirShapedTypeGetDimSize(t, d);
  return n;
}

/* The annotated sharding of result i (replicated when absent). */
Layout partResultLayout(Partitioner *p, MlirOperation op, int i) {
  MlirValue r = mlirOperationGetResult(op, i);
  MlirType t = mlirValueGetType(r);
  MlirAttribute all =
      mlirOperationGetDiscardableAttributeByName(op, gspmdShardingAttrName());
  MlirAttribute attr = {NULL};
  if (!mlirAttributeIsNull(all) && mlirAttributeIsAArray(all) &&
      i < mlirArrayAttrGetNumElements(all))
    attr = mlirArrayAttrGetElement(all, i);
  return partLayoutOf(p, attr, tensorRank(t));
}

/* The layout a sharding constraint gives its value. An open constraint is
 * a floor: what completion made of it rules. */
Layout partConstraintTarget(Partitioner *p, MlirOperation op, int rank) {
  bool open = !mlirAttributeIsNull(
                  mlirOperationGetAttributeByName(op, gspmdStr("open"))) &&
              !mlirAttributeIsNull(mlirOperationGetDiscardableAttributeByName(
                  op, gspmdShardingAttrName()));
  return open
             ? partResultLayout(p, op, 0)
             : partLayoutOf(
                   p, mlirOperationGetAttributeByName(op, gspmdStr("sharding")),
                   rank);
}
