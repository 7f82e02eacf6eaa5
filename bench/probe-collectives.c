/*
 * probe-collectives.c - where the CPU time of an MPI collective goes on
 * this machine, beyond gspmd-simulate's link model: two small experiments
 * behind the "Simulation: read by hand" notes of bench/RESULTS.md, run by
 * bench/probe-collectives.sh (with and without bench/simulate.py's yield
 * shim). Not a probe of the machine file: bench/probe-calls.py fits the
 * terms the simulator uses.
 *
 * 1. Bytes: CPU time a call of MPI_Allreduce, MPI_Allgather and
 *    MPI_Reduce_scatter_block over operands of 256 B to 256 KiB (the
 *    all_gather gathers B in all, B/n from each rank), the least of three
 *    rounds, the slowest rank. An all_gather's time against a reduction's
 *    of the same bytes shows what reducing costs beyond moving them.
 * 2. Waiting: every rank but 0 spins for W (0 to 5 ms of wall time) before
 *    each small MPI_Allreduce; rank 0's CPU time a call is what waiting W
 *    for its peers costs it (MPICH spinning, or the shim's polls).
 */
#define _POSIX_C_SOURCE 199309L
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double clockNow(clockid_t c) {
  struct timespec t;
  clock_gettime(c, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double cpuNow(void) { return clockNow(CLOCK_PROCESS_CPUTIME_ID); }

/* The slowest rank's value (every rank gets it). */
static double slowest(double t) {
  double m;
  MPI_Allreduce(&t, &m, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return m;
}

static void oneCall(int kind, float *a, float *b, int count, int n) {
  int piece = count / n > 0 ? count / n : 1;
  if (kind == 0)
    MPI_Allreduce(a, b, count, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
  else if (kind == 1)
    MPI_Allgather(a, piece, MPI_FLOAT, b, piece, MPI_FLOAT, MPI_COMM_WORLD);
  else
    MPI_Reduce_scatter_block(a, b, piece, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
}

/* Least over three rounds of the slowest rank's CPU time a call. */
static double perCall(int kind, float *a, float *b, int count, int n) {
  const int iters = 200;
  double best = 1e30;
  for (int round = 0; round < 3; ++round) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = cpuNow();
    for (int i = 0; i < iters; ++i)
      oneCall(kind, a, b, count, n);
    double t = slowest((cpuNow() - t0) / iters);
    best = t < best ? t : best;
  }
  return best;
}

static void bytes(int rank, int n) {
  static const char *const names[] = {"all_reduce", "all_gather",
                                      "reduce_scatter"};
  for (int bytes = 256; bytes <= 262144; bytes *= 4) {
    int count = bytes / 4;
    /* Room for an all_gather's n pieces whatever their rounding. */
    float *a = calloc((size_t)(count + n), sizeof(float));
    float *b = calloc((size_t)(count + n) * (size_t)n, sizeof(float));
    for (int kind = 0; kind < 3; ++kind) {
      double t = perCall(kind, a, b, count, n);
      if (rank == 0)
        printf("bytes %d ranks: %-14s of %6d B: %7.1f us a call\n", n,
               names[kind], bytes, t * 1e6);
    }
    free(a);
    free(b);
  }
}

static void waiting(int rank, int n) {
  static const double waits[] = {0, 1e-4, 1e-3, 5e-3};
  float a[16] = {0}, b[16];
  for (int k = 0; k < 4; ++k) {
    int iters = waits[k] >= 1e-3 ? 60 : 200;
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = cpuNow();
    for (int i = 0; i < iters; ++i) {
      /* Wall time: a descheduled peer still makes rank 0 wait. */
      double w0 = clockNow(CLOCK_MONOTONIC);
      while (rank != 0 && clockNow(CLOCK_MONOTONIC) - w0 < waits[k])
        ;
      MPI_Allreduce(a, b, 16, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
    }
    if (rank == 0)
      printf("waiting %d ranks: peers busy %5.0f us a call: rank 0 %7.1f us "
             "of CPU a call\n",
             n, waits[k] * 1e6, (cpuNow() - t0) / iters * 1e6);
  }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, n;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  bytes(rank, n);
  waiting(rank, n);
  MPI_Finalize();
  return 0;
}
