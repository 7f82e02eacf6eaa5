/*
 * check.c - the deterministic inputs and the verdict on results that every
 * runner of partitioned programs shares (include/gspmd-c/Check.h).
 *
 * Inputs: element i of argument a is a hash (splitmix64) of (seed, a, i);
 * floats are k/256 with k in [-256, 256), exact in f32, f64, f16 and bf16
 * (8 significant bits at most), so every kind holds the same values and an
 * f64 run of the program sees exactly what the f32 run sees.
 *
 * Verdict: a partitioned program sums in another order than the
 * unpartitioned one, so its float results differ by rounding, by as much as
 * the computation amplifies rounding (long contractions, cancellation,
 * stacked layers). That amount is measured, not guessed: the unpartitioned
 * program runs twice, in its own precision (ref) and promoted to f64
 * (ref64, rounding-free at the scale of the result's kind). ref's distance to
 * ref64 is one sample of the rounding error of this computation at each
 * element; a reordered run makes another sample of the same size. One sample
 * can be small by luck (a cancelled element whose ref happens to round well),
 * so the scale at element i is the larger of ref's own error at i and the
 * root mean square of ref's errors over the elements around i where it shows
 * any (neighbours in memory order: the same row, mostly, which shares
 * magnitudes and terms; the window widens where such elements are sparse).
 * The allowance is a small multiple of that scale plus a few ulps of the
 * element's magnitude (for elements that ref computes exactly). Assumes
 * the f64 program's own error is negligible against the kind's rounding.
 */
#include "gspmd-c/Check.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/*===-- Inputs ------------------------------------------------------------===*/

static uint64_t mix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

/* f16 and bf16 bits of a value k/256, |k| <= 256: exact, so no rounding. */
static uint16_t halfBits(double v) {
  _Float16 h = (_Float16)v;
  uint16_t bits;
  memcpy(&bits, &h, sizeof(bits));
  return bits;
}

static uint16_t bfloatBits(double v) {
  float f = (float)v;
  uint32_t bits;
  memcpy(&bits, &f, sizeof(bits));
  return (uint16_t)(bits >> 16);
}

static void storeFloat(GspmdElemKind kind, void *out, double v) {
  switch (kind) {
  case GSPMD_ELEM_F32: {
    float f = (float)v;
    memcpy(out, &f, sizeof(f));
    break;
  }
  case GSPMD_ELEM_F64:
    memcpy(out, &v, sizeof(v));
    break;
  case GSPMD_ELEM_F16: {
    uint16_t b = halfBits(v);
    memcpy(out, &b, sizeof(b));
    break;
  }
  default: {
    uint16_t b = bfloatBits(v);
    memcpy(out, &b, sizeof(b));
  }
  }
}

static void storeInt(GspmdElemKind kind, void *out, int64_t v) {
  switch (kind) {
  case GSPMD_ELEM_I1:
  case GSPMD_ELEM_I8: {
    int8_t b = (int8_t)v;
    memcpy(out, &b, 1);
    break;
  }
  case GSPMD_ELEM_I32: {
    int32_t w = (int32_t)v;
    memcpy(out, &w, sizeof(w));
    break;
  }
  default:
    memcpy(out, &v, sizeof(v));
  }
}

static size_t elemSize(GspmdElemKind kind) {
  static const size_t kSizes[] = {4, 8, 2, 2, 1, 1, 4, 8};
  return kSizes[kind];
}

void gspmdInputElement(uint64_t seed, int arg_index, GspmdElemKind kind,
                       int64_t index, void *out) {
  uint64_t h = mix64(mix64(seed * 0x100000001B3ull + (uint64_t)arg_index) ^
                     (uint64_t)index);
  switch (kind) {
  case GSPMD_ELEM_I1:
    storeInt(kind, out, (int64_t)(h & 1));
    break;
  case GSPMD_ELEM_I8:
    storeInt(kind, out, (int64_t)(h % 9) - 4);
    break;
  case GSPMD_ELEM_I32:
  case GSPMD_ELEM_I64:
    storeInt(kind, out, (int64_t)(h % 17) - 8);
    break;
  default:
    storeFloat(kind, out, (double)((int64_t)(h % 512) - 256) / 256.0);
  }
}

