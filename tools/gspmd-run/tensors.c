/*
 * tensors.c - gspmd-run's host tensors: deterministic inputs, memref
 * descriptors, assembling global results from device shards (replicated
 * copies must agree within the fixed tolerances of lib/Check), conversions
 * and printing.
 *
 * Inputs: element i of argument a (global row-major index) comes from the
 * shared generator gspmdInputElement (include/gspmd-c/Check.h: floats
 * k/256, exact in every float type; small integers; random i1). A device's
 * local shard takes its valid elements
 * from the same function of the global index (offsets and valid extents
 * from the sharding algebra) and fills its padding with poison: NaN for
 * floats, 0x5A bytes for integers, true for i1 (other bytes are not valid
 * i1 values). Padding that leaks into valid results shows up as NaN or huge
 * values in the comparison.
 */
#include "run.h"

#include "gspmd-c/Check.h"

#include "gspmd_runtime.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t dtypeSize(int dtype) {
  static const size_t kSizes[] = {4, 8, 2, 2, 1, 1, 4, 8};
  return kSizes[dtype];
}

const char *dtypeName(int dtype) {
  static const char *const kNames[] = {"f32", "f64", "f16", "bf16",
                                       "i1",  "i8",  "i32", "i64"};
  return kNames[dtype];
}

bool dtypeIsFloat(int dtype) { return dtype <= GSPMD_BF16; }

static bool isFloat(int dtype) { return dtypeIsFloat(dtype); }

int64_t numElements(int rank, const int64_t *shape) {
  int64_t n = 1;
  for (int d = 0; d < rank; ++d)
    n *= shape[d];
  return n;
}

/*===-- Scalars -----------------------------------------------------------===*/

/* Float elements convert as the runtime's reductions do. */
static double loadFloat(int dtype, const char *p) {
  return gspmd_rt_load_float(dtype, p);
}

static void storeFloat(int dtype, char *p, double v) {
  gspmd_rt_store_float(dtype, p, v);
}

static int64_t loadInt(int dtype, const char *p) {
  return gspmd_rt_load_int(dtype, p);
}

static void storeInt(int dtype, char *p, int64_t v) {
  gspmd_rt_store_int(dtype, p, v);
}

static void valueText(int dtype, const char *p, char *buf, size_t size) {
  if (isFloat(dtype))
    snprintf(buf, size, "%.8g", loadFloat(dtype, p));
  else
    snprintf(buf, size, "%lld", (long long)loadInt(dtype, p));
}

/*===-- Inputs ------------------------------------------------------------===*/

/* Element `index` (global, row-major) of argument `arg`: the shared
 * generator of include/gspmd-c/Check.h (gspmd-xla-run feeds the same). */
static void storeGenerated(int dtype, char *p, uint64_t seed, int arg,
                           int64_t index) {
  gspmdInputElement(seed, arg, (GspmdElemKind)dtype, index, p);
}

static void storePoison(int dtype, char *p) {
  if (isFloat(dtype))
    storeFloat(dtype, p, NAN);
  else if (dtype == GSPMD_I1)
    storeInt(dtype, p, 1);
  else
    memset(p, 0x5A, dtypeSize(dtype));
}

int descriptorWords(int rank) { return 3 + 2 * rank; }

/* A dense tensor of `shape` and its identity-layout descriptor. */
static HostTensor hostTensorAlloc(int dtype, int rank, const int64_t *shape) {
  HostTensor h = {.dtype = dtype, .rank = rank};
  memcpy(h.shape, shape, sizeof(int64_t) * (size_t)rank);
  size_t bytes = (size_t)numElements(rank, shape) * dtypeSize(dtype);
  h.data = calloc(bytes ? bytes : 1, 1);
  h.descriptor = calloc((size_t)descriptorWords(rank), sizeof(int64_t));
  if (!h.data || !h.descriptor) {
    fprintf(stderr, "gspmd-run: out of memory\n");
    exit(1);
  }
  void *ptr = h.data;
  memcpy(&h.descriptor[0], &ptr, sizeof(ptr)); /* allocated */
  memcpy(&h.descriptor[1], &ptr, sizeof(ptr)); /* aligned */
  h.descriptor[2] = 0;                         /* offset */
  int64_t stride = 1;
  for (int d = rank - 1; d >= 0; --d) {
    h.descriptor[3 + d] = shape[d];
    h.descriptor[3 + rank + d] = stride;
    stride *= shape[d];
  }
  return h;
}

void hostTensorFree(HostTensor *h) {
  free(h->data);
  free(h->descriptor);
  h->data = NULL;
  h->descriptor = NULL;
}

