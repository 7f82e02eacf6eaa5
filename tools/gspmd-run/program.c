/*
 * program.c - gspmd-run's MLIR side: parse the global program, pick and
 * check the entry, partition a copy (gspmd-spmd), read the layouts of the
 * entry's arguments and results, and run the entry compile.c compiled.
 */
#include "run.h"

#include "gspmd-c/Dialect.h"
#include "gspmd-c/Passes.h"
#include "gspmd/passes.h"
#include "gspmd/support.h"
#include "gspmd_runtime.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"

#include <mpi.h>

#include <limits.h>
#include <malloc.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int worldRank;

static MlirStringRef str(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

void runSetRank(int world_rank) { worldRank = world_rank; }

void runError(const char *fmt, ...) {
  if (worldRank != 0)
    return;
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "gspmd-run: error: ");
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n");
  va_end(ap);
}

/*===-- Diagnostics -------------------------------------------------------===*/

static void printToFile(MlirStringRef s, void *user) {
  fwrite(s.data, 1, s.length, (FILE *)user);
}

static void printDiagnostic(MlirDiagnostic d, const char *kind) {
  mlirLocationPrint(mlirDiagnosticGetLocation(d), printToFile, stderr);
  fprintf(stderr, ": %s: ", kind);
  mlirDiagnosticPrint(d, printToFile, stderr);
  fprintf(stderr, "\n");
}

/* Errors and warnings from rank 0 only; remarks (completion's notes on ops
 * without rules) are not shown. */
static MlirLogicalResult onDiagnostic(MlirDiagnostic d, void *user) {
  (void)user;
  MlirDiagnosticSeverity s = mlirDiagnosticGetSeverity(d);
  if (worldRank == 0 &&
      (s == MlirDiagnosticError || s == MlirDiagnosticWarning)) {
    printDiagnostic(d, s == MlirDiagnosticError ? "error" : "warning");
    for (intptr_t i = 0; i < mlirDiagnosticGetNumNotes(d); ++i)
      printDiagnostic(mlirDiagnosticGetNote(d, i), "note");
  }
  return mlirLogicalResultSuccess();
}

/*===-- Types -------------------------------------------------------------===*/

static void typeText(MlirType t, char *buf, size_t size) {
  FILE *f = fmemopen(buf, size, "w");
  if (!f) {
    snprintf(buf, size, "?");
    return;
  }
  mlirTypePrint(t, printToFile, f);
  fclose(f);
  buf[size - 1] = '\0';
}

/* The runtime's dtype code of an element type, or -1. */
static int dtypeOf(MlirType t) {
  if (mlirTypeIsAF32(t))
    return GSPMD_F32;
  if (mlirTypeIsAF64(t))
    return GSPMD_F64;
  if (mlirTypeIsAF16(t))
    return GSPMD_F16;
  if (mlirTypeIsABF16(t))
    return GSPMD_BF16;
  if (mlirTypeIsAInteger(t)) {
    switch (mlirIntegerTypeGetWidth(t)) {
    case 1:
      return GSPMD_I1;
    case 8:
      return GSPMD_I8;
    case 32:
      return GSPMD_I32;
    case 64:
      return GSPMD_I64;
    }
  }
  return -1;
}

/* Checks that `t` is a static tensor of a supported element type and fills
 * the global part of *info (local = global until a layout says otherwise). */
static bool readTensorType(MlirType t, const char *what, int index,
                           const char *entry, TensorInfo *info) {
  char text[160];
  typeText(t, text, sizeof(text));
  if (!mlirTypeIsARankedTensor(t) || !mlirShapedTypeHasStaticShape(t) ||
      mlirShapedTypeGetRank(t) > GSPMD_MAX_RANK) {
    runError("entry @%s: %s #%d has type %s; gspmd-run needs ranked tensors "
             "of static shape (rank <= %d)",
             entry, what, index, text, GSPMD_MAX_RANK);
    return false;
  }
  memset(info, 0, sizeof(*info));
  info->dtype = dtypeOf(mlirShapedTypeGetElementType(t));
  if (info->dtype < 0) {
    runError("entry @%s: %s #%d has type %s; supported element types are "
             "f32, f64, f16, bf16, i1, i8, i32, i64",
             entry, what, index, text);
    return false;
  }
  info->rank = (int)mlirShapedTypeGetRank(t);
  for (int d = 0; d < info->rank; ++d)
    info->global[d] = info->local[d] = mlirShapedTypeGetDimSize(t, d);
  snprintf(info->type_text, sizeof(info->type_text), "%s", text);
  return true;
}

