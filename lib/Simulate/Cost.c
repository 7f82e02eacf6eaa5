/*
 * Cost.c - what one op of a partitioned program costs on one device: its
 * FLOPs and the bytes it moves through memory (a roofline), what a
 * collective costs on the links its mesh axes use (alpha-beta), and which
 * results write into an operand's buffer (for the memory walk).
 *
 * FLOPs. A linalg structured op runs its body once per point of its
 * iteration space (the loop ranges read from its indexing maps and operand
 * shapes) and counts one FLOP per arith / math op of the body (casts and
 * constants free): a matmul's mul-add is 2 FLOPs per multiply-accumulate,
 * an elementwise add 1 per element. A body with reduction loops and a
 * multiply is a contraction and runs at the machine's contraction peak
 * for its inputs' element type; everything else at its vector peak.
 * Elementwise arith / math ops on tensors count 1 per element;
 * linalg.softmax 5 per element (max, sub, exp, sum, div).
 *
 * Bytes. Every tensor operand is read once and every tensor result written
 * once (perfect reuse inside the op). Views (expand / collapse shape,
 * extract_slice, casts) and tensor.empty move nothing; an insert_slice
 * copies its source; other tensor ops with a result (concat, pad, ...) read
 * and write their result's bytes. Ops on tensors with no rule here count
 * nothing and are reported as unmodelled. What the machine adds: caches (the
 * bytes at the bandwidth of the level that holds them), a cache line per
 * element of an operand a linalg op reads across its rows (and the scalar
 * rate for its FLOPs), elementwise fusion (a result passed straight to its
 * only reader is neither written nor read: simFusedBytes), and a cost per
 * element of costly ops (exp, log, division) in place of 1 FLOP for the
 * time; the FLOP count stays the count.
 *
 * Collectives. Time = steps * hops * latency + sent / bandwidth, with sent
 * from gspmdCollectiveBytesSent (ring algorithms: all_reduce 2B(n-1)/n,
 * all_gather B(n-1), reduce_scatter and all_to_all B(n-1)/n, permute B) and
 * 2(n-1) ring steps for all_reduce, n-1 for the others, 1 for a permute
 * (on a torus over several axes, rings along each axis in turn: sum (n_i - 1)
 * steps for n - 1, the all_to_all's pairwise n - 1 apart);
 * with a link's algorithm = recursive, through a switch, ceil(log2 n)
 * steps where a ring takes n-1 (all_to_all stays pairwise, n-1 steps).
 * The link is the slowest level any of the op's axes crosses: an axis runs
 * on local links when its devices (row-major device numbering) fit in one
 * node, on the network otherwise, unless the machine places it. On a ring
 * or torus with wraparound a ring collective runs both directions (twice
 * the one-way bandwidth); without, one; an all_to_all on a ring or torus
 * also pays the average distance of its messages (n / 4 hops; over several
 * axes of a torus, each axis a torus dim of its own, the sum of their
 * n_i / 4 hops, spread over the links of those dims). A permute
 * sends one way, its shift's distance in hops (the shorter way round with
 * wraparound) on a ring or torus, one hop through a switch. Every call
 * that exchanges data also pays the machine's per-call software cost,
 * collective.call + collective.call.per_device x group: on the project's
 * machine a small collective's CPU time is tens of microseconds of MPI and
 * runtime work, against the ring model's 1 to 6 us of latency. A reducing
 * collective (all_reduce, reduce_scatter) also pays for combining what it
 * receives, (n-1)/n of its operand's bytes under ring algorithms, at the
 * machine's collective.reduce_bw: on the project's machine MPICH's
 * reductions cost several times their bytes over the link bandwidth, while
 * an all_gather of the same bytes costs about that.
 */
#include "simulate.h"

#include "gspmd/passes.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Linalg.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/*===-- Sizes -------------------------------------------------------------===*/

