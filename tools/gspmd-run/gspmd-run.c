/*
 * gspmd-run - runs a global annotated program as one SPMD program under MPI
 * (docs/cpu-backend.md):
 *
 *   mpirun -n N gspmd-run FILE.mlir [--entry NAME] [--check] [--seed S]
 *       [--rtol R] [--atol A] [--print] [--report] [--spmd] [--time R]
 *       [--jit-opt N]
 *       [--partitioned SPMD.mlir] [--save-results DIR]
 *       [--inject-error[=first|element|padding|partial|all]]
 *   gspmd-run FILE.mlir --save-reference DIR [--entry NAME] [--seed S]
 *
 * Every rank (MPI rank r is device r) parses FILE, partitions a copy with
 * gspmd-spmd, lowers it with gspmd-lower-to-mpi and the upstream LLVM
 * lowering, JIT-compiles it, builds its own shard of every argument from the
 * global index and the seed (padding poisoned), runs the entry, and sends
 * its local results to rank 0, which assembles the global results from each
 * device's valid region and compares replicated copies (a disagreement is a
 * FAIL: it is a partitioning bug).
 *
 * --check: rank 0 also runs the unpartitioned program on the whole inputs,
 *   as written and promoted to f64 (reference.c), and prints one line per
 *   result (`result #i TYPE: max_abs_err=.. max_rel_err=.. bound=..
 *   ratio=.. PASS|FAIL`): lib/Check's verdict (include/gspmd-c/Check.h),
 *   floats within a multiple of the own-precision reference's error plus a
 *   few ulps of the f64 reference, integers equal; a float result outside
 *   its allowance by at most 10x is judged again with the partitioned
 *   program promoted to f64, run by every rank. --rtol / --atol: fixed
 *   tolerances instead (atol + rtol * |ref|), also the rule when the program
 *   cannot be promoted to f64 (a note says why).
 * --save-results DIR: rank 0 writes the assembled results as
 *   DIR/result<i>.npy (save.c). --save-reference DIR: one process, no
 *   partitioning: the unpartitioned program's results as written and in f64,
 *   with DIR/manifest.json, for another runner's check.
 * --print: prints the global results. --report: prints the collectives of
 *   the partitioned module (gspmd-comm-report) and the runtime's traffic
 *   counters of the run.
 * --time R: after the checked run, runs the entry R more times and prints
 *   the median wall time of the compiled call (each run's time is the
 *   slowest rank's; copying results out of their buffers is not timed), the
 *   median process CPU time, the lowering + JIT compile time, which ranks
 *   compiled the code (compile.c), and the peak memory of one rank: the
 *   buffers the program allocates (its malloc/free are counted) plus its
 *   local inputs.
 * --jit-opt N: the JIT's LLVM optimisation level, 0 to 3 (default 2). Level
 *   0 compiles about five times faster: checks of large programs that run
 *   once use it; --time measurements keep the default.
 * --spmd: FILE is already an SPMD program (collectives written by hand):
 *   run it as is, without gspmd-spmd (not with --check).
 * --partitioned SPMD.mlir: runs SPMD.mlir, another partitioner's version of
 *   FILE (upstream's shard-partition + convert-shard-to-mpi, say), instead
 *   of gspmd-spmd's: its entry must take and return the local shards that
 *   FILE's annotations give (the layouts gspmd-spmd reads), and it is
 *   lowered without buffer deallocation (GSPMD_LOWER_TO_LLVM_LEAKING_PIPELINE;
 *   upstream's mpi ops have no memory effects it can model). Results are
 *   assembled and --check'ed as ours are; --time prints the bytes a run
 *   allocates instead of a peak.
 * --inject-error[=KIND] (for testing --check): rank 0 plants an error in
 *   result #0 before checking it (inject.c: first, element, padding,
 *   partial; all: the clean check, then each of the last three on a copy,
 *   exit 0 only if they all FAIL).
 *
 * N must equal the device count of the meshes (any N without a mesh: every
 * rank then runs the whole program). Errors are found by every rank alike
 * before any communication, printed once by rank 0, and every rank exits
 * with the same status: 0 when everything passed, 1 otherwise, 2 for bad
 * command lines.
 */
#include "run.h"

#include "gspmd-c/Check.h"

