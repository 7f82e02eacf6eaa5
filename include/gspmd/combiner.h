/*
 * gspmd/combiner.h - what combines the values of a reduction, in one place.
 *
 * A linalg reduction's body ends in `yield comb(acc, x)`, a collective
 * reduces with a GspmdReduction, and every backend spells the combination
 * its own way (arith ops in the reference, StableHLO ops in the export,
 * the collective's kind in the MPI runtime). This header is the one table
 * between them: which arith ops combine, which collective reduction (if
 * any) computes the same over devices, each combiner's identity, and the
 * names each backend uses. The algorithms ask it; none of them matches
 * arith op names itself. Implemented in lib/Rules/combiner.c.
 */
#ifndef GSPMD_COMBINER_H
#define GSPMD_COMBINER_H

#include "gspmd/sharding.h"

#include "mlir-c/IR.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The combiners linalg bodies use, one kind whatever the element type
 * (arith.addf and arith.addi are both ADD). */
typedef enum GspmdCombiner {
  GSPMD_COMBINER_NONE = -1,
  GSPMD_COMBINER_ADD = 0,
  GSPMD_COMBINER_MUL,
  GSPMD_COMBINER_MAX, /* NaN-propagating on floats, signed on integers */
  GSPMD_COMBINER_MIN,
  GSPMD_COMBINER_MAXNUM, /* max ignoring NaN */
  GSPMD_COMBINER_MINNUM,
  GSPMD_COMBINER_OR,
  GSPMD_COMBINER_AND,
  GSPMD_COMBINER_XOR,
  GSPMD_COMBINER_UMAX, /* unsigned max/min of signless integers */
  GSPMD_COMBINER_UMIN,
  GSPMD_NUM_COMBINERS
} GspmdCombiner;

/* A combiner's identity, independent of the element type: ZERO (0, false),
 * ONE (1, true), ALL_ONES (-1, true), LOWEST (-inf, the least integer,
 * false) and HIGHEST (+inf, the greatest integer, true). */
typedef enum GspmdIdentity {
  GSPMD_IDENTITY_ZERO,
  GSPMD_IDENTITY_ONE,
  GSPMD_IDENTITY_ALL_ONES,
  GSPMD_IDENTITY_LOWEST,
  GSPMD_IDENTITY_HIGHEST
} GspmdIdentity;

/* The combiner an op named `name` is (arith.addf, arith.maxsi, ...), or
 * NONE. */
GspmdCombiner gspmdCombinerOfName(MlirStringRef name);

/* The combiner `op` is: one of the names above with two operands and one
 * result; NONE otherwise (and for a null op). */
GspmdCombiner gspmdCombinerOfOp(MlirOperation op);

/* The recogniser of `yield comb(acc, x)`: when output `output` of the
 * linalg body `body` yields an op of `body` that is a combiner with the
 * output's accumulator (a block argument) as exactly one operand, returns
 * that op and sets *x to the other operand; else returns a null op. */
MlirOperation gspmdMatchCombine(MlirBlock body, int output, MlirValue *x);

/* The collective reduction that computes `c` over devices on `element`, or
 * GSPMD_REDUCTION_NONE: or and and are sum and product only on i1 (the
 * collectives have no bitwise reductions), xor and the unsigned ones have
 * none. */
GspmdReduction gspmdCombinerReduction(GspmdCombiner c, MlirType element);

/* The combiner a collective reduction applies. */
GspmdCombiner gspmdReductionCombiner(GspmdReduction reduce);

/* The kind whose identity `reduce` shares: maxnum and minnum (which ignore
 * NaN) have the identities of max and min. */
GspmdReduction gspmdReductionOrdered(GspmdReduction reduce);

GspmdIdentity gspmdCombinerIdentity(GspmdCombiner c);

/* The identity as a scalar attribute of integer or float type `element`.
 * The attribute is owned by the context. */
MlirAttribute gspmdIdentityAttr(MlirType element, GspmdIdentity identity);

/* The arith op combining two values of `element` by `c` (NULL for NONE);
 * a static string. MAXNUM and MINNUM on integers are the signed max/min. */
const char *gspmdCombinerArithName(GspmdCombiner c, MlirType element);

/* How StableHLO spells `c`: the binary op on elements of `element_bits`
 * bits (1 for i1, whose add is xor and product is and) of a float or
 * integer type; *ignores_nan when NaN operands must be selected away
 * around it, *is_unsigned when integer operands must be bitcast to
 * unsigned first. A static string, NULL for NONE. */
const char *gspmdCombinerStablehloName(GspmdCombiner c, bool is_float,
                                       int element_bits, bool *ignores_nan,
                                       bool *is_unsigned);

#ifdef __cplusplus
}
#endif

#endif /* GSPMD_COMBINER_H */
