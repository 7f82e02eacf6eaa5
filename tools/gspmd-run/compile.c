/*
 * compile.c - gspmd-run's code: a module lowered to LLVM
 * (GSPMD_LOWER_TO_LLVM_PIPELINE), JIT-compiled by the ExecutionEngine C
 * API, and its entry called.
 *
 * Calling convention: the entry gets llvm.emit_c_interface, so the JIT has
 * `_mlir_ciface_<entry>`, which takes a pointer to each argument's ranked
 * memref descriptor {allocated, aligned, offset, sizes[r], strides[r]} and,
 * when there are results, first a pointer to where it stores the result
 * descriptors (one struct of them, back to back; all fields are 8 bytes).
 * The engine's packed wrapper of that function calls it from an array
 * holding the address of each of those pointers.
 *
 * The JIT resolves the runtime's `_mlir_ciface_gspmd_mlir_*` symbols in
 * libGSPMDRuntime.so (linked into gspmd-run, and also handed to the engine
 * by its path next to the executable) and memrefCopy in MLIR's
 * libmlir_c_runner_utils.so.
 *
 * Compiled once for all ranks (programCompileShared). The ranks run one
 * SPMD program: the partitioner's output does not depend on the rank, which
 * the code reads at run time. So rank 0 alone lowers and compiles it, with
 * the engine's object cache on, and broadcasts the object code; the others
 * load it and link it in their own process (gspmd/jit.h). LLVM's code
 * generation is most of a check's CPU time, which every rank would
 * otherwise pay (docs/cpu-backend.md). The ranks share only when their modules
 * agree (a hash of the module's text, the lowering's options and the host CPU,
 * which the code is generated for) and the lowered module has no global
 * constructors (a loaded object does not run them); else each compiles its own,
 * as does a rank that fails to load the object. The others wait asleep
 * (runWait), so that rank 0 has the cores.
 */
#include "run.h"

#include "gspmd-c/Passes.h"
#include "gspmd/jit.h"
#include "gspmd/passes.h"
#include "gspmd/support.h"

#include "mlir-c/BuiltinAttributes.h"

#include <mpi.h>

#include <limits.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static MlirStringRef str(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

/* libGSPMDRuntime.so next to the executable (build/bin/../lib), if there. */
static bool runtimePath(char *buf, size_t size) {
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
  if (n <= 0)
    return false;
  exe[n] = '\0';
  char *slash = strrchr(exe, '/');
  if (!slash)
    return false;
  *slash = '\0';
  snprintf(buf, size, "%s/../lib/libGSPMDRuntime.so", exe);
  return access(buf, R_OK) == 0;
}

/* The lowered code allocates every buffer with malloc and releases it with
 * free (finalize-memref-to-llvm's default); routing those two symbols
 * through counters gives the peak buffer memory of a run. */
static int64_t liveBytes, peakBytes;

static void *trackedMalloc(size_t n) {
  void *ptr = malloc(n);
  if (ptr) {
    liveBytes += (int64_t)malloc_usable_size(ptr);
    if (liveBytes > peakBytes)
      peakBytes = liveBytes;
  }
  return ptr;
}

static void trackedFree(void *ptr) {
  if (ptr)
    liveBytes -= (int64_t)malloc_usable_size(ptr);
  free(ptr);
}

void programResetBufferPeak(void) { liveBytes = peakBytes = 0; }

int64_t programBufferPeak(void) { return peakBytes; }

/* The shared libraries the code links against; the engine reads the paths
 * as NUL-terminated strings. */
typedef struct CodeLibs {
  char runtime[PATH_MAX];
  MlirStringRef paths[2];
  int count;
} CodeLibs;

static void codeLibs(CodeLibs *l) {
  l->count = 0;
  if (runtimePath(l->runtime, sizeof(l->runtime)))
    l->paths[l->count++] = str(l->runtime);
  l->paths[l->count++] = str(GSPMD_RUNNER_UTILS);
}

