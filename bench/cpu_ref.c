/*
 * cpu_ref.c - the machine's reference speeds for bench/cpu.sh: OpenBLAS
 * gemm (single thread: run with OPENBLAS_NUM_THREADS=1), oneDNN convolution
 * and a STREAM-style copy. Prints the median of `reps` timed runs after one
 * warm-up, in wall time and in process CPU time (steadier on a loaded
 * machine):
 *
 *   cpu_ref gemm f32|f64 M N K [batch] [reps]
 *     -> "<wall> s <GFLOP/s> GFLOP/s cpu <cpu> s <GFLOP/s> GFLOP/s"
 *   cpu_ref conv N H W C KH KW CO STRIDE DILATION GROUPS [reps]  -> the same
 *   cpu_ref conv-check [N H W C KH KW CO STRIDE DILATION GROUPS]
 *     -> oneDNN against a naive loop on every output (if no shape: plain,
 *        stride 2, dilation 2, groups 2, depthwise and all at once, small);
 *        exits 1 on disagreement
 *   cpu_ref copy BYTES [reps]  -> the same in GB/s
 *
 * GFLOP/s counts 2*M*N*K per product; GB/s counts bytes read plus written.
 *
 * conv is f32 through Debian's oneDNN 2.6 (libdnnl, C API): NHWC input
 * (N,H,W,C), GROUPS groups of C/GROUPS input and CO/GROUPS output channels
 * (depthwise: GROUPS == C == CO), no padding, NHWC output; oneDNN picks its
 * weight layout (reordered once, untimed) and the direct algorithm. GFLOP
 * counts 2*N*OH*OW*CO*KH*KW*(C/GROUPS). Debian's libdnnl is built with
 * OpenMP (libgomp): run with OMP_NUM_THREADS=1 for one thread.
 */
#define _POSIX_C_SOURCE 199309L
#include <cblas.h>
#include <oneapi/dnnl/dnnl.h>
#include <oneapi/dnnl/dnnl_debug.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double clock_s(clockid_t id) {
  struct timespec t;
  clock_gettime(id, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
static double now(void) { return clock_s(CLOCK_MONOTONIC); }
static double cpu(void) { return clock_s(CLOCK_PROCESS_CPUTIME_ID); }

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(double *t, int n) {
  qsort(t, (size_t)n, sizeof(double), cmp);
  return n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
}

/* Median wall and CPU time of runs 1..reps (run 0 is the warm-up). */
static void report_flops(double *t, double *u, int reps, double flop) {
  double s = median(t + 1, reps), sc = median(u + 1, reps);
  printf("%.6f s %.2f GFLOP/s cpu %.6f s %.2f GFLOP/s\n", s, flop / s * 1e-9,
         sc, flop / sc * 1e-9);
}

static void fill(void *p, size_t bytes) {
  unsigned char *c = p;
  for (size_t i = 0; i < bytes; ++i)
    c[i] = (unsigned char)(i * 7 % 61); /* finite small floats either way */
}

static int gemm(int f64, long m, long n, long k, long batch, int reps) {
  size_t es = f64 ? 8 : 4;
  void *a = malloc(es * (size_t)(batch * m * k));
  void *b = malloc(es * (size_t)(batch * k * n));
  void *c = calloc((size_t)(batch * m * n), es);
  if (!a || !b || !c)
    return 1;
  /* Values in [0, 1): fill floats, not bytes, to avoid NaNs. */
  for (long i = 0; i < batch * m * k; ++i)
    f64 ? (((double *)a)[i] = (double)(i % 13) / 13)
        : (((float *)a)[i] = (float)(i % 13) / 13);
  for (long i = 0; i < batch * k * n; ++i)
    f64 ? (((double *)b)[i] = (double)(i % 11) / 11)
        : (((float *)b)[i] = (float)(i % 11) / 11);
  double *t = malloc(sizeof(double) * (size_t)(reps + 1));
  double *u = malloc(sizeof(double) * (size_t)(reps + 1));
  for (int r = 0; r <= reps; ++r) {
    double t0 = now(), u0 = cpu();
    for (long p = 0; p < batch; ++p) {
      if (f64)
        cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0,
                    (double *)a + p * m * k, k, (double *)b + p * k * n, n, 0.0,
                    (double *)c + p * m * n, n);
      else
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f,
                    (float *)a + p * m * k, k, (float *)b + p * k * n, n, 0.0f,
                    (float *)c + p * m * n, n);
    }
    t[r] = now() - t0;
    u[r] = cpu() - u0;
  }
  report_flops(t, u, reps, 2.0 * batch * m * n * k);
  free(a);
  free(b);
  free(c);
  free(t);
  free(u);
  return 0;
}

