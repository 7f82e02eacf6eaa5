/*
 * contract_test.c - the runtime's gemm contractions (runtime/contract.c)
 * against a plain loop nest, on random contractions: 0-2 batch, M and N
 * loops and 1-2 K loops of sizes 1-5 in random loop order, every operand's
 * dims in a random order with random row-major-over-a-permutation strides,
 * padded leading dims and offsets, for every entry's element types. Inputs
 * are small integers, so every element type holds every product and sum
 * exactly and results must be equal bit for bit; and random grouped 1-D
 * convolutions (strides, dilations: a windowed input; groups: a batch
 * loop). Prints one line per
 * entry:
 * "contract <in>_<out>: N checks, F failed".
 */
#include "gspmd_runtime.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXL 8

typedef void (*Entry)(GspmdUnrankedMemRef *, GspmdUnrankedMemRef *,
                      GspmdUnrankedMemRef *, GspmdUnrankedMemRef *);

static unsigned rng = 12345;
static int rnd(int n) {
  rng = rng * 1103515245u + 12345u;
  return (int)((rng >> 16) % (unsigned)n);
}

static size_t dtypeBytes(int64_t dt) {
  return dt == GSPMD_F64 ? 8 : dt == GSPMD_F32 ? 4 : 2;
}

/* One operand: its loops (dims in order), strides, buffer and descriptor. */
typedef struct Operand {
  int rank;
  int loop[MAXL];
  int64_t size[MAXL], stride[MAXL], offset;
  int64_t dtype;
  char *buf;
  int64_t desc[3 + 2 * MAXL];
  GspmdUnrankedMemRef ref;
} Operand;

