/*
 * reference.c - what gspmd-run --check compares against, and the verdict.
 *
 * Rank 0 runs the unpartitioned program twice on the global inputs: as
 * written (its own precision) and promoted to f64 by gspmd-promote-f64 (after
 * TOSA is lowered to linalg: TOSA has no f64), on the same input values (the
 * generator's values are exact in every float type). The verdict on each
 * result is lib/Check's (include/gspmd-c/Check.h): floats against the f64
 * run within a multiple of the own-precision run's error plus a few ulps,
 * integers exactly. When the program cannot be promoted (a bitcast of a
 * float, say), a note says why and floats are judged by fixed tolerances
 * instead (gspmdCheckDefaultTolerances); --rtol / --atol force that rule
 * with the given values.
 */
#include "run.h"

#include "gspmd-c/Check.h"
#include "gspmd-c/Passes.h"
#include "gspmd_runtime.h"

#include "mlir-c/Diagnostics.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* TOSA to linalg first (as the LLVM lowering does), then the promotion. */
#define PROMOTE_PIPELINE                                                       \
  "builtin.module(func.func(tosa-optional-decompositions,"                     \
  "tosa-make-broadcastable,tosa-to-linalg-named,tosa-to-linalg,"               \
  "tosa-to-arith,tosa-to-tensor),gspmd-promote-f64)"

