/*
 * PassTable.c - the gspmd passes that are built, in pipeline order.
 *
 * gspmdRegisterPasses registers exactly these by name. A pass is added here
 * only when it does its whole job; nothing is registered as a no-op.
 */
#include "gspmd/containers.h"
#include "gspmd/passes.h"
#include "gspmd/support.h"

#include "gspmd-c/Dialect.h"

#include "mlir-c/Dialect/Affine.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Bufferization.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/Linalg.h"
#include "mlir-c/Dialect/Math.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Dialect/Tensor.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const GspmdPassDef gspmdPassTable[] = {
    {.argument = "gspmd-pipeline",
     .name = "GSPMDPipeline",
     .description = "Rewrite gspmd.pipeline into a stage-vectorised loop whose "
                    "stage dim is sharded on the op's mesh axis (sequential: "
                    "the plain loops of its meaning instead)",
     .run = gspmdPipelinePassRun,
     .options = &gspmdPipelineOptions,
     .dialects = {mlirGetDialectHandle__gspmd__, mlirGetDialectHandle__arith__,
                  mlirGetDialectHandle__tensor__,
                  mlirGetDialectHandle__linalg__, mlirGetDialectHandle__scf__,
                  mlirGetDialectHandle__func__}},
    {.argument = "gspmd-auto-shard",
     .name = "GSPMDAutoShard",
     .description = "Choose every sharding of the entry function: the fewest "
                    "bytes sent within a per-device memory budget, by an "
                    "exact integer program (CBC); written back as "
                    "gspmd.sharding annotations",
     .run = gspmdAutoShardPassRun,
     .options = &gspmdAutoShardOptions,
     .dialects = {mlirGetDialectHandle__gspmd__, mlirGetDialectHandle__func__}},
    {.argument = "gspmd-complete",
     .name = "GSPMDComplete",
     .description = "Sharding completion: give every tensor value a sharding "
                    "from the annotations",
     .run = gspmdCompletePassRun,
     .options = &gspmdCompleteOptions,
     .dialects = {mlirGetDialectHandle__gspmd__}},
    {.argument = "gspmd-show-shardings",
     .name = "GSPMDShowShardings",
     .description =
         "Remark, per entry argument and result, a picture of its "
         "blocks and the devices holding each; runs after gspmd-complete",
     .run = gspmdShowShardingsPassRun,
     .options = &gspmdShowShardingsOptions,
     .dialects = {mlirGetDialectHandle__gspmd__}},
    {.argument = "gspmd-lower-to-mpi",
     .name = "GSPMDLowerToMPI",
     .description =
         "Lower gspmd collectives and SPMD ops to calls of the MPI runtime, at "
         "the "
         "tensor level (then one-shot-bufferize and the LLVM lowering)",
     .run = gspmdLowerToMPIPassRun,
     .dialects = {mlirGetDialectHandle__gspmd__, mlirGetDialectHandle__arith__,
                  mlirGetDialectHandle__func__, mlirGetDialectHandle__memref__,
                  mlirGetDialectHandle__bufferization__,
                  mlirGetDialectHandle__tensor__,
                  mlirGetDialectHandle__linalg__,
                  mlirGetDialectHandle__math__}},
    {.argument = "gspmd-comm-report",
     .name = "GSPMDCommReport",
     .description =
         "Print each collective with the bytes every device sends and receives "
         "(cost model of lib/Sharding/cost.c) and totals per kind, on stdout",
     .run = gspmdCommReportPassRun,
     .dialects = {mlirGetDialectHandle__gspmd__}},
    {.argument = "gspmd-simulate",
     .name = "GSPMDSimulate",
     .description =
         "Print the step time of a partitioned program on a machine (a "
         "preset or a machine file): compute by roofline, collectives on "
         "their axes' links, overlap, model-FLOP utilisation and peak memory "
         "per device, on stdout",
     .run = gspmdSimulatePassRun,
     .options = &gspmdSimulateOptions,
     .dialects = {mlirGetDialectHandle__gspmd__}},
    {.argument = "gspmd-model-flops",
     .name = "GSPMDModelFlops",
     .description = "Record the FLOPs of the (global) program as the module "
                    "attribute gspmd.model_flops, for gspmd-simulate's "
                    "utilisation; run before gspmd-spmd",
     .run = gspmdModelFlopsPassRun},
    {.argument = "gspmd-partition",
     .name = "GSPMDPartition",
     .description = "SPMD partitioning: local shapes, collectives, reshards, "
                    "padding and masking, axis_index offsets; contractions "
                    "by the cheapest plan",
     .run = gspmdPartitionPassRun,
     .options = &gspmdPartitionOptions,
     .dialects = {mlirGetDialectHandle__gspmd__, mlirGetDialectHandle__arith__,
                  mlirGetDialectHandle__tensor__,
                  mlirGetDialectHandle__linalg__}},
    {.argument = "gspmd-halo-exchange",
     .name = "GSPMDHaloExchange",
     .description =
         "Lower gspmd.halo_exchange (windowed ops on split dims) to "
         "collective_permute of the edge rows, concatenation and edge masking",
     .run = gspmdHaloExchangePassRun,
     .dialects = {mlirGetDialectHandle__gspmd__, mlirGetDialectHandle__arith__,
                  mlirGetDialectHandle__tensor__,
                  mlirGetDialectHandle__linalg__}},
    {.argument = "gspmd-export-stablehlo",
     .name = "GSPMDExportStableHLO",
     .description = "StableHLO text for XLA: the SPMD program (form=spmd) or "
                    "the global program with Shardy or GSPMD shardings, or "
                    "none (form=global)",
     .run = gspmdExportStableHLOPassRun,
     .options = &gspmdExportStableHLOOptions,
     .dialects = {mlirGetDialectHandle__gspmd__, mlirGetDialectHandle__linalg__,
                  mlirGetDialectHandle__scf__, mlirGetDialectHandle__tensor__,
                  mlirGetDialectHandle__func__}},
    {.argument = "gspmd-promote-f64",
     .name = "GSPMDPromoteF64",
     .description =
         "Compute the program in f64: every float type becomes f64, float "
         "constants keep their values, casts that become identities go (the "
         "reference of gspmd-run --check)",
     .run = gspmdPromoteF64PassRun},
    {.argument = "gspmd-simulate-manual",
     .name = "GSPMDSimulateManual",
     .description =
         "The global meaning of gspmd.manual_computation (the reference): the "
         "body "
         "run for every device of the manual axes in lockstep on one process",
     .run = gspmdSimulateManualPassRun,
     .dialects = {mlirGetDialectHandle__arith__, mlirGetDialectHandle__tensor__,
                  mlirGetDialectHandle__scf__, mlirGetDialectHandle__gspmd__}},
    {.argument = "gspmd-normalize-slices",
     .name = "GSPMDNormalizeSlices",
     .description = "Give the size-1 dims of tensor slices stride 1 (the "
                    "upstream lowering "
                    "crashes on rank-reducing slices that keep a larger one)",
     .run = gspmdNormalizeSlicesPassRun},
    {.argument = "gspmd-lower-contractions",
     .name = "GSPMDLowerContractions",
     .description = "Float contractions on buffers (linalg.generic with a "
                    "mul-add body after "
                    "bufferization) to calls of the runtime's BLAS gemm",
     .run = gspmdLowerContractionsPassRun,
     .dialects = {mlirGetDialectHandle__func__,
                  mlirGetDialectHandle__memref__}},
    {.argument = "gspmd-lower-copies",
     .name = "GSPMDLowerCopies",
     .description = "Copies into or out of strided memref views as "
                    "linalg.copy (loops LLVM vectorizes) instead of calls of "
                    "the runtime's memrefCopy",
     .run = gspmdLowerCopiesPassRun,
     .dialects = {mlirGetDialectHandle__linalg__,
                  mlirGetDialectHandle__memref__}},
    {.argument = "gspmd-fuse-elementwise",
     .name = "GSPMDFuseElementwise",
     .description =
         "Fuse chains of elementwise linalg ops on tensors into one loop nest "
         "(a producer read once, into a consumer without reduction loops)",
     .run = gspmdFuseElementwisePassRun,
     .dialects = {mlirGetDialectHandle__func__,
                  mlirGetDialectHandle__linalg__}},
    {.argument = "gspmd-order-loops",
     .name = "GSPMDOrderLoops",
     .description = "Run innermost the parallel loop of each linalg.generic "
                    "that walks the fewest operands across rows",
     .run = gspmdOrderLoopsPassRun,
     /* the interchanged body reads its old loops through affine.apply */
     .dialects = {mlirGetDialectHandle__linalg__,
                  mlirGetDialectHandle__affine__}},
    {.argument = "gspmd-relax-reductions",
     .name = "GSPMDRelaxReductions",
     .description =
         "Float sums and products of linalg reductions may be reassociated "
         "(fastmath<reassoc> on the accumulating op)",
     .run = gspmdRelaxReductionsPassRun,
     .dialects = {mlirGetDialectHandle__arith__,
                  mlirGetDialectHandle__linalg__}},
    {.argument = "gspmd-approximate-math",
     .name = "GSPMDApproximateMath",
     .description = "math.exp and math.tanh to upstream's polynomial "
                    "approximations in arith "
                    "ops (f32; f16 and bf16 through f32; f64 keeps libm)",
     .run = gspmdApproximateMathPassRun,
     .dialects = {mlirGetDialectHandle__arith__, mlirGetDialectHandle__math__}},
    {0},
};

