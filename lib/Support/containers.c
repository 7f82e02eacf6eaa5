/*
 * containers.c - arena, growable vectors and the pointer map used by the C
 * passes. Allocation failures abort: a compiler pass has no way to recover
 * from them that is better than stopping with a message.
 */
#include "gspmd/containers.h"

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
