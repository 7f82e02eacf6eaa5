/*
 * ir.c - lookups in a module the C passes share: its meshes, its functions
 * and calls, the entry function, mesh axes named by attributes, and
 * dictionary updates. Built on the MLIR C API and lib/CAPI's gap fillers.
 */
#include "gspmd/support.h"

#include "gspmd-c/Dialect.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Linalg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool gspmdStringRefEq(MlirStringRef a, const char *b) {
  /* No strlen of b: the table scans that call this (op names against rows)
   * mostly differ in the first bytes. Stops at b's end, even where a holds
   * a NUL. */
  for (size_t i = 0; i < a.length; ++i)
    if (b[i] == '\0' || b[i] != a.data[i])
      return false;
  return b[a.length] == '\0';
}

void gspmdCollectMeshes(MlirOperation module, GspmdArena *arena,
                        GspmdVec *out) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (!gspmdOperationIsAMesh(op))
      continue;
    GspmdModuleMesh *m = gspmdVecPush(out);
    m->name = gspmdMeshGetName(op);
    m->valid = gspmdMeshFromOp(op, arena, &m->mesh);
    if (!m->valid)
      m->mesh.num_axes = 0;
  }
}

int gspmdFindMesh(const GspmdVec *meshes, MlirStringRef name) {
  for (size_t i = 0; i < meshes->size; ++i) {
    MlirStringRef n = GSPMD_VEC_AT(meshes, GspmdModuleMesh, i).name;
    if (n.length == name.length && !memcmp(n.data, name.data, n.length))
      return (int)i;
  }
  return -1;
}

MlirAttribute gspmdFuncSymbolRef(MlirOperation f) {
  MlirAttribute name = mlirOperationGetAttributeByName(
      f, mlirStringRefCreateFromCString("sym_name"));
  return mlirFlatSymbolRefAttrGet(mlirOperationGetContext(f),
                                  mlirStringAttrGetValue(name));
}

void gspmdFuncTableInit(GspmdFuncTable *t, MlirOperation module) {
  memset(t, 0, sizeof(*t));
  t->module = module;
  gspmdVecInit(&t->funcs, sizeof(MlirOperation));
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (gspmdStringRefEq(gspmdOpName(op), "func.func"))
      gspmdFuncTableAdd(t, op);
}

void gspmdFuncTableAdd(GspmdFuncTable *t, MlirOperation f) {
  gspmdPtrMapPut(&t->by_ref, gspmdFuncSymbolRef(f).ptr, (int)t->funcs.size);
  *(MlirOperation *)gspmdVecPush(&t->funcs) = f;
}

bool gspmdInModule(MlirOperation module, MlirOperation op) {
  MlirOperation parent = mlirOperationGetParentOperation(op);
  while (!mlirOperationIsNull(parent) &&
         !gspmdStringRefEq(gspmdOpName(parent), "builtin.module"))
    parent = mlirOperationGetParentOperation(parent);
  return mlirOperationEqual(parent, module);
}

MlirOperation gspmdFuncTableCallee(const GspmdFuncTable *t,
                                   MlirOperation call) {
  MlirAttribute callee = mlirOperationGetAttributeByName(
      call, mlirStringRefCreateFromCString("callee"));
  if (mlirAttributeIsNull(callee) || !mlirAttributeIsAFlatSymbolRef(callee))
    return (MlirOperation){NULL};
  if (!gspmdInModule(t->module, call))
    return gspmdLookupSymbol(call, mlirFlatSymbolRefAttrGetValue(callee));
  int i = gspmdPtrMapGet(&t->by_ref, callee.ptr);
  return i < 0 ? (MlirOperation){NULL}
               : GSPMD_VEC_AT(&t->funcs, MlirOperation, i);
}

void gspmdFuncTableFree(GspmdFuncTable *t) {
  gspmdVecFree(&t->funcs);
  gspmdPtrMapFree(&t->by_ref);
}

static bool isFuncWithBody(MlirOperation op) {
  return gspmdStringRefEq(gspmdOpName(op), "func.func") &&
         !mlirBlockIsNull(
             mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)));
}

static MlirStringRef funcName(MlirOperation f) {
  return mlirStringAttrGetValue(mlirOperationGetAttributeByName(
      f, mlirStringRefCreateFromCString("sym_name")));
}

bool gspmdFuncIsPublic(MlirOperation f) {
  MlirAttribute v = mlirOperationGetAttributeByName(
      f, mlirStringRefCreateFromCString("sym_visibility"));
  return mlirAttributeIsNull(v) ||
         gspmdStringRefEq(mlirStringAttrGetValue(v), "public");
}

/* Appends "@name" to the list in buf (", " between names). */
static void appendName(char *buf, size_t size, MlirStringRef n) {
  size_t len = strlen(buf);
  if (len + 1 < size)
    snprintf(buf + len, size - len, "%s@%.*s", len ? ", " : "", (int)n.length,
             n.data);
}

