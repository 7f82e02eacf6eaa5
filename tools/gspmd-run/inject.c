/*
 * inject.c - --inject-error[=KIND]: plants, on rank 0, the error a
 * partitioning bug makes in result #0 after it is assembled and before it is
 * checked, so that tests can show the check FAILs it (and, without it,
 * PASSes the same program).
 *
 * Kinds (all change one element, the hardest case for a checker; a real bug
 * usually spoils many):
 *   first    element 0 += 1 (the original --inject-error).
 *   element  one element off by 1e-3 of its magnitude (or 4 ulps of the
 *            result's type where that is more: bf16 cannot hold a 1e-3
 *            change of any value, f16 not of every value).
 *   padding  one element with one padding element summed in: it gains one
 *            more term of the size a term of a 4,096-long sum of random
 *            terms has, |x|_median / 64.
 *   partial  one element missing one shard's partial sum: it keeps
 *            (S - 1) / S of its value, S the number of devices (2 at least).
 *   all      the check of the result as it is, then of each of element,
 *            padding and partial planted in a copy (gspmd-run.c): the run
 *            passes when the first PASSes and the three FAIL.
 * The element is the nonzero one of median magnitude (typical; neither
 * a large one, which is easy, nor one cancelled to nearly zero, where no
 * checker can see a relative change). Integers get + 1 there.
 */
#include "run.h"

#include "gspmd_runtime.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const kNames[] = {"",        "first",   "element",
                                     "padding", "partial", "all"};

int injectKindFromName(const char *text) {
  for (int k = INJECT_FIRST; k <= INJECT_ALL; ++k)
    if (!strcmp(text, kNames[k]))
      return k;
  return -1;
}

static const double *sortKeys;

static int byMagnitude(const void *a, const void *b) {
  double x = fabs(sortKeys[*(const int64_t *)a]);
  double y = fabs(sortKeys[*(const int64_t *)b]);
  return (x > y) - (x < y);
}

/* The index of the element of median magnitude among the finite nonzero
 * ones (zeros, relu's say, have no magnitude to be off by; 0 if none);
 * *median gets its magnitude. */
static int64_t medianElement(const double *v, int64_t n, double *median) {
  int64_t *idx = malloc(sizeof(int64_t) * (size_t)(n ? n : 1));
  int64_t m = 0;
  for (int64_t i = 0; i < n; ++i)
    if (isfinite(v[i]) && v[i] != 0)
      idx[m++] = i;
  int64_t at = 0;
  *median = 0;
  if (m > 0) {
    sortKeys = v;
    qsort(idx, (size_t)m, sizeof(int64_t), byMagnitude);
    at = idx[m / 2];
    *median = fabs(v[at]);
  }
  free(idx);
  return at;
}

/* 4 ulps of `dtype` at x (the spacing of its values there). */
static double fourUlps(int dtype, double x) {
  static const int kBits[] = {24, 53, 11, 8};
  int e;
  frexp(fabs(x), &e);
  return 4 * ldexp(1.0, e - kBits[dtype]);
}

static double changedValue(int kind, int dtype, double x, double median,
                           int num_devices) {
  switch (kind) {
  case INJECT_FIRST:
    return isnan(x) ? 0 : x + 1;
  case INJECT_ELEMENT:
    return x + copysign(fmax(1e-3 * fabs(x), fourUlps(dtype, x)), x);
  case INJECT_PADDING:
    return x + copysign(median / 64, x);
  default: {
    int s = num_devices > 1 ? num_devices : 2;
    return x * (double)(s - 1) / (double)s;
  }
  }
}

void injectError(int kind, const TensorInfo *t, char *data, int num_devices,
                 FILE *out) {
  int64_t n = numElements(t->rank, t->global);
  if (n == 0 || kind == INJECT_NONE)
    return;
  size_t es = dtypeSize(t->dtype);
  if (!dtypeIsFloat(t->dtype)) {
    int64_t at = 0;
    if (kind != INJECT_FIRST) {
      double *v = malloc(sizeof(double) * (size_t)n);
      int64_t *ints = tensorToInts(t->dtype, n, data);
      for (int64_t i = 0; i < n; ++i)
        v[i] = (double)ints[i];
      double median;
      at = medianElement(v, n, &median);
      free(v);
      free(ints);
    }
    char *p = data + (size_t)at * es;
    int64_t old = gspmd_rt_load_int(t->dtype, p);
    gspmd_rt_store_int(t->dtype, p, t->dtype == GSPMD_I1 ? !old : old + 1);
    fprintf(out,
            "inject-error: %s: element %lld of result #0 changed from %lld "
            "to %lld\n",
            kNames[kind], (long long)at, (long long)old,
            (long long)gspmd_rt_load_int(t->dtype, p));
    return;
  }
  double *v = tensorToDoubles(t->dtype, n, data);
  double median = 0;
  int64_t at = kind == INJECT_FIRST ? 0 : medianElement(v, n, &median);
  double x = v[at];
  gspmd_rt_store_float(t->dtype, data + (size_t)at * es,
                       changedValue(kind, t->dtype, x, median, num_devices));
  double now = gspmd_rt_load_float(t->dtype, data + (size_t)at * es);
  fprintf(out,
          "inject-error: %s: element %lld of result #0 changed from %.9g to "
          "%.9g (by %.3g of its magnitude)\n",
          kNames[kind], (long long)at, x, now,
          x != 0 ? fabs(now - x) / fabs(x) : fabs(now - x));
  free(v);
}
