/*
 * contract.c - float contractions C += A * B through BLAS gemm (OpenBLAS's
 * cblas), for the calls gspmd-lower-contractions emits.
 *
 * A contraction arrives as three strided memrefs and a loop spec: per loop
 * its kind (batch, M, N, K) and, per operand, its dim (-1 when absent), its
 * coefficient there and whether the dim is that loop alone. A loop's stride
 * in an operand is coefficient times the dim's stride, so a convolution's
 * input (dim `oh + kh`) is a strided view too and packing it is im2col. The
 * M, N and K loops of size > 1 are collapsed into one matrix dim each when
 * their strides allow it in every operand; with f32 or f64 everywhere, each
 * operand's matrix then has unit stride in one dim, C does not overlap A or
 * B, and gemm reads and writes the memrefs in place (transposed or not,
 * leading dims from the strides; C^T = B^T A^T when C is column-major), once
 * per batch index. Otherwise (f16 / bf16 elements, broadcast or scattered
 * strides, overlap) A, B and C are packed into dense row-major [batch][rows]
 * [cols] buffers in f32 (f64 for f64), multiplied there and C is unpacked:
 * f16 and bf16 therefore accumulate in f32 and round once at the end, which
 * is at least as accurate as the loops they replace.
 *
 * OpenBLAS (GSPMD_OPENBLAS_LIBRARY, found by CMake) is dlopen'ed on the
 * first contraction. One rank is one device: unless OPENBLAS_NUM_THREADS is
 * set, it runs single-threaded (its default would put one thread per core
 * in every rank).
 */
#include "internal.h"

#include <cblas.h>
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

enum { LOOP_BATCH = 0, LOOP_M = 1, LOOP_N = 2, LOOP_K = 3 };
enum { OP_A = 0, OP_B = 1, OP_C = 2 };

typedef struct Loops {
  int n;
  int kind[GSPMD_RT_MAX_RANK * 3];
  int64_t size[GSPMD_RT_MAX_RANK * 3];
  int64_t stride[3][GSPMD_RT_MAX_RANK * 3]; /* 0 when absent */
} Loops;

/* A matrix dim: the loops of one kind (size > 1), collapsed if possible. */
typedef struct Group {
  int n;
  int loop[GSPMD_RT_MAX_RANK * 3];
  int64_t size;      /* product of the sizes */
  int64_t stride[3]; /* per operand, valid when collapsed */
  bool collapsed;
} Group;

/* OpenBLAS is loaded on the first contraction (dlopen), so programs
 * without one pay nothing for it: no library init, no thread pool. */
static __typeof__(cblas_sgemm) *sgemmFn;
static __typeof__(cblas_dgemm) *dgemmFn;

