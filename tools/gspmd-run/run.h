/*
 * run.h - shared declarations of gspmd-run's files.
 *
 * program.c: the MLIR side (parse, entry signature and layouts, pipelines,
 * running the entry). compile.c: lowering, JIT, the object code compiled
 * once for every rank, calls through the packed wrapper. tensors.c: host
 * buffers (deterministic inputs with poisoned padding, memref descriptors,
 * gathering shards into global tensors, printing). reference.c: the
 * unpartitioned program in its own precision and in f64, and the verdict
 * (lib/Check's rule). inject.c: the errors --inject-error plants to test that
 * verdict. save.c: .npy files and the manifest of --save-reference /
 * --save-results. gspmd-run.c: the driver.
 */
#ifndef GSPMD_RUN_H
#define GSPMD_RUN_H

#include "gspmd/jit.h"
#include "gspmd/sharding.h"

#include "mlir-c/ExecutionEngine.h"
#include "mlir-c/IR.h"

#include <mpi.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct HostTensor; /* tensors.c */
#define RUN_MAX_MESHES 16

typedef struct Options {
  const char *file;
  const char *entry;          /* NULL: the only public function with a body */
  const char *partitioned;    /* --partitioned FILE: run it instead of ours */
  const char *save_reference; /* --save-reference DIR */
  const char *save_results;   /* --save-results DIR */
  bool check, print, report, spmd_input;
  int inject_error; /* enum InjectKind (--inject-error[=KIND]) */
  int time_runs;    /* --time R: 0 = no timing */
  int jit_opt;      /* --jit-opt N: LLVM optimisation level (default 2) */
  uint64_t seed;
  double rtol, atol; /* --rtol/--atol: fixed tolerances; < 0: not given */
} Options;

/* How one entry argument or result is laid out over the devices: its global
 * shape and, when the program was partitioned, the sharding giving each
 * device its shard (local shape = ceil shard shape, tail shards padded).
 * Unsharded tensors are whole on every device. */
typedef struct TensorInfo {
  int dtype; /* enum GspmdDtype (runtime/gspmd_runtime.h) */
  int rank;
  int64_t global[GSPMD_MAX_RANK];
  int64_t local[GSPMD_MAX_RANK];
  const GspmdMesh *mesh; /* NULL: not sharded */
  GspmdSharding sharding;
  char type_text[160]; /* the global tensor type, for messages */
} TensorInfo;

typedef struct MeshEntry {
  char name[128];
  GspmdMesh mesh; /* axis names and devices point into the storage below */
  char axis_names[GSPMD_MAX_MESH_AXES][64];
  int64_t *devices;
} MeshEntry;

typedef struct Program {
  MlirContext ctx;
  MlirModule global; /* the file as parsed */
  MlirModule spmd;   /* the partitioned copy */
  MlirModule run;    /* what runs on each rank: spmd, or --partitioned's */
  bool run_leaks;    /* run is lowered without buffer deallocation */
  char entry[256];
  int num_meshes;
  MeshEntry meshes[RUN_MAX_MESHES];
  int num_args, num_results;
  TensorInfo *args, *results; /* [num_args], [num_results]; malloc'd, freed
                                 by programDestroy */
  bool has_spmd_ops; /* the file itself holds collectives or SPMD ops */
  int jit_opt;       /* the ExecutionEngine's LLVM optimisation level */
} Program;

/*===-- compile.c ---------------------------------------------------------===*/

/* A compiled program: by this process's ExecutionEngine, or rank 0's
 * object code loaded here; `entry` is the entry's packed wrapper, NULL
 * after an error. */
typedef struct Compiled {
  MlirExecutionEngine engine;
  GspmdLoadedObject *loaded;
  GspmdPackedFn entry;
  const char *not_shared; /* why every rank compiled (programCompileShared
                             on several ranks; rank 0 knows best) */
} Compiled;

/* Lowers a copy of `module` to LLVM and JIT-compiles it in this process
 * alone; entry NULL after an error (reported). `leaking`: without buffer
 * deallocation (GSPMD_LOWER_TO_LLVM_LEAKING_PIPELINE); the caller must
 * then not free the results, which may alias arguments or constants. */
Compiled programCompile(Program *p, MlirModule module, bool leaking);

/* programCompile on every rank at once (collective): rank 0 compiles and
 * the others load its object code, when their modules agree. */
Compiled programCompileShared(Program *p, MlirModule module, bool leaking);

void compiledDestroy(Compiled *c);

