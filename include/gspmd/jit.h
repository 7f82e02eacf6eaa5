/*
 * gspmd/jit.h - object code compiled by one process and run by others
 * (lib/CAPI/ObjectJit.cpp). gspmd-run's ranks run one SPMD program: rank 0
 * compiles it through the ExecutionEngine with its object cache on
 * (mlirExecutionEngineDumpToObjectFile), the others load that object here
 * instead of compiling it again.
 */
#ifndef GSPMD_JIT_H
#define GSPMD_JIT_H

#include "mlir-c/Support.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A function's packed wrapper: `_mlir_<name>`, which the ExecutionEngine
 * adds for every function of the module it compiles; it takes an array of
 * pointers to the arguments, then to the result. */
typedef void (*GspmdPackedFn)(void **);

/* Object code loaded into a JIT of its own. */
typedef struct GspmdLoadedObject GspmdLoadedObject;

/* Loads `size` bytes of object code (copied) and links its undefined
 * symbols against, in this order: names[i] at addresses[i]; the shared
 * libraries `libs` (loaded for good; one exporting the ExecutionEngine's
 * `__mlir_execution_engine_init` names its symbols through it, as for
 * mlirExecutionEngineCreate); this process. Runs its initializers. NULL
 * on failure, with the reason on stderr. The caller owns the result:
 * gspmdLoadedObjectDestroy. */
GspmdLoadedObject *gspmdLoadObject(const void *data, size_t size,
                                   const MlirStringRef *libs, int num_libs,
                                   const MlirStringRef *names,
                                   void *const *addresses, int num_symbols);

/* The packed wrapper of function `name`, valid while `loaded` lives; NULL
 * (and a message on stderr) when the object has none. */
GspmdPackedFn gspmdLoadedObjectLookupPacked(GspmdLoadedObject *loaded,
                                            MlirStringRef name);

/* Frees the code and the JIT; NULL is allowed. */
void gspmdLoadedObjectDestroy(GspmdLoadedObject *loaded);

/* A hash of this host's CPU name and features, which the ExecutionEngine
 * compiles for: processes may share object code only when theirs agree. */
uint64_t gspmdHostCodeHash(void);

#ifdef __cplusplus
}
#endif

#endif /* GSPMD_JIT_H */