/*===-- Entry -------------------------------------------------------------===*/

static MlirBlock moduleBody(MlirModule m) { return mlirModuleGetBody(m); }

static MlirStringRef symName(MlirOperation op) {
  return mlirStringAttrGetValue(
      mlirOperationGetAttributeByName(op, str("sym_name")));
}

static MlirOperation findFunc(MlirModule m, const char *name) {
  MlirOperation f;
  gspmdFindEntry(mlirModuleGetOperation(m), name, &f, NULL, 0);
  return f;
}

/* The entry: --entry, else the only public function with a body. */
static MlirOperation pickEntry(Program *p, const Options *o) {
  char names[1024];
  MlirOperation f;
  switch (gspmdFindEntry(mlirModuleGetOperation(p->global), o->entry, &f, names,
                         sizeof(names))) {
  case GSPMD_ENTRY_FOUND:
    break;
  case GSPMD_ENTRY_NOT_FOUND:
    runError("no function @%s with a body in %s (functions: %s)", o->entry,
             o->file, names[0] ? names : "none");
    break;
  case GSPMD_ENTRY_NO_PUBLIC:
    runError("%s has no public function with a body: choose one with "
             "--entry NAME",
             o->file);
    break;
  case GSPMD_ENTRY_AMBIGUOUS:
    runError("%s has several public functions (%s): choose one with "
             "--entry NAME",
             o->file, names);
    break;
  }
  return f;
}

static MlirType funcType(MlirOperation func) {
  return mlirTypeAttrGetValue(
      mlirOperationGetAttributeByName(func, str("function_type")));
}

static bool checkSignature(Program *p, MlirOperation func) {
  MlirType type = funcType(func);
  p->num_args = (int)mlirFunctionTypeGetNumInputs(type);
  p->num_results = (int)mlirFunctionTypeGetNumResults(type);
  free(p->args), free(p->results);
  p->args = calloc((size_t)p->num_args + 1, sizeof(TensorInfo));
  p->results = calloc((size_t)p->num_results + 1, sizeof(TensorInfo));
  for (int i = 0; i < p->num_args; ++i)
    if (!readTensorType(mlirFunctionTypeGetInput(type, i), "argument", i,
                        p->entry, &p->args[i]))
      return false;
  for (int i = 0; i < p->num_results; ++i)
    if (!readTensorType(mlirFunctionTypeGetResult(type, i), "result", i,
                        p->entry, &p->results[i]))
      return false;
  return true;
}

/*===-- Meshes ------------------------------------------------------------===*/

/* The meshes of `module`: the global program's first, then the partitioned
 * one's (completion may refine a mesh axis into sub-axes, which renames the
 * axes its shardings use). */
