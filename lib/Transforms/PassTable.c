/*
 * PassTable.c - the gspmd passes that are built, in pipeline order.
 *
 * gspmdRegisterPasses registers exactly these by name. A pass is added here
 * only when it does its whole job; nothing is registered as a no-op.
 */
#include "gspmd/passes.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const GspmdPassInfo gspmdPassTable[] = {
    {"gspmd-pipeline",
     "Rewrite gspmd.pipeline into a stage-vectorised loop whose stage dim is "
     "sharded on the op's mesh axis (options: sequential=<bool>: the plain "
     "loops of its meaning instead)",
     gspmdCreatePipelinePass},
    {"gspmd-complete",
     "Sharding completion: give every tensor value a sharding from the "
     "annotations (options: explain=<bool>, print-rules=<bool>)",
     gspmdCreateCompletePass},
    {"gspmd-show-shardings",
     "Remark, per entry argument and result, a picture of its blocks and the "
     "devices holding each (after gspmd-complete; options: entry=NAME)",
     gspmdCreateShowShardingsPass},
    {"gspmd-lower-to-mpi",
     "Lower gspmd collectives and SPMD ops to calls of the MPI runtime, at the "
     "tensor level (then one-shot-bufferize and the LLVM lowering)",
     gspmdCreateLowerToMPIPass},
    {"gspmd-comm-report",
     "Print each collective with the bytes every device sends and receives "
     "(cost model of lib/Sharding/cost.c) and totals per kind, on stdout",
     gspmdCreateCommReportPass},
    {"gspmd-partition",
     "SPMD partitioning: local shapes, collectives, reshards, padding and "
     "masking, axis_index offsets; contractions by the cheapest plan "
     "(options: explain=<bool>, strategy=cost|first, memory-budget=<bytes>)",
     gspmdCreatePartitionPass},
    {"gspmd-halo-exchange",
     "Lower gspmd.halo_exchange (windowed ops on split dims) to "
     "collective_permute of the edge rows, concatenation and edge masking",
     gspmdCreateHaloExchangePass},
    {"gspmd-export-stablehlo",
     "StableHLO text for XLA: the SPMD program (form=spmd) or the global "
     "program with Shardy shardings (form=global); options shardings=sdy|hlo, "
     "output=FILE, manifest=FILE, entry=NAME",
     gspmdCreateExportStableHLOPass},
    {"gspmd-promote-f64",
     "Compute the program in f64: every float type becomes f64, float "
     "constants keep their values, casts that become identities go (the "
     "reference of gspmd-run --check)",
     gspmdCreatePromoteF64Pass},
    {"gspmd-simulate-manual",
     "The global meaning of gspmd.manual_computation (the reference): the body "
     "run for every device of the manual axes in lockstep on one process",
     gspmdCreateSimulateManualPass},
    {"gspmd-normalize-slices",
     "Give the size-1 dims of tensor slices stride 1 (the upstream lowering "
     "crashes on rank-reducing slices that keep a larger one)",
     gspmdCreateNormalizeSlicesPass},
    {"gspmd-lower-contractions",
     "Float contractions on buffers (linalg.generic with a mul-add body after "
     "bufferization) to calls of the runtime's BLAS gemm",
     gspmdCreateLowerContractionsPass},
    {"gspmd-fuse-elementwise",
     "Fuse chains of elementwise linalg ops on tensors into one loop nest "
     "(a producer read once, into a consumer without reduction loops)",
     gspmdCreateFuseElementwisePass},
    {"gspmd-relax-reductions",
     "Float sums and products of linalg reductions may be reassociated "
     "(fastmath<reassoc> on the accumulating op)",
     gspmdCreateRelaxReductionsPass},
    {"gspmd-approximate-math",
     "math.exp and math.tanh to upstream's polynomial approximations in arith "
     "ops (f32; f16 and bf16 through f32; f64 keeps libm)",
     gspmdCreateApproximateMathPass},
    {NULL, NULL, NULL},
};

static MlirStringRef str(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

MlirPass gspmdCreatePass(MlirTypeID *type_id, const char *name,
                         const char *argument, const char *description,
                         int num_dialects, const MlirDialectHandle *dialects,
                         MlirExternalPassCallbacks callbacks, void *user_data) {
  /* One allocator for every pass: TypeIDs only need to be distinct. */
  static MlirTypeIDAllocator allocator;
  if (!allocator.ptr)
    allocator = mlirTypeIDAllocatorCreate();
  if (!type_id->ptr)
    *type_id = mlirTypeIDAllocatorAllocateTypeID(allocator);
  return mlirCreateExternalPass(*type_id, str(name), str(argument),
                                str(description), str("builtin.module"),
                                num_dialects, (MlirDialectHandle *)dialects,
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

MlirPass gspmdCreateOptionsPass(MlirTypeID *type_id, const char *name,
                                const char *argument, const char *description,
                                int num_dialects,
                                const MlirDialectHandle *dialects,
                                void (*run)(MlirOperation module,
                                            MlirExternalPass pass, void *user),
                                const void *options, size_t options_size) {
  void *state = boxOptions(options, options_size);
  if (!state)
    return (MlirPass){NULL};
  MlirExternalPassCallbacks callbacks = {constructNothing, destroyBoxed, NULL,
                                         cloneBoxed, run};
  return gspmdCreatePass(type_id, name, argument, description, num_dialects,
                         dialects, callbacks, state);
}
static void *cloneNothing(void *user) { return user; }

MlirPass gspmdCreateStatelessPass(
    MlirTypeID *type_id, const char *name, const char *argument,
    const char *description, int num_dialects,
    const MlirDialectHandle *dialects,
    void (*run)(MlirOperation module, MlirExternalPass pass, void *user),
    int num_options, const GspmdPassOption *options, char *err,
    size_t err_size) {
  if (num_options > 0) {
    snprintf(err, err_size,
             "%s: unknown option '%s' (the pass takes no options)", argument,
             options[0].key);
    return (MlirPass){NULL};
  }
  MlirExternalPassCallbacks callbacks = {constructNothing, destroyNothing, NULL,
                                         cloneNothing, run};
  return gspmdCreatePass(type_id, name, argument, description, num_dialects,
                         dialects, callbacks, NULL);
}

bool gspmdParseBoolOption(const char *text, bool *out) {
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
