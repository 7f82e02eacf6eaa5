/*
 * runtime_test.c - checks runtime/ (the MPI collectives) element by element.
 *
 * Run under `mpirun -n N` (N = 1, 2, 4, 8). For each mesh whose device count
 * is N (including one with a permuted device list) and each axes list
 * (single axes, pairs in both orders, all axes), it calls every collective
 * on several dims, dtypes and reduction kinds, with inputs and outputs in
 * contiguous, padded-with-offset and column-major layouts. Inputs are filled
 * from a key (call, group, group rank, element index); every output element
 * is checked against a value this file computes on its own from the mesh
 * definition (coordinates, group ranks), not from the runtime or the
 * sharding algebra. Values are small integers, exact in every dtype, so all
 * comparisons are exact.
 *
 * collective_permute by axes goes from each axes list to its rotation, and
 * the traffic counters are checked against the cost model after one call of
 * each kind, and float max/min/maxnum/minnum against their NaN and signed
 * zero rules. A few calls go through the `_mlir_ciface_gspmd_mlir_*` entry
 * points.
 * Prints one line per (mesh, op) and a final `runtime_test: N checks, M
 * failed` (summed over ranks); exits non-zero on failure.
 *   --mesh AxBx..   register that mesh only (for the size-mismatch test)
 *   --bad-shape     call all_gather with a wrong output shape
 */
#include "gspmd_runtime.h"

#include <math.h>
#include <mpi.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RANK 4
#define NUM_DTYPES 8

static const char *const kDtypeNames[NUM_DTYPES] = {"f32", "f64", "f16", "bf16",
                                                    "i1",  "i8",  "i32", "i64"};
static const size_t kDtypeSizes[NUM_DTYPES] = {4, 8, 2, 2, 1, 1, 4, 8};

static int worldRank, worldSize;
static long long numChecks, numFailed, groupChecks, groupFailed;
static int64_t callSalt;

/*===-- Mesh math (independent of the runtime) ----------------------------===*/

typedef struct TestMesh {
  const char *name;
  int num_axes;
  int64_t sizes[3];
  const int64_t *devices;
  int64_t id;
} TestMesh;

static int64_t coordOf(const TestMesh *m, int axis) {
  int64_t pos = worldRank;
  if (m->devices)
    for (int64_t p = 0; p < worldSize; ++p)
      if (m->devices[p] == worldRank)
        pos = p;
  for (int a = m->num_axes - 1; a > axis; --a)
    pos /= m->sizes[a];
  return pos % m->sizes[axis];
}

/* This rank's rank and size in the group over `axes`, and an id shared by
 * the group's members (its coordinates on the other axes). */
typedef struct Group {
  int64_t rank, size, id;
} Group;

static Group groupOf(const TestMesh *m, const int64_t *axes, int n) {
  Group g = {0, 1, 0};
  bool in[3] = {false, false, false};
  for (int i = 0; i < n; ++i) {
    g.rank = g.rank * m->sizes[axes[i]] + coordOf(m, (int)axes[i]);
    g.size *= m->sizes[axes[i]];
    in[axes[i]] = true;
  }
  for (int a = 0; a < m->num_axes; ++a)
    if (!in[a])
      g.id = g.id * 10 + coordOf(m, a) + 1;
  return g;
}

/*===-- Values ------------------------------------------------------------===*/

enum { MOVE = -1 }; /* value kind for data movement */

static uint64_t mix(uint64_t x) {
  x ^= x >> 31;
  x *= 0x9e3779b97f4a7c15ull;
  x ^= x >> 29;
  return x;
}

/* The input element `index` of group rank `src` in group `gid`, this call. */
static double genValue(int dtype, int kind, int64_t gid, int64_t src,
                       int64_t index) {
  uint64_t h = mix((uint64_t)callSalt * 1000003u + (uint64_t)gid * 7919u +
                   (uint64_t)src * 104729u + (uint64_t)index);
  if (dtype == GSPMD_I1)
    return (double)(h & 1);
  if (kind == GSPMD_REDUCE_SUM)
    return (double)(h % 16) - 5;
  if (kind == GSPMD_REDUCE_PROD)
    return (double)((int)(h % 3) == 0 ? 2 : (int)(h % 3) == 1 ? 1 : -1);
  return (double)(h % 201) - 100;
}

