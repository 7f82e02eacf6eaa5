/*
 * memref.c - MLIR memref descriptors as strided views, and packing.
 *
 * An unranked memref {rank, descriptor} points to MLIR's ranked descriptor
 * {allocated, aligned, offset, sizes[rank], strides[rank]} (strides in
 * elements, any sign or value). A GspmdView is that descriptor resolved to a
 * base address; slicing a view along one dim only moves the base and shrinks
 * the size, so the collectives address the pieces of any dim without copying.
 * Pack/unpack copy a view to or from a dense row-major buffer (innermost runs
 * with stride 1 go through memcpy); the stage helpers skip the copy when a
 * view is already dense.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  void *allocated;
  void *aligned;
  int64_t offset;
  int64_t sizes_and_strides[];
} RankedDescriptor;

GspmdView gspmdRtView(const char *op, const char *what,
                      const GspmdUnrankedMemRef *m, size_t elem_size) {
  GspmdView v = {.elem_size = elem_size};
  if (!m || !m->descriptor)
    gspmdRtFail(op, "%s memref is null", what);
  if (m->rank < 0 || m->rank > GSPMD_RT_MAX_RANK)
    gspmdRtFail(op, "%s has rank %lld (supported: 0..%d)", what,
                (long long)m->rank, GSPMD_RT_MAX_RANK);
  const RankedDescriptor *d = m->descriptor;
  v.rank = (int)m->rank;
  for (int i = 0; i < v.rank; ++i) {
    v.sizes[i] = d->sizes_and_strides[i];
    v.strides[i] = d->sizes_and_strides[v.rank + i];
    if (v.sizes[i] < 0)
      gspmdRtFail(op, "%s has negative size %lld in dim %d", what,
                  (long long)v.sizes[i], i);
  }
  if (!d->aligned && gspmdRtViewNumElements(&v) > 0)
    gspmdRtFail(op, "%s has a null data pointer", what);
  v.base = (char *)d->aligned + d->offset * (int64_t)elem_size;
  return v;
}

int64_t gspmdRtViewNumElements(const GspmdView *v) {
  int64_t n = 1;
  for (int i = 0; i < v->rank; ++i)
    n *= v->sizes[i];
  return n;
}

size_t gspmdRtViewBytes(const GspmdView *v) {
  return (size_t)gspmdRtViewNumElements(v) * v->elem_size;
}

bool gspmdRtViewIsContiguous(const GspmdView *v) {
  if (gspmdRtViewNumElements(v) == 0)
    return true;
  int64_t expected = 1;
  for (int i = v->rank - 1; i >= 0; --i) {
    if (v->sizes[i] != 1 && v->strides[i] != expected)
      return false;
    expected *= v->sizes[i];
  }
  return true;
}

/* [lo, hi) byte range covered by the view. */
static void viewRange(const GspmdView *v, char **lo, char **hi) {
  int64_t min = 0, max = 0;
  for (int i = 0; i < v->rank; ++i) {
    int64_t span = (v->sizes[i] - 1) * v->strides[i];
    if (span < 0)
      min += span;
    else
      max += span;
  }
  *lo = v->base + min * (int64_t)v->elem_size;
  *hi = v->base + (max + 1) * (int64_t)v->elem_size;
}

bool gspmdRtViewsOverlap(const GspmdView *a, const GspmdView *b) {
  if (gspmdRtViewNumElements(a) == 0 || gspmdRtViewNumElements(b) == 0)
    return false;
  char *alo, *ahi, *blo, *bhi;
  viewRange(a, &alo, &ahi);
  viewRange(b, &blo, &bhi);
  return alo < bhi && blo < ahi;
}

int64_t gspmdRtViewOuterCount(const GspmdView *v, int dim) {
  int64_t n = 1;
  for (int i = 0; i < dim; ++i)
    n *= v->sizes[i];
  return n;
}

GspmdView gspmdRtViewSlice(const GspmdView *v, int dim, int64_t start,
                           int64_t size) {
  GspmdView s = *v;
  s.base += start * v->strides[dim] * (int64_t)v->elem_size;
  s.sizes[dim] = size;
  return s;
}

/* Calls copy(strided element run, dense run) for each innermost row, in
 * row-major order. `to_dense` picks the direction. */
static void copyRows(const GspmdView *v, char *dense, bool to_dense) {
  int64_t total = gspmdRtViewNumElements(v);
  if (total == 0)
    return;
  size_t es = v->elem_size;
  if (v->rank == 0 || gspmdRtViewIsContiguous(v)) {
    if (to_dense)
      memmove(dense, v->base, (size_t)total * es);
    else
      memmove(v->base, dense, (size_t)total * es);
    return;
  }
  int inner = v->rank - 1;
  int64_t len = v->sizes[inner], stride = v->strides[inner];
  int64_t idx[GSPMD_RT_MAX_RANK] = {0};
  for (int64_t row = 0; row < total / len; ++row) {
    char *p = v->base;
    for (int i = 0; i < inner; ++i)
      p += idx[i] * v->strides[i] * (int64_t)es;
    if (stride == 1) {
      if (to_dense)
        memcpy(dense, p, (size_t)len * es);
      else
        memcpy(p, dense, (size_t)len * es);
    } else {
      for (int64_t j = 0; j < len; ++j) {
        char *e = p + j * stride * (int64_t)es;
        if (to_dense)
          memcpy(dense + j * es, e, es);
        else
          memcpy(e, dense + j * es, es);
      }
    }
    dense += (size_t)len * es;
    for (int i = inner - 1; i >= 0 && ++idx[i] == v->sizes[i]; --i)
      idx[i] = 0;
  }
}

void gspmdRtViewPack(const GspmdView *v, void *dst) { copyRows(v, dst, true); }

void gspmdRtViewUnpack(const GspmdView *v, const void *src) {
  copyRows(v, (char *)src, false);
}

GspmdStage gspmdRtStageIn(const char *op, const GspmdView *v,
                          const GspmdView *avoid) {
  bool borrow =
      gspmdRtViewIsContiguous(v) && !(avoid && gspmdRtViewsOverlap(v, avoid));
  if (borrow)
    return (GspmdStage){v->base, false};
  GspmdStage s = {gspmdRtAlloc(op, gspmdRtViewBytes(v)), true};
  gspmdRtViewPack(v, s.ptr);
  return s;
}

GspmdStage gspmdRtStageOut(const char *op, const GspmdView *v) {
  if (gspmdRtViewIsContiguous(v))
    return (GspmdStage){v->base, false};
  return (GspmdStage){gspmdRtAlloc(op, gspmdRtViewBytes(v)), true};
}

void gspmdRtStageFinish(GspmdStage *s, const GspmdView *v) {
  if (s->owned)
    gspmdRtViewUnpack(v, s->ptr);
  gspmdRtStageFree(s);
}

void gspmdRtStageFree(GspmdStage *s) {
  if (s->owned)
    free(s->ptr);
  s->ptr = NULL;
  s->owned = false;
}
