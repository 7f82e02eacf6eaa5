/*
 * Simulate.c - gspmd-simulate: the step time, utilisation and memory of a
 * partitioned program on a machine (docs/simulate.md), and gspmd-model-flops,
 * which records a global program's FLOPs for the utilisation.
 *
 * gspmd-simulate walks the entry function of the program every device runs
 * (gspmd-spmd's output) in program order and times each op on one device:
 * compute ops by their roofline, collectives by their ring steps and bytes
 * on the links of their mesh axes (Cost.c). Devices run the same program on
 * shards of equal size, so one device's time is the step time.
 *
 * Schedule. With overlap=none every op waits for the one before it: the
 * step is the sum of the ops' times. With overlap=scheduled a device has
 * two streams, compute and communication, each running its ops in program
 * order; an op starts when its stream is free and its operands are ready,
 * so a collective runs while the compute that does not need its result
 * goes on (what XLA's async collectives and latency-hiding scheduler aim
 * for). Ops with regions (loops, calls, branches) are barriers: both
 * streams meet before and after them, and nothing overlaps across loop
 * iterations. An scf.for of constant bounds costs its trips times its
 * body; other loops count one iteration (with a note); scf.if costs its
 * longer branch; func.call its callee.
 *
 * Pipelines. A loop marked gspmd.pipeline_loop (gspmd-pipeline marks the
 * one it emits) has bubble_iterations in which a device does no model
 * work; every iteration runs the same ops, so the bubble is that many times
 * one iteration, reported as its own line (part of the compute and
 * communication, not added to them).
 *
 * Memory. Per device: the entry's arguments (weights and inputs, their
 * local types) and the module's tensor constants live throughout; each op
 * result is a new buffer unless it writes into an operand's (destination
 * operands of linalg ops, insert_slice, loop-carried values, views; a write
 * only when nothing later reads the destination), live
 * from its op to the last op of its block that uses it (or an op nesting a
 * use). The peak walks each block once, adding the peak of nested regions
 * and callees at their op. No buffer is reused or freed earlier than that,
 * and nothing is fused: an upper bound of what a bufferizing compiler
 * allocates, in program order.
 *
 * Utilisation. Model FLOPs over step time times devices times the
 * machine's peak: the model FLOPs are the module's gspmd.model_flops (set
 * by gspmd-model-flops on the global program, before gspmd-spmd) when
 * present, else the per-device FLOPs times the device count (which also
 * counts work every device repeats, and padding).
 */
#include "simulate.h"

#include "gspmd/passes.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Pass.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

enum { KIND_HALO = 5, NUM_KINDS = 6, MAX_DEPTH = 32 };

static const char *const kKindNames[NUM_KINDS] = {
    "all_reduce", "all_gather",         "reduce_scatter",
    "all_to_all", "collective_permute", "halo_exchange"};

/* Totals of one device's step, each op weighted by the trips around it. */
typedef struct Acc {
  double compute;         /* seconds of compute ops */
  double flops, bytes;    /* of compute ops */
  double comm[NUM_KINDS]; /* seconds per collective kind */
  double calls[NUM_KINDS];
  double sent[NUM_KINDS];
  /* The per-call software cost of the collectives (in comm[] too) and the
   * calls that pay it (those that exchange data). */
  double call_cost, paid_calls;
  /* Likewise the reducing collectives' combining (collective.reduce_bw). */
  double reduce_cost, reducing_calls;
  /* Pipeline loops (gspmd.pipeline_loop): seconds of their bubble
   * iterations, those iterations, all their iterations, the loops run. */
  double bubble, bubble_iters, pipe_iters, pipe_loops;
} Acc;

typedef struct Sim {
  MlirOperation module;
  const SimMachine *machine; /* NULL: count FLOPs only */
  bool overlap;
  bool detail;
  GspmdArena arena;
  GspmdFuncTable funcs;
  GspmdPtrMap ready; /* op result -> index in ready_times */
  GspmdVec ready_times;
  int depth;
  MlirOperation calls[MAX_DEPTH]; /* functions being simulated, outermost
                                     first: a recursive call costs 0 */
  int num_calls;
  bool recursion;
  bool unknown_trips;
  int64_t unmodelled;
} Sim;