static double tensorElements(MlirType t) {
  if (!mlirTypeIsARankedTensor(t) || !mlirShapedTypeHasStaticShape(t))
    return 0;
  double n = 1;
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(t); ++d)
    n *= (double)mlirShapedTypeGetDimSize(t, d);
  return n;
}

static double valueBytes(MlirValue v) {
  int64_t b = gspmdTensorTypeBytes(mlirValueGetType(v));
  return b > 0 ? (double)b : 0;
}

static double operandBytes(MlirOperation op) {
  double b = 0;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    b += valueBytes(mlirOperationGetOperand(op, i));
  return b;
}

static double resultBytes(MlirOperation op) {
  double b = 0;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    b += valueBytes(mlirOperationGetResult(op, i));
  return b;
}

static bool hasTensorResult(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (mlirTypeIsATensor(mlirValueGetType(mlirOperationGetResult(op, i))))
      return true;
  return false;
}

static SimDtype dtypeOf(MlirType t) {
  if (mlirTypeIsAShaped(t))
    t = mlirShapedTypeGetElementType(t);
  if (mlirTypeIsAF64(t))
    return SIM_F64;
  if (mlirTypeIsAF16(t))
    return SIM_F16;
  if (mlirTypeIsABF16(t))
    return SIM_BF16;
  if (mlirTypeIsAInteger(t) || mlirTypeIsAIndex(t))
    return SIM_INT;
  return SIM_F32;
}

/*===-- Linalg ------------------------------------------------------------===*/

/* Each loop's range of a linalg op (the size of an operand dim its maps
 * index by that loop alone) into ranges[0..31], and which of the first two
 * operands index it (bit 0, bit 1) into uses; returns the loop count, -1
 * when a range is unknown or there are more than 32 loops. */
static int loopRanges(MlirOperation op, int64_t *ranges, unsigned *uses) {
  int num_loops = gspmdLinalgLoopTrips(op, ranges, 32);
  for (int l = 0; l < num_loops; ++l)
    uses[l] = 0;
  MlirAttribute maps = mlirLinalgGetIndexingMapsAttribute(op);
  intptr_t n = num_loops < 0 ? 0 : mlirArrayAttrGetNumElements(maps);
  for (intptr_t k = 0; k < n && k < 2; ++k) {
    MlirAffineMap map =
        mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, k));
    for (intptr_t r = 0; r < mlirAffineMapGetNumResults(map); ++r) {
      MlirAffineExpr e = mlirAffineMapGetResult(map, r);
      if (mlirAffineExprIsADim(e))
        uses[mlirAffineDimExprGetPosition(e)] |= 1u << k;
    }
  }
  return num_loops;
}

/* Points of a linalg op's iteration space. 0 when unknown. */
static double iterationPoints(const int64_t *ranges, int num_loops) {
  double points = 1;
  for (int l = 0; l < num_loops; ++l)
    points *= (double)ranges[l];
  return num_loops < 0 ? 0 : points;
}

/* The smallest dim of the GEMM a contraction is, batch loops (indexed by
 * both inputs and not reduced) apart: M, the loops only the first input
 * indexes; N, only the second; K, the reduction loops. 0 when one is
 * empty or unknown. */
static double gemmDim(const int64_t *ranges, const unsigned *uses,
                      const bool *reduction, int num_loops) {
  double dims[3] = {1, 1, 1};
  bool seen[3] = {false, false, false};
  for (int l = 0; l < num_loops; ++l) {
    int d = reduction[l] ? 2 : uses[l] == 1u ? 0 : uses[l] == 2u ? 1 : -1;
    if (d < 0)
      continue;
    dims[d] *= (double)ranges[l];
    seen[d] = true;
  }
  if (!seen[0] || !seen[1] || !seen[2])
    return 0;
  double m = dims[0] < dims[1] ? dims[0] : dims[1];
  return m < dims[2] ? m : dims[2];
}