GspmdEntryStatus gspmdFindEntry(MlirOperation module, const char *name,
                                MlirOperation *entry, char *names,
                                size_t names_size) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  int count = 0;
  *entry = (MlirOperation){NULL};
  if (names && names_size)
    names[0] = '\0';
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (!isFuncWithBody(op) || (!name && !gspmdFuncIsPublic(op)))
      continue;
    if (name && gspmdStringRefEq(funcName(op), name)) {
      *entry = op;
      return GSPMD_ENTRY_FOUND;
    }
    if (names && names_size)
      appendName(names, names_size, funcName(op));
    if (!name && count++ == 0)
      *entry = op;
  }
  if (count == 1)
    return GSPMD_ENTRY_FOUND;
  *entry = (MlirOperation){NULL};
  return name    ? GSPMD_ENTRY_NOT_FOUND
         : count ? GSPMD_ENTRY_AMBIGUOUS
                 : GSPMD_ENTRY_NO_PUBLIC;
}

int gspmdReadMeshAxes(MlirAttribute names, const GspmdMesh *mesh, int *out) {
  if (mlirAttributeIsNull(names) || !mlirAttributeIsAArray(names))
    return -1;
  int n = (int)mlirArrayAttrGetNumElements(names);
  if (n > GSPMD_MAX_MESH_AXES)
    return -1;
  for (int i = 0; i < n; ++i) {
    MlirStringRef name =
        mlirStringAttrGetValue(mlirArrayAttrGetElement(names, i));
    char buf[256];
    snprintf(buf, sizeof(buf), "%.*s", (int)name.length, name.data);
    out[i] = gspmdMeshFindAxis(mesh, buf);
    if (out[i] < 0)
      return -1;
  }
  return n;
}

MlirAttribute gspmdDictionarySet(MlirContext ctx, MlirAttribute old,
                                 MlirStringRef name, MlirAttribute value) {
  intptr_t n =
      mlirAttributeIsNull(old) ? 0 : mlirDictionaryAttrGetNumElements(old);
  MlirNamedAttribute *entries =
      malloc(sizeof(MlirNamedAttribute) * (size_t)(n + 1));
  MlirIdentifier id = mlirIdentifierGet(ctx, name);
  intptr_t count = 0;
  for (intptr_t i = 0; i < n; ++i) {
    MlirNamedAttribute e = mlirDictionaryAttrGetElement(old, i);
    if (!mlirIdentifierEqual(e.name, id))
      entries[count++] = e;
  }
  entries[count++] = mlirNamedAttributeGet(id, value);
  MlirAttribute dict = mlirDictionaryAttrGet(ctx, count, entries);
  free(entries);
  return dict;
}

typedef struct NestedOperands {
  MlirOperation root;
  GspmdNestedOperandFn fn;
  void *data;
} NestedOperands;

static MlirWalkResult visitNested(MlirOperation op, void *user) {
  NestedOperands *w = user;
  if (mlirOperationEqual(op, w->root))
    return MlirWalkResultAdvance;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    w->fn(op, i, w->data);
  return MlirWalkResultAdvance;
}

void gspmdForEachNestedOperand(MlirOperation root, GspmdNestedOperandFn fn,
                               void *data) {
  NestedOperands w = {root, fn, data};
  mlirOperationWalk(root, visitNested, &w, MlirWalkPreOrder);
}

MlirAttribute gspmdConstantValue(MlirValue v) {
  if (!mlirValueIsAOpResult(v))
    return (MlirAttribute){NULL};
  MlirOperation def = mlirOpResultGetOwner(v);
  if (!gspmdStringRefEq(gspmdOpName(def), "arith.constant"))
    return (MlirAttribute){NULL};
  return mlirOperationGetAttributeByName(def, gspmdStr("value"));
}

int64_t gspmdForTripCount(MlirOperation loop) {
  int64_t v[3];
  for (int k = 0; k < 3; ++k) {
    MlirAttribute a = gspmdConstantValue(mlirOperationGetOperand(loop, k));
    if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a))
      return -1;
    v[k] = mlirIntegerAttrGetValueInt(a);
  }
  if (v[2] <= 0)
    return -1;
  return v[1] > v[0] ? (v[1] - v[0] + v[2] - 1) / v[2] : 0;
}

bool gspmdDefinedInside(MlirValue v, MlirOperation root) {
  MlirBlock block = mlirValueIsABlockArgument(v)
                        ? mlirBlockArgumentGetOwner(v)
                        : mlirOperationGetBlock(mlirOpResultGetOwner(v));
  if (mlirBlockIsNull(block))
    return false;
  for (MlirOperation parent = mlirBlockGetParentOperation(block);
       !mlirOperationIsNull(parent);
       parent = mlirOperationGetParentOperation(parent))
    if (mlirOperationEqual(parent, root))
      return true;
  return false;
}

const char *gspmdFloatTypeName(MlirType t) {
  if (mlirTypeIsAF32(t))
    return "f32";
  if (mlirTypeIsAF64(t))
    return "f64";
  if (mlirTypeIsAF16(t))
    return "f16";
  if (mlirTypeIsABF16(t))
    return "bf16";
  return NULL;
}

/*===-- Collectives for the cost model ------------------------------------===*/