static void accAdd(Acc *to, const Acc *from) {
  to->compute += from->compute;
  to->flops += from->flops;
  to->bytes += from->bytes;
  for (int k = 0; k < NUM_KINDS; ++k) {
    to->comm[k] += from->comm[k];
    to->calls[k] += from->calls[k];
    to->sent[k] += from->sent[k];
  }
  to->call_cost += from->call_cost;
  to->paid_calls += from->paid_calls;
  to->reduce_cost += from->reduce_cost;
  to->reducing_calls += from->reducing_calls;
  to->bubble += from->bubble;
  to->bubble_iters += from->bubble_iters;
  to->pipe_iters += from->pipe_iters;
  to->pipe_loops += from->pipe_loops;
}

static double maxd(double a, double b) { return a > b ? a : b; }

static MlirBlock firstBlock(MlirOperation op, int region) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(op, region));
}

/*===-- The schedule ------------------------------------------------------===*/

static double simBlock(Sim *s, MlirBlock block, double mult, Acc *acc);

/* When v, an operand read by an op of `block`, is ready (seconds from the
 * block's start): values of other blocks were ready before it began. */
static double readyOf(Sim *s, MlirBlock block, MlirValue v) {
  if (!mlirValueIsAOpResult(v))
    return 0;
  if (!mlirBlockEqual(mlirOperationGetBlock(mlirOpResultGetOwner(v)), block))
    return 0;
  int i = gspmdPtrMapGet(&s->ready, v.ptr);
  return i < 0 ? 0 : GSPMD_VEC_AT(&s->ready_times, double, i);
}

typedef struct DepScan {
  Sim *s;
  MlirBlock block;
  double ready;
} DepScan;

static void nestedDep(MlirOperation user, intptr_t i, void *data) {
  DepScan *d = data;
  d->ready =
      maxd(d->ready, readyOf(d->s, d->block, mlirOperationGetOperand(user, i)));
}

static void setReady(Sim *s, MlirOperation op, double t) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirValue r = mlirOperationGetResult(op, i);
    int k = gspmdPtrMapGet(&s->ready, r.ptr);
    if (k < 0) {
      k = (int)s->ready_times.size;
      gspmdVecPush(&s->ready_times);
      gspmdPtrMapPut(&s->ready, r.ptr, k);
    }
    GSPMD_VEC_AT(&s->ready_times, double, k) = t;
  }
}

static void indent(const Sim *s) {
  printf("  ");
  for (int i = 0; i < s->depth; ++i)
    printf("  ");
}

static void printName(MlirOperation op) {
  MlirStringRef n = gspmdOpName(op);
  printf("%.*s", (int)n.length, n.data);
}

/* FLOPs of one run of a gspmd.pipeline op's body in its sequential
 * meaning: micro-batches x repeats x stages (for gspmd-model-flops). */
static double pipelineRuns(MlirOperation op) {
  MlirType in = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirAttribute rep = mlirOperationGetAttributeByName(op, gspmdStr("repeats"));
  int64_t repeats =
      mlirAttributeIsNull(rep) ? 1 : mlirIntegerAttrGetValueInt(rep);
  double runs = (double)mlirShapedTypeGetDimSize(in, 0) * (double)repeats;
  if (mlirOperationGetNumOperands(op) > 1) {
    MlirType param = mlirValueGetType(mlirOperationGetOperand(op, 1));
    int dim = repeats > 1 ? 1 : 0;
    if (mlirTypeIsARankedTensor(param) && mlirShapedTypeGetRank(param) > dim)
      runs *= (double)mlirShapedTypeGetDimSize(param, dim);
  }
  return runs;
}

/* The bubble iterations of a pipeline loop: gspmd-pipeline marks the loop
 * it emits with gspmd.pipeline_loop = {bubble_iterations = B, ...}, the
 * iterations in which a device does no model work (L - 1 of M R + L - 1
 * when M >= L). Every iteration runs the same ops on the device, so the
 * bubble costs B times one iteration. -1 for any other loop. */