/* Ops of a body that cost no FLOP. */
static bool freeInBody(MlirStringRef name) {
  static const char *const kFree[] = {
      "arith.constant", "arith.index_cast", "arith.index_castui",
      "arith.extf",     "arith.truncf",     "arith.extsi",
      "arith.extui",    "arith.trunci",     "arith.sitofp",
      "arith.uitofp",   "arith.fptosi",     "arith.fptoui",
      "arith.bitcast"};
  for (size_t i = 0; i < sizeof(kFree) / sizeof(kFree[0]); ++i)
    if (gspmdStringRefEq(name, kFree[i]))
      return true;
  return false;
}

/* The indexing map of a linalg op's operand k into *map; false if it has
 * none. */
static bool operandMap(MlirOperation op, intptr_t k, MlirAffineMap *map) {
  MlirAttribute maps = mlirLinalgGetIndexingMapsAttribute(op);
  if (mlirAttributeIsNull(maps) || !mlirAttributeIsAArray(maps) ||
      k >= mlirArrayAttrGetNumElements(maps))
    return false;
  *map = mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, k));
  return true;
}

/* Whether a linalg op walks operand k across its rows: the loop the CPU
 * backend runs innermost (gspmdInnermostLoop, after gspmd-order-loops)
 * steps it by more than one element (a transpose), so each step jumps a
 * row. An operand that loop does not move (a broadcast) stays where it
 * is. */
static bool stridedOperand(MlirOperation op, int inner, intptr_t k) {
  return inner >= 0 && gspmdLoopStride(op, k, inner) > 1;
}

/* Bytes a linalg op moves for operand v: its bytes, or, walked across its
 * rows on a machine with a cache line, a line per element. */
static double operandTraffic(const SimMachine *m, MlirValue v, bool strided) {
  double bytes = valueBytes(v);
  if (!m || m->cache_line <= 0 || !strided)
    return bytes;
  double lines = tensorElements(mlirValueGetType(v)) * m->cache_line;
  return lines > bytes ? lines : bytes;
}

/* Bytes a linalg op moves: its inputs, the inits its body reads (an
 * accumulator; not the empty tensor a fill or an elementwise op writes),
 * and its results (written through the inits' maps). *across: whether it
 * reads an input across its rows. */
static double linalgBytes(const SimMachine *m, MlirOperation op, bool *across) {
  intptr_t n = mlirOperationGetNumOperands(op);
  intptr_t inits = mlirOperationGetNumResults(op);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  int inner = gspmdInnermostLoop(op);
  double bytes = 0;
  *across = false;
  for (intptr_t i = 0; i < n; ++i) {
    bool init = i >= n - inits, strided = stridedOperand(op, inner, i);
    double traffic = operandTraffic(m, mlirOperationGetOperand(op, i), strided);
    if (init)
      bytes += traffic; /* the result written */
    else
      *across |= strided;
    if (init && !mlirBlockIsNull(body) && i < mlirBlockGetNumArguments(body) &&
        mlirValueGetFirstUse(mlirBlockGetArgument(body, i)).ptr == NULL)
      continue;
    bytes += traffic;
  }
  return bytes;
}