void gspmdInputFill(uint64_t seed, int arg_index, GspmdElemKind kind, int rank,
                    const int64_t *shape, void *out) {
  int64_t n = 1;
  for (int d = 0; d < rank; ++d)
    n *= shape[d];
  size_t es = elemSize(kind);
  for (int64_t i = 0; i < n; ++i)
    gspmdInputElement(seed, arg_index, kind, i, (char *)out + (size_t)i * es);
}

/*===-- Verdict -----------------------------------------------------------===*/

/* Significand bits (with the hidden one) and the smallest subnormal's
 * exponent of each float kind. */
static int precisionBits(GspmdElemKind kind) {
  static const int kBits[] = {24, 53, 11, 8};
  return kind <= GSPMD_ELEM_BF16 ? kBits[kind] : 53;
}

static int minExponent(GspmdElemKind kind) {
  static const int kMin[] = {-149, -1074, -24, -133};
  return kind <= GSPMD_ELEM_BF16 ? kMin[kind] : -1074;
}

/* The spacing of the kind's values at magnitude a (subnormal spacing
 * below the normal range). */
/* Ulps an element may differ by with no accumulated error: f32 and f64
 * elementwise functions differ between implementations (libm, XLA:CPU's own
 * approximations) by a few ulps; f16 and bf16 ones are computed in f32 and
 * rounded. */
static double ulpsAllowed(GspmdElemKind kind) {
  return kind == GSPMD_ELEM_F32 || kind == GSPMD_ELEM_F64
             ? GSPMD_CHECK_ULPS_WIDE
             : GSPMD_CHECK_ULPS;
}

static double ulpOf(GspmdElemKind kind, double a) {
  if (!(a > 0) || isinf(a))
    return ldexp(1.0, minExponent(kind));
  int e;
  frexp(a, &e); /* a = m * 2^e, m in [0.5, 1) */
  int ulp_exp = e - precisionBits(kind);
  if (ulp_exp < minExponent(kind))
    ulp_exp = minExponent(kind);
  return ldexp(1.0, ulp_exp);
}

/* Same value: equal numbers, or both NaN. */
static bool sameValue(double a, double b) {
  return a == b || (isnan(a) && isnan(b));
}

static void statsInit(GspmdCheckStats *s) {
  memset(s, 0, sizeof(*s));
  s->worst_index = -1;
}

/* Records element i's error against `truth` and its allowance; `score` is
 * error / allowance (the worst element has the largest). */
static void statsAdd(GspmdCheckStats *s, int64_t i, double got, double truth,
                     double allowance, bool pass, double *worst_score) {
  double err = fabs(got - truth);
  if (sameValue(got, truth))
    err = 0;
  double score = err == 0 ? 0 : allowance > 0 ? err / allowance : INFINITY;
  if (isnan(err) || isnan(score))
    err = score = INFINITY;
  if (err > s->max_abs_err)
    s->max_abs_err = err;
  if (truth != 0 && isfinite(truth) && err / fabs(truth) > s->max_rel_err)
    s->max_rel_err = err / fabs(truth);
  if (!pass)
    ++s->num_bad;
  if (s->worst_index < 0 || score > *worst_score) {
    *worst_score = score;
    s->worst_index = i;
    s->bound = allowance;
  }
}

void gspmdCheckDefaultTolerances(GspmdElemKind kind, double *rtol,
                                 double *atol) {
  static const double kRtol[] = {1e-4, 1e-9, 1e-2, 5e-2};
  static const double kAtol[] = {1e-5, 1e-12, 5e-2, 1e-1};
  bool is_float = kind <= GSPMD_ELEM_BF16;
  *rtol = is_float ? kRtol[kind] : 0;
  *atol = is_float ? kAtol[kind] : 0;
}