/* A copy of `module` lowered to LLVM; null after an error. */
static MlirModule lowered(Program *p, MlirModule module, bool leaking) {
  MlirModule copy = mlirModuleFromOperation(
      mlirOperationClone(mlirModuleGetOperation(module)));
  MlirOperation func;
  gspmdFindEntry(mlirModuleGetOperation(copy), p->entry, &func, NULL, 0);
  mlirOperationSetAttributeByName(func, str("llvm.emit_c_interface"),
                                  mlirUnitAttrGet(p->ctx));
  if (mlirLogicalResultIsSuccess(gspmdRunPipeline(
          copy, str(leaking ? GSPMD_LOWER_TO_LLVM_LEAKING_PIPELINE
                            : GSPMD_LOWER_TO_LLVM_PIPELINE))))
    return copy;
  runError("lowering to LLVM failed");
  mlirModuleDestroy(copy);
  return (MlirModule){NULL};
}

static MlirWalkResult findConstructors(MlirOperation op, void *found) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (gspmdStringRefEq(name, "llvm.mlir.global_ctors") ||
      gspmdStringRefEq(name, "llvm.mlir.global_dtors")) {
    *(bool *)found = true;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

/* The entry's C interface (llvm.emit_c_interface), whose packed wrapper
 * the calling convention above is for; into name[300]. */
static const char *cInterfaceName(const Program *p, char *name) {
  snprintf(name, 300, "_mlir_ciface_%s", p->entry);
  return name;
}

/* Lowers and compiles here. With `keep_object` the engine keeps its object
 * code (programObjectCode), and *shareable says whether another process
 * may load it (no global constructors). */
static Compiled compileHere(Program *p, MlirModule module, bool leaking,
                            bool keep_object, bool *shareable) {
  Compiled c = {{NULL}, NULL, NULL, NULL};
  MlirModule copy = lowered(p, module, leaking);
  if (mlirModuleIsNull(copy))
    return c;
  if (shareable) {
    bool found = false;
    mlirOperationWalk(mlirModuleGetOperation(copy), findConstructors, &found,
                      MlirWalkPreOrder);
    *shareable = !found;
  }
  CodeLibs libs;
  codeLibs(&libs);
  c.engine = mlirExecutionEngineCreate(copy, p->jit_opt, libs.count, libs.paths,
                                       keep_object, false);
  mlirModuleDestroy(copy);
  if (mlirExecutionEngineIsNull(c.engine)) {
    runError("the ExecutionEngine could not compile the lowered module");
    return c;
  }
  /* Before the first lookup, which resolves the module's symbols. */
  mlirExecutionEngineRegisterSymbol(c.engine, str("malloc"),
                                    (void *)trackedMalloc);
  mlirExecutionEngineRegisterSymbol(c.engine, str("free"), (void *)trackedFree);
  mlirExecutionEngineInitialize(c.engine);
  char name[300];
  c.entry = (GspmdPackedFn)mlirExecutionEngineLookupPacked(
      c.engine, str(cInterfaceName(p, name)));
  if (!c.entry)
    runError("cannot find @%s in the JIT-compiled module", p->entry);
  return c;
}

Compiled programCompile(Program *p, MlirModule module, bool leaking) {
  return compileHere(p, module, leaking, false, NULL);
}

void compiledDestroy(Compiled *c) {
  if (!mlirExecutionEngineIsNull(c->engine))
    mlirExecutionEngineDestroy(c->engine);
  gspmdLoadedObjectDestroy(c->loaded);
  memset(c, 0, sizeof(*c));
}

/* The engine's object code, malloc'd into *data (the caller frees it): the
 * C API writes it only to a file, read back here. 0 bytes on failure. */
static size_t objectCode(MlirExecutionEngine engine, char **data) {
  const char *dir = getenv("TMPDIR");
  char path[PATH_MAX];
  snprintf(path, sizeof(path), "%s/gspmd-run-XXXXXX", dir ? dir : "/tmp");
  int fd = mkstemp(path);
  *data = NULL;
  if (fd < 0)
    return 0;
  close(fd);
  mlirExecutionEngineDumpToObjectFile(engine, str(path));
  FILE *f = fopen(path, "rb");
  long size = 0;
  if (f && fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) > 0 &&
      fseek(f, 0, SEEK_SET) == 0) {
    *data = malloc((size_t)size);
    if (fread(*data, 1, (size_t)size, f) != (size_t)size)
      free(*data), *data = NULL, size = 0;
  }
  if (f)
    fclose(f);
  unlink(path);
  return *data ? (size_t)size : 0;
}

