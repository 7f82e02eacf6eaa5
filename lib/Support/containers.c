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

struct GspmdKeyMapSlot {
  uint64_t hash;
  uint64_t *key; /* NULL: free */
  size_t n;
  int value;
};

static uint64_t hashWords(const uint64_t *key, size_t n) {
  uint64_t h = 1469598103934665603ull ^ n;
  for (size_t i = 0; i < n; ++i) {
    h = (h ^ key[i]) * 1099511628211ull;
    h ^= h >> 29;
  }
  return h;
}

static GspmdKeyMapSlot *keySlot(const GspmdKeyMap *m, uint64_t hash,
                                const uint64_t *key, size_t n) {
  size_t mask = m->capacity - 1;
  for (size_t i = hash & mask;; i = (i + 1) & mask) {
    GspmdKeyMapSlot *s = &m->slots[i];
    if (!s->key || (s->hash == hash && s->n == n &&
                    !memcmp(s->key, key, n * sizeof(*key))))
      return s;
  }
}

int gspmdKeyMapGet(const GspmdKeyMap *m, const uint64_t *key, size_t n) {
  if (!m->capacity)
    return -1;
  GspmdKeyMapSlot *s = keySlot(m, hashWords(key, n), key, n);
  return s->key ? s->value : -1;
}

void gspmdKeyMapPut(GspmdKeyMap *m, const uint64_t *key, size_t n, int value) {
  if (2 * (m->size + 1) > m->capacity) {
    GspmdKeyMap bigger = {checkedAlloc((m->capacity ? 2 * m->capacity : 64) *
                                       sizeof(GspmdKeyMapSlot)),
                          m->capacity ? 2 * m->capacity : 64, m->size};
    for (size_t i = 0; i < m->capacity; ++i)
      if (m->slots[i].key)
        *keySlot(&bigger, m->slots[i].hash, m->slots[i].key, m->slots[i].n) =
            m->slots[i];
    free(m->slots);
    *m = bigger;
  }
  uint64_t hash = hashWords(key, n);
  GspmdKeyMapSlot *s = keySlot(m, hash, key, n);
  if (!s->key) {
    s->key = checkedAlloc(n * sizeof(*key) + 1);
    memcpy(s->key, key, n * sizeof(*key));
    s->n = n;
    s->hash = hash;
    ++m->size;
  }
  s->value = value;
}

void gspmdKeyMapFree(GspmdKeyMap *m) {
  for (size_t i = 0; i < m->capacity; ++i)
    free(m->slots[i].key);
  free(m->slots);
  m->slots = NULL;
  m->capacity = m->size = 0;
}