bool gspmdCheckFloatsWithin(int64_t n, const double *got, const double *ref,
                            double rtol, double atol, GspmdCheckStats *stats) {
  GspmdCheckStats s;
  statsInit(&s);
  double worst = 0;
  for (int64_t i = 0; i < n; ++i) {
    double allowance = atol + rtol * fabs(ref[i]);
    bool pass = sameValue(got[i], ref[i]) ||
                (isfinite(got[i]) && fabs(got[i] - ref[i]) <= allowance);
    statsAdd(&s, i, got[i], ref[i], allowance, pass, &worst);
  }
  if (stats)
    *stats = s;
  return s.num_bad == 0;
}

/* The error ref accumulated before its last rounding, at least: its
 * distance to ref64 less the half ulp that rounding to the kind alone makes
 * (a result that is only rounded, like a bf16 truncation of an f32 sum,
 * carries no accumulated error; its rounding is the ulps term's). 0 where
 * ref64 is not finite: nothing to learn there. */
static double accumulatedError(GspmdElemKind kind, double ref, double ref64) {
  double e = fabs(ref - ref64);
  if (!isfinite(e))
    return 0;
  return fmax(0, e - 0.5 * ulpOf(kind, fabs(ref64)));
}

/* Elements that measure the rounding noise: those where ref shows an error
 * beyond its last rounding. Where ref rounds back to ref64 the element says
 * only that its noise is under half its own ulp, which for a large element
 * hides the noise of its small neighbours: an SGD update w - lr * g rounds
 * g's error away wherever w is not near 0, and the few elements where it is
 * carry g's whole error. Counted as zeros, they would dilute the mean; exact
 * zeros (a relu's) likewise say nothing. */
static bool informative(double accumulated) { return accumulated > 0; }

/* Running sums of the squares of the accumulated errors and of the
 * informative elements, for window means (sums[2 * i], sums[2 * i + 1] over
 * elements < i); NULL when out of memory. */
static double *errorPrefix(GspmdElemKind kind, int64_t n, const double *ref,
                           const double *ref64) {
  double *sums = malloc(sizeof(double) * 2 * (size_t)(n + 1));
  if (!sums)
    return NULL;
  sums[0] = sums[1] = 0;
  for (int64_t i = 0; i < n; ++i) {
    double e = accumulatedError(kind, ref[i], ref64[i]);
    sums[2 * i + 2] = sums[2 * i] + e * e;
    sums[2 * i + 3] = sums[2 * i + 1] + informative(e);
  }
  return sums;
}

/* The error scale at element i: ref's accumulated error there or their root
 * mean square over the informative elements around i, whichever is larger.
 * The window is GSPMD_CHECK_WINDOW elements either side, doubled until it
 * holds GSPMD_CHECK_MIN_SAMPLES informative elements or the whole result:
 * local where the noise is measured densely (rows share magnitudes and
 * terms), wider where few elements show it. */
static double errorScale(int64_t n, int64_t i, const double *sums, double own) {
  double count = 0, sq = 0;
  for (int64_t half = GSPMD_CHECK_WINDOW;; half *= 2) {
    int64_t lo = i - half < 0 ? 0 : i - half;
    int64_t hi = i + half + 1 > n ? n : i + half + 1;
    count = sums[2 * hi + 1] - sums[2 * lo + 1];
    sq = fmax(sums[2 * hi] - sums[2 * lo], 0);
    if (count >= GSPMD_CHECK_MIN_SAMPLES || (lo == 0 && hi == n))
      break;
  }
  double rms = count > 0 ? sqrt(sq / count) : 0;
  return own > rms ? own : rms;
}

/* Element i's allowance: GSPMD_CHECK_REF_MULTIPLE times its error scale
 * plus the kind's ulps (prefix: errorPrefix, or NULL for ref's own error
 * only: stricter, never looser). */