static SimOpCost linalgCost(const SimMachine *m, MlirOperation op) {
  SimOpCost c = {0};
  c.modelled = true;
  int64_t ranges[32];
  unsigned uses[32];
  int num_loops = loopRanges(op, ranges, uses);
  double points = iterationPoints(ranges, num_loops);
  bool reduction[32] = {false}, any_reduction = false;
  int loops = gspmdLinalgLoops(op, reduction, 32);
  for (int l = 0; l < loops && l < 32; ++l)
    any_reduction |= reduction[l];
  int per_point = 0;
  double weighed = 0;
  bool multiplies = false;
  MlirRegion body = mlirOperationGetRegion(op, 0);
  MlirBlock block = mlirRegionGetFirstBlock(body);
  for (MlirOperation b = mlirBlockIsNull(block)
                             ? (MlirOperation){NULL}
                             : mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(b); b = mlirOperationGetNextInBlock(b)) {
    MlirStringRef name = gspmdOpName(b);
    bool arith = name.length > 6 && !strncmp(name.data, "arith.", 6);
    bool math = name.length > 5 && !strncmp(name.data, "math.", 5);
    if ((!arith && !math) || freeInBody(name))
      continue;
    ++per_point;
    weighed += simOpWeight(m, name);
    multiplies |= gspmdStringRefEq(name, "arith.mulf") ||
                  gspmdStringRefEq(name, "arith.muli");
  }
  c.flops = points * per_point;
  c.cost_flops = points * weighed;
  c.matrix = any_reduction && multiplies;
  /* A contraction's operands go to a GEMM kernel, which packs them: its
   * bytes are its tensors', however its maps walk them. */
  bool across;
  c.bytes = linalgBytes(c.matrix ? NULL : m, op, &across);
  c.scalar = !c.matrix && across;
  if (c.matrix && num_loops == loops)
    c.gemm_dim = gemmDim(ranges, uses, reduction, num_loops);
  if (mlirOperationGetNumOperands(op) > 0)
    c.dtype = dtypeOf(mlirValueGetType(mlirOperationGetOperand(op, 0)));
  return c;
}

/*===-- Fusion ------------------------------------------------------------===*/

/* An op a fusing backend runs in one pass with its neighbours: an
 * elementwise arith / math op on tensors, or a linalg op of one result
 * without reduction loops. With fusedInto, gspmd-fuse-elementwise's
 * rule, which the CPU backend applies (lib/Cpu/FuseElementwise.c and its
 * control in lib/CAPI/CpuCodegen.cpp). */
static bool fusible(MlirOperation op) {
  if (mlirOperationGetNumResults(op) != 1 || !hasTensorResult(op))
    return false;
  if (gspmdOpIsElementwise(op))
    return true;
  if (!gspmdOpIsLinalgStructured(op))
    return false;
  bool reduction[32];
  int loops = gspmdLinalgLoops(op, reduction, 32);
  if (loops < 0 || loops > 32)
    return false;
  for (int l = 0; l < loops; ++l)
    if (reduction[l])
      return false;
  return true;
}

/* Operand `index` of op is read as an input (not a linalg op's init). */
static bool readsAsInput(MlirOperation op, intptr_t index) {
  return !gspmdOpIsLinalgStructured(op) ||
         index <
             mlirOperationGetNumOperands(op) - mlirOperationGetNumResults(op);
}

/* Operand `index` of op is indexed by a permutation of its loops: each
 * element read once (an elementwise op's operands always are). A broadcast
 * is not: fusing its producer there would compute it again per element,
 * so the backend does not. */
static bool readOncePerElement(MlirOperation op, intptr_t index) {
  MlirAffineMap map;
  return !gspmdOpIsLinalgStructured(op) ||
         (operandMap(op, index, &map) && mlirAffineMapIsPermutation(map));
}

/* Whether `producer` (fusible or not) passes its result straight into
 * `reader`, a fusible op reading it as operand `index`, never to memory:
 * the reader is its only one, in the same block. */
static bool fusedInto(MlirOperation producer, MlirOperation reader,
                      intptr_t index) {
  MlirOpOperand use = mlirValueGetFirstUse(mlirOperationGetResult(producer, 0));
  return fusible(producer) &&
         mlirOpOperandIsNull(mlirOpOperandGetNextUse(use)) &&
         readsAsInput(reader, index) && readOncePerElement(reader, index) &&
         readOncePerElement(producer,
                            mlirOperationGetNumOperands(producer) - 1) &&
         mlirBlockEqual(mlirOperationGetBlock(reader),
                        mlirOperationGetBlock(producer));
}