static int copy(size_t bytes, int reps) {
  char *a = malloc(bytes), *b = malloc(bytes);
  if (!a || !b)
    return 1;
  fill(a, bytes);
  fill(b, bytes);
  double *t = malloc(sizeof(double) * (size_t)(reps + 1));
  double *u = malloc(sizeof(double) * (size_t)(reps + 1));
  for (int r = 0; r <= reps; ++r) {
    double t0 = now(), u0 = cpu();
    memcpy(b, a, bytes);
    t[r] = now() - t0;
    u[r] = cpu() - u0;
    a[r % bytes] ^= b[(r * 31) % bytes]; /* keep the copies live */
  }
  double s = median(t + 1, reps), sc = median(u + 1, reps);
  printf("%.6f s %.2f GB/s cpu %.6f s %.2f GB/s\n", s,
         2.0 * (double)bytes / s * 1e-9, sc, 2.0 * (double)bytes / sc * 1e-9);
  free(a);
  free(b);
  free(t);
  free(u);
  return 0;
}

/* A valid (unpadded) convolution: NHWC input, weights [G][CO/G][C/G][KH][KW]
 * as we hand them to oneDNN, NHWC output. */
struct conv {
  long n, h, w, c, kh, kw, co, s, d, g, oh, ow;
};

static int conv_parse(struct conv *v, char **a) {
  long *f[] = {&v->n,  &v->h,  &v->w, &v->c, &v->kh,
               &v->kw, &v->co, &v->s, &v->d, &v->g};
  for (int i = 0; i < 10; ++i)
    if ((*f[i] = atol(a[i])) < 1)
      return 1;
  if (v->c % v->g || v->co % v->g || v->h <= v->d * (v->kh - 1) ||
      v->w <= v->d * (v->kw - 1))
    return 1;
  v->oh = (v->h - v->d * (v->kh - 1) - 1) / v->s + 1;
  v->ow = (v->w - v->d * (v->kw - 1) - 1) / v->s + 1;
  return 0;
}

static long conv_in(const struct conv *v) { return v->n * v->h * v->w * v->c; }
static long conv_out(const struct conv *v) {
  return v->n * v->oh * v->ow * v->co;
}
static long conv_red(const struct conv *v) { /* products per output */
  return v->c / v->g * v->kh * v->kw;
}
static long conv_wts(const struct conv *v) { return v->co * conv_red(v); }

/* A oneDNN failure is fatal: name the call. */
#define DNNL(f, ...) dnnl_ok(f(__VA_ARGS__), #f)
static void dnnl_ok(dnnl_status_t st, const char *call) {
  if (st == dnnl_success)
    return;
  fprintf(stderr, "cpu_ref: %s failed: %s\n", call, dnnl_status2str(st));
  exit(1);
}

static const dnnl_memory_desc_t *query_md(const_dnnl_primitive_desc_t pd,
                                          dnnl_query_t what) {
  const dnnl_memory_desc_t *md = dnnl_primitive_desc_query_md(pd, what, 0);
  if (!md) {
    fprintf(stderr, "cpu_ref: dnnl_primitive_desc_query_md failed\n");
    exit(1);
  }
  return md;
}

struct onednn {
  dnnl_engine_t eng;
  dnnl_stream_t st;
  dnnl_primitive_desc_t pd;
  dnnl_primitive_t conv;
  dnnl_memory_t src, wei, dst;
  const char *impl; /* owned by pd */
};

/* The convolution's primitive descriptor; *user_w gets the plain weight
 * layout (goihw, or oihw without groups) of the weights we pass. */
static dnnl_primitive_desc_t conv_pd(const struct conv *v, dnnl_engine_t eng,
                                     dnnl_memory_desc_t *user_w) {
  dnnl_dims_t sd = {v->n, v->c, v->h, v->w}, dd = {v->n, v->co, v->oh, v->ow};
  dnnl_dims_t wd = {v->g, v->co / v->g, v->c / v->g, v->kh, v->kw};
  dnnl_dims_t st = {v->s, v->s}, dl = {v->d - 1, v->d - 1}, pad = {0, 0};
  int gr = v->g > 1; /* without groups the weights are wd[1..4] */
  dnnl_memory_desc_t src, dst, wei;
  DNNL(dnnl_memory_desc_init_by_tag, &src, 4, sd, dnnl_f32, dnnl_nhwc);
  DNNL(dnnl_memory_desc_init_by_tag, &dst, 4, dd, dnnl_f32, dnnl_nhwc);
  DNNL(dnnl_memory_desc_init_by_tag, &wei, 4 + gr, wd + !gr, dnnl_f32,
       dnnl_format_tag_any);
  DNNL(dnnl_memory_desc_init_by_tag, user_w, 4 + gr, wd + !gr, dnnl_f32,
       gr ? dnnl_goihw : dnnl_oihw);
  dnnl_convolution_desc_t cd;
  DNNL(dnnl_dilated_convolution_forward_desc_init, &cd, dnnl_forward_inference,
       dnnl_convolution_direct, &src, &wei, NULL, &dst, st, dl, pad, pad);
  dnnl_primitive_desc_t pd;
  DNNL(dnnl_primitive_desc_create, &pd, &cd, NULL, eng, NULL);
  return pd;
}