int64_t gspmdTensorTypeBytes(MlirType t) {
  if (!mlirTypeIsARankedTensor(t) || !mlirShapedTypeHasStaticShape(t))
    return -1;
  MlirType e = mlirShapedTypeGetElementType(t);
  int64_t bytes = -1;
  if (mlirTypeIsAInteger(e))
    bytes = (mlirIntegerTypeGetWidth(e) + 7) / 8;
  else if (mlirTypeIsAFloat(e))
    bytes = (mlirFloatTypeGetWidth(e) + 7) / 8;
  else if (mlirTypeIsAIndex(e))
    bytes = 8;
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(t) && bytes >= 0; ++d)
    bytes *= mlirShapedTypeGetDimSize(t, d);
  return bytes;
}

static const struct {
  const char *name;
  GspmdCollectiveKind kind;
} kCollectives[] = {
    {"gspmd.all_reduce", GSPMD_COLLECTIVE_ALL_REDUCE},
    {"gspmd.all_gather", GSPMD_COLLECTIVE_ALL_GATHER},
    {"gspmd.reduce_scatter", GSPMD_COLLECTIVE_REDUCE_SCATTER},
    {"gspmd.all_to_all", GSPMD_COLLECTIVE_ALL_TO_ALL},
    {"gspmd.collective_permute", GSPMD_COLLECTIVE_PERMUTE},
    {"gspmd.halo_exchange", GSPMD_COLLECTIVE_PERMUTE},
};

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

bool gspmdReadCollective(MlirOperation module, MlirOperation op,
                         GspmdArena *arena, GspmdCollectiveOp *out) {
  MlirStringRef name = gspmdOpName(op);
  int k = 0, n = (int)(sizeof(kCollectives) / sizeof(kCollectives[0]));
  while (k < n && !gspmdStringRefEq(name, kCollectives[k].name))
    ++k;
  if (k == n)
    return false;
  memset(out, 0, sizeof(*out));
  out->kind = kCollectives[k].kind;
  out->halo = gspmdStringRefEq(name, "gspmd.halo_exchange");
  out->input_bytes =
      gspmdTensorTypeBytes(mlirValueGetType(mlirOperationGetOperand(op, 0)));
  out->moved_bytes = out->halo && out->input_bytes >= 0
                         ? haloBytes(op, out->input_bytes)
                         : out->input_bytes;
  out->group = -1;
  MlirAttribute mesh_ref =
      mlirOperationGetAttributeByName(op, gspmdStr("mesh"));
  MlirAttribute axes = mlirOperationGetAttributeByName(op, gspmdStr("axes"));
  if (mlirAttributeIsNull(mesh_ref) || mlirAttributeIsNull(axes))
    return true;
  MlirOperation mesh_op =
      gspmdMeshLookup(module, mlirFlatSymbolRefAttrGetValue(mesh_ref));
  if (mlirOperationIsNull(mesh_op) ||
      !gspmdMeshFromOp(mesh_op, arena, &out->mesh))
    return true;
  int num = gspmdReadMeshAxes(axes, &out->mesh, out->axes);
  if (num < 0)
    return true;
  out->num_axes = num;
  out->group = gspmdMeshAxesSize(&out->mesh, out->axes, num);
  return true;
}

MlirOperation gspmdAncestorIn(MlirOperation x, MlirBlock block) {
  while (!mlirOperationIsNull(x)) {
    MlirBlock b = mlirOperationGetBlock(x);
    if (mlirBlockIsNull(b))
      return (MlirOperation){NULL};
    if (mlirBlockEqual(b, block))
      return x;
    x = mlirBlockGetParentOperation(b);
  }
  return x;
}

int gspmdLinalgLoopTrips(MlirOperation op, int64_t *trips, int max) {
  MlirAttribute maps = mlirLinalgGetIndexingMapsAttribute(op);
  if (mlirAttributeIsNull(maps) || !mlirAttributeIsAArray(maps))
    return -1;
  int loops = -1;
  intptr_t n = mlirArrayAttrGetNumElements(maps);
  for (intptr_t k = 0; k < n && k < mlirOperationGetNumOperands(op); ++k) {
    MlirAffineMap map =
        mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, k));
    if (loops < 0) {
      loops = (int)mlirAffineMapGetNumDims(map);
      if (loops > max)
        return -1;
      for (int l = 0; l < loops; ++l)
        trips[l] = -1;
    }
    MlirType t = mlirValueGetType(mlirOperationGetOperand(op, k));
    if (!mlirTypeIsAShaped(t) || !mlirShapedTypeHasStaticShape(t))
      continue;
    for (intptr_t r = 0; r < mlirAffineMapGetNumResults(map); ++r) {
      MlirAffineExpr e = mlirAffineMapGetResult(map, r);
      if (mlirAffineExprIsADim(e))
        trips[mlirAffineDimExprGetPosition(e)] = mlirShapedTypeGetDimSize(t, r);
    }
  }
  for (int l = 0; l < loops; ++l)
    if (trips[l] < 0)
      return -1;
  return loops;
}