static MlirPass createPass(MlirTypeID *type_id, const char *name,
                           const char *argument, const char *description,
                           int num_dialects, const MlirDialectHandle *dialects,
                           MlirExternalPassCallbacks callbacks,
                           void *user_data) {
  /* One allocator for every pass: TypeIDs only need to be distinct. */
  static MlirTypeIDAllocator allocator;
  if (!allocator.ptr)
    allocator = mlirTypeIDAllocatorCreate();
  if (!type_id->ptr)
    *type_id = mlirTypeIDAllocatorAllocateTypeID(allocator);
  return mlirCreateExternalPass(
      *type_id, gspmdStr(name), gspmdStr(argument), gspmdStr(description),
      gspmdStr("builtin.module"), num_dialects, (MlirDialectHandle *)dialects,
      callbacks, user_data);
}

static void constructNothing(void *user) { (void)user; }
static void destroyNothing(void *user) { (void)user; }

/* A pass's options live in a block that records their size before them
 * (padded to max_align_t), so one clone callback serves every pass. */
static void *boxOptions(const void *options, size_t size) {
  unsigned char *block = malloc(sizeof(max_align_t) + size);
  if (!block)
    return NULL;
  memcpy(block, &size, sizeof(size));
  memcpy(block + sizeof(max_align_t), options, size);
  return block + sizeof(max_align_t);
}

