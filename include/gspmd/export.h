/*
 * gspmd/export.h - StableHLO export (lib/Export), used by the
 * gspmd-export-stablehlo pass.
 */
#ifndef GSPMD_EXPORT_H
#define GSPMD_EXPORT_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct GspmdExportOptions {
  bool global;        /* the global form (else the SPMD form) */
  bool hlo_shardings; /* global form: mhlo.sharding strings instead of sdy */
  bool no_shardings;  /* global form without shardings, for one device (the
                         unpartitioned program as XLA computes it) */
  const char *entry;  /* public function; NULL: the first public one */
} GspmdExportOptions;

/* Writes `module` (normalised: TOSA lowered, linalg generalised, structured
 * control flow) as StableHLO text to `out` and, if `manifest` is not null,
 * the entry's layout manifest (JSON). On an op without a mapping, emits an
 * error at it, writes nothing and returns false. */
bool gspmdExportStableHLO(MlirOperation module, const GspmdExportOptions *opts,
                          FILE *out, FILE *manifest);

#ifdef __cplusplus
}
#endif

#endif
