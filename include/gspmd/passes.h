/*
 * gspmd/passes.h - the table of built gspmd passes (internal).
 *
 * Each pass is a C constructor made with mlirCreateExternalPass in
 * lib/Transforms. The table is what gspmdRegisterPasses walks: a pass that is
 * not built is not in it, so no name is registered for it as a no-op.
 */
#ifndef GSPMD_PASSES_H
#define GSPMD_PASSES_H

#include "mlir-c/Pass.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct GspmdPassInfo {
  MlirPass (*create)(void); /* returns a new pass owned by the caller */
} GspmdPassInfo;

/* Terminated by an entry with a NULL constructor. */
extern const GspmdPassInfo gspmdPassTable[];

/* Registers the textual pipelines (gspmd-spmd) made of built passes; defined
 * in C++ because pipeline registration has no C API. */
void gspmdRegisterPipelines(void);

#ifdef __cplusplus
}
#endif

#endif /* GSPMD_PASSES_H */