static int64_t pipelineBubble(MlirOperation loop) {
  MlirAttribute a = mlirOperationGetDiscardableAttributeByName(
      loop, gspmdStr("gspmd.pipeline_loop"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADictionary(a))
    return -1;
  MlirAttribute b =
      mlirDictionaryAttrGetElementByName(a, gspmdStr("bubble_iterations"));
  if (mlirAttributeIsNull(b) || !mlirAttributeIsAInteger(b))
    return -1;
  return mlirIntegerAttrGetValueInt(b);
}

/* The function `call` runs, when it has a body and is not already being
 * simulated (recursion costs nothing, with a note); null otherwise. */
static MlirOperation calleeBody(Sim *s, MlirOperation call) {
  MlirOperation callee = gspmdFuncTableCallee(&s->funcs, call);
  if (mlirOperationIsNull(callee) || !mlirOperationGetNumRegions(callee) ||
      mlirBlockIsNull(firstBlock(callee, 0)))
    return (MlirOperation){NULL};
  bool active = s->num_calls == MAX_DEPTH;
  for (int i = 0; i < s->num_calls && !active; ++i)
    active = mlirOperationEqual(s->calls[i], callee);
  if (active) {
    s->recursion = true;
    return (MlirOperation){NULL};
  }
  return callee;
}

/* Seconds of one run of an op with regions (its ops counted into acc). */
static double simRegionOp(Sim *s, MlirOperation op, double mult, Acc *acc) {
  MlirStringRef name = gspmdOpName(op);
  double t = 0;
  s->depth++;
  if (gspmdStringRefEq(name, "scf.for")) {
    int64_t trips = gspmdForTripCount(op);
    if (trips < 0) {
      s->unknown_trips = true;
      trips = 1;
    }
    double body = simBlock(s, firstBlock(op, 0), mult * trips, acc);
    t = (double)trips * body;
    int64_t bubble = pipelineBubble(op);
    if (bubble >= 0 && bubble <= trips) {
      acc->bubble += (double)bubble * body * mult;
      acc->bubble_iters += (double)bubble * mult;
      acc->pipe_iters += (double)trips * mult;
      acc->pipe_loops += mult;
    }
  } else if (gspmdStringRefEq(name, "scf.if")) {
    Acc branch[2];
    double bt[2] = {0, 0};
    memset(branch, 0, sizeof(branch));
    for (int r = 0; r < 2 && r < mlirOperationGetNumRegions(op); ++r) {
      MlirBlock b = firstBlock(op, r);
      if (!mlirBlockIsNull(b))
        bt[r] = simBlock(s, b, mult, &branch[r]);
    }
    int longer = bt[1] > bt[0];
    accAdd(acc, &branch[longer]);
    t = bt[longer];
  } else if (gspmdStringRefEq(name, "func.call")) {
    MlirOperation callee = calleeBody(s, op);
    if (!mlirOperationIsNull(callee)) {
      s->calls[s->num_calls++] = callee;
      t = simBlock(s, firstBlock(callee, 0), mult, acc);
      s->num_calls--;
    }
  } else {
    double runs = 1;
    if (gspmdStringRefEq(name, "scf.while"))
      s->unknown_trips = true;
    if (gspmdStringRefEq(name, "gspmd.pipeline"))
      runs = pipelineRuns(op);
    for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
      for (MlirBlock b = firstBlock(op, (int)r); !mlirBlockIsNull(b);
           b = mlirBlockGetNextInRegion(b))
        t += runs * simBlock(s, b, mult * runs, acc);
  }
  s->depth--;
  return t;
}

static double simCompute(Sim *s, MlirOperation op, double mult, Acc *acc) {
  SimOpCost c = simOpCost(s->machine, op);
  if (s->machine && s->machine->fuse_elementwise)
    c.bytes = fmax(0, c.bytes - simFusedBytes(op));
  if (!c.modelled)
    s->unmodelled += 1;
  double t = s->machine ? simOpTime(s->machine, &c) : 0;
  acc->compute += t * mult;
  acc->flops += c.flops * mult;
  acc->bytes += c.bytes * mult;
  if (s->detail && (c.flops > 0 || c.bytes > 0 || !c.modelled)) {
    indent(s);
    printName(op);
    if (!c.modelled)
      printf(": no cost model, 0 s\n");
    else
      printf(": %.6g FLOP, %.6g B, %.6g s (%s)\n", c.flops, c.bytes, t,
             simOpComputeBound(s->machine, &c) ? "compute" : "memory");
  }
  return t;
}

static double simCollective(Sim *s, MlirOperation op,
                            const GspmdCollectiveOp *c, double mult, Acc *acc) {
  int kind = c->halo ? KIND_HALO : (int)c->kind;
  double t = s->machine ? simCollectiveTime(s->machine, op, c) : 0;
  double sent =
      c->group > 0 && c->moved_bytes > 0
          ? (double)gspmdCollectiveBytesSent(c->kind, c->moved_bytes, c->group)
          : 0;
  acc->comm[kind] += t * mult;
  acc->calls[kind] += mult;
  acc->sent[kind] += sent * mult;
  double call = s->machine ? simCollectiveCallTime(s->machine, c) : 0;
  if (s->machine && c->group > 1 && c->moved_bytes > 0) {
    acc->call_cost += call * mult;
    acc->paid_calls += mult;
  }
  double reduce = s->machine ? simCollectiveReduceTime(s->machine, c) : 0;
  if (reduce > 0) {
    acc->reduce_cost += reduce * mult;
    acc->reducing_calls += mult;
  }
  if (s->detail) {
    indent(s);
    printf("%s group %lld: sent %.6g B, %.6g s\n", kKindNames[kind],
           (long long)c->group, sent, t);
  }
  return t;
}

/* Seconds of one run of `block`; its ops (times mult) are added to acc. */
static double simBlock(Sim *s, MlirBlock block, double mult, Acc *acc) {
  double compute_free = 0, comm_free = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    DepScan dep = {s, block, 0};
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
      dep.ready =
          maxd(dep.ready, readyOf(s, block, mlirOperationGetOperand(op, i)));
    GspmdCollectiveOp c;
    double start, t;
    if (gspmdReadCollective(s->module, op, &s->arena, &c)) {
      t = simCollective(s, op, &c, mult, acc);
      start = maxd(dep.ready,
                   s->overlap ? comm_free : maxd(comm_free, compute_free));
      comm_free = start + t;
      if (!s->overlap)
        compute_free = comm_free;
    } else if ((mlirOperationGetNumRegions(op) == 0 &&
                !gspmdStringRefEq(gspmdOpName(op), "func.call")) ||
               gspmdOpIsLinalgStructured(op)) {
      t = simCompute(s, op, mult, acc);
      start = maxd(dep.ready,
                   s->overlap ? compute_free : maxd(comm_free, compute_free));
      compute_free = start + t;
      if (!s->overlap)
        comm_free = compute_free;
    } else {
      gspmdForEachNestedOperand(op, nestedDep, &dep);
      if (s->detail) {
        indent(s);
        printName(op);
        printf(":\n");
      }
      t = simRegionOp(s, op, mult, acc);
      start = maxd(dep.ready, maxd(comm_free, compute_free));
      compute_free = comm_free = start + t;
    }
    setReady(s, op, start + t);
  }
  return maxd(compute_free, comm_free);
}

