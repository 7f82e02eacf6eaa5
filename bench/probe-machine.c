/*
 * probe-machine.c - measures this machine for gspmd-simulate and prints a
 * machine file (docs/simulate.md) on stdout. Run by bench/probe-machine.sh
 * under `mpirun -n 2`: one rank is one device, as gspmd-run runs programs.
 *
 *   flops         single-thread OpenBLAS sgemm (the CPU backend's kernel:
 *                 runtime/contract.c calls cblas_sgemm, one thread a rank),
 *                 N x N x N, best of several runs
 *   vector_flops  f32 arithmetic on values in registers: 16 FLOPs an
 *                 element (multiplies and adds, kept apart as the JIT
 *                 keeps them: probe-machine.sh compiles this file for the
 *                 host CPU with -ffp-contract=off), on an array in cache;
 *                 an op's bytes are the memory term, not this one
 *   scalar_flops  the same loop kept scalar (what the JIT makes of a loop
 *                 that reads an operand across its rows)
 *   mem_bw        a STREAM-like triad a = b + s * c on arrays far larger
 *                 than the caches (24 bytes moved per element, rank 0 alone)
 *   cache.line    the cache line of cpu0 (sysfs): what an element read
 *                 across a tensor's rows moves
 *   cacheN.size, cacheN.bw
 *                 the same triad on arrays that fit each cache level from 2
 *                 up (sysfs, cpu0): a rank's share of the level (its size
 *                 over the CPUs sharing it), three quarters of it used so
 *                 that the arrays stay there
 *   local.bw      MPI ping-pong of 16 MiB between ranks 0 and 1: bytes over
 *                 half the round trip
 *   local.latency half the round trip of an 8-byte ping-pong
 *   mem_capacity  physical memory (sysconf) over the ranks
 *
 * Compute and memory figures take the thread's CPU time (the machine is
 * shared: wall time would count time other jobs ran), the MPI figures wall
 * time. Every rank but 0 and 1 only waits. Figures are best-of (the least
 * disturbed run), rounded to 3 significant digits.
 */
#include <cblas.h>
#include <mpi.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double best(double a, double b) { return a < b ? a : b; }

/* Seconds of CPU this thread has run: the device's speed while it runs,
 * whatever else shares the machine (compute and memory probes; the MPI
 * probes take wall time, waiting being part of what they measure). */
static double cpuNow(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Best FLOP/s of a single-thread sgemm of m x k by k x n. */
static double gemmFlops(int m, int n, int k, int runs) {
  float *a = malloc(sizeof(float) * m * k), *b = malloc(sizeof(float) * k * n),
        *c = calloc((size_t)m * n, sizeof(float));
  for (int i = 0; i < m * k; ++i)
    a[i] = (float)(i % 7) * 0.5f;
  for (int i = 0; i < k * n; ++i)
    b[i] = (float)(i % 5) * 0.25f;
  double t = 1e30;
  for (int r = 0; r < runs; ++r) {
    double t0 = cpuNow();
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f, a, k,
                b, n, 0.0f, c, n);
    t = best(t, cpuNow() - t0);
  }
  free(a), free(b), free(c);
  return 2.0 * m * (double)n * k / t;
}

/* 16 FLOPs an element of x into z, vectorized or not. */
#define POLYNOMIAL(i)                                                          \
  do {                                                                         \
    float v = x[i], a = v * 0.5f + 1.0f;                                       \
    a = a * v + 0.25f, a = a * v - 0.125f, a = a * v + 2.0f;                   \
    a = a * v + 0.5f, a = a * v - 1.0f, a = a * v + 0.75f;                     \
    z[i] = a * v + 0.3f;                                                       \
  } while (0)

/* FLOP/s of the polynomial over an array in cache, vectorized for this CPU
 * or kept scalar (what the JIT makes of a loop reading across rows). */
