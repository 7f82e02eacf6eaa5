/*===- gspmd-c/Passes.h - C API for gspmd passes and pipelines ----*- C -*-===*\
|*                                                                            *|
|* Pass constructors, registration by name, and running a textual pipeline.   *|
|* MLIR has no C API to register a pass by name; this one wraps              *|
|* mlir::registerPass around a C constructor so that passes made with        *|
|* mlirCreateExternalPass work in gspmd-opt, mlir-opt plugins and pipelines. *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef GSPMD_C_PASSES_H
#define GSPMD_C_PASSES_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A pass constructor: returns a new pass owned by the caller.
typedef MlirPass (*GspmdPassConstructor)(void);

/// Registers the pass that `constructor` creates under the pass's own
/// argument (the `argument` given to mlirCreateExternalPass), so pipelines
/// can name it. The constructor is called once now to read the argument and
/// again for every pipeline that uses the pass. Registering the same
/// argument twice is a no-op. Not thread-safe with respect to other
/// registrations.
MLIR_CAPI_EXPORTED void
gspmdRegisterPassConstructor(GspmdPassConstructor constructor);

/// Registers every gspmd pass that is built, and the `gspmd-spmd` pipeline
/// holding them (docs/design.md). Idempotent.
MLIR_CAPI_EXPORTED void gspmdRegisterPasses(void);

/// Registers every upstream pass (mlirRegisterAllPasses) and the gspmd ones.
/// Idempotent.
MLIR_CAPI_EXPORTED void gspmdRegisterAllPasses(void);

/// Parses `pipeline` (either `builtin.module(...)` or a bare comma-separated
/// list, which is anchored on builtin.module) and runs it on `module`, with
/// the IR verified after each pass. Diagnostics go to the context's handlers.
/// Returns failure if the pipeline does not parse or a pass fails. Does not
/// take ownership of `module`.
MLIR_CAPI_EXPORTED MlirLogicalResult gspmdRunPipeline(MlirModule module,
                                                      MlirStringRef pipeline);

/// One-call compile for embedders and the Python bindings: in a fresh
/// context with every dialect and pass registered, parses `source`,
/// verifies it, runs `pipeline` (may be empty) and prints the result through
/// `onOutput`. Every diagnostic (with its location) is printed through
/// `onDiagnostic`, one call per diagnostic. Returns failure if any step
/// fails; nothing is printed to `onOutput` then.
MLIR_CAPI_EXPORTED MlirLogicalResult gspmdTransformText(
    MlirStringRef source, MlirStringRef pipeline, MlirStringCallback onOutput,
    MlirStringCallback onDiagnostic, void *userData);

#ifdef __cplusplus
}
#endif

#endif /* GSPMD_C_PASSES_H */
