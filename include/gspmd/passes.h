/*
 * gspmd/passes.h - the passes we build, as one table (internal).
 *
 * Each pass is a row of gspmdPassTable (lib/Transforms/PassTable.c): its
 * name, description, run function, options (as data: one parser, one
 * --help summary, one set of error messages) and the dialects it creates
 * ops of. A pass file defines only its run function (and its options
 * struct with their specs). External passes have no option parsing, so the
 * registry shim (lib/CAPI/Passes.cpp) splits `pass{key=value ...}` into
 * key/value pairs and gspmdCreatePassFromDef parses them. A pass that is
 * not built is not in the table, so no name is registered for it as a
 * no-op.
 */
#ifndef GSPMD_PASSES_H
#define GSPMD_PASSES_H

#include "mlir-c/Pass.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct GspmdPassOption {
  const char *key, *value; /* NUL-terminated, owned by the caller */
} GspmdPassOption;

/* An option a pass takes, as data: the parser, the error messages and the
 * summary in --help all come from these. */
typedef enum GspmdOptionKind {
  GSPMD_OPTION_BOOL,   /* bool field: true/false/1/0 */
  GSPMD_OPTION_INT,    /* int64_t field: a non-negative decimal */
  GSPMD_OPTION_STRING, /* char[size] field */
  GSPMD_OPTION_CHOICE  /* int field: the index of the value in `values` */
} GspmdOptionKind;

typedef struct GspmdOptionSpec {
  const char *key;
  GspmdOptionKind kind;
  size_t offset, size; /* of the field in the pass's options struct */
  const char *values;  /* as the summary shows them: "<bool>", "NAME",
                          "cost|first" (CHOICE: the choices, in index order) */
  const char *expects; /* INT: what a bad value is told it should be */
} GspmdOptionSpec;

#define GSPMD_OPTION(type, field, key, kind, values, expects)                  \
  {                                                                            \
    key, kind, offsetof(type, field), sizeof(((type *)0)->field), values,      \
        expects                                                                \
  }

/* A pass's options: their specs, and the struct they fill (its size and
 * the values it holds when no option is given). */
typedef struct GspmdPassOptions {
  const GspmdOptionSpec *specs;
  int num_specs;
  size_t size;
  const void *defaults;
} GspmdPassOptions;

/* Runs a pass on the module; `options` points at the pass's own copy of
 * its parsed options (NULL for a pass without options). */
typedef void (*GspmdPassRun)(MlirOperation module, MlirExternalPass pass,
                             void *options);

/* Declares a pass's run function (a GspmdPassRun). */
#define GSPMD_PASS_RUN(fn)                                                     \
  void fn(MlirOperation module, MlirExternalPass pass, void *options)

#define GSPMD_MAX_PASS_DIALECTS 8

/* A pass, whole: what registration, --help, option parsing and creation
 * need. */
typedef struct GspmdPassDef {
  const char *argument;    /* the pipeline name, e.g. "gspmd-complete" */
  const char *name;        /* the pass's name, e.g. "GSPMDComplete" */
  const char *description; /* one line for --help (the options are added) */
  GspmdPassRun run;
  const GspmdPassOptions *options; /* NULL: the pass takes none */
  /* The dialects whose ops the pass creates (loaded before it runs). */
  MlirDialectHandle (*dialects[GSPMD_MAX_PASS_DIALECTS])(void);
} GspmdPassDef;

/* The one table of built passes, in pipeline order (lib/Transforms/
 * PassTable.c); terminated by an entry with a NULL argument. */
extern const GspmdPassDef gspmdPassTable[];

/* A new pass (owned by the caller) of `def` with `options` parsed by its
 * specs; a null pass after writing a message into err when an option is
 * unknown or malformed. */
MlirPass gspmdCreatePassFromDef(const GspmdPassDef *def, int num_options,
                                const GspmdPassOption *options, char *err,
                                size_t err_size);

/* "explain=<bool>, strategy=cost|first" (empty without options) into buf;
 * returns the length it needs. */
size_t gspmdPassOptionsSummary(const GspmdPassDef *def, char *buf,
                               size_t buf_size);

/* Registers the textual pipelines (gspmd-spmd) made of built passes; defined
 * in C++ because pipeline registration has no C API. */
void gspmdRegisterPipelines(void);
/* The passes `gspmd-spmd` runs, as a builtin.module pipeline (a static
 * string): for trials that partition a copy as gspmd-spmd would. */