static double combine(int dtype, int kind, double a, double b) {
  if (dtype == GSPMD_I1)
    return kind == GSPMD_REDUCE_SUM || kind == GSPMD_REDUCE_MAX
               ? (double)(a != 0 || b != 0)
               : (double)(a != 0 && b != 0);
  switch (kind) {
  case GSPMD_REDUCE_SUM:
    return a + b;
  case GSPMD_REDUCE_MAX:
    return a > b ? a : b;
  case GSPMD_REDUCE_MIN:
    return a < b ? a : b;
  default:
    return a * b;
  }
}

/* Stores an exact small integer (i1: nonzero is true; i8 wraps like C's
 * int8 arithmetic) or a float, with the runtime's own conversions. */
static void store(int dtype, void *p, double v) {
  if (dtype <= GSPMD_BF16)
    gspmd_rt_store_float(dtype, p, v);
  else
    gspmd_rt_store_int(dtype, p, dtype == GSPMD_I1 ? v != 0 : (int64_t)v);
}

static double load(int dtype, const void *p) {
  if (dtype <= GSPMD_BF16)
    return gspmd_rt_load_float(dtype, p);
  return (double)gspmd_rt_load_int(dtype, p);
}

/* The value `v` as stored in `dtype` (applies i8 wrap-around). */
static double roundTrip(int dtype, double v) {
  char tmp[8];
  store(dtype, tmp, v);
  return load(dtype, tmp);
}

/*===-- Buffers with layouts ----------------------------------------------===*/

typedef struct Buf {
  int rank, dtype;
  int64_t sizes[MAX_RANK], strides[MAX_RANK], offset;
  char *data;
  struct {
    void *allocated, *aligned;
    int64_t offset, ss[2 * MAX_RANK];
  } desc;
  GspmdUnrankedMemRef ref;
} Buf;

/* layout 0: row-major; 1: row-major with padded rows and an offset;
 * 2: column-major with an offset. */
static void bufInit(Buf *b, int dtype, int rank, const int64_t *sizes,
                    int layout) {
  memset(b, 0, sizeof(*b));
  b->rank = rank;
  b->dtype = dtype;
  int64_t span = 1;
  for (int k = 0; k < rank; ++k) {
    int i = layout == 2 ? k : rank - 1 - k;
    b->sizes[i] = sizes[i];
    b->strides[i] = span;
    span *= sizes[i] + (layout == 1 ? 1 : 0);
  }
  b->offset = layout == 0 ? 0 : 3;
  size_t bytes = (size_t)(span + b->offset) * kDtypeSizes[dtype];
  b->data = malloc(bytes ? bytes : 1);
  memset(b->data, 0x5a, bytes); /* garbage, never all zero */
  b->desc.allocated = b->desc.aligned = b->data;
  b->desc.offset = b->offset;
  for (int i = 0; i < rank; ++i) {
    b->desc.ss[i] = b->sizes[i];
    b->desc.ss[rank + i] = b->strides[i];
  }
  b->ref.rank = rank;
  b->ref.descriptor = &b->desc;
}

static int64_t bufNumElements(const Buf *b) {
  int64_t n = 1;
  for (int i = 0; i < b->rank; ++i)
    n *= b->sizes[i];
  return n;
}

/* Row-major multi-index of linear element `lin`. */
static void unlinearize(const Buf *b, int64_t lin, int64_t *idx) {
  for (int i = b->rank - 1; i >= 0; --i) {
    idx[i] = lin % b->sizes[i];
    lin /= b->sizes[i];
  }
}

static int64_t linearize(const Buf *b, const int64_t *idx) {
  int64_t lin = 0;
  for (int i = 0; i < b->rank; ++i)
    lin = lin * b->sizes[i] + idx[i];
  return lin;
}

static void *bufAt(const Buf *b, const int64_t *idx) {
  int64_t off = b->offset;
  for (int i = 0; i < b->rank; ++i)
    off += idx[i] * b->strides[i];
  return b->data + off * (int64_t)kDtypeSizes[b->dtype];
}

static void fillInput(Buf *b, int kind, const Group *g) {
  int64_t idx[MAX_RANK];
  for (int64_t lin = 0; lin < bufNumElements(b); ++lin) {
    unlinearize(b, lin, idx);
    store(b->dtype, bufAt(b, idx),
          genValue(b->dtype, kind, g->id, g->rank, lin));
  }
}