static void makeOperand(Operand *o, const int *loops, int n,
                        const int64_t *sizes, int64_t dtype) {
  o->rank = n;
  o->dtype = dtype;
  for (int i = 0; i < n; ++i)
    o->loop[i] = loops[i];
  for (int i = n - 1; i > 0; --i) { /* random dim order */
    int j = rnd(i + 1), t = o->loop[i];
    o->loop[i] = o->loop[j];
    o->loop[j] = t;
  }
  int order[MAXL];
  for (int i = 0; i < n; ++i)
    order[i] = i;
  for (int i = n - 1; i > 0; --i) { /* random memory order */
    int j = rnd(i + 1), t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  int64_t span = 1 + rnd(2); /* sometimes a gap between innermost elements */
  if (rnd(3))
    span = 1;
  for (int k = n - 1; k >= 0; --k) {
    int d = order[k];
    o->size[d] = sizes[o->loop[d]];
    o->stride[d] = span;
    span *= o->size[d] + (rnd(4) == 0 ? 2 : 0); /* padded leading dims */
  }
  o->offset = rnd(3);
  size_t bytes = (size_t)(span + o->offset + 1) * dtypeBytes(dtype);
  o->buf = calloc(1, bytes);
  void *p = o->buf;
  memcpy(&o->desc[0], &p, sizeof(p));
  memcpy(&o->desc[1], &p, sizeof(p));
  o->desc[2] = o->offset;
  for (int d = 0; d < n; ++d) {
    o->desc[3 + d] = o->size[d];
    o->desc[3 + n + d] = o->stride[d];
  }
  o->ref.rank = n;
  o->ref.descriptor = o->desc;
}

/* Element address for a full loop index. */
static char *at(const Operand *o, const int64_t *idx) {
  int64_t off = o->offset;
  for (int d = 0; d < o->rank; ++d)
    off += idx[o->loop[d]] * o->stride[d];
  return o->buf + off * (int64_t)dtypeBytes(o->dtype);
}

static bool next(int64_t *idx, const int64_t *sizes, int n) {
  for (int i = n - 1; i >= 0; --i) {
    if (++idx[i] < sizes[i])
      return true;
    idx[i] = 0;
  }
  return false;
}

/* One random contraction; returns true when it matched the loop nest. */
static bool oneCase(Entry entry, int64_t in, int64_t out) {
  int kinds[MAXL], n = 0;
  int counts[4] = {rnd(3), rnd(3), rnd(3), 1 + rnd(2)};
  for (int k = 0; k < 4; ++k)
    for (int c = 0; c < counts[k]; ++c)
      kinds[n++] = k;
  for (int i = n - 1; i > 0; --i) {
    int j = rnd(i + 1), t = kinds[i];
    kinds[i] = kinds[j];
    kinds[j] = t;
  }
  int64_t sizes[MAXL];
  for (int i = 0; i < n; ++i)
    sizes[i] = 1 + rnd(5);
  int la[MAXL], lb[MAXL], lc[MAXL], na = 0, nb = 0, nc = 0;
  for (int i = 0; i < n; ++i) {
    if (kinds[i] != 2)
      la[na++] = i; /* batch, M, K */
    if (kinds[i] != 1)
      lb[nb++] = i; /* batch, N, K */
    if (kinds[i] != 3)
      lc[nc++] = i; /* batch, M, N */
  }
  Operand op[3];
  makeOperand(&op[0], la, na, sizes, in);
  makeOperand(&op[1], lb, nb, sizes, in);
  makeOperand(&op[2], lc, nc, sizes, out);
  int64_t spec[10 * MAXL];
  for (int i = 0; i < n; ++i) {
    spec[10 * i] = kinds[i];
    for (int o = 0; o < 3; ++o) {
      int64_t *w = spec + 10 * i + 1 + 3 * o;
      w[0] = -1;
      w[1] = w[2] = 1;
      for (int d = 0; d < op[o].rank; ++d)
        if (op[o].loop[d] == i)
          w[0] = d;
    }
  }
  int64_t spec_desc[5] = {0, 0, 0, 10 * n, 1};
  void *sp = spec;
  memcpy(&spec_desc[0], &sp, sizeof(sp));
  memcpy(&spec_desc[1], &sp, sizeof(sp));
  GspmdUnrankedMemRef spec_ref = {1, spec_desc};
  /* Inputs and the initial C: small integers at every index. */
  int64_t idx[MAXL] = {0};
  do {
    for (int o = 0; o < 3; ++o)
      gspmd_rt_store_float(op[o].dtype, at(&op[o], idx), rnd(7) - 3);
  } while (next(idx, sizes, n));
  /* Expected C in double: the initial value plus the sum. */
  int64_t total = 1;
  for (int i = 0; i < n; ++i)
    total *= sizes[i];
  double *expect = calloc((size_t)total, sizeof(double));
  memset(idx, 0, sizeof(idx));
  int64_t e = 0;
  do {
    double sum = gspmd_rt_load_float(out, at(&op[2], idx));
    int64_t kidx[MAXL];
    memcpy(kidx, idx, sizeof(kidx));
    int64_t ksizes[MAXL];
    for (int i = 0; i < n; ++i) {
      ksizes[i] = kinds[i] == 3 ? sizes[i] : 1;
      if (kinds[i] == 3)
        kidx[i] = 0;
    }
    do {
      int64_t full[MAXL];
      for (int i = 0; i < n; ++i)
        full[i] = kinds[i] == 3 ? kidx[i] : idx[i];
      sum += gspmd_rt_load_float(in, at(&op[0], full)) *
             gspmd_rt_load_float(in, at(&op[1], full));
    } while (next(kidx, ksizes, n));
    expect[e++] = sum;
  } while (next(idx, sizes, n));
  entry(&op[0].ref, &op[1].ref, &op[2].ref, &spec_ref);
  bool ok = true;
  memset(idx, 0, sizeof(idx));
  e = 0;
  do {
    if (gspmd_rt_load_float(out, at(&op[2], idx)) != expect[e++])
      ok = false;
  } while (next(idx, sizes, n));
  free(expect);
  for (int o = 0; o < 3; ++o)
    free(op[o].buf);
  return ok;
}

/* A grouped 1-D convolution C[n][o][g][f] += A[n][o*s + k*d][g][c]
 * B[g][k][c][f] with random sizes (1-3 groups), stride s and dilation d,
 * dense operands at random offsets: the windowed input (dim `s*o + d*k`)
 * the runtime packs im2col-style, the group a batch loop. */
static bool convCase(Entry entry, int64_t in, int64_t out) {
  int64_t N = 1 + rnd(3), O = 1 + rnd(5), F = 1 + rnd(4), K = 1 + rnd(3),
          C = 1 + rnd(4), G = 1 + rnd(3), s = 1 + rnd(2), d = 1 + rnd(2);
  int64_t W = (O - 1) * s + (K - 1) * d + 1;
  int64_t oa = rnd(3), ob = rnd(3), oc = rnd(3);
  int64_t na = N * W * G * C, nb = G * K * C * F, nc = N * O * G * F;
  size_t ei = dtypeBytes(in), eo = dtypeBytes(out);
  char *a = calloc((size_t)(oa + na), ei);
  char *b = calloc((size_t)(ob + nb), ei);
  char *c = calloc((size_t)(oc + nc), eo);
  for (int64_t i = 0; i < na; ++i)
    gspmd_rt_store_float(in, a + (oa + i) * (int64_t)ei, rnd(7) - 3);
  for (int64_t i = 0; i < nb; ++i)
    gspmd_rt_store_float(in, b + (ob + i) * (int64_t)ei, rnd(7) - 3);
  double *expect = calloc((size_t)nc, sizeof(double));
  for (int64_t i = 0; i < nc; ++i) {
    gspmd_rt_store_float(out, c + (oc + i) * (int64_t)eo, rnd(7) - 3);
    expect[i] = gspmd_rt_load_float(out, c + (oc + i) * (int64_t)eo);
  }
  for (int64_t n = 0; n < N; ++n)
    for (int64_t o = 0; o < O; ++o)
      for (int64_t g = 0; g < G; ++g)
        for (int64_t f = 0; f < F; ++f)
          for (int64_t k = 0; k < K; ++k)
            for (int64_t ch = 0; ch < C; ++ch)
              expect[((n * O + o) * G + g) * F + f] +=
                  gspmd_rt_load_float(
                      in,
                      a + (oa + ((n * W + o * s + k * d) * G + g) * C + ch) *
                              (int64_t)ei) *
                  gspmd_rt_load_float(
                      in,
                      b + (ob + ((g * K + k) * C + ch) * F + f) * (int64_t)ei);
  int64_t da[11] = {0, 0, oa, N, W, G, C, W * G * C, G * C, C, 1};
  int64_t db[11] = {0, 0, ob, G, K, C, F, K * C * F, C * F, F, 1};
  int64_t dc[11] = {0, 0, oc, N, O, G, F, O * G * F, G * F, F, 1};
  memcpy(&da[0], &a, sizeof(a));
  memcpy(&da[1], &a, sizeof(a));
  memcpy(&db[0], &b, sizeof(b));
  memcpy(&db[1], &b, sizeof(b));
  memcpy(&dc[0], &c, sizeof(c));
  memcpy(&dc[1], &c, sizeof(c));
  /* Loops n (M), o (M), g (batch), f (N), k (K), ch (K); A's dim 1 is
   * s*o + d*k. */
  int64_t spec[60] = {
      1, 0,  1, 1, -1, 0, 0, 0,  1, 1, /* n */
      1, 1,  s, 0, -1, 0, 0, 1,  1, 1, /* o */
      0, 2,  1, 1, 0,  1, 1, 2,  1, 1, /* g */
      2, -1, 0, 0, 3,  1, 1, 3,  1, 1, /* f */
      3, 1,  d, 0, 1,  1, 1, -1, 0, 0, /* k */
      3, 3,  1, 1, 2,  1, 1, -1, 0, 0, /* ch */
  };
  int64_t sd[5] = {0, 0, 0, 60, 1};
  void *sp = spec;
  memcpy(&sd[0], &sp, sizeof(sp));
  memcpy(&sd[1], &sp, sizeof(sp));
  GspmdUnrankedMemRef ra = {4, da}, rb = {4, db}, rc = {4, dc}, rs = {1, sd};
  entry(&ra, &rb, &rc, &rs);
  bool ok = true;
  for (int64_t i = 0; i < nc; ++i)
    ok &= gspmd_rt_load_float(out, c + (oc + i) * (int64_t)eo) == expect[i];
  free(a);
  free(b);
  free(c);
  free(expect);
  return ok;
}

int main(void) {
  struct {
    const char *name;
    Entry entry;
    int64_t in, out;
  } entries[] = {
      {"f32_f32", _mlir_ciface_gspmd_mlir_contract_f32_f32, GSPMD_F32,
       GSPMD_F32},
      {"f64_f64", _mlir_ciface_gspmd_mlir_contract_f64_f64, GSPMD_F64,
       GSPMD_F64},
      {"f16_f16", _mlir_ciface_gspmd_mlir_contract_f16_f16, GSPMD_F16,
       GSPMD_F16},
      {"bf16_bf16", _mlir_ciface_gspmd_mlir_contract_bf16_bf16, GSPMD_BF16,
       GSPMD_BF16},
      {"f16_f32", _mlir_ciface_gspmd_mlir_contract_f16_f32, GSPMD_F16,
       GSPMD_F32},
      {"bf16_f32", _mlir_ciface_gspmd_mlir_contract_bf16_f32, GSPMD_BF16,
       GSPMD_F32},
  };
  int status = 0;
  for (size_t k = 0; k < sizeof(entries) / sizeof(entries[0]); ++k) {
    int checks = 0, failed = 0;
    for (int c = 0; c < 300; ++c, ++checks)
      failed += !oneCase(entries[k].entry, entries[k].in, entries[k].out);
    for (int c = 0; c < 100; ++c, ++checks)
      failed += !convCase(entries[k].entry, entries[k].in, entries[k].out);
    printf("contract %s: %d checks, %d failed\n", entries[k].name, checks,
           failed);
    status |= failed != 0;
  }
  return status;
}