double simFusedBytes(MlirOperation op) {
  if (!fusible(op))
    return 0;
  double saved = 0;
  MlirOpOperand use = mlirValueGetFirstUse(mlirOperationGetResult(op, 0));
  if (!mlirOpOperandIsNull(use)) {
    MlirOperation reader = mlirOpOperandGetOwner(use);
    if (fusible(reader) &&
        fusedInto(op, reader, mlirOpOperandGetOperandNumber(use)))
      saved += resultBytes(op);
  }
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (mlirValueIsAOpResult(v) &&
        mlirOperationGetNumResults(mlirOpResultGetOwner(v)) == 1 &&
        fusedInto(mlirOpResultGetOwner(v), op, i))
      saved += valueBytes(v);
  }
  return saved;
}

/*===-- Other ops: a table ------------------------------------------------===*/

typedef enum CostKind {
  COST_FREE,        /* no memory traffic (views, empty tensors, scalars) */
  COST_COPY_RESULT, /* reads and writes its result's bytes */
  COST_COPY_SOURCE, /* reads and writes its first operand (insert_slice) */
  COST_SOFTMAX      /* 5 FLOPs per element, reads and writes once */
} CostKind;

static const struct {
  const char *name;
  CostKind kind;
} kOpCosts[] = {
    {"tensor.empty", COST_FREE},
    {"tensor.expand_shape", COST_FREE},
    {"tensor.collapse_shape", COST_FREE},
    {"tensor.extract_slice", COST_FREE},
    {"tensor.cast", COST_FREE},
    {"tensor.bitcast", COST_FREE},
    {"tensor.reshape", COST_FREE},
    {"tensor.extract", COST_FREE},
    {"tensor.dim", COST_FREE},
    {"arith.constant", COST_FREE},
    {"gspmd.axis_index", COST_FREE},
    {"tensor.insert_slice", COST_COPY_SOURCE},
    {"tensor.insert", COST_FREE},
    {"tensor.concat", COST_COPY_RESULT},
    {"tensor.pad", COST_COPY_RESULT},
    {"tensor.generate", COST_COPY_RESULT},
    {"tensor.from_elements", COST_COPY_RESULT},
    {"tensor.splat", COST_COPY_RESULT},
    {"linalg.softmax", COST_SOFTMAX},
};

SimOpCost simOpCost(const SimMachine *m, MlirOperation op) {
  SimOpCost c = {0};
  if (gspmdOpIsLinalgStructured(op))
    return linalgCost(m, op);
  MlirStringRef name = gspmdOpName(op);
  for (size_t i = 0; i < sizeof(kOpCosts) / sizeof(kOpCosts[0]); ++i) {
    if (!gspmdStringRefEq(name, kOpCosts[i].name))
      continue;
    c.modelled = true;
    double elements =
        mlirOperationGetNumResults(op)
            ? tensorElements(mlirValueGetType(mlirOperationGetResult(op, 0)))
            : 0;
    switch (kOpCosts[i].kind) {
    case COST_FREE:
      break;
    case COST_COPY_RESULT:
      c.bytes = 2 * resultBytes(op);
      break;
    case COST_COPY_SOURCE:
      c.bytes = 2 * valueBytes(mlirOperationGetOperand(op, 0));
      break;
    case COST_SOFTMAX:
      c.flops = 5 * elements;
      /* max, sub and sum cost an add each; the exp and the div their own. */
      c.cost_flops = elements * (3 + simOpWeight(m, gspmdStr("math.exp")) +
                                 simOpWeight(m, gspmdStr("arith.divf")));
      c.bytes = valueBytes(mlirOperationGetOperand(op, 0)) + resultBytes(op);
      break;
    }
    return c;
  }
  if (!hasTensorResult(op)) {
    c.modelled = true; /* scalar code: free */
    return c;
  }
  if (gspmdOpIsElementwise(op)) {
    c.modelled = true;
    c.flops = tensorElements(mlirValueGetType(mlirOperationGetResult(op, 0)));
    c.cost_flops = c.flops * simOpWeight(m, name);
    c.bytes = operandBytes(op) + resultBytes(op);
    c.dtype = dtypeOf(mlirValueGetType(mlirOperationGetResult(op, 0)));
  }
  return c;
}

