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
  GspmdExportOptions export;
  char output[512], manifest[512], entry[256];
} ExportOptions;

static void constructNothing(void *user) { (void)user; }
static void destroyOptions(void *user) { free(user); }
static void *cloneOptions(void *user) {
  ExportOptions *copy = malloc(sizeof(ExportOptions));
  *copy = *(ExportOptions *)user;
  copy->export.entry = copy->entry[0] ? copy->entry : NULL;
  return copy;
}

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

static void runExport(MlirOperation module, MlirExternalPass pass, void *user) {
  ExportOptions *o = user;
  MlirOperation clone = mlirOperationClone(module);
  MlirModule m = mlirModuleFromOperation(clone);
  const char *normalise = !o->export.global ? NORMALISE_PIPELINE
                          : o->export.no_shardings
                              ? NORMALISE_UNSHARDED_PIPELINE
                              : NORMALISE_GLOBAL_PIPELINE;
  bool ok = mlirLogicalResultIsSuccess(
      gspmdRunPipeline(m, mlirStringRefCreateFromCString(normalise)));
  char *text = NULL, *man = NULL;
  size_t text_size = 0, man_size = 0;
  FILE *out = open_memstream(&text, &text_size);
  FILE *mf = open_memstream(&man, &man_size);
  if (ok) {
    o->export.entry = o->entry[0] ? o->entry : NULL;
    ok = gspmdExportStableHLO(clone, &o->export, out, mf);
  }
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

MlirPass gspmdCreateExportStableHLOPass(int num_options,
                                        const GspmdPassOption *options,
                                        char *err, size_t err_size) {
  static MlirTypeID type_id;
  ExportOptions parsed;
  memset(&parsed, 0, sizeof(parsed));
  for (int i = 0; i < num_options; ++i) {
    const char *key = options[i].key, *value = options[i].value;
    if (!strcmp(key, "form") &&
        (!strcmp(value, "spmd") || !strcmp(value, "global"))) {
      parsed.export.global = !strcmp(value, "global");
    } else if (!strcmp(key, "shardings") &&
               (!strcmp(value, "sdy") || !strcmp(value, "hlo") ||
                !strcmp(value, "none"))) {
      parsed.export.hlo_shardings = !strcmp(value, "hlo");
      parsed.export.no_shardings = !strcmp(value, "none");
    } else if (!strcmp(key, "output") || !strcmp(key, "manifest") ||
               !strcmp(key, "entry")) {
      char *dst = !strcmp(key, "output")     ? parsed.output
                  : !strcmp(key, "manifest") ? parsed.manifest
                                             : parsed.entry;
      size_t cap =
          !strcmp(key, "entry") ? sizeof(parsed.entry) : sizeof(parsed.output);
      if (strlen(value) >= cap) {
        snprintf(err, err_size,
                 "gspmd-export-stablehlo: option '%s' is too long", key);
        return (MlirPass){NULL};
      }
      strcpy(dst, value);
    } else {
      snprintf(err, err_size,
               "gspmd-export-stablehlo: bad option '%s=%s' (options: "
               "form=spmd|global, shardings=sdy|hlo|none, output=FILE, "
               "manifest=FILE, entry=NAME)",
               key, value);
      return (MlirPass){NULL};
    }
  }
  ExportOptions *state = malloc(sizeof(ExportOptions));
  *state = parsed;
  MlirDialectHandle dialects[] = {
      mlirGetDialectHandle__gspmd__(), mlirGetDialectHandle__linalg__(),
      mlirGetDialectHandle__scf__(), mlirGetDialectHandle__tensor__(),
      mlirGetDialectHandle__func__()};
  MlirExternalPassCallbacks callbacks = {constructNothing, destroyOptions, NULL,
                                         cloneOptions, runExport};
  return gspmdCreatePass(&type_id, "GSPMDExportStableHLO",
                         "gspmd-export-stablehlo",
                         "Write StableHLO text for XLA (the SPMD program or "
                         "the global program with Shardy shardings)",
                         (int)(sizeof(dialects) / sizeof(dialects[0])),
                         dialects, callbacks, state);
}