/*===-- Memory ------------------------------------------------------------===*/

static double peakBlock(Sim *s, MlirBlock block);

/* Peak bytes of the buffers nested regions (or a callee) of op allocate. */
static double nestedPeak(Sim *s, MlirOperation op) {
  if (gspmdOpIsLinalgStructured(op) || s->depth >= MAX_DEPTH)
    return 0;
  double peak = 0;
  s->depth++;
  if (gspmdStringRefEq(gspmdOpName(op), "func.call")) {
    MlirOperation callee = calleeBody(s, op);
    if (!mlirOperationIsNull(callee)) {
      s->calls[s->num_calls++] = callee;
      peak = peakBlock(s, firstBlock(callee, 0));
      s->num_calls--;
    }
  }
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock b = firstBlock(op, (int)r); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      peak = maxd(peak, peakBlock(s, b));
  s->depth--;
  return peak;
}

typedef struct Buffer {
  double bytes;
  int start, end;
} Buffer;

/* Whether op's write into `into` (a linalg init, insert_slice's
 * destination, a loop-carried value) can take its buffer: only when nothing
 * after op in `block` reads `into` (else bufferization allocates a new
 * buffer: the destination is still needed, as a tensor.empty shared by
 * several ops is). */
static bool lastReader(MlirOperation op, MlirValue into, MlirBlock block) {
  for (MlirOpOperand u = mlirValueGetFirstUse(into); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation at = gspmdAncestorIn(mlirOpOperandGetOwner(u), block);
    if (!mlirOperationIsNull(at) && !mlirOperationEqual(at, op) &&
        mlirOperationIsBeforeInBlock(op, at))
      return false;
  }
  return true;
}