static void loadBlas(const char *op) {
  if (sgemmFn)
    return;
  /* One rank is one device: OpenBLAS reads this when it loads. */
  setenv("OPENBLAS_NUM_THREADS", "1", 0);
  void *lib = dlopen(GSPMD_OPENBLAS_LIBRARY, RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    gspmdRtFail(op, "cannot load OpenBLAS (%s): %s", GSPMD_OPENBLAS_LIBRARY,
                dlerror());
  dgemmFn = (__typeof__(cblas_dgemm) *)dlsym(lib, "cblas_dgemm");
  sgemmFn = (__typeof__(cblas_sgemm) *)dlsym(lib, "cblas_sgemm");
  if (!sgemmFn || !dgemmFn)
    gspmdRtFail(op, "%s has no cblas_sgemm / cblas_dgemm",
                GSPMD_OPENBLAS_LIBRARY);
}

/* Words per loop in the spec: kind, then (dim, coef, plain) per operand. */
#define SPEC_WORDS 10

static Loops readLoops(const char *op, GspmdUnrankedMemRef *spec,
                       const GspmdView *v[3]) {
  GspmdView s = gspmdRtView(op, "loop spec", spec, sizeof(int64_t));
  Loops l = {0};
  if (s.rank != 1 || s.sizes[0] % SPEC_WORDS ||
      s.sizes[0] / SPEC_WORDS > GSPMD_RT_MAX_RANK * 3)
    gspmdRtFail(op, "bad loop spec");
  l.n = (int)(s.sizes[0] / SPEC_WORDS);
  int64_t raw[GSPMD_RT_MAX_RANK * 3 * SPEC_WORDS];
  gspmdRtViewPack(&s, raw);
  for (int i = 0; i < l.n; ++i) {
    const int64_t *w = raw + SPEC_WORDS * i;
    l.kind[i] = (int)w[0];
    l.size[i] = -1;
    for (int o = 0; o < 3; ++o) {
      int64_t d = w[1 + 3 * o], coef = w[2 + 3 * o];
      bool plain = w[3 + 3 * o] != 0;
      l.stride[o][i] = 0;
      if (d < 0)
        continue;
      if (d >= v[o]->rank)
        gspmdRtFail(op, "loop %d names dim %lld of a rank-%d operand", i,
                    (long long)d, v[o]->rank);
      l.stride[o][i] = coef * v[o]->strides[d];
      if (!plain)
        continue;
      if (l.size[i] >= 0 && l.size[i] != v[o]->sizes[d])
        gspmdRtFail(op, "loop %d has sizes %lld and %lld", i,
                    (long long)l.size[i], (long long)v[o]->sizes[d]);
      l.size[i] = v[o]->sizes[d];
    }
    if (l.size[i] < 0)
      gspmdRtFail(op, "loop %d is the whole of no dim", i);
  }
  return l;
}

/* The loops of `kind` with size > 1; collapsed when, in loop order, each
 * loop's stride is the next one's stride times its size in every operand
 * that has them. */
static Group group(const Loops *l, int kind) {
  Group g = {.size = 1, .collapsed = true};
  for (int i = 0; i < l->n; ++i)
    if (l->kind[i] == kind) {
      g.size *= l->size[i];
      if (l->size[i] > 1)
        g.loop[g.n++] = i;
    }
  for (int o = 0; o < 3; ++o) {
    g.stride[o] = g.n ? l->stride[o][g.loop[g.n - 1]] : 0;
    for (int k = 0; k + 1 < g.n; ++k) {
      int a = g.loop[k], b = g.loop[k + 1];
      if (l->stride[o][a] != l->stride[o][b] * l->size[b])
        g.collapsed = false;
    }
  }
  return g;
}

/* A rows x cols matrix with element (i, j) at i * srow + j * scol as a
 * row-major BLAS operand: transposed or not, and its leading dim. */
static bool blasLayout(int64_t rows, int64_t cols, int64_t srow, int64_t scol,
                       bool *trans, int64_t *ld) {
  if (cols == 1 || scol == 1) {
    *trans = false;
    *ld = rows == 1 ? cols : srow;
    if (*ld >= cols && *ld >= 1)
      return true;
  }
  if (rows == 1 || srow == 1) {
    *trans = true;
    *ld = cols == 1 ? rows : scol;
    if (*ld >= rows && *ld >= 1)
      return true;
  }
  return false;
}

static void gemm(bool f64, bool ta, bool tb, int64_t m, int64_t n, int64_t k,
                 const void *a, int64_t lda, const void *b, int64_t ldb,
                 void *c, int64_t ldc) {
  enum CBLAS_TRANSPOSE opa = ta ? CblasTrans : CblasNoTrans;
  enum CBLAS_TRANSPOSE opb = tb ? CblasTrans : CblasNoTrans;
  if (f64)
    dgemmFn(CblasRowMajor, opa, opb, (blasint)m, (blasint)n, (blasint)k, 1.0, a,
            (blasint)lda, b, (blasint)ldb, 1.0, c, (blasint)ldc);
  else
    sgemmFn(CblasRowMajor, opa, opb, (blasint)m, (blasint)n, (blasint)k, 1.0f,
            a, (blasint)lda, b, (blasint)ldb, 1.0f, c, (blasint)ldc);
}

/* Calls `fn(offsets)` for every index of the batch loops (odometer), with
 * offsets[o] the element offset of that index in operand o. */
typedef struct Batch {
  int n;
  int loop[GSPMD_RT_MAX_RANK * 3];
  int64_t idx[GSPMD_RT_MAX_RANK * 3];
  int64_t off[3];
} Batch;

static Batch batchStart(const Loops *l) {
  Batch b = {0};
  for (int i = 0; i < l->n; ++i)
    if (l->kind[i] == LOOP_BATCH && l->size[i] > 1)
      b.loop[b.n++] = i;
  return b;
}

/* Advances to the next batch index; false after the last. */
static bool batchNext(Batch *b, const Loops *l) {
  for (int k = b->n - 1; k >= 0; --k) {
    int i = b->loop[k];
    for (int o = 0; o < 3; ++o)
      b->off[o] += l->stride[o][i];
    if (++b->idx[k] < l->size[i])
      return true;
    for (int o = 0; o < 3; ++o)
      b->off[o] -= l->stride[o][i] * l->size[i];
    b->idx[k] = 0;
  }
  return false;
}

/* In-place gemm over the memrefs; false when the layouts do not allow it. */
static bool direct(const Loops *l, const GspmdView *v[3], bool f64) {
  Group m = group(l, LOOP_M), n = group(l, LOOP_N), k = group(l, LOOP_K);
  if (!m.collapsed || !n.collapsed || !k.collapsed)
    return false;
  if (gspmdRtViewsOverlap(v[OP_C], v[OP_A]) ||
      gspmdRtViewsOverlap(v[OP_C], v[OP_B]))
    return false;
  const GspmdView *va = v[OP_A], *vb = v[OP_B];
  int64_t sam = m.stride[OP_A], sak = k.stride[OP_A];
  int64_t sbk = k.stride[OP_B], sbn = n.stride[OP_B];
  int64_t scm = m.stride[OP_C], scn = n.stride[OP_C];
  int64_t rows = m.size, cols = n.size;
  bool tc, ta, tb;
  int64_t ldc, lda, ldb;
  if (!blasLayout(rows, cols, scm, scn, &tc, &ldc))
    return false;
  if (tc) { /* C^T = B^T A^T: swap the operands and M with N */
    const GspmdView *t = va;
    va = vb;
    vb = t;
    int64_t s = sam;
    sam = sbn;
    sbn = s;
    s = sak;
    sak = sbk;
    sbk = s;
    rows = n.size;
    cols = m.size;
  }
  if (!blasLayout(rows, k.size, sam, sak, &ta, &lda) ||
      !blasLayout(k.size, cols, sbk, sbn, &tb, &ldb))
    return false;
  size_t es = f64 ? 8 : 4;
  Batch b = batchStart(l);
  int ia = tc ? OP_B : OP_A, ib = tc ? OP_A : OP_B;
  do {
    gemm(f64, ta, tb, rows, cols, k.size, va->base + es * b.off[ia], lda,
         vb->base + es * b.off[ib], ldb, v[OP_C]->base + es * b.off[OP_C], ldc);
  } while (batchNext(&b, l));
  return true;
}

/* f16 <-> f32 for `n` elements `stride` bytes apart at p (dense at f).
 * Cloned for x86-64-v3 (F16C), where each conversion is one instruction instead
 * of a call into compiler-rt (3x the whole f16 gemm otherwise). */
#if defined(__x86_64__)
#define GSPMD_RT_HALF_CLONES                                                   \
  __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define GSPMD_RT_HALF_CLONES
#endif
GSPMD_RT_HALF_CLONES static void halfRun(char *p, int64_t stride, float *f,
                                         int64_t n, bool to_memref) {
  for (int64_t e = 0; e < n; ++e, p += stride) {
    _Float16 h;
    if (to_memref) {
      h = (_Float16)f[e];
      memcpy(p, &h, 2);
    } else {
      memcpy(&h, p, 2);
      f[e] = (float)h;
    }
  }
}

/* f16 / bf16 <-> f32 for `n` elements `stride` bytes apart at p (dense at
 * f): the packing's hot loop, so inline rather than through
 * gspmd_rt_load_float; the same rounding (nearest even, NaN kept). */
static void convertRun(int64_t dtype, char *p, int64_t stride, float *f,
                       int64_t n, bool to_memref) {
  for (int64_t e = 0; e < n; ++e, p += stride) {
    if (dtype == GSPMD_BF16) {
      uint32_t bits;
      if (to_memref) {
        memcpy(&bits, &f[e], 4);
        uint16_t h =
            (bits & 0x7f800000u) == 0x7f800000u && (bits & 0x007fffffu)
                ? (uint16_t)((bits >> 16) | 0x40)
                : (uint16_t)((bits + 0x7fffu + ((bits >> 16) & 1u)) >> 16);
        memcpy(p, &h, 2);
      } else {
        uint16_t h;
        memcpy(&h, p, 2);
        bits = (uint32_t)h << 16;
        memcpy(&f[e], &bits, 4);
      }
    } else if (dtype == GSPMD_F16) {
      halfRun(p, stride, f + e, n - e, to_memref);
      return;
    } else if (to_memref) {
      gspmd_rt_store_float(dtype, p, f[e]);
    } else {
      f[e] = (float)gspmd_rt_load_float(dtype, p);
    }
  }
}

/* Operand o's loops of the three kinds in that order (each kind's loops in
 * loop order, size-1 loops dropped), with its strides: the walk of a dense
 * [batch][rows][cols] buffer. Neighbours whose strides chain (the outer
 * one's stride is the inner one's extent, as kw and c of a convolution's
 * NHWC input) are merged, so the innermost run is as long as the memref
 * allows: packing a convolution's input (im2col) copies whole rows of
 * pixels instead of one pixel's channels at a time. */
static int packWalk(const Loops *l, int o, const int kinds[3], int64_t *size,
                    int64_t *stride) {
  int n = 0;
  for (int k = 0; k < 3; ++k)
    for (int i = 0; i < l->n; ++i)
      if (l->kind[i] == kinds[k] && l->size[i] > 1) {
        if (n && stride[n - 1] == l->stride[o][i] * l->size[i]) {
          size[n - 1] *= l->size[i];
          stride[n - 1] = l->stride[o][i];
          continue;
        }
        size[n] = l->size[i];
        stride[n++] = l->stride[o][i];
      }
  return n;
}

/* Copies operand o between its memref and a dense [batch][rows][cols]
 * buffer of the compute type (packWalk's order). The innermost loop is one
 * run: a memcpy when it is contiguous and needs no conversion. */
static void packOperand(const Loops *l, const GspmdView *v, int o,
                        int64_t dtype, const int kinds[3], bool f64,
                        void *dense, bool unpack) {
  int64_t size[GSPMD_RT_MAX_RANK * 3], stride[GSPMD_RT_MAX_RANK * 3];
  int n = packWalk(l, o, kinds, size, stride);
  int64_t run = n ? size[n - 1] : 1;
  int64_t step = n ? stride[n - 1] : 0;
  int outer = n ? n - 1 : 0;
  int64_t runs = 1;
  for (int j = 0; j < outer; ++j)
    runs *= size[j];
  size_t es = v->elem_size, ds = f64 ? 8 : 4;
  bool same = dtype == (f64 ? GSPMD_F64 : GSPMD_F32);
  int64_t idx[GSPMD_RT_MAX_RANK * 3] = {0}, off = 0;
  for (int64_t r = 0; r < runs; ++r) {
    char *p = v->base + (int64_t)es * off;
    char *d = (char *)dense + (size_t)(r * run) * ds;
    if (same && (step == 1 || run == 1)) {
      if (unpack)
        memcpy(p, d, (size_t)run * es);
      else
        memcpy(d, p, (size_t)run * es);
    } else if (same) {
      for (int64_t e = 0; e < run; ++e) {
        char *q = p + (int64_t)es * e * step;
        if (unpack)
          memcpy(q, d + (size_t)e * ds, es);
        else
          memcpy(d + (size_t)e * ds, q, es);
      }
    } else if (!f64) {
      convertRun(dtype, p, step * (int64_t)es, (float *)d, run, unpack);
    } else {
      for (int64_t e = 0; e < run; ++e) {
        char *q = p + (int64_t)es * e * step;
        if (unpack)
          gspmd_rt_store_float(dtype, q,
                               f64 ? ((double *)d)[e] : ((float *)d)[e]);
        else if (f64)
          ((double *)d)[e] = gspmd_rt_load_float(dtype, q);
        else
          ((float *)d)[e] = (float)gspmd_rt_load_float(dtype, q);
      }
    }
    for (int j = outer - 1; j >= 0; --j) {
      off += stride[j];
      if (++idx[j] < size[j])
        break;
      off -= stride[j] * size[j];
      idx[j] = 0;
    }
  }
}

/* Whether group g's loops collapse to one stride in operand o. */
static bool collapsesIn(const Loops *l, const Group *g, int o) {
  for (int k = 0; k + 1 < g->n; ++k) {
    int a = g->loop[k], b = g->loop[k + 1];
    if (l->stride[o][a] != l->stride[o][b] * l->size[b])
      return false;
  }
  return true;
}

/* One gemm operand: the memref itself when it is of the compute type and
 * its two matrix dims each collapse to one stride, one of them unit (C not
 * transposed); otherwise a dense buffer it is packed into. */
typedef struct Matrix {
  char *base;
  bool in_place;
  bool trans;
  int64_t ld;
  size_t batch_bytes; /* packed: bytes per batch index */
} Matrix;

static bool placeInPlace(const Loops *l, const GspmdView *v, int o,
                         const Group *rows, const Group *cols, bool native,
                         Matrix *mx) {
  mx->in_place = native && collapsesIn(l, rows, o) && collapsesIn(l, cols, o) &&
                 blasLayout(rows->size, cols->size, rows->stride[o],
                            cols->stride[o], &mx->trans, &mx->ld) &&
                 !(o == OP_C && mx->trans);
  if (mx->in_place)
    mx->base = v->base;
  return mx->in_place;
}

static void placePacked(const char *op, int64_t nb, int64_t rows, int64_t cols,
                        size_t es, Matrix *mx) {
  mx->batch_bytes = es * (size_t)(rows * cols);
  mx->base = gspmdRtAlloc(op, mx->batch_bytes * (size_t)nb);
  mx->trans = false;
  mx->ld = cols;
}

/* The gemm per batch index over operands packed where they must be: a
 * convolution's input is packed (im2col) while its filter and output,
 * plain matrices, are read and written in place. */
static void packed(const char *op, const Loops *l, const GspmdView *v[3],
                   const int64_t dt[3], bool f64) {
  Group gm = group(l, LOOP_M), gn = group(l, LOOP_N), gk = group(l, LOOP_K);
  int64_t nb = 1;
  for (int i = 0; i < l->n; ++i)
    if (l->kind[i] == LOOP_BATCH)
      nb *= l->size[i];
  size_t es = f64 ? 8 : 4;
  int64_t compute = f64 ? GSPMD_F64 : GSPMD_F32;
  static const int kinds[3][3] = {{LOOP_BATCH, LOOP_M, LOOP_K},
                                  {LOOP_BATCH, LOOP_K, LOOP_N},
                                  {LOOP_BATCH, LOOP_M, LOOP_N}};
  const Group *rows[3] = {&gm, &gk, &gm}, *cols[3] = {&gk, &gn, &gn};
  Matrix mx[3];
  for (int o = 0; o < 3; ++o)
    placeInPlace(l, v[o], o, rows[o], cols[o], dt[o] == compute, &mx[o]);
  /* C is written while A and B are read: never in place over them. */
  for (int o = OP_A; o <= OP_B; ++o)
    if (mx[o].in_place && mx[OP_C].in_place &&
        gspmdRtViewsOverlap(v[OP_C], v[o]))
      mx[o].in_place = false;
  for (int o = 0; o < 3; ++o)
    if (!mx[o].in_place) {
      placePacked(op, nb, rows[o]->size, cols[o]->size, es, &mx[o]);
      packOperand(l, v[o], o, dt[o], kinds[o], f64, mx[o].base, false);
    }
  Batch b = batchStart(l);
  int64_t p = 0;
  do {
    char *at[3];
    for (int o = 0; o < 3; ++o)
      at[o] = mx[o].base + (mx[o].in_place ? es * (size_t)b.off[o]
                                           : mx[o].batch_bytes * (size_t)p);
    gemm(f64, mx[OP_A].trans, mx[OP_B].trans, gm.size, gn.size, gk.size,
         at[OP_A], mx[OP_A].ld, at[OP_B], mx[OP_B].ld, at[OP_C], mx[OP_C].ld);
    ++p;
  } while (batchNext(&b, l));
  if (!mx[OP_C].in_place)
    packOperand(l, v[OP_C], OP_C, dt[OP_C], kinds[OP_C], f64, mx[OP_C].base,
                true);
  for (int o = 0; o < 3; ++o)
    if (!mx[o].in_place)
      free(mx[o].base);
}

static void contract(int64_t in_dtype, int64_t out_dtype,
                     GspmdUnrankedMemRef *a, GspmdUnrankedMemRef *b,
                     GspmdUnrankedMemRef *c, GspmdUnrankedMemRef *spec) {
  const char *op = "contract";
  loadBlas(op);
  GspmdView va = gspmdRtView(op, "A", a, gspmdRtDtypeSize(op, in_dtype));
  GspmdView vb = gspmdRtView(op, "B", b, gspmdRtDtypeSize(op, in_dtype));
  GspmdView vc = gspmdRtView(op, "C", c, gspmdRtDtypeSize(op, out_dtype));
  const GspmdView *v[3] = {&va, &vb, &vc};
  Loops l = readLoops(op, spec, v);
  /* Nothing to do for an empty C or an empty sum (C += 0). */
  for (int i = 0; i < l.n; ++i)
    if (l.size[i] == 0)
      return;
  bool f64 = out_dtype == GSPMD_F64;
  bool native = in_dtype == out_dtype &&
                (out_dtype == GSPMD_F32 || out_dtype == GSPMD_F64);
  if (native && direct(&l, v, f64))
    return;
  const int64_t dt[3] = {in_dtype, in_dtype, out_dtype};
  packed(op, &l, v, dt, f64);
}

#define GSPMD_RT_CONTRACT(IN, OUT, IN_CODE, OUT_CODE)                          \
  void _mlir_ciface_gspmd_mlir_contract_##IN##_##OUT(                          \
      GspmdUnrankedMemRef *a, GspmdUnrankedMemRef *b, GspmdUnrankedMemRef *c,  \
      GspmdUnrankedMemRef *loops) {                                            \
    contract(IN_CODE, OUT_CODE, a, b, c, loops);                               \
  }

GSPMD_RT_CONTRACT(f32, f32, GSPMD_F32, GSPMD_F32)
GSPMD_RT_CONTRACT(f64, f64, GSPMD_F64, GSPMD_F64)
GSPMD_RT_CONTRACT(f16, f16, GSPMD_F16, GSPMD_F16)
GSPMD_RT_CONTRACT(bf16, bf16, GSPMD_BF16, GSPMD_BF16)
GSPMD_RT_CONTRACT(f16, f32, GSPMD_F16, GSPMD_F32)
GSPMD_RT_CONTRACT(bf16, f32, GSPMD_BF16, GSPMD_F32)
