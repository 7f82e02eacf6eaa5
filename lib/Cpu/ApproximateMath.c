/*
 * ApproximateMath.c - gspmd-approximate-math: math.exp and math.tanh become
 * upstream's polynomial approximations in arith ops (softmax and
 * GELU called libm's expf / tanhf once per element, calls LLVM cannot
 * vectorize; in the transformer block tanhf was 16% of the time).
 *
 * f32 is approximated directly, f16 and bf16 through f32; f64 keeps libm,
 * so gspmd-run's f64 reference (gspmd-promote-f64) is not approximated. The
 * approximations are within a few ulp of libm and keep the special values
 * (test/E2E/cpu-math-approximation.mlir checks both against the reference).
 * Only these two: the others (log, erf, ...) were not measured to matter.
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

void gspmdApproximateMathPassRun(MlirOperation module, MlirExternalPass pass,
                                 void *user) {
  (void)user;
  if (!gspmdApproximateMath(module))
    mlirExternalPassSignalFailure(pass);
}
