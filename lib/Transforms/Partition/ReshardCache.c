/*
 * ReshardCache.c - the layouts gspmd-partition has already made of a value.
 *
 * Every reshard the partitioner emits records the layouts its steps reach
 * (once partial sums are combined), keyed by the global value, with the
 * block the steps were emitted in; a later reshard of the same value starts
 * from the cheapest of them still in scope (gspmdPlanReshardFromAny). Two
 * uses of one value so share the steps they have in common even when their
 * plans differ (CSE only merged identical steps). Which uses go first is
 * chosen with the value's other uses in view (gspmdPlanReshardShared, in
 * Reshard.c).
 *
 * Assumes the partitioner visits a block's ops in order and records only
 * into the block it is visiting: a layout made in block B serves the ops
 * after it in B and in regions nested in B. Entries made since entering B
 * in B and its nested blocks are dropped when the partitioner leaves B, so
 * no entry outlives its block; a reshard hoisted out of a loop (Reshard.c)
 * records into the block before the loop, and serves the ops after it.
 */
#include "partition.h"

#include <string.h>

typedef struct CacheEntry {
  MadeLayout made;
  MlirBlock block; /* null: dropped */
  int next;        /* older entry of the same value, or -1 */
} CacheEntry;

#define ENTRY(c, i) (&GSPMD_VEC_AT(&(c)->entries, CacheEntry, i))

void gspmdReshardCacheInit(GspmdReshardCache *c) {
  memset(c, 0, sizeof(*c));
  gspmdVecInit(&c->entries, sizeof(CacheEntry));
}

void gspmdReshardCacheFree(GspmdReshardCache *c) {
  gspmdVecFree(&c->entries);
  gspmdPtrMapFree(&c->head);
}

void gspmdReshardCacheAdd(GspmdReshardCache *c, MlirValue global,
                          const Layout *l, MlirValue local, MlirBlock block) {
  int head = gspmdPtrMapGet(&c->head, global.ptr);
  int index = (int)c->entries.size;
  CacheEntry *e = gspmdVecPush(&c->entries);
  *e = (CacheEntry){{*l, local}, block, head};
  gspmdPtrMapPut(&c->head, global.ptr, index);
}

size_t gspmdReshardCacheMark(const GspmdReshardCache *c) {
  return c->entries.size;
}

/* True when ops in block `at` see values made in block `b`: b is `at` or
 * encloses it. */
static bool inScope(MlirBlock b, MlirBlock at) {
  while (!mlirBlockIsNull(at)) {
    if (mlirBlockEqual(b, at))
      return true;
    MlirOperation parent = mlirBlockGetParentOperation(at);
    if (mlirOperationIsNull(parent))
      return false;
    at = mlirOperationGetBlock(parent);
  }
  return false;
}

/* Entries made in `block` or nested in it since the mark; those made since
 * in an enclosing block (reshards hoisted out of a loop) stay. */
void gspmdReshardCacheDropSince(GspmdReshardCache *c, size_t mark,
                                MlirBlock block) {
  for (size_t i = mark; i < c->entries.size; ++i)
    if (!mlirBlockIsNull(ENTRY(c, i)->block) &&
        inScope(block, ENTRY(c, i)->block))
      ENTRY(c, i)->block = (MlirBlock){NULL};
}

int gspmdReshardCacheFind(const GspmdReshardCache *c, MlirValue global,
                          int mesh, MlirBlock at, MadeLayout *made, int max) {
  int n = 0;
  for (int i = gspmdPtrMapGet(&c->head, global.ptr); i >= 0 && n < max;
       i = ENTRY(c, i)->next) {
    const CacheEntry *e = ENTRY(c, i);
    if (mlirBlockIsNull(e->block) || e->made.layout.mesh != mesh ||
        !inScope(e->block, at))
      continue;
    made[n++] = e->made;
  }
  return n;
}