static void checkValue(const char *what, const Buf *out, const int64_t *idx,
                       double expected) {
  double got = load(out->dtype, bufAt(out, idx));
  expected = roundTrip(out->dtype, expected);
  ++numChecks;
  ++groupChecks;
  if (got == expected)
    return;
  ++numFailed;
  ++groupFailed;
  if (numFailed <= 10)
    fprintf(stderr, "rank %d: %s %s: element %lld: got %g, expected %g\n",
            worldRank, what, kDtypeNames[out->dtype],
            (long long)linearize(out, idx), got, expected);
}

/* A rank-1 i64 memref over `data` (for the MLIR entry points). Returns one
 * of a few static slots, enough for the arguments of one call. */
static GspmdUnrankedMemRef *listRef(const int64_t *data, int64_t n) {
  static struct {
    void *allocated, *aligned;
    int64_t offset, size, stride;
  } descs[2];
  static GspmdUnrankedMemRef refs[2];
  static int next;
  int i = next++ % 2;
  descs[i].allocated = descs[i].aligned = (void *)data;
  descs[i].offset = 0;
  descs[i].size = n;
  descs[i].stride = 1;
  refs[i] = (GspmdUnrankedMemRef){1, &descs[i]};
  return &refs[i];
}

/*===-- Per-collective checks ---------------------------------------------===*/

typedef struct Case {
  const TestMesh *mesh;
  const int64_t *axes;
  int num_axes;
  Group g;
  int layout;
} Case;

static const int64_t kBase[MAX_RANK] = {3, 2, 5, 2};

static void checkAllReduce(const Case *c, int dtype, int kind, int rank) {
  ++callSalt;
  Buf in, out;
  bufInit(&in, dtype, rank, kBase, c->layout);
  bufInit(&out, dtype, rank, kBase, (c->layout + 1) % 3);
  fillInput(&in, kind, &c->g);
  gspmd_rt_all_reduce(c->mesh->id, c->axes, c->num_axes, dtype, kind, &in.ref,
                      &out.ref);
  int64_t idx[MAX_RANK];
  for (int64_t lin = 0; lin < bufNumElements(&out); ++lin) {
    unlinearize(&out, lin, idx);
    double acc = roundTrip(dtype, genValue(dtype, kind, c->g.id, 0, lin));
    for (int64_t q = 1; q < c->g.size; ++q)
      acc = combine(dtype, kind, acc,
                    roundTrip(dtype, genValue(dtype, kind, c->g.id, q, lin)));
    checkValue("all_reduce", &out, idx, acc);
  }
  free(in.data);
  free(out.data);
}

static void checkAllGather(const Case *c, int dtype, int dim) {
  ++callSalt;
  int64_t osz[3] = {kBase[0], kBase[1], kBase[2]};
  osz[dim] *= c->g.size;
  Buf in, out;
  bufInit(&in, dtype, 3, kBase, c->layout);
  bufInit(&out, dtype, 3, osz, (c->layout + 2) % 3);
  fillInput(&in, MOVE, &c->g);
  if (dtype == GSPMD_BF16) /* also through the MLIR entry point */
    _mlir_ciface_gspmd_mlir_all_gather_bf16(
        c->mesh->id, listRef(c->axes, c->num_axes), dim, &in.ref, &out.ref);
  else
    gspmd_rt_all_gather(c->mesh->id, c->axes, c->num_axes, dtype, dim, &in.ref,
                        &out.ref);
  int64_t idx[MAX_RANK], src[MAX_RANK];
  for (int64_t lin = 0; lin < bufNumElements(&out); ++lin) {
    unlinearize(&out, lin, idx);
    memcpy(src, idx, sizeof(src));
    int64_t k = idx[dim] / kBase[dim];
    src[dim] -= k * kBase[dim];
    checkValue("all_gather", &out, idx,
               genValue(dtype, MOVE, c->g.id, k, linearize(&in, src)));
  }
  free(in.data);
  free(out.data);
}