static double peakBlock(Sim *s, MlirBlock block) {
  GspmdPtrMap index = {0}, buffer_of = {0}; /* op -> index, value -> buffer */
  GspmdVec buffers, ops;
  gspmdVecInit(&buffers, sizeof(Buffer));
  gspmdVecInit(&ops, sizeof(MlirOperation));
  for (MlirOperation op = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    int i = (int)ops.size;
    *(MlirOperation *)gspmdVecPush(&ops) = op;
    gspmdPtrMapPut(&index, op.ptr, i);
    bool constant = gspmdStringRefEq(gspmdOpName(op), "arith.constant");
    for (intptr_t r = 0; r < mlirOperationGetNumResults(op) && !constant; ++r) {
      MlirValue v = mlirOperationGetResult(op, r);
      bool view;
      int tied = simTiedOperand(op, (int)r, &view);
      if (tied >= 0 && tied < mlirOperationGetNumOperands(op) &&
          (view || lastReader(op, mlirOperationGetOperand(op, tied), block))) {
        MlirValue into = mlirOperationGetOperand(op, tied);
        int b = gspmdPtrMapGet(&buffer_of, into.ptr);
        if (b >= 0) {
          gspmdPtrMapPut(&buffer_of, v.ptr, b);
          continue;
        }
        if (mlirValueIsABlockArgument(into) &&
            mlirBlockEqual(mlirBlockArgumentGetOwner(into), block))
          continue; /* written in place: the argument's buffer */
      }
      int64_t bytes = gspmdTensorTypeBytes(mlirValueGetType(v));
      if (bytes <= 0)
        continue;
      gspmdPtrMapPut(&buffer_of, v.ptr, (int)buffers.size);
      Buffer *buf = gspmdVecPush(&buffers);
      *buf = (Buffer){(double)bytes, i, i};
    }
  }
  /* Each buffer lives to the last op using a value written into it. */
  for (size_t i = 0; i < ops.size; ++i) {
    MlirOperation op = GSPMD_VEC_AT(&ops, MlirOperation, i);
    for (intptr_t r = 0; r < mlirOperationGetNumResults(op); ++r) {
      MlirValue v = mlirOperationGetResult(op, r);
      int b = gspmdPtrMapGet(&buffer_of, v.ptr);
      if (b < 0)
        continue;
      Buffer *buf = &GSPMD_VEC_AT(&buffers, Buffer, b);
      for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u);
           u = mlirOpOperandGetNextUse(u)) {
        MlirOperation at = gspmdAncestorIn(mlirOpOperandGetOwner(u), block);
        int k = mlirOperationIsNull(at) ? -1 : gspmdPtrMapGet(&index, at.ptr);
        if (k > buf->end)
          buf->end = k;
      }
    }
  }
  size_t n = ops.size;
  double *delta = gspmdArenaAlloc(&s->arena, (n + 1) * sizeof(double));
  for (size_t b = 0; b < buffers.size; ++b) {
    Buffer *buf = &GSPMD_VEC_AT(&buffers, Buffer, b);
    delta[buf->start] += buf->bytes;
    delta[buf->end + 1] -= buf->bytes;
  }
  double live = 0, peak = 0;
  for (size_t i = 0; i < n; ++i) {
    live += delta[i];
    peak =
        maxd(peak, live + nestedPeak(s, GSPMD_VEC_AT(&ops, MlirOperation, i)));
  }
  gspmdPtrMapFree(&index);
  gspmdPtrMapFree(&buffer_of);
  gspmdVecFree(&buffers);
  gspmdVecFree(&ops);
  return peak;
}

static double argumentBytes(MlirOperation f) {
  MlirBlock body = firstBlock(f, 0);
  double bytes = 0;
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(body); ++i) {
    int64_t b =
        gspmdTensorTypeBytes(mlirValueGetType(mlirBlockGetArgument(body, i)));
    bytes += b > 0 ? (double)b : 0;
  }
  return bytes;
}