#include "gspmd_runtime.h"

#include "mlir-c/BuiltinAttributes.h"

#include <limits.h>
#include <malloc.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int worldRank, worldSize;

/*===-- Command line ------------------------------------------------------===*/

static void usage(FILE *f) {
  fprintf(f, "usage: mpirun -n N gspmd-run FILE.mlir [--entry NAME] [--check] "
             "[--seed S]\n"
             "                 [--rtol R] [--atol A] [--print] [--report] "
             "[--spmd] [--time R] [--jit-opt N]\n"
             "                 [--partitioned SPMD.mlir] [--save-results DIR]\n"
             "                 [--inject-error[=first|element|padding|partial|"
             "all]]\n"
             "       gspmd-run FILE.mlir --save-reference DIR [--entry NAME] "
             "[--seed S]\n");
}

static bool parseNumber(const char *text, double *out) {
  char *end;
  *out = strtod(text, &end);
  return *text && !*end;
}

/* Returns -1 when the run should go on, else the exit status. */
static int parseOptions(int argc, char **argv, Options *o) {
  memset(o, 0, sizeof(*o));
  o->rtol = o->atol = -1;
  o->jit_opt = 2;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    bool has_value = i + 1 < argc;
    double v;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      if (worldRank == 0)
        usage(stdout);
      return 0;
    } else if (!strcmp(a, "--check")) {
      o->check = true;
    } else if (!strcmp(a, "--print")) {
      o->print = true;
    } else if (!strcmp(a, "--report")) {
      o->report = true;
    } else if (!strcmp(a, "--spmd")) {
      o->spmd_input = true;
    } else if (!strcmp(a, "--inject-error")) {
      o->inject_error = INJECT_FIRST;
    } else if (!strncmp(a, "--inject-error=", 15) &&
               injectKindFromName(a + 15) > 0) {
      o->inject_error = injectKindFromName(a + 15);
    } else if (!strcmp(a, "--save-reference") && has_value) {
      o->save_reference = argv[++i];
    } else if (!strcmp(a, "--save-results") && has_value) {
      o->save_results = argv[++i];
    } else if (!strcmp(a, "--time") && has_value &&
               parseNumber(argv[i + 1], &v) && v >= 1 && v <= 1000) {
      o->time_runs = (int)v;
      ++i;
    } else if (!strcmp(a, "--jit-opt") && has_value &&
               parseNumber(argv[i + 1], &v) && v >= 0 && v <= 3) {
      o->jit_opt = (int)v;
      ++i;
    } else if (!strcmp(a, "--partitioned") && has_value) {
      o->partitioned = argv[++i];
    } else if (!strcmp(a, "--entry") && has_value) {
      o->entry = argv[++i];
    } else if (!strcmp(a, "--seed") && has_value &&
               parseNumber(argv[i + 1], &v) && v >= 0) {
      o->seed = strtoull(argv[++i], NULL, 10);
    } else if (!strcmp(a, "--rtol") && has_value &&
               parseNumber(argv[i + 1], &v) && v >= 0) {
      o->rtol = v;
      ++i;
    } else if (!strcmp(a, "--atol") && has_value &&
               parseNumber(argv[i + 1], &v) && v >= 0) {
      o->atol = v;
      ++i;
    } else if (a[0] != '-' && !o->file) {
      o->file = a;
    } else {
      runError("bad argument '%s'", a);
      if (worldRank == 0)
        usage(stderr);
      return 2;
    }
  }
  if (!o->file) {
    if (worldRank == 0)
      usage(stderr);
    return 2;
  }
  if (o->check && o->spmd_input) {
    runError("--check needs a global program; --spmd runs one that is "
             "already partitioned");
    return 2;
  }
  if (o->save_reference &&
      (o->check || o->print || o->report || o->spmd_input || o->partitioned ||
       o->time_runs || o->save_results || o->inject_error)) {
    runError("--save-reference runs only the unpartitioned program: not "
             "with --check, --print, --report, --spmd, --partitioned, --time, "
             "--save-results or --inject-error");
    return 2;
  }
  if (o->save_reference && worldSize != 1) {
    runError("--save-reference runs as one process (without mpirun, or with "
             "-n 1), whatever the mesh");
    return 2;
  }
  if (o->partitioned && (o->spmd_input || o->report)) {
    runError("--partitioned runs another partitioner's module: not with "
             "--spmd or --report, which are about gspmd's own");
    return 2;
  }
  return -1;
}