static void checkReduceScatter(const Case *c, int dtype, int kind, int dim) {
  ++callSalt;
  int64_t isz[3] = {kBase[0], kBase[1], kBase[2]};
  isz[dim] *= c->g.size;
  Buf in, out;
  bufInit(&in, dtype, 3, isz, c->layout);
  bufInit(&out, dtype, 3, kBase, (c->layout + 1) % 3);
  fillInput(&in, kind, &c->g);
  gspmd_rt_reduce_scatter(c->mesh->id, c->axes, c->num_axes, dtype, kind, dim,
                          &in.ref, &out.ref);
  int64_t idx[MAX_RANK], src[MAX_RANK];
  for (int64_t lin = 0; lin < bufNumElements(&out); ++lin) {
    unlinearize(&out, lin, idx);
    memcpy(src, idx, sizeof(src));
    src[dim] += c->g.rank * kBase[dim];
    int64_t s = linearize(&in, src);
    double acc = roundTrip(dtype, genValue(dtype, kind, c->g.id, 0, s));
    for (int64_t q = 1; q < c->g.size; ++q)
      acc = combine(dtype, kind, acc,
                    roundTrip(dtype, genValue(dtype, kind, c->g.id, q, s)));
    checkValue("reduce_scatter", &out, idx, acc);
  }
  free(in.data);
  free(out.data);
}

static void checkAllToAll(const Case *c, int dtype, int sd, int cd) {
  ++callSalt;
  int64_t n = c->g.size;
  int64_t isz[3] = {kBase[0], kBase[1], kBase[2]};
  isz[sd] *= n;
  int64_t osz[3] = {isz[0], isz[1], isz[2]};
  osz[sd] /= n;
  int64_t piece_cd = osz[cd]; /* the concat-dim size of one piece */
  osz[cd] *= n;
  Buf in, out;
  bufInit(&in, dtype, 3, isz, (c->layout + 2) % 3);
  bufInit(&out, dtype, 3, osz, c->layout);
  fillInput(&in, MOVE, &c->g);
  gspmd_rt_all_to_all(c->mesh->id, c->axes, c->num_axes, dtype, sd, cd, &in.ref,
                      &out.ref);
  int64_t idx[MAX_RANK], src[MAX_RANK];
  for (int64_t lin = 0; lin < bufNumElements(&out); ++lin) {
    unlinearize(&out, lin, idx);
    memcpy(src, idx, sizeof(src));
    int64_t k = idx[cd] / piece_cd;
    src[cd] -= k * piece_cd;
    src[sd] += c->g.rank * kBase[sd];
    checkValue("all_to_all", &out, idx,
               genValue(dtype, MOVE, c->g.id, k, linearize(&in, src)));
  }
  free(in.data);
  free(out.data);
}

static void checkPermute(const Case *c, int dtype, int64_t shift, bool wrap) {
  ++callSalt;
  Buf in, out;
  bufInit(&in, dtype, 3, kBase, c->layout);
  bufInit(&out, dtype, 3, kBase, (c->layout + 1) % 3);
  fillInput(&in, MOVE, &c->g);
  if (dtype == GSPMD_I32) /* also through the MLIR entry point */
    _mlir_ciface_gspmd_mlir_collective_permute_i32(
        c->mesh->id, listRef(c->axes, c->num_axes), shift, wrap, &in.ref,
        &out.ref);
  else
    gspmd_rt_collective_permute(c->mesh->id, c->axes, c->num_axes, dtype, shift,
                                wrap, &in.ref, &out.ref);
  int64_t n = c->g.size, src = c->g.rank - shift;
  bool has_src = wrap || (src >= 0 && src < n);
  src = ((src % n) + n) % n;
  int64_t idx[MAX_RANK];
  for (int64_t lin = 0; lin < bufNumElements(&out); ++lin) {
    unlinearize(&out, lin, idx);
    checkValue("collective_permute", &out, idx,
               has_src ? genValue(dtype, MOVE, c->g.id, src, lin) : 0);
  }
  free(in.data);
  free(out.data);
}

/* collective_permute by axes: `axes` to `target` (a permutation of axes).
 * This device receives from the device whose coordinate over axes is this
 * device's coordinate over target. */
