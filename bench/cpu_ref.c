/*
 * cpu_ref.c - the machine's reference speeds for bench/cpu.sh: OpenBLAS
 * gemm (single thread: run with OPENBLAS_NUM_THREADS=1) and a STREAM-style
 * copy. Prints the median of `reps` timed runs after one warm-up, in wall
 * time and in process CPU time (steadier on a loaded machine):
 *
 *   cpu_ref gemm f32|f64 M N K [batch] [reps]
 *     -> "<wall> s <GFLOP/s> GFLOP/s cpu <cpu> s <GFLOP/s> GFLOP/s"
 *   cpu_ref copy BYTES [reps]  -> the same in GB/s
 *
 * GFLOP/s counts 2*M*N*K per product; GB/s counts bytes read plus written.
 */
#define _POSIX_C_SOURCE 199309L
#include <cblas.h>
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
  double s = median(t + 1, reps), sc = median(u + 1, reps);
  double flop = 2.0 * batch * m * n * k;
  printf("%.6f s %.2f GFLOP/s cpu %.6f s %.2f GFLOP/s\n", s, flop / s * 1e-9,
         sc, flop / sc * 1e-9);
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

int main(int argc, char **argv) {
  if (argc >= 6 && !strcmp(argv[1], "gemm"))
    return gemm(!strcmp(argv[2], "f64"), atol(argv[3]), atol(argv[4]),
                atol(argv[5]), argc > 6 ? atol(argv[6]) : 1,
                argc > 7 ? atoi(argv[7]) : 5);
  if (argc >= 3 && !strcmp(argv[1], "copy"))
    return copy((size_t)atol(argv[2]), argc > 3 ? atoi(argv[3]) : 5);
  fprintf(stderr, "usage: cpu_ref gemm f32|f64 M N K [batch] [reps] | "
                  "cpu_ref copy BYTES [reps]\n");
  return 2;
}