static MlirWalkResult addConstant(MlirOperation op, void *user) {
  if (gspmdStringRefEq(gspmdOpName(op), "arith.constant")) {
    int64_t b =
        gspmdTensorTypeBytes(mlirValueGetType(mlirOperationGetResult(op, 0)));
    *(double *)user += b > 0 ? (double)b : 0;
  }
  return MlirWalkResultAdvance;
}

/*===-- The pass ----------------------------------------------------------===*/

typedef struct SimulateOptions {
  char machine[512];
  int overlap; /* 0 none, 1 scheduled */
  char entry[256];
  bool detail;
} SimulateOptions;

static const GspmdOptionSpec kSimulateOptions[] = {
    GSPMD_OPTION(SimulateOptions, machine, "machine", GSPMD_OPTION_STRING,
                 "TPUv3|TPUv4|TPUv5e|A100|H100|host|FILE", NULL),
    GSPMD_OPTION(SimulateOptions, overlap, "overlap", GSPMD_OPTION_CHOICE,
                 "none|scheduled", NULL),
    GSPMD_OPTION(SimulateOptions, entry, "entry", GSPMD_OPTION_STRING, "NAME",
                 NULL),
    GSPMD_OPTION(SimulateOptions, detail, "detail", GSPMD_OPTION_BOOL, "<bool>",
                 NULL),
};
static const SimulateOptions kSimulateDefaults = {"", 0, "", false};
const GspmdPassOptions gspmdSimulateOptions = {
    kSimulateOptions, 4, sizeof(SimulateOptions), &kSimulateDefaults};

static void emitError(MlirOperation at, const char *what) {
  char msg[640];
  snprintf(msg, sizeof(msg), "gspmd-simulate: %s", what);
  mlirEmitError(mlirOperationGetLocation(at), msg);
}