static bool readMeshes(Program *p, MlirModule module) {
  for (int i = 0; i < p->num_meshes; ++i)
    free(p->meshes[i].devices);
  memset(p->meshes, 0, sizeof(p->meshes));
  p->num_meshes = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(moduleBody(module));
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (!gspmdOperationIsAMesh(op))
      continue;
    if (p->num_meshes == RUN_MAX_MESHES) {
      runError("more than %d meshes", RUN_MAX_MESHES);
      return false;
    }
    MeshEntry *m = &p->meshes[p->num_meshes++];
    MlirStringRef name = gspmdMeshGetName(op);
    snprintf(m->name, sizeof(m->name), "%.*s", (int)name.length, name.data);
    m->mesh.num_axes = (int)gspmdMeshGetNumAxes(op);
    for (int a = 0; a < m->mesh.num_axes; ++a) {
      MlirStringRef axis = gspmdMeshGetAxisName(op, a);
      snprintf(m->axis_names[a], sizeof(m->axis_names[a]), "%.*s",
               (int)axis.length, axis.data);
      m->mesh.axis_names[a] = m->axis_names[a];
      m->mesh.axis_sizes[a] = gspmdMeshGetAxisSize(op, a);
    }
    int64_t n = gspmdMeshGetNumDevices(op);
    if (gspmdMeshHasDevices(op)) {
      m->devices = malloc(sizeof(int64_t) * (size_t)n);
      for (int64_t pos = 0; pos < n; ++pos)
        m->devices[pos] = gspmdMeshGetDevice(op, pos);
      m->mesh.devices = m->devices;
    }
  }
  return true;
}

/* N must be every mesh's device count (any N without a mesh). */
static bool checkDevices(Program *p, int world_size) {
  for (int i = 0; i < p->num_meshes; ++i) {
    int64_t n = gspmdMeshNumDevices(&p->meshes[i].mesh);
    if (n != world_size) {
      runError("mesh @%s has %lld devices but mpirun started %d process%s "
               "(run with mpirun -n %lld)",
               p->meshes[i].name, (long long)n, world_size,
               world_size == 1 ? "" : "es", (long long)n);
      return false;
    }
  }
  return true;
}

static const MeshEntry *findMesh(const Program *p, MlirStringRef name) {
  for (int i = 0; i < p->num_meshes; ++i)
    if (gspmdStringRefEq(name, p->meshes[i].name))
      return &p->meshes[i];
  return NULL;
}

/* True for collectives and SPMD ops (not meshes, constraints or the
 * global program's pipelines). */
static MlirWalkResult findSpmdOps(MlirOperation op, void *user) {
  MlirStringRef n = gspmdOpName(op);
  /* A manual region's body is per-device code by definition. */
  if (gspmdStringRefEq(n, "gspmd.manual_computation"))
    return MlirWalkResultSkip;
  if (n.length > 6 && !strncmp(n.data, "gspmd.", 6) &&
      !gspmdStringRefEq(n, "gspmd.mesh") &&
      !gspmdStringRefEq(n, "gspmd.sharding_constraint") &&
      !gspmdStringRefEq(n, "gspmd.pipeline") &&
      !gspmdStringRefEq(n, "gspmd.yield"))
    *(bool *)user = true;
  return MlirWalkResultAdvance;
}

bool programLoad(Program *p, const Options *o, int world_rank, int world_size) {
  runSetRank(world_rank);
  memset(p, 0, sizeof(*p));
  p->jit_opt = o->jit_opt;
  gspmdRegisterAllPasses();
  p->ctx = gspmdContextCreate();
  mlirContextAttachDiagnosticHandler(p->ctx, onDiagnostic, NULL, NULL);
  if (access(o->file, R_OK) != 0) {
    runError("cannot read %s", o->file);
    return false;
  }
  p->global = mlirModuleCreateParseFromFile(p->ctx, str(o->file));
  if (mlirModuleIsNull(p->global)) {
    runError("cannot parse %s", o->file);
    return false;
  }
  MlirOperation module = mlirModuleGetOperation(p->global);
  if (!mlirOperationVerify(module)) {
    runError("%s does not verify", o->file);
    return false;
  }
  MlirOperation entry = pickEntry(p, o);
  if (mlirOperationIsNull(entry))
    return false;
  MlirStringRef name = symName(entry);
  snprintf(p->entry, sizeof(p->entry), "%.*s", (int)name.length, name.data);
  /* A private entry would be dropped by the LLVM lowering. */
  mlirOperationRemoveAttributeByName(entry, str("sym_visibility"));
  mlirOperationWalk(module, findSpmdOps, &p->has_spmd_ops, MlirWalkPreOrder);
  /* --save-reference runs the unpartitioned program alone, whatever the
   * mesh. */
  return checkSignature(p, entry) && readMeshes(p, p->global) &&
         (o->save_reference || checkDevices(p, world_size));
}