static void checkPermuteAxes(const Case *c, int dtype, const int64_t *target) {
  ++callSalt;
  Buf in, out;
  bufInit(&in, dtype, 3, kBase, c->layout);
  bufInit(&out, dtype, 3, kBase, (c->layout + 2) % 3);
  fillInput(&in, MOVE, &c->g);
  if (dtype == GSPMD_F64) /* also through the MLIR entry point */
    _mlir_ciface_gspmd_mlir_collective_permute_axes_f64(
        c->mesh->id, listRef(c->axes, c->num_axes),
        listRef(target, c->num_axes), &in.ref, &out.ref);
  else
    gspmd_rt_collective_permute_axes(c->mesh->id, c->axes, c->num_axes, target,
                                     c->num_axes, dtype, &in.ref, &out.ref);
  int64_t src = groupOf(c->mesh, target, c->num_axes).rank;
  int64_t idx[MAX_RANK];
  for (int64_t lin = 0; lin < bufNumElements(&out); ++lin) {
    unlinearize(&out, lin, idx);
    checkValue("collective_permute_axes", &out, idx,
               genValue(dtype, MOVE, c->g.id, src, lin));
  }
  free(in.data);
  free(out.data);
}

/* Traffic counters: one call of each kind on f32 inputs of B bytes over a
 * group of n, against the model written out here (ring all_reduce
 * 2B(n-1)/n, all_gather B(n-1), reduce_scatter and all_to_all on an input
 * of nB bytes nB(n-1)/n, a wrapped shift by 1 sends B when n > 1). */
static void checkStats(const Case *c) {
  int64_t n = c->g.size, elems = kBase[0] * kBase[1] * kBase[2];
  int64_t b = elems * 4, big[3] = {kBase[0] * n, kBase[1], kBase[2]};
  Buf x, y, z;
  bufInit(&x, GSPMD_F32, 3, kBase, 0);
  bufInit(&y, GSPMD_F32, 3, big, 0);
  bufInit(&z, GSPMD_F32, 3, big, 0);
  memset(x.data, 0, (size_t)b);
  memset(y.data, 0, (size_t)(b * n));
  gspmd_rt_reset_stats();
  const int64_t *ax = c->axes;
  int na = c->num_axes;
  gspmd_rt_all_reduce(c->mesh->id, ax, na, GSPMD_F32, 0, &x.ref, &x.ref);
  gspmd_rt_all_gather(c->mesh->id, ax, na, GSPMD_F32, 0, &x.ref, &y.ref);
  gspmd_rt_reduce_scatter(c->mesh->id, ax, na, GSPMD_F32, 0, 0, &y.ref, &x.ref);
  gspmd_rt_all_to_all(c->mesh->id, ax, na, GSPMD_F32, 0, 0, &y.ref, &z.ref);
  gspmd_rt_collective_permute(c->mesh->id, ax, na, GSPMD_F32, 1, 1, &x.ref,
                              &x.ref);
  int64_t expected[GSPMD_RT_NUM_COLLECTIVES] = {
      2 * b * (n - 1) / n, b * (n - 1), n * b * (n - 1) / n,
      n * b * (n - 1) / n, n > 1 ? b : 0};
  GspmdRtStats st[GSPMD_RT_NUM_COLLECTIVES];
  gspmd_rt_get_stats(st);
  for (int k = 0; k < GSPMD_RT_NUM_COLLECTIVES; ++k) {
    ++numChecks, ++groupChecks;
    if (st[k].calls == 1 && st[k].bytes_sent == expected[k] &&
        st[k].bytes_received == expected[k])
      continue;
    ++numFailed, ++groupFailed;
    fprintf(stderr,
            "rank %d: stats %s: calls %lld sent %lld received %lld, "
            "expected 1, %lld, %lld\n",
            worldRank, gspmd_rt_collective_name(k), (long long)st[k].calls,
            (long long)st[k].bytes_sent, (long long)st[k].bytes_received,
            (long long)expected[k], (long long)expected[k]);
  }
  gspmd_rt_reset_stats();
  gspmd_rt_get_stats(st);
  ++numChecks, ++groupChecks;
  if (st[0].calls != 0 || st[GSPMD_RT_COLLECTIVE_PERMUTE].bytes_sent != 0) {
    ++numFailed, ++groupFailed;
    fprintf(stderr, "rank %d: stats not reset\n", worldRank);
  }
  free(x.data);
  free(y.data);
  free(z.data);
}

