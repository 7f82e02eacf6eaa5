/*
 * ApproximateMath.c - gspmd-approximate-math: math.exp becomes upstream's
 * polynomial approximation in arith ops (issue 20: softmax and the like
 * called libm's expf once per element, a call LLVM cannot vectorize).
 *
 * f32 is approximated directly, f16 and bf16 through f32; f64 keeps libm,
 * so gspmd-run's f64 reference (gspmd-promote-f64) is not approximated. The
 * approximation is within a few ulp of expf and keeps its special values
 * (test/E2E/cpu-exp-approximation.mlir checks both against the reference).
 * Only exp: the other approximations are not needed for speed here.
 *
 * Assumes scalar math ops (vector types would need the vector dialect,
 * which it does not load): it runs late in the lowering to LLVM
 * (include/gspmd/passes.h), after linalg became loops and before
 * convert-math-to-llvm.
 */
#include "gspmd/passes.h"
#include "gspmd/support.h"

#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Math.h"

static void runApproximateMath(MlirOperation module, MlirExternalPass pass,
                               void *user) {
  (void)user;
  if (!gspmdApproximateMath(module))
    mlirExternalPassSignalFailure(pass);
}

MlirPass gspmdCreateApproximateMathPass(int num_options,
                                        const GspmdPassOption *options,
                                        char *err, size_t err_size) {
  static MlirTypeID type_id;
  MlirDialectHandle dialects[] = {mlirGetDialectHandle__arith__(),
                                  mlirGetDialectHandle__math__()};
  return gspmdCreateStatelessPass(
      &type_id, "GSPMDApproximateMath", "gspmd-approximate-math",
      "math.exp to a polynomial approximation in arith ops (f32, f16, bf16)", 2,
      dialects, runApproximateMath, num_options, options, err, err_size);
}