static void destroyBoxed(void *user) {
  free((unsigned char *)user - sizeof(max_align_t));
}

static void *cloneBoxed(void *user) {
  size_t size;
  memcpy(&size, (unsigned char *)user - sizeof(max_align_t), sizeof(size));
  return boxOptions(user, size);
}

static MlirPass createOptionsPass(
    MlirTypeID *type_id, const char *name, const char *argument,
    const char *description, int num_dialects,
    const MlirDialectHandle *dialects,
    void (*run)(MlirOperation module, MlirExternalPass pass, void *user),
    const void *options, size_t options_size) {
  void *state = boxOptions(options, options_size);
  if (!state)
    return (MlirPass){NULL};
  MlirExternalPassCallbacks callbacks = {constructNothing, destroyBoxed, NULL,
                                         cloneBoxed, run};
  return createPass(type_id, name, argument, description, num_dialects,
                    dialects, callbacks, state);
}
static void *cloneNothing(void *user) { return user; }

/* "true"/"false"/"1"/"0" into *out; false if it is neither. */
static bool parseBool(const char *text, bool *out) {
  if (!strcmp(text, "true") || !strcmp(text, "1")) {
    *out = true;
    return true;
  }
  if (!strcmp(text, "false") || !strcmp(text, "0")) {
    *out = false;
    return true;
  }
  return false;
}

/*===-- Passes from their definitions ------------------------------------===*/

static int tableIndex(const GspmdPassDef *def) {
  for (int i = 0; gspmdPassTable[i].argument; ++i)
    if (&gspmdPassTable[i] == def)
      return i;
  return -1;
}

size_t gspmdPassOptionsSummary(const GspmdPassDef *def, char *buf,
                               size_t buf_size) {
  GspmdWriter w = {buf, buf_size, 0};
  if (buf && buf_size)
    buf[0] = '\0';
  for (int i = 0; def->options && i < def->options->num_specs; ++i)
    gspmdPut(&w, "%s%s=%s", i ? ", " : "", def->options->specs[i].key,
             def->options->specs[i].values);
  return w.len;
}

/* The index of `value` among the '|'-separated `choices`, or -1. */
static int choiceIndex(const char *choices, const char *value) {
  size_t n = strlen(value);
  int index = 0;
  for (const char *c = choices;; ++index) {
    const char *end = strchr(c, '|');
    size_t len = end ? (size_t)(end - c) : strlen(c);
    if (len == n && !strncmp(c, value, n))
      return index;
    if (!end)
      return -1;
    c = end + 1;
  }
}