/* The roofline's two times: FLOPs at the op's peak, bytes at the bandwidth
 * of where they fit. */
static void rooflineTimes(const SimMachine *m, const SimOpCost *c,
                          double *compute, double *memory) {
  double peak = c->matrix ? simMachineFlops(m, c->dtype)
                : c->scalar && m->scalar_flops > 0 ? m->scalar_flops
                                                   : m->vector_flops;
  if (c->matrix && m->flops_knee > 0 && c->gemm_dim > 0)
    peak *= c->gemm_dim / (c->gemm_dim + m->flops_knee);
  *compute = c->cost_flops / peak;
  *memory = c->bytes / simMemoryBandwidth(m, c->bytes);
}

double simOpTime(const SimMachine *m, const SimOpCost *c) {
  double compute, memory;
  rooflineTimes(m, c, &compute, &memory);
  return compute > memory ? compute : memory;
}

bool simOpComputeBound(const SimMachine *m, const SimOpCost *c) {
  double compute, memory;
  rooflineTimes(m, c, &compute, &memory);
  return compute >= memory;
}

/*===-- Buffers -----------------------------------------------------------===*/

int simTiedOperand(MlirOperation op, int result, bool *view) {
  MlirStringRef name = gspmdOpName(op);
  intptr_t n = mlirOperationGetNumOperands(op);
  *view = false;
  if (gspmdOpIsLinalgStructured(op)) {
    intptr_t inits = mlirOperationGetNumResults(op);
    return n >= inits ? (int)(n - inits + result) : -1;
  }
  if (gspmdStringRefEq(name, "tensor.insert_slice") ||
      gspmdStringRefEq(name, "tensor.insert"))
    return 1;
  if (gspmdStringRefEq(name, "scf.for"))
    return 3 + result;
  if (gspmdStringRefEq(name, "tensor.expand_shape") ||
      gspmdStringRefEq(name, "tensor.collapse_shape") ||
      gspmdStringRefEq(name, "tensor.extract_slice") ||
      gspmdStringRefEq(name, "tensor.cast") ||
      gspmdStringRefEq(name, "tensor.bitcast") ||
      gspmdStringRefEq(name, "tensor.reshape")) {
    *view = true;
    return 0;
  }
  return -1;
}

/*===-- Collectives -------------------------------------------------------===*/

/* The link level an axis of the op's mesh runs on. */
static int axisLink(const SimMachine *m, const GspmdMesh *mesh, int axis) {
  for (int i = 0; i < m->num_axis_links; ++i)
    if (!strcmp(m->axis_names[i], mesh->axis_names[axis]))
      return m->axis_link[i];
  if (m->devices_per_node <= 0)
    return SIM_LINK_LOCAL;
  /* Row-major numbering: the axis's devices span stride * size ids. */
  int64_t span = 1;
  for (int a = axis; a < mesh->num_axes; ++a)
    span *= mesh->axis_sizes[a];
  return span <= m->devices_per_node ? SIM_LINK_LOCAL : SIM_LINK_NETWORK;
}

double simCollectiveCallTime(const SimMachine *m, const GspmdCollectiveOp *c) {
  /* Charged only where the link model charges anything: the runtime
   * exchanges nothing for a group of one. */
  if (c->group <= 1 || c->moved_bytes <= 0)
    return 0;
  return m->collective_call + m->collective_call_per_device * (double)c->group;
}

double simCollectiveReduceTime(const SimMachine *m,
                               const GspmdCollectiveOp *c) {
  if (m->collective_reduce_bw <= 0 || c->group <= 1 || c->moved_bytes <= 0)
    return 0;
  if (c->kind != GSPMD_COLLECTIVE_ALL_REDUCE &&
      c->kind != GSPMD_COLLECTIVE_REDUCE_SCATTER)
    return 0;
  /* Ring reduce-scatter: n - 1 steps, each combining a received 1/n of the
   * operand with the device's own; an all_reduce's all_gather half only
   * copies. */
  double n = (double)c->group;
  return (double)c->moved_bytes * (n - 1) / n / m->collective_reduce_bw;
}