static double polynomialFlops(bool vectorized, int runs) {
  enum { N = 4096 };
  int reps = vectorized ? 20000 : 5000;
  static float x[N], z[N];
  for (int i = 0; i < N; ++i)
    x[i] = (float)i * 1e-4f;
  double t = 1e30;
  for (int r = 0; r < runs; ++r) {
    double t0 = cpuNow();
    for (int k = 0; k < reps; ++k) {
      if (vectorized) {
        for (int i = 0; i < N; ++i)
          POLYNOMIAL(i);
      } else {
#pragma clang loop vectorize(disable) interleave(disable)
        for (int i = 0; i < N; ++i)
          POLYNOMIAL(i);
      }
      __asm__ volatile("" : : "r"(z) : "memory");
    }
    t = best(t, cpuNow() - t0);
  }
  return 16.0 * N * reps / t;
}

/* Best bytes per second of a triad over three arrays of n doubles, each
 * timed run repeating it `reps` times (short runs in cache need many). */
static double triadBandwidth(size_t n, int reps, int runs) {
  double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double)),
         *c = malloc(n * sizeof(double));
  for (size_t i = 0; i < n; ++i)
    a[i] = 0, b[i] = 1, c[i] = 2;
  double t = 1e30;
  for (int r = 0; r < runs; ++r) {
    double t0 = cpuNow();
    for (int k = 0; k < reps; ++k) {
      for (size_t i = 0; i < n; ++i)
        a[i] = b[i] + 3.0 * c[i];
      __asm__ volatile("" : : "r"(a) : "memory");
    }
    t = best(t, (cpuNow() - t0) / reps);
  }
  free(a), free(b), free(c);
  return 24.0 * (double)n / t;
}

/* 3 arrays of 256 MiB of doubles: far past any cache. */
static double memoryBandwidth(int runs) {
  return triadBandwidth((size_t)32 << 20, 1, runs);
}

/* The CPUs in a sysfs list such as "0-1" or "0,2,4-7". */
static int countCpus(const char *list) {
  int count = 0;
  while (*list) {
    char *end;
    long lo = strtol(list, &end, 10), hi = lo;
    if (end == list)
      break;
    if (*end == '-')
      hi = strtol(end + 1, &end, 10);
    count += (int)(hi - lo + 1);
    list = *end == ',' ? end + 1 : end;
  }
  return count > 0 ? count : 1;
}

/* One line of a sysfs file into buf; false if it cannot be read. */
static bool readLine(const char *path, char *buf, int len) {
  FILE *f = fopen(path, "r");
  bool ok = f && fgets(buf, len, f);
  if (f)
    fclose(f);
  return ok;
}

/* Prints cache.line, then cacheN.size and cacheN.bw for the data caches of
 * level 2 and up that cpu0's sysfs describes, innermost first. */
static void printCaches(void) {
  char line[32];
  if (readLine("/sys/devices/system/cpu/cpu0/cache/index0/coherency_line_size",
               line, sizeof(line)))
    printf("cache.line = %d  # bytes a strided element moves (sysfs)\n",
           atoi(line));
  int printed = 0;
  for (int index = 0; index < 8 && printed < 3; ++index) {
    char path[128], level[16], type[32], size[32], shared[256];
    const char *dir = "/sys/devices/system/cpu/cpu0/cache/index";
#define FIELD(name, buf)                                                       \
  (snprintf(path, sizeof(path), "%s%d/" name, dir, index),                     \
   readLine(path, buf, sizeof(buf)))
    if (!FIELD("level", level) || !FIELD("type", type) ||
        !FIELD("size", size) || !FIELD("shared_cpu_list", shared))
      continue;
#undef FIELD
    if (atoi(level) < 2 || !strncmp(type, "Instruction", 11))
      continue;
    char *unit;
    double bytes = strtod(size, &unit);
    bytes *= *unit == 'K' ? 1024.0 : *unit == 'M' ? 1048576.0 : 1.0;
    double share = bytes / countCpus(shared) * 0.75;
    size_t n = (size_t)(share / 24.0);
    int reps = (int)(4e8 / share) + 1;
    double bw = triadBandwidth(n, reps, 5);
    ++printed;
    printf("cache%d.size = %.3g  # L%d: %s of %d CPUs, 3/4 of a rank's "
           "share\n",
           printed, share, atoi(level), strtok(size, "\n"), countCpus(shared));
    printf("cache%d.bw = %.3g  # triad on arrays of that size\n", printed, bw);
  }
}