const char *gspmdSpmdPipelineText(void);

/* The passes. */
GSPMD_PASS_RUN(gspmdPipelinePassRun);
extern const GspmdPassOptions gspmdPipelineOptions;
GSPMD_PASS_RUN(gspmdCompletePassRun);
extern const GspmdPassOptions gspmdCompleteOptions;
/* gspmd-auto-shard: every sharding of the entry function chosen by an
 * exact integer program (lib/AutoShard, docs/auto-shard.md). */
GSPMD_PASS_RUN(gspmdAutoShardPassRun);
extern const GspmdPassOptions gspmdAutoShardOptions;
GSPMD_PASS_RUN(gspmdLowerToMPIPassRun);
GSPMD_PASS_RUN(gspmdExportStableHLOPassRun);
extern const GspmdPassOptions gspmdExportStableHLOOptions;
GSPMD_PASS_RUN(gspmdCommReportPassRun);
/* The comm report's total: bytes each device sends running a partitioned
 * module (collectives in loops of static trip count counted per trip). */
int64_t gspmdModuleBytesSent(MlirOperation module);
/* gspmdModuleBytesSent of `module` once `pipeline` has run on it without
 * the verifier between passes, its diagnostics dropped: a trial on a copy
 * the caller owns and then discards. -1 when the pipeline fails. */
int64_t gspmdTrialBytesSent(MlirModule module, MlirStringRef pipeline);
/* gspmd-simulate: step time, utilisation and memory of a partitioned
 * program on a machine (lib/Simulate, docs/simulate.md); gspmd-model-flops:
 * records a global program's FLOPs as the module's gspmd.model_flops. */
GSPMD_PASS_RUN(gspmdSimulatePassRun);
extern const GspmdPassOptions gspmdSimulateOptions;
GSPMD_PASS_RUN(gspmdModelFlopsPassRun);

/* A partitioned (or global) module to the LLVM dialect, ready for
 * mlir-translate or the ExecutionEngine: gspmd.pipeline ops (a global
 * program's) by their sequential meaning, TOSA to linalg, gspmd-lower-to-mpi,
 * then upstream's lowering (docs/cpu-backend.md) with buffer
 * deallocation, expand-strided-metadata before lower-affine, and libm for
 * math ops without intrinsics; lib/Cpu/LowerToMPI.c says why (and
 * why nothing may canonicalize between gspmd-lower-to-mpi and
 * one-shot-bufferize). Returned memrefs are owned (and freed) by the
 * caller. */
#define GSPMD_LOWER_TO_LLVM_PIPELINE                                           \
  GSPMD_LOWER_HEAD_                                                            \
  "ownership-based-buffer-deallocation,canonicalize,"                          \
  "buffer-deallocation-simplification,bufferization-lower-"                    \
  "deallocations," GSPMD_LOWER_TAIL_

/* The same lowering without buffer deallocation, for modules holding ops
 * whose memory effects ownership-based deallocation cannot model (upstream's
 * `mpi` dialect, as convert-shard-to-mpi emits it): every buffer leaks and
 * returned memrefs may alias arguments or constants. gspmd-run uses it for
 * --partitioned (another partitioner's output). */
#define GSPMD_LOWER_TO_LLVM_LEAKING_PIPELINE GSPMD_LOWER_HEAD_ GSPMD_LOWER_TAIL_

#define GSPMD_LOWER_HEAD_                                                      \
  "builtin.module(gspmd-pipeline{sequential=true},gspmd-simulate-manual,"      \
  "func.func(tosa-optional-decompositions,tosa-make-broadcastable,"            \
  "tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,tosa-to-tensor,"          \
  "canonicalize),"                                                             \
  "gspmd-normalize-slices,gspmd-lower-to-mpi,"                                 \
  "func.func(convert-elementwise-to-linalg,linalg-generalize-named-ops),"      \
  "gspmd-fuse-elementwise,gspmd-order-loops,gspmd-relax-reductions,"           \
  "eliminate-empty-tensors,"                                                   \
  "one-shot-bufferize{bufferize-function-boundaries "                          \
  "function-boundary-type-conversion=identity-layout-map "                     \
  "allow-return-allocs-from-loops},"