/* Loads rank 0's object code here. */
static Compiled loadHere(Program *p, const char *data, size_t size) {
  Compiled c = {{NULL}, NULL, NULL, NULL};
  CodeLibs libs;
  codeLibs(&libs);
  MlirStringRef names[] = {str("malloc"), str("free")};
  void *addresses[] = {(void *)trackedMalloc, (void *)trackedFree};
  c.loaded =
      gspmdLoadObject(data, size, libs.paths, libs.count, names, addresses, 2);
  char name[300];
  if (c.loaded)
    c.entry =
        gspmdLoadedObjectLookupPacked(c.loaded, str(cInterfaceName(p, name)));
  return c;
}

/* FNV-1a over the printed module. */
static void hashText(MlirStringRef s, void *hash) {
  uint64_t h = *(uint64_t *)hash;
  for (size_t i = 0; i < s.length; ++i)
    h = (h ^ (unsigned char)s.data[i]) * 1099511628211ull;
  *(uint64_t *)hash = h;
}

/* What the object code depends on: the module, the lowering's options and
 * the host CPU. */
static uint64_t codeHash(const Program *p, MlirModule module, bool leaking) {
  uint64_t h = gspmdHostCodeHash() ^ (uint64_t)(p->jit_opt * 2 + leaking);
  mlirOperationPrint(mlirModuleGetOperation(module), hashText, &h);
  return h;
}

static bool everyRank(bool mine) {
  int flag = mine, all = 0;
  MPI_Request request;
  MPI_Iallreduce(&flag, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD, &request);
  runWait(&request);
  return all != 0;
}

/* Rank 0's object code on every rank: its size (0: rank 0 could not
 * compile; -1: not shared, rank 0 says why in c->not_shared), and the
 * bytes into *data on the others. */
static int64_t shareObject(Compiled *c, bool shareable, int rank, char **data) {
  int64_t size = -1;
  if (rank == 0 && !c->entry)
    size = 0;
  else if (rank == 0 && !shareable)
    c->not_shared = "the lowered module has global constructors";
  else if (rank == 0) {
    size = (int64_t)objectCode(c->engine, data);
    if (size == 0 || size > INT_MAX)
      size = -1, c->not_shared = "no object code to send";
  }
  size = runShare(size);
  if (size > 0) {
    if (rank != 0)
      *data = malloc((size_t)size);
    MPI_Request request;
    MPI_Ibcast(*data, (int)size, MPI_BYTE, 0, MPI_COMM_WORLD, &request);
    runWait(&request);
  }
  return size;
}

Compiled programCompileShared(Program *p, MlirModule module, bool leaking) {
  int rank, ranks;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  if (ranks == 1)
    return programCompile(p, module, leaking);
  uint64_t mine = codeHash(p, module, leaking);
  if (!everyRank(mine == (uint64_t)runShare((int64_t)mine))) {
    Compiled c = programCompile(p, module, leaking);
    c.not_shared = "the ranks' modules differ";
    return c;
  }
  bool shareable = false;
  Compiled c = {{NULL}, NULL, NULL, NULL};
  if (rank == 0)
    c = compileHere(p, module, leaking, true, &shareable);
  char *data = NULL;
  int64_t size = shareObject(&c, shareable, rank, &data);
  if (size < 0 && rank != 0) {
    c = programCompile(p, module, leaking);
    c.not_shared = "not shared";
  }
  if (size > 0 && rank != 0)
    c = loadHere(p, data, (size_t)size);
  free(data);
  /* A rank that could not load the object said why; it compiles its own. */
  if (size > 0 && rank != 0 && !c.entry) {
    compiledDestroy(&c);
    c = programCompile(p, module, leaking);
  }
  return c;
}

bool programInvoke(Program *p, const Compiled *code, void **args,
                   void *results) {
  if (!code->entry) {
    runError("@%s was not compiled", p->entry);
    return false;
  }
  void **packed = malloc(sizeof(void *) * ((size_t)p->num_args + 1));
  void **arg_ptrs = malloc(sizeof(void *) * ((size_t)p->num_args + 1));
  void *result_ptr = results;
  int k = 0;
  if (p->num_results > 0)
    packed[k++] = &result_ptr;
  for (int i = 0; i < p->num_args; ++i) {
    arg_ptrs[i] = args[i];
    packed[k++] = &arg_ptrs[i];
  }
  code->entry(packed);
  free(packed), free(arg_ptrs);
  return true;
}
