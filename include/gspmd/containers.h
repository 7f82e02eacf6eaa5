/*
 * gspmd/containers.h - the plain containers every part shares: an arena
 * (one per pass run, freed at once), growable vectors, a pointer-keyed hash
 * map and a text writer. Pure C with no MLIR, so the sharding algebra can use
 * them too; implemented in lib/Support/containers.c (the writer inline).
 */
#ifndef GSPMD_CONTAINERS_H
#define GSPMD_CONTAINERS_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define GSPMD_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define GSPMD_PRINTF(f, a)
#endif

/*===-- Arena -------------------------------------------------------------===*/

typedef struct GspmdArenaBlock GspmdArenaBlock;

/* Bump allocator; zero-initialise with {0}. Allocation failure aborts. */
typedef struct GspmdArena {
  GspmdArenaBlock *blocks;
} GspmdArena;

/* Returns zeroed memory owned by the arena. */
void *gspmdArenaAlloc(GspmdArena *arena, size_t size);
/* Copies `n` bytes of s into the arena and NUL-terminates them. */
char *gspmdArenaStrndup(GspmdArena *arena, const char *s, size_t n);
/* Frees everything the arena handed out. */
void gspmdArenaFree(GspmdArena *arena);
/* Frees everything the arena handed out but keeps (zeroed) its newest
 * block for reuse: scratch memory of one step of a pass, reset between
 * steps without a calloc each time. */
void gspmdArenaReset(GspmdArena *arena);

/* Growable array of fixed-size elements in the arena. */
typedef struct GspmdVec {
  void *data;
  size_t size, capacity, elem_size;
} GspmdVec;

void gspmdVecInit(GspmdVec *v, size_t elem_size);
/* Appends one zeroed element and returns it (heap storage; gspmdVecFree). */
void *gspmdVecPush(GspmdVec *v);
void gspmdVecFree(GspmdVec *v);
#define GSPMD_VEC_AT(v, type, i) (((type *)(v)->data)[i])

/*===-- Pointer map -------------------------------------------------------===*/

/* Open-addressing map from a non-null pointer to an int. */
typedef struct GspmdPtrMap {
  const void **keys;
  int *values;
  size_t capacity, size;
} GspmdPtrMap;

/* Returns the value for key, or -1. */
int gspmdPtrMapGet(const GspmdPtrMap *m, const void *key);
void gspmdPtrMapPut(GspmdPtrMap *m, const void *key, int value);
void gspmdPtrMapFree(GspmdPtrMap *m);

/*===-- Key map -----------------------------------------------------------===*/

/* Open-addressing map from a key of 64-bit words (a signature, a problem,
 * a layout: whatever a caller writes as words) to an int. Keys are copied;
 * equal keys are equal word for word. */
typedef struct GspmdKeyMapSlot GspmdKeyMapSlot;
typedef struct GspmdKeyMap {
  GspmdKeyMapSlot *slots;
  size_t capacity, size;
} GspmdKeyMap;

/* Returns the value for key[0..n), or -1. */
int gspmdKeyMapGet(const GspmdKeyMap *m, const uint64_t *key, size_t n);
void gspmdKeyMapPut(GspmdKeyMap *m, const uint64_t *key, size_t n, int value);
void gspmdKeyMapFree(GspmdKeyMap *m);

/*===-- Text writer -------------------------------------------------------===*/

/* snprintf-style output that keeps counting past the end of the buffer, so
 * that printers return the length they need (printing plans, HLO strings). */
typedef struct GspmdWriter {
  char *buf;
  size_t size, len;
} GspmdWriter;

static inline void gspmdPut(GspmdWriter *w, const char *fmt, ...)
    GSPMD_PRINTF(2, 3);
static inline void gspmdPut(GspmdWriter *w, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  bool room = w->buf && w->len < w->size;
  int n = vsnprintf(room ? w->buf + w->len : NULL, room ? w->size - w->len : 0,
                    fmt, ap);
  va_end(ap);
  w->len += n > 0 ? (size_t)n : 0;
}

#ifdef __cplusplus
}
#endif

#endif /* GSPMD_CONTAINERS_H */