/*===-- Partitioning and layouts ------------------------------------------===*/

static MlirAttribute attrOf(MlirOperation func, const char *which, int i,
                            const char *name) {
  MlirAttribute all = mlirOperationGetAttributeByName(func, str(which));
  if (mlirAttributeIsNull(all) || i >= mlirArrayAttrGetNumElements(all))
    return mlirAttributeGetNull();
  return mlirDictionaryAttrGetElementByName(mlirArrayAttrGetElement(all, i),
                                            str(name));
}

static bool checkLocalType(Program *p, MlirType local, const char *what, int i,
                           const TensorInfo *info, const char *whose);

/* Reads the layout of one argument or result of the partitioned entry:
 * local type `local`; global type and sharding from its gspmd.global_type
 * and gspmd.sharding attributes (none: not partitioned, local = global).
 * The global type must be the one the file declares (unless the file is
 * itself SPMD) and the local type the algebra's shard shape. */
static bool readLayout(Program *p, const Options *o, MlirOperation func,
                       const char *which, const char *what, int i,
                       MlirType local, TensorInfo *info) {
  MlirAttribute gtype = attrOf(func, which, i, "gspmd.global_type");
  if (mlirAttributeIsNull(gtype))
    return readTensorType(local, what, i, p->entry, info);
  TensorInfo declared = *info;
  if (!readTensorType(mlirTypeAttrGetValue(gtype), what, i, p->entry, info))
    return false;
  if (!o->spmd_input && strcmp(info->type_text, declared.type_text) != 0) {
    runError("partitioned entry @%s: %s #%d has gspmd.global_type %s but the "
             "program's type is %s",
             p->entry, what, i, info->type_text, declared.type_text);
    return false;
  }
  MlirAttribute sharding = attrOf(func, which, i, "gspmd.sharding");
  if (!mlirAttributeIsNull(sharding) &&
      !gspmdAttributeIsAReplicated(sharding)) {
    const MeshEntry *m = findMesh(p, gspmdShardingGetMeshName(sharding));
    if (!m || !gspmdShardingFromAttr(sharding, &m->mesh, info->rank,
                                     &info->sharding)) {
      runError("partitioned entry @%s: cannot read the sharding of %s #%d",
               p->entry, what, i);
      return false;
    }
    info->mesh = &m->mesh;
    gspmdLocalShape(info->mesh, &info->sharding, info->global, info->local);
  }
  return checkLocalType(p, local, what, i, info, "partitioned entry");
}

/* The local type `local` of a partitioned entry must be the shard shape of
 * the layout `info` (same element type). */
static bool checkLocalType(Program *p, MlirType local, const char *what, int i,
                           const TensorInfo *info, const char *whose) {
  TensorInfo actual;
  if (!readTensorType(local, what, i, p->entry, &actual))
    return false;
  bool same = actual.rank == info->rank && actual.dtype == info->dtype;
  for (int d = 0; d < info->rank && same; ++d)
    same = actual.local[d] == info->local[d];
  if (!same)
    runError("%s @%s: %s #%d has local type %s, but its sharding gives a "
             "different shard shape",
             whose, p->entry, what, i, actual.type_text);
  return same;
}

/* Partitions a copy of `global` into *spmd and reads the partitioned
 * entry's layouts into args and results, which hold the types `global`
 * declares. */
