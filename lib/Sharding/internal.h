/*
 * lib/Sharding/internal.h - helpers shared by the sharding algebra files.
 *
 * Everything here is static inline so that nothing but the public API of
 * gspmd/sharding.h leaves the library.
 */
#ifndef GSPMD_SHARDING_INTERNAL_H
#define GSPMD_SHARDING_INTERNAL_H

#include "gspmd/containers.h"
#include "gspmd/sharding.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Writes a diagnostic into err (when the caller gave one) and returns false,
 * so that failing paths read `return gspmdFail(err, n, "...")`. */
static inline bool gspmdFail(char *err, size_t err_size, const char *fmt, ...)
    GSPMD_PRINTF(3, 4);
static inline bool gspmdFail(char *err, size_t err_size, const char *fmt, ...) {
  if (err && err_size > 0) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, err_size, fmt, ap);
    va_end(ap);
  }
  return false;
}

/* The shard size of DESIGN section 2: ceil(global_size / count). */
/* Copies the steps src uses (a plan holds room for the most steps any
 * reshard takes, a hundred kilobytes, nearly all unused). */
static inline void gspmdCopyPlan(GspmdReshardPlan *dst,
                                 const GspmdReshardPlan *src) {
  dst->num_steps = src->num_steps;
  dst->bytes_sent = src->bytes_sent;
  memcpy(dst->steps, src->steps,
         (size_t)src->num_steps * sizeof(GspmdReshardStep));
}

static inline int64_t gspmdCeilShard(int64_t global_size, int64_t count) {
  return (global_size + count - 1) / count;
}

/* Row-major stride of mesh axis `axis`: the product of the sizes of the axes
 * after it. Positions and device coordinates all derive from it. */
static inline int64_t gspmdAxisStride(const GspmdMesh *mesh, int axis) {
  int64_t stride = 1;
  for (int a = axis + 1; a < mesh->num_axes; ++a)
    stride *= mesh->axis_sizes[a];
  return stride;
}

/* Number of axes listed for dim d; dims beyond the rank are unsplit, which
 * lets a rank-0 "unknown rank" replicated sharding mix with ranked ones. */
static inline int gspmdDimNumAxes(const GspmdSharding *s, int d) {
  return d >= 0 && d < s->rank ? s->dim_num_axes[d] : 0;
}

/* Coordinate along `axis` of a row-major mesh position. */
static inline int64_t gspmdCoordAtPosition(const GspmdMesh *mesh, int64_t pos,
                                           int axis) {
  return pos / gspmdAxisStride(mesh, axis) % mesh->axis_sizes[axis];
}

#endif /* GSPMD_SHARDING_INTERNAL_H */