/* Stores `value` into the field `spec` describes; false with a message. */
static bool setOption(const GspmdPassDef *def, const GspmdOptionSpec *spec,
                      const char *value, unsigned char *out, char *err,
                      size_t err_size) {
  void *field = out + spec->offset;
  char *end = NULL;
  long long number;
  int index;
  switch (spec->kind) {
  case GSPMD_OPTION_BOOL:
    if (parseBool(value, (bool *)field))
      return true;
    snprintf(err, err_size,
             "%s: option '%s' expects a bool (true/false/1/0), got '%s'",
             def->argument, spec->key, value);
    return false;
  case GSPMD_OPTION_INT:
    number = strtoll(value, &end, 10);
    if (end != value && *end == '\0' && number >= 0) {
      *(int64_t *)field = number;
      return true;
    }
    snprintf(err, err_size, "%s: option '%s' expects %s, got '%s'",
             def->argument, spec->key, spec->expects, value);
    return false;
  case GSPMD_OPTION_STRING:
    if (strlen(value) < spec->size) {
      strcpy(field, value);
      return true;
    }
    snprintf(err, err_size, "%s: option '%s' is too long", def->argument,
             spec->key);
    return false;
  case GSPMD_OPTION_CHOICE:
    index = choiceIndex(spec->values, value);
    if (index >= 0) {
      *(int *)field = index;
      return true;
    }
    snprintf(err, err_size, "%s: option '%s' expects one of %s, got '%s'",
             def->argument, spec->key, spec->values, value);
    return false;
  }
  return false;
}

static const GspmdOptionSpec *findOption(const GspmdPassDef *def,
                                         const char *key) {
  for (int i = 0; def->options && i < def->options->num_specs; ++i)
    if (!strcmp(def->options->specs[i].key, key))
      return &def->options->specs[i];
  return NULL;
}

static void unknownOption(const GspmdPassDef *def, const char *key, char *err,
                          size_t err_size) {
  if (!def->options) {
    snprintf(err, err_size,
             "%s: unknown option '%s' (the pass takes no options)",
             def->argument, key);
    return;
  }
  char summary[256];
  gspmdPassOptionsSummary(def, summary, sizeof(summary));
  snprintf(err, err_size, "%s: unknown option '%s' (options: %s)",
           def->argument, key, summary);
}

MlirPass gspmdCreatePassFromDef(const GspmdPassDef *def, int num_options,
                                const GspmdPassOption *options, char *err,
                                size_t err_size) {
  static MlirTypeID type_ids[64];
  int index = tableIndex(def);
  if (index < 0 || index >= 64) {
    snprintf(err, err_size, "%s: not in the pass table", def->argument);
    return (MlirPass){NULL};
  }
  size_t size = def->options ? def->options->size : 0;
  unsigned char *parsed = size ? malloc(size) : NULL;
  if (size && !parsed)
    abort(); /* as the arena does: no better way to go on */
  if (size)
    memcpy(parsed, def->options->defaults, size);
  for (int i = 0; i < num_options; ++i) {
    const GspmdOptionSpec *spec = findOption(def, options[i].key);
    if (!spec) {
      unknownOption(def, options[i].key, err, err_size);
      free(parsed);
      return (MlirPass){NULL};
    }
    if (!setOption(def, spec, options[i].value, parsed, err, err_size)) {
      free(parsed);
      return (MlirPass){NULL};
    }
  }
  MlirDialectHandle dialects[GSPMD_MAX_PASS_DIALECTS];
  int num_dialects = 0;
  while (num_dialects < GSPMD_MAX_PASS_DIALECTS && def->dialects[num_dialects])
    dialects[num_dialects] = def->dialects[num_dialects](), ++num_dialects;
  if (!size) {
    MlirExternalPassCallbacks callbacks = {constructNothing, destroyNothing,
                                           NULL, cloneNothing, def->run};
    return createPass(&type_ids[index], def->name, def->argument,
                      def->description, num_dialects, dialects, callbacks,
                      NULL);
  }
  MlirPass pass = createOptionsPass(&type_ids[index], def->name, def->argument,
                                    def->description, num_dialects, dialects,
                                    def->run, parsed, size);
  free(parsed);
  return pass;
}