/* Float max/min NaN and signed-zero rules, which MPI's builtin ops leave to
 * the combination order: element 0 is NaN on the last group rank and q
 * elsewhere, element 1 is -0 on rank 0 and +0 elsewhere, element 2 is q.
 * max and min propagate NaN and put -0 below +0; maxnum and minnum ignore
 * NaN. Every rank must get exactly these bits. */
static bool sameBits(double got, double want) {
  if (isnan(want))
    return isnan(got);
  return got == want && signbit(got) == signbit(want);
}

static void checkFloatOrder(const Case *c, int dtype, int kind) {
  ++callSalt;
  int64_t n = c->g.size, q = c->g.rank, three[1] = {3};
  Buf in, out;
  bufInit(&in, dtype, 1, three, c->layout);
  bufInit(&out, dtype, 1, three, 0);
  int64_t i0 = 0, i1 = 1, i2 = 2;
  store(dtype, bufAt(&in, &i0), q == n - 1 ? NAN : (double)q);
  store(dtype, bufAt(&in, &i1), q == 0 ? -0.0 : 0.0);
  store(dtype, bufAt(&in, &i2), (double)q);
  gspmd_rt_all_reduce(c->mesh->id, c->axes, c->num_axes, dtype, kind, &in.ref,
                      &out.ref);
  bool is_max = kind == GSPMD_REDUCE_MAX || kind == GSPMD_REDUCE_MAXNUM;
  bool ignores_nan = kind >= GSPMD_REDUCE_MAXNUM;
  double want[3] = {
      ignores_nan && n > 1 ? (is_max ? (double)(n - 2) : 0.0) : NAN,
      is_max && n > 1 ? 0.0 : -0.0, is_max ? (double)(n - 1) : 0.0};
  for (int64_t i = 0; i < 3; ++i) {
    double got = load(dtype, bufAt(&out, &i));
    ++numChecks, ++groupChecks;
    if (sameBits(got, want[i]))
      continue;
    ++numFailed, ++groupFailed;
    fprintf(stderr,
            "rank %d: float order %s kind %d element %lld: got %g, "
            "expected %g\n",
            worldRank, kDtypeNames[dtype], kind, (long long)i, got, want[i]);
  }
  free(in.data);
  free(out.data);
}

/* In-place all_reduce (in and out the same buffer). */
static void checkInPlace(const Case *c) {
  ++callSalt;
  Buf b;
  bufInit(&b, GSPMD_F32, 3, kBase, 1);
  fillInput(&b, GSPMD_REDUCE_SUM, &c->g);
  gspmd_rt_all_reduce(c->mesh->id, c->axes, c->num_axes, GSPMD_F32,
                      GSPMD_REDUCE_SUM, &b.ref, &b.ref);
  int64_t idx[MAX_RANK];
  for (int64_t lin = 0; lin < bufNumElements(&b); ++lin) {
    unlinearize(&b, lin, idx);
    double acc = 0;
    for (int64_t q = 0; q < c->g.size; ++q)
      acc += genValue(GSPMD_F32, GSPMD_REDUCE_SUM, c->g.id, q, lin);
    checkValue("all_reduce in place", &b, idx, acc);
  }
  free(b.data);
}

/*===-- Driver ------------------------------------------------------------===*/

enum {
  OP_AXIS_INDEX,
  OP_ALL_REDUCE,
  OP_ALL_GATHER,
  OP_REDUCE_SCATTER,
  OP_ALL_TO_ALL,
  OP_PERMUTE,
  OP_PERMUTE_AXES,
  OP_STATS,
  OP_FLOAT_ORDER,
  NUM_OPS
};
static const char *const kOpNames[NUM_OPS] = {"axis_index",
                                              "all_reduce",
                                              "all_gather",
                                              "reduce_scatter",
                                              "all_to_all",
                                              "collective_permute",
                                              "collective_permute_axes",
                                              "stats",
                                              "float_order"};