/* Heap bytes the JIT-compiled code holds (its malloc/free are routed
 * through counters): the peak since the last reset. Buffers freed by
 * anything else (the results, freed by the driver) are not subtracted, so
 * reset before each run. */
void programResetBufferPeak(void);
int64_t programBufferPeak(void);

/* Calls the entry: `args` are ranked memref descriptors of the arguments,
 * `results` receives the result descriptors, back to back. False when
 * `code` holds no entry. */
bool programInvoke(Program *p, const Compiled *code, void **args,
                   void *results);

/*===-- program.c ---------------------------------------------------------===*/

/* Sets the rank that runError uses: messages go to stderr from rank 0 only
 * (every rank runs the same steps and reaches the same errors). */
void runSetRank(int world_rank);
void runError(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Parses and verifies the file, picks the entry, checks its signature,
 * reads the meshes and checks that each has world_size devices. Returns
 * false after printing an error. */
bool programLoad(Program *p, const Options *o, int world_rank, int world_size);

/* Clones the module and runs gspmd-spmd on the copy (unless the input is
 * already SPMD), then reads the layouts of the entry's arguments and
 * results from the partitioned signature. */
bool programPartition(Program *p, const Options *o);

/* programPartition for another form of the global program (`global`, the
 * caller's: its f64 promotion, say): the partitioned copy into *spmd (the
 * caller destroys it; null after an early error) and the entry's layouts
 * into args and results ([num_args], [num_results], the caller's), their
 * types as `global` declares them. The meshes are read again from the
 * copy (they are the same meshes). */
bool programPartitionOther(Program *p, const Options *o, MlirModule global,
                           MlirModule *spmd, TensorInfo *args,
                           TensorInfo *results);

/* --partitioned FILE: parses FILE, another partitioner's SPMD version of
 * the global program, into p->run, and checks that its entry takes and
 * returns the local shards of the layouts programPartition read. */
bool programLoadPartitioned(Program *p, const Options *o);

/* Prints the collectives of the partitioned module (gspmd-comm-report). */
bool programReport(Program *p);

/* Runs the entry of `code` on `inputs` (descriptors of HostTensors) and
 * writes result i densely (shape results[i].local when `local`, else
 * .global; element type results[i].dtype) into out[i], malloc'd and owned by
 * the caller. `results` describes what the compiled entry returns: p->results,
 * or their f64 form for the promoted reference. */
bool programRun(Program *p, const Compiled *code, struct HostTensor *inputs,
                const TensorInfo *results, bool local, char **out);

/* The wall and process CPU seconds of the compiled call alone: copying the
 * results out and freeing them are the harness's work, not the program's. */
typedef struct CallTime {
  double wall;
  double cpu;
} CallTime;

/* CPU time of this process (all its threads), in seconds: on a loaded
 * machine it is steadier than wall time, which counts time descheduled. */
double cpuSeconds(void);

/* programRun, also measuring the compiled call into *call. */
bool programRunTimed(Program *p, const Compiled *code,
                     struct HostTensor *inputs, const TensorInfo *results,
                     bool local, char **out, CallTime *call);

void programDestroy(Program *p);

/*===-- gspmd-run.c -------------------------------------------------------===*/

/* Waits for a nonblocking collective, sleeping between tests: MPICH's busy
 * polling in a blocking one takes the cores a working rank needs when
 * ranks outnumber cores. */
void runWait(MPI_Request *request);

/* Every rank learns rank 0's `value` (collective; waiting with runWait). */
int64_t runShare(int64_t value);

/*===-- tensors.c ---------------------------------------------------------===*/

size_t dtypeSize(int dtype);
const char *dtypeName(int dtype);
bool dtypeIsFloat(int dtype);

int64_t numElements(int rank, const int64_t *shape);

/* A dense row-major host tensor with a ranked memref descriptor over it. */
typedef struct HostTensor {
  int dtype, rank;
  int64_t shape[GSPMD_MAX_RANK];
  char *data;
  int64_t *descriptor; /* {allocated, aligned, offset, sizes, strides} */
} HostTensor;

/* The global tensor of argument `arg` (no padding). */
HostTensor makeGlobalInput(const TensorInfo *t, uint64_t seed, int arg);
/* Device `device`'s local shard of argument `arg`: valid elements from the
 * same generator as the global tensor, padding poisoned. */
HostTensor makeLocalInput(const TensorInfo *t, uint64_t seed, int arg,
                          int64_t device);
void hostTensorFree(HostTensor *h);

/* Words of a ranked descriptor of this rank. */
int descriptorWords(int rank);
/* Copies the tensor a returned descriptor describes into dense memory. */
void packDescriptor(const int64_t *descriptor, int rank, size_t elem_size,
                    void *dense);

/* The global result assembled from every device's local result (`locals`
 * holds them back to back, device order). Replicated copies are compared
 * with the tolerance; the first disagreement (or an element no device
 * holds) is described in `problem` and makes the return false. */
bool assembleGlobal(const TensorInfo *t, int num_devices, const char *locals,
                    double rtol, double atol, char *global, char *problem,
                    size_t problem_size);

/* The n elements at `data` (dtype's encoding) as doubles (floats, exact)
 * or int64 (integers and i1); malloc'd, owned by the caller. */
double *tensorToDoubles(int dtype, int64_t n, const char *data);
int64_t *tensorToInts(int dtype, int64_t n, const char *data);

/* Prints the tensor as nested brackets. */
void printTensor(int dtype, int rank, const int64_t *shape, const char *data);

/*===-- reference.c -------------------------------------------------------===*/

/* The unpartitioned program's results on the global inputs: `own` in the
 * program's element types, `wide` from the program promoted to f64
 * (gspmd-promote-f64; f64 for float results, the program's type for
 * integers), NULL when promotion failed (`why` says why). All dense, global
 * shape, malloc'd; referenceFree releases them. */
typedef struct Reference {
  char **own, **wide;    /* [num_results] */
  TensorInfo *wide_info; /* [num_results] */
  bool has_wide;
  char why[512];
} Reference;

/* Rank 0: runs the unpartitioned program as written and promoted to f64.
 * False (after an error) when the program as written cannot run; a failed
 * promotion is not an error (has_wide false). */
bool referenceRun(Program *p, const Options *o, Reference *r);
void referenceFree(const Program *p, Reference *r);

/* The global program promoted to f64 (gspmd-promote-f64, after TOSA is
 * lowered): a new module, the caller's; null with `why` set when it cannot
 * be promoted. */
MlirModule referencePromoted(Program *p, char *why, size_t why_size);

/* Prints, once, the rule floats are judged by when it is not the f64
 * reference's (fixed tolerances). */
void referenceNoteRule(const Program *p, const Options *o, const Reference *r);
/* The verdict on result i alone (`got`: its global tensor); prints its line
 * (`result #i TYPE: max_abs_err=.. max_rel_err=.. bound=.. ratio=..
 * PASS|FAIL`, to `out`) and returns true on PASS. *confirm: it FAILed, but
 * within GSPMD_CHECK_CONFIRM_RATIO of its allowance, where the f64 run of the
 * partitioned program decides (referenceConfirmOne). */
bool referenceCheckOne(const Program *p, const Options *o, const Reference *r,
                       int i, const char *got, bool *confirm, FILE *out);
/* The verdict on result i with its confirmation in f64 (`got64`: the same
 * result of the partitioned program promoted to f64; lib/Check's
 * gspmdCheckFloatsConfirmed); prints its line to `out` and returns true on
 * PASS. */
bool referenceConfirmOne(const Program *p, const Options *o, const Reference *r,
                         int i, const char *got, const char *got64, FILE *out);

/*===-- inject.c ----------------------------------------------------------===*/

/* Errors --inject-error plants in result #0 on rank 0 (after assembly,
 * before the check), each modelling what a partitioning bug does. */
enum InjectKind {
  INJECT_NONE = 0,
  INJECT_FIRST,   /* element 0 += 1 */
  INJECT_ELEMENT, /* one element off by 1e-3 of its magnitude */
  INJECT_PADDING, /* one element with one extra (padding) term summed in */
  INJECT_PARTIAL, /* one element missing one shard's partial sum */
  INJECT_ALL,     /* the check as is, then element, padding and partial,
                     each on a copy of the result: all three must FAIL */
};

/* The kind named `text` ("first", "element", ...), or -1. */
int injectKindFromName(const char *text);
/* Plants the error in the global tensor `data` of layout `t` (the world has
 * `num_devices` devices); prints to `out` which element changed, how. */
void injectError(int kind, const TensorInfo *t, char *data, int num_devices,
                 FILE *out);

/*===-- save.c ------------------------------------------------------------===*/

/* --save-reference DIR: DIR/manifest.json and the reference arrays (.npy:
 * floats as float64, integers and i1 as int64). False after an error. */
bool saveReference(const Program *p, const Options *o, const Reference *r,
                   const char *dir);
/* --save-results DIR: DIR/result<i>.npy of the assembled results. */
bool saveResults(const Program *p, char **globals, const char *dir);

#endif /* GSPMD_RUN_H */