static bool partitionInto(Program *p, const Options *o, MlirModule global,
                          MlirModule *spmd, TensorInfo *args,
                          TensorInfo *results) {
  *spmd = mlirModuleFromOperation(
      mlirOperationClone(mlirModuleGetOperation(global)));
  if (!o->spmd_input && mlirLogicalResultIsFailure(gspmdRunPipeline(
                            *spmd, str("builtin.module(gspmd-spmd)")))) {
    runError("gspmd-spmd failed on %s", o->file);
    return false;
  }
  MlirOperation func = findFunc(*spmd, p->entry);
  if (mlirOperationIsNull(func)) {
    runError("the entry @%s is gone after gspmd-spmd", p->entry);
    return false;
  }
  if (!readMeshes(p, *spmd))
    return false;
  MlirType type = funcType(func);
  if (mlirFunctionTypeGetNumInputs(type) != p->num_args ||
      mlirFunctionTypeGetNumResults(type) != p->num_results) {
    runError("gspmd-spmd changed the number of arguments or results of @%s",
             p->entry);
    return false;
  }
  for (int i = 0; i < p->num_args; ++i)
    if (!readLayout(p, o, func, "arg_attrs", "argument", i,
                    mlirFunctionTypeGetInput(type, i), &args[i]))
      return false;
  for (int i = 0; i < p->num_results; ++i)
    if (!readLayout(p, o, func, "res_attrs", "result", i,
                    mlirFunctionTypeGetResult(type, i), &results[i]))
      return false;
  return true;
}

bool programPartition(Program *p, const Options *o) {
  if (!partitionInto(p, o, p->global, &p->spmd, p->args, p->results))
    return false;
  p->run = p->spmd;
  return true;
}

bool programPartitionOther(Program *p, const Options *o, MlirModule global,
                           MlirModule *spmd, TensorInfo *args,
                           TensorInfo *results) {
  *spmd = (MlirModule){NULL};
  MlirOperation func = findFunc(global, p->entry);
  if (mlirOperationIsNull(func)) {
    runError("the entry @%s is not in the module to partition", p->entry);
    return false;
  }
  MlirType type = funcType(func);
  for (int i = 0; i < p->num_args; ++i)
    if (!readTensorType(mlirFunctionTypeGetInput(type, i), "argument", i,
                        p->entry, &args[i]))
      return false;
  for (int i = 0; i < p->num_results; ++i)
    if (!readTensorType(mlirFunctionTypeGetResult(type, i), "result", i,
                        p->entry, &results[i]))
      return false;
  return partitionInto(p, o, global, spmd, args, results);
}

/* Upstream's convert-shard-to-mpi leaves its `shard.grid` declarations
 * behind; nothing refers to them any more and no LLVM translation takes
 * them. */
static void eraseGrids(MlirModule m) {
  MlirOperation op = mlirBlockGetFirstOperation(moduleBody(m));
  while (!mlirOperationIsNull(op)) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (gspmdStringRefEq(gspmdOpName(op), "shard.grid"))
      mlirOperationDestroy(op);
    op = next;
  }
}

bool programLoadPartitioned(Program *p, const Options *o) {
  const char *file = o->partitioned;
  if (access(file, R_OK) != 0) {
    runError("cannot read %s", file);
    return false;
  }
  p->run = mlirModuleCreateParseFromFile(p->ctx, str(file));
  if (mlirModuleIsNull(p->run)) {
    runError("cannot parse %s", file);
    return false;
  }
  if (!mlirOperationVerify(mlirModuleGetOperation(p->run))) {
    runError("%s does not verify", file);
    return false;
  }
  MlirOperation func = findFunc(p->run, p->entry);
  if (mlirOperationIsNull(func)) {
    runError("%s has no function @%s with a body", file, p->entry);
    return false;
  }
  mlirOperationRemoveAttributeByName(func, str("sym_visibility"));
  eraseGrids(p->run);
  MlirType type = funcType(func);
  if (mlirFunctionTypeGetNumInputs(type) != p->num_args ||
      mlirFunctionTypeGetNumResults(type) != p->num_results) {
    runError("@%s in %s has %d arguments and %d results; the global "
             "program's has %d and %d",
             p->entry, file, (int)mlirFunctionTypeGetNumInputs(type),
             (int)mlirFunctionTypeGetNumResults(type), p->num_args,
             p->num_results);
    return false;
  }
  for (int i = 0; i < p->num_args; ++i)
    if (!checkLocalType(p, mlirFunctionTypeGetInput(type, i), "argument", i,
                        &p->args[i], file))
      return false;
  for (int i = 0; i < p->num_results; ++i)
    if (!checkLocalType(p, mlirFunctionTypeGetResult(type, i), "result", i,
                        &p->results[i], file))
      return false;
  return true;
}

