/*
 * support.c - arena, growable vectors and the pointer map used by the C
 * passes. Allocation failures abort: a compiler pass has no way to recover
 * from them that is better than stopping with a message.
 */
#include "gspmd/support.h"

#include "gspmd-c/Dialect.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct GspmdArenaBlock {
  GspmdArenaBlock *next;
  size_t used, capacity;
  _Alignas(max_align_t) unsigned char data[];
};

static void *checkedAlloc(size_t size) {
  void *p = calloc(1, size);
  if (!p) {
    fprintf(stderr, "gspmd: out of memory (%zu bytes)\n", size);
    abort();
  }
  return p;
}

void *gspmdArenaAlloc(GspmdArena *arena, size_t size) {
  size = (size + 15) & ~(size_t)15;
  GspmdArenaBlock *b = arena->blocks;
  if (!b || b->capacity - b->used < size) {
    size_t capacity = size > 65536 ? size : 65536;
    b = checkedAlloc(sizeof(GspmdArenaBlock) + capacity);
    b->capacity = capacity;
    b->next = arena->blocks;
    arena->blocks = b;
  }
  void *p = b->data + b->used;
  b->used += size;
  return p;
}

char *gspmdArenaStrndup(GspmdArena *arena, const char *s, size_t n) {
  char *p = gspmdArenaAlloc(arena, n + 1);
  memcpy(p, s, n);
  p[n] = '\0';
  return p;
}

void gspmdArenaReset(GspmdArena *arena) {
  GspmdArenaBlock *keep = arena->blocks;
  if (!keep)
    return;
  gspmdArenaFree(&(GspmdArena){keep->next});
  memset(keep->data, 0, keep->used);
  keep->used = 0;
  keep->next = NULL;
}

void gspmdArenaFree(GspmdArena *arena) {
  while (arena->blocks) {
    GspmdArenaBlock *next = arena->blocks->next;
    free(arena->blocks);
    arena->blocks = next;
  }
}

void gspmdVecInit(GspmdVec *v, size_t elem_size) {
  v->data = NULL;
  v->size = v->capacity = 0;
  v->elem_size = elem_size;
}

void *gspmdVecPush(GspmdVec *v) {
  if (v->size == v->capacity) {
    size_t capacity = v->capacity ? 2 * v->capacity : 16;
    void *data = realloc(v->data, capacity * v->elem_size);
    if (!data) {
      fprintf(stderr, "gspmd: out of memory\n");
      abort();
    }
    v->data = data;
    v->capacity = capacity;
  }
  void *slot = (unsigned char *)v->data + v->size++ * v->elem_size;
  memset(slot, 0, v->elem_size);
  return slot;
}

void gspmdVecFree(GspmdVec *v) {
  free(v->data);
  gspmdVecInit(v, v->elem_size);
}

static size_t hashPtr(const void *p, size_t capacity) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return (size_t)x & (capacity - 1);
}

int gspmdPtrMapGet(const GspmdPtrMap *m, const void *key) {
  if (!m->capacity)
    return -1;
  for (size_t i = hashPtr(key, m->capacity);; i = (i + 1) & (m->capacity - 1)) {
    if (!m->keys[i])
      return -1;
    if (m->keys[i] == key)
      return m->values[i];
  }
}

static void rehash(GspmdPtrMap *m, size_t capacity) {
  GspmdPtrMap bigger = {checkedAlloc(capacity * sizeof(void *)),
                        checkedAlloc(capacity * sizeof(int)), capacity, 0};
  for (size_t i = 0; i < m->capacity; ++i)
    if (m->keys[i])
      gspmdPtrMapPut(&bigger, m->keys[i], m->values[i]);
  gspmdPtrMapFree(m);
  *m = bigger;
}

void gspmdPtrMapPut(GspmdPtrMap *m, const void *key, int value) {
  if (2 * (m->size + 1) > m->capacity)
    rehash(m, m->capacity ? 2 * m->capacity : 64);
  size_t i = hashPtr(key, m->capacity);
  while (m->keys[i] && m->keys[i] != key)
    i = (i + 1) & (m->capacity - 1);
  if (!m->keys[i])
    ++m->size;
  m->keys[i] = key;
  m->values[i] = value;
}

void gspmdPtrMapFree(GspmdPtrMap *m) {
  free(m->keys);
  free(m->values);
  m->keys = NULL;
  m->values = NULL;
  m->capacity = m->size = 0;
}

bool gspmdStringRefEq(MlirStringRef a, const char *b) {
  size_t n = strlen(b);
  return a.length == n && memcmp(a.data, b, n) == 0;
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