/* An op that only an unpartitioned program holds, or null. */
static MlirWalkResult findGlobalOp(MlirOperation op, void *user) {
  MlirStringRef n = gspmdOpName(op);
  if (gspmdStringRefEq(n, "gspmd.pipeline") ||
      gspmdStringRefEq(n, "gspmd.sharding_constraint")) {
    *(MlirOperation *)user = op;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

/* False (with a diagnostic) when the program is not partitioned: it holds
 * pipelines or sharding constraints, or the entry's annotated arguments
 * have no gspmd.global_type. */
static bool checkPartitioned(MlirOperation module, MlirOperation entry) {
  MlirOperation global = {NULL};
  mlirOperationWalk(module, findGlobalOp, &global, MlirWalkPreOrder);
  if (!mlirOperationIsNull(global)) {
    emitError(global, "the program is not partitioned (this op is gone "
                      "after gspmd-spmd): simulate gspmd-spmd's output");
    return false;
  }
  MlirAttribute args =
      mlirOperationGetAttributeByName(entry, gspmdStr("arg_attrs"));
  for (intptr_t i = 0;
       !mlirAttributeIsNull(args) && i < mlirArrayAttrGetNumElements(args);
       ++i) {
    MlirAttribute d = mlirArrayAttrGetElement(args, i);
    if (!mlirAttributeIsADictionary(d))
      continue;
    bool sharded = !mlirAttributeIsNull(
        mlirDictionaryAttrGetElementByName(d, gspmdStr("gspmd.sharding")));
    bool local = !mlirAttributeIsNull(
        mlirDictionaryAttrGetElementByName(d, gspmdStr("gspmd.global_type")));
    if (sharded && !local) {
      emitError(entry, "the program is not partitioned (an argument has a "
                       "sharding but no gspmd.global_type): simulate "
                       "gspmd-spmd's output");
      return false;
    }
  }
  return true;
}

static int64_t deviceCount(MlirOperation module, GspmdArena *arena) {
  GspmdVec meshes;
  gspmdVecInit(&meshes, sizeof(GspmdModuleMesh));
  gspmdCollectMeshes(module, arena, &meshes);
  int64_t devices = 1;
  for (size_t i = 0; i < meshes.size; ++i) {
    GspmdModuleMesh *m = &GSPMD_VEC_AT(&meshes, GspmdModuleMesh, i);
    int64_t n = 1;
    for (int a = 0; m->valid && a < m->mesh.num_axes; ++a)
      n *= m->mesh.axis_sizes[a];
    if (n > devices)
      devices = n;
  }
  gspmdVecFree(&meshes);
  return devices;
}

static bool findEntryOrFail(MlirOperation module, const char *name,
                            MlirOperation *entry) {
  char names[256];
  GspmdEntryStatus st =
      gspmdFindEntry(module, name, entry, names, sizeof(names));
  if (st == GSPMD_ENTRY_FOUND)
    return true;
  char msg[512];
  snprintf(msg, sizeof(msg), "%s (functions: %s)",
           st == GSPMD_ENTRY_NOT_FOUND
               ? "no function of that name with a body (entry=NAME)"
           : st == GSPMD_ENTRY_AMBIGUOUS
               ? "several public functions: choose one with entry=NAME"
               : "no public function with a body",
           names);
  emitError(module, msg);
  return false;
}

static void simInit(Sim *s, MlirOperation module) {
  memset(s, 0, sizeof(*s));
  s->module = module;
  gspmdFuncTableInit(&s->funcs, module);
  gspmdVecInit(&s->ready_times, sizeof(double));
}

static void simFree(Sim *s) {
  gspmdFuncTableFree(&s->funcs);
  gspmdPtrMapFree(&s->ready);
  gspmdVecFree(&s->ready_times);
  gspmdArenaFree(&s->arena);
}

static double modelFlops(MlirOperation module) {
  MlirAttribute a = mlirOperationGetDiscardableAttributeByName(
      module, gspmdStr("gspmd.model_flops"));
  if (mlirAttributeIsNull(a))
    return -1;
  if (mlirAttributeIsAFloat(a))
    return mlirFloatAttrGetValueDouble(a);
  if (mlirAttributeIsAInteger(a))
    return (double)mlirIntegerAttrGetValueInt(a);
  return -1;
}

static void printReport(const Sim *s, MlirOperation entry, const Acc *acc,
                        double step, int64_t devices, double model_flops,
                        double args, double constants, double temporaries) {
  const SimMachine *m = s->machine;
  MlirStringRef fname = mlirStringAttrGetValue(
      mlirOperationGetAttributeByName(entry, gspmdStr("sym_name")));
  printf("gspmd-simulate: @%.*s on %s, %lld device%s, overlap %s\n",
         (int)fname.length, fname.data, m->name, (long long)devices,
         devices == 1 ? "" : "s", s->overlap ? "scheduled" : "none");
  printf("step time: %.6g s\n", step);
  printf("  compute: %.6g s (%.6g FLOP, %.6g B per device)\n", acc->compute,
         acc->flops, acc->bytes);
  double comm = 0;
  for (int k = 0; k < NUM_KINDS; ++k) {
    comm += acc->comm[k];
    if (acc->calls[k] > 0)
      printf("  %s: %.6g s (%.6g call%s, %.6g B sent)\n", kKindNames[k],
             acc->comm[k], acc->calls[k], acc->calls[k] == 1 ? "" : "s",
             acc->sent[k]);
  }
  /* Step minus compute, clamped to [0, comm] and rounded to comm when the
   * difference is float noise (a sum of many products against one). */
  double exposed = maxd(0, step - acc->compute);
  if (exposed > comm || comm - exposed <= 1e-9 * comm)
    exposed = comm;
  printf("  communication: %.6g s, exposed %.6g s, hidden %.6g s\n", comm,
         exposed, comm - exposed);
  /* Its own line, so a program of many small collectives shows how much of
   * its communication is the calls rather than the links. */
  if (m->collective_call > 0 || m->collective_call_per_device > 0)
    printf("  collective call cost: %.6g s (%.6g exchanging collective%s; in "
           "the communication above)\n",
           acc->call_cost, acc->paid_calls, acc->paid_calls == 1 ? "" : "s");
  if (m->collective_reduce_bw > 0)
    printf("  collective reduction cost: %.6g s (%.6g reducing collective%s; "
           "in the communication above)\n",
           acc->reduce_cost, acc->reducing_calls,
           acc->reducing_calls == 1 ? "" : "s");
  if (acc->pipe_loops > 0)
    printf("  pipeline bubble: %.6g s, %.4g%% of the step (%.6g of %.6g "
           "iterations of %.6g pipeline loop%s; in the compute and "
           "communication above)\n",
           acc->bubble, step > 0 ? 100.0 * acc->bubble / step : 0,
           acc->bubble_iters, acc->pipe_iters, acc->pipe_loops,
           acc->pipe_loops == 1 ? "" : "s");
  bool recorded = model_flops >= 0;
  if (!recorded)
    model_flops = acc->flops * (double)devices;
  double peak = (double)devices * m->flops;
  printf("model FLOPs: %.6g (%s); utilisation %.4g%% of %lld x %.6g FLOP/s\n",
         model_flops,
         recorded ? "gspmd.model_flops" : "per-device FLOPs x devices",
         step > 0 ? 100.0 * model_flops / (step * peak) : 0, (long long)devices,
         m->flops);
  if (recorded && acc->flops > 0)
    printf("  device FLOPs: %.6g x %lld = %.6g, model FLOPs %.4g%% of them "
           "(the rest: work repeated on several devices, padding, pipeline "
           "bubbles)\n",
           acc->flops, (long long)devices, acc->flops * (double)devices,
           100.0 * model_flops / (acc->flops * (double)devices));
  double total = args + constants + temporaries;
  printf("memory per device: arguments %.6g B, constants %.6g B, "
         "temporaries peak %.6g B, total %.6g B",
         args, constants, temporaries, total);
  if (m->mem_capacity > 0)
    printf(" of %.6g B (%s)", m->mem_capacity,
           total <= m->mem_capacity ? "fits" : "does not fit");
  printf("\n");
  if (s->unknown_trips)
    printf("note: loops of unknown trip count are counted once\n");
  if (s->recursion)
    printf("note: recursive calls (or calls nested deeper than %d) count 0 "
           "s\n",
           MAX_DEPTH);
  if (s->unmodelled)
    printf("note: %lld op%s on tensors without a cost model count 0 s\n",
           (long long)s->unmodelled, s->unmodelled == 1 ? "" : "s");
}

void gspmdSimulatePassRun(MlirOperation module, MlirExternalPass pass,
                          void *options) {
  const SimulateOptions *o = options;
  SimMachine machine;
  SimMachineError err;
  if (!simMachineLoad(o->machine, &machine, &err)) {
    /* At the machine file's line when there is one. */
    char msg[512];
    snprintf(msg, sizeof(msg), "gspmd-simulate: %s", err.message);
    mlirEmitError(err.line > 0 ? mlirLocationFileLineColGet(
                                     mlirOperationGetContext(module),
                                     gspmdStr(err.file), (unsigned)err.line, 1)
                               : mlirOperationGetLocation(module),
                  msg);
    mlirExternalPassSignalFailure(pass);
    return;
  }
  MlirOperation entry;
  if (!findEntryOrFail(module, o->entry[0] ? o->entry : NULL, &entry) ||
      !checkPartitioned(module, entry)) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  Sim s;
  simInit(&s, module);
  s.machine = &machine;
  s.overlap = o->overlap == 1;
  s.detail = o->detail;
  if (s.detail)
    printf("gspmd-simulate: ops of one device (seconds per run)\n");
  Acc acc;
  memset(&acc, 0, sizeof(acc));
  s.calls[s.num_calls++] = entry;
  double step = simBlock(&s, firstBlock(entry, 0), 1, &acc);
  double constants = 0;
  mlirOperationWalk(module, addConstant, &constants, MlirWalkPreOrder);
  s.depth = 0;
  double temporaries = peakBlock(&s, firstBlock(entry, 0));
  printReport(&s, entry, &acc, step, deviceCount(module, &s.arena),
              modelFlops(module), argumentBytes(entry), constants, temporaries);
  fflush(stdout);
  simFree(&s);
}

/*===-- gspmd-model-flops -------------------------------------------------===*/

void gspmdModelFlopsPassRun(MlirOperation module, MlirExternalPass pass,
                            void *options) {
  (void)options;
  MlirOperation entry;
  if (!findEntryOrFail(module, NULL, &entry)) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  Sim s;
  simInit(&s, module);
  Acc acc;
  memset(&acc, 0, sizeof(acc));
  s.calls[s.num_calls++] = entry;
  simBlock(&s, firstBlock(entry, 0), 1, &acc);
  MlirContext ctx = mlirOperationGetContext(module);
  mlirOperationSetDiscardableAttributeByName(
      module, gspmdStr("gspmd.model_flops"),
      mlirFloatAttrDoubleGet(ctx, mlirF64TypeGet(ctx), acc.flops));
  simFree(&s);
}