static double allowanceAt(GspmdElemKind kind, int64_t n, int64_t i,
                          const double *prefix, const double *ref,
                          const double *ref64) {
  double truth = isnan(ref64[i]) ? ref[i] : ref64[i];
  double own = accumulatedError(kind, ref[i], ref64[i]);
  double scale = prefix ? errorScale(n, i, prefix, own) : own;
  double magnitude = fmax(fabs(truth), fabs(ref[i]));
  return GSPMD_CHECK_REF_MULTIPLE * scale +
         ulpsAllowed(kind) * ulpOf(kind, magnitude);
}

/* Whether got passes at element i within `allowance` of ref64 (or equal to
 * ref). */
static bool withinAt(int64_t i, const double *got, const double *ref,
                     const double *ref64, double allowance) {
  double truth = isnan(ref64[i]) ? ref[i] : ref64[i];
  return sameValue(got[i], ref[i]) ||
         (isfinite(got[i]) && fabs(got[i] - truth) <= allowance);
}

bool gspmdCheckFloats(GspmdElemKind kind, int64_t n, const double *got,
                      const double *ref, const double *ref64,
                      GspmdCheckStats *stats) {
  return gspmdCheckFloatsConfirmed(kind, n, got, NULL, ref, ref64, stats, NULL);
}

/* The f64 run's allowance at an element whose own-kind allowance is a:
 * the same rounding scaled from the kind's precision to f64's, times
 * GSPMD_CHECK_CONFIRM_MULTIPLE. */
static double wideAllowance(GspmdElemKind kind, double a) {
  return GSPMD_CHECK_CONFIRM_MULTIPLE * ldexp(a, precisionBits(kind) - 53);
}

bool gspmdCheckFloatsConfirmed(GspmdElemKind kind, int64_t n, const double *got,
                               const double *got64, const double *ref,
                               const double *ref64, GspmdCheckStats *stats,
                               GspmdCheckStats *wide_stats) {
  if (!ref64) {
    double rtol, atol;
    gspmdCheckDefaultTolerances(kind, &rtol, &atol);
    return gspmdCheckFloatsWithin(n, got, ref, rtol, atol, stats);
  }
  double *prefix = errorPrefix(kind, n, ref, ref64);
  GspmdCheckStats s, w;
  statsInit(&s);
  statsInit(&w);
  double worst = 0, worst_wide = 0;
  for (int64_t i = 0; i < n; ++i) {
    double truth = isnan(ref64[i]) ? ref[i] : ref64[i];
    double allowance = allowanceAt(kind, n, i, prefix, ref, ref64);
    bool pass = withinAt(i, got, ref, ref64, allowance);
    /* Outside its allowance by rounding's measure but not by much: the
     * f64 run, where rounding is 2^-29 (f32) of this and a wrong program's
     * error is what it is in any precision, decides. */
    if (!pass && got64 && kind != GSPMD_ELEM_F64 && isfinite(got[i]) &&
        fabs(got[i] - truth) <= GSPMD_CHECK_CONFIRM_RATIO * allowance) {
      double wide = wideAllowance(kind, allowance);
      pass = withinAt(i, got64, ref64, ref64, wide);
      statsAdd(&w, i, got64[i], ref64[i], wide, pass, &worst_wide);
    }
    statsAdd(&s, i, got[i], truth, allowance, pass, &worst);
  }
  free(prefix);
  if (stats)
    *stats = s;
  if (wide_stats)
    *wide_stats = w;
  return s.num_bad == 0;
}

bool gspmdCheckInts(int64_t n, const int64_t *got, const int64_t *ref,
                    GspmdCheckStats *stats) {
  GspmdCheckStats s;
  statsInit(&s);
  double worst = 0;
  for (int64_t i = 0; i < n; ++i)
    statsAdd(&s, i, (double)got[i], (double)ref[i], 0, got[i] == ref[i],
             &worst);
  if (stats)
    *stats = s;
  return s.num_bad == 0;
}