/* A new memory of layout `to` holding `data` (of layout `from`). */
static dnnl_memory_t reordered(struct onednn *o, const dnnl_memory_desc_t *from,
                               void *data, const dnnl_memory_desc_t *to) {
  dnnl_memory_t src, dst;
  dnnl_primitive_desc_t pd;
  dnnl_primitive_t r;
  DNNL(dnnl_memory_create, &src, from, o->eng, data);
  DNNL(dnnl_memory_create, &dst, to, o->eng, DNNL_MEMORY_ALLOCATE);
  DNNL(dnnl_reorder_primitive_desc_create, &pd, from, o->eng, to, o->eng, NULL);
  DNNL(dnnl_primitive_create, &r, pd);
  dnnl_exec_arg_t args[] = {{DNNL_ARG_FROM, src}, {DNNL_ARG_TO, dst}};
  DNNL(dnnl_primitive_execute, r, o->st, 2, args);
  DNNL(dnnl_stream_wait, o->st);
  dnnl_primitive_destroy(r);
  dnnl_primitive_desc_destroy(pd);
  dnnl_memory_destroy(src);
  return dst;
}

static void onednn_init(struct onednn *o, const struct conv *v, float *in,
                        float *w, float *out) {
  dnnl_memory_desc_t user_w;
  DNNL(dnnl_engine_create, &o->eng, dnnl_cpu, 0);
  DNNL(dnnl_stream_create, &o->st, o->eng, dnnl_stream_default_flags);
  o->pd = conv_pd(v, o->eng, &user_w);
  DNNL(dnnl_primitive_desc_query, o->pd, dnnl_query_impl_info_str, 0, &o->impl);
  o->wei = reordered(o, &user_w, w, query_md(o->pd, dnnl_query_weights_md));
  DNNL(dnnl_memory_create, &o->src, query_md(o->pd, dnnl_query_src_md), o->eng,
       in);
  DNNL(dnnl_memory_create, &o->dst, query_md(o->pd, dnnl_query_dst_md), o->eng,
       out);
  DNNL(dnnl_primitive_create, &o->conv, o->pd);
}

static void onednn_run(struct onednn *o) {
  dnnl_exec_arg_t args[] = {{DNNL_ARG_SRC, o->src},
                            {DNNL_ARG_WEIGHTS, o->wei},
                            {DNNL_ARG_DST, o->dst}};
  DNNL(dnnl_primitive_execute, o->conv, o->st, 3, args);
  DNNL(dnnl_stream_wait, o->st);
}

static void onednn_free(struct onednn *o) {
  dnnl_primitive_destroy(o->conv);
  dnnl_primitive_desc_destroy(o->pd);
  dnnl_memory_destroy(o->src);
  dnnl_memory_destroy(o->wei);
  dnnl_memory_destroy(o->dst);
  dnnl_stream_destroy(o->st);
  dnnl_engine_destroy(o->eng);
}

/* `count` floats in [-0.5, 0.5): both signs, so that sums cancel. */
static float *values(long count, int mod) {
  float *p = malloc(sizeof(float) * (size_t)count);
  for (long i = 0; p && i < count; ++i)
    p[i] = (float)(i % mod) / (float)mod - 0.5f;
  return p;
}

static int conv(const struct conv *v, int reps) {
  const char *omp = getenv("OMP_NUM_THREADS");
  if (!omp || strcmp(omp, "1"))
    fprintf(stderr, "cpu_ref: OMP_NUM_THREADS is not 1: oneDNN (OpenMP) "
                    "may use every core\n");
  float *in = values(conv_in(v), 13), *w = values(conv_wts(v), 11);
  float *out = malloc(sizeof(float) * (size_t)conv_out(v));
  double *t = malloc(sizeof(double) * (size_t)(reps + 1));
  double *u = malloc(sizeof(double) * (size_t)(reps + 1));
  if (!in || !w || !out || !t || !u)
    return 1;
  struct onednn o;
  onednn_init(&o, v, in, w, out);
  for (int r = 0; r <= reps; ++r) {
    double t0 = now(), u0 = cpu();
    onednn_run(&o);
    t[r] = now() - t0;
    u[r] = cpu() - u0;
  }
  report_flops(t, u, reps, 2.0 * (double)conv_out(v) * (double)conv_red(v));
  onednn_free(&o);
  free(in);
  free(w);
  free(out);
  free(t);
  free(u);
  return 0;
}