/* Best half round trip of `bytes` between ranks 0 and 1. */
static double pingPong(int rank, size_t bytes, int runs) {
  char *buf = calloc(bytes, 1);
  double t = 1e30;
  for (int r = 0; r < runs; ++r) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    if (rank == 0) {
      MPI_Send(buf, (int)bytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
      MPI_Recv(buf, (int)bytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
    } else if (rank == 1) {
      MPI_Recv(buf, (int)bytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
      MPI_Send(buf, (int)bytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
    }
    t = best(t, (MPI_Wtime() - t0) / 2);
  }
  free(buf);
  return t;
}

/* Best time of an MPI_Allgather of `bytes` a rank into a result buffer
 * allocated for the call, as the runtime's collectives run (the receiver
 * also copies its own piece and touches fresh memory): the CPU time of the
 * slower rank, which a busy machine inflates less than wall time (MPICH
 * spins while it waits, so a descheduled peer still counts: best of runs). */
static double allgatherTime(size_t bytes, int size, int runs) {
  char *send = calloc(bytes, 1);
  double t = 1e30;
  for (int r = 0; r < runs; ++r) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = cpuNow();
    char *recv = malloc(bytes * (size_t)size);
    MPI_Allgather(send, (int)bytes, MPI_BYTE, recv, (int)bytes, MPI_BYTE,
                  MPI_COMM_WORLD);
    __asm__ volatile("" : : "r"(recv) : "memory");
    free(recv);
    double mine = cpuNow() - t0, slowest;
    MPI_Allreduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    t = best(t, slowest);
  }
  free(send);
  return t;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size < 2) {
    if (rank == 0)
      fprintf(stderr, "probe-machine: run under mpirun -n 2\n");
    MPI_Finalize();
    return 2;
  }
  double latency = pingPong(rank, 8, 2000);
  size_t big = (size_t)16 << 20;
  double bw = (double)big / pingPong(rank, big, 10);
  size_t piece = (size_t)8 << 20;
  double gather = allgatherTime(piece, size, 10);
  /* sent by each rank under the ring model: (size - 1) pieces */
  double gatherBw = (double)piece * (size - 1) / gather;
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    double flops = gemmFlops(1024, 1024, 1024, 5);
    /* A GEMM with a small dim d runs at flops * d / (d + knee): the knee
     * from 32 rows by 1024 x 1024 (best of many: each run is short). */
    double small = gemmFlops(32, 1024, 1024, 50);
    double knee = small < flops ? 32.0 * (flops / small - 1.0) : 0.0;
    double vflops = polynomialFlops(true, 5);
    double mem = memoryBandwidth(5);
    double capacity =
        (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGE_SIZE) / size;
    char host[128] = "host";
    gethostname(host, sizeof(host) - 1);
    printf("# This machine as bench/probe-machine.sh measured it (%d ranks on "
           "%s): one MPI rank is one device.\n",
           size, host);
    printf("name = host\n");
    printf("flops = %.3g  # single-thread OpenBLAS sgemm 1024^3\n", flops);
    printf("flops.knee = %.3g  # sgemm 32 x 1024 by 1024 x 1024: %.3g "
           "FLOP/s\n",
           knee, small);
    printf("vector_flops = %.3g  # f32 multiplies and adds in registers\n",
           vflops);
    printf("scalar_flops = %.3g  # the same, not vectorized\n",
           polynomialFlops(false, 5));
    printf("mem_bw = %.3g  # triad, one rank\n", mem);
    printf("fuse_elementwise = true  # the CPU backend's "
           "gspmd-fuse-elementwise\n");
    printCaches();
    printf("mem_capacity = %.3g  # physical memory / %d ranks\n", capacity,
           size);
    printf("local.topology = switch\n");
    printf("local.bw = %.3g  # MPI_Allgather of 8 MiB a rank into a new "
           "buffer, bytes sent / CPU time (a ping-pong of 16 MiB: %.3g)\n",
           gatherBw, bw);
    printf("local.latency = %.3g  # MPI ping-pong 8 B, half round trip\n",
           latency);
  }
  MPI_Finalize();
  return 0;
}