/* Replicated copies of a result must agree within fixed tolerances: the
 * kind's defaults, or --rtol / --atol. */
static double rtolFor(const Options *o, int dtype) {
  double rtol, atol;
  gspmdCheckDefaultTolerances((GspmdElemKind)dtype, &rtol, &atol);
  return o->rtol >= 0 ? o->rtol : rtol;
}

static double atolFor(const Options *o, int dtype) {
  double rtol, atol;
  gspmdCheckDefaultTolerances((GspmdElemKind)dtype, &rtol, &atol);
  return o->atol >= 0 ? o->atol : atol;
}

/*===-- Running the entry -------------------------------------------------===*/

/* Gathers every device's local result #i on rank 0 (back to back). */
static char *gatherResult(const TensorInfo *t, const char *local) {
  int64_t bytes = numElements(t->rank, t->local) * (int64_t)dtypeSize(t->dtype);
  if (bytes > INT_MAX) {
    fprintf(stderr, "gspmd-run: a local result of %lld bytes is too large\n",
            (long long)bytes);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  char *all = NULL;
  if (worldRank == 0)
    all = malloc((size_t)(bytes ? bytes : 1) * (size_t)worldSize);
  MPI_Gather(local, (int)bytes, MPI_BYTE, all, (int)bytes, MPI_BYTE, 0,
             MPI_COMM_WORLD);
  return all;
}

/* Assembles result #i on rank 0; prints a FAIL line when replicas disagree
 * or a region is missing. Returns the global tensor (rank 0) and sets *ok. */
static char *assembleResult(const Options *o, const TensorInfo *t, int i,
                            const char *local, bool *ok) {
  char *all = gatherResult(t, local);
  *ok = true;
  if (worldRank != 0)
    return NULL;
  int64_t n = numElements(t->rank, t->global);
  char *global = malloc((size_t)(n ? n : 1) * dtypeSize(t->dtype));
  char problem[512];
  if (!assembleGlobal(t, worldSize, all, rtolFor(o, t->dtype),
                      atolFor(o, t->dtype), global, problem, sizeof(problem))) {
    printf("result #%d %s: %s FAIL\n", i, t->type_text, problem);
    *ok = false;
  }
  free(all);
  return global;
}

/* One run of the compiled entry on every rank: each rank's shards of the
 * inputs (layouts `args`), its local results, and on rank 0 the assembled
 * global ones (layouts `results`). */
typedef struct Run {
  HostTensor *inputs;
  char **locals, **globals;
  bool ran;   /* the entry ran on this rank */
  bool agree; /* replicated copies agree (a FAIL line says where not) */
} Run;

static Run runEntry(Program *p, const Options *o, const Compiled *code,
                    const TensorInfo *args, const TensorInfo *results) {
  Run r = {calloc((size_t)p->num_args + 1, sizeof(HostTensor)),
           calloc((size_t)p->num_results + 1, sizeof(char *)),
           calloc((size_t)p->num_results + 1, sizeof(char *)), false, true};
  for (int i = 0; i < p->num_args; ++i)
    r.inputs[i] = makeLocalInput(&args[i], o->seed, i, worldRank);
  r.ran = programRun(p, code, r.inputs, results, true, r.locals);
  for (int i = 0; i < p->num_results && r.ran; ++i) {
    bool agree;
    r.globals[i] = assembleResult(o, &results[i], i, r.locals[i], &agree);
    r.agree &= agree;
  }
  return r;
}

/* Frees what r holds (globals: NULL when the caller took them). */
static void runFree(const Program *p, Run *r) {
  for (int i = 0; i < p->num_results; ++i) {
    free(r->locals[i]);
    if (r->globals)
      free(r->globals[i]);
  }
  for (int i = 0; i < p->num_args; ++i)
    hostTensorFree(&r->inputs[i]);
  free(r->locals), free(r->globals), free(r->inputs);
}

/*===-- Reports -----------------------------------------------------------===*/

/* Counters over devices: the largest of one device and the sum. */
typedef struct Traffic {
  GspmdRtStats max, sum;
} Traffic;

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

static void addDevice(Traffic *t, GspmdRtStats s) {
  t->max.calls = max64(t->max.calls, s.calls);
  t->max.bytes_sent = max64(t->max.bytes_sent, s.bytes_sent);
  t->max.bytes_received = max64(t->max.bytes_received, s.bytes_received);
  t->sum.calls += s.calls;
  t->sum.bytes_sent += s.bytes_sent;
  t->sum.bytes_received += s.bytes_received;
}

static void printTraffic(const char *name, const Traffic *t) {
  printf("  %-18s calls %lld, sent %lld B (total %lld B), received %lld B "
         "(total %lld B)\n",
         name, (long long)t->max.calls, (long long)t->max.bytes_sent,
         (long long)t->sum.bytes_sent, (long long)t->max.bytes_received,
         (long long)t->sum.bytes_received);
}

/* Rank 0 prints the runtime's counters, per collective kind and for all
 * kinds: calls and bytes of one device (the largest) and the sums over
 * devices. */
static void reportTraffic(void) {
  GspmdRtStats mine[GSPMD_RT_NUM_COLLECTIVES];
  gspmd_rt_get_stats(mine);
  GspmdRtStats *all = NULL;
  if (worldRank == 0)
    all = malloc(sizeof(mine) * (size_t)worldSize);
  MPI_Gather(mine, (int)sizeof(mine), MPI_BYTE, all, (int)sizeof(mine),
             MPI_BYTE, 0, MPI_COMM_WORLD);
  if (worldRank != 0)
    return;
  Traffic kinds[GSPMD_RT_NUM_COLLECTIVES], total;
  memset(kinds, 0, sizeof(kinds));
  memset(&total, 0, sizeof(total));
  for (int r = 0; r < worldSize; ++r) {
    GspmdRtStats device = {0, 0, 0};
    for (int k = 0; k < GSPMD_RT_NUM_COLLECTIVES; ++k) {
      GspmdRtStats s = all[r * GSPMD_RT_NUM_COLLECTIVES + k];
      addDevice(&kinds[k], s);
      device.calls += s.calls;
      device.bytes_sent += s.bytes_sent;
      device.bytes_received += s.bytes_received;
    }
    addDevice(&total, device);
  }
  printf("runtime traffic of the run (per device: max over %d devices; "
         "total: sum over devices):\n",
         worldSize);
  for (int k = 0; k < GSPMD_RT_NUM_COLLECTIVES; ++k)
    printTraffic(gspmd_rt_collective_name(k), &kinds[k]);
  printTraffic("all", &total);
  free(all);
}

/*===-- Timing ------------------------------------------------------------===*/

static int compareDoubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Lowering + JIT compile time of the program run (rank 0's). */
static double compileWall, compileCpu;

/* One timed run: every rank starts together; returns the slowest rank's
 * wall and CPU times (on rank 0) and the largest buffer peak of one rank. */
static bool timeOneRun(Program *p, const Compiled *code, HostTensor *inputs,
                       double *seconds, double *cpu, int64_t *peak) {
  char **outs = calloc((size_t)p->num_results + 1, sizeof(char *));
  MPI_Barrier(MPI_COMM_WORLD);
  programResetBufferPeak();
  CallTime call;
  bool ok = programRunTimed(p, code, inputs, p->results, true, outs, &call);
  double mine = call.wall, my_cpu = call.cpu;
  int64_t my_peak = programBufferPeak();
  for (int i = 0; i < p->num_results; ++i)
    free(outs[i]);
  free(outs);
  MPI_Reduce(&mine, seconds, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  MPI_Reduce(&my_cpu, cpu, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  MPI_Reduce(&my_peak, peak, 1, MPI_INT64_T, MPI_MAX, 0, MPI_COMM_WORLD);
  return ok;
}

static int64_t localInputBytes(const Program *p) {
  int64_t bytes = 0;
  for (int i = 0; i < p->num_args; ++i) {
    const TensorInfo *t = &p->args[i];
    bytes += numElements(t->rank, t->local) * (int64_t)dtypeSize(t->dtype);
  }
  return bytes;
}

/* Which ranks compiled the code (compile.c): rank 0, the others loading
 * its object code, unless not shared. */
static void printCodeSharing(const Compiled *code, int loaded_ranks) {
  int others = worldSize - 1;
  if (others == 0)
    printf("code: compiled by the one rank\n");
  else if (loaded_ranks == others)
    printf("code: compiled by rank 0, loaded by %d of %d other ranks\n",
           loaded_ranks, others);
  else
    printf("code: compiled by rank 0 and by %d of %d other ranks (%s)\n",
           others - loaded_ranks, others,
           code->not_shared ? code->not_shared : "loading failed");
}

/* --time R: rank 0 prints the median time and the peak memory per rank. */
static bool timeRuns(Program *p, const Options *o, const Compiled *code,
                     HostTensor *inputs) {
  double *times = calloc((size_t)o->time_runs, sizeof(double));
  double *cpus = calloc((size_t)o->time_runs, sizeof(double));
  int64_t peak = 0;
  bool ok = true;
  for (int r = 0; r < o->time_runs && ok; ++r) {
    int64_t run_peak = 0;
    ok = timeOneRun(p, code, inputs, &times[r], &cpus[r], &run_peak);
    peak = max64(peak, run_peak);
  }
  int loaded = code->loaded != NULL, loaded_ranks = 0;
  MPI_Reduce(&loaded, &loaded_ranks, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  if (ok && worldRank == 0) {
    qsort(times, (size_t)o->time_runs, sizeof(double), compareDoubles);
    qsort(cpus, (size_t)o->time_runs, sizeof(double), compareDoubles);
    int64_t in = localInputBytes(p);
    printf("time: median %.6f s over %d runs (max over ranks)\n",
           times[o->time_runs / 2], o->time_runs);
    if (p->run_leaks)
      printf("allocated: max %lld bytes per rank and run (lowered without "
             "buffer deallocation: not a peak)\n",
             (long long)peak);
    else
      printf("peak memory: max %lld bytes per rank (buffers %lld + inputs "
             "%lld)\n",
             (long long)(peak + in), (long long)peak, (long long)in);
    printf("cpu time: median %.6f s (process CPU time, max over ranks)\n",
           cpus[o->time_runs / 2]);
    printf("compile: %.6f s wall, %.6f s cpu (lowering to LLVM and JIT, "
           "rank 0)\n",
           compileWall, compileCpu);
    printCodeSharing(code, loaded_ranks);
  }
  free(times);
  free(cpus);
  return ok;
}

/*===-- Reference check ---------------------------------------------------===*/

/* The check in two stages (docs/testing.md, The check): rank 0 judges each
 * result against the unpartitioned program; a float result that FAILs
 * within GSPMD_CHECK_CONFIRM_RATIO of its allowance is judged again with
 * the partitioned program promoted to f64 (every rank runs it), where
 * rounding shrinks and a wrong program's error does not. */
typedef struct Check {
  Reference r;
  bool referenced;      /* r holds the reference */
  bool *pass, *confirm; /* [num_results] */
  char **lines;         /* [num_results]: the first stage's lines */
  /* --inject-error=all: result #0 with each planted error (element,
   * padding, partial), its verdict and lines. */
  char *planted[3], *planted_lines[3];
  bool planted_pass[3], planted_confirm[3];
  bool any_confirm;
} Check;

static char *copyOf(const TensorInfo *t, const char *data) {
  size_t bytes = (size_t)numElements(t->rank, t->global) * dtypeSize(t->dtype);
  char *copy = malloc(bytes ? bytes : 1);
  memcpy(copy, data, bytes);
  return copy;
}

/* A text the first stage writes, printed with its confirmation after it. */
typedef struct Lines {
  FILE *f;
  char *text;
  size_t size;
} Lines;

static FILE *linesOpen(Lines *l) {
  l->text = NULL;
  l->size = 0;
  l->f = open_memstream(&l->text, &l->size);
  return l->f ? l->f : stdout;
}

static char *linesClose(Lines *l) {
  if (l->f)
    fclose(l->f);
  return l->text;
}

/* Rank 0, the first stage: the verdict on each result (and each planted
 * error), their lines kept; false when the reference cannot run. */
static bool checkFirst(Program *p, const Options *o, char **globals, Check *c) {
  if (!referenceRun(p, o, &c->r))
    return false;
  c->referenced = true;
  referenceNoteRule(p, o, &c->r);
  size_t n = (size_t)p->num_results + 1;
  c->pass = calloc(n, sizeof(bool));
  c->confirm = calloc(n, sizeof(bool));
  c->lines = calloc(n, sizeof(char *));
  for (int i = 0; i < p->num_results; ++i) {
    Lines l;
    c->pass[i] = referenceCheckOne(p, o, &c->r, i, globals[i], &c->confirm[i],
                                   linesOpen(&l));
    c->lines[i] = linesClose(&l);
    c->any_confirm |= c->confirm[i];
  }
  if (o->inject_error != INJECT_ALL || p->num_results == 0)
    return true;
  for (int k = 0; k < 3; ++k) {
    Lines l;
    FILE *out = linesOpen(&l);
    c->planted[k] = copyOf(&p->results[0], globals[0]);
    injectError(INJECT_ELEMENT + k, &p->results[0], c->planted[k], worldSize,
                out);
    c->planted_pass[k] = referenceCheckOne(p, o, &c->r, 0, c->planted[k],
                                           &c->planted_confirm[k], out);
    c->planted_lines[k] = linesClose(&l);
    c->any_confirm |= c->planted_confirm[k];
  }
  return true;
}

/* Every rank: the global program promoted to f64, partitioned and run as
 * the program was, on the same input values; rank 0 gets the assembled
 * results (f64 for floats), NULL on the others or when it cannot run (a
 * note says why). A memory budget on the module is doubled with the
 * element size, so that the partitioner plans the same. */
static char **runPromoted(Program *p, const Options *o) {
  char why[512];
  MlirModule wide = referencePromoted(p, why, sizeof(why));
  if (mlirModuleIsNull(wide)) {
    if (worldRank == 0)
      printf("check: the partitioned program cannot be promoted to f64 (%s)\n",
             why);
    return NULL;
  }
  MlirOperation module = mlirModuleGetOperation(wide);
  MlirAttribute budget = mlirOperationGetAttributeByName(
      module, mlirStringRefCreateFromCString("gspmd.memory_budget"));
  if (!mlirAttributeIsNull(budget) && mlirAttributeIsAInteger(budget))
    mlirOperationSetAttributeByName(
        module, mlirStringRefCreateFromCString("gspmd.memory_budget"),
        mlirIntegerAttrGet(mlirAttributeGetType(budget),
                           2 * mlirIntegerAttrGetValueInt(budget)));
  TensorInfo *args = calloc((size_t)p->num_args + 1, sizeof(TensorInfo));
  TensorInfo *results = calloc((size_t)p->num_results + 1, sizeof(TensorInfo));
  MlirModule spmd;
  bool ok = programPartitionOther(p, o, wide, &spmd, args, results);
  Compiled code = {{NULL}, NULL, NULL, NULL};
  if (ok)
    code = programCompileShared(p, spmd, false);
  ok = ok && code.entry;
  char **globals = NULL;
  if (ok) {
    Run r = runEntry(p, o, &code, args, results);
    if (r.ran && worldRank == 0) /* kept: the rest is freed */
      globals = r.globals, r.globals = NULL;
    runFree(p, &r);
  }
  compiledDestroy(&code);
  if (!mlirModuleIsNull(spmd))
    mlirModuleDestroy(spmd);
  mlirModuleDestroy(wide);
  free(args), free(results);
  return globals;
}

/* got64 with the error planted in `planted` (against `clean`, result #0 of
 * layout t) added at the same element: the same bug in the f64 run. */
static char *plantedWide(const TensorInfo *t, const char *clean,
                         const char *planted, const char *got64) {
  int64_t n = numElements(t->rank, t->global);
  size_t size = dtypeSize(t->dtype);
  double *a = tensorToDoubles(t->dtype, n, clean);
  double *b = tensorToDoubles(t->dtype, n, planted);
  char *out = malloc((size_t)(n ? n : 1) * sizeof(double));
  memcpy(out, got64, (size_t)n * sizeof(double));
  double *w = (double *)out;
  for (int64_t i = 0; i < n; ++i)
    if (memcmp(clean + (size_t)i * size, planted + (size_t)i * size, size))
      w[i] += b[i] - a[i];
  free(a);
  free(b);
  return out;
}

/* Prints a first stage's lines, then, where it asked, the verdict of the
 * second (got64: the f64 run's result, NULL when it did not run); returns
 * the verdict. */
static bool finishOne(Program *p, const Options *o, Check *c, int i,
                      const char *got, const char *got64, const char *lines,
                      bool pass, bool confirm) {
  fputs(lines ? lines : "", stdout);
  if (confirm && got64)
    pass = referenceConfirmOne(p, o, &c->r, i, got, got64, stdout);
  return pass;
}

/* Rank 0, the second stage where asked (wide: the promoted run's results,
 * NULL when it did not run) and the lines of both, then the summary.
 * `clean0`: result #0 before a planted --inject-error=KIND, or NULL.
 * Returns the exit status bits. */
static int checkFinish(Program *p, const Options *o, char **globals,
                       const char *clean0, char **wide, Check *c) {
  int failed = 0;
  for (int i = 0; i < p->num_results; ++i) {
    char *planted = NULL; /* a planted --inject-error=KIND, in f64 too */
    if (wide && c->confirm[i] && i == 0 && clean0)
      planted = plantedWide(&p->results[0], clean0, globals[0], wide[0]);
    const char *got64 = planted ? planted : wide ? wide[i] : NULL;
    failed += !finishOne(p, o, c, i, globals[i], got64, c->lines[i], c->pass[i],
                         c->confirm[i]);
    free(planted);
  }
  int missed = 0;
  for (int k = 0; k < 3 && c->planted[k]; ++k) {
    char *got64 =
        wide && c->planted_confirm[k]
            ? plantedWide(&p->results[0], globals[0], c->planted[k], wide[0])
            : NULL;
    missed += finishOne(p, o, c, 0, c->planted[k], got64, c->planted_lines[k],
                        c->planted_pass[k], c->planted_confirm[k]);
    free(got64);
  }
  if (c->planted[0])
    printf("inject-error: %d of 3 injected errors FAIL%s\n", 3 - missed,
           missed ? " (the check missed some)" : "");
  printf("check: %d of %d result%s %s\n", failed ? failed : p->num_results,
         p->num_results, p->num_results == 1 ? "" : "s",
         failed ? "FAIL" : "PASS");
  return (failed != 0) | (missed != 0);
}

static void checkFree(const Program *p, Check *c) {
  if (c->referenced)
    referenceFree(p, &c->r);
  for (int i = 0; c->lines && i < p->num_results; ++i)
    free(c->lines[i]);
  free(c->pass), free(c->confirm), free(c->lines);
  for (int k = 0; k < 3; ++k)
    free(c->planted[k]), free(c->planted_lines[k]);
}

/* The check, on every rank (rank 0 judges; all run the promoted program
 * when it asks): the exit status bits. `ran`: this rank's run succeeded. */
static int checkAll(Program *p, const Options *o, char **globals,
                    const char *clean0, bool ran) {
  Check c;
  memset(&c, 0, sizeof(c));
  int status = 0;
  if (worldRank == 0 && ran && !checkFirst(p, o, globals, &c))
    status = 1;
  int confirm =
      (int)runShare(worldRank == 0 && ran && c.referenced && c.any_confirm);
  char **wide = confirm ? runPromoted(p, o) : NULL;
  if (worldRank == 0 && ran && c.referenced)
    status |= checkFinish(p, o, globals, clean0, wide, &c);
  for (int i = 0; wide && i < p->num_results; ++i)
    free(wide[i]);
  free(wide);
  checkFree(p, &c);
  return status;
}

/* --save-reference DIR: one process, the unpartitioned program only. */
static int saveReferenceOnly(Program *p, const Options *o) {
  if (p->has_spmd_ops) {
    runError("--save-reference needs a global program, but %s already "
             "contains collectives or SPMD ops",
             o->file);
    return 1;
  }
  Reference r;
  if (!referenceRun(p, o, &r))
    return 1;
  if (!r.has_wide)
    fprintf(stderr, "gspmd-run: note: no f64 reference (%s)\n", r.why);
  bool ok = saveReference(p, o, &r, o->save_reference);
  referenceFree(p, &r);
  if (ok)
    printf("saved the reference of @%s (seed %llu) in %s\n", p->entry,
           (unsigned long long)o->seed, o->save_reference);
  return ok ? 0 : 1;
}

/*===-- Driver ------------------------------------------------------------===*/

/* Everything after loading; returns the exit status (rank 0's matters). */
static int runProgram(Program *p, const Options *o) {
  if (o->check && p->has_spmd_ops) {
    runError("--check needs a global program, but %s already contains "
             "collectives or SPMD ops (run it without --check, with --spmd)",
             o->file);
    return 1;
  }
  if (!programPartition(p, o))
    return 1;
  if (o->partitioned && !programLoadPartitioned(p, o))
    return 1;
  p->run_leaks = o->partitioned != NULL;
  if (o->report && worldRank == 0 && !programReport(p))
    return 1;
  double wall0 = MPI_Wtime(), cpu0 = cpuSeconds();
  Compiled code = programCompileShared(p, p->run, p->run_leaks);
  compileWall = MPI_Wtime() - wall0;
  compileCpu = cpuSeconds() - cpu0;
  if (!code.entry) {
    compiledDestroy(&code);
    return 1;
  }
  gspmd_rt_reset_stats();
  Run run = runEntry(p, o, &code, p->args, p->results);
  bool ok = run.ran;
  char **globals = run.globals;
  int status = ok && run.agree ? 0 : 1;
  if (ok && o->report)
    reportTraffic();
  if (ok && o->time_runs > 0)
    status |= !timeRuns(p, o, &code, run.inputs);
  if (ok && worldRank == 0 && o->save_results &&
      !saveResults(p, globals, o->save_results))
    status = 1;
  char *clean0 = NULL; /* result #0 before a planted error */
  if (ok && worldRank == 0 && o->inject_error &&
      o->inject_error != INJECT_ALL && p->num_results > 0) {
    clean0 = copyOf(&p->results[0], globals[0]);
    injectError(o->inject_error, &p->results[0], globals[0], worldSize, stdout);
  }
  if (o->check)
    status |= checkAll(p, o, globals, clean0, ok);
  free(clean0);
  if (ok && worldRank == 0) {
    for (int i = 0; i < p->num_results && o->print; ++i) {
      const TensorInfo *t = &p->results[i];
      printf("result #%d %s = ", i, t->type_text);
      printTensor(t->dtype, t->rank, t->global, globals[i]);
    }
  }
  runFree(p, &run);
  compiledDestroy(&code);
  return status;
}

void runWait(MPI_Request *request) {
  int done = 0;
  struct timespec nap = {0, 1000000};
  for (MPI_Test(request, &done, MPI_STATUS_IGNORE); !done;
       MPI_Test(request, &done, MPI_STATUS_IGNORE))
    nanosleep(&nap, NULL);
}

int64_t runShare(int64_t value) {
  MPI_Request request;
  MPI_Ibcast(&value, 1, MPI_INT64_T, 0, MPI_COMM_WORLD, &request);
  runWait(&request);
  return value;
}

/* Every rank leaves with rank 0's verdict (or the worst status seen). The
 * others wait while rank 0 compiles and runs the reference. */
static int finish(int status) {
  fflush(stdout);
  fflush(stderr);
  int worst = 0;
  MPI_Request request;
  MPI_Iallreduce(&status, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD,
                 &request);
  runWait(&request);
  gspmd_rt_finalize();
  return worst;
}

int main(int argc, char **argv) {
  /* The lowered code mallocs and frees every buffer on each call: keep
   * every buffer on the heap (no mmap: glibc maps blocks over 32 MiB even
   * with M_MMAP_THRESHOLD at its maximum) and the heap's free memory mapped,
   * so repeated calls (--time) reuse pages instead of faulting in fresh
   * ones, as a runtime's buffer pool would. */
  mallopt(M_MMAP_MAX, 0);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  gspmd_rt_init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &worldRank);
  MPI_Comm_size(MPI_COMM_WORLD, &worldSize);
  runSetRank(worldRank);
  Options o;
  int status = parseOptions(argc, argv, &o);
  if (status >= 0)
    return finish(status);
  Program p;
  memset(&p, 0, sizeof(p));
  if (programLoad(&p, &o, worldRank, worldSize))
    status = o.save_reference ? saveReferenceOnly(&p, &o) : runProgram(&p, &o);
  else
    status = 1;
  programDestroy(&p);
  return finish(status);
}