double simCollectiveTime(const SimMachine *m, MlirOperation op,
                         const GspmdCollectiveOp *c) {
  int64_t n = c->group;
  if (n <= 1 || c->moved_bytes <= 0)
    return 0;
  int level = SIM_LINK_LOCAL;
  for (int i = 0; i < c->num_axes; ++i)
    if (c->mesh.axis_sizes[c->axes[i]] > 1 &&
        axisLink(m, &c->mesh, c->axes[i]) == SIM_LINK_NETWORK)
      level = SIM_LINK_NETWORK;
  const SimLink *link = &m->links[level];
  bool ring = link->topology != SIM_TOPO_SWITCH;
  /* A ring collective with wraparound runs half its data each way. */
  bool both_ways =
      ring && link->wraparound && c->kind != GSPMD_COLLECTIVE_PERMUTE;
  double bw = link->bw * (both_ways ? 2 : 1);
  double sent = (double)gspmdCollectiveBytesSent(c->kind, c->moved_bytes, n);
  double steps = 1, hops = 1;
  /* Recursive halving / doubling pairs devices 2^k apart: one hop each
   * through a switch, far apart on a ring, where the ring's steps stay. On a
   * torus a collective over several axes runs a ring along each axis in
   * turn (each axis a torus dim of its own): the same bytes as one ring of
   * the whole group, in sum (n_i - 1) steps. */
  double half =
      link->recursive && !ring ? ceil(log2((double)n)) : (double)(n - 1);
  if (link->topology == SIM_TOPO_TORUS) {
    double torus_steps = 0;
    for (int i = 0; i < c->num_axes; ++i) {
      int64_t ni = c->mesh.axis_sizes[c->axes[i]];
      if (ni > 1)
        torus_steps += (double)(ni - 1);
    }
    if (torus_steps > 0)
      half = torus_steps;
  }
  switch (c->kind) {
  case GSPMD_COLLECTIVE_ALL_REDUCE:
    steps = 2.0 * half;
    break;
  case GSPMD_COLLECTIVE_ALL_GATHER:
  case GSPMD_COLLECTIVE_REDUCE_SCATTER:
    steps = half;
    break;
  case GSPMD_COLLECTIVE_ALL_TO_ALL: {
    steps = (double)(n - 1);
    if (!ring)
      break;
    /* On a torus each of the op's axes lies along a torus dim of its own:
     * a message travels n_i / 4 hops on average along each (with
     * wraparound), and the traffic spreads over the links of every dim. On
     * a ring, or over one axis, the axes are one ring of n devices. */
    double hop_sum = 0;
    int dims = 0;
    for (int i = 0; i < c->num_axes; ++i) {
      int64_t ni = c->mesh.axis_sizes[c->axes[i]];
      if (ni > 1) {
        ++dims;
        hop_sum += ni > 4 ? (double)ni / 4.0 : 1.0;
      }
    }
    if (link->topology == SIM_TOPO_TORUS && dims > 1)
      sent *= hop_sum / dims;
    else if (n > 4)
      sent *= (double)n / 4.0;
    break;
  }
  case GSPMD_COLLECTIVE_PERMUTE: {
    MlirAttribute shift =
        mlirOperationGetAttributeByName(op, gspmdStr("shift"));
    if (ring && !mlirAttributeIsNull(shift) && mlirAttributeIsAInteger(shift)) {
      int64_t s = llabs(mlirIntegerAttrGetValueInt(shift)) % n;
      hops = (double)(link->wraparound && n - s < s ? n - s : s);
      if (hops < 1)
        hops = 1;
    }
    break;
  }
  }
  return steps * hops * link->latency + sent / bw +
         simCollectiveCallTime(m, c) + simCollectiveReduceTime(m, c);
}