#define GSPMD_LOWER_TAIL_                                                      \
  "convert-bufferization-to-memref,gspmd-lower-contractions,"                  \
  "gspmd-lower-copies,"                                                        \
  "func.func(convert-linalg-to-loops),expand-strided-metadata,lower-affine,"   \
  "convert-scf-to-cf,finalize-memref-to-llvm,gspmd-approximate-math,"          \
  "convert-math-to-llvm,"                                                      \
  "convert-math-to-libm,convert-to-llvm,reconcile-unrealized-casts)"
GSPMD_PASS_RUN(gspmdPartitionPassRun);
extern const GspmdPassOptions gspmdPartitionOptions;

/* gspmd-halo-exchange: lowers gspmd.halo_exchange to collective_permute of
 * the edge rows, tensor.concat and masking at the global edges. */
GSPMD_PASS_RUN(gspmdHaloExchangePassRun);

/* gspmd-promote-f64: every float type but f64 becomes f64 (types, block
 * arguments, function types, constants); casts that become identities go.
 * The f64 reference of gspmd-run --check. */
GSPMD_PASS_RUN(gspmdPromoteF64PassRun);
/* gspmd-simulate-manual: rewrites each gspmd.manual_computation of a global
 * program into the global code that runs its body for every device of its
 * manual axes in lockstep (lib/Check/SimulateManual.c); the meaning the
 * unpartitioned reference gives the region. */
GSPMD_PASS_RUN(gspmdSimulateManualPassRun);
/* gspmd-lower-contractions: float contractions on buffers (linalg.generic
 * after bufferization) to calls of the runtime's BLAS gemm
 * (lib/Cpu/LowerContractions.c says which). */
GSPMD_PASS_RUN(gspmdLowerContractionsPassRun);
/* gspmd-lower-copies: memref.copy into or out of a strided view to
 * linalg.copy, loops instead of the runtime's element-by-element memrefCopy
 * (lib/Cpu/LowerCopies.c says which). */
GSPMD_PASS_RUN(gspmdLowerCopiesPassRun);
/* gspmd-fuse-elementwise: chains of elementwise linalg ops on tensors into
 * one loop nest (lib/Cpu/FuseElementwise.c says which). */
GSPMD_PASS_RUN(gspmdFuseElementwisePassRun);
/* gspmd-order-loops: the innermost loop of each linalg.generic becomes the
 * parallel loop that walks the fewest operands across rows (lib/Cpu/
 * OrderLoops.c says why). */
GSPMD_PASS_RUN(gspmdOrderLoopsPassRun);
/* The loop of linalg op `op` that runs innermost after gspmd-order-loops
 * (its own last loop of more than one trip unless the pass moves another
 * there); -1 when op is not a linalg structured op with static trip
 * counts. */
int gspmdInnermostLoop(MlirOperation op);
/* Elements between two steps of `loop` in linalg op's operand k, from its
 * indexing map and static shape (0: the loop does not move it); -1 when
 * unknown (a dynamic shape, a map that is not a sum of multiples of loops).
 */
int64_t gspmdLoopStride(MlirOperation op, intptr_t k, int loop);
/* gspmd-relax-reductions: fastmath<reassoc> on the float sums and products
 * linalg reductions accumulate (lib/Cpu/RelaxReductions.c says why). */
GSPMD_PASS_RUN(gspmdRelaxReductionsPassRun);
/* gspmd-approximate-math: math.exp and math.tanh to upstream's polynomial
 * approximations (lib/Cpu/ApproximateMath.c says for which types). */
GSPMD_PASS_RUN(gspmdApproximateMathPassRun);
/* gspmd-normalize-slices: size-1 dims of tensor slices get stride 1
 * (lib/Cpu/NormalizeSlices.c says why). */
GSPMD_PASS_RUN(gspmdNormalizeSlicesPassRun);

/* gspmd-show-shardings: a remark per entry argument and result picturing
 * its blocks and the devices holding them (lib/Transforms/ShowShardings.c);
 * after gspmd-complete. */
GSPMD_PASS_RUN(gspmdShowShardingsPassRun);
extern const GspmdPassOptions gspmdShowShardingsOptions;

/* Rewrites the static strides of op's size-1 dims to 1 when op is a
 * tensor.extract_slice or tensor.insert_slice; true when it changed any. */
bool gspmdNormalizeUnitStrides(MlirOperation op);

#ifdef __cplusplus
}
#endif

#endif /* GSPMD_PASSES_H */
