/*
 * ExportStableHLO.c - gspmd-export-stablehlo: the TPU path's output.
 *
 * Writes the module as StableHLO text for XLA (lib/Export does the work):
 *   form=spmd    (default) after gspmd-spmd: the per-partition program, its
 *                collectives with partition-id replica groups;
 *   form=global  before partitioning: the program with Shardy shardings
 *                (shardings=hlo: mhlo.sharding strings instead;
 *                shardings=none: none, for one device: the unpartitioned
 *                program as XLA computes it, gspmd-xla-run's second opinion
 *                on XLA's own math).
 * Options: output=FILE (default: stdout), manifest=FILE (the entry's layout,
 * JSON, for gspmd-xla-run), entry=NAME (default: the first public function).
 *
 * The module is not changed: the pass clones it and normalises the clone
 * (form=global: gspmd.pipeline rewritten into its stage-vectorised loop;
 * TOSA lowered to linalg/arith/tensor, named linalg ops generalised,
 * unstructured control flow lifted to scf) so that the export table sees few
 * op kinds. On any op without a mapping the pass fails with an error at that
 * op and writes no file.
 */
#include "gspmd/export.h"
#include "gspmd/passes.h"

#include "gspmd-c/Dialect.h"
#include "gspmd-c/Passes.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/Linalg.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Dialect/Tensor.h"
#include "mlir-c/Pass.h"

#include <stdlib.h>
#include <string.h>

#define NORMALISE_PASSES                                                       \
  "func.func(tosa-optional-decompositions,"                                    \
  "tosa-make-broadcastable,tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith," \
  "tosa-to-tensor,canonicalize,linalg-generalize-named-ops),lift-cf-to-scf"
#define NORMALISE_PIPELINE "builtin.module(" NORMALISE_PASSES ")"
/* The global form first rewrites gspmd.pipeline ops into their
 * stage-vectorised loop (gspmd-pipeline, as gspmd-spmd does before
 * partitioning), whose open stage constraints XLA's partitioner takes. */
#define NORMALISE_GLOBAL_PIPELINE                                              \
  "builtin.module(gspmd-pipeline," NORMALISE_PASSES ")"
/* shardings=none (one device): gspmd.pipeline by its sequential meaning,
 * the loops gspmd-run's reference runs. */
#define NORMALISE_UNSHARDED_PIPELINE                                           \
  "builtin.module(gspmd-pipeline{sequential=true}," NORMALISE_PASSES ")"

typedef struct ExportOptions {
  int form;      /* 0 spmd, 1 global */
  int shardings; /* 0 sdy, 1 hlo, 2 none */
  char output[512], manifest[512], entry[256];
} ExportOptions;

/* Writes `size` bytes to path ("-" or empty: stdout). */
static bool writeFile(const char *path, const char *data, size_t size) {
  if (!path[0] || !strcmp(path, "-")) {
    fwrite(data, 1, size, stdout);
    fflush(stdout);
    return true;
  }
  FILE *f = fopen(path, "w");
  if (!f)
    return false;
  bool ok = fwrite(data, 1, size, f) == size;
  return fclose(f) == 0 && ok;
}

void gspmdExportStableHLOPassRun(MlirOperation module, MlirExternalPass pass,
                                 void *user) {
  const ExportOptions *o = user;
  GspmdExportOptions export = {.global = o->form == 1,
                               .hlo_shardings = o->shardings == 1,
                               .no_shardings = o->shardings == 2,
                               .entry = o->entry[0] ? o->entry : NULL};
  MlirOperation clone = mlirOperationClone(module);
  MlirModule m = mlirModuleFromOperation(clone);
  const char *normalise = !export.global        ? NORMALISE_PIPELINE
                          : export.no_shardings ? NORMALISE_UNSHARDED_PIPELINE
                                                : NORMALISE_GLOBAL_PIPELINE;
  bool ok = mlirLogicalResultIsSuccess(
      gspmdRunPipeline(m, mlirStringRefCreateFromCString(normalise)));
  char *text = NULL, *man = NULL;
  size_t text_size = 0, man_size = 0;
  FILE *out = open_memstream(&text, &text_size);
  FILE *mf = open_memstream(&man, &man_size);
  if (ok)
    ok = gspmdExportStableHLO(clone, &export, out, mf);
  fclose(out);
  fclose(mf);
  if (ok && !writeFile(o->output, text, text_size)) {
    mlirEmitError(mlirOperationGetLocation(module),
                  "gspmd-export-stablehlo: cannot write the output file");
    ok = false;
  }
  if (ok && o->manifest[0] && !writeFile(o->manifest, man, man_size)) {
    mlirEmitError(mlirOperationGetLocation(module),
                  "gspmd-export-stablehlo: cannot write the manifest file");
    ok = false;
  }
  free(text);
  free(man);
  mlirModuleDestroy(m);
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}

static const GspmdOptionSpec kExportOptions[] = {
    GSPMD_OPTION(ExportOptions, form, "form", GSPMD_OPTION_CHOICE,
                 "spmd|global", NULL),
    GSPMD_OPTION(ExportOptions, shardings, "shardings", GSPMD_OPTION_CHOICE,
                 "sdy|hlo|none", NULL),
    GSPMD_OPTION(ExportOptions, output, "output", GSPMD_OPTION_STRING, "FILE",
                 NULL),
    GSPMD_OPTION(ExportOptions, manifest, "manifest", GSPMD_OPTION_STRING,
                 "FILE", NULL),
    GSPMD_OPTION(ExportOptions, entry, "entry", GSPMD_OPTION_STRING, "NAME",
                 NULL),
};
static const ExportOptions kExportDefaults = {0};
const GspmdPassOptions gspmdExportStableHLOOptions = {
    kExportOptions, 5, sizeof(ExportOptions), &kExportDefaults};