bool programReport(Program *p) {
  return mlirLogicalResultIsSuccess(
      gspmdRunPipeline(p->spmd, str("builtin.module(gspmd-comm-report)")));
}

/*===-- Running the entry -------------------------------------------------===*/

/* Result descriptors, back to back, as the C interface stores them. */
typedef struct ResultBlock {
  int64_t *words;
  int64_t **desc; /* [num_results], into words */
} ResultBlock;

static ResultBlock resultBlock(const Program *p, const TensorInfo *results) {
  ResultBlock r;
  int total = 0;
  for (int i = 0; i < p->num_results; ++i)
    total += descriptorWords(results[i].rank);
  r.words = calloc((size_t)(total ? total : 1), sizeof(int64_t));
  r.desc = malloc(sizeof(int64_t *) * ((size_t)p->num_results + 1));
  for (int i = 0, at = 0; i < p->num_results; ++i) {
    r.desc[i] = r.words + at;
    at += descriptorWords(results[i].rank);
  }
  return r;
}

/* Frees the result buffers: the lowering's ownership-based deallocation
 * hands every returned memref to the caller as its own allocation (a
 * returned argument or constant is cloned), so each is freed once. */
static void freeResults(const Program *p, const ResultBlock *r) {
  void **freed = malloc(sizeof(void *) * ((size_t)p->num_results + 1));
  int n = 0;
  for (int i = 0; i < p->num_results; ++i) {
    void *allocated;
    memcpy(&allocated, &r->desc[i][0], sizeof(allocated));
    bool seen = false;
    for (int k = 0; k < n; ++k)
      seen |= freed[k] == allocated;
    if (!seen) {
      freed[n++] = allocated;
      free(allocated);
    }
  }
  free(freed);
}

double cpuSeconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

bool programRunTimed(Program *p, const Compiled *code, HostTensor *inputs,
                     const TensorInfo *results, bool local, char **out,
                     CallTime *call) {
  void **args = malloc(sizeof(void *) * ((size_t)p->num_args + 1));
  for (int i = 0; i < p->num_args; ++i)
    args[i] = inputs[i].descriptor;
  ResultBlock r = resultBlock(p, results);
  double wall0 = MPI_Wtime(), cpu0 = cpuSeconds();
  bool ok = programInvoke(p, code, args, r.words);
  if (call) {
    call->wall = MPI_Wtime() - wall0;
    call->cpu = cpuSeconds() - cpu0;
  }
  for (int i = 0; i < p->num_results && ok; ++i) {
    const TensorInfo *t = &results[i];
    size_t es = dtypeSize(t->dtype);
    int64_t n = numElements(t->rank, local ? t->local : t->global);
    out[i] = malloc((size_t)(n ? n : 1) * es);
    packDescriptor(r.desc[i], t->rank, es, out[i]);
  }
  if (ok && !(local && p->run_leaks))
    freeResults(p, &r);
  free(r.words), free(r.desc), free(args);
  return ok;
}

bool programRun(Program *p, const Compiled *code, HostTensor *inputs,
                const TensorInfo *results, bool local, char **out) {
  return programRunTimed(p, code, inputs, results, local, out, NULL);
}

void programDestroy(Program *p) {
  if (!mlirModuleIsNull(p->run) && p->run.ptr != p->spmd.ptr)
    mlirModuleDestroy(p->run);
  if (!mlirModuleIsNull(p->spmd))
    mlirModuleDestroy(p->spmd);
  if (!mlirModuleIsNull(p->global))
    mlirModuleDestroy(p->global);
  for (int i = 0; i < p->num_meshes; ++i)
    free(p->meshes[i].devices);
  free(p->args), free(p->results);
  if (!mlirContextIsNull(p->ctx))
    mlirContextDestroy(p->ctx);
}