static void runOp(int op, const Case *c, int serial) {
  switch (op) {
  case OP_AXIS_INDEX: {
    int64_t got = gspmd_rt_axis_index(c->mesh->id, c->axes, c->num_axes);
    int64_t got_mlir = _mlir_ciface_gspmd_mlir_axis_index(
        c->mesh->id, listRef(c->axes, c->num_axes));
    ++numChecks, ++groupChecks;
    if (got != c->g.rank || got_mlir != c->g.rank ||
        gspmd_rt_partition_id() != worldRank ||
        _mlir_ciface_gspmd_mlir_partition_id() != worldRank) {
      ++numFailed, ++groupFailed;
      fprintf(stderr, "rank %d: axis_index got %lld, expected %lld\n",
              worldRank, (long long)got, (long long)c->g.rank);
    }
    break;
  }
  case OP_ALL_REDUCE:
    /* Every (dtype, kind) on single axes; a rotation on the other lists
     * (reductions are the slow calls when ranks exceed cores). */
    for (int dt = 0; dt < NUM_DTYPES; ++dt)
      for (int kind = 0; kind < 4; ++kind)
        if (c->num_axes == 1 || kind == (dt + serial) % 4)
          checkAllReduce(c, dt, kind, (dt + kind + serial) % 4);
    checkInPlace(c);
    break;
  case OP_ALL_GATHER:
    for (int dim = 0; dim < 3; ++dim)
      for (int k = 0; k < NUM_DTYPES; k += 2)
        checkAllGather(c, (k + dim + serial) % NUM_DTYPES, dim);
    break;
  case OP_REDUCE_SCATTER:
    for (int dim = 0; dim < 3; ++dim)
      for (int dt = 0; dt < NUM_DTYPES; ++dt)
        if (c->num_axes == 1 || dt % 3 == dim)
          checkReduceScatter(c, dt, (dt + dim + serial) % 4, dim);
    break;
  case OP_ALL_TO_ALL:
    for (int sd = 0; sd < 3; ++sd)
      for (int cd = 0; cd < 3; ++cd)
        checkAllToAll(c, (sd * 3 + cd + serial) % NUM_DTYPES, sd, cd);
    break;
  case OP_PERMUTE: {
    static const int64_t kShifts[] = {1, -1, 2, 5};
    for (int s = 0; s < 4; ++s)
      for (int wrap = 0; wrap < 2; ++wrap)
        checkPermute(c, (s * 2 + wrap + serial) % NUM_DTYPES, kShifts[s], wrap);
    break;
  }
  case OP_PERMUTE_AXES: {
    /* The axes rotated by one (reversed for pairs; itself for one axis). */
    int64_t target[3];
    for (int i = 0; i < c->num_axes; ++i)
      target[i] = c->axes[(i + 1) % c->num_axes];
    for (int dt = 0; dt < NUM_DTYPES; dt += 3)
      checkPermuteAxes(c, (dt + serial) % NUM_DTYPES, target);
    checkPermuteAxes(c, GSPMD_F64, target);
    break;
  }
  case OP_STATS:
    checkStats(c);
    break;
  case OP_FLOAT_ORDER:
    for (int dt = GSPMD_F32; dt <= GSPMD_BF16; ++dt)
      for (int kind = GSPMD_REDUCE_MAX; kind <= GSPMD_REDUCE_MINNUM; ++kind)
        if (kind != GSPMD_REDUCE_PROD)
          checkFloatOrder(c, dt, kind);
    break;
  }
}

/* The axes lists of a mesh: none, each axis, each ordered pair, and for
 * three axes two orders of all of them. Returns the count. */
static int axesLists(const TestMesh *m, int64_t lists[][3], int *lens) {
  int n = 0;
  lens[n++] = 0;
  for (int a = 0; a < m->num_axes; ++a) {
    lists[n][0] = a;
    lens[n++] = 1;
  }
  for (int a = 0; a < m->num_axes; ++a)
    for (int b = 0; b < m->num_axes; ++b)
      if (a != b) {
        lists[n][0] = a;
        lists[n][1] = b;
        lens[n++] = 2;
      }
  if (m->num_axes == 3) {
    int64_t orders[2][3] = {{0, 1, 2}, {2, 0, 1}};
    for (int o = 0; o < 2; ++o) {
      memcpy(lists[n], orders[o], sizeof(orders[o]));
      lens[n++] = 3;
    }
  }
  return n;
}