static MlirStringRef str(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

/*===-- Running
 * ------------------------------------------------------------===*/

static void appendText(MlirStringRef s, void *user) {
  char *buf = user;
  size_t len = strlen(buf), room = 511 - len;
  size_t n = s.length < room ? s.length : room;
  memcpy(buf + len, s.data, n);
  buf[len + n] = '\0';
}

/* Keeps the first error of the promotion as the reason (a note later, not
 * an error: the check goes on with another rule). */
static MlirLogicalResult captureError(MlirDiagnostic d, void *user) {
  char *why = user;
  if (mlirDiagnosticGetSeverity(d) == MlirDiagnosticError && !why[0]) {
    mlirLocationPrint(mlirDiagnosticGetLocation(d), appendText, why);
    appendText(str(": "), why);
    mlirDiagnosticPrint(d, appendText, why);
  }
  return mlirLogicalResultSuccess();
}

/* Runs `module` (whose entry takes `args` and returns `results`) on the
 * global inputs; out[i] receives result i. */
static bool runGlobal(Program *p, const Options *o, MlirModule module,
                      const TensorInfo *args, const TensorInfo *results,
                      char **out) {
  Compiled code = programCompile(p, module, false);
  if (!code.entry) {
    compiledDestroy(&code);
    return false;
  }
  HostTensor *inputs = calloc((size_t)p->num_args + 1, sizeof(HostTensor));
  for (int i = 0; i < p->num_args; ++i)
    inputs[i] = makeGlobalInput(&args[i], o->seed, i);
  bool ran = programRun(p, &code, inputs, results, false, out);
  for (int i = 0; i < p->num_args; ++i)
    hostTensorFree(&inputs[i]);
  free(inputs);
  compiledDestroy(&code);
  return ran;
}

/* The f64 form of a layout: float element types become f64. */
static TensorInfo widened(const TensorInfo *t) {
  TensorInfo w = *t;
  if (dtypeIsFloat(w.dtype))
    w.dtype = GSPMD_F64;
  return w;
}

MlirModule referencePromoted(Program *p, char *why, size_t why_size) {
  MlirModule wide = mlirModuleFromOperation(
      mlirOperationClone(mlirModuleGetOperation(p->global)));
  why[0] = '\0';
  char first[512] = "";
  MlirDiagnosticHandlerID id =
      mlirContextAttachDiagnosticHandler(p->ctx, captureError, first, NULL);
  bool promoted =
      mlirLogicalResultIsSuccess(gspmdRunPipeline(wide, str(PROMOTE_PIPELINE)));
  mlirContextDetachDiagnosticHandler(p->ctx, id);
  if (promoted)
    return wide;
  snprintf(why, why_size, "%s", first[0] ? first : "gspmd-promote-f64 failed");
  mlirModuleDestroy(wide);
  return (MlirModule){NULL};
}

/* Promotes a copy of the global program and runs it; false with r->why set
 * when it cannot be promoted or run. */
static bool runWide(Program *p, const Options *o, Reference *r) {
  MlirModule wide = referencePromoted(p, r->why, sizeof(r->why));
  bool promoted = !mlirModuleIsNull(wide);
  TensorInfo *args = calloc((size_t)p->num_args + 1, sizeof(TensorInfo));
  for (int i = 0; i < p->num_args; ++i)
    args[i] = widened(&p->args[i]);
  for (int i = 0; i < p->num_results; ++i)
    r->wide_info[i] = widened(&p->results[i]);
  bool ran = promoted && runGlobal(p, o, wide, args, r->wide_info, r->wide);
  free(args);
  if (promoted && !ran)
    snprintf(r->why, sizeof(r->why), "the f64 program did not run");
  if (promoted)
    mlirModuleDestroy(wide);
  return ran;
}

bool referenceRun(Program *p, const Options *o, Reference *r) {
  memset(r, 0, sizeof(*r));
  size_t n = (size_t)p->num_results + 1;
  r->own = calloc(n, sizeof(char *));
  r->wide = calloc(n, sizeof(char *));
  r->wide_info = calloc(n, sizeof(TensorInfo));
  if (!runGlobal(p, o, p->global, p->args, p->results, r->own)) {
    referenceFree(p, r);
    return false;
  }
  r->has_wide = runWide(p, o, r);
  if (!r->has_wide)
    for (int i = 0; i < p->num_results; ++i) {
      free(r->wide[i]);
      r->wide[i] = NULL;
    }
  return true;
}

void referenceFree(const Program *p, Reference *r) {
  for (int i = 0; i < p->num_results && r->own; ++i) {
    free(r->own[i]);
    free(r->wide[i]);
  }
  free(r->own), free(r->wide), free(r->wide_info);
  memset(r, 0, sizeof(*r));
}

/*===-- Verdict
 * ------------------------------------------------------------===*/

/* Error / allowance at the worst element (0 when it is exact). */
static double worstRatio(const GspmdCheckStats *s, const double *got,
                         const double *truth) {
  if (s->worst_index < 0)
    return 0;
  double g = got[s->worst_index], t = truth[s->worst_index];
  double err = g == t || (isnan(g) && isnan(t)) ? 0 : fabs(g - t);
  if (err == 0)
    return 0;
  return s->bound > 0 && isfinite(err) ? err / s->bound : INFINITY;
}

/* Fixed tolerances: --rtol/--atol where given, the kind's defaults for the
 * rest. */
static void fixedTolerances(const Options *o, int dtype, double *rtol,
                            double *atol) {
  gspmdCheckDefaultTolerances((GspmdElemKind)dtype, rtol, atol);
  if (o->rtol >= 0)
    *rtol = o->rtol;
  if (o->atol >= 0)
    *atol = o->atol;
}

/* A NaN or infinite reference element passes only the same value: a
 * result that is NaN everywhere (a batch norm fed a negative variance)
 * checks nothing, so say so where it happens. */
static void noteNonFinite(const TensorInfo *t, int64_t n, const double *ref,
                          FILE *out) {
  int64_t bad = 0;
  for (int64_t i = 0; i < n; ++i)
    bad += !isfinite(ref[i]);
  if (bad)
    fprintf(out,
            "check: the reference of %s is NaN or infinite at %lld of %lld "
            "elements; the check sees no error there\n",
            t->type_text, (long long)bad, (long long)n);
}

/* Whether a result that failed with this worst ratio may be confirmed in
 * f64 (gspmdCheckFloatsConfirmed): a float result judged by the f64
 * reference, not f64 itself, every element within the confirmable ratio. */
static bool confirmable(const Options *o, const Reference *r,
                        const TensorInfo *t, double ratio) {
  return dtypeIsFloat(t->dtype) && t->dtype != GSPMD_F64 && r->has_wide &&
         o->rtol < 0 && o->atol < 0 && ratio <= GSPMD_CHECK_CONFIRM_RATIO;
}

/* The verdict on float result t; with got64 (the partitioned program's f64
 * result), confirmed in f64 where allowed, its figures into *w. */
static bool checkFloats(const Options *o, const TensorInfo *t, int64_t n,
                        const char *got, const char *got64, const char *own,
                        const char *wide, GspmdCheckStats *s, double *ratio,
                        GspmdCheckStats *w, double *wide_ratio, FILE *out) {
  double *g = tensorToDoubles(t->dtype, n, got);
  double *ref = tensorToDoubles(t->dtype, n, own);
  double *ref64 = wide ? tensorToDoubles(GSPMD_F64, n, wide) : NULL;
  double *g64 = got64 ? tensorToDoubles(GSPMD_F64, n, got64) : NULL;
  if (!got64)
    noteNonFinite(t, n, ref, out);
  bool pass;
  if (o->rtol >= 0 || o->atol >= 0 || !ref64) {
    double rtol, atol;
    fixedTolerances(o, t->dtype, &rtol, &atol);
    pass = gspmdCheckFloatsWithin(n, g, ref, rtol, atol, s);
    *ratio = worstRatio(s, g, ref);
  } else {
    pass = gspmdCheckFloatsConfirmed((GspmdElemKind)t->dtype, n, g, g64, ref,
                                     ref64, s, w);
    *ratio = worstRatio(s, g, ref64);
    if (w && g64)
      *wide_ratio = worstRatio(w, g64, ref64);
  }
  free(g);
  free(ref);
  free(ref64);
  free(g64);
  return pass;
}

static bool checkInts(const TensorInfo *t, int64_t n, const char *got,
                      const char *own, GspmdCheckStats *s, double *ratio) {
  int64_t *g = tensorToInts(t->dtype, n, got);
  int64_t *ref = tensorToInts(t->dtype, n, own);
  bool pass = gspmdCheckInts(n, g, ref, s);
  *ratio = s->max_abs_err > 0 ? INFINITY : 0;
  free(g);
  free(ref);
  return pass;
}

/* Says once which rule judges the floats when it is not the f64 one. */
void referenceNoteRule(const Program *p, const Options *o, const Reference *r) {
  bool floats = false;
  for (int i = 0; i < p->num_results; ++i)
    floats |= dtypeIsFloat(p->results[i].dtype);
  if (!floats)
    return;
  if (o->rtol >= 0 || o->atol >= 0)
    printf("check: fixed tolerances (--rtol/--atol): |got - ref| <= atol + "
           "rtol * |ref|\n");
  else if (!r->has_wide)
    printf("check: no f64 reference (%s); floats are judged by fixed "
           "tolerances: |got - ref| <= atol + rtol * |ref|\n",
           r->why);
}

bool referenceCheckOne(const Program *p, const Options *o, const Reference *r,
                       int i, const char *got, bool *confirm, FILE *out) {
  const TensorInfo *t = &p->results[i];
  int64_t n = numElements(t->rank, t->global);
  GspmdCheckStats s;
  double ratio;
  bool pass = dtypeIsFloat(t->dtype)
                  ? checkFloats(o, t, n, got, NULL, r->own[i], r->wide[i], &s,
                                &ratio, NULL, NULL, out)
                  : checkInts(t, n, got, r->own[i], &s, &ratio);
  *confirm = !pass && confirmable(o, r, t, ratio);
  fprintf(out,
          "result #%d %s: max_abs_err=%.3g max_rel_err=%.3g bound=%.3g "
          "ratio=%.3g %s%s\n",
          i, t->type_text, s.max_abs_err, s.max_rel_err, s.bound, ratio,
          pass ? "PASS" : "FAIL",
          *confirm ? " (within 10x: to be confirmed in f64)" : "");
  return pass;
}

bool referenceConfirmOne(const Program *p, const Options *o, const Reference *r,
                         int i, const char *got, const char *got64, FILE *out) {
  const TensorInfo *t = &p->results[i];
  int64_t n = numElements(t->rank, t->global);
  GspmdCheckStats s, w;
  double ratio, wide_ratio = 0;
  bool pass = checkFloats(o, t, n, got, got64, r->own[i], r->wide[i], &s,
                          &ratio, &w, &wide_ratio, out);
  fprintf(out,
          "result #%d %s in f64 (the partitioned program promoted, at the "
          "elements outside the allowance): max_abs_err=%.3g bound=%.3g "
          "ratio=%.3g %s\n",
          i, t->type_text, w.max_abs_err, w.bound, wide_ratio,
          pass ? "PASS" : "FAIL");
  return pass;
}