/* Output (n, y, x, oc) by definition, in double. */
static double naive_point(const struct conv *v, const float *in, const float *w,
                          long n, long y, long x, long oc) {
  long ci = v->c / v->g, g = oc / (v->co / v->g);
  double acc = 0;
  for (long i = 0; i < ci; ++i)
    for (long ky = 0; ky < v->kh; ++ky)
      for (long kx = 0; kx < v->kw; ++kx) {
        long iy = y * v->s + ky * v->d, ix = x * v->s + kx * v->d;
        acc += (double)in[((n * v->h + iy) * v->w + ix) * v->c + g * ci + i] *
               (double)w[((oc * ci + i) * v->kh + ky) * v->kw + kx];
      }
  return acc;
}

/* oneDNN against naive_point on every output; 0 if they agree. */
static int conv_check(const struct conv *v) {
  float *in = values(conv_in(v), 13), *w = values(conv_wts(v), 11);
  float *out = malloc(sizeof(float) * (size_t)conv_out(v));
  if (!in || !w || !out)
    return 1;
  struct onednn o;
  onednn_init(&o, v, in, w, out);
  onednn_run(&o);
  double diff = 0, big = 0;
  for (long p = 0; p < conv_out(v); ++p) {
    long oc = p % v->co, x = p / v->co % v->ow, y = p / v->co / v->ow % v->oh;
    double ref = naive_point(v, in, w, p / v->co / v->ow / v->oh, y, x, oc);
    double e = out[p] - ref;
    diff = e > diff ? e : -e > diff ? -e : diff;
    big = ref > big ? ref : -ref > big ? -ref : big;
  }
  int bad = !(diff <= 1e-5 * (double)conv_red(v)); /* NaN fails too */
  printf("conv-check N=%ld H=%ld W=%ld C=%ld %ldx%ld CO=%ld stride %ld "
         "dilation %ld groups %ld (%s): max abs diff %.3g (max |out| %.3g) "
         "%s\n",
         v->n, v->h, v->w, v->c, v->kh, v->kw, v->co, v->s, v->d, v->g, o.impl,
         diff, big, bad ? "FAIL" : "ok");
  onednn_free(&o);
  free(in);
  free(w);
  free(out);
  return bad;
}

/* Plain, stride 2, dilation 2, groups 2, depthwise, and all at once. */
static int conv_checks(void) {
  static char *cases[][10] = {
      {"2", "9", "9", "8", "3", "3", "8", "1", "1", "1"},
      {"2", "9", "9", "8", "3", "3", "8", "2", "1", "1"},
      {"2", "9", "9", "8", "3", "3", "8", "1", "2", "1"},
      {"2", "9", "9", "8", "3", "3", "12", "1", "1", "2"},
      {"2", "9", "9", "8", "3", "3", "8", "1", "1", "8"},
      {"1", "11", "10", "6", "3", "2", "9", "2", "2", "3"},
  };
  int bad = 0;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    struct conv v;
    if (conv_parse(&v, cases[i]))
      return 1;
    bad |= conv_check(&v);
  }
  return bad;
}

int main(int argc, char **argv) {
  if (argc >= 6 && !strcmp(argv[1], "gemm"))
    return gemm(!strcmp(argv[2], "f64"), atol(argv[3]), atol(argv[4]),
                atol(argv[5]), argc > 6 ? atol(argv[6]) : 1,
                argc > 7 ? atoi(argv[7]) : 5);
  struct conv v;
  if (argc >= 12 && !strcmp(argv[1], "conv") && !conv_parse(&v, argv + 2)) {
    int reps = argc > 12 ? atoi(argv[12]) : 5;
    if (reps >= 1)
      return conv(&v, reps);
  }
  if (argc == 2 && !strcmp(argv[1], "conv-check"))
    return conv_checks();
  if (argc == 12 && !strcmp(argv[1], "conv-check") && !conv_parse(&v, argv + 2))
    return conv_check(&v);
  if (argc >= 3 && !strcmp(argv[1], "copy"))
    return copy((size_t)atol(argv[2]), argc > 3 ? atoi(argv[3]) : 5);
  fprintf(stderr, "usage: cpu_ref gemm f32|f64 M N K [batch] [reps] | "
                  "cpu_ref conv N H W C KH KW CO STRIDE DILATION GROUPS "
                  "[reps] | cpu_ref conv-check [N H W C KH KW CO STRIDE "
                  "DILATION GROUPS] | cpu_ref copy BYTES [reps]\n");
  return 2;
}