static void reportGroup(const char *mesh, const char *op) {
  long long local[2] = {groupChecks, groupFailed}, total[2] = {0, 0};
  MPI_Reduce(local, total, 2, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  if (worldRank == 0)
    printf("mesh %s: %s: %lld checks, %lld failed\n", mesh, op, total[0],
           total[1]);
  groupChecks = groupFailed = 0;
}

static void testMesh(const TestMesh *m) {
  gspmd_rt_register_mesh(m->id, m->num_axes, m->sizes, m->devices);
  /* Again, through the MLIR entry point (idempotent). */
  int64_t no_devices[1];
  _mlir_ciface_gspmd_mlir_register_mesh(
      m->id, listRef(m->sizes, m->num_axes),
      m->devices ? listRef(m->devices, worldSize) : listRef(no_devices, 0));
  int64_t lists[16][3];
  int lens[16];
  int n = axesLists(m, lists, lens);
  for (int op = 0; op < NUM_OPS; ++op) {
    for (int i = 0; i < n; ++i) {
      Case c = {m, lists[i], lens[i], groupOf(m, lists[i], lens[i]), i % 3};
      runOp(op, &c, i);
    }
    reportGroup(m->name, kOpNames[op]);
  }
}

static const int64_t kDevices4[4] = {0, 2, 1, 3};
static const int64_t kDevices8[8] = {3, 0, 6, 5, 1, 7, 2, 4};

static const TestMesh kMeshes[] = {
    {"1", 1, {1}, NULL, 10},
    {"1x1", 2, {1, 1}, NULL, 11},
    {"2", 1, {2}, NULL, 20},
    {"1x2", 2, {1, 2}, NULL, 21},
    {"4", 1, {4}, NULL, 40},
    {"2x2", 2, {2, 2}, NULL, 41},
    {"2x2 devices=[0,2,1,3]", 2, {2, 2}, kDevices4, 42},
    {"2x4", 2, {2, 4}, NULL, 80},
    {"2x2x2", 3, {2, 2, 2}, NULL, 81},
    {"2x4 devices=[3,0,6,5,1,7,2,4]", 2, {2, 4}, kDevices8, 82},
};

static int64_t meshDevices(const TestMesh *m) {
  int64_t n = 1;
  for (int a = 0; a < m->num_axes; ++a)
    n *= m->sizes[a];
  return n;
}

/* --mesh AxB: registers it (the runtime must abort when N differs). */
static int registerOnly(const char *spec) {
  int64_t sizes[3];
  int n = 0;
  for (const char *p = spec; *p && n < 3; ++n) {
    sizes[n] = strtoll(p, (char **)&p, 10);
    if (*p == 'x')
      ++p;
  }
  gspmd_rt_register_mesh(1, n, sizes, NULL);
  printf("registered mesh %s\n", spec);
  return 0;
}

/* --bad-shape: all_gather into an output that is one row short. */
static int badShape(void) {
  int64_t sizes[1] = {worldSize}, axes[1] = {0}, osz[3] = {3, 2, 5};
  gspmd_rt_register_mesh(1, 1, sizes, NULL);
  osz[0] = 3 * worldSize - 1;
  Buf in, out;
  bufInit(&in, GSPMD_F32, 3, kBase, 0);
  bufInit(&out, GSPMD_F32, 3, osz, 0);
  gspmd_rt_all_gather(1, axes, 1, GSPMD_F32, 0, &in.ref, &out.ref);
  printf("bad shape was accepted\n");
  return 0;
}

int main(int argc, char **argv) {
  gspmd_rt_init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &worldRank);
  MPI_Comm_size(MPI_COMM_WORLD, &worldSize);
  int status = 0;
  if (argc == 3 && strcmp(argv[1], "--mesh") == 0)
    status = registerOnly(argv[2]);
  else if (argc == 2 && strcmp(argv[1], "--bad-shape") == 0)
    status = badShape();
  else {
    for (size_t i = 0; i < sizeof(kMeshes) / sizeof(kMeshes[0]); ++i)
      if (meshDevices(&kMeshes[i]) == worldSize)
        testMesh(&kMeshes[i]);
    long long local[2] = {numChecks, numFailed}, total[2] = {0, 0};
    MPI_Allreduce(local, total, 2, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (worldRank == 0)
      printf("runtime_test: %lld checks, %lld failed\n", total[0], total[1]);
    status = total[1] != 0 || total[0] == 0;
  }
  fflush(stdout);
  gspmd_rt_finalize();
  return status;
}
