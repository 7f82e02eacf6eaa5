/*
 * lib/Export/generic.h - what the linalg files of the exporter share:
 * linalg.c (a generic over its iteration space), loops.c (operands expanded
 * to that space) and contract.c (generics that are one StableHLO op:
 * dot_general, convolution, reduce_window).
 */
#ifndef GSPMD_EXPORT_GENERIC_H
#define GSPMD_EXPORT_GENERIC_H

#include "internal.h"

/* A linalg.generic as read by readGeneric: its loops and indexing maps. */
typedef struct Generic {
  MlirOperation op;
  int num_loops, num_ins, num_outs;
  int64_t loop_size[EX_MAX_RANK];
  bool reduction[EX_MAX_RANK];
  MlirAffineMap maps[16];
  ExType iter; /* loop shape (element type set per use) */
} Generic;

/* A linear affine expression: sum of coef * d_loop, plus constant. */
typedef struct Linear {
  int num_terms;
  int loop[EX_MAX_RANK];
  int64_t coef[EX_MAX_RANK];
  int64_t constant;
} Linear;

/* Adds scale * x to out; false if x is not linear in the loops. */
bool exLinearOf(MlirAffineExpr x, int64_t scale, Linear *out);

/* Expands operand value `id` read through `map` to the iteration space
 * (loops.c); -1 after an error. */
int exExpandToLoops(Ex *e, Generic *g, int id, MlirAffineMap map);

/* A reduction generic as one StableHLO op (contract.c): dot_general,
 * convolution or reduce_window, combined with the init. `comb` is the
 * body's combiner op of kind `kind` (one output). Returns the result id, -1
 * when the generic has none of those forms, -2 after an error. */
int exTryContraction(Ex *e, Generic *g, MlirOperation comb, GspmdCombiner kind);

#endif
