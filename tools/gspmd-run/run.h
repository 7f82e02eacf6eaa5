/*
 * run.h - shared declarations of gspmd-run's files.
 *
 * program.c: the MLIR side (parse, entry signature and layouts, pipelines,
 * JIT, calls through invokePacked). tensors.c: host buffers (deterministic
 * inputs with poisoned padding, memref descriptors, gathering shards into
 * global tensors, comparison and printing). gspmd-run.c: the driver.
 */
#ifndef GSPMD_RUN_H
#define GSPMD_RUN_H

#include "gspmd/sharding.h"

#include "mlir-c/ExecutionEngine.h"
#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RUN_MAX_TENSORS 64
#define RUN_MAX_MESHES 16

typedef struct Options {
  const char *file;
  const char *entry;       /* NULL: the only public function with a body */
  const char *partitioned; /* --partitioned FILE: run it instead of ours */
  bool check, print, report, spmd_input, inject_error;
  int time_runs; /* --time R: 0 = no timing */
  uint64_t seed;
  double rtol, atol; /* < 0: the element type's default */
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
  TensorInfo args[RUN_MAX_TENSORS], results[RUN_MAX_TENSORS];
  bool has_spmd_ops; /* the file itself holds collectives or SPMD ops */
} Program;

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

/* --partitioned FILE: parses FILE, another partitioner's SPMD version of
 * the global program, into p->run, and checks that its entry takes and
 * returns the local shards of the layouts programPartition read. */
bool programLoadPartitioned(Program *p, const Options *o);

/* Prints the collectives of the partitioned module (gspmd-comm-report). */
bool programReport(Program *p);

/* Lowers a copy of `module` to LLVM and JIT-compiles it; a null engine
 * after an error. `leaking`: without buffer deallocation
 * (GSPMD_LOWER_TO_LLVM_LEAKING_PIPELINE); the caller must then not free
 * the results, which may alias arguments or constants. */
MlirExecutionEngine programCompile(Program *p, MlirModule module, bool leaking);

/* Heap bytes the JIT-compiled code holds (its malloc/free are routed
 * through counters): the peak since the last reset. Buffers freed by
 * anything else (the results, freed by the driver) are not subtracted, so
 * reset before each run. */
void programResetBufferPeak(void);
int64_t programBufferPeak(void);

/* Calls the entry: `args` are ranked memref descriptors of the arguments,
 * `results` receives the result descriptors, back to back. */
bool programInvoke(Program *p, MlirExecutionEngine jit, void **args,
                   void *results);

void programDestroy(Program *p);

/*===-- tensors.c ---------------------------------------------------------===*/

size_t dtypeSize(int dtype);
const char *dtypeName(int dtype);
/* Default tolerances of a float type (0 for integers). */
double defaultRtol(int dtype);
double defaultAtol(int dtype);

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

typedef struct Comparison {
  double max_abs, max_rel;
  bool pass;
} Comparison;

/* Element-wise comparison with the reference: floats within
 * atol + rtol * |ref| (NaN only matches NaN), integers exactly. */
Comparison compareTensors(int dtype, int64_t n, const char *got,
                          const char *ref, double rtol, double atol);

/* Changes element 0 so that a check must fail (testing --check itself). */
void perturbFirst(int dtype, char *data);

/* Prints the tensor as nested brackets. */
void printTensor(int dtype, int rank, const int64_t *shape, const char *data);

#endif /* GSPMD_RUN_H */