HostTensor makeGlobalInput(const TensorInfo *t, uint64_t seed, int arg) {
  HostTensor h = hostTensorAlloc(t->dtype, t->rank, t->global);
  size_t es = dtypeSize(t->dtype);
  for (int64_t i = 0; i < numElements(t->rank, t->global); ++i)
    storeGenerated(t->dtype, h.data + (size_t)i * es, seed, arg, i);
  return h;
}

/* Offset and valid extent of `device`'s shard along each dim. */
static void shardBox(const TensorInfo *t, int64_t device, int64_t *offset,
                     int64_t *valid) {
  for (int d = 0; d < t->rank; ++d) {
    offset[d] = t->mesh ? gspmdShardOffset(t->mesh, &t->sharding, d,
                                           t->global[d], device)
                        : 0;
    valid[d] = t->mesh ? gspmdShardValidSize(t->mesh, &t->sharding, d,
                                             t->global[d], device)
                       : t->global[d];
  }
}

/* Advances a row-major multi-index over `shape`; false after the last. */
static bool nextIndex(int rank, const int64_t *shape, int64_t *idx) {
  for (int d = rank - 1; d >= 0; --d) {
    if (++idx[d] < shape[d])
      return true;
    idx[d] = 0;
  }
  return false;
}

static int64_t linearize(int rank, const int64_t *shape, const int64_t *idx,
                         const int64_t *offset) {
  int64_t lin = 0;
  for (int d = 0; d < rank; ++d)
    lin = lin * shape[d] + idx[d] + (offset ? offset[d] : 0);
  return lin;
}

HostTensor makeLocalInput(const TensorInfo *t, uint64_t seed, int arg,
                          int64_t device) {
  HostTensor h = hostTensorAlloc(t->dtype, t->rank, t->local);
  size_t es = dtypeSize(t->dtype);
  int64_t offset[GSPMD_MAX_RANK], valid[GSPMD_MAX_RANK],
      idx[GSPMD_MAX_RANK] = {0};
  shardBox(t, device, offset, valid);
  if (numElements(t->rank, t->local) == 0)
    return h;
  int64_t lin = 0;
  do {
    bool inside = true;
    for (int d = 0; d < t->rank; ++d)
      inside &= idx[d] < valid[d];
    char *p = h.data + (size_t)lin++ * es;
    if (inside)
      storeGenerated(t->dtype, p, seed, arg,
                     linearize(t->rank, t->global, idx, offset));
    else
      storePoison(t->dtype, p);
  } while (nextIndex(t->rank, t->local, idx));
  return h;
}

/* Whether the strides are the dense row-major ones of sizes (a dimension of
 * size 1 may have any stride). */
static bool isRowMajor(int rank, const int64_t *sizes, const int64_t *strides) {
  int64_t expected = 1;
  for (int d = rank - 1; d >= 0; --d) {
    if (sizes[d] != 1 && strides[d] != expected)
      return false;
    expected *= sizes[d];
  }
  return true;
}

void packDescriptor(const int64_t *desc, int rank, size_t es, void *dense) {
  char *aligned;
  memcpy(&aligned, &desc[1], sizeof(aligned));
  const char *base = aligned + desc[2] * (int64_t)es;
  const int64_t *sizes = desc + 3, *strides = desc + 3 + rank;
  int64_t n = numElements(rank, sizes);
  if (n == 0)
    return;
  if (isRowMajor(rank, sizes, strides)) {
    memcpy(dense, base, (size_t)n * es);
    return;
  }
  int64_t idx[GSPMD_MAX_RANK] = {0}, k = 0;
  do {
    int64_t off = 0;
    for (int d = 0; d < rank; ++d)
      off += idx[d] * strides[d];
    memcpy((char *)dense + (size_t)k++ * es, base + off * (int64_t)es, es);
  } while (nextIndex(rank, sizes, idx));
}

/*===-- Comparison --------------------------------------------------------===*/

/* |a - b| for two elements, NaN when exactly one is NaN, 0 for equal
 * infinities. */
static double elementDiff(int dtype, const char *a, const char *b,
                          double *ref) {
  if (!isFloat(dtype)) {
    int64_t x = loadInt(dtype, a), y = loadInt(dtype, b);
    *ref = (double)y;
    return x == y ? 0 : fabs((double)x - (double)y);
  }
  double x = loadFloat(dtype, a), y = loadFloat(dtype, b);
  *ref = y;
  if (isnan(x) || isnan(y))
    return isnan(x) && isnan(y) ? 0 : NAN;
  if (x == y)
    return 0;
  return fabs(x - y);
}

/* Equal values (NaN and NaN, equal infinities included) always pass; a NaN
 * or infinite difference never does. */
static bool withinTolerance(double diff, double ref, double rtol, double atol) {
  if (diff == 0)
    return true;
  if (isnan(diff) || isinf(diff))
    return false;
  return diff <= atol + rtol * fabs(ref);
}

