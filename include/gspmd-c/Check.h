/*===- gspmd-c/Check.h - deterministic inputs and the result verdict -*- C
-*-===*\
|*                                                                            *|
|* One input generator and one checker for every runner of partitioned       *|
|* programs (gspmd-run under MPI, gspmd-xla-run through PJRT): both feed the *|
|* same values and judge results by the same rule. Pure C, no MLIR handles;  *|
|* every buffer is the caller's, only read or written during the call.       *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef GSPMD_C_CHECK_H
#define GSPMD_C_CHECK_H

#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Element kinds: the numbers of enum GspmdDtype in runtime/gspmd_runtime.h
/// (the Python package mirrors them).
typedef enum GspmdElemKind {
  GSPMD_ELEM_F32 = 0,
  GSPMD_ELEM_F64,
  GSPMD_ELEM_F16,
  GSPMD_ELEM_BF16,
  GSPMD_ELEM_I1,
  GSPMD_ELEM_I8,
  GSPMD_ELEM_I32,
  GSPMD_ELEM_I64
} GspmdElemKind;

/// Fills `out` (caller-owned, product(shape) elements in the kind's native
/// encoding: f16/bf16 as uint16 bits, i1 as one byte 0/1) with argument
/// `arg_index`'s global tensor for `seed`. Element i (row-major) is a hash of
/// (seed, arg_index, i): floats k/256 with k in [-256, 256) (exact in every
/// float kind), i8 in [-4, 4], i32 and i64 in [-8, 8], i1 a random bit. A
/// shard's element takes the same value through gspmdInputElement.
MLIR_CAPI_EXPORTED void gspmdInputFill(uint64_t seed, int arg_index,
                                       GspmdElemKind kind, int rank,
                                       const int64_t *shape, void *out);

/// Writes element `index` (global, row-major) of argument `arg_index` for
/// `seed` to `out` (one element in the kind's native encoding; caller-owned).
/// gspmdInputFill is this for every index.
MLIR_CAPI_EXPORTED void gspmdInputElement(uint64_t seed, int arg_index,
                                          GspmdElemKind kind, int64_t index,
                                          void *out);

typedef struct GspmdCheckStats {
  double max_abs_err, max_rel_err; /* of got against the f64 reference */
  double bound;        /* the allowance the verdict used at the worst element */
  int64_t worst_index; /* linear index of the worst element, -1 if none */
  int64_t num_bad;     /* elements outside their allowance */
} GspmdCheckStats;

/// Verdict for one float result of n elements, all given as doubles (exact
/// for every float kind): `got` the result under test, `ref` the
/// unpartitioned program in its own precision, `ref64` the unpartitioned
/// program promoted to f64. Returns true on PASS. The rule (README, "The
/// check" in docs/testing.md): element i passes when it equals ref[i] (NaN
/// matching NaN), or when |got[i] - ref64[i]| <= GSPMD_CHECK_REF_MULTIPLE *
/// s[i] + ulps(kind) * ulp(|ref64[i]|), where s[i] is the larger of ref's
/// accumulated error at i (|ref[i] - ref64[i]| less half an ulp, the last
/// rounding's share) and the root mean square of that error over the
/// elements around i where it is not 0 (GSPMD_CHECK_WINDOW either side,
/// the window doubled until it holds GSPMD_CHECK_MIN_SAMPLES of them or the
/// whole result), and ulp is the kind's;
/// ulps(kind) is GSPMD_CHECK_ULPS_WIDE for f32 and f64 (other compilers'
/// exp, tanh, erf differ from libm's: XLA:CPU's f64 exp/tanh chain by 8 ulps)
/// and GSPMD_CHECK_ULPS for f16 and bf16 (their functions are computed in
/// f32 and rounded, so implementations agree within the last rounding).
/// `ref64` may be NULL (no f64 reference could be made): then element i
/// passes within the kind's fixed tolerances (gspmdCheckDefaultTolerances)
/// of ref[i]. `stats` (caller-owned, may be NULL) receives the figures; the
/// worst element is the one with the largest error / allowance. The arrays
/// are only read.
MLIR_CAPI_EXPORTED bool gspmdCheckFloats(GspmdElemKind kind, int64_t n,
                                         const double *got, const double *ref,
                                         const double *ref64,
                                         GspmdCheckStats *stats);

/// gspmdCheckFloats with its confirmation in f64 (docs/testing.md, The
/// check): `got64` (NULL: none) is the same partitioned program promoted to
/// f64 (gspmd-promote-f64 before partitioning) run on the same inputs. An
/// element outside its allowance A by at most GSPMD_CHECK_CONFIRM_RATIO
/// times A passes when |got64[i] - ref64[i]| <= GSPMD_CHECK_CONFIRM_MULTIPLE
/// * A * 2^(p - 53), p the kind's significand bits: rounding shrinks by
/// 2^(p - 53) in f64, where the error of a wrong program (a missing or
/// extra term, a misplaced element) stays what it is. Partitioned programs
/// round differently from the unpartitioned one (other summation orders
/// and combines), by as much as a row's amplification allows; one element
/// of a real model's output can fall outside the allowance by rounding
/// alone, and this tells it from a wrong one. Not for f64 results (the two
/// runs are one). `stats` as gspmdCheckFloats's, counting an element
/// confirmed in f64 as passing; `wide_stats` (may be NULL) gets got64's
/// figures against ref64 and the f64 allowance, over the elements judged
/// there (worst_index -1 when none). Arrays only read.
MLIR_CAPI_EXPORTED bool
gspmdCheckFloatsConfirmed(GspmdElemKind kind, int64_t n, const double *got,
                          const double *got64, const double *ref,
                          const double *ref64, GspmdCheckStats *stats,
                          GspmdCheckStats *wide_stats);

/// Fixed tolerances (an explicit override, and the rule without an f64
/// reference): element i passes when it equals ref[i] (NaN matching NaN) or
/// |got[i] - ref[i]| <= atol + rtol * |ref[i]|. Errors in `stats` are against
/// `ref`. Returns true on PASS; arrays only read, `stats` may be NULL.
MLIR_CAPI_EXPORTED bool gspmdCheckFloatsWithin(int64_t n, const double *got,
                                               const double *ref, double rtol,
                                               double atol,
                                               GspmdCheckStats *stats);

/// The fixed tolerances of a float kind (0 for integer kinds), written to
/// *rtol and *atol (caller-owned).
MLIR_CAPI_EXPORTED void gspmdCheckDefaultTolerances(GspmdElemKind kind,
                                                    double *rtol, double *atol);

/// Integers and i1 (as int64): exact equality. Returns true on PASS;
/// arrays only read, `stats` (may be NULL) gets the largest absolute and
/// relative differences, bound 0.
MLIR_CAPI_EXPORTED bool gspmdCheckInts(int64_t n, const int64_t *got,
                                       const int64_t *ref,
                                       GspmdCheckStats *stats);

/// The constants of the rule, for reports and bindings.
#define GSPMD_CHECK_REF_MULTIPLE 10.0
#define GSPMD_CHECK_ULPS 2.0
#define GSPMD_CHECK_ULPS_WIDE 8.0
#define GSPMD_CHECK_WINDOW 256
#define GSPMD_CHECK_MIN_SAMPLES 16
#define GSPMD_CHECK_CONFIRM_RATIO 10.0
#define GSPMD_CHECK_CONFIRM_MULTIPLE 16.0

#ifdef __cplusplus
}
#endif

#endif /* GSPMD_C_CHECK_H */