double *tensorToDoubles(int dtype, int64_t n, const char *data) {
  double *out = malloc(sizeof(double) * (size_t)(n ? n : 1));
  size_t es = dtypeSize(dtype);
  for (int64_t i = 0; i < n; ++i)
    out[i] = loadFloat(dtype, data + (size_t)i * es);
  return out;
}

int64_t *tensorToInts(int dtype, int64_t n, const char *data) {
  int64_t *out = malloc(sizeof(int64_t) * (size_t)(n ? n : 1));
  size_t es = dtypeSize(dtype);
  for (int64_t i = 0; i < n; ++i)
    out[i] = loadInt(dtype, data + (size_t)i * es);
  return out;
}

static void indexText(int rank, const int64_t *shape, int64_t lin, char *buf,
                      size_t size) {
  int64_t idx[GSPMD_MAX_RANK];
  for (int d = rank - 1; d >= 0; --d) {
    idx[d] = shape[d] ? lin % shape[d] : 0;
    lin = shape[d] ? lin / shape[d] : 0;
  }
  size_t n = (size_t)snprintf(buf, size, "[");
  for (int d = 0; d < rank && n < size; ++d)
    n += (size_t)snprintf(buf + n, size - n, d ? ", %lld" : "%lld",
                          (long long)idx[d]);
  if (n < size)
    snprintf(buf + n, size - n, "]");
}

/* Copies device `dev`'s valid region into the global tensor, or compares it
 * with the copy already there. Returns false on the first problem. */
static bool placeShard(const TensorInfo *t, int dev, const char *local,
                       char *global, int32_t *owner, double rtol, double atol,
                       char *problem, size_t problem_size) {
  size_t es = dtypeSize(t->dtype);
  int64_t offset[GSPMD_MAX_RANK], valid[GSPMD_MAX_RANK],
      idx[GSPMD_MAX_RANK] = {0};
  shardBox(t, dev, offset, valid);
  if (numElements(t->rank, valid) == 0)
    return true;
  do {
    int64_t g = linearize(t->rank, t->global, idx, offset);
    const char *src =
        local + (size_t)linearize(t->rank, t->local, idx, NULL) * es;
    char *dst = global + (size_t)g * es;
    if (owner[g] < 0) {
      memcpy(dst, src, es);
      owner[g] = dev;
      continue;
    }
    double r;
    double diff = elementDiff(t->dtype, src, dst, &r);
    if (withinTolerance(diff, r, rtol, atol))
      continue;
    char where[128], a[64], b[64];
    indexText(t->rank, t->global, g, where, sizeof(where));
    valueText(t->dtype, dst, a, sizeof(a));
    valueText(t->dtype, src, b, sizeof(b));
    snprintf(problem, problem_size,
             "replicas disagree: element %s is %s on device %d and %s on "
             "device %d",
             where, a, owner[g], b, dev);
    return false;
  } while (nextIndex(t->rank, valid, idx));
  return true;
}

bool assembleGlobal(const TensorInfo *t, int num_devices, const char *locals,
                    double rtol, double atol, char *global, char *problem,
                    size_t problem_size) {
  int64_t gn = numElements(t->rank, t->global);
  size_t local_bytes =
      (size_t)numElements(t->rank, t->local) * dtypeSize(t->dtype);
  int32_t *owner = malloc(sizeof(int32_t) * (size_t)(gn ? gn : 1));
  for (int64_t g = 0; g < gn; ++g)
    owner[g] = -1;
  bool ok = true;
  for (int dev = 0; dev < num_devices && ok; ++dev)
    ok = placeShard(t, dev, locals + (size_t)dev * local_bytes, global, owner,
                    rtol, atol, problem, problem_size);
  for (int64_t g = 0; g < gn && ok; ++g)
    if (owner[g] < 0) {
      char where[128];
      indexText(t->rank, t->global, g, where, sizeof(where));
      snprintf(problem, problem_size, "element %s is held by no device", where);
      ok = false;
    }
  free(owner);
  return ok;
}

/*===-- Printing ----------------------------------------------------------===*/

static void printLevel(int dtype, int rank, const int64_t *shape, int d,
                       const char **data) {
  if (d == rank) {
    char buf[64];
    valueText(dtype, *data, buf, sizeof(buf));
    fputs(buf, stdout);
    *data += dtypeSize(dtype);
    return;
  }
  putchar('[');
  for (int64_t i = 0; i < shape[d]; ++i) {
    if (i)
      fputs(", ", stdout);
    printLevel(dtype, rank, shape, d + 1, data);
  }
  putchar(']');
}

void printTensor(int dtype, int rank, const int64_t *shape, const char *data) {
  printLevel(dtype, rank, shape, 0, &data);
  putchar('\n');
}
